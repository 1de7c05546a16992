"""How Nefertiti's divergence checks register (``@check``): one per ambiguity of ``specs/nefertiti.toml``, each a
witness situation and each reading's outcome.

The checks live by theme in ``neutral`` (the 2-player game's neutral pawns and neutral player), ``harbor`` (the
Memphis Harbor), ``characters``, ``markets`` (buying at a closing market, no Servant left) and ``end`` (the end of the
game, the box's Deben), on the shared kit (``nilerules.checks.kit``), Nefertiti's hand-built positions
(``nilerules.games.nefertiti.situations``; ``constructed`` makes a check's result on one) and its searches of seeded
play (``play``). Most checks look for a witness in seeded play first (``played_first``: the kit's lockstep search
until the readings part), their hand-built situation being the fallback; each theme module's ``SEARCHES`` says where
seeded play looks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar

from nilerules.checks.model import Budget, Check, CheckResult
from nilerules.checks.nefertiti.play import Search, played_first
from nilerules.checks.registry import register
from nilerules.games.nefertiti.game import NefertitiGame

Fallback = Callable[[NefertitiGame, Budget], CheckResult]
F = TypeVar("F", bound=Fallback)


def play_search(name: str) -> Search:
    """Where seeded play looks for ``name``'s divergence: the entry of the theme module's ``SEARCHES`` (read when the
    check runs, since a module's searches follow its checks)."""
    from nilerules.checks.nefertiti import THEMES

    for theme in THEMES:
        searches: dict[str, Search] = theme.SEARCHES
        if name in searches:
            return searches[name]
    raise KeyError(f"no seeded-play search for Nefertiti's ambiguity {name!r}")


def witness_from(result: CheckResult) -> str:
    """Where a witness comes from, in words: the seeded game its log plays, or the position written in it."""
    log = result.witness_log
    if log is not None and not result.constructed:
        modules = f" with {' and '.join(log.config.modules)}" if log.config.modules else ""
        return f"the witness game ({log.config.players} players{modules}, {len(log.actions)} moves from setup)"
    return "the witness's written position"


def with_outcomes(check: Check) -> Check:
    """``check`` with each reading's outcome among its figures (``outcome_<reading>``), so that a finding's reason
    can say what the witness gives under each reading from the result itself (``{outcome_held}``), never in typed
    words beside it."""

    def checked(game: NefertitiGame, budget: Budget) -> CheckResult:
        result: CheckResult = check(game, budget)
        figures: dict[str, object] = {f"outcome_{reading}": outcome for reading, outcome in result.outcomes}
        if result.verdict.kind == "witness":
            figures["witness_from"] = witness_from(result)
        return dataclasses.replace(result, data={**result.data, **figures})

    checked.__doc__ = check.__doc__
    return checked


def check(name: str, *, played: bool = True) -> Callable[[F], F]:
    """Mark a function as the check of ``name``: with ``played``, a witness from seeded play first
    (``played_first``, searching ``play_search(name)``), the function's hand-built situation its fallback; either way
    each reading's outcome among the figures (``with_outcomes``). The function is returned untouched."""

    def bind(fallback: F) -> F:
        run: Check = played_first(name, lambda: play_search(name), fallback) if played else fallback
        register("nefertiti", name, with_outcomes(run))
        return fallback

    return bind

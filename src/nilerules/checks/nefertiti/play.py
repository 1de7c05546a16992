"""Witnesses from seeded play first (issue 11): per ambiguity, where seeded play looks and how each reading's outcome
is worded; the search is the kit's (``kit.find_divergence``: lockstep play until the readings part), the hand-built
situation of each check its fallback (``played_first``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import NamedTuple

from nilerules.checks import kit
from nilerules.checks.model import Budget, Check, CheckResult
from nilerules.games.nefertiti import rules
from nilerules.games.nefertiti.actions import Done, ForceClose, NefAction, Pass, UseCharacter
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import MARKET_NAMES
from nilerules.games.nefertiti.state import NefState

Setups = tuple[tuple[int, tuple[str, ...]], ...]
"""Where to play: (players, modules) pairs, each under the default readings, in the order searched."""
Describe = Callable[[NefState, NefState], str]
"""One reading's outcome in words, from the position before the diverging step and the one after it."""
Prefer = Callable[[NefAction], bool]


class Search(NamedTuple):
    """Where seeded play looks for one ambiguity's divergence, and how the witness is worded."""

    setups: Setups
    describe: Describe
    """Each reading's outcome at the divergence (``kit.find_divergence``'s ``describe``)."""
    words: Callable[[NefState], str]
    """The situation in words, from the position where the readings part."""
    prefer: Prefer | None = None
    """The moves play is steered toward (Characters, the Harbor, neutral pawns), or None."""


def for_kit(describe: Describe) -> Callable[[NefState, NefState | None], str]:
    """``describe`` as ``kit.find_divergence`` types it (the position after may be None); the kit words a move not
    legal under a reading from ``describe(before, before)`` itself, so None never reaches ``describe``."""
    return lambda before, after: describe(before, before if after is None else after)


def projection(state: NefState) -> tuple[object, ...]:
    """What a reading can change in a state: every field but the config and the params (a cheap stand-in for the
    kit's default projection, with the same equality)."""
    return state.fields()[2:]


def search_play(game: NefertitiGame, name: str, budget: Budget, search: Search) -> CheckResult | None:
    """A witness from seeded play (up to 10 games per setup; its log replays from setup), or None when the budget met
    none."""
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 10))
    configs = [game.config(n, m) for n, m in search.setups]
    describe = for_kit(search.describe)
    found = kit.find_divergence(
        game, name, configs, seeds, describe, prefer=search.prefer, project=projection, compare_chance=False
    )
    if found is None:
        return None
    steps = len(found.actions)
    summary = f"Seeded play, step {steps}: {search.words(found.state)}"
    data = {"step": steps, "players": found.config.players, "modules": list(found.config.modules)}
    searched = (
        f"seeded play (up to {len(seeds)} games for each of "
        + ", ".join(f"{n} players{' with ' + '+'.join(m) if m else ''}" for n, m in search.setups)
        + ") until the readings part"
    )
    return kit.play_witness(game, name, found, summary, searched, data)


def played_first(
    name: str, search: Callable[[], Search], fallback: Callable[[NefertitiGame, Budget], CheckResult]
) -> Check:
    """The check of ``name``: a witness from seeded play when the search meets one, else the hand-built situation."""

    def check(game: NefertitiGame, budget: Budget) -> CheckResult:
        found = search_play(game, name, budget, search())
        if found is not None:
            return found
        result = fallback(game, budget)
        searched = f"{result.searched}; seeded play met no divergence within the budget"
        return dataclasses.replace(result, searched=searched)

    check.__doc__ = fallback.__doc__
    return check


# ---------------------------------------------------------------------------------------------------------------
# wording and steering shared by the searches


def legal(s: NefState) -> tuple[NefAction, ...]:
    return tuple(rules.legal_actions(s))


def bidder_acting(s: NefState) -> str:
    """The bidder acting at a closing market, in words."""
    if s.res_market < 0 or not s.res_queue:
        return "a market is being resolved"
    v, o, nt, _ = s.res_queue[0]
    kind = "neutral pawn" if nt else "Servant"
    return f"{MARKET_NAMES[s.res_market]} is resolved; seat {o}'s {kind} (bid {v}) acts"


def closures_in_words(closes: Iterable[ForceClose], verb: str = "close") -> str:
    """The closures offered to a player with no Servant left: "pass", or ``verb`` and the market."""
    return ", ".join("pass" if a.market < 0 else f"{verb} {MARKET_NAMES[a.market]}" for a in closes)


def closings_offered(b: NefState, _a: NefState) -> str:
    """The closings a player with no Servant left may choose."""
    closes = [a for a in legal(b) if isinstance(a, ForceClose)]
    if not closes:
        return "places a Servant"
    return closures_in_words(closes)


def uses(*chars: int) -> Prefer:
    """Steer play to use one of ``chars``, and away from declining (Done, Pass) while a Character is in use."""

    def prefer(a: NefAction) -> bool:
        if isinstance(a, UseCharacter):
            return a.char in chars
        return not isinstance(a, Done | Pass)

    return prefer


def gained_prestige(b: NefState, a: NefState) -> str:
    me = b.to_move
    return f"+{a.prestige[me] - b.prestige[me]} prestige"

"""The check registry: ``@check("pharaoh_all_tie")`` beside a divergence check binds it to the spec's ambiguity id.

The model is the rule registry (``nilerules.core.registry.rule``): the registration sits beside the registered thing,
so there is no central table of checks to keep in step. A check's game is the package it lives in
(``nilerules.checks.<game>.<theme>``); ``checks.load`` then asks for every ambiguity of the spec and refuses a spec
whose ambiguity has no registered check.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from nilerules.checks.model import Check
from nilerules.core.registry import RegistrationError

C = TypeVar("C", bound=Check)
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_PACKAGE = "nilerules.checks."

_BY_GAME: dict[str, dict[str, Check]] = {}


def game_of(module: str) -> str:
    """The game whose checks a module holds: ``nilerules.checks.<game>.<theme>`` gives ``<game>``."""
    parts = module.split(".")
    if not module.startswith(_PACKAGE) or len(parts) < 4:
        raise RegistrationError(f"a check in {module!r} is outside nilerules.checks.<game>: name its game")
    return parts[2]


def register(game: str, ambiguity_id: str, run: Check) -> None:
    """Bind ``run`` as ``game``'s check of ``ambiguity_id`` (each id may be bound once)."""
    if not _ID.match(ambiguity_id):
        raise RegistrationError(f"malformed ambiguity id {ambiguity_id!r}: expected a lower-case identifier")
    checks = _BY_GAME.setdefault(game, {})
    if ambiguity_id in checks:
        raise RegistrationError(f"{game}'s ambiguity {ambiguity_id!r} has two checks")
    checks[ambiguity_id] = run


def check(ambiguity_id: str) -> Callable[[C], C]:
    """Mark a function as its game's divergence check of ``ambiguity_id``; the function is returned untouched."""

    def bind(fn: C) -> C:
        register(game_of(fn.__module__), ambiguity_id, fn)
        return fn

    return bind


def registered(game: str) -> dict[str, Check]:
    """Every check registered for ``game`` (once its package is imported), by ambiguity id in registration order."""
    return dict(_BY_GAME.get(game, {}))

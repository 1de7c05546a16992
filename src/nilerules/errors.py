"""The whole exception hierarchy of nilerules.

Every error a user can cause is a subclass of :class:`NileRulesError` and carries a message that names the
offending value (with ``!r``), the file and key, or the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class NileRulesError(Exception):
    """Base class of every error nilerules raises on purpose."""


class SpecError(NileRulesError, ValueError):
    """A spec file is malformed: each problem names the file and the key path."""

    def __init__(self, path: str, problems: Sequence[tuple[str, str]]) -> None:
        self.path = path
        self.problems = tuple(problems)
        lines = [f"{path}: {key or '<top>'}: {what}" for key, what in self.problems]
        super().__init__(lines[0] if len(lines) == 1 else f"{len(lines)} problems: " + "; ".join(lines))


class InvalidConfig(NileRulesError, ValueError):
    """A game configuration (players, modules, readings) is not one the game supports."""


class MalformedAction(NileRulesError, ValueError):
    """An action could not be decoded, or is not an action of this game at all."""


class IllegalAction(NileRulesError, ValueError):
    """A well-formed action that the rules forbid in this state; names the rule id that forbids it."""

    def __init__(self, rule_id: str, reason: str, state: Any = None, action: Any = None) -> None:
        self.rule_id = rule_id
        self.reason = reason
        self.state = state
        self.action = action
        super().__init__(f"illegal action {action!r}: {reason} (rule {rule_id})")


class ReplayError(NileRulesError, ValueError):
    """A game log cannot be replayed: corrupted, from another spec, or its actions are illegal."""


class QueryError(NileRulesError, ValueError):
    """An unknown named query, or a bad parameter to one."""


class PositionError(NileRulesError, ValueError):
    """A written position cannot be built: names the key path and what is wrong with it."""

    def __init__(self, key: str, what: str) -> None:
        self.key = key
        self.what = what
        super().__init__(f"position {key or '<top>'}: {what}")


class InvalidState(NileRulesError, ValueError):
    """A state (read from a file or built by hand) breaks one of the game's invariants; names the invariant."""


__all__ = [
    "IllegalAction",
    "InvalidConfig",
    "InvalidState",
    "MalformedAction",
    "NileRulesError",
    "PositionError",
    "QueryError",
    "ReplayError",
    "SpecError",
]

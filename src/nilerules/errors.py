"""The whole exception hierarchy of nilerules.

Every error a user can cause is a subclass of :class:`NileRulesError` and carries a message that names the
offending value (with ``!r``), the file and key, or the rule that forbids it.
"""

from __future__ import annotations

import dataclasses
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


class MissingDocument(NileRulesError, FileNotFoundError):
    """A rule document that a spec names is not where the package keeps its documents."""


class InvalidConfig(NileRulesError, ValueError):
    """A game configuration (players, modules, readings) is not one the game supports."""


class MalformedAction(NileRulesError, ValueError):
    """An action could not be decoded, or is not an action of this game at all."""


class IllegalAction(NileRulesError, ValueError):
    """A well-formed action that the rules forbid in this state; names the rule id that forbids it and lists the
    ``legal`` moves there (when the raiser gives them: every game's ``apply`` where an action is not legal)."""

    def __init__(
        self, rule_id: str, reason: str, state: Any = None, action: Any = None, legal: Sequence[Any] = ()
    ) -> None:
        self.rule_id = rule_id
        self.reason = reason
        self.state = state
        self.action = action
        self.legal = tuple(legal)
        super().__init__(f"illegal action {action!r}: {reason} (rule {rule_id}){_legal_here(self.legal)}")

    @property
    def recorded(self) -> str:
        """The error as findings.json records it: the action in its dataclass form with the rules' codes
        (``PlayCharacter(card=21)``), the reason and the rule, without the legal moves. A recorded text does not
        change when an action's ``repr`` (for people) does."""
        return f"illegal action {_dataclass_form(self.action)}: {self.reason} (rule {self.rule_id})"


def _dataclass_form(value: Any) -> str:
    """The ``repr`` a dataclass generates (``Take(index=3)``), whatever ``repr`` the class defines; ``repr`` of
    anything else."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return repr(value)
    shown = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in dataclasses.fields(value) if f.repr)
    return f"{type(value).__qualname__}({shown})"


LISTED_MOVES = 12
"""How many legal moves an IllegalAction lists before it counts the rest."""


def _legal_here(legal: Sequence[Any]) -> str:
    """``"; legal here: a, b, ..."`` for an IllegalAction's message: each move by ``str`` (its written form, with
    names), the first ``LISTED_MOVES`` only and the rest counted; empty when none is given."""
    if not legal:
        return ""
    shown = [str(a) if len(str(a)) <= 80 else str(a)[:77] + "..." for a in legal[:LISTED_MOVES]]
    more = f", and {len(legal) - LISTED_MOVES} more" if len(legal) > LISTED_MOVES else ""
    return f"; legal here: {', '.join(shown)}{more}"


class ReplayError(NileRulesError, ValueError):
    """A game log cannot be replayed: corrupted, from another spec, or its actions are illegal."""


class QueryError(NileRulesError, ValueError):
    """An unknown named query, or a bad parameter to one."""


class PositionError(NileRulesError, ValueError):
    """A written position cannot be built: names the key path and what is wrong with it (after the file, when the
    reader knows it)."""

    def __init__(self, key: str, what: str, source: str = "") -> None:
        self.key = key
        self.what = what
        self.source = source
        super().__init__(f"{source + ': ' if source else ''}position {key or '<top>'}: {what}")


class InvalidState(NileRulesError, ValueError):
    """A state (read from a file or built by hand) breaks one of the game's invariants; names the invariant."""


__all__ = [
    "IllegalAction",
    "InvalidConfig",
    "InvalidState",
    "MalformedAction",
    "MissingDocument",
    "NileRulesError",
    "PositionError",
    "QueryError",
    "ReplayError",
    "SpecError",
]

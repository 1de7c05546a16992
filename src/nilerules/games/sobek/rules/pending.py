"""The table of Sobek's pending compound choices: one `PendingKind` per ``K_*`` code, each filled in by the mechanic
module that owns the choice (``sets``, ``events``, ``characters``, ``rounds``), holding its name in the position
format, the rule that forbids anything else there, its legal steps and what a step does.

``turn.py`` dispatches through the table (``KINDS[pend.kind]``) and nothing else switches on the kind to decide or
apply a step: changing a choice touches its own module. The kinds are native subclasses when compiled, so the
dispatch is a method call through the class's table, not a chain of comparisons.
"""

from __future__ import annotations

from typing import Final

from nilerules.games.sobek.actions import AddCard, ChooseTarget, SobekAction
from nilerules.games.sobek.rules.common import changed
from nilerules.games.sobek.state import K_START, Pending, SobekState


class PendingKind:
    """One kind of pending choice. A subclass in the owning mechanic module says what it offers and what it does."""

    def __init__(self, code: int, name: str, rule_id: str) -> None:
        self.code = code
        self.name = name
        """The choice's name in the position format (``pending.choice``)."""
        self.rule_id = rule_id
        """The rule that forbids an action that is not one of ``actions`` here."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        """The legal steps, in canonical order; ``hand`` is the decider's hand less the cards chosen so far."""
        raise AssertionError(f"unknown pending kind {pend.kind!r}")

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        """The state after one legal step (``settle`` follows, in ``turn.apply``)."""
        raise AssertionError(f"unknown pending kind {pend.kind!r}")


KINDS: Final[list[PendingKind]] = [PendingKind(code, "", "sobek.actions.choose") for code in range(K_START + 1)]
"""The kinds by code; a code no module filled in raises AssertionError when used (``turn`` imports every mechanic
module, and a test checks that every ``K_*`` code is filled)."""


def pending_kind(kind: PendingKind) -> None:
    """Fill in ``kind`` at its code (once: a second kind at the same code is a programming error)."""
    if KINDS[kind.code].name:
        raise AssertionError(f"pending kind {kind.code} is filled twice: {KINDS[kind.code].name} and {kind.name}")
    KINDS[kind.code] = kind


def with_card(state: SobekState, pend: Pending, action: AddCard) -> SobekState:
    """One more card chosen for the set (or addition) being built: the choice goes on."""
    return changed(state, pending=Pending(pend.kind, pend.player, pend.a, pend.b, (*pend.cards, action.card)))


def targets(players: tuple[int, ...]) -> tuple[SobekAction, ...]:
    """``ChooseTarget`` of each player of ``players``, by seat."""
    return tuple(ChooseTarget(o) for o in sorted(players))

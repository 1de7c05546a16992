"""Sobek's actions: each is one small decision; compound choices are sequences ending in ``Done``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True, order=True)
class DrawCard:
    """Chance: the card type (or event token type) drawn for the pending draw."""

    item: int


@dataclass(frozen=True, slots=True, order=True)
class DrawToken:
    """Chance: the event token type drawn (the round's five tokens, or a token taken blind)."""

    item: int


@dataclass(frozen=True, slots=True, order=True)
class Take:
    """Take the card at ``index`` of the row along the Nile (market action, or the Merchant's power)."""

    index: int


@dataclass(frozen=True, slots=True, order=True)
class PlayCharacter:
    """Play a character card from hand for its power."""

    card: int


@dataclass(frozen=True, slots=True, order=True)
class StartSet:
    """Begin a set of goods type ``family``: a new set (``target`` -1) or an addition to own set ``target``."""

    family: int
    target: int


@dataclass(frozen=True, slots=True, order=True)
class StartHorizontal:
    """At the end of the round, begin a horizontal set (``family`` -1 under the different-kinds reading)."""

    family: int


@dataclass(frozen=True, slots=True, order=True)
class AddCard:
    """Add one card of this type from hand to the set being built (or to the Courtesan's set)."""

    card: int


@dataclass(frozen=True, slots=True, order=True)
class Done:
    """Finish the current compound choice (a set, the Courtesan's additions, the horizontal sets)."""


@dataclass(frozen=True, slots=True, order=True)
class ChooseEvent:
    """Choose an event token from the ones remaining this round."""

    token: int


@dataclass(frozen=True, slots=True, order=True)
class ChooseTarget:
    """Choose an opponent (Guild, Curse, Vizir, Thief)."""

    player: int


@dataclass(frozen=True, slots=True, order=True)
class ChooseSet:
    """Choose a played set: ``owner``'s set number ``index`` (Prosperity, Courtesan)."""

    owner: int
    index: int


@dataclass(frozen=True, slots=True, order=True)
class ChooseGoods:
    """Choose a goods type (High Priest/Priestess)."""

    kind: int


@dataclass(frozen=True, slots=True, order=True)
class ChooseCard:
    """Choose a card type (Vizir: from a corruption pile; Scribe: a card of the hand to corruption)."""

    card: int


@dataclass(frozen=True, slots=True, order=True)
class ChooseBack:
    """Thief: choose a card back colour seen in the opponent's hand."""

    back: int


@dataclass(frozen=True, slots=True, order=True)
class Confirm:
    """Yes/no (High Priest: also discard the characters of that goods type)."""

    yes: bool


SobekAction: TypeAlias = (
    DrawCard | DrawToken | Take | PlayCharacter | StartSet | StartHorizontal | AddCard | Done | ChooseEvent
    | ChooseTarget | ChooseSet | ChooseGoods | ChooseCard | ChooseBack | Confirm
)

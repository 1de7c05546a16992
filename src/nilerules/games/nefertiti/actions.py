"""Nefertiti actions: one small frozen dataclass per kind of decision (compound choices end with ``Done``).

Inside they hold the rules' codes; people see names: ``str(action)`` is the action as docs/positions.md writes it
(``{place = "gizeh", square = 2}``, ``done``: what ``game.action`` reads back), ``repr`` that text with the class
(``<Place {place = "gizeh", square = 2}>``). Their JSON (``game.action_to_data``) is unchanged by either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from nilerules.core import written


class _Named:
    """The ``str`` and ``repr`` of every Nefertiti action: its written form, with names (``names.action_to_data``);
    an action whose codes name nothing (``DrawCard(99)``, built by hand) shows its fields instead."""

    __slots__ = ()

    def _text(self) -> str | None:
        from nilerules.games.nefertiti import names  # names imports the action classes

        return written.named(self, names.action_to_data, names.action_from_data)

    def __str__(self) -> str:
        text = self._text()
        return text if text is not None else written.fields(self)

    def __repr__(self) -> str:
        text = self._text()
        return f"<{type(self).__name__} {text}>" if text is not None else written.fields(self)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class FirstPlayer(_Named):
    """Chance: the dice choose the starting seat."""

    seat: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class DrawCharacter(_Named):
    """Chance: one Character card drawn from the shuffled pool."""

    char: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class DrawCard(_Named):
    """Chance: one card drawn from the Gift pile (or from the five at its bottom)."""

    card: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class UseCharacter(_Named):
    """Spend a Royal Seal to use a Character card."""

    char: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Place(_Named):
    """Place a Servant pawn on a free bid square of an open market (4 = the Memphis Harbor)."""

    market: int
    square: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ForceClose(_Named):
    """No Servant left: close a market where you have Servants (4 = distribute the Harbor, -1 = pass)."""

    market: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class PlaceNeutral(_Named):
    """2 players: place one of your neutral pawns."""

    market: int
    square: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Pass(_Named):
    """Decline an optional step (the neutral pawn, a Beggar market, buying at a closing market)."""


@dataclass(frozen=True, slots=True, order=True, repr=False)
class TakeCard(_Named):
    """At a closing market: take the card in this slot (code << 2 | flags)."""

    slot: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class TakeHalf(_Named):
    """At a closing market: take half of its Deben, rounded up, instead of buying."""


@dataclass(frozen=True, slots=True, order=True, repr=False)
class NeutralDeben(_Named):
    """A neutral pawn's first action: take Deben from the tile and give one to each of ``targets``."""

    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True, order=True, repr=False)
class NeutralGift(_Named):
    """A neutral pawn's second action: the neutral player takes the card in this slot."""

    slot: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Swap(_Named):
    """Exchange a card: ``give`` from hand for the card ``slot`` in ``market`` (Wandering Thief, Trader, Priest).

    For the Priest, ``market`` is -2 (the bottom of the draw pile) and ``slot`` a card code; for the Trader,
    ``market`` -1 is the neutral player's cards. ``give`` is -1 when nothing is given (Wandering Thief).
    """

    give: int
    market: int
    slot: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Pick(_Named):
    """Choose a card code (Royal Scribe, Amon Merchant, Priest ordering; Royal Servant with the target seat)."""

    code: int
    target: int = 0


@dataclass(frozen=True, slots=True, order=True, repr=False)
class PickType(_Named):
    """Scribe +2 / Scribe +3: choose the Gift type (index into ``state.TYPE_NAMES``) to score."""

    card_type: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Recall(_Named):
    """Chief: take back your Servant from the bid square ``square`` of ``market``."""

    market: int
    square: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Target(_Named):
    """Choose a market (and a slot, or -1 for its Deben): Treasurer, Merchant, Thief, Beggar, Wandering Thief."""

    market: int
    item: int = -1


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Done(_Named):
    """End a compound choice."""


NefAction = (
    FirstPlayer
    | DrawCharacter
    | DrawCard
    | UseCharacter
    | Place
    | ForceClose
    | PlaceNeutral
    | Pass
    | TakeCard
    | TakeHalf
    | NeutralDeben
    | NeutralGift
    | Swap
    | Pick
    | PickType
    | Recall
    | Target
    | Done
)
ACTION_TYPES: Final = (
    FirstPlayer, DrawCharacter, DrawCard, UseCharacter, Place, ForceClose, PlaceNeutral, Pass, TakeCard, TakeHalf,
    NeutralDeben, NeutralGift, Swap, Pick, PickType, Recall, Target, Done,
)
"""The classes of ``NefAction`` (``isinstance(value, ACTION_TYPES)``: is it an action of this game at all)."""

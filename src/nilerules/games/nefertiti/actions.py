"""Nefertiti actions: one small frozen dataclass per kind of decision (compound choices end with ``Done``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class FirstPlayer:
    """Chance: the dice choose the starting seat."""

    seat: int


@dataclass(frozen=True, slots=True, order=True)
class DrawCharacter:
    """Chance: one Character card drawn from the shuffled pool."""

    char: int


@dataclass(frozen=True, slots=True, order=True)
class DrawCard:
    """Chance: one card drawn from the Gift pile (or from the five at its bottom)."""

    card: int


@dataclass(frozen=True, slots=True, order=True)
class UseCharacter:
    """Spend a Royal Seal to use a Character card."""

    char: int


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """Place a Servant pawn on a free bid square of an open market (4 = the Memphis Harbor)."""

    market: int
    square: int


@dataclass(frozen=True, slots=True, order=True)
class ForceClose:
    """No Servant left: close a market where you have Servants (4 = distribute the Harbor, -1 = pass)."""

    market: int


@dataclass(frozen=True, slots=True, order=True)
class PlaceNeutral:
    """2 players: place one of your neutral pawns."""

    market: int
    square: int


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    """Decline an optional step (the neutral pawn, a Beggar market, buying at a closing market)."""


@dataclass(frozen=True, slots=True, order=True)
class TakeCard:
    """At a closing market: take the card in this slot (code << 2 | flags)."""

    slot: int


@dataclass(frozen=True, slots=True, order=True)
class TakeHalf:
    """At a closing market: take half of its Deben, rounded up, instead of buying."""


@dataclass(frozen=True, slots=True, order=True)
class NeutralDeben:
    """A neutral pawn's first action: take Deben from the tile and give one to each of ``targets``."""

    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True, order=True)
class NeutralGift:
    """A neutral pawn's second action: the neutral player takes the card in this slot."""

    slot: int


@dataclass(frozen=True, slots=True, order=True)
class Swap:
    """Exchange a card: ``give`` from hand for the card ``slot`` in ``market`` (Wandering Thief, Trader, Priest).

    For the Priest, ``market`` is -2 (the bottom of the draw pile) and ``slot`` a card code; for the Trader,
    ``market`` -1 is the neutral player's cards. ``give`` is -1 when nothing is given (Wandering Thief).
    """

    give: int
    market: int
    slot: int


@dataclass(frozen=True, slots=True, order=True)
class Pick:
    """Choose a card code (Royal Scribe, Amon Merchant, Priest ordering; Royal Servant with the target seat)."""

    code: int
    target: int = 0


@dataclass(frozen=True, slots=True, order=True)
class PickType:
    """Scribe +2 / Scribe +3: choose the Gift type (index into ``state.TYPE_NAMES``) to score."""

    card_type: int


@dataclass(frozen=True, slots=True, order=True)
class Recall:
    """Chief: take back your Servant from the bid square ``square`` of ``market``."""

    market: int
    square: int


@dataclass(frozen=True, slots=True, order=True)
class Target:
    """Choose a market (and a slot, or -1 for its Deben): Treasurer, Merchant, Thief, Beggar, Wandering Thief."""

    market: int
    item: int = -1


@dataclass(frozen=True, slots=True, order=True)
class Done:
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

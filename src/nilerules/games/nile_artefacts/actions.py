"""Actions of Nile Artefacts: one small frozen record per kind of decision (chance outcomes included)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True, order=True)
class Reveal:
    """Chance: the Monument card turned over."""

    monument: int


@dataclass(frozen=True, slots=True, order=True)
class Draw:
    """Chance: the Artifact card kind drawn from the pile."""

    kind: int


@dataclass(frozen=True, slots=True, order=True)
class TurnAround:
    """Pay 3 Coins to reverse the Boat before moving."""


@dataclass(frozen=True, slots=True, order=True)
class Buy:
    """Pay 3 Coins for the top card of the draw pile."""


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """Move the Boat forward to ``space``."""

    space: int


@dataclass(frozen=True, slots=True, order=True)
class Take:
    """Take a card of this kind from under the Boat's space."""

    kind: int


@dataclass(frozen=True, slots=True, order=True)
class Offer:
    """Add a card of this kind from hand to the offering, counting as ``types`` (one type per Artifact it gives);
    under the ``split`` reading of ``card_sharing`` the card is pushed toward one visible Monument (its index)."""

    kind: int
    types: tuple[int, ...]
    monument: int = -1


@dataclass(frozen=True, slots=True, order=True)
class Done:
    """End the offering (it is then checked against every Monument)."""


Action: TypeAlias = Reveal | Draw | TurnAround | Buy | Move | Take | Offer | Done

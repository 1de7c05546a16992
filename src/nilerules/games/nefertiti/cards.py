"""The card tables and the slot encoding: plain tuples and functions of ints, compiled with the rules.

Per card code (the codes and names are in ``names.py``): its Gift type, how many Gift cards it counts as, whether it is
a foreign card. A card lying in a market (a "slot") is ``code << 2 | face_down | sealed << 1``, so that a market is a
sorted tuple of ints (a multiset whose elements carry their face-down and Royal Seal flags); the functions below are
the only readers and writers of that encoding (the hottest loops of the rules inline them, saying so).

In a module of their own so that the compiled rules and scoring read them natively (``Final`` tuples of a compiled
module are static loads there).
"""

from __future__ import annotations

from typing import Final, TypeAlias

Slot: TypeAlias = int
"""A card lying in a market: ``code << 2 | face_down | sealed << 1``."""

CARD_TYPE: Final[tuple[int, ...]] = (0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, -1, -1)
"""The scoring type of each card code (an index of ``names.TYPE_NAMES``; -1: not a Gift card)."""
CARD_UNITS: Final[tuple[int, ...]] = (1, 2) + (1,) * 18 + (0, 0)
"""How many Gift cards a card counts as (the double senet counts as two)."""
FOREIGN: Final[tuple[bool, ...]] = (False,) * 10 + (True,) * 10 + (False,) * 2
"""Whether each card code is a foreign Gift card (codes 10 to 19)."""


def slot(code: int, down: bool = False, sealed: bool = False) -> Slot:
    """The slot of card ``code`` lying face down or not, with a Royal Seal on it or not."""
    return code << 2 | int(down) | int(sealed) << 1


def slot_code(s: Slot) -> int:
    """The card code of a slot."""
    return s >> 2


def slot_down(s: Slot) -> bool:
    """Whether the card lies face down (the Beggar turned it)."""
    return bool(s & 1)


def slot_sealed(s: Slot) -> bool:
    """Whether the card carries a Royal Seal."""
    return bool(s & 2)


def slot_face_up(s: Slot) -> Slot:
    """The same card turned face up (its seal kept)."""
    return s & ~1


def slot_face_down(s: Slot) -> Slot:
    """The same card turned face down (its seal kept)."""
    return s | 1

"""The encoding of a card lying in a market (a "slot"): ``code << 2 | face_down | sealed << 1``.

Plain functions of ints, in their own module so that the compiled rules call them natively; ``state`` re-exports them.
"""

from __future__ import annotations


def slot(code: int, down: bool = False, sealed: bool = False) -> int:
    """The slot of card ``code`` lying face down or not, with a Royal Seal on it or not."""
    return code << 2 | int(down) | int(sealed) << 1


def slot_code(s: int) -> int:
    return s >> 2


def slot_down(s: int) -> bool:
    return bool(s & 1)


def slot_sealed(s: int) -> bool:
    return bool(s & 2)

"""A view of Dice Tally that breaks its own declaration: it declares a seat's ``tally`` and gives ``roll``."""

from __future__ import annotations

from typing import Any

from tests.ask.tally_view import categories, seat_sketch, shared_sketch
from tests.ask.tally_view import view as tally_view

__all__ = ["categories", "seat_sketch", "shared_sketch", "view"]


def view(game: Any, state: Any, wanted: frozenset[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    seats, shared = tally_view(game, state, wanted)
    return [{"roll": s["tally"]} for s in seats], shared

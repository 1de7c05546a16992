"""Ra's one code↔name table (the tile kinds) and the JSON forms of its actions, old log forms included.

Inside the rules a tile kind is a small int (``state.TileKind``, an index into the count tuples); everywhere a person
or another program sees one (logs, positions, messages, the report) it is its name here (``"trader"``). Old log
forms are translated here, once, into today's actions: the tagged form of logs before version 3
(``{"type": "DrawTile", "kind": 23}``) and their deal, written as an order of the spec's disk sets
(``{"type": "Deal", "order": [0, 1, 2]}``), which becomes the ``Deal`` of those sets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from nilerules.core.codec import from_data
from nilerules.errors import MalformedAction
from nilerules.games.ra.actions import (
    BIDS,
    DISCARDS,
    DRAW_ACTION,
    DRAWS,
    END_ACTION,
    GODS_BY_KIND,
    INVOKE_ACTION,
    PASS_ACTION,
    Bid,
    Deal,
    Discard,
    Draw,
    DrawTile,
    EndTurn,
    InvokeRa,
    Pass,
    PlayGod,
    RaAction,
)
from nilerules.games.ra.state import KINDS, Disk

KIND_NAMES: Final = (
    "ra",
    "god",
    "gold",
    "pharaoh",
    "nile",
    "flood",
    "civ_astronomy",
    "civ_agriculture",
    "civ_writing",
    "civ_religion",
    "civ_art",
    "monument_fortress",
    "monument_obelisk",
    "monument_palace",
    "monument_pyramid",
    "monument_temple",
    "monument_statue",
    "monument_step_pyramid",
    "monument_sphinx",
    "funeral",
    "drought",
    "unrest",
    "earthquake",
    "trader",
)
"""Each tile kind's name, by its code (``state.RA`` ... ``state.TRADER``)."""
KIND_BY_NAME: Final = {name: k for k, name in enumerate(KIND_NAMES)}


def tile_name(kind: object) -> str:
    """A tile kind's name for messages (the kind's repr when it is not one)."""
    return KIND_NAMES[kind] if isinstance(kind, int) and 0 <= kind < KINDS else repr(kind)


DealSets = Callable[[int], "tuple[tuple[Disk, ...], ...] | None"]
"""The spec's disk sets for a player count (None: not a player count of the game), to read old logs' deals."""

_WORDS: Final[dict[str, RaAction]] = {"draw": DRAW_ACTION, "invoke_ra": INVOKE_ACTION, "end_turn": END_ACTION,
                                      "pass": PASS_ACTION}
_BY_KIND: Final[dict[str, tuple[RaAction, ...]]] = {"god": GODS_BY_KIND, "discard": DISCARDS, "draw": DRAWS}


def action_to_data(action: RaAction) -> Any:
    """An action with names: ``"draw"``, ``"pass"``, ``{"bid": 5}``, ``{"god": "gold"}``, ``{"draw": "trader"}``,
    ``{"discard": "nile"}``, ``{"deal": [[2, 5, 8, 13], ...]}`` (each seat's sun disks)."""
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, InvokeRa):
        return "invoke_ra"
    if isinstance(action, EndTurn):
        return "end_turn"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return {"bid": action.disk}
    if isinstance(action, PlayGod):
        return {"god": KIND_NAMES[action.kind]}
    if isinstance(action, Discard):
        return {"discard": KIND_NAMES[action.kind]}
    if isinstance(action, DrawTile):
        return {"draw": KIND_NAMES[action.kind]}
    return {"deal": [list(ds) for ds in action.sets]}


def _fail(data: Any, what: str) -> MalformedAction:
    text = repr(data)
    return MalformedAction(f"ra action {text if len(text) <= 80 else text[:77] + '...'}: {what}")


def action_from_data(data: Any, deal_sets: DealSets) -> RaAction:
    """Decode an action written by ``action_to_data``, or in an old log form (see the module's docstring; also
    ``{"deal_order": [...]}``, the old deal as version 3 wrote it back): ``deal_sets`` gives the disk sets an old
    deal's order refers to."""
    if isinstance(data, str):
        if data in _WORDS:
            return _WORDS[data]
        raise _fail(data, f"expected one of {', '.join(_WORDS)} or a one-key object")
    if isinstance(data, dict) and "type" in data:
        if data.get("type") == "Deal":
            return _deal_of_order(data, from_data(tuple[int, ...], data.get("order"), "$.order"), deal_sets)
        action: RaAction = from_data(RaAction, data)
        kind = getattr(action, "kind", 0)
        if not (isinstance(kind, int) and 0 <= kind < KINDS):
            raise _fail(data, f"tile kind {kind!r} is not one of 0..{KINDS - 1}")
        return action
    if not isinstance(data, dict) or len(data) != 1:
        raise _fail(data, "expected a word such as 'draw' or an object with one key such as {'bid': 5}")
    (key, value), = data.items()
    if key == "bid":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 16:
            raise _fail(data, "a bid is a sun disk 1..16")
        return BIDS[value]
    if key in _BY_KIND:
        if not isinstance(value, str) or value not in KIND_BY_NAME:
            raise _fail(data, f"{key!r} takes a tile name ({', '.join(KIND_NAMES)})")
        return _BY_KIND[key][KIND_BY_NAME[value]]
    if key == "deal":
        ok = isinstance(value, list) and all(
            isinstance(ds, list) and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 16 for d in ds)
            for ds in value)
        if not ok or len(value) > 5:
            raise _fail(data, "a deal lists each seat's sun disks, e.g. [[2, 5, 8, 13], [3, 6, 9, 12], ...]")
        return Deal(tuple(tuple(ds) for ds in value))
    if key == "deal_order":
        return _deal_of_order(data, from_data(tuple[int, ...], value, "$.deal_order"), deal_sets)
    raise _fail(data, f"unknown action {key!r} (bid, god, discard, draw, deal)")


def _deal_of_order(data: Any, order: tuple[int, ...], deal_sets: DealSets) -> Deal:
    """An old log's deal: seat ``p`` receives the spec's disk set number ``order[p]``."""
    sets = deal_sets(len(order))
    if sets is None or sorted(order) != list(range(len(order))):
        raise _fail(data, "an old deal is an order of the spec's disk sets for a player count, e.g. [0, 1, 2]")
    return Deal(tuple(sets[i] for i in order))

"""The actions of Ra: one small dataclass per kind of decision, and shared instances for the hot path.

Playing several God tiles is a sequence (``PlayGod`` ... then ``EndTurn``); a disaster's discards are a
sequence of ``Discard`` actions, one tile each, asked only when the winner really has a choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from nilerules.core.codec import from_data
from nilerules.errors import MalformedAction
from nilerules.games.ra.state import KIND_NAMES, KINDS, Disk, TileKind


def tile_name(kind: object) -> str:
    """A tile kind's name for messages (the kind's repr when it is not one)."""
    return KIND_NAMES[kind] if isinstance(kind, int) and 0 <= kind < KINDS else repr(kind)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a tile from the bag (the tile itself is the next chance action)."""


@dataclass(frozen=True, slots=True)
class InvokeRa:
    """Start an auction voluntarily."""


@dataclass(frozen=True, slots=True)
class PlayGod:
    """Use one God tile to take one tile of ``kind`` from the auction track."""

    kind: TileKind

    def __repr__(self) -> str:
        return f"PlayGod({tile_name(self.kind)})"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop playing God tiles this turn."""


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid one face-up sun disk in the running auction."""

    disk: Disk


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not bid in the running auction."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one tile of ``kind`` to a disaster."""

    kind: TileKind

    def __repr__(self) -> str:
        return f"Discard({tile_name(self.kind)})"


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Chance: the tile drawn from the bag is of ``kind``."""

    kind: TileKind

    def __repr__(self) -> str:
        return f"DrawTile({tile_name(self.kind)})"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, once at the start: seat ``p`` receives the sun disks ``sets[p]`` (each way of handing out the spec's
    disk sets equally likely)."""

    sets: tuple[tuple[Disk, ...], ...]


@dataclass(frozen=True, slots=True)
class DealOrder:
    """The deal as logs before version 3 wrote it: seat ``p`` receives the spec's disk set number ``order[p]``."""

    order: tuple[int, ...]


RaAction: TypeAlias = Draw | InvokeRa | PlayGod | EndTurn | Bid | Pass | Discard | DrawTile | Deal | DealOrder

DRAW_ACTION: Final = Draw()
INVOKE_ACTION: Final = InvokeRa()
END_ACTION: Final = EndTurn()
PASS_ACTION: Final = Pass()
BIDS: Final = tuple(Bid(d) for d in range(17))
GODS_BY_KIND: Final = tuple(PlayGod(k) for k in range(KINDS))
DISCARDS: Final = tuple(Discard(k) for k in range(KINDS))
DRAWS: Final = tuple(DrawTile(k) for k in range(KINDS))

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
    if isinstance(action, Deal):
        return {"deal": [list(ds) for ds in action.sets]}
    return {"deal_order": list(action.order)}


def _fail(data: Any, what: str) -> MalformedAction:
    text = repr(data)
    return MalformedAction(f"ra action {text if len(text) <= 80 else text[:77] + '...'}: {what}")


def action_from_data(data: Any) -> RaAction:
    """Decode an action written by ``action_to_data``, or in the tagged form of logs before version 3
    (``{"type": "DrawTile", "kind": 23}``, ``{"type": "Deal", "order": [0, 1, 2]}``)."""
    if isinstance(data, str):
        if data in _WORDS:
            return _WORDS[data]
        raise _fail(data, f"expected one of {', '.join(_WORDS)} or a one-key object")
    if isinstance(data, dict) and "type" in data:
        if data.get("type") == "Deal":
            return DealOrder(from_data(tuple[int, ...], data.get("order"), "$.order"))
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
        if not isinstance(value, str) or value not in KIND_NAMES:
            raise _fail(data, f"{key!r} takes a tile name ({', '.join(KIND_NAMES)})")
        return _BY_KIND[key][KIND_NAMES.index(value)]
    if key == "deal":
        ok = isinstance(value, list) and all(
            isinstance(ds, list) and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 16 for d in ds)
            for ds in value)
        if not ok or len(value) > 5:
            raise _fail(data, "a deal lists each seat's sun disks, e.g. [[2, 5, 8, 13], [3, 6, 9, 12], ...]")
        return Deal(tuple(tuple(ds) for ds in value))
    if key == "deal_order":
        return DealOrder(from_data(tuple[int, ...], value, "$.deal_order"))
    raise _fail(data, f"unknown action {key!r} (bid, god, discard, draw, deal)")

"""The actions of Ra: one small dataclass per kind of decision, and shared instances for the hot path.

Playing several God tiles is a sequence (``PlayGod`` ... then ``EndTurn``); a disaster's discards are a
sequence of ``Discard`` actions, one tile each, asked only when the winner really has a choice. Their JSON forms
(with names) are in ``names.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from nilerules.games.ra.state import KINDS, Disk, TileKind


def _tile_name(kind: object) -> str:
    """The kind's name (names.tile_name), for the reprs that messages show; imported here when needed because
    names.py imports this module (the JSON forms of these actions)."""
    from nilerules.games.ra.names import tile_name

    return tile_name(kind)


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
        return f"PlayGod({_tile_name(self.kind)})"


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
        return f"Discard({_tile_name(self.kind)})"


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Chance: the tile drawn from the bag is of ``kind``."""

    kind: TileKind

    def __repr__(self) -> str:
        return f"DrawTile({_tile_name(self.kind)})"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, once at the start: seat ``p`` receives the sun disks ``sets[p]`` (each way of handing out the spec's
    disk sets equally likely)."""

    sets: tuple[tuple[Disk, ...], ...]


RaAction: TypeAlias = Draw | InvokeRa | PlayGod | EndTurn | Bid | Pass | Discard | DrawTile | Deal

DRAW_ACTION: Final = Draw()
INVOKE_ACTION: Final = InvokeRa()
END_ACTION: Final = EndTurn()
PASS_ACTION: Final = Pass()
BIDS: Final = tuple(Bid(d) for d in range(17))
GODS_BY_KIND: Final = tuple(PlayGod(k) for k in range(KINDS))
DISCARDS: Final = tuple(Discard(k) for k in range(KINDS))
DRAWS: Final = tuple(DrawTile(k) for k in range(KINDS))

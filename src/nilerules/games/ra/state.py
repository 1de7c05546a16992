"""The state of a game of Ra (with or without the Traders module): plain tuples of ints, named by constants.

The hot path (random playouts) rebuilds a few small tuples per action, so the state is a NamedTuple of tuples of
ints rather than nested objects. Tiles are counted by kind (``TileKind``): the bag, the auction track and each
player's collection are multisets, because nothing in the rules depends on the order of equal tiles. Sun disks are
bit masks (bit ``d`` set = disk ``d`` held).

The header ``RaState.h`` is a tuple of ints indexed by the ``H_*`` constants. Outside the rules, read it with the
accessors below (``phase(s)``, ``actor(s)``, ...) and build one with :func:`header`; the rules (compiled, the hot path
of every playout) index it directly and work on a list copy of it when they change several fields.
The tile kinds' names (the one code↔name table) are in ``names.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias

from nilerules.core.types import Config, PlayerId

if TYPE_CHECKING:  # params.py reads the tile codes here; at run time RaGame.state_from_data resolves this hint
    from nilerules.games.ra.params import RaParams

TileKind: TypeAlias = int
"""A tile kind: an index into the count tuples (``RaState.bag``, ``track``, ``out``, ``held[p]``)."""
Disk: TypeAlias = int
"""A sun disk by its number, 1..16."""
DiskMask: TypeAlias = int
"""A set of sun disks: bit ``d`` is set when disk ``d`` is in the set."""
Points: TypeAlias = int

# Tile kinds (their names: names.KIND_NAMES) ------------------------------------------------------------------
RA: Final = 0
GOD: Final = 1
GOLD: Final = 2
PHARAOH: Final = 3
NILE: Final = 4
FLOOD: Final = 5
CIVS: Final = (6, 7, 8, 9, 10)
MONUMENTS: Final = (11, 12, 13, 14, 15, 16, 17, 18)
FUNERAL: Final = 19
DROUGHT: Final = 20
UNREST: Final = 21
EARTHQUAKE: Final = 22
TRADER: Final = 23
KINDS: Final = 24
DISASTERS: Final = (FUNERAL, DROUGHT, UNREST, EARTHQUAKE)

# Phases ------------------------------------------------------------------------------------------------------
TURN: Final = 0
"""The actor chooses one action: draw, invoke Ra, or play a God tile."""
DRAW: Final = 1
"""A tile is being drawn from the bag: a chance node."""
BID: Final = 2
"""An auction is running; the actor bids or passes."""
DISCARD: Final = 3
"""A disaster's discards need the actor's choice of tiles."""
GODS: Final = 4
"""The actor has played a God tile this turn and may play another or end the turn."""
OVER: Final = 5
DEAL: Final = 6
"""The sun-disk sets are being dealt: a chance node at the very start."""
PHASE_NAMES: Final = ("turn", "draw", "bid", "discard", "gods", "over", "deal")
"""Each phase's name in the position format and in messages."""

# What follows a disaster's pending discards (``H_RESUME``) ---------------------------------------------------
RESUME_TURN: Final = 0
RESUME_GODS: Final = 1
RESUME_END: Final = 2
RESUME_NAMES: Final = ("turn", "gods", "epoch_end")
"""Each resume code's name in the position format: the next turn, more God tiles, the end of the epoch."""

# Header fields (``RaState.h``) -------------------------------------------------------------------------------
H_PHASE: Final = 0
H_ACTOR: Final = 1
H_EPOCH: Final = 2
H_RA: Final = 3
"""Ra tiles on the Ra track this epoch."""
H_STARTER: Final = 4
"""The player whose turn it is, or who started the running auction."""
H_HIGH: Final = 5
"""The highest bid so far (0: none)."""
H_HIGH_BY: Final = 6
H_VOLUNTARY: Final = 7
"""1 when the running auction was started by invoking Ra."""
H_CENTER: Final = 8
"""The sun disk lying in the centre."""
H_TRACK_LEN: Final = 9
H_RESUME: Final = 10
"""What follows the pending discards: ``RESUME_TURN``, ``RESUME_GODS`` or ``RESUME_END``."""
H_PENDING: Final = 11
"""Four fields, one per disaster in ``DISASTERS`` order: tiles still to discard."""
H_EXHAUSTED: Final = 15
"""Bit ``e`` set: the crate supply ran out during epoch ``e``."""
H_BAG_EMPTY: Final = 16
"""Bit ``e`` set: the bag ran out during epoch ``e``."""
H_LAST: Final = 17
"""1 when the running auction is the last of the epoch (the final Ra tile was drawn)."""
H_BAG: Final = 18
"""Tiles left in the bag."""
HEADER_SIZE: Final = 19


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One scoring line: who scored what, when, and under which rule."""

    epoch: int
    player: PlayerId
    category: str
    points: Points
    rule_id: str


class RaState(NamedTuple):
    """A whole game position. All fields are tuples of ints (plus the config and its parameters).

    A NamedTuple rather than a frozen dataclass: building one is a single ``tuple.__new__``, which keeps the
    random-playout loop fast (see the speed notes in the report). JSON goes through ``RaGame.state_to_data``.
    """

    config: Config
    params: RaParams
    h: tuple[int, ...]
    """The header: phase, actor, epoch, auction and bookkeeping fields (``H_*``; read with the accessors below)."""
    bag: tuple[int, ...]
    """Tiles left in the bag, by kind."""
    track: tuple[int, ...]
    """Tiles on the auction track, by kind."""
    out: tuple[int, ...]
    """Tiles out of play (discarded, played Gods, Ra tiles of past epochs), by kind."""
    held: tuple[tuple[int, ...], ...]
    """Each player's tiles, by kind (Traders on the Docks board included)."""
    up: tuple[DiskMask, ...]
    """Each player's face-up sun disks."""
    down: tuple[DiskMask, ...]
    """Each player's face-down sun disks (usable from the next epoch)."""
    score: tuple[Points, ...]
    crates: tuple[int, ...]
    """Each player's Goods Crates (by value) on the Docks board this epoch."""
    claims: tuple[tuple[PlayerId, int], ...]
    """This epoch's Trader claims, in order: (claimer, Trader tiles claimed)."""
    events: tuple[ScoreEvent, ...]

    # -- readable views (not used on the hot path) -------------------------------------------------------
    def evolve(self, **changes: Any) -> RaState:
        """A copy with some fields replaced."""
        return self._replace(**changes)

    @property
    def phase(self) -> str:
        """The phase's name (``PHASE_NAMES[phase(s)]``)."""
        return PHASE_NAMES[self.h[H_PHASE]]

    @property
    def epoch(self) -> int:
        return self.h[H_EPOCH]

    @property
    def players(self) -> int:
        return len(self.held)


# -- the header's accessors (outside the rules' hot path) -----------------------------------------------------
def phase(s: RaState) -> int:
    """The phase code (``TURN``, ``DRAW``, ``BID``, ...; ``s.phase`` is its name)."""
    return s.h[H_PHASE]


def actor(s: RaState) -> PlayerId:
    """The player to move at a decision (-1 at the deal and once the game is over)."""
    return s.h[H_ACTOR]


def starter(s: RaState) -> PlayerId:
    """The player whose turn it is, or who started the running auction (-1 at the deal and at the end)."""
    return s.h[H_STARTER]


def ra_tiles(s: RaState) -> int:
    """Ra tiles on the Ra track this epoch."""
    return s.h[H_RA]


def high_bid(s: RaState) -> Disk:
    """The highest bid of the running auction (0: none yet)."""
    return s.h[H_HIGH]


def high_bidder(s: RaState) -> PlayerId:
    """Who made the highest bid (-1: nobody); during a disaster's discards, the winner whose lot waits (RA-016)."""
    return s.h[H_HIGH_BY]


def invoked(s: RaState) -> bool:
    """Whether the running auction was started by invoking Ra (not by drawing a Ra tile)."""
    return bool(s.h[H_VOLUNTARY])


def center_disk(s: RaState) -> Disk:
    """The sun disk lying in the centre."""
    return s.h[H_CENTER]


def track_length(s: RaState) -> int:
    """Tiles on the auction track."""
    return s.h[H_TRACK_LEN]


def resume(s: RaState) -> int:
    """What follows the pending discards (``RESUME_TURN``, ``RESUME_GODS``, ``RESUME_END``)."""
    return s.h[H_RESUME]


def pending(s: RaState) -> tuple[int, ...]:
    """Tiles still to discard, one count per disaster in ``DISASTERS`` order."""
    return s.h[H_PENDING:H_PENDING + len(DISASTERS)]


def supply_ran_out(s: RaState) -> tuple[int, ...]:
    """The epochs in which the crate supply ran out, ascending."""
    return _bits(s.h[H_EXHAUSTED])


def bag_ran_out(s: RaState) -> tuple[int, ...]:
    """The epochs in which the bag ran out of tiles, ascending."""
    return _bits(s.h[H_BAG_EMPTY])


def last_auction(s: RaState) -> bool:
    """Whether the running auction is the epoch's last (the final Ra tile was drawn, reading RA-011)."""
    return bool(s.h[H_LAST])


def bag_size(s: RaState) -> int:
    """Tiles left in the bag."""
    return s.h[H_BAG]


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(e for e in range(mask.bit_length()) if mask >> e & 1)


def header(
    phase: int,
    *,
    bag: int,
    center: Disk,
    epoch: int = 1,
    actor: PlayerId = -1,
    starter: PlayerId = -1,
    ra_tiles: int = 0,
    high_bid: Disk = 0,
    high_bidder: PlayerId = -1,
    invoked: bool = False,
    track_length: int = 0,
    resume: int = RESUME_TURN,
    pending: tuple[int, ...] = (0, 0, 0, 0),
    supply_ran_out: tuple[int, ...] = (),
    bag_ran_out: tuple[int, ...] = (),
    last_auction: bool = False,
) -> tuple[int, ...]:
    """A header (``RaState.h``) from its fields, named as their accessors (the epoch sets are epoch numbers)."""
    h = [0] * HEADER_SIZE
    h[H_PHASE] = phase
    h[H_ACTOR] = actor
    h[H_EPOCH] = epoch
    h[H_RA] = ra_tiles
    h[H_STARTER] = starter
    h[H_HIGH] = high_bid
    h[H_HIGH_BY] = high_bidder
    h[H_VOLUNTARY] = int(invoked)
    h[H_CENTER] = center
    h[H_TRACK_LEN] = track_length
    h[H_RESUME] = resume
    h[H_PENDING:H_PENDING + len(DISASTERS)] = pending
    h[H_EXHAUSTED] = sum(1 << e for e in set(supply_ran_out))
    h[H_BAG_EMPTY] = sum(1 << e for e in set(bag_ran_out))
    h[H_LAST] = int(last_auction)
    h[H_BAG] = bag
    return tuple(h)


# -- sun disks as masks --------------------------------------------------------------------------------------------
def disks(mask: DiskMask) -> tuple[Disk, ...]:
    """The disks in a mask, ascending."""
    return tuple(d for d in range(1, 17) if mask >> d & 1)


def mask_of(values: tuple[Disk, ...] | list[Disk]) -> DiskMask:
    m = 0
    for d in values:
        m |= 1 << d
    return m


def disk_total(mask: DiskMask) -> int:
    return sum(disks(mask))

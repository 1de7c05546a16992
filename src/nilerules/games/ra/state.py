"""The state of a game of Ra (with or without the Traders module): plain tuples of ints, named by constants.

The hot path (random playouts) rebuilds a few small tuples per action, so the state is a frozen dataclass of
tuples of ints rather than nested objects. Tiles are counted by kind (``TileKind``): the bag, the auction track
and each player's collection are multisets, because nothing in the rules depends on the order of equal tiles.
Sun disks are bit masks (bit ``d`` set = disk ``d`` held).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypeAlias

from nilerules.core.types import Config, PlayerId

TileKind: TypeAlias = int
"""Index into the tile tables below."""
Disk: TypeAlias = int
"""A sun disk by its number, 1..16."""
DiskMask: TypeAlias = int
"""A set of sun disks: bit ``d`` is set when disk ``d`` is in the set."""
Points: TypeAlias = int

RA: Final = 0
GOD: Final = 1
GOLD: Final = 2
PHARAOH: Final = 3
NILE: Final = 4
FLOOD: Final = 5
CIV_FIRST: Final = 6
CIVS: Final = (6, 7, 8, 9, 10)
MON_FIRST: Final = 11
MONUMENTS: Final = (11, 12, 13, 14, 15, 16, 17, 18)
FUNERAL: Final = 19
DROUGHT: Final = 20
UNREST: Final = 21
EARTHQUAKE: Final = 22
TRADER: Final = 23
KINDS: Final = 24
DISASTERS: Final = (FUNERAL, DROUGHT, UNREST, EARTHQUAKE)

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
KIND_BY_NAME: Final = {name: k for k, name in enumerate(KIND_NAMES)}

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
"""What follows the pending discards: 0 the next turn, 1 more God tiles, 2 the end of the epoch."""
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
class RaParams:
    """The component data and constants one game uses, resolved from the spec for its configuration."""

    tiles: tuple[int, ...]
    """Tiles in the bag at setup, by kind."""
    auction_track: int
    ra_track: int
    disk_sets: tuple[tuple[Disk, ...], ...]
    center_disk: Disk
    start_score: Points
    epochs: int
    small_crates: int
    large_crates: int
    large_value: int
    god_points: Points
    gold_points: Points
    pharaoh_most: Points
    pharaoh_fewest: Points
    civ_points: tuple[Points, ...]
    """By the number of distinct civilization kinds, 0..5."""
    monument_distinct: tuple[Points, ...]
    """By the number of distinct monument kinds, 0..8."""
    monument_same: tuple[Points, ...]
    """By the number of identical monuments of one kind, 0..5."""
    sun_most: Points
    sun_fewest: Points
    trader_points: Points
    disaster_discards: int
    # the chosen readings, resolved once (see specs/ra.toml [ambiguities])
    pharaoh_tie_share: bool
    sun_tie_share: bool
    tiebreak_highest_disk: bool
    supply_capped: bool
    crates_per_tile: bool
    exchange_pooled: bool
    god_takes_disaster: bool
    invoke_empty: bool
    floods_first: bool
    last_ra_at_once: bool
    full_track_forced: bool
    gods_kept: bool
    starter_highest_disk: bool
    bag_empty_game_ends: bool
    disaster_with_lot: bool
    track_stays: bool


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
    """The header: phase, actor, epoch, auction and bookkeeping fields (``H_*``)."""
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
        return PHASE_NAMES[self.h[H_PHASE]]

    @property
    def epoch(self) -> int:
        return self.h[H_EPOCH]

    @property
    def players(self) -> int:
        return len(self.held)

    def disks_up(self, player: PlayerId) -> tuple[Disk, ...]:
        return disks(self.up[player])

    def disks_down(self, player: PlayerId) -> tuple[Disk, ...]:
        return disks(self.down[player])

    def holding(self, player: PlayerId) -> dict[str, int]:
        """A player's tiles by kind name (only kinds held)."""
        return {KIND_NAMES[k]: c for k, c in enumerate(self.held[player]) if c}

    def track_tiles(self) -> dict[str, int]:
        return {KIND_NAMES[k]: c for k, c in enumerate(self.track) if c}


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

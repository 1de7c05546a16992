"""Nefertiti state: cards as small ints, markets as frozen records, the whole game as one frozen dataclass.

Card codes (``Card``) index count vectors; a card lying in a market is encoded as ``code << 2 | down | sealed << 1``
so that a market is a sorted tuple of ints (a multiset whose elements carry their face-down and Royal Seal flags).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeAlias, TypeVar

from nilerules.core.types import Config

T = TypeVar("T")

Card: TypeAlias = int
"""A card code: 0..19 Gift cards, 20 the Wandering Thief card, 21 Akhenaton."""
Slot: TypeAlias = int
"""A card lying in a market: ``code << 2 | face_down | sealed << 1``."""
Deben: TypeAlias = int
MarketId: TypeAlias = int
"""0 Gizeh, 1 Louqsor, 2 Akhet-Aton, 3 Abou Simbel, 4 the Memphis Harbor."""

SENET, SENET2, HARP, CHAIR, MIRROR, STATUETTE, NECKLACE, GOLDWORK, CUP, PAPYRUS = range(10)
F_HARP1, F_HARP2, F_CHAIR1, F_CHAIR2, F_MIRROR1, F_MIRROR2, F_STAT1, F_STAT2, F_NECK, F_GOLD = range(10, 20)
WT: Final = 20
AKH: Final = 21
N_GIFTS: Final = 20
N_CODES: Final = 22
CARD_NAMES: Final = (
    "senet",
    "senet_x2",
    "harp",
    "chair",
    "mirror",
    "statuette",
    "necklace",
    "goldwork",
    "cup",
    "papyrus",
    "harp_f1",
    "harp_f2",
    "chair_f1",
    "chair_f2",
    "mirror_f1",
    "mirror_f2",
    "statuette_f1",
    "statuette_f2",
    "necklace_f",
    "goldwork_f",
    "wandering_thief",
    "akhenaton",
)
TYPE_NAMES: Final = ("senet", "harp", "chair", "mirror", "statuette", "necklace", "goldwork", "cup", "papyrus")
N_TYPES: Final = 9
CARD_TYPE: Final = (0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, -1, -1)
"""The scoring type of each card code (-1: not a Gift card)."""
CARD_UNITS: Final = (1, 2) + (1,) * 18 + (0, 0)
"""How many Gift cards a card counts as (the double senet counts as two)."""
FOREIGN: Final = tuple(10 <= c < 20 for c in range(N_CODES))

GIZEH, LOUQSOR, AKHET, ABOU, HARBOR = range(5)
MARKET_NAMES: Final = ("Gizeh", "Louqsor", "Akhet-Aton", "Abou Simbel", "Memphis Harbor")
OPEN, CLOSED, DONE = range(3)
"""Market status: open; under the Market Closed tile; completely closed (after Akhenaton) or unused Harbor."""

(
    SCRIBE2,
    SCRIBE3,
    MERCHANT,
    HIGH_PRIEST,
    TREASURER,
    THIEF,
    ROYAL_SERVANT,
    CHIEF,
    PRIEST,
    BEGGAR,
    AMON_MERCHANT,
    AMON_PRIEST,
    ROYAL_SCRIBE,
    WANDERING_THIEF,
    TRADER,
) = range(15)
N_CHARS: Final = 15
CHAR_NAMES: Final = (
    "scribe_2",
    "scribe_3",
    "merchant",
    "high_priest",
    "treasurer",
    "thief",
    "royal_servant",
    "chief",
    "priest",
    "beggar",
    "amon_merchant",
    "amon_priest",
    "royal_scribe",
    "wandering_thief",
    "trader",
)

# phases
P_FIRST, P_CHARS, P_BOTTOM, P_REFILL, P_TURN, P_RESOLVE, P_NEUTRAL, P_CHAR, P_WT_SWAP, P_OVER = range(10)
NEUTRAL_OWNER: Final = -1
"""Owner id of the neutral player (2-player game) in target fields."""


def slot(code: Card, down: bool = False, sealed: bool = False) -> Slot:
    return code << 2 | int(down) | int(sealed) << 1


def slot_code(s: Slot) -> Card:
    return s >> 2


def slot_down(s: Slot) -> bool:
    return bool(s & 1)


def slot_sealed(s: Slot) -> bool:
    return bool(s & 2)


@dataclass(frozen=True, slots=True)
class Stall:
    """One stall of a market: its bid squares (values, left to right) and closing conditions (any of them)."""

    squares: tuple[int, ...]
    conditions: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Params:
    """Every number the rules use, read from ``specs/nefertiti.toml`` (provenance there)."""

    values: tuple[tuple[int, ...], ...]
    """Prestige of one card of each type by number of owners (1..5)."""
    bonus: tuple[int, ...]
    """Foreign bonus per card code (0 for normal cards)."""
    stalls: tuple[tuple[Stall, Stall], ...]
    harbor_squares: tuple[int, ...]
    start_deben: tuple[int, ...]
    market_deben: int
    harbor_deben: int
    seals: int
    seal_points: int
    deben_per_point: int
    servants: int
    neutral_pawns: int
    deck: tuple[int, ...]
    """Gift cards in the draw pile at setup, per card code (after the player count and module changes)."""
    box: tuple[int, ...]
    """Gift cards returned to the box at setup, per card code."""
    char_pool: tuple[int, ...]
    """Character cards shuffled for the random draw, per character code."""
    char_fixed: tuple[int, ...]
    """Character cards always available (the Scribes and the Merchant, less those removed)."""
    char_draw: int
    amon_merchant_points: int
    amon_priest_bonus: tuple[int, ...]
    scribe_bonus: tuple[int, int]
    royal_scribe_bonus: int
    neutral_deben: tuple[int, int]
    """Deben a neutral pawn takes from a market and from the Harbor."""
    harbor_threshold: int
    market_size: int
    bottom_gifts: int


@dataclass(frozen=True)
class Market:
    """A market (or the Harbor): its cards, Deben, active stall, pawns ``(square, owner, neutral)`` and status."""

    cards: tuple[Slot, ...]
    deben: Deben
    stall: int
    pawns: tuple[tuple[int, int, int], ...]
    status: int


@dataclass(frozen=True)
class NefState:
    """The whole game. Per-turn and per-phase scratch fields are named for the phase that uses them."""

    config: Config
    params: Params
    phase: int
    to_move: int
    first: int
    deben: tuple[int, ...]
    seals: tuple[int, ...]
    servants: tuple[int, ...]
    neutrals: tuple[int, ...]
    prestige: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    neutral_hand: tuple[int, ...]
    markets: tuple[Market, ...]
    pile: tuple[int, ...]
    bottom: tuple[int, ...]
    bottom_ordered: bool
    discard: tuple[int, ...]
    box: tuple[int, ...]
    seal_supply: int
    seals_removed: int
    deben_removed: int
    chars: tuple[int, ...]
    char_draws_left: int
    amon_priest: int
    akh_drawn: bool
    # turn
    placements_left: int
    placed_markets: tuple[int, ...]
    char_used: bool
    high_priest: bool
    # refill
    refill_queue: tuple[int, ...]
    refill_added: int
    refill_last: int
    harbor_added_since: int
    # resolution of a closing market or a Harbor distribution
    res_market: int
    res_queue: tuple[tuple[int, int, int, int], ...]
    """Bidders still to act: (bid value, owner, neutral 0/1, highest 0/1)."""
    res_taken: int
    res_paid: bool
    res_final: bool
    # character in use and its scratch
    char_active: int
    scratch: tuple[int, ...]
    start_total: int


_new = object.__new__
_set = object.__setattr__


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for NefState and Market without re-running ``__init__`` (a hot path of every playout).

    Both classes are frozen dataclasses without slots, so a copy is one copy of the instance dict. Only field names
    may be changed (checked), and nothing cached on the old instance (``CACHE_KEY``) is carried over.
    """
    cls = type(obj)
    count = _FIELD_COUNT.get(cls)
    if count is None:
        import dataclasses

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    d = obj.__dict__.copy()
    d.update(changes)
    if len(d) != count:
        d.pop(CACHE_KEY, None)
        if len(d) != count:  # a name that is not a field was given
            raise TypeError(f"unknown fields {sorted(set(changes) - _field_names(cls))!r}")
    new: T = _new(cls)
    _set(new, "__dict__", d)
    return new


CACHE_KEY: Final = "_cache"
"""Instance-dict key of per-state derived data (never a dataclass field: not compared, encoded or copied)."""


def _field_names(cls: type) -> frozenset[str]:
    import dataclasses

    return frozenset(f.name for f in dataclasses.fields(cls))


_FIELD_COUNT: Final = {NefState: len(_field_names(NefState)), Market: len(_field_names(Market))}

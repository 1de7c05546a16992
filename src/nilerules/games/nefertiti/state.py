"""Nefertiti state: cards as small ints, markets and the whole game as NamedTuples (frozen-dataclass twins for JSON).

Card codes (``Card``) index count vectors; a card lying in a market is encoded as ``code << 2 | down | sealed << 1``
so that a market is a sorted tuple of ints (a multiset whose elements carry their face-down and Royal Seal flags).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypeAlias, TypeVar

from nilerules.core.types import Config
from nilerules.games.nefertiti.cards import slot as slot  # the slot encoding lives in cards.py (compiled)
from nilerules.games.nefertiti.cards import slot_code as slot_code
from nilerules.games.nefertiti.cards import slot_down as slot_down
from nilerules.games.nefertiti.cards import slot_sealed as slot_sealed

T = TypeVar("T")

Card: TypeAlias = int
"""A card code: 0..19 Gift cards, 20 the Wandering Thief card, 21 Akhenaton."""
Slot: TypeAlias = int
"""A card lying in a market: ``code << 2 | face_down | sealed << 1``."""
Deben: TypeAlias = int
MarketId: TypeAlias = int
"""0 Gizeh, 1 Louqsor, 2 Akhet-Aton, 3 Abou Simbel, 4 the Memphis Harbor."""

SENET: Final = 0
SENET2: Final = 1
HARP: Final = 2
CHAIR: Final = 3
MIRROR: Final = 4
STATUETTE: Final = 5
NECKLACE: Final = 6
GOLDWORK: Final = 7
CUP: Final = 8
PAPYRUS: Final = 9
F_HARP1: Final = 10
F_HARP2: Final = 11
F_CHAIR1: Final = 12
F_CHAIR2: Final = 13
F_MIRROR1: Final = 14
F_MIRROR2: Final = 15
F_STAT1: Final = 16
F_STAT2: Final = 17
F_NECK: Final = 18
F_GOLD: Final = 19
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

GIZEH: Final = 0
LOUQSOR: Final = 1
AKHET: Final = 2
ABOU: Final = 3
HARBOR: Final = 4
MARKET_NAMES: Final = ("Gizeh", "Louqsor", "Akhet-Aton", "Abou Simbel", "Memphis Harbor")
OPEN: Final = 0
CLOSED: Final = 1
DONE: Final = 2
"""Market status: open; under the Market Closed tile; completely closed (after Akhenaton) or unused Harbor."""

SCRIBE2: Final = 0
SCRIBE3: Final = 1
MERCHANT: Final = 2
HIGH_PRIEST: Final = 3
TREASURER: Final = 4
THIEF: Final = 5
ROYAL_SERVANT: Final = 6
CHIEF: Final = 7
PRIEST: Final = 8
BEGGAR: Final = 9
AMON_MERCHANT: Final = 10
AMON_PRIEST: Final = 11
ROYAL_SCRIBE: Final = 12
WANDERING_THIEF: Final = 13
TRADER: Final = 14
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
P_FIRST: Final = 0
P_CHARS: Final = 1
P_BOTTOM: Final = 2
P_REFILL: Final = 3
P_TURN: Final = 4
P_RESOLVE: Final = 5
P_NEUTRAL: Final = 6
P_CHAR: Final = 7
P_WT_SWAP: Final = 8
P_OVER: Final = 9
NEUTRAL_OWNER: Final = -1
"""Owner id of the neutral player (2-player game) in target fields."""


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


class Market(NamedTuple):
    """A market (or the Harbor): its cards, Deben, active stall, pawns ``(square, owner, neutral)`` and status.

    A NamedTuple (see ``NefState``); its JSON is that of the frozen dataclass ``MarketRecord``, tagged ``"Market"``.
    """

    cards: tuple[Slot, ...]
    deben: Deben
    stall: int
    pawns: tuple[tuple[int, int, int], ...]
    status: int


class NefState(NamedTuple):
    """The whole game. Per-turn and per-phase scratch fields are named for the phase that uses them.

    An immutable NamedTuple: copying it with a few fields changed (the hot path of every playout) is one ``list`` and
    one ``tuple.__new__``, and compiled rules read its fields by index. Its JSON is that of the frozen dataclass
    ``NefStateRecord`` (same name, fields and hints, tagged ``"NefState"``): see ``state_to_data``.
    """

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


_FIELDS: Final = {NefState: frozenset(NefState._fields), Market: frozenset(Market._fields)}
_tuple_new: Any = tuple.__new__


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a ``NefState`` or ``Market`` with some fields changed (``dataclasses.replace`` for these records).

    Unknown field names raise TypeError. The rules use their own positional copies on the hot path.
    """
    fields = _FIELDS.get(type(obj))
    if fields is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not fields.issuperset(changes):
        raise TypeError(f"unknown fields {sorted(set(changes) - fields)!r}")
    new: T = obj._replace(**changes)  # type: ignore[attr-defined]
    return new


# ---------------------------------------------------------------------------------------------------------------
# JSON: the frozen-dataclass twins the codec reads and writes


def _twin(cls: Any, name: str, hints: dict[str, Any]) -> Any:
    fields = [(f, hints.get(f, cls.__annotations__[f])) for f in cls._fields]
    twin: Any = dataclasses.make_dataclass(name, fields, frozen=True)
    twin.__module__ = __name__
    return twin


MarketRecord: Any = _twin(Market, "Market", {})
"""The frozen-dataclass twin of ``Market`` for JSON (same name, fields and hints)."""
NefStateRecord: Any = _twin(NefState, "NefState", {"markets": tuple[MarketRecord, ...]})
"""The frozen-dataclass twin of ``NefState`` for JSON (its markets are ``MarketRecord`` twins)."""


def state_record(state: NefState) -> Any:
    """The ``NefStateRecord`` equal field by field to ``state`` (what ``state_to_data`` encodes)."""
    markets = tuple(MarketRecord(*m) for m in state.markets)
    return NefStateRecord(*state._replace(markets=markets))


def state_from_record(record: Any) -> NefState:
    """The ``NefState`` a decoded ``NefStateRecord`` stands for."""
    values = {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}
    values["markets"] = tuple(Market(*(getattr(m, f) for f in Market._fields)) for m in record.markets)
    return NefState(**values)

"""Sobek's state: frozen records of plain ints and tuples (piles are count vectors indexed by card type); the whole
game is ``SobekState`` (from ``sobstate``: a native class when compiled), with its frozen-dataclass twin for JSON."""

from __future__ import annotations

from dataclasses import dataclass, make_dataclass
from typing import Any, Final, NamedTuple, TypeAlias

from nilerules.core.codec import from_data, to_data
from nilerules.core.types import Config
from nilerules.games.sobek.sobstate import STATE_FIELDS as STATE_FIELDS
from nilerules.games.sobek.sobstate import SobekState as SobekState

CardType: TypeAlias = int
"""Index into the card table: goods kind k has types 3k (valued), 3k+1 (plain), 3k+2 (green back); 21.. characters."""
Counts: TypeAlias = tuple[int, ...]
"""A pile as a multiset: how many cards of each card type."""
Points: TypeAlias = int

KINDS: Final = ("ivory", "ebony", "marble", "cattle", "fish", "wheat", "amulet")
IVORY: Final = 0
EBONY: Final = 1
MARBLE: Final = 2
CATTLE: Final = 3
FISH: Final = 4
WHEAT: Final = 5
AMULET: Final = 6
VALUED: Final = 0
PLAIN: Final = 1
GREEN: Final = 2
"""The three card types of a goods kind: with scarabs, without, green-backed (``card_type``)."""
FAMILIES: Final = range(6)
"""Goods types a set can be of (amulets are wild, not a type of set)."""
CHARACTERS: Final = ("queen", "priest", "priestess", "scribe_fish", "scribe_cattle", "vizir", "merchant", "courtesan",
                     "thief")
CHAR_FAMILY: Final = (IVORY, EBONY, MARBLE, FISH, CATTLE, CATTLE, WHEAT, WHEAT, FISH)
QUEEN: Final = 0
PRIEST: Final = 1
SCRIBE: Final = 2
VIZIR: Final = 3
MERCHANT: Final = 4
COURTESAN: Final = 5
THIEF: Final = 6
CHAR_POWER: Final = (QUEEN, PRIEST, PRIEST, SCRIBE, SCRIBE, VIZIR, MERCHANT, COURTESAN, THIEF)
FIRST_CHAR: Final = 21


def card_type(kind: int, variant: int) -> CardType:
    """The card type of goods ``kind`` (IVORY..AMULET) and ``variant`` (VALUED, PLAIN or GREEN)."""
    return 3 * kind + variant


AMULET_TYPES: Final = (card_type(AMULET, VALUED), card_type(AMULET, PLAIN), card_type(AMULET, GREEN))
NTYPES: Final = 30
GREEN_BACK: Final = 7
CHAR_BACK: Final = 8

TOKENS: Final = ("guild_1", "guild_2", "guild_3", "guild_4", "flood", "curse", "prosperity", "embalming", "deceit")
"""Event token types; guild_k moves to spaces of the k-th symbol of a block of five (see params.symbol_order)."""
FLOOD: Final = 4
CURSE: Final = 5
PROSPERITY: Final = 6
EMBALMING: Final = 7
DECEIT: Final = 8
TOKEN_COUNTS: Final = (1, 1, 1, 1, 2, 2, 2, 1, 1)

CATEGORIES: Final = ("earlier", "sets_ivory", "sets_ebony", "sets_marble", "sets_cattle", "sets_fish", "sets_wheat",
                     "characters", "horizontal_sets", "events_prosperity", "events_guild", "events_deceit",
                     "corruption_penalty", "track_end")
"""Score categories as the rules name them: sets by goods type (their goods cards and amulets), the characters
played in sets, horizontal sets, the Prosperity tokens on sets, the Guild and Deceit events, the corruption penalty,
points lost at the end of the track, and ``earlier`` (a written position's score without its history)."""
C_EARLIER: Final = 0
C_SETS: Final = 1
C_CHARACTERS: Final = 7
C_HORIZONTAL: Final = 8
C_PROSPERITY: Final = 9
C_GUILD: Final = 10
C_DECEIT: Final = 11
C_PENALTY: Final = 12
C_TRACK: Final = 13
"""Category indices (``C_SETS + goods type`` for the sets of a type)."""
NO_POINTS: Final = (0,) * len(CATEGORIES)

# phases
PLAY: Final = 0
HORIZONTAL: Final = 1
OVER: Final = 2
# destinations of pending chance draws
D_REMOVE: Final = 0
D_TOKEN: Final = 1
D_GREEN: Final = 2
D_MARKET: Final = 3
D_QUEEN: Final = 4
D_STEAL: Final = 5
D_EVENT: Final = 6
TOKEN_DESTS: Final = (D_TOKEN, D_EVENT)
"""The pending draws whose outcome is an event token (``DrawToken``); every other draw's is a card (``DrawCard``)."""
STEAL_SHIFT: Final = 16
"""``Draw.arg`` of the Thief's steal holds the robbed seat and the back chosen (``steal_arg`` / ``steal_of``)."""


def steal_arg(opp: int, back: int) -> int:
    """``Draw.arg`` of a steal from seat ``opp`` of a card with ``back``."""
    return opp * STEAL_SHIFT + back


def steal_of(arg: int) -> tuple[int, int]:
    """The robbed seat and the chosen back of a steal's ``Draw.arg``."""
    opp, back = divmod(arg, STEAL_SHIFT)
    return opp, back


# kinds of pending compound decisions
K_SET: Final = 1
K_EVENT: Final = 2
K_GUILD: Final = 3
K_CURSE: Final = 4
K_PROSPERITY: Final = 5
K_PRIEST: Final = 6
K_PRIEST_CHARS: Final = 7
K_VIZIR_OPP: Final = 8
K_VIZIR_CARD: Final = 9
K_MERCHANT: Final = 10
K_COURT_SET: Final = 11
K_COURT_ADD: Final = 12
K_THIEF_OPP: Final = 13
K_THIEF_BACK: Final = 14
K_SCRIBE: Final = 15
K_HSET: Final = 16
K_HPHASE: Final = 17
K_START: Final = 18


@dataclass(frozen=True, slots=True)
class Params:
    """The spec data the rules use (card table, track, deliveries), frozen into the state."""

    kind: tuple[int, ...]
    """Goods kind (0..6) or character family of each card type."""
    scarabs: tuple[int, ...]
    green: tuple[bool, ...]
    totals: Counts
    """How many cards of each type exist in the game."""
    track_spaces: int
    symbol_order: tuple[str, ...]
    hand_size: int
    delivery_size: int
    deliveries: tuple[int, ...]
    """Deliveries per round (3 or 4 players)."""
    deliveries_two: tuple[int, ...]
    """Deliveries per round with 2 players."""
    deck_reformed: bool
    """At the start of every round after the first, the cards discarded so far (the green-backed ones apart) are
    shuffled back into the deck (``params.deck_reformed = every_round``), or the deck goes on (``once``)."""
    removed_two: int
    market_open: int
    scribe_limit: int
    queen_draws: int
    early_end: int
    events_per_round: int
    rounds: int
    set_min: int
    penalty_step: int
    curse_cards: int
    """Cards a Curse token counts as in a corruption pile."""


@dataclass(frozen=True, slots=True)
class PlayedSet:
    """A set on the table: its goods type, its cards (sorted card types), Prosperity tokens, horizontal or not."""

    family: int
    cards: tuple[CardType, ...]
    prosperity: int = 0
    horizontal: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """A pending chance draw: where it comes from and goes to (a D_* code), for whom, and an argument."""

    dest: int
    player: int
    arg: int = 0


@dataclass(frozen=True, slots=True)
class Pending:
    """A compound decision in progress (a K_* code): who decides, two small arguments, cards chosen so far."""

    kind: int
    player: int
    a: int = 0
    b: int = 0
    cards: tuple[int, ...] = ()


class _SobekStateFields(NamedTuple):
    """The fields of ``SobekState`` (``sobstate.py``, a native class when compiled) with their hints, for its JSON
    twin ``SobekStateRecord``: mypyc erases the annotations of a compiled class, and the codec is driven by them.
    Checked against ``STATE_FIELDS`` below."""

    config: Config
    params: Params
    round: int
    phase: int
    to_move: int
    start_player: int
    deck: Counts
    removed: Counts
    green_pile: Counts
    row: tuple[CardType, ...]
    deliveries_left: int
    hands: tuple[Counts, ...]
    sets: tuple[tuple[PlayedSet, ...], ...]
    corruption: tuple[Counts, ...]
    curses: tuple[int, ...]
    discard: Counts
    token_bag: tuple[int, ...]
    tokens: tuple[int, ...]
    """Event tokens still available this round (counts by token type)."""
    events_used: tuple[int, ...]
    """Event tokens applied so far in the game (counts by token type)."""
    scores: tuple[Points, ...]
    last_gain: tuple[Points, ...]
    """Points each player scored in the last round's scoring (a tie-break reading)."""
    draws: tuple[Draw, ...]
    pending: Pending | None
    extra_turn: bool
    hphase_left: tuple[int, ...]
    """Players who still have to finish playing horizontal sets at the end of the round, in order."""
    early_end: bool
    log: tuple[str, ...]
    """Diagnostics noticed so far (short codes: 'deck_empty', 'track_stop', 'open_tie')."""
    ledger: tuple[tuple[Points, ...], ...]
    """Per seat, the points booked to each score category (``CATEGORIES``); each seat's row sums to its score."""


assert _SobekStateFields._fields == STATE_FIELDS, "SobekState's fields and their JSON hints follow one order"

SobekStateRecord: Any = make_dataclass(
    "SobekState", [(name, _SobekStateFields.__annotations__[name]) for name in STATE_FIELDS], frozen=True,
)
SobekStateRecord.__module__ = __name__
"""The frozen-dataclass twin of ``SobekState`` that the JSON codec reads and writes (same name, fields, hints)."""


def state_to_data(state: SobekState) -> Any:
    """The state's JSON: that of its frozen-dataclass twin ``SobekStateRecord`` (tagged ``"SobekState"``)."""
    return to_data(SobekStateRecord(*state.fields()))


def state_from_data(data: Any) -> SobekState:
    """The state a JSON document describes; one written before the score ledger (rules version 3) has its scores
    booked as ``earlier`` (the old form, translated here once)."""
    if isinstance(data, dict) and "ledger" not in data and isinstance(data.get("scores"), list):
        data = {**data, "ledger": [[s, *NO_POINTS[1:]] for s in data["scores"]]}
    record = from_data(SobekStateRecord, data)
    return SobekState(*(getattr(record, name) for name in STATE_FIELDS))

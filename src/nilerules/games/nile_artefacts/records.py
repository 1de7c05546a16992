"""The records of Nile Artefacts that the JSON codec reads and writes (kept uncompiled: see ``position``).

Cards are *kinds* (indices into ``Params.card_*``); the draw pile and the discard are count vectors over kinds (a
shuffled pile is a multiset), hands and river spaces are sorted tuples of kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, Final, NamedTuple, TypeAlias

from nilerules.core import Config

PlayerId: TypeAlias = int
CardKind: TypeAlias = int
"""Index of a card kind in ``Params``."""
ArtifactType: TypeAlias = int
"""0 eye, 1 bird-headed statue, 2 cat statue, 3 figure, 4 bird, 5 ankh."""
Region: TypeAlias = int
"""0 Nile (blue wave), 1 desert (orange), 2 fields (green)."""
MonumentId: TypeAlias = int
Space: TypeAlias = int
"""0 is the left Port, ``river_spaces + 1`` the right Port."""
Condition: TypeAlias = tuple[int, int, int, int, int]
"""(kind, n, a, b, c): see the ``COND_*`` constants; unused fields are -1."""

TYPE_NAMES: Final = ("eye", "statue", "cat", "figure", "bird", "ankh")
REGION_NAMES: Final = ("nile", "desert", "fields")
N_TYPES: Final = 6
N_REGIONS: Final = 3

COND_TYPE: Final = 0  # n Artifacts of type a
COND_PAIR: Final = 1  # n Artifacts of types a or b
COND_SAME: Final = 2  # n Artifacts of one type
COND_DIFF: Final = 3  # n Artifacts of n different types
COND_REGION: Final = 4  # n cards of region a
COND_EACH: Final = 5  # one card of each of the regions a, b (and c if >= 0)
COND_TWO_PLUS: Final = 6  # one card of region a, one of b, a third of a or b
COND_NAMES: Final = ("type", "pair", "same", "diff", "region", "each", "two_plus")

# Phases
PH_REVEAL: Final = 0
"""Monuments are being revealed (chance): at setup or after rewards."""
PH_DEAL: Final = 1
"""Round setup: Artifact cards are being drawn and placed (chance)."""
PH_NAV: Final = 2
PH_BUY: Final = 3
"""A bought card is being drawn (chance); ``buy_return`` says which phase resumes."""
PH_OFFER: Final = 4
PH_OVER: Final = 5


@dataclass(frozen=True, slots=True)
class Params:
    """The component data a game uses, read once from the spec.

    Cards and Monuments are held as their compact text (so that states stay small in JSON); the integer tables the
    rules use are derived from it once (fields not in ``__init__``, not compared, not serialised).
    """

    river_spaces: int
    coin_spaces: tuple[Space, ...]
    cards: tuple[str, ...]
    """Each card kind as 'type[+type2]/region@space'."""
    card_count: tuple[int, ...]
    """How many cards of each kind the game has."""
    monument_text: tuple[str, ...]
    """Each Monument as its three level conditions joined by '|'."""
    cards_per_round: int
    coin_supply: int
    turn_cost: int
    buy_cost: int
    starting_coins: int
    monuments_removed: int
    monuments_visible: int
    reward_points: tuple[int, ...]
    incomplete_points: tuple[int, ...]
    max_rounds: int
    card_types: tuple[tuple[ArtifactType, ...], ...] = field(init=False, compare=False, repr=False)
    """Types printed on each kind (two on a 2-Artifact card)."""
    card_region: tuple[Region, ...] = field(init=False, compare=False, repr=False)
    card_space: tuple[Space, ...] = field(init=False, compare=False, repr=False)
    monuments: tuple[tuple[Condition, Condition, Condition], ...] = field(init=False, compare=False, repr=False)
    right_port: Space = field(init=False, compare=False, repr=False)
    """``river_spaces + 1`` (a field rather than a property: it is read at every navigation step)."""

    def __post_init__(self) -> None:
        types, regions, spaces, monuments = _tables(self.cards, self.monument_text)
        object.__setattr__(self, "card_types", types)
        object.__setattr__(self, "card_region", regions)
        object.__setattr__(self, "card_space", spaces)
        object.__setattr__(self, "monuments", monuments)
        object.__setattr__(self, "right_port", self.river_spaces + 1)

    @property
    def total_cards(self) -> int:
        return sum(self.card_count)

    @property
    def monuments_in_pile(self) -> int:
        return len(self.monuments) - self.monuments_removed - self.monuments_visible

    def is_double(self, kind: CardKind) -> bool:
        return len(self.card_types[kind]) == 2


@cache
def _tables(cards: tuple[str, ...], monuments: tuple[str, ...]) -> tuple[Any, Any, Any, Any]:
    from nilerules.games.nile_artefacts.data import parse_card, parse_condition

    parsed = [parse_card(text) for text in cards]
    conds = []
    for text in monuments:
        a, b, c = (parse_condition(part) for part in text.split("|"))
        conds.append((a, b, c))
    return (
        tuple(t for t, _, _ in parsed),
        tuple(r for _, r, _ in parsed),
        tuple(sp for _, _, sp in parsed),
        tuple(conds),
    )


@dataclass(frozen=True, slots=True)
class Note:
    """A diagnostic noted during play: ``kind`` is supply_exhausted / open_tie / no_progress."""

    kind: str
    rule_id: str
    detail: str


@dataclass(frozen=True, slots=True)
class NAStateRecord:
    """The JSON form of a game position (``position.NAState``), field for field; its type tag is ``"NAState"``.

    The rules work on ``position.NAState``, a compiled record; this frozen dataclass is what the type-driven codec
    reads and writes (a compiled class would lose its generic annotations), so the JSON stays as it always was.
    """

    config: Config
    params: Params
    phase: int
    round: int
    first: PlayerId
    to_move: PlayerId
    pending: int
    """Chance draws still due in this phase (reveals or deals)."""
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    board: tuple[tuple[CardKind, ...], ...]
    hands: tuple[tuple[CardKind, ...], ...]
    coins: tuple[int, ...]
    stock: int
    boats: tuple[Space, ...]
    facing: tuple[int, ...]
    docked: tuple[bool, ...]
    turned: bool
    """The player to move has already turned round this turn."""
    picks: int
    """Cards the player to move must still take from the space their Boat reached."""
    buy_return: int
    offering: tuple[tuple[CardKind, tuple[ArtifactType, ...], int], ...]
    """The current player's offering: each card with the types chosen for it (empty under per_monument) and the
    visible Monument it is pushed toward (-1 unless ``card_sharing`` is ``split``)."""
    altar: tuple[CardKind, ...]
    """Cards offered this phase, discarded when every player has offered."""
    visible: tuple[MonumentId, ...]
    levels: tuple[tuple[int, ...], ...]
    """levels[i][p]: level of player p on visible Monument i."""
    phase_levels: tuple[tuple[int, ...], ...]
    """Levels at the start of the offering phase (for the one-level invariant)."""
    seen: frozenset[MonumentId]
    pile: int
    """Monuments left in the pile (the 6 removed ones are among the unseen but never drawn)."""
    scores: tuple[int, ...]
    final_round: int
    """The last round once the end is triggered, else 0."""
    notes: tuple[Note, ...]


NAStateRecord.__name__ = NAStateRecord.__qualname__ = "NAState"
STATE_FIELDS: Final = tuple(f.name for f in fields(NAStateRecord))
"""The fields of a position, in order (the JSON keys)."""


class Readings(NamedTuple):
    """The readings a state's rules branch on, looked up once per config."""

    type_choice: str
    type_scope: str
    double_card: str
    pair_mix: str
    coin_space: str
    port_start: str
    deck_exhausted: str
    coin_stock: str
    last_round: str
    endless_game: str
    card_sharing: str


_READINGS: dict[tuple[tuple[str, str], ...], Readings] = {}
_BY_CONFIG: dict[int, tuple[Config, Readings]] = {}
"""By the config's identity (the config is held in the entry, so its identity is not reused while it is here)."""


def readings_of(config: Config) -> Readings:
    """The config's readings as a record (cached by the readings tuple; one record per combination)."""
    entry = _BY_CONFIG.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    key = config.readings
    found = _READINGS.get(key)
    if found is None:
        found = Readings(*(config.reading(name) for name in Readings._fields))
        _READINGS[key] = found
    if len(_BY_CONFIG) >= 4096:
        _BY_CONFIG.clear()
    _BY_CONFIG[id(config)] = (config, found)
    return found

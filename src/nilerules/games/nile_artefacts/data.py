"""The component data of Nile Artefacts: the names and codes, ``Params`` read from the spec, and the text formats.

This is the one table that maps codes (inside the rules) to names (at every boundary):

- an Artifact type is 0..5 inside and ``eye statue cat figure bird ankh`` outside; a region is 0..2 inside and
  ``nile desert fields`` outside;
- a card *kind* is an index into ``Params.cards``; its name is ``type[+type2]/region@space`` (``eye/nile@3``,
  ``cat+ankh/fields@9``, a green card giving 2 Artifacts); a hand is card names joined by commas;
- a condition is ``type:T``, ``pair:N:A+B``, ``same:N``, ``diff:N``, ``region:R``, ``each:R+R[+R]``,
  ``two_plus:R+R``; a Monument is its level conditions joined by ``|`` (its name, see ``monument_names``);
- a space is 0 (``left_port``) .. ``river_spaces + 1`` (``right_port``); river spaces are ``space_1`` and so on.

It imports nothing else of the game (the state, the rules and the position format import it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final, NamedTuple, TypeAlias

from nilerules.core import Config
from nilerules.errors import QueryError, SpecError
from nilerules.specs import Spec

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

# Phases (their names in the position format: PHASE_NAMES)
PH_REVEAL: Final = 0
"""Monuments are being revealed (chance): at setup or after rewards."""
PH_DEAL: Final = 1
"""Round setup: Artifact cards are being drawn and placed (chance)."""
PH_NAV: Final = 2
PH_BUY: Final = 3
"""A bought card is being drawn (chance); ``buy_return`` says which phase resumes."""
PH_OFFER: Final = 4
PH_OVER: Final = 5
PHASE_NAMES: Final = ("reveal", "deal", "navigation", "buy", "offerings", "over")

# Bounds on the spec's numbers: they keep the work of a game finite (an edited spec outside them is a SpecError)
MAX_PLAYERS: Final = 8
MAX_RIVER_SPACES: Final = 100
MAX_CARDS: Final = 1000
MAX_MONUMENTS: Final = 200
MAX_LEVELS: Final = 10
MAX_COUNT: Final = 10_000
"""Upper bound for Coins, costs, cards per round and a condition's N."""
MAX_POINTS: Final = 1_000_000
MAX_ROUNDS: Final = 1000


@dataclass(frozen=True, slots=True)
class Params:
    """The component data a game uses, read once from the spec.

    Cards and Monuments are held as their compact text (so that states stay small in JSON); the integer tables the
    rules use are derived from it once (fields not in ``__init__``, not compared, not serialised).
    """

    river_spaces: int
    coin_spaces: tuple[Space, ...]
    cards: tuple[str, ...]
    """Each card kind as 'type[+type2]/region@space' (its name)."""
    card_count: tuple[int, ...]
    """How many cards of each kind the game has."""
    monument_text: tuple[str, ...]
    """Each Monument as its level conditions joined by '|'."""
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
    monuments: tuple[tuple[Condition, ...], ...] = field(init=False, compare=False, repr=False)
    """Each Monument's conditions by level (level 1 first)."""
    top: int = field(init=False, compare=False, repr=False)
    """The top level of every Monument (the number of its conditions): reaching it completes the Monument."""
    right_port: Space = field(init=False, compare=False, repr=False)
    """``river_spaces + 1`` (a field rather than a property: it is read at every navigation step)."""

    def __post_init__(self) -> None:
        types, regions, spaces, monuments = _tables(self.cards, self.monument_text)
        object.__setattr__(self, "card_types", types)
        object.__setattr__(self, "card_region", regions)
        object.__setattr__(self, "card_space", spaces)
        object.__setattr__(self, "monuments", monuments)
        object.__setattr__(self, "top", len(monuments[0]) if monuments else 0)
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
    parsed = [parse_card(text) for text in cards]
    conds = tuple(tuple(parse_condition(part) for part in text.split("|")) for text in monuments)
    return (
        tuple(t for t, _, _ in parsed),
        tuple(r for _, r, _ in parsed),
        tuple(sp for _, _, sp in parsed),
        conds,
    )


@dataclass(frozen=True, slots=True)
class Note:
    """A diagnostic noted during play: ``kind`` is supply_exhausted / open_tie / no_progress."""

    kind: str
    rule_id: str
    detail: str


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
    empty_offering: str


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


# ------------------------------------------------------------------------------------------------ names
def type_code(name: str) -> int:
    try:
        return TYPE_NAMES.index(name.strip())
    except ValueError:
        raise ValueError(f"unknown Artifact type {name!r} (types: {', '.join(TYPE_NAMES)})") from None


def region_code(name: str) -> int:
    try:
        return REGION_NAMES.index(name.strip())
    except ValueError:
        raise ValueError(f"unknown region {name!r} (regions: {', '.join(REGION_NAMES)})") from None


def space_name(params: Params, space: Space) -> str:
    """``left_port``, ``space_1`` .. ``space_<river_spaces>``, ``right_port``."""
    if space == 0:
        return "left_port"
    if space == params.right_port:
        return "right_port"
    return f"space_{space}"


def space_code(params: Params, name: str) -> Space:
    """The inverse of ``space_name``; ValueError on a name that is not a space of this board."""
    if name == "left_port":
        return 0
    if name == "right_port":
        return params.right_port
    head, _, number = name.partition("_")
    if head == "space" and number.isdigit() and 1 <= int(number) <= params.river_spaces:
        return int(number)
    raise ValueError(f"unknown space {name!r} (left_port, space_1 .. space_{params.river_spaces}, right_port)")


def monument_names(params: Params) -> tuple[str, ...]:
    """Each Monument's name: its conditions joined by '|' (``#2``, ``#3``... added to repeats of the same text)."""
    out: list[str] = []
    for text in params.monument_text:
        repeat = sum(1 for earlier in out if earlier.partition("#")[0] == text)
        out.append(f"{text}#{repeat + 1}" if repeat else text)
    return tuple(out)


def card_code(params: Params, name: str) -> CardKind:
    """The kind of a card name ``type[+type2]/region@space`` (ValueError when the game has no such card)."""
    try:
        return params.cards.index(name.strip())
    except ValueError:
        pass
    types, region, space = parse_card(name)  # a well-formed name that is not in the data, or a spelling variant
    canonical = f"{card_text(types, region)}@{space}"
    if canonical in params.cards:
        return params.cards.index(canonical)
    raise ValueError(f"no card {name!r} in this game's card data")


# ------------------------------------------------------------------------------------------------ text formats
def parse_card(text: str) -> tuple[tuple[int, ...], int, int]:
    """``'cat+ankh/fields@9'`` -> ((2, 5), 2, 9); the space is -1 when not given."""
    body, _, space = text.strip().partition("@")
    types, sep, region = body.partition("/")
    if not sep:
        raise ValueError(f"card {text!r}: expected 'type[+type2]/region[@space]'")
    parsed = tuple(type_code(t) for t in types.split("+"))
    if not 1 <= len(parsed) <= 2:
        raise ValueError(f"card {text!r}: one or two types")
    space = space.strip()
    if space and not (space.isdigit() and len(space) <= 6):
        raise ValueError(f"card {text!r}: the space after '@' must be a number")
    return parsed, region_code(region), int(space) if space else -1


def card_text(types: tuple[int, ...], region: int) -> str:
    return "+".join(TYPE_NAMES[t] for t in types) + "/" + REGION_NAMES[region]


def _count(text: str) -> int:
    if not (text.isdigit() and 1 <= len(text) <= 6) or not 1 <= int(text) <= MAX_COUNT:
        raise ValueError(f"N must be a whole number 1..{MAX_COUNT}, got {text!r}")
    return int(text)


def parse_condition(text: str) -> Condition:
    """``'pair:3:ankh+eye'`` -> (COND_PAIR, 3, 5, 0, -1)."""
    parts = text.strip().split(":")
    head = parts[0]
    try:
        if head == "type" and len(parts) == 2:
            return (COND_TYPE, 2, type_code(parts[1]), -1, -1)
        if head == "pair" and len(parts) == 3:
            pair = [type_code(t) for t in parts[2].split("+")]
            if len(pair) != 2:
                raise ValueError("two types")
            return (COND_PAIR, _count(parts[1]), pair[0], pair[1], -1)
        if head in ("same", "diff") and len(parts) == 2:
            return (COND_SAME if head == "same" else COND_DIFF, _count(parts[1]), -1, -1, -1)
        if head == "region" and len(parts) == 2:
            return (COND_REGION, 2, region_code(parts[1]), -1, -1)
        if head == "each" and len(parts) == 2:
            regions = [region_code(r) for r in parts[1].split("+")]
            if len(regions) not in (2, 3) or len(set(regions)) != len(regions):
                raise ValueError("two or three different regions")
            return (COND_EACH, len(regions), regions[0], regions[1], regions[2] if len(regions) == 3 else -1)
        if head == "two_plus" and len(parts) == 2:
            two = [region_code(r) for r in parts[1].split("+")]
            if len(two) != 2 or two[0] == two[1]:
                raise ValueError("two different regions")
            return (COND_TWO_PLUS, 3, two[0], two[1], -1)
    except ValueError as exc:
        raise ValueError(f"condition {text!r}: {exc}") from None
    raise ValueError(
        f"condition {text!r}: expected type:T, pair:N:A+B, same:N, diff:N, region:R, each:R+R[+R], two_plus:R+R"
    )


def condition_text(cond: Condition) -> str:
    kind, n, a, b, c = cond
    if kind == COND_TYPE:
        return f"type:{TYPE_NAMES[a]}"
    if kind == COND_PAIR:
        return f"pair:{n}:{TYPE_NAMES[a]}+{TYPE_NAMES[b]}"
    if kind in (COND_SAME, COND_DIFF):
        return f"{'same' if kind == COND_SAME else 'diff'}:{n}"
    if kind == COND_REGION:
        return f"region:{REGION_NAMES[a]}"
    names = [REGION_NAMES[r] for r in (a, b, c) if r >= 0]
    return ("each:" if kind == COND_EACH else "two_plus:") + "+".join(names)


def parse_hand(text: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``'eye/nile, cat+ankh/fields'`` -> (((0,), 0), ((2, 5), 2)); raises QueryError on bad text."""
    out = []
    for item in text.split(","):
        if not item.strip():
            continue
        try:
            types, region, _ = parse_card(item)
        except ValueError as exc:
            raise QueryError(str(exc)) from None
        out.append((types, region))
    return tuple(out)


# ------------------------------------------------------------------------------------------------ the spec
def _is_int(value: Any) -> bool:
    return type(value) is int


class _Reader:
    """Reads the params of a spec, collecting every problem (key path, what is wrong) before raising."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.problems: list[tuple[str, str]] = []

    def add(self, key: str, what: str) -> None:
        self.problems.append((key, what[:300]))

    def raw(self, name: str) -> Any:
        param = self.spec.params.get(name)
        if param is None:
            self.add(f"params.{name}", "missing parameter")
            return None
        return param.value

    def number(self, name: str, low: int, high: int, default: int) -> int:
        value = self.raw(name)
        if value is None:
            return default
        if not _is_int(value) or not low <= value <= high:
            self.add(f"params.{name}.value", f"expected a whole number {low}..{high}, got {value!r}")
            return default
        return int(value)

    def numbers(
        self, name: str, length: int | None, low: int, high: int, default: tuple[int, ...], empty: bool = False
    ) -> tuple[int, ...]:
        """A list of whole numbers in low..high, of the given length (when None: any length, at least 1 unless
        ``empty``)."""
        value = self.raw(name)
        if value is None:
            return default
        size = f"{length} whole numbers" if length is not None else "a list of whole numbers"
        if (
            not isinstance(value, list)
            or (length is not None and len(value) != length)
            or (not value and not empty)
            or len(value) > MAX_CARDS
        ):
            self.add(f"params.{name}.value", f"expected {size} in {low}..{high}, got {value!r}")
            return default
        bad = [i for i, x in enumerate(value) if not _is_int(x) or not low <= x <= high]
        if bad:
            i = bad[0]
            self.add(f"params.{name}.value[{i}]", f"expected a whole number {low}..{high}, got {value[i]!r}")
            return default
        return tuple(int(x) for x in value)

    def strings(self, name: str, check: Callable[[Any], bool], expected: str) -> list[Any]:
        value = self.raw(name)
        if value is None:
            return []
        if not isinstance(value, list) or not check(value):
            self.add(f"params.{name}.value", f"expected {expected}, got {value!r}")
            return []
        return value


def player_counts(spec: Spec) -> tuple[int, ...]:
    """The supported player counts, checked (a SpecError names the key)."""
    read = _Reader(spec)
    counts = read.numbers("player_counts", None, 1, MAX_PLAYERS, ())
    if read.problems:
        raise SpecError(spec.path, read.problems)
    return counts


def load_params(spec: Spec, players: int) -> Params:
    """Every datum the rules use, checked for type, shape and bounds; problems raise one SpecError naming each key."""
    read = _Reader(spec)
    counts = read.numbers("player_counts", None, 1, MAX_PLAYERS, (players,))
    if len(set(counts)) != len(counts):
        read.add("params.player_counts.value", f"player counts repeat: {list(counts)!r}")
    per_round = read.numbers("cards_per_round", len(counts), 0, MAX_COUNT, (0,) * len(counts))
    river = read.number("river_spaces", 1, MAX_RIVER_SPACES, 1)
    coin_spaces = read.numbers("coin_spaces", None, 1, river, (), empty=True)
    if len(set(coin_spaces)) != len(coin_spaces):
        read.add("params.coin_spaces.value", f"a space is listed twice: {list(coin_spaces)!r}")
    coin_supply = read.number("coin_supply", 0, MAX_COUNT, 0)
    most = max(counts)
    starting = read.number("starting_coins", 0, coin_supply // most if most else 0, 0)
    costs = read.numbers("costs", 2, 0, MAX_COUNT, (0, 0))
    max_rounds = read.number("max_rounds", 1, MAX_ROUNDS, 1)
    cards = read.strings(
        "artifact_cards",
        lambda v: 1 <= len(v) <= MAX_CARDS and all(isinstance(x, str) for x in v),
        f"a list of 1..{MAX_CARDS} card strings 'type[+type2]/region@space'",
    )
    kinds: dict[tuple[tuple[int, ...], int, int], int] = {}
    for i, text in enumerate(cards):
        try:
            types, region, space = parse_card(text)
        except ValueError as exc:
            read.add(f"params.artifact_cards.value[{i}]", str(exc))
            continue
        if not 1 <= space <= river:
            read.add(f"params.artifact_cards.value[{i}]", f"space {space!r} is not a river space 1..{river}")
        if len(types) == 2 and REGION_NAMES[region] != "fields":
            read.add(f"params.artifact_cards.value[{i}]", "only green (fields) cards give 2 Artifacts")
        key = (types, region, space)
        kinds[key] = kinds.get(key, 0) + 1
    monuments_raw = read.strings(
        "monuments",
        lambda v: (
            1 <= len(v) <= MAX_MONUMENTS
            and all(isinstance(m, list) and 1 <= len(m) <= MAX_LEVELS for m in v)
            and len({len(m) for m in v}) == 1
            and all(isinstance(c, str) for m in v for c in m)
        ),
        f"a list of 1..{MAX_MONUMENTS} Monuments, each a list of the same number (1..{MAX_LEVELS}) of conditions",
    )
    monuments: list[str] = []
    for i, levels in enumerate(monuments_raw):
        try:
            monuments.append("|".join(condition_text(parse_condition(t)) for t in levels))
        except ValueError as exc:
            read.add(f"params.monuments.value[{i}]", str(exc))
    top: int = len(monuments_raw[0]) if monuments_raw else 1
    layout = read.numbers("monument_layout", 2, 0, MAX_MONUMENTS, (0, 1))
    removed, visible = layout
    if visible < 1:
        read.add("params.monument_layout.value[1]", f"at least one Monument must be visible, got {visible!r}")
    if monuments_raw and removed + visible > len(monuments_raw):
        read.add("params.monument_layout.value", f"{removed} removed + {visible} shown is more than the Monuments")
    reward = read.numbers("reward_points", top + 1, -MAX_POINTS, MAX_POINTS, (0,) * (top + 1))
    incomplete = read.numbers("incomplete_points", top, -MAX_POINTS, MAX_POINTS, (0,) * top)
    if players not in counts:
        read.add("params.player_counts.value", f"{players!r} players is not one of {list(counts)!r}")
    if read.problems:
        raise SpecError(spec.path, read.problems)
    ordered = sorted(kinds)
    return Params(
        river_spaces=river,
        coin_spaces=tuple(sorted(coin_spaces)),
        cards=tuple(f"{card_text(t, r)}@{sp}" for t, r, sp in ordered),
        card_count=tuple(kinds[k] for k in ordered),
        monument_text=tuple(monuments),
        cards_per_round=per_round[counts.index(players)],
        coin_supply=coin_supply,
        turn_cost=costs[0],
        buy_cost=costs[1],
        starting_coins=starting,
        monuments_removed=removed,
        monuments_visible=visible,
        reward_points=reward,
        incomplete_points=incomplete,
        max_rounds=max_rounds,
    )

"""The params of Nile Artefacts read from the spec (``make_params``), and the readings record (``readings_of``).

``Params`` is the component data a game uses, checked for type, shape and bounds once (every problem collected, then
one SpecError naming each key). It depends on the player count only, so the game holds one record per count and every
config of that count shares it; a state holds it (its JSON form is part of the state's).

``Readings`` holds a config's chosen readings, one field per ambiguity of the spec (in the spec's order): the one way
the rules read a reading is ``readings_of(config).<ambiguity id> == "<reading>"`` (the hot path reads the same fields
once per config, as the flags of ``state.Ctx`` named ``<ambiguity id>_<reading>``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final, Literal, NamedTuple, get_args

from nilerules.core import Config
from nilerules.core.readings import record
from nilerules.errors import SpecError
from nilerules.games.nile_artefacts.names import (
    MAX_COUNT,
    REGION_NAMES,
    ArtifactType,
    CardKind,
    Condition,
    Region,
    Space,
    card_text,
    condition_text,
    parse_card,
    parse_condition,
)
from nilerules.specs import Spec

# Bounds on the spec's numbers: they keep the work of a game finite (an edited spec outside them is a SpecError)
MAX_PLAYERS: Final = 8
MAX_RIVER_SPACES: Final = 100
MAX_CARDS: Final = 1000
MAX_MONUMENTS: Final = 200
MAX_LEVELS: Final = 10
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


# the readings a helper of the rules takes as an argument, named after the ambiguity's id and typed like the
# record's field, so that a misspelt reading name fails the type check wherever it is passed
TypeChoice = Literal["any_type", "shown_type"]
DoubleCard = Literal["two_same", "two_each", "one"]
# each one's reading names, in the Literal's order (``core.readings.one_of`` narrows a name to one of them)
TYPE_CHOICE: tuple[TypeChoice, ...] = get_args(TypeChoice)
DOUBLE_CARD: tuple[DoubleCard, ...] = get_args(DoubleCard)


class Readings(NamedTuple):
    """A config's chosen readings, one field per ambiguity of specs/nile_artefacts.toml, in the spec's order."""

    type_choice: TypeChoice
    type_scope: Literal["per_offering", "per_monument"]
    double_card: DoubleCard
    pair_mix: Literal["any_mix", "both_types"]
    coin_space: Literal["extra_card", "coin_only"]
    port_start: Literal["stage_reset", "literal"]
    deck_exhausted: Literal["reshuffle", "stop"]
    coin_stock: Literal["limited", "unlimited"]
    final_tie: Literal["shared", "most_coins"]
    tie_count: Literal["cards", "artifacts"]
    last_round: Literal["one_more", "current"]
    endless_game: Literal["score_at_cap", "no_score_at_cap"]
    card_sharing: Literal["shared", "split"]
    empty_offering: Literal["may_pass", "at_least_one"]


def readings_of(config: Config) -> Readings:
    """The config's readings as a record (one record per combination of readings, looked up once per config)."""
    return record(config, Readings)


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


def make_params(spec: Spec, config: Config) -> Params:
    """Every datum the rules use for ``config``'s player count, checked for type, shape and bounds; the problems raise
    one SpecError naming each key."""
    players = config.players
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

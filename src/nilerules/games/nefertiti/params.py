"""The numbers and readings one configuration plays with: the ``Params`` record read from the spec
(``make_params``), and the ``Readings`` record of the chosen readings (``readings_of``).

The rules read a reading in one way only: ``readings_of(state.config).<ambiguity id> == "<reading>"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, get_args

from nilerules.core.readings import record
from nilerules.core.registry import rule
from nilerules.core.types import Config
from nilerules.errors import InvalidConfig, SpecError
from nilerules.games.nefertiti.names import CARD_NAMES, CHAR_NAMES, N_CHARS, N_CODES, N_TYPES, TYPE_NAMES
from nilerules.specs import Spec


@dataclass(frozen=True, slots=True)
class Stall:
    """One stall of a market: its bid squares (values, left to right) and closing conditions (any of them)."""

    squares: tuple[int, ...]
    conditions: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Params:
    """Every number the rules use, read from ``specs/nefertiti.toml`` (provenance there).

    A state carries its params (``NefState.params``), so they are part of the state's JSON.
    """

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


# the readings a helper of the rules takes as an argument, named after the ambiguity's id and typed like the
# record's field, so that a misspelt reading name fails the type check wherever it is passed
AmonPriestTies = Literal["competition", "dense", "modified", "deben_tiebreak"]
NeutralThreeColors = Literal["listed", "neutral_one_color", "neutral_pawn_each"]
ScribeForeignBonus = Literal["held", "scored_only"]
SenetX2Scribe = Literal["two_cards", "one_card"]
# each one's reading names, in the Literal's order (``core.readings.one_of`` narrows a name to one of them)
AMON_PRIEST_TIES: tuple[AmonPriestTies, ...] = get_args(AmonPriestTies)
NEUTRAL_THREE_COLORS: tuple[NeutralThreeColors, ...] = get_args(NeutralThreeColors)
SCRIBE_FOREIGN_BONUS: tuple[ScribeForeignBonus, ...] = get_args(ScribeForeignBonus)
SENET_X2_SCRIBE: tuple[SenetX2Scribe, ...] = get_args(SenetX2Scribe)


class Readings(NamedTuple):
    """The chosen reading of each ambiguity of ``specs/nefertiti.toml`` (one field per ambiguity id, spec order)."""

    amon_merchant_foreign: Literal["flat", "plus_bonus"]
    amon_priest_neutral: Literal["players_only", "neutral_ranks"]
    amon_priest_ties: AmonPriestTies
    beggar_markets: Literal["all_four", "open_only"]
    deben_coins: Literal["denominations", "one_deben_each"]
    end_of_game: Literal["immediate", "markets_run_out"]
    forced_close_harbor: Literal["pass", "distribute"]
    forced_close_neutral: Literal["servants_only", "neutral_counts"]
    forced_close_then_place: Literal["turn_ends", "then_place"]
    harbor_final_threshold: Literal["always", "threshold"]
    harbor_first_deben: Literal["earns", "none"]
    harbor_trigger_added: Literal["this_refill", "since_last"]
    high_priest_harbor: Literal["extra_only", "no_harbor"]
    neutral_action_order: Literal["bid_order", "after_bidders", "before_bidders"]
    neutral_gift_face_down: Literal["face_up_only", "any_card"]
    neutral_short_targets: Literal["any_market", "other_markets"]
    neutral_three_colors: NeutralThreeColors
    no_servant_many_players: Literal["forced_close", "pass"]
    papyrus_from_neutral: Literal["neutral_is_player", "neutral_not_player"]
    papyrus_seal_supply: Literal["limited", "unlimited"]
    priest_papyrus: Literal["with_seal", "board_only"]
    priest_value_limit: Literal["per_pair", "overall"]
    royal_servant_neutral: Literal["targets_neutral", "no_neutral"]
    scribe_foreign_bonus: ScribeForeignBonus
    sealed_card_buyer: Literal["with_card", "highest_only"]
    senet_x2_scribe: SenetX2Scribe
    trader_markets: Literal["all_markets", "open_only"]
    unaffordable_bid: Literal["pay_what_you_have", "take_half_instead"]
    wandering_thief_bought: Literal["one_of_two", "not_a_gift"]
    wandering_thief_face_down: Literal["lowest_face_up", "lowest_blocks"]
    wandering_thief_placement: Literal["thief_card", "literal"]


def readings_of(config: Config) -> Readings:
    """The readings ``config`` chooses (one record per distinct choice, looked up once per config)."""
    return record(config, Readings)

SCENARIOS = ("curse_of_amun", "intrigue", "race_on_the_nile")


def _codes(spec: Spec, name: str, names: tuple[str, ...], problems: list[tuple[str, str]]) -> dict[int, int]:
    """The table ``params.<name>`` (name -> count) by code; an unknown name or a bad count is added to ``problems``."""
    raw = spec.typed(name, lambda v: isinstance(v, dict), "a table of name -> count")
    out: dict[int, int] = {}
    for key, count in raw.items():
        if key not in names or not isinstance(count, int):
            problems.append((f"params.{name}.value.{key}", f"unknown name or bad count {count!r}"))
            continue
        out[names.index(key)] = count
    return out


def _vector(counts: dict[int, int], size: int) -> list[int]:
    vec = [0] * size
    for k, v in counts.items():
        vec[k] += v
    return vec


@rule(
    "nefertiti.harbor.optional",
    "nefertiti.harbor.five_required",
    "nefertiti.five.harbor_always",
    "nefertiti.scenarios.choose",
    "nefertiti.two.setup_as_four",
)
def make_params(spec: Spec, config: Config) -> Params:
    """The numbers one configuration uses: the deck, the Characters, Deben, pawns, the tables. Every problem of the
    spec's data is collected, then raised as one SpecError."""
    n = config.players
    harbor = config.has("harbor")
    if n == 5 and not harbor:
        raise InvalidConfig("nefertiti: the 5-player game always uses the harbor module")
    values_raw: dict[str, Any] = spec.typed("gift_values", lambda v: isinstance(v, dict), "a table of type -> row")
    values = tuple(tuple(int(x) for x in values_raw[t]) for t in TYPE_NAMES)
    assert len(values) == N_TYPES
    problems: list[tuple[str, str]] = []
    bonus = [0] * N_CODES
    for code, b in _codes(spec, "foreign_bonus", CARD_NAMES, problems).items():
        bonus[code] = b
    stalls_raw: list[dict[str, Any]] = spec.typed("stalls", lambda v: isinstance(v, list) and len(v) == 8, "8 stalls")
    stall_objs = [
        Stall(tuple(int(x) for x in s["squares"]), tuple((str(c[0]), int(c[1])) for c in s["conditions"]))
        for s in stalls_raw
    ]
    stalls = tuple((stall_objs[2 * m], stall_objs[2 * m + 1]) for m in range(4))
    start_deben = tuple(int(x) for x in spec.value("start_deben")[str(n)])
    base = _codes(spec, "base_gifts", CARD_NAMES, problems)
    deck = _vector(base, N_CODES)
    box = [0] * N_CODES
    where = f"{n} players" + (" with the harbor" if harbor else "")

    def remove(name: str) -> None:
        """Take the cards ``params.<name>`` removes out of the deck. Removing more than the deck holds is a spec
        problem, named at both params in conflict: the removal, and the base count it exceeds."""
        for code, count in _codes(spec, name, CARD_NAMES, problems).items():
            card = CARD_NAMES[code]
            if count > deck[code]:
                problems.append(
                    (f"params.{name}.value.{card}", f"{where}: removes {count} {card} card(s) but the deck holds "
                                                    f"{deck[code]}")
                )
                if code in base:
                    problems.append(
                        (f"params.base_gifts.value.{card}", f"{where}: {base[code]} {card} card(s) in the base game, "
                                                            f"fewer than params.{name} removes ({count})")
                    )
            deck[code] -= count
            box[code] += count

    if harbor:
        remove("harbor_removed_gifts")
        for code, count in _codes(spec, "foreign_gifts", CARD_NAMES, problems).items():
            deck[code] += count
        deck[CARD_NAMES.index("papyrus")] += n * spec.int("papyrus_per_player")
    if n == 2:
        remove("two_player_removed_gifts")
    if n == 5:
        deck[CARD_NAMES.index("cup")] += spec.int("five_player_cups")
    fixed = _vector(_codes(spec, "fixed_characters", CHAR_NAMES, problems), N_CHARS)
    removed = spec.value("removed_characters").get(str(n), [])
    for name in removed:
        fixed[CHAR_NAMES.index(name)] -= 1
    pool = _vector(_codes(spec, "base_characters", CHAR_NAMES, problems), N_CHARS)
    expansion = _vector(_codes(spec, "expansion_characters", CHAR_NAMES, problems), N_CHARS)
    char_draw = spec.int("characters_drawn")
    if config.has("scenario"):
        name = spec.value("scenario")
        if name not in SCENARIOS:
            raise InvalidConfig(f"nefertiti: unknown scenario {name!r} (scenarios: {', '.join(SCENARIOS)})")
        for card in spec.value("scenarios")[name]:
            fixed[CHAR_NAMES.index(card)] += 1
        pool = [0] * N_CHARS
        char_draw = 0
    elif config.has("characters"):
        pool = [a + b for a, b in zip(pool, expansion, strict=True)]
    # "draw 6 at random" from the shuffled rest: a smaller pool (an edited spec) is drawn whole, never waited on
    char_draw = min(char_draw, sum(pool))
    bottom_gifts = spec.int("bottom_gifts")
    if sum(deck) < bottom_gifts:
        problems.append(
            ("params.base_gifts.value", f"{n} players: {sum(deck)} Gift cards cannot put {bottom_gifts} under the pile")
        )
    if problems:
        raise SpecError(spec.path, problems)
    seals = spec.int("royal_seals") + (spec.int("harbor_royal_seals") if harbor else 0)
    scribes = spec.value("scribe_bonus")
    return Params(
        values=values,
        bonus=tuple(bonus),
        stalls=stalls,
        harbor_squares=tuple(int(x) for x in spec.value("harbor_squares")),
        start_deben=start_deben,
        market_deben=spec.int("market_deben"),
        harbor_deben=spec.int("harbor_deben"),
        seals=seals,
        seal_points=spec.int("seal_points"),
        deben_per_point=spec.int("deben_per_point"),
        servants=int(spec.value("servants")[str(n)]),
        neutral_pawns=spec.int("neutral_pawns") if n == 2 else 0,
        deck=tuple(deck),
        box=tuple(box),
        char_pool=tuple(pool),
        char_fixed=tuple(fixed),
        char_draw=char_draw,
        amon_merchant_points=spec.int("amon_merchant_points"),
        amon_priest_bonus=tuple(int(x) for x in spec.value("amon_priest_bonus")),
        scribe_bonus=(int(scribes["scribe_2"]), int(scribes["scribe_3"])),
        royal_scribe_bonus=spec.int("royal_scribe_bonus"),
        neutral_deben=(int(spec.value("neutral_deben")[0]), int(spec.value("neutral_deben")[1])),
        harbor_threshold=spec.int("harbor_threshold"),
        market_size=spec.int("market_size"),
        bottom_gifts=bottom_gifts,
    )

"""Reading the spec's data into a frozen ``Params`` record for one configuration."""

from __future__ import annotations

from typing import Any

from nilerules.core.registry import rule
from nilerules.core.types import Config
from nilerules.errors import InvalidConfig, SpecError
from nilerules.games.nefertiti.state import (
    CARD_NAMES,
    CHAR_NAMES,
    N_CHARS,
    N_CODES,
    N_TYPES,
    TYPE_NAMES,
    Params,
    Stall,
)
from nilerules.specs import Spec

SCENARIOS = ("curse_of_amun", "intrigue", "race_on_the_nile")


def _codes(spec: Spec, name: str, names: tuple[str, ...]) -> dict[int, int]:
    raw = spec.typed(name, lambda v: isinstance(v, dict), "a table of name -> count")
    out: dict[int, int] = {}
    for key, count in raw.items():
        if key not in names or not isinstance(count, int):
            raise SpecError(spec.path, [(f"params.{name}.value.{key}", f"unknown name or bad count {count!r}")])
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
def build_params(spec: Spec, config: Config) -> Params:
    """The numbers one configuration uses: the deck, the Characters, Deben, pawns, the tables."""
    n = config.players
    harbor = config.has("harbor")
    if n == 5 and not harbor:
        raise InvalidConfig("nefertiti: the 5-player game always uses the harbor module")
    values_raw: dict[str, Any] = spec.typed("gift_values", lambda v: isinstance(v, dict), "a table of type -> row")
    values = tuple(tuple(int(x) for x in values_raw[t]) for t in TYPE_NAMES)
    assert len(values) == N_TYPES
    bonus = [0] * N_CODES
    for code, b in _codes(spec, "foreign_bonus", CARD_NAMES).items():
        bonus[code] = b
    stalls_raw: list[dict[str, Any]] = spec.typed("stalls", lambda v: isinstance(v, list) and len(v) == 8, "8 stalls")
    stall_objs = [
        Stall(tuple(int(x) for x in s["squares"]), tuple((str(c[0]), int(c[1])) for c in s["conditions"]))
        for s in stalls_raw
    ]
    stalls = tuple((stall_objs[2 * m], stall_objs[2 * m + 1]) for m in range(4))
    start_deben = tuple(int(x) for x in spec.value("start_deben")[str(n)])
    base = _codes(spec, "base_gifts", CARD_NAMES)
    deck = _vector(base, N_CODES)
    box = [0] * N_CODES
    problems: list[tuple[str, str]] = []
    where = f"{n} players" + (" with the harbor" if harbor else "")

    def remove(name: str) -> None:
        """Take the cards ``params.<name>`` removes out of the deck. Removing more than the deck holds is a spec
        problem, named at both params in conflict: the removal, and the base count it exceeds."""
        for code, count in _codes(spec, name, CARD_NAMES).items():
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
        for code, count in _codes(spec, "foreign_gifts", CARD_NAMES).items():
            deck[code] += count
        deck[CARD_NAMES.index("papyrus")] += n * spec.int("papyrus_per_player")
    if n == 2:
        remove("two_player_removed_gifts")
    if problems:
        raise SpecError(spec.path, problems)
    if n == 5:
        deck[CARD_NAMES.index("cup")] += spec.int("five_player_cups")
    fixed = _vector(_codes(spec, "fixed_characters", CHAR_NAMES), N_CHARS)
    removed = spec.value("removed_characters").get(str(n), [])
    for name in removed:
        fixed[CHAR_NAMES.index(name)] -= 1
    pool = _vector(_codes(spec, "base_characters", CHAR_NAMES), N_CHARS)
    expansion = _vector(_codes(spec, "expansion_characters", CHAR_NAMES), N_CHARS)
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
        raise SpecError(
            spec.path,
            [
                (
                    "params.base_gifts.value",
                    f"{n} players: {sum(deck)} Gift cards cannot put {bottom_gifts} under the pile",
                )
            ],
        )
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

"""Reading the component data out of the spec, and the compact text formats for cards, conditions and hands.

Card: ``type[+type2]/region[@space]`` (``eye/nile@3``, ``cat+ankh/fields@9``); a hand is cards joined by commas.
Condition: ``type:T``, ``pair:N:A+B``, ``same:N``, ``diff:N``, ``region:R``, ``each:R+R[+R]``, ``two_plus:R+R``.
"""

from __future__ import annotations

from nilerules.errors import QueryError, SpecError
from nilerules.games.nile_artefacts.records import (
    COND_DIFF,
    COND_EACH,
    COND_PAIR,
    COND_REGION,
    COND_SAME,
    COND_TWO_PLUS,
    COND_TYPE,
    REGION_NAMES,
    TYPE_NAMES,
    Condition,
    Params,
)
from nilerules.specs import Spec


def _type(name: str) -> int:
    try:
        return TYPE_NAMES.index(name.strip())
    except ValueError:
        raise ValueError(f"unknown Artifact type {name!r} (types: {', '.join(TYPE_NAMES)})") from None


def _region(name: str) -> int:
    try:
        return REGION_NAMES.index(name.strip())
    except ValueError:
        raise ValueError(f"unknown region {name!r} (regions: {', '.join(REGION_NAMES)})") from None


def parse_card(text: str) -> tuple[tuple[int, ...], int, int]:
    """``'cat+ankh/fields@9'`` -> ((2, 5), 2, 9); the space is -1 when not given."""
    body, _, space = text.strip().partition("@")
    types, sep, region = body.partition("/")
    if not sep:
        raise ValueError(f"card {text!r}: expected 'type[+type2]/region[@space]'")
    parsed = tuple(_type(t) for t in types.split("+"))
    if not 1 <= len(parsed) <= 2:
        raise ValueError(f"card {text!r}: one or two types")
    return parsed, _region(region), int(space) if space else -1


def card_text(types: tuple[int, ...], region: int) -> str:
    return "+".join(TYPE_NAMES[t] for t in types) + "/" + REGION_NAMES[region]


def parse_condition(text: str) -> Condition:
    """``'pair:3:ankh+eye'`` -> (COND_PAIR, 3, 5, 0, -1)."""
    parts = text.strip().split(":")
    head = parts[0]
    try:
        if head == "type" and len(parts) == 2:
            return (COND_TYPE, 2, _type(parts[1]), -1, -1)
        if head == "pair" and len(parts) == 3:
            a, b = (_type(t) for t in parts[2].split("+"))
            return (COND_PAIR, int(parts[1]), a, b, -1)
        if head in ("same", "diff") and len(parts) == 2:
            return (COND_SAME if head == "same" else COND_DIFF, int(parts[1]), -1, -1, -1)
        if head == "region" and len(parts) == 2:
            return (COND_REGION, 2, _region(parts[1]), -1, -1)
        if head == "each" and len(parts) == 2:
            regions = [_region(r) for r in parts[1].split("+")]
            if len(regions) not in (2, 3) or len(set(regions)) != len(regions):
                raise ValueError("two or three different regions")
            return (COND_EACH, len(regions), regions[0], regions[1], regions[2] if len(regions) == 3 else -1)
        if head == "two_plus" and len(parts) == 2:
            a, b = (_region(r) for r in parts[1].split("+"))
            return (COND_TWO_PLUS, 3, a, b, -1)
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


def load_params(spec: Spec, players: int) -> Params:
    """Every datum the rules use, checked; problems raise SpecError naming the parameter."""
    problems: list[tuple[str, str]] = []
    cards = spec.typed(
        "artifact_cards", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of card strings"
    )
    river = spec.int("river_spaces")
    kinds: dict[tuple[tuple[int, ...], int, int], int] = {}
    for i, text in enumerate(cards):
        try:
            types, region, space = parse_card(text)
        except ValueError as exc:
            problems.append((f"params.artifact_cards.value[{i}]", str(exc)))
            continue
        if not 1 <= space <= river:
            problems.append((f"params.artifact_cards.value[{i}]", f"space {space!r} is not a river space 1..{river}"))
        if len(types) == 2 and region != 2:
            problems.append((f"params.artifact_cards.value[{i}]", "only green (fields) cards give 2 Artifacts"))
        key = (types, region, space)
        kinds[key] = kinds.get(key, 0) + 1
    monuments_raw = spec.typed(
        "monuments",
        lambda v: (
            isinstance(v, list)
            and all(isinstance(m, list) and len(m) == 3 and all(isinstance(c, str) for c in m) for m in v)
        ),
        "a list of [level1, level2, level3] condition strings",
    )
    monuments = []
    for i, levels in enumerate(monuments_raw):
        try:
            a, b, c = (parse_condition(t) for t in levels)
            monuments.append((a, b, c))
        except ValueError as exc:
            problems.append((f"params.monuments.value[{i}]", str(exc)))
    coin_spaces = spec.typed(
        "coin_spaces", lambda v: isinstance(v, list) and all(isinstance(x, int) for x in v), "a list of river spaces"
    )
    per_round = spec.typed("cards_per_round", lambda v: isinstance(v, list) and len(v) == 3, "[n2, n3, n4]")
    costs = spec.typed("costs", lambda v: isinstance(v, list) and len(v) == 2, "[turn, buy]")
    removed, visible = spec.typed(
        "monument_layout", lambda v: isinstance(v, list) and len(v) == 2, "[removed, visible]"
    )
    if removed + visible > len(monuments):
        problems.append(("params.monument_layout.value", "more Monuments removed and shown than exist"))
    if problems:
        raise SpecError(spec.path, problems)
    ordered = sorted(kinds)
    return Params(
        river_spaces=river,
        coin_spaces=tuple(sorted(coin_spaces)),
        cards=tuple(f"{card_text(t, r)}@{sp}" for t, r, sp in ordered),
        card_count=tuple(kinds[k] for k in ordered),
        monument_text=tuple("|".join(condition_text(c) for c in m) for m in monuments),
        cards_per_round=int(per_round[players - 2]),
        coin_supply=spec.int("coin_supply"),
        turn_cost=int(costs[0]),
        buy_cost=int(costs[1]),
        starting_coins=spec.int("starting_coins"),
        monuments_removed=int(removed),
        monuments_visible=int(visible),
        reward_points=tuple(spec.value("reward_points")),
        incomplete_points=tuple(spec.value("incomplete_points")),
        max_rounds=spec.int("max_rounds"),
    )

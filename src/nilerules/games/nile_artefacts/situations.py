"""Building concrete situations (for checks, queries and tests) and evaluating offerings by the Python rules."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace

from nilerules.core import Config
from nilerules.games.nile_artefacts.conditions import Options, meets, meets_some_choice, tally, type_options
from nilerules.games.nile_artefacts.data import condition_text
from nilerules.games.nile_artefacts.rules import advance_levels
from nilerules.games.nile_artefacts.state import PH_OFFER, Condition, NAState, Params, evolve

OFFER_READINGS = ("type_choice", "type_scope", "double_card", "pair_mix")


def kind_of(params: Params, types: tuple[int, ...], region: int) -> int:
    """The first card kind with these printed types and region (ValueError when the game has none)."""
    for k, (t, r) in enumerate(zip(params.card_types, params.card_region, strict=True)):
        if t == types and r == region:
            return k
    raise ValueError(f"no card with types {types!r} in region {region!r}")


def offering_state(
    base: NAState,
    hand: Sequence[int],
    conditions: Sequence[Condition],
    levels: Sequence[int] | None = None,
    config: Config | None = None,
) -> NAState:
    """Seat 0 at the start of an offering phase holding ``hand`` (kinds), facing Monuments whose next-level
    conditions are ``conditions`` (each Monument gets that condition at the given level, default level 0)."""
    levels = tuple(levels) if levels is not None else (0,) * len(conditions)
    params = replace(base.params, monument_text=tuple("|".join([condition_text(c)] * 3) for c in conditions))
    n = base.config.players
    deck = list(base.params.card_count)
    for k in hand:
        deck[k] -= 1
    rows = tuple(tuple(level if p == 0 else 0 for p in range(n)) for level in levels)
    return evolve(
        base,
        config=config or base.config,
        params=params,
        phase=PH_OFFER,
        round=1,
        first=0,
        to_move=0,
        pending=0,
        deck=tuple(deck),
        hands=(tuple(sorted(hand)), *((),) * (n - 1)),
        visible=tuple(range(len(conditions))),
        levels=rows,
        phase_levels=rows,
        seen=frozenset(range(len(conditions))),
        pile=0,
    )


def with_readings(state: NAState, game_config: Config, readings: Mapping[str, str]) -> NAState:
    merged = dict(game_config.readings)
    merged.update(readings)
    return evolve(state, config=replace(game_config, readings=tuple(sorted(merged.items()))))


def options_for(params: Params, hand: Sequence[int], config: Config) -> list[Options]:
    tc, dc = config.reading("type_choice"), config.reading("double_card")
    return [type_options(params.card_types[k], tc, dc) for k in hand]


def advanced_by(state: NAState, seat: int, offered: Sequence[tuple[int, tuple[int, ...], int]]) -> tuple[int, ...]:
    """Visible Monuments (indices) that ``offered`` (kind, types, target Monument) moves ``seat`` up, by the rules'
    own function."""
    probe = evolve(state, offering=tuple(offered))
    after = advance_levels(probe, seat)
    return tuple(i for i, (a, b) in enumerate(zip(state.levels, after, strict=True)) if a[seat] != b[seat])


def best_count_bruteforce(
    options: Sequence[Options],
    regions: Sequence[int],
    conditions: Sequence[Condition | None],
    both: bool,
    per_monument: bool,
    split: bool = False,
) -> tuple[int, int]:
    """(most Monuments advanced, fewest cards doing so), by exhaustive search (for small hands only)."""

    def count(cards: Sequence[int]) -> int:
        opts = [options[i] for i in cards]
        regs = [regions[i] for i in cards]
        if split:
            best = 0
            for target in itertools.product(range(len(conditions)), repeat=len(cards)):
                advanced = 0
                for m, cond in enumerate(conditions):
                    mine = [j for j, t in enumerate(target) if t == m]
                    if (
                        cond is not None
                        and mine
                        and meets_some_choice(cond, [opts[j] for j in mine], [regs[j] for j in mine], both)
                    ):
                        advanced += 1
                best = max(best, advanced)
            return best
        if per_monument:
            return sum(1 for c in conditions if c is not None and meets_some_choice(c, opts, regs, both))
        best = 0
        for choice in itertools.product(*opts):
            counts, region_counts = tally(choice, regs)
            best = max(best, sum(1 for c in conditions if c is not None and meets(c, counts, region_counts, both)))
        return best

    top = count(range(len(options)))
    for size in range(len(options) + 1):
        for cards in itertools.combinations(range(len(options)), size):
            if count(cards) == top:
                return top, size
    raise AssertionError("unreachable: the whole hand reaches the top")  # pragma: no cover

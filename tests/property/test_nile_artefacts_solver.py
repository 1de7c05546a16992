"""The Z3 encoding of offerings agrees with the Python rules (differential tests over small hands)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from nilerules.games.nile_artefacts.names import Condition, Options, parse_condition
from nilerules.games.nile_artefacts.rules.conditions import meets, meets_some_choice, tally, type_options
from nilerules.solver.nile_artefacts import best_offering

CONDITIONS = [
    parse_condition(t)
    for t in (
        "type:eye",
        "type:cat",
        "pair:2:ankh+eye",
        "pair:3:statue+cat",
        "pair:4:figure+bird",
        "same:2",
        "same:3",
        "same:4",
        "diff:2",
        "diff:3",
        "diff:4",
        "region:nile",
        "region:fields",
        "each:nile+desert",
        "each:nile+desert+fields",
        "two_plus:fields+desert",
    )
]

single = st.tuples(st.tuples(st.integers(0, 5)), st.integers(0, 2))
double = st.tuples(st.tuples(st.integers(0, 5), st.integers(0, 5)), st.just(2))
cards = st.lists(st.one_of(single, single, double), min_size=1, max_size=3)
readings = st.fixed_dictionaries(
    {
        "type_choice": st.sampled_from(["any_type", "shown_type"]),
        "double_card": st.sampled_from(["two_same", "two_each", "one"]),
        "pair_mix": st.sampled_from(["any_mix", "both_types"]),
        "type_scope": st.sampled_from(["per_offering", "per_monument"]),
        "card_sharing": st.sampled_from(["shared", "split"]),
    }
)
conditions = st.lists(st.sampled_from(CONDITIONS), min_size=1, max_size=4)


@settings(max_examples=40)
@given(hand=cards, conds=conditions, r=readings)
def test_z3_best_offering_matches_exhaustive_search(
    hand: list[tuple[tuple[int, ...], int]], conds: list[Condition], r: dict[str, str]
) -> None:
    """Most Monuments advanced and fewest cards used: Z3 Optimize == brute force over subsets and typings."""
    options = [type_options(t, r["type_choice"], r["double_card"]) for t, _ in hand]
    regions = [reg for _, reg in hand]
    pair_mix_both_types = r["pair_mix"] == "both_types"
    type_scope_per_monument = r["type_scope"] == "per_monument"
    card_sharing_split = r["card_sharing"] == "split"
    best = best_offering(options, regions, conds, pair_mix_both_types, type_scope_per_monument, rlimit=50_000_000,
                         card_sharing_split=card_sharing_split)
    assert best.status == "optimal"
    assert (len(best.advanced), len(best.used)) == best_count_bruteforce(
        options, regions, conds, pair_mix_both_types, type_scope_per_monument, card_sharing_split
    )
    if not type_scope_per_monument and not card_sharing_split:
        counts, region_counts = tally(best.choice, [regions[i] for i in best.used])
        met = tuple(m for m, c in enumerate(conds) if meets(c, counts, region_counts, pair_mix_both_types))
        assert met == best.advanced


@given(hand=cards, cond=st.sampled_from(CONDITIONS), r=readings)
def test_meets_some_choice_equals_trying_every_typing(
    hand: list[tuple[tuple[int, ...], int]], cond: Condition, r: dict[str, str]
) -> None:
    """The per-Monument shortcut (sums, DP over type sets) agrees with enumerating every typing."""
    options = [type_options(t, r["type_choice"], r["double_card"]) for t, _ in hand]
    regions = [reg for _, reg in hand]
    pair_mix_both_types = r["pair_mix"] == "both_types"
    brute = any(meets(cond, *tally(choice, regions), pair_mix_both_types) for choice in itertools.product(*options))
    assert meets_some_choice(cond, options, regions, pair_mix_both_types) == brute


@given(hand=cards, cond=st.sampled_from(CONDITIONS), extra=st.one_of(single, double), r=readings)
def test_conditions_are_monotone_in_the_offering(
    hand: list[tuple[tuple[int, ...], int]], cond: Condition, extra: tuple[tuple[int, ...], int], r: dict[str, str]
) -> None:
    """'must contain at least': adding a card never un-meets a condition (why offering everything is best)."""
    pair_mix_both_types = r["pair_mix"] == "both_types"
    opts = [type_options(t, r["type_choice"], r["double_card"]) for t, _ in hand]
    regions = [reg for _, reg in hand]
    if meets_some_choice(cond, opts, regions, pair_mix_both_types):
        more = [*opts, type_options(extra[0], r["type_choice"], r["double_card"])]
        assert meets_some_choice(cond, more, [*regions, extra[1]], pair_mix_both_types)


def best_count_bruteforce(
    options: Sequence[Options],
    regions: Sequence[int],
    conditions: Sequence[Condition | None],
    pair_mix_both_types: bool,
    type_scope_per_monument: bool,
    card_sharing_split: bool = False,
) -> tuple[int, int]:
    """(most Monuments advanced, fewest cards doing so), by exhaustive search over the Python rules (for small hands
    only): the reference the solver's offering search is held to."""

    def count(cards: Sequence[int]) -> int:
        opts = [options[i] for i in cards]
        regs = [regions[i] for i in cards]
        if card_sharing_split:
            best = 0
            for target in itertools.product(range(len(conditions)), repeat=len(cards)):
                advanced = 0
                for m, cond in enumerate(conditions):
                    mine = [j for j, t in enumerate(target) if t == m]
                    if (
                        cond is not None
                        and mine
                        and meets_some_choice(
                            cond, [opts[j] for j in mine], [regs[j] for j in mine], pair_mix_both_types
                        )
                    ):
                        advanced += 1
                best = max(best, advanced)
            return best
        if type_scope_per_monument:
            return sum(1 for c in conditions if c is not None and meets_some_choice(c, opts, regs, pair_mix_both_types))
        best = 0
        for choice in itertools.product(*opts):
            counts, region_counts = tally(choice, regs)
            met = (c is not None and meets(c, counts, region_counts, pair_mix_both_types) for c in conditions)
            best = max(best, sum(1 for m in met if m))
        return best

    top = count(range(len(options)))
    for size in range(len(options) + 1):
        for cards in itertools.combinations(range(len(options)), size):
            if count(cards) == top:
                return top, size
    raise AssertionError("unreachable: the whole hand reaches the top")  # pragma: no cover

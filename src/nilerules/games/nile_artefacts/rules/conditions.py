"""Offering conditions: which types an offered card may count as, and whether an offering meets a condition.

Every condition is a lower bound ("the offering must contain at least"), so each is monotone: adding a card to an
offering never un-meets a condition.

This module is compiled by mypyc in a regular install. The functions checked at every offering cite their rules with
``rule(...)(function)`` right after their definition rather than with the ``@rule`` decorator: compiled code calls a
decorated function through the module's namespace (the decorator could have replaced it), about twenty times slower
than a direct call. The registry records the same thing either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from nilerules.core import rule
from nilerules.games.nile_artefacts.names import (
    COND_DIFF,
    COND_EACH,
    COND_PAIR,
    COND_REGION,
    COND_SAME,
    COND_TWO_PLUS,
    COND_TYPE,
    N_REGIONS,
    N_TYPES,
    Condition,
    Options,
)
from nilerules.games.nile_artefacts.params import DoubleCard, TypeChoice


@rule("nile_artefacts.offerings.choose_type", "nile_artefacts.conditions.double_cards")
@cache
def type_options(printed: tuple[int, ...], type_choice: TypeChoice, double_card: DoubleCard) -> Options:
    """The ways a card printed with ``printed`` types may count in an offering, under the given readings.

    A one-type card gives one Artifact. A 2-Artifact card gives two Artifacts of one chosen type (``two_same``), two
    separately chosen Artifacts (``two_each``) or, if 'produces 1 Artifact' wins, one Artifact (``one``).
    """
    pool = tuple(range(N_TYPES)) if type_choice == "any_type" else tuple(sorted(set(printed)))
    if len(printed) == 1:
        return tuple((t,) for t in pool)
    if double_card == "two_same":
        return tuple((t, t) for t in pool)
    if double_card == "one":
        return tuple((t,) for t in pool)
    if type_choice == "any_type":
        return tuple((a, b) for a in pool for b in pool if a <= b)
    return (tuple(sorted(printed)),)


def _type(n: int, a: int, counts: list[int]) -> bool:
    return counts[a] >= n


rule("nile_artefacts.conditions.type")(_type)


def _pair(n: int, a: int, b: int, counts: list[int], pair_mix_both_types: bool) -> bool:
    if pair_mix_both_types and (counts[a] == 0 or counts[b] == 0):  # NA-004 (pair_mix)
        return False
    return counts[a] + counts[b] >= n


rule("nile_artefacts.conditions.pair")(_pair)


def _same(n: int, counts: list[int]) -> bool:
    return any(c >= n for c in counts)  # compiled, a loop (max(counts) is a generic call)


rule("nile_artefacts.conditions.same")(_same)


def _diff(n: int, counts: list[int]) -> bool:
    kinds = 0
    for c in counts:
        if c:
            kinds += 1
    return kinds >= n


rule("nile_artefacts.conditions.different")(_diff)


def _region(n: int, a: int, regions: list[int]) -> bool:
    return regions[a] >= n


rule("nile_artefacts.conditions.region")(_region)


def _each(a: int, b: int, c: int, regions: list[int]) -> bool:
    return regions[a] >= 1 and regions[b] >= 1 and (c < 0 or regions[c] >= 1)


rule("nile_artefacts.conditions.each_region")(_each)


def _two_plus(a: int, b: int, regions: list[int]) -> bool:
    return regions[a] >= 1 and regions[b] >= 1 and regions[a] + regions[b] >= 3


rule("nile_artefacts.conditions.two_plus_one")(_two_plus)


def meets(cond: Condition, counts: Sequence[int], regions: Sequence[int], pair_mix_both_types: bool) -> bool:
    """Whether Artifact type counts ``counts`` (6) and card region counts ``regions`` (3) meet ``cond``."""
    return meets_counts(cond, list(counts), list(regions), pair_mix_both_types)


rule("nile_artefacts.conditions.header")(meets)


def meets_counts(cond: Condition, counts: list[int], regions: list[int], pair_mix_both_types: bool) -> bool:
    """``meets`` on lists (what ``tally`` returns): the rules' path, without copying the counts (compiled code
    reads a list of ints directly, a general sequence through the generic protocol)."""
    kind, n, a, b, c = cond
    if kind == COND_TYPE:
        return _type(n, a, counts)
    if kind == COND_PAIR:
        return _pair(n, a, b, counts, pair_mix_both_types)
    if kind == COND_SAME:
        return _same(n, counts)
    if kind == COND_DIFF:
        return _diff(n, counts)
    if kind == COND_REGION:
        return _region(n, a, regions)
    if kind == COND_EACH:
        return _each(a, b, c, regions)
    if kind == COND_TWO_PLUS:
        return _two_plus(a, b, regions)
    raise ValueError(f"unknown condition kind {kind!r}")


def tally(types: Sequence[tuple[int, ...]], card_regions: Sequence[int]) -> tuple[list[int], list[int]]:
    """Type counts of the Artifacts and region counts of the cards (a 2-Artifact card is one card)."""
    counts = [0] * N_TYPES
    for chosen in types:
        for t in chosen:
            counts[t] = counts[t] + 1
    regions = [0] * N_REGIONS
    for r in card_regions:
        regions[r] = regions[r] + 1
    return counts, regions


def tally_offering(
    offering: tuple[tuple[int, tuple[int, ...], int], ...], card_region: tuple[int, ...]
) -> tuple[list[int], list[int]]:
    """``tally`` of an offering's entries (kind, chosen types, Monument): the types as chosen, the kinds' regions."""
    counts = [0] * N_TYPES
    regions = [0] * N_REGIONS
    for kind, chosen, _ in offering:
        for t in chosen:
            counts[t] = counts[t] + 1
        region = card_region[kind]
        regions[region] = regions[region] + 1
    return counts, regions


def meets_some_choice(
    cond: Condition, options: Sequence[Options], card_regions: Sequence[int], pair_mix_both_types: bool
) -> bool:
    """Whether some choice of one option per card meets ``cond`` (exact, without enumerating every assignment)."""
    kind, n, a, b, _ = cond
    if kind >= COND_REGION:
        return meets_counts(cond, [0] * N_TYPES, tally((), card_regions)[1], pair_mix_both_types)
    if kind == COND_TYPE:
        return sum(max(o.count(a) for o in opts) for opts in options) >= n
    if kind == COND_SAME:
        return any(sum(max(o.count(t) for o in opts) for opts in options) >= n for t in range(N_TYPES))
    if kind == COND_PAIR:
        if not pair_mix_both_types:  # NA-004 (pair_mix)
            return sum(max(o.count(a) + o.count(b) for o in opts) for opts in options) >= n
        states = {(0, 0)}
        for opts in options:
            states = {(min(x + o.count(a), n), min(y + o.count(b), n)) for x, y in states for o in opts}
        return any(x >= 1 and y >= 1 and x + y >= n for x, y in states)
    # COND_DIFF: which sets of types can be covered
    masks = {0}
    for opts in options:
        masks = {m | _mask(o) for m in masks for o in opts}
    return max(bin(m).count("1") for m in masks) >= n


@cache
def _mask(types: tuple[int, ...]) -> int:
    m = 0
    for t in types:
        m |= 1 << t
    return m

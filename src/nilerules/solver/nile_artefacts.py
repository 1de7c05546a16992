"""Z3 encodings for Nile Artefacts offerings: the best offering for a hand, and hands on which readings diverge.

An offered card is encoded by ``use`` (offered or not) and a choice index into its options (the type tuples it may
count as under the readings); every Monument condition is a linear bound on type counts and region counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import z3

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
from nilerules.solver.core import lexicographic, value


@dataclass(frozen=True, slots=True)
class BestOffering:
    """The offering advancing the most Monuments with the fewest cards (status 'optimal' or 'unknown')."""

    status: str
    advanced: tuple[int, ...]
    """Indices (into the conditions) of the Monuments advanced."""
    used: tuple[int, ...]
    """Indices (into the hand) of the cards offered."""
    choice: tuple[tuple[int, ...], ...]
    """For each used card, the types it counts as (empty under ``type_scope_per_monument``, where each Monument
    re-chooses)."""
    targets: tuple[int, ...] = ()
    """Under ``card_sharing_split``: for each used card, the Monument it is pushed toward."""


def _condition(cond: Condition, counts: Sequence[Any], regions: Sequence[Any], pair_mix_both_types: bool) -> Any:
    kind, n, a, b, c = cond
    if kind == COND_TYPE:
        return counts[a] >= n
    if kind == COND_PAIR:
        base = counts[a] + counts[b] >= n
        return z3.And(base, counts[a] >= 1, counts[b] >= 1) if pair_mix_both_types else base
    if kind == COND_SAME:
        return z3.Or(*[x >= n for x in counts])
    if kind == COND_DIFF:
        return z3.Sum(*[z3.If(x >= 1, 1, 0) for x in counts]) >= n
    if kind == COND_REGION:
        return regions[a] >= n
    if kind == COND_EACH:
        parts = [regions[a] >= 1, regions[b] >= 1]
        if c >= 0:
            parts.append(regions[c] >= 1)
        return z3.And(*parts)
    if kind == COND_TWO_PLUS:
        return z3.And(regions[a] >= 1, regions[b] >= 1, regions[a] + regions[b] >= 3)
    raise ValueError(f"unknown condition kind {kind!r}")


def _card_counts(choice: Sequence[Any], options: Sequence[Options]) -> list[list[Any | None]]:
    """For each card and type, how many Artifacts of that type the card counts as under its choice (None: none under
    any option). Built once per choice vector and shared by every sum over it."""
    table: list[list[Any | None]] = []
    for ch, opts in zip(choice, options, strict=True):
        picks = [ch == idx for idx in range(len(opts) - 1)]
        row: list[Any | None] = []
        for t in range(N_TYPES):
            per = [o.count(t) for o in opts]
            if not any(per):
                row.append(None)
                continue
            expr: Any = z3.IntVal(per[-1])
            for idx in range(len(opts) - 2, -1, -1):
                expr = z3.If(picks[idx], per[idx], expr)
            row.append(expr)
        table.append(row)
    return table


def _counts(use: Sequence[Any], table: Sequence[Sequence[Any | None]]) -> list[Any]:
    """Artifacts of each type among the cards in ``use`` (``table`` from `_card_counts`)."""
    counts = []
    for t in range(N_TYPES):
        terms = [z3.If(u, row[t], 0) for u, row in zip(use, table, strict=True) if row[t] is not None]
        counts.append(z3.Sum(*terms) if terms else z3.IntVal(0))
    return counts


def best_offering(
    options: Sequence[Options],
    regions: Sequence[int],
    conditions: Sequence[Condition | None],
    pair_mix_both_types: bool,
    type_scope_per_monument: bool,
    rlimit: int = 5_000_000,
    canonical: bool = True,
    card_sharing_split: bool = False,
) -> BestOffering:
    """Maximise the Monuments advanced, then minimise the cards offered, then take the lexicographically least such
    offering (`nilerules.solver.core.lexicographic`), so the answer is reproducible. With ``canonical=False`` only the
    first objective is sought: some offering advancing the most Monuments, enough when only their number is needed.

    ``conditions[m]`` is the next-level condition of Monument m for this player (None when already at the top).
    Under ``card_sharing_split`` each used card is pushed toward one Monument and counts only there (its type is then
    chosen once, which is the same under either type scope).
    """
    k = len(options)
    cons: list[Any] = []
    use = [z3.Bool(f"use{i}") for i in range(k)]
    region_counts = [
        z3.Sum(*[z3.If(use[i], 1, 0) for i in range(k) if regions[i] == r]) if r in regions else z3.IntVal(0)
        for r in range(N_REGIONS)
    ]
    if card_sharing_split:
        type_scope_per_monument = False
    scopes = [m for m, c in enumerate(conditions) if c is not None] if type_scope_per_monument else [-1]
    choices: dict[int, list[Any]] = {}
    for scope in scopes:
        ch = [z3.Int(f"c{scope}_{i}") for i in range(k)]
        for i, opts in enumerate(options):
            cons.extend((ch[i] >= 0, ch[i] < len(opts)))
        choices[scope] = ch
    target = [z3.Int(f"to{i}") for i in range(k)]
    if card_sharing_split:
        for i in range(k):
            cons.extend(
                (target[i] >= 0, target[i] < max(1, len(conditions)), z3.Implies(z3.Not(use[i]), target[i] == 0))
            )
    adv = []
    tables = {scope: _card_counts(ch, options) for scope, ch in choices.items()}
    counts = {} if card_sharing_split else {scope: _counts(use, table) for scope, table in tables.items()}
    for m, cond in enumerate(conditions):
        flag = z3.Bool(f"adv{m}")
        if cond is None:
            cons.append(z3.Not(flag))
        elif card_sharing_split:
            mine = [z3.And(use[i], target[i] == m) for i in range(k)]
            regs = [
                z3.Sum(*[z3.If(mine[i], 1, 0) for i in range(k) if regions[i] == r]) if r in regions else z3.IntVal(0)
                for r in range(N_REGIONS)
            ]
            cons.append(flag == _condition(cond, _counts(mine, tables[-1]), regs, pair_mix_both_types))
        else:
            scope = m if type_scope_per_monument else -1
            cons.append(flag == _condition(cond, counts[scope], region_counts, pair_mix_both_types))
        adv.append(flag)
    advanced_total = z3.Sum(*[z3.If(f, 1, 0) for f in adv]) if adv else z3.IntVal(0)
    cards_total = z3.Sum(*[z3.If(u, 1, 0) for u in use]) if use else z3.IntVal(0)
    objectives = [(advanced_total, "max"), (cards_total, "min")] if canonical else [(advanced_total, "max")]
    if canonical:
        # the optimum is unique in value, not in model: take the lexicographically least optimal offering
        terms = [z3.If(u, 1, 0) for u in use]
        if card_sharing_split:
            terms += target
        if not type_scope_per_monument:
            terms += [choices[-1][i] for i in range(k)]
        objectives += [(t, "min") for t in terms]
    model = lexicographic(cons, objectives, rlimit)
    if model is None:
        return BestOffering("unknown", (), (), ())
    return _decode(model, use, adv, choices, options, type_scope_per_monument, target if card_sharing_split else None)


def _decode(
    model: Any,
    use: Sequence[Any],
    adv: Sequence[Any],
    choices: Mapping[int, Sequence[Any]],
    options: Sequence[Options],
    type_scope_per_monument: bool,
    target: Sequence[Any] | None,
) -> BestOffering:
    k = len(use)
    used = tuple(i for i in range(k) if value(model, use[i]))
    advanced = tuple(m for m, f in enumerate(adv) if value(model, f))
    chosen: tuple[tuple[int, ...], ...] = ()
    if not type_scope_per_monument:
        chosen = tuple(options[i][value(model, choices[-1][i])] for i in used)
    targets = tuple(value(model, target[i]) for i in used) if target is not None else ()
    return BestOffering("optimal", advanced, used, chosen, targets)


def lexmin(constraints: Sequence[Any], terms: Sequence[Any], rlimit: int) -> Any:
    """A model of ``constraints`` whose values of ``terms`` are lexicographically least (None if Z3 gives up).

    Z3's models vary with the solver's history; the lexicographic minimum does not, so answers are reproducible.
    """
    return lexicographic(constraints, [(t, "min") for t in terms], rlimit)


@dataclass(frozen=True, slots=True)
class DivergentHand:
    """A hand (card kinds) on which the two readings' best offerings advance different numbers of Monuments."""

    status: str
    kinds: tuple[int, ...]
    advanced_any: tuple[int, ...]
    """Monuments the hand can advance when any type may be chosen (all cards offered)."""
    advanced_shown: tuple[int, ...]
    """Monuments it advances when each card counts as its printed type(s)."""
    types_any: tuple[tuple[int, ...], ...]


def divergent_hand(
    card_types: Sequence[tuple[int, ...]],
    card_region: Sequence[int],
    available: Sequence[int],
    conditions: Sequence[Condition],
    hand_size: int,
    pair_mix_both_types: bool,
    rlimit: int = 5_000_000,
) -> DivergentHand:
    """Find a hand of ``hand_size`` cards (kinds with ``available`` copies) maximising the gap between the Monuments a
    whole-hand offering advances under ``any_type`` (types chosen once per offering, per card one type per Artifact)
    and under ``shown_type`` with each Artifact its printed type (``two_each``, so the shown side has no choice).

    Both sides offer the whole hand, which is optimal for advancement since every condition is monotone.
    """
    cons: list[Any] = []
    kinds = [z3.Int(f"k{i}") for i in range(hand_size)]
    n_kinds = len(card_types)
    for i, kv in enumerate(kinds):
        cons.extend((kv >= 0, kv < n_kinds))
        if i:
            cons.append(kinds[i - 1] <= kv)
    for k in range(n_kinds):
        cons.append(z3.Sum(*[z3.If(kv == k, 1, 0) for kv in kinds]) <= available[k])

    def lookup(kv: Any, table: Sequence[int]) -> Any:
        expr: Any = z3.IntVal(table[-1])
        for k in range(len(table) - 2, -1, -1):
            expr = z3.If(kv == k, table[k], expr)
        return expr

    regions = [z3.Sum(*[z3.If(lookup(kv, list(card_region)) == r, 1, 0) for kv in kinds]) for r in range(N_REGIONS)]
    arts = [lookup(kv, [len(t) for t in card_types]) for kv in kinds]
    first = [lookup(kv, [t[0] for t in card_types]) for kv in kinds]
    second = [lookup(kv, [t[-1] for t in card_types]) for kv in kinds]
    shown = [
        z3.Sum(
            *[
                z3.If(f == t, 1, 0) + z3.If(z3.And(a == 2, s == t), 1, 0)
                for f, s, a in zip(first, second, arts, strict=True)
            ]
        )
        for t in range(N_TYPES)
    ]
    # any_type: each Artifact j of card i gets a free type
    free = [[z3.Int(f"t{i}_{j}") for j in range(2)] for i in range(hand_size)]
    for row in free:
        for v in row:
            cons.extend((v >= 0, v < N_TYPES))
    chosen = [
        z3.Sum(
            *[
                z3.If(row[0] == t, 1, 0) + z3.If(z3.And(a == 2, row[1] == t), 1, 0)
                for row, a in zip(free, arts, strict=True)
            ]
        )
        for t in range(N_TYPES)
    ]
    adv_any = [z3.Bool(f"any{m}") for m in range(len(conditions))]
    adv_shown = [z3.Bool(f"shown{m}") for m in range(len(conditions))]
    for m, cond in enumerate(conditions):
        cons.append(adv_any[m] == _condition(cond, chosen, regions, pair_mix_both_types))
        cons.append(adv_shown[m] == _condition(cond, shown, regions, pair_mix_both_types))
    gap = z3.Sum(*[z3.If(f, 1, 0) for f in adv_any]) - z3.Sum(*[z3.If(f, 1, 0) for f in adv_shown])
    # unused second types (one-Artifact cards) are pinned to 0 so that the least model is well defined
    pins = [z3.Implies(a == 1, row[1] == 0) for row, a in zip(free, arts, strict=True)]
    least = [(v, "min") for v in [*kinds, *[v for row in free for v in row]]]
    model = lexicographic([*cons, *pins], [(gap, "max"), *least], rlimit)
    if model is None:
        return DivergentHand("unknown", (), (), (), ())
    hand = tuple(value(model, kv) for kv in kinds)
    types_any = tuple(
        tuple(value(model, free[i][j]) for j in range(len(card_types[hand[i]]))) for i in range(hand_size)
    )
    return DivergentHand(
        "optimal",
        hand,
        tuple(m for m, f in enumerate(adv_any) if value(model, f)),
        tuple(m for m, f in enumerate(adv_shown) if value(model, f)),
        types_any,
    )

"""The offering checks of Nile Artefacts: which types a card may count as and what an offering must hold (NA-001 to
NA-004, NA-013), and whether a player may offer nothing (NA-014).

Every witness is met in seeded play. NA-001, NA-002, NA-003 and NA-013 change which offers exist (and how they are
written), not the positions before them: their witness is the first position of seeded play where a seat is to begin
its offering and its best offering advances different numbers of Monuments under the readings
(``shared.offering_in_play``); the best offerings are optimised with Z3 (``nilerules.solver.nile_artefacts``) on the
position the log reaches under each reading, and every Z3 answer is re-checked by the rules' own ``advance_levels``.
NA-004 changes which Monuments an offering advances: its witness is the first offering of seeded play that advances
differently (``kit.find_divergence``). NA-014 changes whether Done is legal: its witness is the first position where
the legal moves differ. Every number a summary states is read from the params of the game checked or computed by
running the readings.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from nilerules.checks.kit import Divergence, all_readings, find_divergence, play_witness, replay_actions, under
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nile_artefacts.queries import query_condition_odds
from nilerules.checks.nile_artefacts.shared import (
    Met,
    fewest_players,
    first_parting,
    log_witness,
    most_players,
    nothing_found,
    offering_in_play,
    random_games,
    with_data,
)
from nilerules.checks.registry import check
from nilerules.core import Unknown
from nilerules.games.nile_artefacts.actions import Done
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.names import (
    N_TYPES,
    TYPE_NAMES,
    Condition,
    condition_text,
    is_pair,
    needed,
    on_types,
)
from nilerules.games.nile_artefacts.params import readings_of
from nilerules.games.nile_artefacts.rules.conditions import meets, meets_some_choice, type_options
from nilerules.games.nile_artefacts.rules.offerings import advance_levels
from nilerules.games.nile_artefacts.situations import advanced_by, options_for
from nilerules.games.nile_artefacts.state import PH_OFFER, NAState

if TYPE_CHECKING:
    from nilerules.solver.nile_artefacts import BestOffering

OPTIMIZE_FACTOR = 10
"""An Optimize query runs several checks, so it gets ten times the budget's per-query rlimit."""
ODDS_CARDS = 3
"""Hand size of the exact odds NA-001's reason states (a figure's bound, not a rule)."""


class SolverGaveUp(Exception):
    """Z3 returned unknown within its resource limit."""


# ------------------------------------------------------------------------------------------------ helpers
def solve(state: NAState, seat: int, rlimit: int, canonical: bool = True) -> tuple[BestOffering, tuple[int, ...]]:
    """Z3's best offering for ``seat`` in ``state`` and the Monuments the rules say it advances (they must agree).
    With ``canonical=False``, some offering advancing the most Monuments (not the fewest cards): for counts only."""
    from nilerules.solver.nile_artefacts import best_offering

    hand = state.hands[seat]
    p = state.params
    conds: list[Condition | None] = [
        p.monuments[m][row[seat]] if row[seat] < p.top else None
        for m, row in zip(state.visible, state.levels, strict=True)
    ]
    chosen = readings_of(state.config)
    per_monument = chosen.type_scope == "per_monument"
    best = best_offering(
        options_for(p, hand, state.config),
        [p.card_region[k] for k in hand],
        conds,
        chosen.pair_mix == "both_types",
        per_monument,
        rlimit * OPTIMIZE_FACTOR,
        canonical,
        chosen.card_sharing == "split",
    )
    if best.status != "optimal":
        raise SolverGaveUp(f"rlimit {rlimit * OPTIMIZE_FACTOR}")
    targets = best.targets or (-1,) * len(best.used)
    offered: list[tuple[int, tuple[int, ...], int]]
    if per_monument:
        offered = [(hand[i], (), t) for i, t in zip(best.used, targets, strict=True)]
    else:
        offered = [(hand[i], types, t) for i, types, t in zip(best.used, best.choice, targets, strict=True)]
    checked = advanced_by(state, seat, offered)
    if checked != best.advanced:
        raise AssertionError(f"Z3 and the rules disagree on {offered!r}: {best.advanced} vs {checked}")
    return best, checked


def describe_offer(state: NAState, seat: int, best: BestOffering) -> str:
    hand = state.hands[seat]
    p = state.params
    if not best.used:
        return "nothing"
    if not best.choice:
        return ", ".join(p.cards[hand[i]] for i in best.used) + " (types re-chosen for each Monument)"
    parts = []
    targets = best.targets or (-1,) * len(best.used)
    conds = next_conditions(state, seat)
    for i, types, target in zip(best.used, best.choice, targets, strict=True):
        where = f" toward {conds[target]}" if target >= 0 else ""
        parts.append(f"{p.cards[hand[i]]} as {'+'.join(TYPE_NAMES[t] for t in types)}{where}")
    return ", ".join(parts)


def next_conditions(state: NAState, seat: int) -> list[str]:
    """The condition of the seat's next level on each visible Monument (``top`` where it stands at the top)."""
    p = state.params
    return [
        condition_text(p.monuments[m][row[seat]]) if row[seat] < p.top else "top"
        for m, row in zip(state.visible, state.levels, strict=True)
    ]


def best_words(state: NAState, rlimit: int) -> tuple[str, int]:
    """The best offering of the seat to move (most Monuments, then fewest cards) in words, and how many Monuments it
    advances, under the position's readings."""
    seat = state.to_move
    best, advanced = solve(state, seat, rlimit)
    conds = next_conditions(state, seat)
    names = [conds[i] for i in advanced]
    words = f"best offering {describe_offer(state, seat, best)} advances {len(advanced)}: {names or 'none'}"
    return words, len(advanced)


def held(state: NAState) -> str:
    """The cards of the seat to move, by name."""
    return ", ".join(state.params.cards[k] for k in state.hands[state.to_move])


def offering_witness(game: NileArtefactsGame, ambiguity: str, budget: Budget) -> CheckResult:
    """The first position of seeded random play where a seat is to begin its offering and its best offering
    advances different numbers of Monuments under the readings (``shared.offering_in_play``); each reading's outcome
    is the best offering at the position the log reaches under it. The data add, for each reading, the count
    (``advanced_<reading>``), and the round, seat, cards and next-level conditions there."""
    players = fewest_players(game)
    games = max(3, budget.playouts)
    searched = (
        f"seeded random {players}-player games (up to {games}), each up to its first card offered; at each seat's "
        "turn to offer, the best offering under each reading (Z3, re-checked by the rules)"
    )

    def counts(states: Mapping[str, NAState]) -> bool:
        return len({len(solve(s, s.to_move, budget.rlimit)[1]) for s in states.values()}) > 1

    try:
        met = offering_in_play(
            game, ambiguity, game.config(players), range(budget.seed, budget.seed + games), counts
        )
        if met is None:
            return nothing_found(searched)
        at = met.before
        lead = (
            f"In seeded game {met.seed - budget.seed}, at round {at.round}'s offerings, seat {at.to_move} holds "
            f"{held(at)} against the next levels {', '.join(next_conditions(at, at.to_move))}: "
        )
        extra: dict[str, Any] = {
            "round": at.round,
            "seat": at.to_move,
            "hand": [at.params.cards[k] for k in at.hands[at.to_move]],
            "monument_conditions": next_conditions(at, at.to_move),
        }
        for reading in all_readings(game, ambiguity):
            extra[f"advanced_{reading}"] = _count_under(game, ambiguity, met, reading, budget.rlimit)
        return log_witness(
            game, ambiguity, met, budget.seed, lambda s: best_words(s, budget.rlimit)[0], lead, searched, extra
        )
    except SolverGaveUp as exc:
        return CheckResult(Unknown("Z3 gave up optimising an offering", str(exc)), "z3", (), searched)


def _count_under(game: NileArtefactsGame, ambiguity: str, met: Met, reading: str, rlimit: int) -> int:
    state = replay_actions(game, under(game, met.config, ambiguity, reading), met.actions)
    return best_words(state, rlimit)[1]


# ------------------------------------------------------------------------------------------------ NA-001
@check("type_choice")
def check_type_choice(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Any type vs a type shown on the card: the first offering of seeded play whose best offering differs; with the
    exact odds that a few random cards meet the data's first single-type condition, the exhaustive reduction of type
    conditions to counts under ``any_type``, and how often whole hands met type conditions in random play."""
    result = offering_witness(game, "type_choice", budget)
    figures: dict[str, Any] = {"any_type_counts_only": type_conditions_reduce_to_counts(game)}
    odds = single_type_odds(game, ODDS_CARDS)
    if odds is not None:
        figures.update(odds)
    played = type_condition_figures(game, budget)
    figures.update(
        {
            "random_games": played["games"],
            "random_players": played["players"],
            "met_pct_any_type": played["any_type"]["met_pct"],
            "met_pct_shown_type": played["shown_type"]["met_pct"],
            "random_play": played,
        }
    )
    return with_data(result, figures)


def single_type_odds(game: NileArtefactsGame, cards: int) -> dict[str, Any] | None:
    """The exact chance that ``cards`` cards drawn from the full pile can meet the data's first single-type condition
    under ``any_type`` and under ``shown_type`` (the other readings at their defaults), as the ``condition-odds``
    query computes it; None when the data has no single-type condition."""
    p = game.params(game.config(fewest_players(game)))
    single = next((c for m in p.monuments for c in m if condition_text(c).startswith("type:")), None)
    if single is None:
        return None
    pair_mix = game.spec.ambiguities["pair_mix"].default
    answer = query_condition_odds(game, {"condition": condition_text(single), "cards": cards, "pair_mix": pair_mix})
    double = game.spec.ambiguities["double_card"].default
    odds = answer.data["odds"]
    return {
        "odds_condition": condition_text(single),
        "odds_cards": cards,
        "odds_any_type": f"{float(Fraction(odds[f'any_type/{double}'])):.4f}",
        "odds_shown_type": f"{float(Fraction(odds[f'shown_type/{double}'])):.4f}",
    }


def type_conditions_reduce_to_counts(game: NileArtefactsGame, max_artifacts: int = 8) -> str:
    """Exhaustive: with free types, a type condition needing n is met by some typing iff there are >= n Artifacts."""
    monuments = game.params(game.config(fewest_players(game))).monuments
    conds = sorted({c for m in monuments for c in m if on_types(c)})
    for total in range(max_artifacts + 1):
        vectors = [v for v in itertools.product(range(total + 1), repeat=N_TYPES) if sum(v) == total]
        for cond in conds:
            reachable = any(meets(cond, v, (0, 0, 0), True) for v in vectors)
            if reachable != (total >= needed(cond)):
                return f"refuted for {condition_text(cond)} with {total} Artifacts"
    return f"proved for all {len(conds)} type conditions and 0..{max_artifacts} Artifacts, exhaustively"


def type_condition_figures(game: NileArtefactsGame, budget: Budget) -> dict[str, Any]:
    games = max(3, budget.playouts // 10)
    players = most_players(game)
    out: dict[str, Any] = {"games": games, "players": players}
    for reading in game.spec.ambiguities["type_choice"].reading_names():
        tally = {"checked": 0, "met": 0}
        seen: set[tuple[int, int, int]] = set()

        def observe(state: NAState, tally: dict[str, int] = tally, seen: set[tuple[int, int, int]] = seen) -> None:
            if state.phase != PH_OFFER or state.offering:
                return
            key = (id(state.config), state.round, state.to_move)
            if key in seen:
                return
            seen.add(key)
            p = state.params
            seat = state.to_move
            hand = state.hands[seat]
            opts = options_for(p, hand, state.config)
            regions = [p.card_region[k] for k in hand]
            for m, row in zip(state.visible, state.levels, strict=True):
                if row[seat] < p.top:
                    cond = p.monuments[m][row[seat]]
                    if on_types(cond):
                        tally["checked"] += 1
                        tally["met"] += meets_some_choice(cond, opts, regions, False)

        finals = random_games(game, players, {"type_choice": reading}, games, budget.seed, observe)
        rounds = sum(s.round for s in finals) / len(finals)
        out[reading] = {
            **tally,
            "met_pct": round(100 * tally["met"] / max(1, tally["checked"]), 1),
            "mean_rounds": round(rounds, 2),
            "mean_top_score": round(sum(max(s.scores) for s in finals) / len(finals), 2),
        }
    return out


# ------------------------------------------------------------------------------------- NA-002, NA-003, NA-004, NA-013
@check("type_scope")
def check_type_scope(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """One typing for the whole offering vs one per Monument: the first offering of seeded play whose best offering
    differs; with whether the scope can matter when cards count only as their printed types."""
    p = game.params(game.config(fewest_players(game)))
    singletons = all(
        len(type_options(p.card_types[k], "shown_type", "two_each")) == 1 for k in range(len(p.card_types))
    )
    note = (
        f"under `shown_type` with `two_each` every one of the {len(p.card_types)} card kinds has exactly one way to "
        "count, so the scope cannot matter there (exhaustive over the card data)"
        if singletons
        else "some card kind has several ways to count even under `shown_type` with `two_each`"
    )
    return with_data(offering_witness(game, "type_scope", budget), {"scope_note": note})


@check("double_card")
def check_double_card(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """What a 2-Artifact card gives: the first offering of seeded play whose best offering differs."""
    return offering_witness(game, "double_card", budget)


@check("pair_mix")
def check_pair_mix(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Whether a two-type condition needs both types: the first offering of seeded play that advances differently
    (``kit.find_divergence``: the readings part only there, at the step that checks the offering); with the
    exhaustive comparison of each pair condition alone."""
    players = fewest_players(game)
    games = max(3, budget.playouts)
    searched = f"seeded random {players}-player games (up to {games})"

    def describe(before: NAState, after: NAState) -> str:
        return offered_words(before)

    seeds = range(budget.seed, budget.seed + games)
    found = first_parting(game, "pair_mix", game.config(players), seeds, describe)
    if found is None:
        return nothing_found(searched)
    return parted_at_offering(game, "pair_mix", found, budget, searched, {"pair_note": pair_mix_agreement(game)})


def parted_at_offering(game: NileArtefactsGame, amb: str, found: Divergence, budget: Budget, searched: str,
                       extra: dict[str, Any]) -> CheckResult:
    """The witness of a seeded game whose readings part at a seat's offering: where (game, step, round, seat, the
    position written out), each reading's outcome in the summary, and ``extra`` figures."""
    at = found.state
    lead = f"In seeded game {found.seed - budget.seed}, at round {at.round}'s offerings: "
    summary = lead + "; ".join(f"{k}: {v}" for k, v in found.outcomes)
    data = {"game": found.seed - budget.seed, "steps": found.step, "round": at.round, "seat": at.to_move,
            "position": game.position_data(at), **extra}
    return play_witness(game, amb, found, summary, searched, data)


def offered_words(state: NAState) -> str:
    """The offering of the seat to move (cards and the types chosen) and the Monuments whose next level it meets,
    by the rules' own ``advance_levels``, under the position's readings."""
    seat = state.to_move
    p = state.params
    conds = next_conditions(state, seat)
    after = advance_levels(state, seat)
    raised = [conds[i] for i, (a, b) in enumerate(zip(state.levels, after, strict=True)) if a[seat] != b[seat]]
    offered = ", ".join(
        f"{p.cards[k]} as {'+'.join(TYPE_NAMES[t] for t in types)}" if types else p.cards[k]
        for k, types, _ in state.offering
    )
    return f"seat {seat}'s offering {offered or 'nothing'} moves it up on {raised or 'none'}"


def pair_mix_agreement(game: NileArtefactsGame, max_artifacts: int = 8) -> str:
    """Exhaustive: each pair condition of the data checked alone with freely typed Artifacts is met under both
    readings alike (n >= 2 Artifacts can always include one of each type), for every count up to ``max_artifacts``."""
    monuments = game.params(game.config(fewest_players(game))).monuments
    pairs = sorted({c for m in monuments for c in m if is_pair(c)})
    for cond in pairs:
        for total in range(max_artifacts + 1):
            vectors = [v for v in itertools.product(range(total + 1), repeat=N_TYPES) if sum(v) == total]
            mix = any(meets(cond, v, (0, 0, 0), False) for v in vectors)
            both = any(meets(cond, v, (0, 0, 0), True) for v in vectors)
            if mix != both:
                return f"the readings differ for a lone {condition_text(cond)} condition with {total} free Artifacts"
    return (
        f"for each of the {len(pairs)} pair conditions of the data, checked alone with free types, the readings "
        f"agree for every count (exhaustive up to {max_artifacts} Artifacts): they differ only when one typing must "
        "serve several Monuments or types are printed"
    )


@check("card_sharing")
def check_card_sharing(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """One offering checked whole against every Monument vs each card pushed toward one: the first offering of
    seeded play whose best offering differs; with the arithmetic bound under ``split``."""
    monuments = game.params(game.config(fewest_players(game))).monuments
    conds = sorted({c for m in monuments for c in m})
    fewest = min(needed(c) for c in conds)
    bound = (
        f"every one of the {len(conds)} conditions in the data needs at least {fewest} Artifacts or cards, so k "
        f"one-Artifact cards advance at most k // {fewest} Monuments"
    )
    return with_data(offering_witness(game, "card_sharing", budget), {"split_bound": bound})


# ------------------------------------------------------------------------------------------------ NA-014
@check("empty_offering")
def check_empty_offering(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first position of seeded random play where the readings part (``kit.find_divergence``): a seat holding
    cards is to begin its offering, and Done is legal there under one reading only, whatever the seat then does."""
    players = fewest_players(game)
    games = max(3, budget.playouts)
    searched = f"seeded random {players}-player games (up to {games})"

    def describe(before: NAState, after: NAState | None) -> str:
        seat = before.to_move
        if any(isinstance(a, Done) for a in game.legal_actions(before)):
            return f"seat {seat} may end its offering with no card offered, keeping its cards ({held(before)})"
        return f"seat {seat} must offer at least one of its cards ({held(before)}) before it may end its offering"

    seeds = range(budget.seed, budget.seed + games)
    found = find_divergence(game, "empty_offering", [game.config(players)], seeds, describe)
    if found is None:
        return nothing_found(searched)
    cards_held = len(found.state.hands[found.state.to_move])
    return parted_at_offering(game, "empty_offering", found, budget, searched, {"cards_held": cards_held})

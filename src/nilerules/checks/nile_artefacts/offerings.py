"""The offering checks of Nile Artefacts: which types a card may count as and what an offering must hold (NA-001 to
NA-004, NA-013), and whether a player may offer nothing (NA-014).

NA-001 to NA-004 and NA-013 are checked on positions written in the public position format
(``situations.offering_position``: Monuments and levels from the game's data), labelled ``constructed``; their best
offerings are optimised with Z3 (``nilerules.solver.nile_artefacts``) and every Z3 answer is re-checked by the rules'
own ``advance_levels``. NA-014's witness is met in seeded play. Every number a summary states is read from the params
of the game checked or computed by running the readings.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from nilerules.checks.kit import depends
from nilerules.checks.model import Budget, Check, CheckResult
from nilerules.checks.nile_artefacts.shared import (
    Readings,
    diverging,
    fewest_players,
    find_in_play,
    most_players,
    nothing_found,
    play_result,
    random_games,
    verdict_of,
)
from nilerules.checks.nile_artefacts.situations import (
    advanced_by,
    divergent_hand_of,
    monuments_for,
    offering_position,
    options_for,
    printed_copies,
)
from nilerules.core import Unknown, Witness
from nilerules.games.nile_artefacts.actions import Action, Done
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
from nilerules.games.nile_artefacts.params import Params, readings_of
from nilerules.games.nile_artefacts.rules.conditions import meets, meets_some_choice, type_options
from nilerules.games.nile_artefacts.state import PH_OFFER, NAState

if TYPE_CHECKING:
    from nilerules.solver.nile_artefacts import BestOffering

OPTIMIZE_FACTOR = 10
"""An Optimize query runs several checks, so it gets ten times the budget's per-query rlimit."""
SEARCH_HAND = 3
"""Hand size of the Z3 search for NA-001 (a search bound, not a rule)."""
RANDOM_HANDS = (2, 5)
"""Hand sizes of the random offering situations (a search bound)."""


class SolverGaveUp(Exception):
    """Z3 returned unknown within its resource limit."""


# ------------------------------------------------------------------------------------------------ helpers
def kinds_for(params: Params, cards: Sequence[tuple[tuple[int, ...], int]]) -> list[int]:
    """A card kind for each (printed types, region), a further copy or kind when one repeats (ValueError if the
    data has too few)."""
    out: list[int] = []
    for types, region in cards:
        for k in range(len(params.card_types)):
            if (
                params.card_types[k] == types
                and params.card_region[k] == region
                and out.count(k) < params.card_count[k]
            ):
                out.append(k)
                break
        else:
            raise ValueError(f"the card data has too few cards {'+'.join(TYPE_NAMES[t] for t in types)}/{region}")
    return out


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


def describe_offer(state: NAState, best: BestOffering) -> str:
    hand = state.hands[0]
    p = state.params
    if not best.used:
        return "nothing"
    if not best.choice:
        return ", ".join(p.cards[hand[i]] for i in best.used) + " (types re-chosen for each Monument)"
    parts = []
    targets = best.targets or (-1,) * len(best.used)
    for i, types, target in zip(best.used, best.choice, targets, strict=True):
        where = f" toward Monument {target}" if target >= 0 else ""
        parts.append(f"{p.cards[hand[i]]} as {'+'.join(TYPE_NAMES[t] for t in types)}{where}")
    return ", ".join(parts)


def next_conditions(state: NAState, seat: int) -> list[str]:
    p = state.params
    return [condition_text(p.monuments[m][row[seat]]) for m, row in zip(state.visible, state.levels, strict=True)]


def compare_offerings(
    game: NileArtefactsGame,
    ambiguity: str,
    hand: Sequence[int],
    targets: Sequence[tuple[int, int]],
    fixed: Readings,
    budget: Budget,
) -> tuple[list[tuple[str, str]], dict[str, int], dict[str, Any]]:
    """The best offering of seat 0's hand against the visible ``targets`` under every reading of ``ambiguity``."""
    players = fewest_players(game)
    hands = [list(hand), *([] for _ in range(players - 1))]
    outcomes: list[tuple[str, str]] = []
    counts: dict[str, int] = {}
    first: NAState | None = None
    for reading in game.spec.ambiguities[ambiguity].reading_names():
        state = offering_position(game, {**fixed, ambiguity: reading}, hands, targets)
        first = first or state
        best, advanced = solve(state, 0, budget.rlimit)
        counts[reading] = len(advanced)
        conds = next_conditions(state, 0)
        names = [conds[i] for i in advanced]
        outcomes.append(
            (reading, f"best offering {describe_offer(state, best)} advances {len(advanced)}: {names or 'none'}")
        )
    assert first is not None
    data = {
        "hand": [first.params.cards[k] for k in hand],
        "monument_conditions": next_conditions(first, 0),
        "position": game.position_data(first),
        "other_readings": dict(fixed),
        "advanced": counts,
    }
    return outcomes, counts, data


def _offering_check(
    ambiguity: str,
    hand: Sequence[tuple[tuple[int, ...], int]],
    conditions: Sequence[str],
    fixed: Readings,
    describe: Callable[[Sequence[str], Sequence[str]], str],
) -> Check:
    """A check of one offering position: ``describe(hand names, condition texts)`` says what it is."""

    def check(game: NileArtefactsGame, budget: Budget) -> CheckResult:
        p = game.params(game.config(fewest_players(game)))
        try:
            kinds = kinds_for(p, hand)
            targets = monuments_for(p, conditions[: p.monuments_visible])
        except ValueError as exc:
            return CheckResult(Unknown(f"the game's data cannot give the situation: {exc}"), "situation", (), "none")
        try:
            outcomes, counts, data = compare_offerings(game, ambiguity, kinds, targets, fixed, budget)
            freq = divergence_frequency(game, ambiguity, fixed, budget)
        except SolverGaveUp as exc:
            return CheckResult(Unknown("Z3 gave up optimising an offering", str(exc)), "z3", (), "one offering")
        differs = len(set(counts.values())) > 1
        data = {**data, "random_situations": freq}
        summary = (
            describe(data["hand"], data["monument_conditions"])
            + ": "
            + "; ".join(f"{reading} advances {n}" for reading, n in counts.items())
        )
        searched = (
            "one hand-built offering position, optimised by Z3 under each reading and re-checked by the rules; plus "
            f"{freq['situations']} seeded random situations (hands of {RANDOM_HANDS[0]}-{RANDOM_HANDS[1]} cards, "
            f"{p.monuments_visible} random Monuments of the data at random levels): the readings differ in "
            f"{freq['differ']}"
        )
        return CheckResult(
            verdict_of(differs, summary, data, searched),
            "z3",
            tuple(outcomes),
            searched,
            data,
            constructed=True,
            depends_on=depends(game, ambiguity, fixed),
        )

    return check


def divergence_frequency(game: NileArtefactsGame, ambiguity: str, fixed: Readings, budget: Budget) -> dict[str, Any]:
    """In how many random offering positions (a random hand; random visible Monuments of the data, seat 0 at random
    levels) the best offerings' counts differ by reading."""
    rng = random.Random(budget.seed)
    players = fewest_players(game)
    p = game.params(game.config(players))
    cards = [k for k, c in enumerate(p.card_count) for _ in range(c)]
    situations = max(4, budget.examples // 8)
    shown = min(p.monuments_visible, len(p.monuments))
    differ = 0
    for _ in range(situations):
        hand = sorted(rng.sample(cards, min(len(cards), rng.randint(*RANDOM_HANDS))))
        targets = [(m, rng.randrange(p.top)) for m in rng.sample(range(len(p.monuments)), shown)]
        counts = set()
        for reading in game.spec.ambiguities[ambiguity].reading_names():
            hands = [hand, *([] for _ in range(players - 1))]
            state = offering_position(game, {**fixed, ambiguity: reading}, hands, targets)
            counts.add(len(solve(state, 0, budget.rlimit, canonical=False)[1]))
        differ += len(counts) > 1
    return {"situations": situations, "differ": differ}


# ------------------------------------------------------------------------------------------------ NA-001
def type_targets(params: Params) -> list[tuple[int, int]]:
    """One next level per Monument, the lowest whose condition is about types, for the first Monuments of the data
    that have one (as many as are visible), each condition text once."""
    out: list[tuple[int, int]] = []
    texts: set[str] = set()
    for m, levels in enumerate(params.monuments):
        for level, cond in enumerate(levels):
            if on_types(cond) and condition_text(cond) not in texts:
                out.append((m, level))
                texts.add(condition_text(cond))
                break
        if len(out) == params.monuments_visible:
            break
    return out


def check_type_choice(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Any type vs a type shown on the card: Z3 looks for the hand of one-type cards (so that NA-003 does not enter)
    that gains most from a free choice, against Monuments of the data; the default readings elsewhere."""
    p = game.params(game.config(fewest_players(game)))
    targets = type_targets(p)
    conds = [p.monuments[m][level] for m, level in targets]
    copies = printed_copies(p)
    rlimit = budget.rlimit * OPTIMIZE_FACTOR
    fixed: dict[str, str] = {}
    distinct, found = divergent_hand_of(copies, conds, SEARCH_HAND, rlimit, one_type_only=True)
    if found.status == "optimal" and len(found.advanced_any) == len(found.advanced_shown):
        # no one-type hand diverges: let 2-Artifact cards in, each Artifact its printed type (NA-003's two_each)
        fixed = {"double_card": "two_each"}
        distinct, found = divergent_hand_of(copies, conds, SEARCH_HAND, rlimit)
    if found.status != "optimal":
        return CheckResult(
            Unknown("Z3 gave up searching for a divergent hand", f"rlimit {budget.rlimit}"),
            "z3",
            (),
            f"{SEARCH_HAND}-card hands",
        )
    try:
        kinds = kinds_for(p, [distinct[k] for k in found.kinds])
        outcomes, counts, data = compare_offerings(game, "type_choice", kinds, targets, fixed, budget)
    except SolverGaveUp as exc:
        return CheckResult(Unknown("Z3 gave up optimising an offering", str(exc)), "z3", (), "one offering")
    figures = type_condition_figures(game, budget)
    proof = type_conditions_reduce_to_counts(game)
    data = {**data, "random_play": figures, "any_type_counts_only": proof}
    players = figures["players"]
    summary = (
        f"Hand {data['hand']} against Monuments whose next levels are {data['monument_conditions']}: the best "
        f"offering advances {counts['any_type']} Monuments when any type may be chosen but {counts['shown_type']} "
        f"when cards count as their printed types. Under any_type every type condition is a count of Artifacts "
        f"({proof}); in random {players}-player play the whole hand meets {figures['any_type']['met_pct']} % of "
        f"next-level type conditions with any_type against {figures['shown_type']['met_pct']} % with shown_type."
    )
    searched = (
        f"Z3 maximised the gap over every {SEARCH_HAND}-card hand of the card data"
        + (" (one-type cards only)" if not fixed else "")
        + f"; exhaustive count vectors; {figures['games']} seeded random {players}-player games per reading"
    )
    verdict = verdict_of(counts["any_type"] != counts["shown_type"], summary, data, searched)
    return CheckResult(
        verdict,
        "z3",
        tuple(outcomes),
        searched,
        data,
        constructed=True,
        depends_on=depends(game, "type_choice", fixed),
    )


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


# ------------------------------------------------------------------------------------------------ offering checks
def _names(items: Sequence[str]) -> str:
    return ", ".join(items)


def check_type_scope(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    fn = _offering_check(
        "type_scope",
        (((0,), 0), ((2,), 0), ((4,), 0)),
        ("same:3", "diff:3"),
        {},
        lambda hand, conds: f"{len(hand)} cards ({_names(hand)}) against {_names(conds)}",
    )
    result = fn(game, budget)
    p = game.params(game.config(fewest_players(game)))
    singletons = all(
        len(type_options(p.card_types[k], "shown_type", "two_each")) == 1 for k in range(len(p.card_types))
    )
    note = (
        f"under shown_type with two_each every one of the {len(p.card_types)} card kinds has exactly one way to "
        "count, so the scope cannot matter there (exhaustive over the card data)"
        if singletons
        else "some card kind has several ways to count even under shown_type/two_each"
    )
    return _with_note(result, note)


def _with_note(result: CheckResult, note: str) -> CheckResult:
    """Append a sentence to a witness summary and record it in the data."""
    data = {**result.data, "note": note}
    verdict = result.verdict
    if isinstance(verdict, Witness):
        verdict = Witness(f"{verdict.summary}; {note}.", dict(data))
    return CheckResult(
        verdict,
        result.method,
        result.outcomes,
        result.searched,
        data,
        result.witness_log,
        result.constructed,
        result.depends_on,
    )


def check_double_card(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    fn = _offering_check(
        "double_card",
        (((0, 3), 2),),
        ("diff:2", "same:2", "type:eye"),
        {},
        lambda hand, conds: f"One 2-Artifact card ({_names(hand)}) alone against {_names(conds)}",
    )
    return fn(game, budget)


def check_pair_mix(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    fn = _offering_check(
        "pair_mix",
        (((0,), 0), ((0,), 1)),
        ("pair:2:ankh+eye", "type:eye"),
        {},
        lambda hand, conds: f"{len(hand)} cards ({_names(hand)}) against {_names(conds)}",
    )
    return _with_note(fn(game, budget), pair_mix_agreement(game))


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


def check_card_sharing(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The rule document's example offering (cards moving up on as many Monuments) under shared and split cards,
    and the arithmetic bound."""
    fn = _offering_check(
        "card_sharing",
        (((0,), 0), ((0,), 0), ((0,), 1)),
        ("same:2", "each:nile+desert", "region:nile", "diff:4", "region:fields"),
        {},
        lambda hand, conds: f"As in the Example Offering Phase, red offers {len(hand)} cards ({_names(hand)})",
    )
    result = fn(game, budget)
    monuments = game.params(game.config(fewest_players(game))).monuments
    conds = sorted({c for m in monuments for c in m})
    fewest = min(needed(c) for c in conds)
    bound = (
        f"every one of the {len(conds)} conditions in the data needs at least {fewest} Artifacts or cards, so under "
        f"split k one-Artifact cards advance at most k // {fewest} Monuments, while the example moves each player "
        "up on as many Monuments as red offers cards"
    )
    return _with_note(result, bound)


# ------------------------------------------------------------------------------------------------ NA-014
def check_empty_offering(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A player holding cards offers none of them, in seeded random play (the game's own search, ``find_in_play``:
    in lockstep the readings part at the first offering of a player holding cards, whatever they then do)."""
    players = fewest_players(game)
    games = max(3, budget.playouts)
    searched = f"seeded random {players}-player games (up to {games})"

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        return isinstance(action, Done) and not before.offering and bool(before.hands[before.to_move])

    met = find_in_play(game, game.config(players), range(budget.seed, budget.seed + games), stop)
    if met is None:
        return nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        seat = before.to_move
        held = ", ".join(before.params.cards[k] for k in before.hands[seat])
        if after is None:
            return f"seat {seat} may not offer nothing: it must offer at least one of its cards ({held})"
        return f"seat {seat} offers nothing and keeps its cards ({held}) for later rounds"

    lead = f"In seeded game {met.seed - budget.seed}, at an offering phase: "
    found = diverging(game, "empty_offering", met, describe)
    return play_result(game, "empty_offering", found, met.action, budget.seed, lead, searched)

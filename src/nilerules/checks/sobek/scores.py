"""Sobek's checks of the round's scoring, the corruption penalty, the score track and the end of the game."""

from __future__ import annotations

from itertools import product
from typing import Any

from nilerules.checks.kit import per_reading, written_figures
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.registry import check
from nilerules.checks.sobek.search import in_play, result
from nilerules.core import Witness
from nilerules.core.readings import one_of
from nilerules.games.sobek import scoring
from nilerules.games.sobek.actions import (
    ChooseEvent,
    ChooseTarget,
    Done,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.params import PENALTY_ON_NUMBER
from nilerules.games.sobek.situations import (
    cards,
    code,
    counts_of,
    default_of,
    end_of_round,
    params_of,
    plain_cards,
    rich_set,
    score_round,
    situation,
    step,
    written,
)
from nilerules.games.sobek.state import (
    DECEIT,
    K_HPHASE,
    OVER,
    PlayedSet,
    SobekState,
)
from nilerules.solver import sobek as zsolver


def round_end_in_play(game: SobekGame, amb: str, budget: Budget) -> CheckResult | None:
    """A witness game for a reading of the end of a round: seeded play to the last player's choice of horizontal
    sets in round 1, then done: the round is scored under each reading."""
    def ready(state: SobekState) -> bool:
        pend = state.pending
        return pend is not None and pend.kind == K_HPHASE and len(state.hphase_left) == 1

    def finish(state: SobekState, moves: list[Any]) -> str:
        # the witness log ends after this step: the scores stated are the ones it replays to, those before are context
        after = step(game, state, Done(), moves)
        return f"scores {list(after.scores)} once the round is scored (before it: {list(state.scores)})"

    return in_play(game, amb, 3, budget, ready, finish, "The last player ends round 1 and the round is scored")


@check("corruption_scarabs")
def check_corruption_scarabs(game: SobekGame, budget: Budget) -> CheckResult:
    """A round end in seeded play where the two tie-breaks penalise differently; failing that, a written end of round
    with two players tied on corruption cards, seat 0 with more scarabs in its pile and seat 1 in its sets (the
    exhaustive count over 0..3 cards and scarabs says how many such cases there are)."""
    in_game = round_end_in_play(game, "corruption_scarabs", budget)
    if in_game is not None:
        return in_game
    domain = range(4)
    count = 0
    for c0, c1, p0, p1, s0, s1 in product(range(3, -1, -1), range(3, -1, -1), *([domain] * 4)):
        if scoring.most_corrupt((c0, c1), (p0, p1), "tied") != scoring.most_corrupt((c0, c1), (s0, s1), "tied"):
            count += 1
    seats = {0: {"corruption": {"ebony_scarabs": 1, "fish": 1}, "sets": [rich_set(game, "marble")]},
             1: {"corruption": {"fish": 1, "wheat": 1}, "sets": [rich_set(game, "ivory")]}}

    def build(reading: str) -> SobekState:
        return end_of_round(game, 2, {"corruption_scarabs": reading}, seats=seats)

    outcomes = per_reading(game, "corruption_scarabs", lambda r: f"penalised seats {penalised(game, build(r))}")
    before = build(default_of(game, "corruption_scarabs"))
    return result(outcomes, "Two players tied on corruption cards at the end of round 1: seat 0's pile holds an "
                  "Ebony with scarabs and its set is of Marble, seat 1's pile holds no scarab and its set is of "
                  "Ivory.", written(game, before, (Done(),)),
                  f"one written end of round; all 4^6 two-player cases (cards, pile scarabs, set scarabs each "
                  f"0..3): {count} differ")


def penalised(game: SobekGame, before: SobekState) -> list[int]:
    """The seats the round's corruption penalty moves back: the last seat is done with horizontal sets, the round is
    scored, and a seat whose marker ends below its score plus its set points was penalised."""
    params = params_of(game)
    after = score_round(game, before)
    n = before.config.players
    scored = [before.scores[p] + sum(scoring.round_points(before.sets[p], params)) for p in range(n)]
    return [p for p in range(n) if after.scores[p] < scored[p]]


@check("zero_corruption")
def check_zero_corruption(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-027 (``zero_corruption``): Is anyone “most corrupt” when no corruption pile holds a card?"""
    params = params_of(game)
    ivory = rich_set(game, "ivory")
    points = scoring.set_score(PlayedSet(0, tuple(code(c) for c in ivory["cards"])), params)

    def build(reading: str) -> SobekState:
        return end_of_round(game, 2, {"zero_corruption": reading}, seats={0: {"sets": [ivory]}})

    default = build(default_of(game, "zero_corruption"))
    shown = written(game, default, (Done(),))
    figures = written_figures(game, "zero_corruption", default.config, shown,
                              lambda after, r: f"scores after the round {list(after.scores)}")
    return result(per_reading(game, "zero_corruption", figures), f"Nobody has a corruption card at the end of the "
                  f"round; seat 0 scored {points} with a set, seat 1 nothing.", {"set_points": points, **shown},
                  "one hand-built end of round", figures=figures)


@check("corrupt_all_tied")
def check_corrupt_all_tied(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-002 (``corrupt_all_tied``): Still tied for most corrupt: the tied players, or every player?"""
    big, small = params_of(game).set_min + 1, params_of(game).set_min - 1
    piles = {0: [*cards(game, "fish", big - 1, 1), "wheat"], 1: [*cards(game, "cattle", big - 1, 1), "wheat"],
             2: cards(game, "wheat", small)}
    sets = [rich_set(game, kind) for kind in ("ivory", "ebony", "marble")]

    seats: dict[Any, Any] = {p: {"corruption": counts_of(piles[p]), "sets": [sets[p]]} for p in range(3)}

    def build(reading: str) -> SobekState:
        return end_of_round(game, 3, {"corrupt_all_tied": reading}, seats=seats)

    default = build(default_of(game, "corrupt_all_tied"))
    shown = written(game, default, (Done(),))
    before = written_figures(game, "corrupt_all_tied", default.config, {**shown, "actions": []},
                             lambda state, r: f"penalised seats {penalised(game, state)}")
    figures = written_figures(game, "corrupt_all_tied", default.config, shown, lambda _after, r: before(r))
    return result(per_reading(game, "corrupt_all_tied", figures), f"Three players: seats 0 and 1 end the round "
                  f"with {big} corruption cards each (one of them with scarabs), seat 2 with {small}; every seat "
                  "scored one set.", {"corruption_cards": [big, big, small], **shown},
                  "one hand-built three-player end of round", figures=figures)


PROVED_SCORES = PROVED_POINTS = 200
"""The scores and set points over which Z3 is asked whether the penalty's readings agree on every symbol space."""


@check("penalty_on_number")
def check_penalty_on_number(game: SobekGame, budget: Budget) -> CheckResult:
    """Z3: readings differ on numbered spaces; on symbol spaces they provably agree (0..200). The witness is a written
    end of round: the most corrupt player's sets (the document's example: Ivory, Ebony and Marble) take the marker
    to a numbered space with room for every lot, and the round is scored under each reading."""
    step = params_of(game).penalty_step
    witness = zsolver.penalty_divergence((("numbered_type", "stay"), ("previous_symbol", "stay")), step,
                                         rlimit=budget.rlimit)
    proof = zsolver.penalty_divergence((("numbered_type", "stay"), ("no_move", "stay")), step, PROVED_SCORES,
                                       PROVED_POINTS, on_symbol=True, rlimit=budget.rlimit)
    size = params_of(game).set_min  # the example's sets, one card with scarabs each: 3, 3 and 4 cards in the spec
    sets = [{"goods": "ivory", "cards": cards(game, "ivory", size, 1)},
            {"goods": "ebony", "cards": cards(game, "ebony", size, 1)},
            {"goods": "marble", "cards": cards(game, "marble", size + 1, 1)}]
    points = sum(scoring.round_points([PlayedSet(0, tuple(code(c) for c in x["cards"])) for x in sets],
                                      params_of(game)))
    score = 5 * -(-points // 5) + 5 * (points // step)  # a numbered space, at least one block per lot above 0
    seats = {0: {"score": score - points, "sets": sets, "corruption": plain_cards(game, 2)}}

    def build(reading: str) -> SobekState:
        return end_of_round(game, 2, {"penalty_on_number": reading}, seats=seats)

    default = build(default_of(game, "penalty_on_number"))
    shown = written(game, default, (Done(),))
    figures = written_figures(game, "penalty_on_number", default.config, shown,
                              lambda after, r: f"{score} -> {after.scores[0]}")
    outcomes = per_reading(game, "penalty_on_number", figures)
    summary = (f"A player earns {points} set points ({points // step} lots of {step}) and ends on the numbered "
               f"space {score}, the most corrupt: the text's “symbol of the type they ended up on” does not exist "
               "there.")
    data: dict[str, Any] = {"score": score, "points": points, "z3": getattr(witness, "summary", "")}
    data["symbol_spaces"] = proof.kind + ": " + proof.summary
    readings = [one_of(PENALTY_ON_NUMBER, r) for r in game.spec.ambiguities["penalty_on_number"].reading_names()]
    differing = 0
    for s in range(0, 201, 5):  # exhaustive over the numbered spaces, where the readings can differ
        for pts in range(201):
            if len({scoring.penalty(s, pts, r, "stay", step) for r in readings}) > 1:
                differing += 1
    data["numbered_cases_differing"] = f"{differing} of {41 * 201} (numbered spaces 0..200 x points 0..200)"
    data.update(shown)
    proved = proof.kind == "proof"
    said = {"proved_scores": f"0..{PROVED_SCORES}", "proved_points": f"0..{PROVED_POINTS}"} if proved else {}
    return CheckResult(Witness(summary, data), "z3", outcomes,
                       "Z3 over scores 0..200 and set points 0..200; on symbol spaces the readings agree: "
                       + proof.kind, said, constructed=True, figures=figures)


@check("track_low_end")
def check_track_low_end(game: SobekGame, budget: Budget) -> CheckResult:
    """A Guild near the start of the track: the opponent on space 2 is moved back to a scorpion, and none lies behind
    (a written position; Z3 over scores 0..200 finds where the readings part). The corruption penalty never meets
    the question: a marker holding a round's set points stands at least that high, and each lot moves it back one
    block of five, so there is always a space of the type behind."""
    verdict = zsolver.guild_low_divergence(rlimit=budget.rlimit)
    token = game.token_names.index("guild_scorpion")
    seats = {1: {"score": 2}}
    moves = (ChooseEvent(token), ChooseTarget(1))

    def build(reading: str) -> SobekState:
        return situation(game, 2, {"track_low_end": reading}, seats=seats, events={"guild_scorpion": 1},
                         pending={"choice": "event", "seat": 0})

    default = build(default_of(game, "track_low_end"))
    shown = written(game, default, moves)
    figures = written_figures(game, "track_low_end", default.config, shown,
                              lambda after, r: f"seat 1 on space 2, moved back to a scorpion -> {after.scores[1]}")
    outcomes = per_reading(game, "track_low_end", figures)
    data = {"z3": verdict.summary, **shown}
    how = "Z3 over scores 0..200 and the four symbols" if isinstance(verdict, Witness) else \
        f"one written position (Z3 over scores 0..200 answered {verdict.kind})"
    return result(outcomes, "Seat 0 chooses the scorpion Guild and moves seat 1, on space 2, back to a scorpion.",
                  data, how, "z3" if isinstance(verdict, Witness) else "situation", figures=figures)


@check("track_end")
def check_track_end(game: SobekGame, budget: Budget) -> CheckResult:
    """A marker a few spaces before the end of the track scores enough by Deceit to pass the early-end total; under
    ``stop`` the highest score any marker can hold is the last space, which the check compares with the early-end
    total (when it is not above it, the reading makes 'more than N points' impossible: the text rules it out)."""
    params = params_of(game)
    last = params.track_spaces - 1
    start = max(last - params.penalty_step // 2, 0)
    gain = params.early_end + 1 - start if params.early_end + 1 > start else params.penalty_step
    pile = plain_cards(game, gain)
    default = situation(game, 2, {"track_end": default_of(game, "track_end")},
                        seats={0: {"score": start, "corruption": pile}}, events={"deceit": 1},
                        pending={"choice": "event", "seat": 0})
    shown = written(game, default, (ChooseEvent(DECEIT),))
    reachable = {r: r != "stop" or last > params.early_end
                 for r in game.spec.ambiguities["track_end"].reading_names()}

    def describe(state: SobekState, reading: str) -> str:
        ends = state.scores[0] > params.early_end
        never = "" if reachable[reading] else \
            f"; no marker can pass {params.early_end} under this reading (it stops on {last})"
        return f"marker at {state.scores[0]}; more than {params.early_end} points: {ends}{never}"

    run = written_figures(game, "track_end", default.config, shown, describe)
    outcomes = per_reading(game, "track_end", run)
    summary = (f"A player on space {start} of a track of {params.track_spaces} spaces chooses Deceit with {gain} "
               "cards in the corruption pile.")
    # whether a stopped marker can pass the early-end total decides which sentence of the reason is said
    said = {"stop_passes_on" if reachable["stop"] else "stop_last_space": last}
    return result(outcomes, summary, {"score": start, "gain": gain, "last_space": last,
                                      "early_end_points": params.early_end,
                                      "early_end_reachable": reachable, **shown},
                  "one hand-built situation", said=said, figures=run)


@check("early_end")
def check_early_end(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-006 (``early_end``): When is “more than 100 points” checked?"""
    params = params_of(game)
    sets = [rich_set(game, "ivory"), rich_set(game, "ebony")]
    points = sum(scoring.round_points([PlayedSet(0, tuple(code(c) for c in x["cards"])) for x in sets], params))
    start = params.early_end + 1 - points + params.penalty_step // 2
    pile = plain_cards(game, 2)

    def build(reading: str) -> SobekState:
        return end_of_round(game, 2, {"early_end": reading},
                            seats={0: {"score": start, "sets": sets, "corruption": pile}})

    default = build(default_of(game, "early_end"))
    shown = written(game, default, (Done(),))
    figures = written_figures(game, "early_end", default.config, shown,
                              lambda after, r: f"scores {list(after.scores)}, game over: {after.phase == OVER}")
    return result(per_reading(game, "early_end", figures), f"End of round 1: seat 0 on {start} scores {points} set "
                  f"points (to {start + points}, more than {params.early_end}) and is the most corrupt; the penalty "
                  "moves it back.", {"score": start, "set_points": points, **shown}, "one hand-built end of round",
                  figures=figures)


@check("final_tie")
def check_final_tie(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-007 (``final_tie``): Ties for the win (after an early end or after the last round)"""
    scores, gains = (50, 50), (20, 10)

    def build(reading: str) -> SobekState:
        return situation(game, 2, {"final_tie": reading}, phase="over", draws=[], pending=None,
                         seats={p: {"score": scores[p], "last_gain": gains[p]} for p in range(2)})

    default = build(default_of(game, "final_tie"))
    shown = written(game, default)
    figures = written_figures(game, "final_tie", default.config, shown,
                              lambda state, r: f"places {[list(g) for g in game.ranking(state).places]}")
    return result(per_reading(game, "final_tie", figures), f"Both players end on {scores[0]}; seat 0 gained "
                  f"{gains[0]} in the last round, seat 1 {gains[1]}.",
                  {"scores": list(scores), "last_gain": list(gains), **shown}, "one hand-built final state",
                  figures=figures)


@check("horizontal_in_penalty")
def check_horizontal_in_penalty(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-010 (``horizontal_in_penalty``): Do horizontal sets count in the corruption penalty's points?"""
    params = params_of(game)
    hset = {**rich_set(game, "ivory"), "horizontal": True}
    vset = {"goods": "cattle", "cards": cards(game, "cattle", params.set_min, 1)}
    h_points = sum(params.scarabs[code(c)] for c in hset["cards"])
    v_points = scoring.set_score(PlayedSet(0, tuple(code(c) for c in vset["cards"])), params)

    def build(reading: str) -> SobekState:
        return end_of_round(game, 2, {"horizontal_in_penalty": reading},
                            seats={0: {"sets": [hset, vset], "corruption": {"fish": 1}}})

    default = build(default_of(game, "horizontal_in_penalty"))
    shown = written(game, default, (Done(),))
    figures = written_figures(game, "horizontal_in_penalty", default.config, shown,
                              lambda after, r: f"seat 0 ends the round on {after.scores[0]}")
    return result(per_reading(game, "horizontal_in_penalty", figures), f"The most corrupt player scores {v_points} "
                  f"from a set and {h_points} from a horizontal set ({v_points + h_points} in all).",
                  {"set_points": v_points, "horizontal_points": h_points, **shown}, "one end of round",
                  figures=figures)

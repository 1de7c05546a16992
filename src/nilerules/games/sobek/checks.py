"""One divergence check per ambiguity of ``specs/sobek.toml``: a situation where the readings differ, or a proof.

Situations are built from a real set-up state (seeded), edited to the case in point, and then run through the
game's own rule functions under each reading.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import product
from typing import Any

from nilerules.analysis.model import Budget, Check, CheckResult
from nilerules.core import CHANCE, Unknown, Witness
from nilerules.games.sobek import rules, scoring
from nilerules.games.sobek.actions import (
    ChooseBack,
    ChooseGoods,
    ChooseTarget,
    Done,
    PlayCharacter,
    StartHorizontal,
    StartSet,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.rules import ZERO, add, replace
from nilerules.games.sobek.state import (
    AMULET,
    CATTLE,
    DECEIT,
    EBONY,
    EMBALMING,
    FIRST_CHAR,
    FISH,
    HORIZONTAL,
    IVORY,
    K_EVENT,
    K_HSET,
    MARBLE,
    OVER,
    WHEAT,
    Pending,
    PlayedSet,
    SobekState,
)
from nilerules.solver import sobek as zsolver

SEED = 20261129
QUEEN_CARD, PRIEST_CARD, SCRIBE_FISH, COURTESAN_CARD = FIRST_CHAR, FIRST_CHAR + 1, FIRST_CHAR + 3, FIRST_CHAR + 7


def valued(kind: int) -> int:
    return 3 * kind


def plain(kind: int) -> int:
    return 3 * kind + 1


def green(kind: int) -> int:
    return 3 * kind + 2


def hand_of(*cards: int) -> tuple[int, ...]:
    counts = ZERO
    for c in cards:
        counts = add(counts, c)
    return counts


def first_decision(game: SobekGame, players: int, readings: Mapping[str, str], seed: int = SEED) -> SobekState:
    """A set-up game, chance resolved with a seeded generator, at the first player's first decision."""
    rng = random.Random(seed)
    state = game.setup(game.config(players, readings=dict(readings)))
    while game.current_player(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


def situation(game: SobekGame, players: int, readings: Mapping[str, str], **changes: Any) -> SobekState:
    """The first decision of a seeded game, edited (hands, sets, piles…) to a situation in point."""
    return replace(first_decision(game, players, readings), **changes)


def per_reading(
    game: SobekGame, amb: str, run: Callable[[dict[str, str]], str]
) -> tuple[tuple[str, str], ...]:
    """``run`` under each reading of ``amb`` (the others at their defaults): (reading, outcome in words)."""
    return tuple((r, run({amb: r})) for r in game.spec.ambiguities[amb].reading_names())


def differs(outcomes: tuple[tuple[str, str], ...]) -> bool:
    return len({o for _, o in outcomes}) > 1


def result(
    outcomes: tuple[tuple[str, str], ...], summary: str, data: Mapping[str, Any], searched: str,
    method: Any = "situation",
) -> CheckResult:
    if differs(outcomes):
        return CheckResult(Witness(summary, data), method, outcomes, searched)
    return CheckResult(Unknown(f"no difference in this situation: {summary}", "one situation"), method, outcomes,
                       searched)


# -- the corruption penalty ------------------------------------------------------------------------------------
def check_corruption_scarabs(game: SobekGame, budget: Budget) -> CheckResult:
    """Exhaustive over two players with 0..3 cards and 0..3 scarabs in pile and in sets."""
    domain = range(4)
    found = None
    count = 0
    for c0, c1, p0, p1, s0, s1 in product(range(3, -1, -1), range(3, -1, -1), *([domain] * 4)):
        a = scoring.most_corrupt((c0, c1), (p0, p1), "tied")
        b = scoring.most_corrupt((c0, c1), (s0, s1), "tied")
        if a != b:
            count += 1
            found = found or (c0, c1, p0, p1, s0, s1)
    assert found is not None
    c0, c1, p0, p1, s0, s1 = found
    outcomes = (("pile", f"seats {scoring.most_corrupt((c0, c1), (p0, p1), 'tied')} penalised"),
                ("sets", f"seats {scoring.most_corrupt((c0, c1), (s0, s1), 'tied')} penalised"))
    return CheckResult(
        Witness(f"Two players tied on {c0} corruption cards; seat 0 has {p0} scarabs in its pile and {s0} in its "
                f"sets, seat 1 {p1} and {s1}: different players are penalised.",
                {"cards": [c0, c1], "pile_scarabs": [p0, p1], "set_scarabs": [s0, s1]}),
        "exhaustive", outcomes,
        f"all 4^6 two-player cases (cards, pile scarabs, set scarabs each 0..3): {count} differ",
    )


def check_zero_corruption(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        ivory = PlayedSet(IVORY, (valued(IVORY), valued(IVORY), plain(IVORY)))  # 6 x 3 = 18
        state = situation(game, 2, readings, hands=(ZERO, ZERO), row=(), phase=HORIZONTAL, hphase_left=(),
                          pending=None, sets=((ivory,), ()), corruption=(ZERO, ZERO), scores=(0, 0))
        return f"scores after the round {rules.end_round(state).scores}"

    outcomes = per_reading(game, "zero_corruption", run)
    return result(outcomes, "Nobody has a corruption card at the end of the round; seat 0 scored 18 with a set "
                  "(6 scarabs in its sets).", {}, "one hand-built end of round")


def check_corrupt_all_tied(game: SobekGame, budget: Budget) -> CheckResult:
    cards, scarabs = (4, 4, 2), (1, 1, 0)
    outcomes = tuple((r, f"penalised {scoring.most_corrupt(cards, scarabs, r)}") for r in ("tied", "everyone"))
    return CheckResult(
        Witness("Three players: seats 0 and 1 tie on 4 cards and 1 scarab, seat 2 has 2 cards.",
                {"cards": list(cards), "scarabs": list(scarabs)}),
        "situation", outcomes, "one hand-built three-player situation",
    )


def check_penalty_on_number(game: SobekGame, budget: Budget) -> CheckResult:
    """Z3: readings differ on numbered spaces; on symbol spaces they provably agree (0..200)."""
    witness = zsolver.penalty_divergence((("numbered_type", "stay"), ("previous_symbol", "stay")),
                                         rlimit=budget.rlimit)
    proof = zsolver.penalty_divergence((("numbered_type", "stay"), ("no_move", "stay")), on_symbol=True,
                                       rlimit=budget.rlimit)
    score, points = 25, 23
    outcomes = tuple((r, f"25 -> {scoring.penalty(score, points, r, 'stay')}")
                     for r in ("numbered_type", "no_move", "previous_symbol"))
    summary = ("Kate earns 23 set points and ends on the numbered space 25: the text's 'symbol of the type they "
               "ended up on' does not exist there.")
    data: dict[str, Any] = {"score": score, "points": points, "z3": getattr(witness, "summary", "")}
    data["symbol_spaces"] = proof.kind + ": " + proof.summary
    differing = 0
    for s in range(0, 201, 5):  # exhaustive over the numbered spaces, where the readings can differ
        for pts in range(201):
            if len({scoring.penalty(s, pts, r, "stay") for r in ("numbered_type", "no_move", "previous_symbol")}) > 1:
                differing += 1
    data["numbered_cases_differing"] = f"{differing} of {41 * 201} (numbered spaces 0..200 x points 0..200)"
    return CheckResult(Witness(summary, data), "z3", outcomes,
                       "Z3 over scores 0..200 and set points 0..200; on symbol spaces the readings agree: "
                       + proof.kind)


def check_track_low_end(game: SobekGame, budget: Budget) -> CheckResult:
    verdict = zsolver.guild_low_divergence(rlimit=budget.rlimit)
    outcomes = tuple((r, f"space 2, back to scorpion -> {scoring.back_to_symbol(2, 4, r)}; penalty 2 lots from "
                         f"space 8 -> {scoring.penalty(8, 20, 'numbered_type', r)}") for r in ("stay", "to_start"))
    if isinstance(verdict, Witness):
        return CheckResult(verdict, "z3", outcomes, "Z3 over scores 0..200 and the four symbols")
    # Z3 did not give a witness: fall back to the hand-built situation above, and say so
    return CheckResult(
        Witness("An opponent on space 2 moved back to a scorpion.", {"z3": verdict.kind}),
        "situation", outcomes, f"one hand-built situation (Z3 over scores 0..200 answered {verdict.kind})",
    )


def check_track_end(game: SobekGame, budget: Budget) -> CheckResult:
    """A marker a few spaces before the end of the track scores enough to pass the early-end total; under ``stop``
    the highest score any marker can hold is the last space, which the check compares with the early-end total
    (when it is not above it, the reading makes 'more than N points' impossible: the text rules it out)."""
    params = game.params
    last = params.track_spaces - 1
    start = max(last - params.penalty_step // 2, 0)
    gain = params.early_end + 1 - start if params.early_end + 1 > start else params.penalty_step
    reachable: dict[str, bool] = {}

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, scores=(start, 0))
        state = rules.move_marker(state, 0, start + gain)
        highest = last if readings["track_end"] == "stop" else None
        reachable[readings["track_end"]] = highest is None or highest > params.early_end
        ends = state.scores[0] > params.early_end
        never = "" if reachable[readings["track_end"]] else \
            f"; no marker can pass {params.early_end} under this reading (it stops on {last})"
        return f"marker at {state.scores[0]}; more than {params.early_end} points: {ends}{never}"

    outcomes = per_reading(game, "track_end", run)
    summary = f"A player on space {start} of a track of {params.track_spaces} spaces scores {gain} points."
    return result(outcomes, summary, {"score": start, "gain": gain, "last_space": last,
                                      "early_end_points": params.early_end,
                                      "early_end_reachable": reachable}, "one hand-built situation", "situation")


def _end_round_situation(game: SobekGame, readings: Mapping[str, str]) -> SobekState:
    """Seat 0 on 90 with sets worth 14 points and the most corruption; seat 1 on 0, no sets."""
    ivory_set = PlayedSet(IVORY, (valued(IVORY), plain(IVORY), plain(IVORY)), 0)  # 3 scarabs x 3 cards = 9
    fish_set = PlayedSet(FISH, (valued(FISH), plain(FISH), plain(FISH), plain(FISH), plain(FISH)), 0)  # 1 x 5
    return situation(game, 2, readings, scores=(90, 0), sets=((ivory_set, fish_set), ()),
                     corruption=(hand_of(plain(WHEAT), plain(WHEAT)), ZERO), hands=(ZERO, ZERO), row=(),
                     phase=HORIZONTAL, pending=None, hphase_left=())


def check_early_end(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = rules.end_round(_end_round_situation(game, readings))
        return f"scores {state.scores}, game over: {state.phase == OVER}"

    outcomes = per_reading(game, "early_end", run)
    return result(outcomes, "End of round 1: seat 0 on 90 scores 14 set points (to 104, a scorpion space), is most "
                  "corrupt, and the penalty (one lot) takes it back to the scorpion on 99.",
                  {"score": 90, "set_points": 14}, "one hand-built end of round")


def check_final_tie(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, scores=(50, 50), last_gain=(20, 10), phase=OVER)
        return f"places {game.ranking(state).places}"

    outcomes = per_reading(game, "final_tie", run)
    return result(outcomes, "Both players end on 50; seat 0 gained 20 in the last round, seat 1 gained 10.",
                  {"scores": [50, 50], "last_gain": [20, 10]}, "one hand-built final state")


def check_queen_draw(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 3, readings, hands=(hand_of(QUEEN_CARD), ZERO, ZERO))
        row = len(state.row)
        after = rules.apply(state, PlayCharacter(QUEEN_CARD))
        return f"row {row} -> {len(after.row)} cards, deck {sum(state.deck)} -> {sum(after.deck)} (+draws pending " \
               f"{len(after.draws)})"

    outcomes = per_reading(game, "queen_draw", run)
    return result(outcomes, "The first player plays the Queen at the start of round 1.", {"players": 3},
                  "one situation")


def check_horizontal_sets(game: SobekGame, budget: Budget) -> CheckResult:
    hand = hand_of(plain(IVORY), plain(EBONY), plain(MARBLE))

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, hands=(hand, ZERO), row=(), phase=HORIZONTAL, pending=None,
                          hphase_left=(0, 1))
        state = rules.settle(state)
        starts = [a for a in rules.legal_actions(state) if isinstance(a, StartHorizontal)]
        return f"horizontal sets possible: {len(starts)}"

    outcomes = per_reading(game, "horizontal_sets", run)
    return result(outcomes, "At the end of the round a hand holds one Ivory, one Ebony and one Marble card.",
                  {"hand": ["ivory", "ebony", "marble"]}, "one situation")


def check_horizontal_in_penalty(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        hset = PlayedSet(IVORY, (valued(IVORY), valued(IVORY), valued(IVORY)), 0, True)  # 9 points
        vset = PlayedSet(CATTLE, (valued(CATTLE), plain(CATTLE), plain(CATTLE)), 0)  # 3 points
        state = situation(game, 2, readings, scores=(0, 0), sets=((hset, vset), ()), hands=(ZERO, ZERO),
                          corruption=(hand_of(plain(FISH)), ZERO), row=(), phase=HORIZONTAL, hphase_left=())
        return f"seat 0 ends the round on {rules.end_round(state).scores[0]}"

    outcomes = per_reading(game, "horizontal_in_penalty", run)
    return result(outcomes, "The most corrupt player scores 3 from a set and 9 from a horizontal set (12 in all).",
                  {"set_points": 3, "horizontal_points": 9}, "one end of round")


def check_horizontal_events(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        cards = (plain(FISH), plain(FISH), plain(FISH))
        state = situation(game, 2, readings, hands=(hand_of(*cards), ZERO), row=(), phase=HORIZONTAL,
                          hphase_left=(0, 1), pending=Pending(K_HSET, 0, FISH, 0, cards))
        after = rules.apply(state, Done())
        return "event chosen next" if after.pending is not None and after.pending.kind == K_EVENT else \
            "no event"

    outcomes = per_reading(game, "horizontal_events", run)
    return result(outcomes, "A player finishes a horizontal set of three Fish while event tokens remain.", {},
                  "one situation")


def check_deceit_curses(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, corruption=(hand_of(plain(FISH), plain(WHEAT)), ZERO), curses=(1, 0),
                          scores=(0, 0))
        return f"seat 0 scores {rules.resolve_event(state, 0, DECEIT).scores[0]}"

    outcomes = per_reading(game, "deceit_curses", run)
    return result(outcomes, "Deceit with two cards and one Curse token in the pile.", {"cards": 2, "curses": 1},
                  "one situation")


def check_embalming_curses(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, corruption=(hand_of(plain(FISH)), hand_of(plain(FISH), plain(FISH))),
                          curses=(1, 0))
        after = rules.resolve_event(state, 0, EMBALMING)
        cards = [rules.corruption_cards(after, p) for p in (0, 1)]
        return f"corruption counts {cards}, most corrupt {scoring.most_corrupt(cards, (0, 0), 'tied')}"

    outcomes = per_reading(game, "embalming_curses", run)
    return result(outcomes, "Embalming by a player with one card and one Curse; the opponent has two cards.",
                  {}, "one situation")


def check_amulet_only(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, hands=(hand_of(plain(AMULET), plain(AMULET), plain(AMULET)), ZERO))
        return f"new sets possible: {sum(isinstance(a, StartSet) for a in rules.legal_actions(state))}"

    outcomes = per_reading(game, "amulet_only", run)
    return result(outcomes, "A hand of three amulets.", {}, "one situation")


def check_courtesan_target(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        opp_set = PlayedSet(WHEAT, (plain(WHEAT),) * 3)
        state = situation(game, 2, readings, hands=(hand_of(COURTESAN_CARD, plain(WHEAT)), ZERO),
                          sets=((), (opp_set,)))
        after = rules.apply(state, PlayCharacter(COURTESAN_CARD))
        return "can add to the opponent's set" if after.pending is not None else "power does nothing"

    outcomes = per_reading(game, "courtesan_target", run)
    return result(outcomes, "The Courtesan with a Wheat card in hand; only the opponent has a (Wheat) set.", {},
                  "one situation")


def check_green_deal(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, hands=(ZERO, ZERO), row=(), phase=HORIZONTAL, hphase_left=(),
                          pending=None, deliveries_left=0)
        state = rules.end_round(state)
        rng = random.Random(SEED)
        while game.current_player(state) is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        return f"round 2 hands: {[sum(h) for h in state.hands]} cards"

    outcomes = per_reading(game, "green_deal", run)
    return result(outcomes, "Round 2 begins.", {}, "one seeded game")


def check_event_choice(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        cards = (plain(FISH),) * 3
        state = situation(game, 2, readings, hands=(hand_of(*cards), ZERO), pending=Pending(1, 0, FISH, -1, cards))
        after = rules.apply(state, Done())
        return "the player chooses a token" if after.pending is not None else \
            f"chance draws the token ({len(game.chance_outcomes(after))} possible)"

    outcomes = per_reading(game, "event_choice", run)
    return result(outcomes, "A set of three Fish is played in round 1.", {}, "one situation")


def check_round_start(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 3, readings, scores=(0, 10, 5), hands=(ZERO,) * 3, row=(), phase=HORIZONTAL,
                          hphase_left=(), pending=None, corruption=(ZERO,) * 3)
        return f"round 2 start player: seat {rules.end_round(state).start_player}"

    outcomes = per_reading(game, "round_start", run)
    return result(outcomes, "Round 1 ends with scores 0, 10, 5; seat 0 started round 1.", {}, "one situation")


def check_goods_total(game: SobekGame, budget: Budget) -> CheckResult:
    params = game.params
    outcomes = []
    for reading in ("listed", "green_extra"):
        totals = rules.card_totals(params, reading)
        deck = sum(c for t, c in enumerate(totals) if not params.green[t])
        outcomes.append((reading, f"deck {deck} cards = {deck / params.delivery_size:g} deliveries of "
                                  f"{params.delivery_size}; 2 players: {(deck - 9) / params.delivery_size:g}"))
    return CheckResult(
        Witness("Deck size at set-up. Only 'listed' gives the seed's '5 goods deliveries not 6' with 2 players.",
                {"deliveries_seed": [6, 5]}),
        "arithmetic", tuple(outcomes), "the card counts of the spec",
    )


def check_extension_event(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        cards = (plain(FISH),) * 3
        state = situation(game, 2, readings, hands=(hand_of(*cards), ZERO), sets=((PlayedSet(FISH, cards),), ()),
                          pending=Pending(1, 0, FISH, 0, cards))
        after = rules.apply(state, Done())
        return "event" if after.pending is not None and after.pending.kind == K_EVENT else "no event"

    outcomes = per_reading(game, "extension_event", run)
    return result(outcomes, "Three Fish added to a played Fish set while tokens remain.", {}, "one situation")


def check_priest_characters(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, hands=(hand_of(PRIEST_CARD), ZERO),
                          corruption=(hand_of(plain(FISH), SCRIBE_FISH), ZERO))
        state = rules.apply(rules.apply(state, PlayCharacter(PRIEST_CARD)), ChooseGoods(FISH))
        pile = state.corruption[0]
        return f"pile {sum(pile)} card(s) left; pending choice: {state.pending is not None}"

    outcomes = per_reading(game, "priest_characters", run)
    return result(outcomes, "The High Priest discards Fish from a pile holding a Fish and the Fish Scribe.", {},
                  "one situation")


def check_thief_backs(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        thief = FIRST_CHAR + 8
        state = situation(game, 2, readings, hands=(hand_of(thief), hand_of(green(WHEAT), green(CATTLE))))
        state = rules.apply(state, PlayCharacter(thief))
        state = rules.apply(state, ChooseTarget(1))
        backs = [a.back for a in rules.legal_actions(state) if isinstance(a, ChooseBack)]
        return f"backs to choose from: {backs}"

    outcomes = per_reading(game, "thief_backs", run)
    return result(outcomes, "The Thief robs a hand of two green-backed cards (a Wheat and a Cattle).", {},
                  "one situation")


def check_market_row(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = first_decision(game, 3, readings)
        return f"row at the first turn: {len(state.row)} cards, {state.deliveries_left} refill(s) to come"

    outcomes = per_reading(game, "market_row", run)
    return result(outcomes, "The first turn of a 3-player game.", {}, "one seeded game")


def check_two_player_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = first_decision(game, 2, readings)
        return f"round 1 has {state.deliveries_left + 1} deliveries"

    outcomes = per_reading(game, "two_player_rounds", run)
    return result(outcomes, "Set-up of a 2-player game.", {}, "one seeded game")


def check_scribe_chooser(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        big = hand_of(*([plain(FISH)] * 6), valued(IVORY))
        state = situation(game, 2, readings, hands=(hand_of(SCRIBE_FISH), big))
        state = rules.apply(state, PlayCharacter(SCRIBE_FISH))
        assert state.pending is not None
        return f"seat {state.pending.player} chooses the card that goes"

    outcomes = per_reading(game, "scribe_chooser", run)
    return result(outcomes, "The Scribe against an opponent holding six Fish and a valued Ivory.", {},
                  "one situation")


def check_sets_between_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        ivory = PlayedSet(IVORY, (valued(IVORY), plain(IVORY), plain(IVORY)))  # 3 scarabs x 3 = 9
        state = situation(game, 2, readings, hands=(ZERO, ZERO), row=(), phase=HORIZONTAL, hphase_left=(),
                          pending=None, sets=((ivory,), ()), corruption=(ZERO, hand_of(plain(FISH))),
                          scores=(0, 0))
        state = rules.end_round(state)
        state = replace(state, draws=(), row=(), phase=HORIZONTAL, hphase_left=(), pending=None,
                        hands=(ZERO, ZERO), corruption=(ZERO, hand_of(plain(FISH))))
        return f"seat 0 after two rounds: {rules.end_round(state).scores[0]}"

    outcomes = per_reading(game, "sets_between_rounds", run)
    return result(outcomes, "A player plays one Ivory set worth 9 in round 1 and nothing in round 2.", {},
                  "two hand-built ends of round")


CHECKS: dict[str, Check] = {
    "zero_corruption": check_zero_corruption,
    "scribe_chooser": check_scribe_chooser,
    "sets_between_rounds": check_sets_between_rounds,
    "corruption_scarabs": check_corruption_scarabs,
    "corrupt_all_tied": check_corrupt_all_tied,
    "penalty_on_number": check_penalty_on_number,
    "track_low_end": check_track_low_end,
    "track_end": check_track_end,
    "early_end": check_early_end,
    "final_tie": check_final_tie,
    "queen_draw": check_queen_draw,
    "horizontal_sets": check_horizontal_sets,
    "horizontal_in_penalty": check_horizontal_in_penalty,
    "horizontal_events": check_horizontal_events,
    "deceit_curses": check_deceit_curses,
    "embalming_curses": check_embalming_curses,
    "amulet_only": check_amulet_only,
    "courtesan_target": check_courtesan_target,
    "green_deal": check_green_deal,
    "event_choice": check_event_choice,
    "round_start": check_round_start,
    "goods_total": check_goods_total,
    "extension_event": check_extension_event,
    "priest_characters": check_priest_characters,
    "thief_backs": check_thief_backs,
    "market_row": check_market_row,
    "two_player_rounds": check_two_player_rounds,
}


"""One divergence check per ambiguity of ``specs/sobek.toml``: a situation where the readings differ, or a proof.

Situations are positions in the public format (docs/positions.md): a seeded game's first decision, written out with
``position_data``, edited to the case in point and built back with ``game.position`` (so every witness passes the
game's invariants; such a witness is labelled constructed). Where seeded play reaches the divergence itself, the
witness is that game's log. Every number in a summary or an outcome is read from the spec's params or computed by
running the rules under each reading.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any

from nilerules.checks.model import Budget, Check, CheckResult
from nilerules.checks.sobek.situations import (
    PLAIN_KINDS,
    SEATS,
    SEED,
    can_start_set,
    cards,
    code,
    counts_of,
    differs,
    end_of_round,
    first_decision,
    first_parting,
    in_play,
    params_of,
    per_reading,
    plain_cards,
    result,
    rich_set,
    score_round,
    seeded_until,
    set_event,
    setup_witness,
    situation,
    step,
)
from nilerules.core import Witness, make_log
from nilerules.errors import IllegalAction
from nilerules.games.sobek import rules, scoring
from nilerules.games.sobek.actions import (
    ChooseBack,
    ChooseEvent,
    ChooseGoods,
    ChooseTarget,
    Done,
    PlayCharacter,
    StartHorizontal,
    StartSet,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_NAMES
from nilerules.games.sobek.state import (
    D_GREEN,
    D_REMOVE,
    DECEIT,
    EMBALMING,
    FIRST_CHAR,
    K_EVENT,
    K_HPHASE,
    K_HSET,
    KINDS,
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


def next_round_in_play(
    game: SobekGame, amb: str, players: int, describe: Callable[[SobekState], str], what: str, cut: bool = False,
) -> CheckResult | None:
    """A witness game for an ambiguity that acts between rounds: seeded greedy play (default readings) to the first
    decision of round 2 is the witness log, with ``cut`` only up to where the readings first part in play (who moves,
    the moves or chance outcomes, the scores: ``first_parting``) when that comes earlier; each reading's outcome is
    ``describe`` of that log replayed under the reading, so every figure stated is what the log replays to (the log
    runs through the scoring of round 1, where the readings part). None when the game ends in round 1 or the
    readings give the same outcome."""
    end, actions = seeded_until(game, players, {}, lambda s: s.round == 1, greedy=True)
    if game.is_terminal(end) or end.round != 1:
        return None
    where = "to the first decision of round 2"
    parting = first_parting(game, players, amb, actions) if cut else len(actions)
    if parting < len(actions):
        where = f"to where the readings part, {parting} of the {len(actions)} steps to the first decision of round 2"
        actions = actions[:parting]
        end = game.setup(end.config)
        for action in actions:
            end = game.apply(end, action)

    def run(readings: dict[str, str]) -> str:
        state = game.setup(game.config(players, readings=readings))
        for index, action in enumerate(actions):
            try:
                state = game.apply(state, action)
            except IllegalAction:
                return f"step {index} of the seeded game is not possible under this reading"
        return describe(state)

    outcomes = per_reading(game, amb, run)
    if not differs(outcomes):
        return None
    log = make_log(game, end.config, actions, end)
    return result(outcomes, f"Seeded {players}-player greedy play {where}: {what}.",
                  {"seed": SEED}, "one seeded game", "playout", witness_log=log)


def check_corruption_scarabs(game: SobekGame, budget: Budget) -> CheckResult:
    """A round end in seeded play where the two tie-breaks penalise differently; failing that, exhaustive over two
    players with 0..3 cards and 0..3 scarabs in pile and in sets."""
    in_game = round_end_in_play(game, "corruption_scarabs", budget)
    if in_game is not None:
        return in_game
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
        constructed=True,
    )


def check_zero_corruption(game: SobekGame, budget: Budget) -> CheckResult:
    params = params_of(game)
    ivory = rich_set(game, "ivory")
    points = scoring.set_score(PlayedSet(0, tuple(code(c) for c in ivory["cards"])), params)

    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 2, readings, seats={0: {"sets": [ivory]}})
        return f"scores after the round {list(score_round(game, state).scores)}"

    outcomes = per_reading(game, "zero_corruption", run)
    return result(outcomes, f"Nobody has a corruption card at the end of the round; seat 0 scored {points} with a "
                  "set, seat 1 nothing.", {"set_points": points}, "one hand-built end of round")


def check_corrupt_all_tied(game: SobekGame, budget: Budget) -> CheckResult:
    params = params_of(game)
    big, small = params.set_min + 1, params.set_min - 1
    piles = {0: [*cards(game, "fish", big - 1, 1), "wheat"], 1: [*cards(game, "cattle", big - 1, 1), "wheat"],
             2: cards(game, "wheat", small)}
    sets = [rich_set(game, kind) for kind in ("ivory", "ebony", "marble")]

    def run(readings: dict[str, str]) -> str:
        seats: dict[Any, Any] = {p: {"corruption": counts_of(piles[p]), "sets": [sets[p]]} for p in range(3)}
        before = end_of_round(game, 3, readings, seats=seats)
        after = score_round(game, before)
        scored = [before.scores[p] + sum(scoring.round_points(before.sets[p], params)) for p in range(3)]
        hit = [p for p in range(3) if after.scores[p] < scored[p]]
        return f"penalised seats {hit}"

    outcomes = per_reading(game, "corrupt_all_tied", run)
    return result(outcomes, f"Three players: seats 0 and 1 end the round with {big} corruption cards each (one of "
                  f"them with scarabs), seat 2 with {small}; every seat scored one set.",
                  {"corruption_cards": [big, big, small]}, "one hand-built three-player end of round")


def check_penalty_on_number(game: SobekGame, budget: Budget) -> CheckResult:
    """Z3: readings differ on numbered spaces; on symbol spaces they provably agree (0..200)."""
    step = params_of(game).penalty_step
    witness = zsolver.penalty_divergence((("numbered_type", "stay"), ("previous_symbol", "stay")), step,
                                         rlimit=budget.rlimit)
    proof = zsolver.penalty_divergence((("numbered_type", "stay"), ("no_move", "stay")), step, on_symbol=True,
                                       rlimit=budget.rlimit)
    # the document's example (Kate: two lots and a remainder), on a numbered space with room to move back twice
    points = 2 * step + 3
    score = 25
    readings = game.spec.ambiguities["penalty_on_number"].reading_names()
    outcomes = tuple((r, f"{score} -> {scoring.penalty(score, points, r, 'stay', step)}") for r in readings)
    summary = (f"A player earns {points} set points ({points // step} lots of {step}) and ends on the numbered "
               f"space {score}: the text's 'symbol of the type they ended up on' does not exist there.")
    data: dict[str, Any] = {"score": score, "points": points, "z3": getattr(witness, "summary", "")}
    data["symbol_spaces"] = proof.kind + ": " + proof.summary
    differing = 0
    for s in range(0, 201, 5):  # exhaustive over the numbered spaces, where the readings can differ
        for pts in range(201):
            if len({scoring.penalty(s, pts, r, "stay", step) for r in readings}) > 1:
                differing += 1
    data["numbered_cases_differing"] = f"{differing} of {41 * 201} (numbered spaces 0..200 x points 0..200)"
    return CheckResult(Witness(summary, data), "z3", outcomes,
                       "Z3 over scores 0..200 and set points 0..200; on symbol spaces the readings agree: "
                       + proof.kind, constructed=True)


def check_track_low_end(game: SobekGame, budget: Budget) -> CheckResult:
    step = params_of(game).penalty_step
    verdict = zsolver.guild_low_divergence(rlimit=budget.rlimit)
    scorpion = params_of(game).symbol_order.index("scorpion") + 1
    outcomes = tuple((r, f"space 2, back to scorpion -> {scoring.back_to_symbol(2, scorpion, r)}; penalty of "
                         f"{2 * step} points from space 8 -> {scoring.penalty(8, 2 * step, 'numbered_type', r, step)}")
                     for r in game.spec.ambiguities["track_low_end"].reading_names())
    if isinstance(verdict, Witness):
        return CheckResult(verdict, "z3", outcomes, "Z3 over scores 0..200 and the four symbols", constructed=True)
    # Z3 did not give a witness: fall back to the hand-built situation above, and say so
    return CheckResult(
        Witness("An opponent on space 2 moved back to a scorpion.", {"z3": verdict.kind}),
        "situation", outcomes, f"one hand-built situation (Z3 over scores 0..200 answered {verdict.kind})",
        constructed=True,
    )


def check_track_end(game: SobekGame, budget: Budget) -> CheckResult:
    """A marker a few spaces before the end of the track scores enough by Deceit to pass the early-end total; under
    ``stop`` the highest score any marker can hold is the last space, which the check compares with the early-end
    total (when it is not above it, the reading makes 'more than N points' impossible: the text rules it out)."""
    params = params_of(game)
    last = params.track_spaces - 1
    start = max(last - params.penalty_step // 2, 0)
    gain = params.early_end + 1 - start if params.early_end + 1 > start else params.penalty_step
    reachable: dict[str, bool] = {}

    def run(readings: dict[str, str]) -> str:
        pile = plain_cards(game, gain)
        state = situation(game, 2, readings, seats={0: {"score": start, "corruption": pile}}, events={"deceit": 1},
                          pending={"choice": "event", "seat": 0})
        state = game.apply(state, ChooseEvent(DECEIT))
        reachable[readings["track_end"]] = readings["track_end"] != "stop" or last > params.early_end
        ends = state.scores[0] > params.early_end
        never = "" if reachable[readings["track_end"]] else \
            f"; no marker can pass {params.early_end} under this reading (it stops on {last})"
        return f"marker at {state.scores[0]}; more than {params.early_end} points: {ends}{never}"

    outcomes = per_reading(game, "track_end", run)
    summary = (f"A player on space {start} of a track of {params.track_spaces} spaces chooses Deceit with {gain} "
               "cards in the corruption pile.")
    return result(outcomes, summary, {"score": start, "gain": gain, "last_space": last,
                                      "early_end_points": params.early_end,
                                      "early_end_reachable": reachable}, "one hand-built situation")


def check_early_end(game: SobekGame, budget: Budget) -> CheckResult:
    params = params_of(game)
    sets = [rich_set(game, "ivory"), rich_set(game, "ebony")]
    points = sum(scoring.round_points([PlayedSet(0, tuple(code(c) for c in x["cards"])) for x in sets], params))
    start = params.early_end + 1 - points + params.penalty_step // 2
    pile = plain_cards(game, 2)

    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 2, readings, seats={0: {"score": start, "sets": sets, "corruption": pile}})
        after = score_round(game, state)
        return f"scores {list(after.scores)}, game over: {after.phase == OVER}"

    outcomes = per_reading(game, "early_end", run)
    return result(outcomes, f"End of round 1: seat 0 on {start} scores {points} set points (to {start + points}, "
                  f"more than {params.early_end}) and is the most corrupt; the penalty moves it back.",
                  {"score": start, "set_points": points}, "one hand-built end of round")


def check_final_tie(game: SobekGame, budget: Budget) -> CheckResult:
    scores, gains = (50, 50), (20, 10)

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, phase="over", draws=[], pending=None,
                          seats={p: {"score": scores[p], "last_gain": gains[p]} for p in range(2)})
        return f"places {[list(g) for g in game.ranking(state).places]}"

    outcomes = per_reading(game, "final_tie", run)
    return result(outcomes, f"Both players end on {scores[0]}; seat 0 gained {gains[0]} in the last round, seat 1 "
                  f"{gains[1]}.", {"scores": list(scores), "last_gain": list(gains)}, "one hand-built final state")


def check_queen_draw(game: SobekGame, budget: Budget) -> CheckResult:
    queen = PlayCharacter(code("queen"))

    def play(state: SobekState, moves: list[Any]) -> str:
        after = step(game, state, queen, moves)
        return f"row {len(state.row)} -> {len(after.row)} cards, deck {sum(state.deck)} -> {sum(after.deck)} " \
               f"(+draws pending {len(after.draws)})"

    found = in_play(game, "queen_draw", 3, budget, lambda s: queen in game.legal_actions(s), play,
                    "A player plays the Queen")
    if found is not None:
        return found

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 3, readings, seats={0: {"hand": {"queen": 1}}})
        after = game.apply(state, PlayCharacter(code("queen")))
        return f"row {len(state.row)} -> {len(after.row)} cards, deck {sum(state.deck)} -> {sum(after.deck)} " \
               f"(+draws pending {len(after.draws)})"

    outcomes = per_reading(game, "queen_draw", run)
    return result(outcomes, "The first player holds the Queen at the start of round 1 and plays her.",
                  {"players": 3}, "one situation")


def check_queen_short(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play to a turn where the player holds the Queen and fewer cards are left to draw than she draws (the
    deck, or the row under ``queen_draw=market``): under one reading she is played, under the other she cannot be.
    Failing that, a hand-built turn of round 3 with the deck used up (its cards in the discard pile)."""
    queen = PlayCharacter(code("queen"))
    draws = params_of(game).queen_draws

    def short(state: SobekState) -> bool:
        return rules.queen_source(state) < draws and queen in game.legal_actions(state)

    def play(state: SobekState, moves: list[Any]) -> str:
        p = state.to_move
        if queen not in game.legal_actions(state):
            return f"the Queen cannot be played ({rules.queen_source(state)} card(s) left to draw, she draws " \
                   f"{draws}); {len(game.legal_actions(state))} legal actions"
        after = step(game, state, queen, moves)
        return f"the Queen is played: hand {sum(state.hands[p])} -> {sum(after.hands[p])} cards, draws pending " \
               f"{len(after.draws)}"

    found = in_play(game, "queen_short", 3, budget, short, play,
                    "A player holds the Queen when fewer cards are left in the deck than she draws")
    if found is not None:
        return found
    hand = {"hand": {"queen": 1}}

    def run(readings: dict[str, str]) -> str:
        base = situation(game, 3, readings, seats={0: hand})
        used_up = {CARD_NAMES[t]: c for t, c in enumerate(base.deck) if c}
        state = situation(game, 3, readings, seats={0: hand}, discard=used_up, round=params_of(game).rounds,
                          deliveries_left=None)
        return play(state, [])

    outcomes = per_reading(game, "queen_short", run)
    return result(outcomes, "The first player holds the Queen in the last round, with the deck used up.", {},
                  "one situation")


def check_power_no_target(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play to a turn where the player holds the Vizir, the Thief, a Scribe or the Courtesan and its power
    finds nothing to act on (no opponent's corruption pile, or hand, holding a card; no opponent over the Scribe's
    limit; no played set a card in hand fits): under one reading it is played and does nothing, under the other it
    cannot be played. Failing that, a hand-built first turn with the Vizir in hand and every corruption pile empty."""
    limit = params_of(game).scribe_limit
    powers = {rules.VIZIR_CARD: "Vizir", rules.THIEF_CARD: "Thief", rules.COURTESAN_CARD: "Courtesan",
              **{c: "Scribe" for c in rules.SCRIBE_CARDS}}
    nothing = {rules.VIZIR_CARD: "no opponent's corruption pile holds a card",
               rules.THIEF_CARD: "no opponent's hand holds a card",
               rules.COURTESAN_CARD: "no played set that a card left in hand may be added to",
               **{c: f"no opponent holds more than {limit} cards" for c in rules.SCRIBE_CARDS}}

    def idle(state: SobekState) -> int | None:
        """The first of these characters the player holds whose power finds nothing to act on."""
        p = state.to_move
        return next((c for c in powers if state.hands[p][c] and not rules.power_target(state, p, c)), None)

    def stuck(state: SobekState) -> bool:
        card = idle(state)
        return card is not None and PlayCharacter(card) in game.legal_actions(state)

    def play(state: SobekState, moves: list[Any]) -> str:
        p, card = state.to_move, idle(state)
        assert card is not None
        action = PlayCharacter(card)
        if action not in game.legal_actions(state):
            return f"the {powers[card]} cannot be played ({nothing[card]}); " \
                   f"{len(game.legal_actions(state))} legal actions"
        after = step(game, state, action, moves)
        kept = "unchanged" if _others_unchanged(state, after) else "changed"
        return f"the {powers[card]} is played and does nothing ({nothing[card]}): hand {sum(state.hands[p])} -> " \
               f"{sum(after.hands[p])} card(s), the opponents' hands and piles and the played sets {kept}"

    found = in_play(game, "power_no_target", 3, budget, stuck, play,
                    "A player holds the Vizir, the Thief, a Scribe or the Courtesan when its power finds nothing "
                    "to act on")
    if found is not None:
        return found
    hand = {"hand": {"vizir": 1}}

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 3, readings, seats={0: hand})
        return play(state, [])

    outcomes = per_reading(game, "power_no_target", run)
    return result(outcomes, "The first player holds the Vizir at the start of the game, every corruption pile "
                  "empty.", {}, "one situation")


def _others_unchanged(before: SobekState, after: SobekState) -> bool:
    """Whether the opponents' hands and corruption piles and every played set are the same before and after."""
    p = before.to_move
    others = [o for o in range(len(before.hands)) if o != p]
    return all(before.hands[o] == after.hands[o] and before.corruption[o] == after.corruption[o] for o in others) \
        and before.sets == after.sets


def check_horizontal_sets(game: SobekGame, budget: Budget) -> CheckResult:
    def ready(state: SobekState) -> bool:
        return state.pending is not None and state.pending.kind == K_HPHASE and sum(
            state.hands[state.pending.player]) >= params_of(game).set_min

    def starts(state: SobekState, moves: list[Any]) -> str:
        return f"horizontal sets possible: {sum(isinstance(a, StartHorizontal) for a in game.legal_actions(state))}"

    found = in_play(game, "horizontal_sets", 3, budget, ready, starts,
                    "At the end of round 1 a player chooses horizontal sets")
    if found is not None:
        return found
    kinds = PLAIN_KINDS[: params_of(game).set_min]
    hand = {k: 1 for k in kinds}

    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 2, readings, seats={1: {"hand": hand}})
        starts = [a for a in game.legal_actions(state) if isinstance(a, StartHorizontal)]
        return f"horizontal sets possible: {len(starts)}"

    outcomes = per_reading(game, "horizontal_sets", run)
    return result(outcomes, f"At the end of the round a hand holds one card each of {', '.join(kinds)}.",
                  {"hand": list(kinds)}, "one situation")


def check_horizontal_in_penalty(game: SobekGame, budget: Budget) -> CheckResult:
    params = params_of(game)
    hset = {**rich_set(game, "ivory"), "horizontal": True}
    vset = {"goods": "cattle", "cards": cards(game, "cattle", params.set_min, 1)}
    h_points = sum(params.scarabs[code(c)] for c in hset["cards"])
    v_points = scoring.set_score(PlayedSet(0, tuple(code(c) for c in vset["cards"])), params)

    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 2, readings, seats={0: {"sets": [hset, vset], "corruption": {"fish": 1}}})
        return f"seat 0 ends the round on {score_round(game, state).scores[0]}"

    outcomes = per_reading(game, "horizontal_in_penalty", run)
    return result(outcomes, f"The most corrupt player scores {v_points} from a set and {h_points} from a horizontal "
                  f"set ({v_points + h_points} in all).", {"set_points": v_points, "horizontal_points": h_points},
                  "one end of round")


def check_horizontal_events(game: SobekGame, budget: Budget) -> CheckResult:
    def ready(state: SobekState) -> bool:
        pend = state.pending
        return pend is not None and pend.kind == K_HSET and sum(state.tokens) > 0 and Done() in \
            game.legal_actions(state)

    def finish(state: SobekState, moves: list[Any]) -> str:
        after = step(game, state, Done(), moves)
        return "event chosen next" if after.pending is not None and after.pending.kind == K_EVENT else "no event"

    found = in_play(game, "horizontal_events", 3, budget, ready, finish,
                    "A player finishes a horizontal set while event tokens remain")
    if found is not None:
        return found
    three = cards(game, "fish", params_of(game).set_min)

    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 2, readings, seats={1: {"hand": counts_of(three)}}, events={"flood": 1},
                             pending={"choice": "horizontal_set", "seat": 1, "goods": "fish", "cards": three})
        after = game.apply(state, Done())
        return "event chosen next" if after.pending is not None and after.pending.kind == K_EVENT else "no event"

    outcomes = per_reading(game, "horizontal_events", run)
    return result(outcomes, f"A player finishes a horizontal set of {len(three)} Fish while an event token remains.",
                  {}, "one situation")


def event_with_curses_in_play(game: SobekGame, amb: str, token: int, budget: Budget,
                              describe: Callable[[SobekState, int], str]) -> CheckResult | None:
    """Seeded play to a player choosing an event while holding a Curse token and that token is on offer; the player
    chooses it under each reading."""
    def ready(state: SobekState) -> bool:
        pend = state.pending
        return pend is not None and pend.kind == K_EVENT and state.tokens[token] > 0 and state.curses[pend.player] > 0

    def choose(state: SobekState, moves: list[Any]) -> str:
        assert state.pending is not None
        p = state.pending.player
        text: str = describe(step(game, state, ChooseEvent(token), moves), p)
        return text

    name = game.token_names[token]
    return in_play(game, amb, 3, budget, ready, choose,
                   f"A player holding a Curse token chooses the {name.capitalize()} event")


def check_deceit_curses(game: SobekGame, budget: Budget) -> CheckResult:
    found = event_with_curses_in_play(game, "deceit_curses", DECEIT, budget,
                                      lambda s, p: f"seat {p} scores {s.scores[p]} (Curse tokens held: {s.curses[p]})")
    if found is not None:
        return found
    pile = {"fish": 1, "wheat": 1}

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"corruption": pile, "curses": 1}}, events={"deceit": 1},
                          pending={"choice": "event", "seat": 0})
        after = game.apply(state, ChooseEvent(DECEIT))
        return f"seat 0 scores {after.scores[0]} (Curse tokens held: {after.curses[0]})"

    outcomes = per_reading(game, "deceit_curses", run)
    return result(outcomes, f"Deceit with {sum(pile.values())} cards and one Curse token in the pile.",
                  {"cards": sum(pile.values()), "curses": 1}, "one situation")


def check_embalming_curses(game: SobekGame, budget: Budget) -> CheckResult:
    found = event_with_curses_in_play(
        game, "embalming_curses", EMBALMING, budget,
        lambda s, p: f"seat {p}'s corruption afterwards: {rules.corruption_cards(s, p)} (Curse tokens {s.curses[p]})")
    if found is not None:
        return found
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"corruption": {"fish": 1}, "curses": 1},
                                                   1: {"corruption": {"fish": 2}}},
                          events={"embalming": 1}, pending={"choice": "event", "seat": 0})
        after = game.apply(state, ChooseEvent(EMBALMING))
        counts = [rules.corruption_cards(after, p) for p in (0, 1)]
        return f"corruption counts {counts}, most corrupt {list(scoring.most_corrupt(counts, (0, 0), 'tied'))}"

    outcomes = per_reading(game, "embalming_curses", run)
    return result(outcomes, "Embalming by a player with one card and one Curse; the opponent has two cards.",
                  {}, "one situation")


def check_amulet_only(game: SobekGame, budget: Budget) -> CheckResult:
    amulets = params_of(game).set_min

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": {"amulet": amulets}}})
        return f"new sets possible: {sum(isinstance(a, StartSet) for a in game.legal_actions(state))}"

    outcomes = per_reading(game, "amulet_only", run)
    return result(outcomes, f"A hand of {amulets} amulets.", {"amulets": amulets}, "one situation")


def check_courtesan_target(game: SobekGame, budget: Budget) -> CheckResult:
    courtesan = PlayCharacter(code("courtesan"))

    def ready(state: SobekState) -> bool:
        if courtesan not in game.legal_actions(state):
            return False
        p = state.to_move
        hand = state.hands[p]
        return any(o != p and any(not x.horizontal and any(c and (state.params.kind[t] in (x.family, KINDS.index(
            "amulet"))) for t, c in enumerate(hand) if t != courtesan.card) for x in state.sets[o])
            for o in range(state.config.players))

    def play(state: SobekState, moves: list[Any]) -> str:
        after = step(game, state, courtesan, moves)
        targets = [game.action_to_data(a) for a in game.legal_actions(after)] if after.pending is not None else []
        return f"sets the Courtesan can add to: {targets}"

    found = in_play(game, "courtesan_target", 3, budget, ready, play,
                    "A player plays the Courtesan while an opponent has a set her cards fit")
    if found is not None:
        return found
    opp_set = {"goods": "wheat", "cards": cards(game, "wheat", params_of(game).set_min)}

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": {"courtesan": 1, "wheat_scarabs": 1}},
                                                   1: {"sets": [opp_set]}})
        after = game.apply(state, PlayCharacter(code("courtesan")))
        return "can add to the opponent's set" if after.pending is not None else "power does nothing"

    outcomes = per_reading(game, "courtesan_target", run)
    return result(outcomes, "The Courtesan with a Wheat card in hand; only the opponent has a (Wheat) set.", {},
                  "one situation")


def check_green_deal(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play through the scoring of round 1 to where the readings part (round 2's deal of green-backed cards):
    the log is the witness, and each reading's outcome is that log replayed under it. Failing that (the game ends
    in round 1, or the readings agree), each reading's own seeded game to round 2, with no log."""
    def dealt(state: SobekState) -> str:
        due = [sum(1 for d in state.draws if d.dest == D_GREEN and d.player == p) for p in range(len(state.hands))]
        return f"green-backed cards to deal for round 2: {due}"

    found = next_round_in_play(game, "green_deal", 2, dealt, "the deal of green-backed cards", cut=True)
    if found is not None:
        return found

    def run(readings: dict[str, str]) -> str:
        state, _ = seeded_until(game, 2, readings, lambda s: s.round == 1)
        return f"round 2 hands: {[sum(h) for h in state.hands]} cards"

    outcomes = per_reading(game, "green_deal", run)
    return result(outcomes, "Seeded 2-player play under each reading (chance sampled, each player taking the first "
                  "legal action) to the start of round 2.", {"seed": SEED}, "one seeded game per reading", "playout")


def check_event_choice(game: SobekGame, budget: Budget) -> CheckResult:
    found = in_play(game, "event_choice", 3, budget, lambda s: can_start_set(game, s, True),
                    lambda s, m: set_event(game, s, True, m), "A player plays a new set while event tokens remain")
    if found is not None:
        return found
    three = cards(game, "fish", params_of(game).set_min)

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": counts_of(three)}},
                          pending={"choice": "set", "seat": 0, "goods": "fish", "cards": three})
        after = game.apply(state, Done())
        return "the player chooses a token" if after.pending is not None else \
            f"chance draws the token ({len(game.chance_outcomes(after))} kinds possible)"

    outcomes = per_reading(game, "event_choice", run)
    return result(outcomes, f"A set of {len(three)} Fish is played in round 1.", {}, "one situation")


def check_round_start(game: SobekGame, budget: Budget) -> CheckResult:
    found = next_round_in_play(game, "round_start", 3, lambda s: f"round 2 start player: seat {s.start_player} "
                               f"(scores {list(s.scores)})", "who starts it")
    if found is not None:
        return found
    scores = (0, 10, 5)

    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 3, readings, seats={p: {"score": scores[p]} for p in range(3)})
        return f"round 2 start player: seat {score_round(game, state).start_player}"

    outcomes = per_reading(game, "round_start", run)
    return result(outcomes, f"Round 1 ends with scores {', '.join(map(str, scores))}; seat 0 started round 1.", {},
                  "one situation")


def check_goods_total(game: SobekGame, budget: Budget) -> CheckResult:
    params = params_of(game)
    size = params.delivery_size
    outcomes = []
    for reading in game.spec.ambiguities["goods_total"].reading_names():
        totals = rules.card_totals(params, reading)
        deck = sum(c for t, c in enumerate(totals) if not params.green[t])
        outcomes.append((reading, f"deck {deck} cards = {deck / size:g} deliveries of {size}; 2 players: "
                                  f"{(deck - params.removed_two) / size:g}"))
    stated = (sum(params.deliveries), sum(params.deliveries_two))
    return CheckResult(
        Witness(f"Deck size at set-up, against the document's {stated[0]} deliveries ({stated[1]} with two "
                "players, after the removed cards).", {"deliveries_stated": list(stated)}),
        "arithmetic", tuple(outcomes), "the card counts of the spec",
        witness_log=setup_witness(game, 2, "goods_total"),
    )


def check_extension_event(game: SobekGame, budget: Budget) -> CheckResult:
    found = in_play(game, "extension_event", 3, budget, lambda s: can_start_set(game, s, False),
                    lambda s, m: set_event(game, s, False, m), "A player adds cards to a played set while event tokens "
                    "remain")
    if found is not None:
        return found
    three = cards(game, "fish", params_of(game).set_min)
    played = {"goods": "fish", "cards": cards(game, "fish", params_of(game).set_min, params_of(game).set_min)}

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": counts_of(three), "sets": [played]}},
                          pending={"choice": "set", "seat": 0, "goods": "fish", "onto": 0, "cards": three})
        after = game.apply(state, Done())
        return "event" if after.pending is not None and after.pending.kind == K_EVENT else "no event"

    outcomes = per_reading(game, "extension_event", run)
    return result(outcomes, f"{len(three)} Fish added to a played Fish set while event tokens remain.", {},
                  "one situation")


def check_priest_characters(game: SobekGame, budget: Budget) -> CheckResult:
    priests = [PlayCharacter(code("priest")), PlayCharacter(code("priestess"))]
    first_char = FIRST_CHAR

    def ready(state: SobekState) -> bool:
        legal = game.legal_actions(state)
        pile = state.corruption[state.to_move]
        return any(a in legal for a in priests) and any(pile[first_char:])

    def purge(state: SobekState, moves: list[Any]) -> str:
        legal = game.legal_actions(state)
        after = step(game, state, next(a for a in priests if a in legal), moves)
        pile = state.corruption[state.to_move]
        kind = state.params.kind[next(t for t in range(first_char, len(pile)) if pile[t])]
        after = step(game, after, ChooseGoods(kind), moves)
        return f"pile {sum(pile)} -> {sum(after.corruption[state.to_move])} card(s); a further choice: " \
               f"{after.pending is not None and after.pending.player == state.to_move}"

    found = in_play(game, "priest_characters", 3, budget, ready, purge,
                    "A player plays a High Priest(ess) with a character in the corruption pile and names its goods "
                    "type")
    if found is not None:
        return found
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": {"priest": 1},
                                                       "corruption": {"fish": 1, "scribe_fish": 1}}})
        state = game.apply(game.apply(state, PlayCharacter(code("priest"))), ChooseGoods(KINDS.index("fish")))
        return f"pile {sum(state.corruption[0])} card(s) left; pending choice: {state.pending is not None}"

    outcomes = per_reading(game, "priest_characters", run)
    return result(outcomes, "The High Priest discards Fish from a pile holding a Fish and the Fish Scribe.", {},
                  "one situation")


def check_thief_backs(game: SobekGame, budget: Budget) -> CheckResult:
    thief = PlayCharacter(code("thief"))

    def robbed(state: SobekState) -> int:
        p = state.to_move
        return next(o for o in range(state.config.players) if o != p and any(
            c and state.params.green[t] for t, c in enumerate(state.hands[o])))

    def steal(state: SobekState, moves: list[Any]) -> str:
        after = step(game, step(game, state, thief, moves), ChooseTarget(robbed(state)), moves)
        return f"backs to choose from: {[game.action_to_data(a)['back'] for a in game.legal_actions(after)]}"

    def ready(state: SobekState) -> bool:
        if thief not in game.legal_actions(state):
            return False
        return any(o != state.to_move and sum(1 for t, c in enumerate(state.hands[o]) if c and state.params.green[t])
                   > 1 for o in range(state.config.players))

    found = in_play(game, "thief_backs", 3, budget, ready, steal,
                    "A player plays the Thief against an opponent holding green-backed cards")
    if found is not None:
        return found
    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": {"thief": 1}},
                                                   1: {"hand": {"wheat_green": 1, "cattle_green": 1}}})
        state = game.apply(game.apply(state, PlayCharacter(code("thief"))), ChooseTarget(1))
        backs = [game.action_to_data(a)["back"] for a in game.legal_actions(state) if isinstance(a, ChooseBack)]
        return f"backs to choose from: {backs}"

    outcomes = per_reading(game, "thief_backs", run)
    return result(outcomes, "The Thief robs a hand of two green-backed cards (a Wheat and a Cattle).", {},
                  "one situation")


def check_market_row(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = first_decision(game, 3, readings)
        return f"row at the first turn: {len(state.row)} cards, {state.deliveries_left} refill(s) to come"

    outcomes = per_reading(game, "market_row", run)
    return result(outcomes, "The first turn of a seeded 3-player game.", {}, "one seeded game", "playout",
                  witness_log=setup_witness(game, 3))


def check_two_player_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    def run(readings: dict[str, str]) -> str:
        state = first_decision(game, 2, readings)
        return f"round 1 has {state.deliveries_left + 1} deliveries"

    outcomes = per_reading(game, "two_player_rounds", run)
    return result(outcomes, "Set-up of a seeded 2-player game.", {}, "one seeded game", "playout",
                  witness_log=setup_witness(game, 2))


def check_two_player_removed(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded 2-player set-ups (as many seeds as the budget's playouts) to the first removal that draws a character:
    that log from setup is the witness (under ``goods_only`` its last step is not possible). Each reading's outcome
    is the log replayed under it, with the first removal's chance outcomes. Failing that, the set-up to where the
    readings part (the first removal's chance outcomes)."""
    amb = "two_player_removed"

    def pile(readings: dict[str, str]) -> str:
        state = game.setup(game.config(2, readings=readings))
        left = rules.removal_pile(state)
        chars = sum(left[FIRST_CHAR:])
        return f"the first removal draws from {sum(left)} cards, {chars} of them characters"

    def replay(actions: list[Any]) -> Callable[[dict[str, str]], str]:
        def run(readings: dict[str, str]) -> str:
            state = game.setup(game.config(2, readings=readings))
            for index, action in enumerate(actions):
                try:
                    state = game.apply(state, action)
                except IllegalAction:
                    return f"step {index} of the seeded set-up (removing the {CARD_NAMES[action.item]}) is not " \
                           f"possible; {pile(readings)}"
            gone = [CARD_NAMES[t] for t in range(FIRST_CHAR, len(state.removed)) if state.removed[t]]
            return f"{sum(state.removed)} cards removed so far, characters among them: {', '.join(gone) or 'none'}; " \
                   f"{pile(readings)}"
        return run

    for seed in range(SEED, SEED + budget.playouts):
        end, actions = seeded_until(game, 2, {}, lambda s: True, seed=seed)
        state = game.setup(end.config)
        for index, action in enumerate(actions):
            removal = state.draws[0].dest == D_REMOVE if state.draws else False
            state = game.apply(state, action)
            if removal and action.item >= FIRST_CHAR:
                log = make_log(game, state.config, actions[: index + 1], state)
                outcomes = per_reading(game, amb, replay(actions[: index + 1]))
                return result(outcomes, f"Seeded 2-player set-up (seed {seed}) to the first card removed that is a "
                              f"character, the {CARD_NAMES[action.item]} (step {index}).", {"seed": seed},
                              f"seeded 2-player set-ups, seeds {SEED}.. (up to {budget.playouts})", "playout",
                              witness_log=log)
    outcomes = per_reading(game, amb, pile)
    return result(outcomes, "Set-up of a seeded 2-player game, to its first removal.", {}, "one seeded game",
                  "playout", witness_log=setup_witness(game, 2, amb))


def check_scribe_chooser(game: SobekGame, budget: Budget) -> CheckResult:
    scribes = [PlayCharacter(code("scribe_fish")), PlayCharacter(code("scribe_cattle"))]

    def ready(state: SobekState) -> bool:
        legal = game.legal_actions(state)
        return any(a in legal for a in scribes) and any(
            o != state.to_move and sum(state.hands[o]) > params_of(game).scribe_limit
            for o in range(state.config.players))

    def play(state: SobekState, moves: list[Any]) -> str:
        legal = game.legal_actions(state)
        after = step(game, state, next(a for a in scribes if a in legal), moves)
        assert after.pending is not None
        opp = after.pending.b
        return f"seat {after.pending.player} chooses which of seat {opp}'s {sum(after.hands[opp])} cards go, down " \
               f"to {params_of(game).scribe_limit}"

    found = in_play(game, "scribe_chooser", 3, budget, ready, play,
                    "A player plays a Scribe while an opponent holds more cards than the limit")
    if found is not None:
        return found
    limit = params_of(game).scribe_limit
    big = plain_cards(game, limit)
    big["ivory_scarabs"] = 1

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": {"scribe_fish": 1}}, 1: {"hand": big}})
        state = game.apply(state, PlayCharacter(code("scribe_fish")))
        assert state.pending is not None
        return f"seat {state.pending.player} chooses the card that goes"

    outcomes = per_reading(game, "scribe_chooser", run)
    return result(outcomes, f"The Scribe against an opponent holding {limit + 1} cards, one over the limit of "
                  f"{limit}, among them a valued Ivory.", {"hand_limit": limit}, "one situation")


def check_sets_between_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    found = next_round_in_play(game, "sets_between_rounds", 2, lambda s: f"sets on the table: "
                               f"{[len(x) for x in s.sets]}", "the sets played in round 1")
    if found is not None:
        return found
    params = params_of(game)
    ivory = {"goods": "ivory", "cards": cards(game, "ivory", params.set_min, 1)}
    worth = scoring.set_score(PlayedSet(0, tuple(code(c) for c in ivory["cards"])), params)

    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 2, readings, seats={0: {"sets": [ivory]}, 1: {"corruption": {"fish": 1}}})
        state = score_round(game, state)
        data = game.position_data(state)
        data.update({"row": [], "deliveries_left": 0, "draws": [], "phase": "horizontal", "horizontal_left": [1],
                     "pending": {"choice": "horizontal_sets", "seat": 1}})
        seats = data.setdefault(SEATS, {})
        for p in ("0", "1"):
            seats[p] = {k: v for k, v in seats.get(p, {}).items() if k not in ("hand", "corruption")}
        seats["1"]["corruption"] = {"fish": 1}
        state = game.position(state.config, data)
        return f"seat 0 after two rounds: {score_round(game, state).scores[0]}"

    outcomes = per_reading(game, "sets_between_rounds", run)
    return result(outcomes, f"A player plays one Ivory set worth {worth} in round 1 and nothing in round 2.", {},
                  "two hand-built ends of round")


def check_courtesan_match(game: SobekGame, budget: Budget) -> CheckResult:
    courtesan = PlayCharacter(code("courtesan"))

    def ready(state: SobekState) -> bool:
        return courtesan in game.legal_actions(state) and any(not x.horizontal for x in state.sets[state.to_move])

    def play(state: SobekState, moves: list[Any]) -> str:
        after = step(game, state, courtesan, moves)
        if after.pending is None:
            return "power does nothing (no card in hand fits a set)"
        return f"sets to add to: {[game.action_to_data(a) for a in game.legal_actions(after)]}"

    found = in_play(game, "courtesan_match", 3, budget, ready, play,
                    "A player with a played set plays the Courtesan")
    if found is not None:
        return found
    played = {"goods": "wheat", "cards": cards(game, "wheat", params_of(game).set_min)}

    def run(readings: dict[str, str]) -> str:
        state = situation(game, 2, readings, seats={0: {"hand": {"courtesan": 1, "fish": 1}, "sets": [played]}})
        after = game.apply(state, PlayCharacter(code("courtesan")))
        if after.pending is None:
            return "power does nothing (no card fits the set)"
        after = game.apply(after, game.legal_actions(after)[0])
        adds = [game.action_to_data(a) for a in game.legal_actions(after)]
        return f"cards that can go onto the Wheat set: {adds}"

    outcomes = per_reading(game, "courtesan_match", run)
    return result(outcomes, "The Courtesan with one Fish in hand; the player's only set is of Wheat.", {},
                  "one situation")


def check_event_tokens_between_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play through the scoring of round 1 to where the readings part (the bag round 2's tokens are drawn
    from): the log is the witness, and each reading's outcome is that log replayed under it. Failing that, each
    reading's own seeded game to round 2, with no log."""
    def bag(state: SobekState) -> str:
        return f"tokens in the bag when round 2 began: {sum(state.token_bag) + sum(state.tokens)} (used in round " \
               f"1: {sum(state.events_used)})"

    found = next_round_in_play(game, "event_tokens_between_rounds", 3, bag, "the bag of event tokens", cut=True)
    if found is not None:
        return found

    def run(readings: dict[str, str]) -> str:
        state, _ = seeded_until(game, 3, readings, lambda s: s.round == 1, greedy=True)
        return bag(state)

    outcomes = per_reading(game, "event_tokens_between_rounds", run)
    return result(outcomes, "Seeded 3-player play under each reading (chance sampled, each player following the "
                  "greedy policy) to the start of round 2.", {"seed": SEED}, "one seeded game per reading",
                  "playout")


def check_corruption_between_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    found = next_round_in_play(game, "corruption_between_rounds", 2, lambda s: "corruption (Curses counted as "
                               f"cards): {[rules.corruption_cards(s, p) for p in range(2)]}", "the corruption piles")
    if found is not None:
        return found
    def run(readings: dict[str, str]) -> str:
        state = end_of_round(game, 2, readings, seats={1: {"corruption": {"fish": 1}, "curses": 1}})
        after = score_round(game, state)
        return f"seat 1 starts round 2 with {rules.corruption_cards(after, 1)} corruption (Curses counted as cards)"

    outcomes = per_reading(game, "corruption_between_rounds", run)
    return result(outcomes, "Round 1 ends with one card and one Curse token in seat 1's corruption pile.", {},
                  "one hand-built end of round")


CHECKS: dict[str, Check] = {
    "courtesan_match": check_courtesan_match,
    "event_tokens_between_rounds": check_event_tokens_between_rounds,
    "corruption_between_rounds": check_corruption_between_rounds,
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
    "queen_short": check_queen_short,
    "power_no_target": check_power_no_target,
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
    "two_player_removed": check_two_player_removed,
}


"""Sobek's checks of the set-up and of what passes between rounds: the deck, the market row, the 2-player game, the
green-backed deal, the sets, the corruption piles and the event tokens kept or not, the next start player."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from nilerules.checks.kit import (
    differ,
    find_divergence,
    log_of,
    per_reading,
    play_until,
    seeded_steps,
    under,
)
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.registry import check
from nilerules.checks.sobek.search import described, log_state, replayed, result, unplayable
from nilerules.core import CHANCE, Proof
from nilerules.core.log import GameLog
from nilerules.core.types import Config
from nilerules.games.sobek import rules, scoring
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_NAMES
from nilerules.games.sobek.situations import (
    SEATS,
    SEED,
    cards,
    code,
    end_of_round,
    in_round_two,
    params_of,
    score_round,
)
from nilerules.games.sobek.state import (
    D_GREEN,
    D_MARKET,
    D_REMOVE,
    FIRST_CHAR,
    K_START,
    PlayedSet,
    SobekState,
)


def next_round_in_play(
    game: SobekGame, amb: str, players: int, describe: Callable[[SobekState], str], what: str, cut: bool = False,
    said: dict[str, Any] | None = None, figures: Callable[[GameLog], Callable[[str], str]] | None = None,
) -> CheckResult | None:
    """A witness game for an ambiguity that acts between rounds: seeded greedy play (default readings) to the first
    decision of round 2 is the witness log, with ``cut`` only up to where the readings first part in play (who moves,
    the moves or chance outcomes, the scores: ``first_parting``) when that comes earlier; each reading's outcome is
    ``describe`` of that log replayed under the reading, so every figure stated is what the log replays to (the log
    runs through the scoring of round 1, where the readings part). None when the game ends in round 1 or the
    readings give the same outcome. ``figures``: each reading's outcome from the log, when ``described`` (the position
    the whole log reaches) is not what a reading's replay should say."""
    config = game.config(players)
    end, actions = play_until(game, config, SEED, in_round_two, "greedy")
    if game.is_terminal(end) or end.round != 1:
        return None
    where = "to the first decision of round 2"
    parting = first_parting(game, config, amb, actions, "greedy") if cut else len(actions)
    if parting < len(actions):
        where = f"to where the readings part, {parting} of the {len(actions)} steps to the first decision of round 2"
        actions = actions[:parting]

    log = log_of(game, config, actions)
    run = (figures or (lambda whole: described(game, whole, amb, describe)))(log)  # what the witness log replays to
    outcomes = per_reading(game, amb, run)
    if not differ(outcomes):
        return None
    return result(outcomes, f"Seeded {players}-player greedy play {where}: {what}.",
                  {"seed": SEED}, "one seeded game", "playout", witness_log=log, said=said, figures=run)


def setup_witness(game: SobekGame, players: int, amb: str = "") -> GameLog:
    """The log of a seeded game's set-up to its first decision (``kit.first_decision``'s game); with ``amb``, only up
    to where the readings of ``amb`` first part in play (``first_parting``), when they part before that decision."""
    config = game.config(players)
    actions = play_until(game, config, SEED, lambda s: True)[1]
    if amb:
        actions = actions[: first_parting(game, config, amb, actions, "first")]
    return log_of(game, config, actions)


def first_parting(game: SobekGame, config: Config, amb: str, actions: list[Any], policy: str) -> int:
    """How many of ``actions`` (the start of ``config``'s seeded game under ``policy``, seed ``SEED``) lead to the first
    position where the games under the readings of ``amb``, played in lockstep, part (``kit.find_divergence`` over
    every reading): who moves, the legal moves or chance outcomes (with their probabilities) or the scores; an action
    not possible under one of them parts them too. ``len(actions)`` when they do not part before their end (they may
    still differ in the position, e.g. a pile the next round does not look at yet)."""
    found = find_divergence(game, amb, [config], [SEED], lambda before, after: "", policies=(policy,),
                            project=lambda state: (game.current_player(state), state.scores), among="all")
    return len(actions) if found is None else min(len(found.actions), len(actions))


@check("goods_total")
def check_goods_total(game: SobekGame, budget: Budget) -> CheckResult:
    """The seeded 2-player set-up to where the readings part (the first card dealt: the decks differ): each reading's
    outcome is the deck that log replays to, in deliveries; the figures the reason says are the spec's counts."""
    params = params_of(game)
    size = params.delivery_size

    def deck(state: SobekState) -> str:
        cards = sum(state.deck)
        return f"deck {cards} cards = {cards / size:g} deliveries of {size}; 2 players: " \
               f"{(cards - params.removed_two) / size:g}"

    log = setup_witness(game, 2, "goods_total")
    run = described(game, log, "goods_total", deck)
    outcomes = per_reading(game, "goods_total", run)
    decks = {reading: sum(log_state(game, log, "goods_total", reading)[0].deck) for reading, _ in outcomes}
    # the deliveries the deck must hold: a round's when it is formed again every round, else the whole game's
    count = max if params.deck_reformed else sum
    stated = (count(params.deliveries), count(params.deliveries_two))
    listed = rules.card_totals(params, "listed")
    goods = sum(listed[:FIRST_CHAR])
    green = sum(c for t, c in enumerate(listed) if params.green[t])
    said = {"goods_listed": goods, "green_backed": green, "deck_goods": goods - green,
            "characters": sum(listed[FIRST_CHAR:]), "deck_cards": decks["listed"],
            "deck_deliveries": f"{decks['listed'] / size:g}", "extra_deck_cards": decks["green_extra"],
            "extra_deck_deliveries": f"{decks['green_extra'] / size:g}"}
    return result(outcomes, f"Deck size at set-up, against the document's {stated[0]} deliveries ({stated[1]} with "
                  "two players, after the removed cards).", {"deliveries_stated": list(stated)},
                  "the card counts of the spec, at the seeded 2-player set-up", "arithmetic", witness_log=log,
                  said=said, figures=run)


@check("market_row")
def check_market_row(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-023 (``market_row``): One round, two deliveries: refilled row or one long row?"""
    def row(state: SobekState) -> str:
        laying = sum(1 for d in state.draws if d.dest == D_MARKET)
        return f"row: {len(state.row)} cards laid, {laying} more to lay now, {state.deliveries_left} refill(s) to " \
               "come"

    return first_turn(game, "market_row", 3, row, "The set-up of a seeded 3-player game, to where the readings part.")


@check("two_player_rounds")
def check_two_player_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    """The first round's deliveries under each reading; a proof that the readings agree when the 2-player deliveries
    read the same backwards (the short round is then no round: every round alike)."""
    rounds = list(params_of(game).deliveries_two)
    per_round = {"two_player_rounds": rounds_words(rounds), "other_rounds": rounds_words(params_of(game).deliveries)}
    if rounds == rounds[::-1]:
        return CheckResult(
            Proof(f"params.deliveries_two_players is {rounds}, the same read backwards: `first_short` reverses it "
                  "to the same rounds, so the readings never differ.", ("sobek.goods.two_players",)),
            "arithmetic", per_reading(game, "two_player_rounds", lambda r: f"deliveries per round {rounds}"),
            "the deliveries of the spec", {**per_round, "alike_deliveries": rounds[0]} if rounds else per_round)
    said = {**per_round, **({"short_deliveries": max(rounds) - min(rounds)} if max(rounds) > min(rounds) else {})}
    return first_turn(game, "two_player_rounds", 2, lambda state: f"round 1 has {state.deliveries_left + 1} "
                      "deliveries", "Set-up of a seeded 2-player game.", said)


def rounds_words(rounds: Sequence[int]) -> str:
    """Deliveries per round in words, as the wording says them (SOB-024): ``5 deliveries every round``, or ``2, 2
    and 1 deliveries in rounds 1 to 3``."""
    if len(set(rounds)) == 1:
        return f"{rounds[0]} deliveries every round"
    listed = ", ".join(map(str, rounds[:-1])) + f" and {rounds[-1]}"
    return f"{listed} deliveries in rounds 1 to {len(rounds)}"


def first_turn(game: SobekGame, amb: str, players: int, describe: Callable[[SobekState], str],
               summary: str, said: dict[str, Any] | None = None) -> CheckResult:
    """The seeded ``players``-player set-up (default readings) to its first decision, or to where the readings of
    ``amb`` part when that comes first, is the witness; each reading's outcome describes what it replays to."""
    log = setup_witness(game, players, amb)
    run = described(game, log, amb, describe)
    return result(per_reading(game, amb, run), summary, {}, "one seeded game", "playout", witness_log=log,
                  said=said, figures=run)


@check("two_player_removed")
def check_two_player_removed(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded 2-player set-ups (as many seeds as the budget's playouts) to the first removal that draws a character:
    that log from setup is the witness (under ``goods_only`` its last step is not possible). Each reading's outcome
    is the log replayed under it, with the first removal's chance outcomes. Failing that, the set-up to where the
    readings part (the first removal's chance outcomes)."""
    amb = "two_player_removed"
    config = game.config(2)

    def pile(reading: str) -> str:
        left = rules.removal_pile(game.setup(under(game, config, amb, reading)))
        chars = sum(left[FIRST_CHAR:])
        return f"the first removal draws from {sum(left)} cards, {chars} of them characters"

    def replay(actions: list[Any]) -> Callable[[str], str]:
        def run(reading: str) -> str:
            state, failed = replayed(game, under(game, config, amb, reading), actions)
            if failed is not None:
                return f"step {failed} of the seeded set-up (removing the {CARD_NAMES[actions[failed].item]}) is " \
                       f"not possible; {pile(reading)}"
            gone = [CARD_NAMES[t] for t in range(FIRST_CHAR, len(state.removed)) if state.removed[t]]
            return f"{sum(state.removed)} cards removed so far, characters among them: {', '.join(gone) or 'none'}; " \
                   f"{pile(reading)}"
        return run

    for seed in range(SEED, SEED + budget.playouts):
        actions: list[Any] = []
        for step in seeded_steps(game, config, seed, "first"):  # the set-up: chance, to the first decision
            if game.current_player(step.state) is not CHANCE:
                break
            actions.append(step.action)
            if step.state.draws[0].dest == D_REMOVE and step.action.item >= FIRST_CHAR:
                outcomes = per_reading(game, amb, replay(actions))  # the witness log's moves, replayed
                return result(outcomes, f"Seeded 2-player set-up (seed {seed}) to the first card removed that is a "
                              f"character, the {CARD_NAMES[step.action.item]} (step {step.index}).", {"seed": seed},
                              f"seeded 2-player set-ups, seeds {SEED}.. (up to {budget.playouts})", "playout",
                              witness_log=log_of(game, config, actions), figures=replay(actions))
    log = setup_witness(game, 2, amb)
    outcomes = per_reading(game, amb, pile)
    return result(outcomes, "Set-up of a seeded 2-player game, to its first removal.", {}, "one seeded game",
                  "playout", witness_log=log, figures=pile)


@check("green_deal")
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

    def run(reading: str) -> str:
        state = play_until(game, game.config(2, readings={"green_deal": reading}), SEED, in_round_two)[0]
        return f"round 2 hands: {[sum(h) for h in state.hands]} cards"

    outcomes = per_reading(game, "green_deal", run)
    return result(outcomes, "Seeded 2-player play under each reading (chance sampled, each player taking the first "
                  "legal action) to the start of round 2.", {"seed": SEED}, "one seeded game per reading", "playout")


def round_starter(state: SobekState) -> str:
    """Who starts the round just begun, or, under SOB-018's ``lowest_chooses``, who chooses that (the choice
    pending)."""
    pend = state.pending
    if pend is not None and pend.kind == K_START:
        return f"round {state.round + 1} start player: chosen by seat {pend.player}, the lowest score"
    return f"round {state.round + 1} start player: seat {state.start_player}"


def round_start_figures(game: SobekGame, log: GameLog) -> Callable[[str], str]:
    """SOB-018's outcomes from its witness log (played under the default through the scoring of round 1 to where the
    readings part, the lowest scorer's choice under ``lowest_chooses``): the round-2 start player each reading's
    replay gives, and under ``lowest_chooses`` the chooser, whose choice the log stops before."""
    def figures(reading: str) -> str:
        state, failed = log_state(game, log, "round_start", reading)
        pend = state.pending
        if failed is not None and not (pend is not None and pend.kind == K_START):
            return unplayable(failed)
        return f"{round_starter(state)} (scores {list(state.scores)})"

    return figures


@check("round_start")
def check_round_start(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-018 (``round_start``): Who starts the rounds after the first?"""
    found = next_round_in_play(game, "round_start", 3, round_starter, "who starts it", cut=True,
                               figures=lambda log: round_start_figures(game, log))
    if found is not None:
        return found
    scores = (0, 10, 5)

    def run(reading: str) -> str:
        state = end_of_round(game, 3, {"round_start": reading}, seats={p: {"score": scores[p]} for p in range(3)})
        return round_starter(score_round(game, state))

    outcomes = per_reading(game, "round_start", run)
    return result(outcomes, f"Round 1 ends with scores {', '.join(map(str, scores))}; seat 0 started round 1.", {},
                  "one situation")


@check("sets_between_rounds")
def check_sets_between_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-026 (``sets_between_rounds``): Do played sets stay on the table for the next rounds?"""
    found = next_round_in_play(game, "sets_between_rounds", 2, lambda s: f"sets on the table: "
                               f"{[len(x) for x in s.sets]}", "the sets played in round 1", cut=True)
    if found is not None:
        return found
    params = params_of(game)
    ivory = {"goods": "ivory", "cards": cards(game, "ivory", params.set_min, 1)}
    worth = scoring.set_score(PlayedSet(0, tuple(code(c) for c in ivory["cards"])), params)

    def run(reading: str) -> str:
        first = {0: {"sets": [ivory]}, 1: {"corruption": {"fish": 1}}}
        state = score_round(game, end_of_round(game, 2, {"sets_between_rounds": reading}, seats=first))
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


@check("event_tokens_between_rounds")
def check_event_tokens_between_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play through the scoring of round 1 to where the readings part (the bag round 2's tokens are drawn
    from): the log is the witness, and each reading's outcome is that log replayed under it. Failing that, each
    reading's own seeded game to round 2, with no log."""
    def bag(state: SobekState) -> str:
        return f"tokens in the bag when round 2 began: {sum(state.token_bag) + sum(state.tokens)} (used in round " \
               f"1: {sum(state.events_used)})"

    params = params_of(game)
    tokens = game.spec.value("event_tokens")
    total = sum(tokens.values()) if isinstance(tokens, dict) else 0
    needed = params.rounds * params.events_per_round
    said = {"tokens_total": total, "tokens_needed": needed} if needed > total else {}
    found = next_round_in_play(game, "event_tokens_between_rounds", 3, bag, "the bag of event tokens", cut=True,
                               said=said)
    if found is not None:
        return found

    def run(reading: str) -> str:
        config = game.config(3, readings={"event_tokens_between_rounds": reading})
        state = play_until(game, config, SEED, in_round_two, "greedy")[0]
        return bag(state)

    outcomes = per_reading(game, "event_tokens_between_rounds", run)
    return result(outcomes, "Seeded 3-player play under each reading (chance sampled, each player following the "
                  "greedy policy) to the start of round 2.", {"seed": SEED}, "one seeded game per reading",
                  "playout")


@check("corruption_between_rounds")
def check_corruption_between_rounds(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-030 (``corruption_between_rounds``): Are corruption piles (and Curse tokens) cleared after each round?"""
    found = next_round_in_play(game, "corruption_between_rounds", 2, lambda s: "corruption (Curses counted as "
                               f"cards): {[rules.corruption_cards(s, p) for p in range(2)]}", "the corruption piles",
                               cut=True)
    if found is not None:
        return found

    def run(reading: str) -> str:
        seats = {1: {"corruption": {"fish": 1}, "curses": 1}}
        state = end_of_round(game, 2, {"corruption_between_rounds": reading}, seats=seats)
        after = score_round(game, state)
        return f"seat 1 starts round 2 with {rules.corruption_cards(after, 1)} corruption (Curses counted as cards)"

    outcomes = per_reading(game, "corruption_between_rounds", run)
    return result(outcomes, "Round 1 ends with one card and one Curse token in seat 1's corruption pile.", {},
                  "one hand-built end of round")

"""Sobek's checks of sets and the events they trigger: horizontal sets, amulets, additions to a played set, how an
event is chosen, Deceit and Embalming with Curse tokens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nilerules.checks.kit import per_reading, written_figures
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.registry import check
from nilerules.checks.sobek.search import in_play, result
from nilerules.games.sobek import rules, scoring
from nilerules.games.sobek.actions import (
    AddCard,
    ChooseEvent,
    Done,
    StartHorizontal,
    StartSet,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_NAMES, GOODS_NAMES
from nilerules.games.sobek.situations import (
    PLAIN_KINDS,
    can_start_set,
    cards,
    counts_of,
    default_of,
    end_of_round,
    params_of,
    set_event,
    situation,
    step,
    written,
)
from nilerules.games.sobek.state import (
    AMULET,
    DECEIT,
    EMBALMING,
    FIRST_CHAR,
    K_EVENT,
    K_HPHASE,
    K_HSET,
    SobekState,
)


@check("horizontal_sets")
def check_horizontal_sets(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-009 (``horizontal_sets``): What is a horizontal set?"""
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

    def run(reading: str) -> str:
        state = end_of_round(game, 2, {"horizontal_sets": reading}, seats={1: {"hand": hand}})
        starts = [a for a in game.legal_actions(state) if isinstance(a, StartHorizontal)]
        return f"horizontal sets possible: {len(starts)}"

    outcomes = per_reading(game, "horizontal_sets", run)
    return result(outcomes, f"At the end of the round a hand holds one card each of {', '.join(kinds)}.",
                  {"hand": list(kinds)}, "one situation")


@check("horizontal_events")
def check_horizontal_events(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-011 (``horizontal_events``): Does a horizontal set trigger an event?"""
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

    def run(reading: str) -> str:
        state = end_of_round(game, 2, {"horizontal_events": reading}, seats={1: {"hand": counts_of(three)}},
                             events={"flood": 1},
                             pending={"choice": "horizontal_set", "seat": 1, "goods": "fish", "cards": three})
        after = game.apply(state, Done())
        return "event chosen next" if after.pending is not None and after.pending.kind == K_EVENT else "no event"

    outcomes = per_reading(game, "horizontal_events", run)
    return result(outcomes, f"A player finishes a horizontal set of {len(three)} Fish while an event token remains.",
                  {}, "one situation")


@check("amulet_only")
def check_amulet_only(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-014 (``amulet_only``): Is a set of amulets only a set?"""
    amulets = params_of(game).set_min

    def build(reading: str) -> SobekState:
        return situation(game, 2, {"amulet_only": reading}, seats={0: {"hand": {"amulet": amulets}}})

    default = build(default_of(game, "amulet_only"))
    shown = written(game, default)
    figures = written_figures(game, "amulet_only", default.config, shown, lambda state, r: "new sets possible: "
                              f"{sum(isinstance(a, StartSet) for a in game.legal_actions(state))}")
    return result(per_reading(game, "amulet_only", figures), f"A hand of {amulets} amulets.",
                  {"amulets": amulets, **shown}, "one situation", figures=figures)


@check("event_choice")
def check_event_choice(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-017 (``event_choice``): Events chosen face up, or drawn face down?"""
    found = in_play(game, "event_choice", 3, budget, lambda s: can_start_set(game, s, True),
                    lambda s, m: set_event(game, s, True, m), "A player plays a new set while event tokens remain")
    if found is not None:
        return found
    three = cards(game, "fish", params_of(game).set_min)

    def run(reading: str) -> str:
        state = situation(game, 2, {"event_choice": reading}, seats={0: {"hand": counts_of(three)}},
                          pending={"choice": "set", "seat": 0, "goods": "fish", "cards": three})
        after = game.apply(state, Done())
        return "the player chooses a token" if after.pending is not None else \
            f"chance draws the token ({len(game.chance_outcomes(after))} kinds possible)"

    outcomes = per_reading(game, "event_choice", run)
    return result(outcomes, f"A set of {len(three)} Fish is played in round 1.", {}, "one situation")


@check("extension_event")
def check_extension_event(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-020 (``extension_event``): Does adding to a played set trigger an event?"""
    found = in_play(game, "extension_event", 3, budget, lambda s: can_start_set(game, s, False),
                    lambda s, m: set_event(game, s, False, m), "A player adds cards to a played set while event tokens "
                    "remain")
    if found is not None:
        return found
    three = cards(game, "fish", params_of(game).set_min)
    played = {"goods": "fish", "cards": cards(game, "fish", params_of(game).set_min, params_of(game).set_min)}

    def build(reading: str) -> SobekState:
        return situation(game, 2, {"extension_event": reading},
                         seats={0: {"hand": counts_of(three), "sets": [played]}},
                         pending={"choice": "set", "seat": 0, "goods": "fish", "onto": 0, "cards": three})

    def run(reading: str) -> str:
        after = game.apply(build(reading), Done())
        return "event" if after.pending is not None and after.pending.kind == K_EVENT else "no event"

    outcomes = per_reading(game, "extension_event", run)
    return result(outcomes, f"{len(three)} Fish added to a played Fish set while event tokens remain.",
                  written(game, build(default_of(game, "extension_event")), (Done(),)), "one situation")


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


@check("deceit_curses")
def check_deceit_curses(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-012 (``deceit_curses``): Deceit: do Curse tokens count?"""
    found = event_with_curses_in_play(game, "deceit_curses", DECEIT, budget,
                                      lambda s, p: f"seat {p} scores {s.scores[p]} (Curse tokens held: {s.curses[p]})")
    if found is not None:
        return found
    pile = {"fish": 1, "wheat": 1}

    def run(reading: str) -> str:
        state = situation(game, 2, {"deceit_curses": reading}, seats={0: {"corruption": pile, "curses": 1}},
                          events={"deceit": 1}, pending={"choice": "event", "seat": 0})
        after = game.apply(state, ChooseEvent(DECEIT))
        return f"seat 0 scores {after.scores[0]} (Curse tokens held: {after.curses[0]})"

    outcomes = per_reading(game, "deceit_curses", run)
    return result(outcomes, f"Deceit with {sum(pile.values())} cards and one Curse token in the pile.",
                  {"cards": sum(pile.values()), "curses": 1}, "one situation")


@check("embalming_curses")
def check_embalming_curses(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-013 (``embalming_curses``): Embalming: what happens to Curse tokens?"""
    found = event_with_curses_in_play(
        game, "embalming_curses", EMBALMING, budget,
        lambda s, p: f"seat {p}'s corruption afterwards: {rules.corruption_cards(s, p)} (Curse tokens {s.curses[p]})")
    if found is not None:
        return found
    def run(reading: str) -> str:
        state = situation(game, 2, {"embalming_curses": reading}, seats={0: {"corruption": {"fish": 1}, "curses": 1},
                                                   1: {"corruption": {"fish": 2}}},
                          events={"embalming": 1}, pending={"choice": "event", "seat": 0})
        after = game.apply(state, ChooseEvent(EMBALMING))
        counts = [rules.corruption_cards(after, p) for p in (0, 1)]
        return f"corruption counts {counts}, most corrupt {list(scoring.most_corrupt(counts, (0, 0), 'tied'))}"

    outcomes = per_reading(game, "embalming_curses", run)
    return result(outcomes, "Embalming by a player with one card and one Curse; the opponent has two cards.",
                  {}, "one situation")


@check("horizontal_characters")
def check_horizontal_characters(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play to the end of a round where a player holds a character and a horizontal set of its goods type
    may be started: the set is started, and each reading says whether the character may join it. Failing that, a
    hand-built end of round 1 with the Merchant and two wheat cards in the last seat's hand, written out."""
    params = params_of(game)

    def character(state: SobekState) -> int | None:
        """The first character in the deciding seat's hand that, counted as a card of its goods type, makes a
        horizontal set of that type with the seat's other cards of the type and amulets."""
        pend = state.pending
        if pend is None or pend.kind != K_HPHASE:
            return None
        hand = state.hands[pend.player]
        for t in range(FIRST_CHAR, len(params.kind)):
            if hand[t] and sum(c for u, c in enumerate(hand) if params.kind[u] in (params.kind[t], AMULET)) >= \
                    params.set_min:
                return t
        return None

    def join(state: SobekState, moves: list[Any]) -> str:
        card = character(state)
        assert state.pending is not None and card is not None
        seat, goods, name = state.pending.player, GOODS_NAMES[params.kind[card]], CARD_NAMES[card]
        start = StartHorizontal(params.kind[card])
        if start not in game.legal_actions(state):
            return f"seat {seat} cannot start a horizontal {goods} set: the {name} does not count"
        offered = "may" if AddCard(card) in game.legal_actions(step(game, state, start, moves)) else "may not"
        return f"seat {seat} starts a horizontal {goods} set: the {name} {offered} join it"

    found = in_play(game, "horizontal_characters", 3, budget, lambda s: character(s) is not None, join,
                    "At the end of a round a player holds a character and starts a horizontal set of its goods type")
    if found is not None:
        return found
    hand = {"merchant": 1, "wheat": params.set_min - 1}

    def build(reading: str) -> SobekState:
        return end_of_round(game, 3, {"horizontal_characters": reading}, seats={2: {"hand": hand}})

    outcomes = per_reading(game, "horizontal_characters", lambda reading: join(build(reading), []))
    moves: list[Any] = []
    state = build(default_of(game, "horizontal_characters"))
    join(state, moves)
    return result(outcomes, "At the end of round 1 the last seat holds the Merchant (wheat) and "
                  f"{params.set_min - 1} wheat cards.", written(game, state, tuple(moves)), "one situation")

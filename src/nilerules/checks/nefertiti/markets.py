"""The checks of buying at a closing market and of a player with no Servant left: who may buy a sealed card, a bid
the highest bidder cannot pay, passing with 3 to 5 players, and placing again after a forced closure."""

from __future__ import annotations

import random

from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nefertiti.checks import check
from nilerules.checks.nefertiti.constructed import at_each_reading, built
from nilerules.checks.nefertiti.play import Search, bidder_acting, closings_offered, closures_in_words, legal
from nilerules.core.types import CHANCE
from nilerules.games.nefertiti.actions import TakeCard, TakeHalf
from nilerules.games.nefertiti.cards import slot, slot_sealed
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import CHAIR, GIZEH
from nilerules.games.nefertiti.rules.closing import resolution_actions
from nilerules.games.nefertiti.rules.turn import forced_closures
from nilerules.games.nefertiti.situations import spread
from nilerules.games.nefertiti.state import P_TURN, NefState


@check("sealed_card_buyer")
def check_sealed_card_buyer(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-008 (``sealed_card_buyer``): Can a later bidder buy the card carrying the Royal Seal?"""
    squares = game.params(game.config(3)).stalls[GIZEH][0].squares
    bid = squares[1]
    doc = {
        "phase": "resolve",
        "markets": {"gizeh": {"cards": ["chair/sealed", "harp", "mirror"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": bid, "seat": 1}], "taken": 0},
    }
    config = game.config(3)

    def outcome(s: NefState) -> str:
        can = TakeCard(slot(CHAIR, sealed=True)) in resolution_actions(s)
        return "may buy the sealed chair and gets the seal" if can else "may not buy the sealed chair"

    outcomes = at_each_reading(game, "sealed_card_buyer", config, doc, outcome)
    summary = (
        f"The highest bidder took two unsealed Gifts; the second bidder (bid {bid}) faces the sealed chair, a harp "
        "and a mirror."
    )
    return built(outcomes, summary, doc, bid=bid)


@check("unaffordable_bid")
def check_unaffordable_bid(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-013 (``unaffordable_bid``): The highest bidder cannot pay the bid"""
    config = game.config(3)
    p = game.params(config)
    bid = p.stalls[GIZEH][0].squares[-1]
    # the highest bidder's Deben went to another player (conserved), leaving none
    deben = list(p.start_deben)
    doc = {
        "phase": "resolve",
        "seats": {"0": {"deben": 0}, "1": {"deben": deben[1] + deben[0]}},
        "markets": {"gizeh": {"cards": ["chair"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": bid, "seat": 0, "highest": True}]},
    }

    def outcome(s: NefState) -> str:
        if resolution_actions(s) == (TakeHalf(),):
            return "takes half of the market's Deben"
        return "pays nothing (has 0) and takes the chair"

    outcomes = at_each_reading(game, "unaffordable_bid", config, doc, outcome)
    summary = f"The highest bidder (bid {bid}) has no Deben left when Gizeh closes."
    return built(outcomes, summary, doc, bid=bid)


@check("no_servant_many_players")
def check_no_servant_many_players(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-012 (``no_servant_many_players``): 3 to 5 players: no Servant left to place"""
    doc = {"markets": spread(game, 3, 0, ("gizeh", "akhet_aton"))}
    config = game.config(3)
    servants = game.params(config).servants

    def outcome(s: NefState) -> str:
        return closures_in_words(forced_closures(s))

    outcomes = at_each_reading(game, "no_servant_many_players", config, doc, outcome)
    summary = f"3 players: the active player has placed all {servants} Servants (on Gizeh and Akhet-Aton)."
    return built(outcomes, summary, doc, servants=servants)


@check("forced_close_then_place")
def check_forced_close_then_place(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-019 (``forced_close_then_place``): After a forced closure, does the player place a Servant?"""
    doc = {"markets": spread(game, 2, 0, ("gizeh", "akhet_aton"))}
    config = game.config(2)
    servants = game.params(config).servants

    def outcome(s: NefState) -> str:
        rng = random.Random(budget.seed)
        s = game.apply(s, forced_closures(s)[0])
        while game.current_player(s) is not None and (s.phase != P_TURN or s.placements_left == 0):
            if s.phase == P_TURN and s.to_move != 0:
                break
            if game.current_player(s) is CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
            else:
                s = game.apply(s, game.legal_actions(s)[-1])
        if s.phase == P_TURN and s.to_move == 0:
            return "the same player now places a returned Servant"
        return "the turn passes to the other player"

    outcomes = at_each_reading(game, "forced_close_then_place", config, doc, outcome)
    summary = f"2 players: the active player has no Servant left ({servants} on Gizeh and Akhet-Aton) and closes Gizeh."
    return built(outcomes, summary, doc, "one situation; chance seeded, other choices fixed", servants=servants)


SEARCHES: dict[str, Search] = {
    "sealed_card_buyer": Search(
        ((3, ()), (4, ())),
        lambda b, _a: (
            "may buy the sealed card and gets the seal"
            if any(isinstance(x, TakeCard) and slot_sealed(x.slot) for x in legal(b))
            else "may not buy the sealed card"
        ),
        bidder_acting,
    ),
    "unaffordable_bid": Search(
        ((3, ()), (4, ()), (5, ("harbor",))),
        lambda b, _a: (
            "takes half of the market's Deben" if legal(b) == (TakeHalf(),) else "pays what they have and buys"
        ),
        lambda s: bidder_acting(s) + f" with {s.deben[s.res_queue[0][1]] if s.res_queue else 0} Deben",
    ),
    "no_servant_many_players": Search(
        ((3, ()), (4, ()), (5, ("harbor",))),
        closings_offered,
        lambda s: f"seat {s.to_move} has no Servant left to place while others still have some",
    ),
    "forced_close_then_place": Search(
        ((2, ()),),
        lambda _b, a: (
            "the same player then places a returned Servant"
            if a.placements_left > 0
            else "the closure was the player's placement"
        ),
        lambda s: f"seat {s.to_move} has no Servant left and closes a market",
    ),
}
"""The seeded-play searches of the closing markets' checks (``play.played_first``)."""

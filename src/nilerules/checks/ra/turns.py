"""What a turn offers: a God tile and a disaster (RA-008), invoking Ra over an empty track (RA-009), and the
invoker's bid over a full track (RA-012). Found in seeded play (the kit's ``find_scripted``), else in a written
position (the kit's ``constructed_witness``)."""

from __future__ import annotations

from nilerules.checks.kit import constructed_witness, find_scripted, replay_actions
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.ra.common import (
    PLAYER_COUNTS,
    POLICIES,
    config_of,
    found_result,
    play_result,
    search_seeds,
    track_names,
)
from nilerules.checks.registry import check
from nilerules.games.ra import rules
from nilerules.games.ra.actions import INVOKE_ACTION, PASS_ACTION, Bid, PlayGod, RaAction
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.names import KIND_NAMES, action_to_data
from nilerules.games.ra.situations import listed_deal
from nilerules.games.ra.state import DISASTERS, GOD, TURN, RaState, actor, phase, starter, track_length


# -- RA-008 ------------------------------------------------------------------------------------------------------
def _god_menu(s: RaState, reading: str) -> str:
    legal = [KIND_NAMES[a.kind] for a in rules.legal_actions(s) if isinstance(a, PlayGod)]
    return "a God tile may take: " + (", ".join(legal) or "nothing")


def _god_and_disaster(s: RaState) -> list[RaAction] | None:
    if phase(s) == TURN and s.held[actor(s)][GOD] and any(s.track[k] for k in DISASTERS):
        return []
    return None


@check("god_takes_disaster")
def check_god_takes_disaster(game: RaGame, budget: Budget) -> CheckResult:
    """RA-008 (``god_takes_disaster``): May a God tile take a disaster tile?"""
    configs = [game.config(n) for n in PLAYER_COUNTS]
    found = find_scripted(game, "god_takes_disaster", configs, search_seeds(budget), _god_and_disaster, _god_menu,
                          policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions)
        return found_result(game, "god_takes_disaster", found,
                            f"A seeded {found.config.players}-player game: player {actor(s)} holds a God tile on "
                            f"their turn while the auction track holds {', '.join(track_names(s))}.",
                            "seeded random and greedy games, 2-5 players")
    config = config_of(game, 3)
    position = {"seats": {"0": {"god": 1, "pharaoh": 2}}, "auction_track": ["gold", "funeral"]}
    return constructed_witness(game, "god_takes_disaster", config, position, [], _god_menu,
                               "3 players; player 0 (to move) holds a God tile and 2 Pharaohs; the auction track "
                               "holds a Gold and a Funeral.", "legal actions of one hand-written position")


# -- RA-009 ------------------------------------------------------------------------------------------------------
def _turn_menu(s: RaState, reading: str) -> str:
    return "legal: " + ", ".join(str(action_to_data(a)) for a in rules.legal_actions(s))


@check("invoke_empty_track")
def check_invoke_empty(game: RaGame, budget: Budget) -> CheckResult:
    """RA-009 (``invoke_empty_track``): May Ra be invoked over an empty auction track?"""
    config = game.config(4)
    actions: list[RaAction] = [listed_deal(game.params(config))]
    return play_result(game, "invoke_empty_track", config, actions, _turn_menu,
                       f"The first turn of a {config.players}-player game: the auction track is empty.",
                       "legal actions after setup")


# -- RA-012 ------------------------------------------------------------------------------------------------------
def _bid_menu(s: RaState, reading: str) -> str:
    legal = rules.legal_actions(s)
    if PASS_ACTION in legal:
        after = rules.apply(s, PASS_ACTION)
        return f"the invoker may pass; the {s.params.auction_track} tiles are discarded (track now {sum(after.track)})"
    bids = [a.disk for a in legal if isinstance(a, Bid)]
    return f"the invoker must bid one of {bids} and take the tiles"


def _full_track_tail(s: RaState) -> list[RaAction] | None:
    if phase(s) != TURN or track_length(s) < s.params.auction_track:
        return None
    out: list[RaAction] = [INVOKE_ACTION]
    t = rules.apply(s, INVOKE_ACTION)
    while actor(t) != starter(t):
        out.append(PASS_ACTION)
        t = rules.apply(t, PASS_ACTION)
    return out


@check("full_track_bid")
def check_full_track_bid(game: RaGame, budget: Budget) -> CheckResult:
    """RA-012 (``full_track_bid``): Must the invoker bid when the auction track is full?"""
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    note = ("Under `forced` the reference's discard clause can never apply: no tile can be drawn onto a full track, so "
            "its auctions are always invoked, and an invoked auction always has a winner.")
    found = find_scripted(game, "full_track_bid", configs, search_seeds(budget), _full_track_tail, _bid_menu,
                          policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions)
        return found_result(game, "full_track_bid", found,
                            f"A seeded {found.config.players}-player game: the auction track is full "
                            f"({', '.join(track_names(s))}); player {starter(s)} must invoke Ra and everyone else "
                            f"passes. {note}", "seeded random and greedy games, then legal passes")
    config = config_of(game, 3)
    p = game.params(config)
    track = ["funeral", "funeral", "drought", "drought", *["nile"] * (p.auction_track - 4)]
    position = {"auction_track": track}
    tail = _full_track_tail(game.position(config, position)) or []
    return constructed_witness(game, "full_track_bid", config, position, tail, _bid_menu,
                               f"3 players; a full auction track ({', '.join(track)}); the player to move must invoke "
                               f"Ra and both others pass. {note}", "one hand-written position, then legal play")

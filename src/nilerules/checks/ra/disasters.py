"""Disasters won at auction: the order of a Drought's discards (RA-010) and the lot's own struck tiles (RA-016).
Each witness is an auction reached in seeded play and won by legal bids; its log ends at the auction's last call,
where the readings part."""

from __future__ import annotations

from nilerules.checks.kit import constructed_witness, find_scripted, replay_actions
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.ra.common import (
    PLAYER_COUNTS,
    POLICIES,
    Describe,
    config_of,
    found_result,
    search_seeds,
    track_names,
)
from nilerules.checks.registry import check
from nilerules.games.ra import rules, scoring
from nilerules.games.ra.actions import DISCARDS, INVOKE_ACTION, RaAction
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.names import KIND_NAMES
from nilerules.games.ra.rules.disasters import STRUCK
from nilerules.games.ra.situations import finish_auction, last_call, won_by
from nilerules.games.ra.state import (
    DISASTERS,
    DISCARD,
    DROUGHT,
    FLOOD,
    NILE,
    TURN,
    RaState,
    actor,
    high_bidder,
    phase,
    ra_tiles,
    track_length,
)


def _epoch_goes_on(s: RaState) -> bool:
    """After one more won auction some face-up disk is left, so the epoch does not end on it (the Ra track aside)."""
    return sum(bin(u).count("1") for u in s.up) >= 2 and ra_tiles(s) + 1 < s.params.ra_track


# -- RA-010 ------------------------------------------------------------------------------------------------------
def _drought_tail(s: RaState) -> list[RaAction] | None:
    """On a turn with a Drought on the track: invoke Ra and let a player holding Floods and more Niles win it."""
    if phase(s) != TURN or s.track[DROUGHT] != 1 or not _epoch_goes_on(s):
        return None
    need = s.params.disaster_discards
    for q in range(len(s.held)):
        x = s.held[q]
        if s.up[q] and x[FLOOD] > 0 and x[NILE] >= need and x[FLOOD] + x[NILE] > need:
            after = rules.apply(s, INVOKE_ACTION)
            bids = won_by(after, q)
            if bids is not None:
                return [INVOKE_ACTION, *bids]
    return None


def _flood_words(s: RaState, p: int) -> str:
    x = s.held[p]
    return (f"player {p} keeps {x[FLOOD]} Flood, {x[NILE]} Nile: Nile/Flood points "
            f"{scoring.nile_flood_points(x)}")


def _drought_outcome(s: RaState, reading: str) -> str:
    """From the auction's last call: finish it (the winner bids or the starter passes), then, where the reading
    leaves the choice, the winner discards Niles and keeps their Floods."""
    last, winner = last_call(s)
    s = rules.apply(s, last)
    while phase(s) == DISCARD and DISCARDS[NILE] in rules.legal_actions(s):
        s = rules.apply(s, DISCARDS[NILE])
    return _flood_words(s, winner)


def _drought_after_last_call(winner: int) -> Describe:
    """``_drought_outcome`` for a log that runs on through the auction's last call (won by ``winner``)."""

    def words(s: RaState, reading: str) -> str:
        while phase(s) == DISCARD and DISCARDS[NILE] in rules.legal_actions(s):
            s = rules.apply(s, DISCARDS[NILE])
        return _flood_words(s, winner)

    return words


def _drought_until_last_call(s: RaState) -> list[RaAction] | None:
    extra = _drought_tail(s)
    return extra[:-1] if extra else None


@check("drought_order")
def check_drought_order(game: RaGame, budget: Budget) -> CheckResult:
    """RA-010 (``drought_order``): Drought: Floods first, or the winner's choice of Floods and Niles?"""
    configs = [game.config(n) for n in PLAYER_COUNTS]
    found = find_scripted(game, "drought_order", configs, search_seeds(budget), _drought_until_last_call,
                          _drought_outcome, policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions)
        q = high_bidder(s) if high_bidder(s) >= 0 else actor(s)
        return found_result(game, "drought_order", found,
                            f"A seeded {found.config.players}-player game: Ra is invoked over one Drought and player "
                            f"{q}, holding {s.held[q][FLOOD]} Flood and {s.held[q][NILE]} Niles, wins it (legal bids "
                            "and passes from a reached turn; the log ends with the auction's last call, where the "
                            "readings part); under `choose` they discard Niles and keep their Floods.",
                            "seeded random and greedy games, 2-5 players, then legal bids", then=[last_call(s)[0]],
                            at_end=_drought_after_last_call(last_call(s)[1]))
    config = config_of(game, 3)
    position = {"seats": {"2": {"flood": 1, "nile": 2}}, "auction_track": ["drought"]}
    tail = _drought_until_last_call(game.position(config, position)) or []
    return constructed_witness(game, "drought_order", config, position, tail, _drought_outcome,
                               "3 players; player 2 holds 1 Flood and 2 Niles; player 0 invokes Ra over a Drought and "
                               "player 2 wins it; under `choose` they discard the two Niles.",
                               "one hand-written position, then legal play")


# -- RA-016 ------------------------------------------------------------------------------------------------------
def _lot_tail(s: RaState) -> list[RaAction] | None:
    """On a turn whose auction track holds a disaster and tiles it strikes: invoke Ra, and let a player win it (the
    last call of the auction is left to the describer)."""
    if phase(s) != TURN or not track_length(s) or not _epoch_goes_on(s):
        return None
    if not any(s.track[d] and any(s.track[k] for k in kinds) for d, kinds in zip(DISASTERS, STRUCK, strict=True)):
        return None
    after = rules.apply(s, INVOKE_ACTION)
    for q in range(len(s.held)):
        if s.up[q]:
            bids = won_by(after, q)
            if bids:
                return [INVOKE_ACTION, *bids[:-1]]
    return None


def _struck_words(s: RaState, reading: str) -> str:
    s, winner = finish_auction(s)
    x = s.held[winner]
    kept = {KIND_NAMES[k]: x[k] for kinds in STRUCK for k in kinds if x[k]}
    return f"player {winner} keeps {kept or 'none of the struck tiles'}"


def _struck_after_last_call(winner: int) -> Describe:
    """``_struck_words`` for a log that runs on through the auction's last call (won by ``winner``)."""

    def words(s: RaState, reading: str) -> str:
        while phase(s) == DISCARD:
            s = rules.apply(s, rules.legal_actions(s)[0])
        x = s.held[winner]
        kept = {KIND_NAMES[k]: x[k] for kinds in STRUCK for k in kinds if x[k]}
        return f"player {winner} keeps {kept or 'none of the struck tiles'}"

    return words


@check("disaster_lot")
def check_disaster_lot(game: RaGame, budget: Budget) -> CheckResult:
    """RA-016 (``disaster_lot``): Can a disaster destroy tiles won in the same auction?"""
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    found = find_scripted(game, "disaster_lot", configs, search_seeds(budget), _lot_tail, _struck_words,
                          policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions)
        return found_result(game, "disaster_lot", found,
                            f"A seeded {found.config.players}-player game: an auction for "
                            f"{', '.join(track_names(s))}, a lot holding a disaster and tiles it strikes, is won "
                            "(legal bids and passes from a reached turn; the log ends with the auction's last call, "
                            "where the readings part).",
                            "seeded random and greedy games, then legal bids", then=[last_call(s)[0]],
                            at_end=_struck_after_last_call(last_call(s)[1]))
    config = config_of(game, 3)
    position = {"seats": {"0": {"pharaoh": 1}}, "auction_track": ["funeral", "pharaoh", "pharaoh"], "to_move": 1}
    tail = _lot_tail(game.position(config, position)) or []
    return constructed_witness(game, "disaster_lot", config, position, tail, _struck_words,
                               "3 players; player 0 holds 1 Pharaoh and wins a lot of a Funeral and 2 Pharaohs.",
                               "one hand-written position, then legal play")

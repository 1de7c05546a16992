"""Ra positions the rules could never produce are refused (issue 24), each beside a control the rules do reach. The
reasons are the reference's (/work/shared/reference/ra.md: a Ra tile goes on the Ra track; the disaster tile is
discarded; a player with no face-up sun disk takes no turn; each player bids one face-up disk; a disaster's discards
are all the winner has when fewer) and docs/positions.md's (the deal is the very start); every case built before."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.errors import InvalidState, PositionError
from nilerules.games.ra import make_game

GAME = make_game()


def _build(data: dict[str, Any], readings: dict[str, str] | None = None, players: int = 3) -> Any:
    return GAME.position(GAME.config(players, readings=readings), data)


def test_nobody_keeps_a_ra_tile_or_a_disaster() -> None:
    """Reference: 'A Ra tile goes on the Ra track'; a disaster won 'is discarded' with the tiles it strikes."""
    _build({"ra_track": 1, "seats": {"0": {"nile": 1}}})
    with pytest.raises(InvalidState, match="player 0 holds ra tiles, which nobody keeps"):
        _build({"seats": {"0": {"ra": 1}}})
    with pytest.raises(InvalidState, match="player 1 holds drought tiles"):
        _build({"seats": {"1": {"drought": 1}}})


def test_a_player_without_a_face_up_disk_takes_no_turn() -> None:
    """Reference: 'A player with no face-up sun disks takes no turns for the rest of the epoch': seat 0, whose disks
    are all face down, is not to move; seat 1 may be."""
    spent = {"0": {"sun_disks": [], "face_down": [2, 5, 8, 13]}}
    _build({"to_move": 1, "seats": spent})
    with pytest.raises(InvalidState, match="player 0 has no face-up sun disk but is to turn"):
        _build({"to_move": 0, "seats": spent})


def test_the_high_bid_is_a_face_up_disk_of_the_high_bidder() -> None:
    """Reference: 'Each player bids one face-up disk higher than the current highest bid'. With 3 players seat 1
    holds 3, 6, 9 and 12 (params.disk_sets): a high bid of 6 by seat 1 is reachable, one of 5 is not."""
    auction = {"phase": "bid", "to_move": 2, "auction_track": ["gold"]}
    _build({**auction, "auction": {"started_by": 0, "high_bid": 6, "high_bidder": 1}})
    with pytest.raises(InvalidState, match="the high bid 5 is not a face-up disk of the high bidder, player 1"):
        _build({**auction, "auction": {"started_by": 0, "high_bid": 5, "high_bidder": 1}})


def test_discards_wait_only_where_the_winner_has_a_choice() -> None:
    """Reference: a disaster forces the winner 'to discard 2 tiles of its category [...] or all they have if fewer':
    with one Nile a Drought's discards are forced, so none waits; under RA-010's floods_first (the default) the Floods
    go first, so a Drought never waits on a holder of Floods; under ``choose`` one Flood and two Niles are a choice.
    Nor do discards wait outside phase ``discard``."""
    drought = {"phase": "discard", "to_move": 1, "discards": {"drought": 2}}
    with pytest.raises(InvalidState, match="the drought's 2 discards leave player 1 no choice"):
        _build({**drought, "seats": {"1": {"nile": 1, "pharaoh": 3}}})
    both = {**drought, "seats": {"1": {"nile": 2, "flood": 1}}}
    with pytest.raises(InvalidState, match="a Drought's discards wait while player 1 still holds Floods"):
        _build(both)
    _build(both, {"drought_order": "choose"})
    with pytest.raises(InvalidState, match=r"discards pending .* outside phase 'discard'"):
        _build({"discards": {"funeral": 1}, "seats": {"0": {"pharaoh": 2}}})


def test_the_deal_is_the_very_start_and_points_follow_the_epochs() -> None:
    """docs/positions.md: phase ``deal`` is 'the disk sets not dealt yet', so nothing is held; points are scored at
    the end of an epoch, so none of epoch 2 during epoch 1; the Ra tiles out of play are those of ended epochs (8 a
    Ra track with 3 players, params.ra_track): 8 in epoch 2, none in epoch 1."""
    _build({"phase": "deal"})
    with pytest.raises(InvalidState, match="phase 'deal' is the very start"):
        _build({"phase": "deal", "seats": {"0": {"nile": 1}}})
    with pytest.raises(InvalidState, match="points scored in epoch 2, after the epoch under way"):
        _build({"history": [{"epoch": 2, "seat": 0, "category": "gold", "points": 3}], "seats": {"0": {"score": 13}}})
    ra_track = GAME.params(GAME.config(3)).ra_track
    _build({"epoch": 2, "out_of_play": {"ra": ra_track}})
    with pytest.raises(InvalidState, match=f"5 Ra tiles out of play, more than 0 ended epochs of {ra_track}"):
        _build({"out_of_play": {"ra": 5}})


def test_the_documents_own_config_must_agree_with_the_callers() -> None:
    """Issue 24: ``game.position(config, doc)`` ignored the document's ``[config]`` (Ra's reader checked the players
    only): modules and readings that differ are a PositionError naming the key."""
    with pytest.raises(PositionError, match=r"config\.modules: the document names the modules \['traders'\]"):
        _build({"config": {"modules": ["traders"]}})
    with pytest.raises(PositionError, match=r"config\.readings\.drought_order: the document reads 'choose'"):
        _build({"config": {"readings": {"drought_order": "choose"}}})
    _build({"config": {"players": 3, "readings": {"drought_order": "floods_first"}}})

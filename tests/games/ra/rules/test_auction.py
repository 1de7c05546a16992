"""Ra's auctions (``games/ra/rules/auction.py``): invoking, bidding, the forced bid, the disk exchange.

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

import pytest

from nilerules.errors import IllegalAction
from nilerules.games.ra import make_game
from nilerules.games.ra.actions import (
    BIDS,
    DRAW_ACTION,
    DRAWS,
    INVOKE_ACTION,
    PASS_ACTION,
)
from nilerules.games.ra.situations import place, run
from nilerules.games.ra.state import (
    GOLD,
    NILE,
    PHARAOH,
    RA,
    center_disk,
    disks,
    ra_tiles,
)
from tests.games.ra.positions import fresh

GAME = make_game()


@pytest.mark.rules("ra.base.draw_place", "ra.base.bid_order", "ra.base.no_bid")
def test_a_drawn_ra_tile_starts_an_auction_nobody_must_bid() -> None:
    """Reference: a Ra tile goes on the Ra track and starts an auction; bidding starts left of the drawer;
    with no bid the tiles stay (no forced bid after a drawn Ra)."""
    s = run(place(fresh(3), track={GOLD: 1}), [DRAW_ACTION, DRAWS[RA]])
    assert ra_tiles(s) == 1 and GAME.current_player(s) == 1
    s = run(s, [PASS_ACTION, PASS_ACTION])
    assert GAME.current_player(s) == 0 and PASS_ACTION in GAME.legal_actions(s)
    s = GAME.apply(s, PASS_ACTION)
    assert s.track[GOLD] == 1 and s.phase == "turn" and GAME.current_player(s) == 1


@pytest.mark.rules("ra.base.draw_full_track")
def test_no_draw_while_the_auction_track_is_full() -> None:
    """Reference: drawing is not possible while the 8-space auction track is full."""
    s = place(fresh(3), track={NILE: 8})
    assert DRAW_ACTION not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, DRAW_ACTION)
    assert err.value.rule_id == "ra.base.draw_full_track"


@pytest.mark.rules("ra.base.bid_order", "ra.base.bid", "ra.base.win", "ra.base.invoke")
def test_auction_order_bids_and_the_winners_disk_exchange() -> None:
    """By hand, 4 players: seat 0 invokes; seats 1, 2, 3 then 0 bid; seat 3 wins with 9, takes the tiles and
    disk 1 face down, 9 goes to the centre; the next turn is seat 1's (left of the invoker)."""
    s = run(place(fresh(4), track={GOLD: 1, PHARAOH: 1}), [INVOKE_ACTION])
    assert GAME.current_player(s) == 1
    assert GAME.legal_actions(s) == (PASS_ACTION, BIDS[3], BIDS[7], BIDS[12])
    s = GAME.apply(s, BIDS[7])
    assert GAME.legal_actions(s) == (PASS_ACTION, BIDS[8], BIDS[11])
    with pytest.raises(IllegalAction):
        GAME.apply(s, BIDS[4])
    s = run(s, [PASS_ACTION, BIDS[9], PASS_ACTION])
    assert s.held[3][GOLD] == 1 and s.held[3][PHARAOH] == 1
    assert disks(s.up[3]) == (5, 10) and disks(s.down[3]) == (1,) and center_disk(s) == 9
    assert sum(s.track) == 0 and GAME.current_player(s) == 1


@pytest.mark.rules("ra.base.forced_bid")
def test_invoker_must_bid_when_all_others_pass() -> None:
    """Reference: if Ra was invoked voluntarily and all others passed, the invoker must bid."""
    s = run(place(fresh(3), track={GOLD: 1}), [INVOKE_ACTION, PASS_ACTION, PASS_ACTION])
    assert PASS_ACTION not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, PASS_ACTION)
    assert err.value.rule_id == "ra.base.forced_bid"


@pytest.mark.rules("ra.base.no_bid", "ra.base.forced_bid")
def test_full_track_with_no_bid_is_discarded_under_unforced() -> None:
    """Reference: with no bid on a full track the tiles are discarded (RA-012 'unforced'); 'forced' forbids passing."""
    s = run(place(fresh(3), track={NILE: 8}), [INVOKE_ACTION, PASS_ACTION, PASS_ACTION, PASS_ACTION])
    assert sum(s.track) == 0 and s.out[NILE] == 8
    forced = run(place(fresh(3, full_track_bid="forced"), track={NILE: 8}), [INVOKE_ACTION, PASS_ACTION, PASS_ACTION])
    assert PASS_ACTION not in GAME.legal_actions(forced)

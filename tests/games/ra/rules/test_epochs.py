"""Ra's epochs (``games/ra/rules/epochs.py``): how an epoch ends and the next begins, and RA-017 (the auction track at
an epoch's end).

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

import pytest

from nilerules.games import load_game
from nilerules.games.ra.actions import (
    BIDS,
    DRAW_ACTION,
    DRAWS,
    INVOKE_ACTION,
)
from nilerules.games.ra.situations import place, run
from nilerules.games.ra.state import (
    GOLD,
    H_BAG,
    NILE,
    RA,
    actor,
    disk_total,
    disks,
    mask_of,
    ra_tiles,
)
from tests.games.ra.positions import fresh

GAME = load_game("ra")


@pytest.mark.rules("ra.base.epoch_end", "ra.traders.scoring.discard")
@pytest.mark.parametrize(("reading", "track"), [("discard", []), ("stay", ["gold"])])
def test_the_auction_track_at_the_end_of_an_epoch(reading: str, track: list[str]) -> None:
    """RA-017 by hand: a Gold and a Trader lie on the track when the last Ra tile is drawn: discard leaves it empty;
    stay keeps the Gold for epoch 2, and the Trader leaves anyway (seed 000: 'All Trader tiles are discarded')."""
    config = GAME.config(3, ("traders",), {"track_at_epoch_end": reading})
    ra_track = GAME.params(config).ra_track
    state = GAME.position(config, {"phase": "draw", "ra_track": ra_track - 1, "auction_track": ["gold", "trader"]})
    state = GAME.apply(state, DRAWS[RA])
    assert state.epoch == 2
    assert GAME.position_data(state)["auction_track"] == track


@pytest.mark.rules("ra.base.epoch_end", "ra.scoring.disks_face_up")
def test_epoch_ends_when_no_face_up_disk_is_left() -> None:
    """Reference: an epoch ends when no player has a face-up disk; disks turn face up for the next epoch."""
    s = fresh(2)
    s = s.evolve(up=(mask_of([9]), 0), down=(mask_of([2, 5, 6]), mask_of([3, 4, 7, 8])))
    s = run(s, [DRAW_ACTION, DRAWS[GOLD], DRAW_ACTION, DRAWS[NILE], INVOKE_ACTION, BIDS[9]])
    assert s.epoch == 2
    assert disks(s.up[0]) == (1, 2, 5, 6) and disks(s.up[1]) == (3, 4, 7, 8) and s.down == (0, 0)


@pytest.mark.rules("ra.base.last_ra", "ra.base.epoch_end")
def test_the_last_ra_tile_ends_the_epoch_at_once() -> None:
    """Reference: 3 players, Ra track of 8: drawing the 8th Ra tile ends the epoch; the auction track is discarded."""
    s = run(place(fresh(3), track={GOLD: 2}, ra_on_track=7), [DRAW_ACTION, DRAWS[RA]])
    assert s.epoch == 2 and sum(s.track) == 0 and s.out[GOLD] == 2 and s.out[RA] == 8 and ra_tiles(s) == 0


@pytest.mark.rules("ra.base.epoch_starter")
def test_next_epoch_starts_with_the_highest_disk_or_next_player() -> None:
    """RA-014: 4 players, seat 0 (disk 13) ends epoch 1 by drawing the last Ra: seat 0 or seat 1 starts epoch 2."""
    for reading, expected in (("highest_disk", 0), ("next_player", 1)):
        s = run(place(fresh(4, epoch_starter=reading), ra_on_track=8), [DRAW_ACTION, DRAWS[RA]])
        assert s.epoch == 2 and actor(s) == expected


@pytest.mark.rules("ra.base.bag_empty")
def test_an_empty_bag_ends_the_epoch() -> None:
    """RA-015 'epoch_ends': once the last tile is drawn, the next turn cannot start and the epoch ends."""
    s = fresh(2)
    out = list(s.bag)
    out[GOLD] -= 1
    bag = [0] * 24
    bag[GOLD] = 1
    h = list(s.h)
    h[H_BAG] = 1
    s = s.evolve(bag=tuple(bag), out=tuple(out), h=tuple(h))
    s = run(s, [DRAW_ACTION, DRAWS[GOLD]])
    assert GAME.is_terminal(s)
    assert any(d.rule_id == "ra.base.bag_empty" for d in GAME.diagnostics(s))


@pytest.mark.rules("ra.base.three_epochs_play")
def test_a_random_game_ends_after_the_third_epoch() -> None:
    """Reference: three epochs; final scoring (monuments, sun disks) only at the end of the third."""
    from nilerules.core.playout import playout

    final = playout(GAME, GAME.config(4, ("traders",)), seed=7).final
    assert GAME.is_terminal(final) and final.epoch == 3
    assert {e.epoch for e in final.events if e.category == "monuments"} == {3}
    assert {e.epoch for e in final.events if e.category == "sun_disks"} == {3}
    # Reference, by hand from the final disks: highest total (face up and down) +5, lowest -5, ties share.
    totals = [disk_total(u | d) for u, d in zip(final.up, final.down, strict=True)]
    expected = [(5 if t == max(totals) else 0) + (-5 if t == min(totals) else 0) for t in totals]
    got = [sum(e.points for e in final.events if e.category == "sun_disks" and e.player == p) for p in range(4)]
    assert got == expected

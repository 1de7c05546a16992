"""Setup, turns, drawing, God tiles, auctions and epochs of base Ra, against the reference (reference/ra.md).

Expected values are read off the reference or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from nilerules.checks.ra.situations import dealt, place, run, win_auction
from nilerules.core.types import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games.ra import make_game
from nilerules.games.ra.actions import (
    BIDS,
    DISCARDS,
    DRAW_ACTION,
    DRAWS,
    END_ACTION,
    GODS_BY_KIND,
    INVOKE_ACTION,
    PASS_ACTION,
    Deal,
    RaAction,
)
from nilerules.games.ra.state import (
    CIVS,
    FLOOD,
    FUNERAL,
    GOD,
    GOLD,
    H_BAG,
    MONUMENTS,
    NILE,
    PHARAOH,
    RA,
    TRADER,
    UNREST,
    RaState,
    actor,
    center_disk,
    disk_total,
    disks,
    mask_of,
    ra_tiles,
)

GAME = make_game()


def fresh(players: int, traders: bool = False, **readings: str) -> RaState:
    return dealt(GAME.setup(GAME.config(players, ("traders",) if traders else (), readings)))


@pytest.mark.rules("ra.base.start_score", "ra.base.first_player", "ra.traders.setup.normal")
@pytest.mark.parametrize(("players", "first", "sets"), [
    (2, 0, [(2, 5, 6, 9), (3, 4, 7, 8)]),
    (3, 0, [(2, 5, 8, 13), (3, 6, 9, 12), (4, 7, 10, 11)]),
    (4, 0, [(2, 6, 13), (3, 7, 12), (4, 8, 11), (5, 9, 10)]),
    (5, 0, [(2, 7, 16), (3, 8, 15), (4, 9, 14), (5, 10, 13), (6, 11, 12)]),
])
def test_setup_deals_disks_points_and_highest_disk_starts(
    players: int, first: int, sets: list[tuple[int, ...]]
) -> None:
    """Reference: disk sets by player count, 10 points each, disk 1 in the centre, highest disk starts (2p: disk 9)."""
    s = fresh(players)
    assert [disks(m) for m in s.up] == sets
    assert s.score == (10,) * players
    assert center_disk(s) == 1
    assert GAME.current_player(s) == first


@pytest.mark.rules("ra.traders.setup.bag", "ra.base.draw")
def test_bag_holds_180_or_200_tiles_and_draws_are_count_over_total() -> None:
    """Reference: 180 tiles, 30 Ra; seed 000: 20 Trader tiles added; a draw is a chance node (count/total)."""
    base, traders = fresh(4), fresh(4, True)
    assert sum(base.bag) == 180 and sum(traders.bag) == 200
    s = GAME.apply(traders, DRAW_ACTION)
    assert GAME.current_player(s) is CHANCE
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes[DRAWS[RA]] == Fraction(30, 200)
    assert outcomes[DRAWS[TRADER]] == Fraction(20, 200)
    assert sum(outcomes.values()) == 1


@pytest.mark.rules("ra.base.draw")
def test_drawing_a_kind_not_in_the_bag_is_illegal() -> None:
    """No Trader tile is in the base game's bag, so drawing one is impossible."""
    s = GAME.apply(fresh(3), DRAW_ACTION)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, DRAWS[TRADER])
    assert err.value.rule_id == "ra.base.draw"


@pytest.mark.rules("ra.base.turn_one_action", "ra.base.draw_place")
def test_a_drawn_tile_goes_on_the_track_and_the_turn_passes_left() -> None:
    """Reference: a non-Ra tile goes on the auction track; one action per turn, then the next player."""
    s = fresh(3)
    assert GAME.legal_actions(s) == (DRAW_ACTION, INVOKE_ACTION)
    s = run(s, [DRAW_ACTION, DRAWS[GOLD]])
    assert s.track[GOLD] == 1 and GAME.current_player(s) == 1


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


@pytest.mark.rules("ra.base.invoke")
def test_invoking_over_an_empty_track_depends_on_ra_009() -> None:
    """RA-009: 'allowed' offers Invoke at the first turn (empty track), 'forbidden' does not."""
    assert INVOKE_ACTION in GAME.legal_actions(fresh(2))
    assert GAME.legal_actions(fresh(2, invoke_empty_track="forbidden")) == (DRAW_ACTION,)


@pytest.mark.rules("ra.base.god")
def test_god_tiles_take_single_tiles_and_leave_the_game() -> None:
    """Reference: each God takes one tile (not a God); played Gods leave; several may be played in one turn."""
    s = place(fresh(3), held={0: {GOD: 2}}, track={GOLD: 1, GOD: 1, NILE: 1})
    assert GODS_BY_KIND[GOD] not in GAME.legal_actions(s)
    s = GAME.apply(s, GODS_BY_KIND[GOLD])
    assert s.held[0][GOLD] == 1 and s.held[0][GOD] == 1 and s.out[GOD] == 1
    assert GAME.legal_actions(s) == (GODS_BY_KIND[NILE], END_ACTION)
    s = GAME.apply(s, END_ACTION)
    assert GAME.current_player(s) == 1 and s.track[NILE] == 1


@pytest.mark.rules("ra.base.out_of_disks")
def test_players_without_face_up_disks_are_skipped() -> None:
    """Reference: a player with no face-up disk takes no turn (and, by hand, no bid)."""
    s = fresh(3)
    s = s.evolve(up=(s.up[0], 0, s.up[2]), down=(0, s.up[1], 0))
    s = run(s, [DRAW_ACTION, DRAWS[GOLD]])
    assert GAME.current_player(s) == 2
    s = GAME.apply(s, INVOKE_ACTION)
    assert GAME.current_player(s) == 0


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


@pytest.mark.rules("ra.base.disasters")
def test_funeral_discards_two_pharaohs_including_ones_just_won() -> None:
    """Reference: a Funeral makes the winner discard 2 Pharaohs; the lot's Pharaoh counts (hand calculation: 1+1-2)."""
    s = run(place(fresh(3), held={0: {PHARAOH: 1}}, track={FUNERAL: 1, PHARAOH: 1}), [INVOKE_ACTION])
    s, _ = win_auction(s, 0)
    assert s.held[0][PHARAOH] == 0 and s.out[PHARAOH] == 2 and s.out[FUNERAL] == 1


@pytest.mark.rules("ra.base.disasters")
def test_unrest_asks_which_civilizations_and_takes_all_if_fewer() -> None:
    """Reference: Unrest discards 2 Civilizations of the winner's choice; with one civilization, that one goes."""
    s = run(place(fresh(3), held={0: {CIVS[0]: 1, CIVS[1]: 1, CIVS[2]: 1}}, track={UNREST: 1}), [INVOKE_ACTION])
    s, _ = win_auction(s, 0)
    assert s.phase == "discard"
    assert GAME.legal_actions(s) == tuple(DISCARDS[k] for k in CIVS[:3])
    s = run(s, [DISCARDS[CIVS[0]], DISCARDS[CIVS[2]]])
    assert s.held[0][CIVS[1]] == 1 and sum(s.held[0][k] for k in CIVS) == 1 and s.phase == "turn"
    t = run(place(fresh(3), held={0: {CIVS[4]: 1}}, track={UNREST: 1}), [INVOKE_ACTION])
    t, _ = win_auction(t, 0)
    assert sum(t.held[0][k] for k in CIVS) == 0 and t.phase == "turn"


@pytest.mark.rules("ra.base.disasters")
def test_drought_takes_floods_first_then_niles() -> None:
    """RA-010 'floods_first': 1 Flood and 2 Niles lose the Flood and one Nile."""
    s = run(place(fresh(3), held={0: {FLOOD: 1, NILE: 2}}, track={20: 1}), [INVOKE_ACTION])
    s, _ = win_auction(s, 0)
    assert (s.held[0][FLOOD], s.held[0][NILE]) == (0, 1)


@pytest.mark.rules("ra.base.disasters", "ra.base.god")
def test_a_god_taking_an_earthquake_destroys_two_monuments() -> None:
    """RA-008 'allowed': the disaster is resolved against the God's player; 3 monument kinds: a choice is asked."""
    s = place(fresh(3), held={0: {GOD: 1, MONUMENTS[0]: 2, MONUMENTS[1]: 1}}, track={22: 1})
    s = GAME.apply(s, GODS_BY_KIND[22])
    assert s.phase == "discard" and GAME.legal_actions(s) == (DISCARDS[MONUMENTS[0]], DISCARDS[MONUMENTS[1]])
    s = run(s, [DISCARDS[MONUMENTS[0]], DISCARDS[MONUMENTS[0]]])
    assert s.held[0][MONUMENTS[1]] == 1 and GAME.current_player(s) == 1


@pytest.mark.rules("ra.base.god")
@pytest.mark.parametrize(("reading", "offered"), [("allowed", {GOLD, FUNERAL}), ("forbidden", {GOLD})])
def test_a_god_may_take_a_disaster_only_under_allowed_which_the_text_decides(reading: str, offered: set[int]) -> None:
    """RA-008, reference: 'one tile of your choice from the auction track (not a God tile, not a Ra tile)': with a Gold
    and a Funeral on the track, 'allowed' offers both, 'forbidden' the Gold only; the sentence names its only
    exceptions, so 'forbidden' is marked contradicted and 'allowed' is the default."""
    s = place(fresh(3, god_takes_disaster=reading), held={0: {GOD: 1}}, track={GOLD: 1, FUNERAL: 1})
    assert {k for k, a in enumerate(GODS_BY_KIND) if a in GAME.legal_actions(s)} == offered
    amb = GAME.spec.ambiguities["god_takes_disaster"]
    assert amb.default == "allowed"
    assert bool(next(r for r in amb.readings if r.name == reading).contradicted) == (reading == "forbidden")


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


@pytest.mark.rules("ra.base.turn_one_action", "ra.base.bid", "ra.base.god", "ra.base.disasters")
def test_actions_out_of_phase_are_illegal_and_name_their_rule() -> None:
    """apply rejects anything not legal, naming the rule: a bid at a turn, a draw in an auction, a God without one,
    a chance outcome when nothing is drawn, any action after the end."""
    s = fresh(3)
    cases: list[tuple[RaState, RaAction, str]] = [
        (s, BIDS[13], "ra.base.turn_one_action"),
        (GAME.apply(place(s, track={GOLD: 1}), INVOKE_ACTION), DRAW_ACTION, "ra.base.bid"),
        (place(s, track={GOLD: 1}), GODS_BY_KIND[GOLD], "ra.base.god"),
        (s, DRAWS[GOLD], "ra.base.turn_one_action"),
        (GAME.apply(s, DRAW_ACTION), PASS_ACTION, "ra.base.draw"),
    ]
    for state, action, rule_id in cases:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, action)
        assert err.value.rule_id == rule_id
        assert action not in GAME.legal_actions(state)


def test_state_json_round_trip() -> None:
    """A mid-game state survives state_to_data / state_from_data unchanged."""
    from nilerules.core.playout import playout

    result = playout(GAME, GAME.config(5, ("traders",)), seed=3, max_steps=120)
    assert GAME.state_from_data(GAME.state_to_data(result.final)) == result.final


@pytest.mark.rules("ra.base.deal", "ra.base.first_player")
def test_the_disk_sets_are_dealt_at_random_and_the_highest_disk_starts() -> None:
    """Reference: sets dealt to players (at random: every order has probability 1/P!); the holder of the highest
    disk starts: with 3 players dealt sets (2, 0, 1), seat 1 holds {2,5,8,13} and starts."""
    s = GAME.setup(GAME.config(3))
    assert GAME.current_player(s) is CHANCE and GAME.legal_actions(s) == ()
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == 6 and all(p == Fraction(1, 6) for _, p in outcomes)
    s = dealt(s, (2, 0, 1))
    assert [disks(m) for m in s.up] == [(4, 7, 10, 11), (2, 5, 8, 13), (3, 6, 9, 12)]
    assert GAME.current_player(s) == 1
    with pytest.raises(IllegalAction) as err:
        GAME.apply(GAME.setup(GAME.config(3)), Deal(((2, 5, 8, 13), (2, 5, 8, 13), (3, 6, 9, 12))))
    assert err.value.rule_id == "ra.base.deal"

"""Ra's turn (``games/ra/rules/turn.py``): drawing, the track, whose turn, moves out of phase.

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from nilerules.core.types import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games.ra import make_game
from nilerules.games.ra.actions import (
    BIDS,
    DRAW_ACTION,
    DRAWS,
    GODS_BY_KIND,
    INVOKE_ACTION,
    PASS_ACTION,
    RaAction,
)
from nilerules.games.ra.situations import place, run
from nilerules.games.ra.state import (
    GOLD,
    RA,
    TRADER,
    RaState,
)
from tests.games.ra.positions import fresh

GAME = make_game()


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


@pytest.mark.rules("ra.base.invoke")
def test_invoking_over_an_empty_track_depends_on_ra_009() -> None:
    """RA-009: 'allowed' offers Invoke at the first turn (empty track), 'forbidden' does not."""
    assert INVOKE_ACTION in GAME.legal_actions(fresh(2))
    assert GAME.legal_actions(fresh(2, invoke_empty_track="forbidden")) == (DRAW_ACTION,)


@pytest.mark.rules("ra.base.out_of_disks")
def test_players_without_face_up_disks_are_skipped() -> None:
    """Reference: a player with no face-up disk takes no turn (and, by hand, no bid)."""
    s = fresh(3)
    s = s.evolve(up=(s.up[0], 0, s.up[2]), down=(0, s.up[1], 0))
    s = run(s, [DRAW_ACTION, DRAWS[GOLD]])
    assert GAME.current_player(s) == 2
    s = GAME.apply(s, INVOKE_ACTION)
    assert GAME.current_player(s) == 0


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

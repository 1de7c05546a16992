"""Ra's disasters (``games/ra/rules/disasters.py``): Funeral, Unrest, Drought, Earthquake, and RA-016 (a Funeral and the
Pharaohs of its own lot).

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

import pytest

from nilerules.games import load_game
from nilerules.games.ra.actions import (
    DISCARDS,
    INVOKE_ACTION,
    PASS_ACTION,
    Bid,
)
from nilerules.games.ra.situations import place, run, win_auction
from nilerules.games.ra.state import (
    CIVS,
    FLOOD,
    FUNERAL,
    NILE,
    PHARAOH,
    UNREST,
)
from tests.games.ra.positions import fresh

GAME = load_game("ra")


@pytest.mark.rules("ra.base.disasters", "ra.base.win")
@pytest.mark.parametrize(("reading", "kept"), [("with_lot", 1), ("before_lot", 2)])
def test_a_funeral_and_the_pharaohs_of_its_own_lot(reading: str, kept: int) -> None:
    """RA-016 by hand: player 0 holds 1 Pharaoh and wins a Funeral with 2 Pharaohs (invoking, both others pass, the
    forced bid). with_lot: 3 Pharaohs, 2 discarded, 1 left; before_lot: the 1 held goes, the 2 won stay."""
    config = GAME.config(3, readings={"disaster_lot": reading})
    state = GAME.position(config, {"seats": {"0": {"pharaoh": 1}}, "auction_track": ["funeral", "pharaoh", "pharaoh"]})
    for action in (INVOKE_ACTION, PASS_ACTION, PASS_ACTION, Bid(2)):
        state = GAME.apply(state, action)
    assert state.held[0][PHARAOH] == kept
    assert GAME.invariants(state) == ()


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

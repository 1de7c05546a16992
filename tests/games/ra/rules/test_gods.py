"""Ra's God tiles (``games/ra/rules/gods.py``): what a God may take and where it goes.

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

import pytest

from nilerules.games.ra import make_game
from nilerules.games.ra.actions import (
    DISCARDS,
    END_ACTION,
    GODS_BY_KIND,
)
from nilerules.games.ra.situations import place, run
from nilerules.games.ra.state import (
    FUNERAL,
    GOD,
    GOLD,
    MONUMENTS,
    NILE,
)
from tests.games.ra.positions import fresh

GAME = make_game()


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

"""Ra's setup (``games/ra/rules/start.py``): the deal of sun disks, the bag, who starts.

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from nilerules.core.types import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games.ra import make_game
from nilerules.games.ra.actions import (
    Deal,
)
from nilerules.games.ra.situations import dealt
from nilerules.games.ra.state import (
    center_disk,
    disks,
)
from tests.games.ra.positions import fresh

GAME = make_game()


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

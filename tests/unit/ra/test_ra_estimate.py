"""Ra's estimate (``RaGame.estimate``, what the strong player values a rollout cut off at an epoch's end by): the
scores plus the final scoring of the Monuments and sun disks already held. Expected values worked by hand from the
reference's game-end scoring (../shared/reference/ra.md, "Game end (after the third epoch's scoring)": Monuments,
distinct kinds 1-6 give that many points, 3/4/5 identical 5/10/15 per kind; sun disks, highest total face up and face
down +5, lowest -5, ties share) and docs/positions.md's worked example."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules import playout
from nilerules.games.ra import make_game
from tests.helpers import documented_position

GAME = make_game()


def build(data: dict[str, Any], players: int = 3, modules: tuple[str, ...] = ("traders",)) -> Any:
    return GAME.position(GAME.config(players, modules), data)


@pytest.mark.rules("ra.scoring.monuments", "ra.scoring.sun_disks")
def test_estimate_of_the_documented_position_by_hand() -> None:
    """docs/positions.md's example: sun totals 5+8+13+1 = 27, 6+9+12+2 = 29, 4+7+10+11 = 32 (seat 2's dealt set),
    so seat 2 +5 and seat 0 -5; seat 1's two Pyramids are one kind, 1 point. Scores 10 each: 5, 11, 15."""
    state = build(documented_position("Ra"))
    assert GAME.scores(state) == (10, 10, 10)
    assert GAME.estimate(state) == (5, 11, 15)


@pytest.mark.rules("ra.scoring.monuments", "ra.scoring.sun_disks")
def test_estimate_after_the_epoch_scoring_keeps_monuments_and_disks() -> None:
    """The same position after drawing the epoch's last Ra tile: the epoch scores 30, 19, 6 (docs/positions.md);
    the Pyramids stay and the disks turn face up with the same totals, so the estimate adds -5, +1 and +5: 25, 20,
    11."""
    state = build(documented_position("Ra"))
    for raw in ("draw", {"draw": "ra"}):
        state = GAME.apply(state, GAME.action_from_data(raw))
    assert (state.epoch, GAME.scores(state)) == (2, (30, 19, 6))
    assert GAME.estimate(state) == (25, 20, 11)


@pytest.mark.rules("ra.scoring.monuments")
def test_estimate_counts_distinct_and_identical_monuments() -> None:
    """Seat 0 with 3 Fortresses and 1 Obelisk: 2 kinds (2) + 3 identical (5) = 7; seat 1 with 4 Temples: 1 + 10 =
    11. The dealt sets of 2 players {2,5,6,9} = 22 and {3,4,7,8} = 22 tie: a tie of every seat shares under RA-002's
    default (+5 and -5 together, 0), so the disks add nothing. Scores 10 each: 17, 21."""
    state = build(
        {"seats": {"0": {"monument_fortress": 3, "monument_obelisk": 1}, "1": {"monument_temple": 4}}}, 2, ()
    )
    assert GAME.estimate(state) == (17, 21)


def test_estimate_of_a_finished_game_is_its_scores() -> None:
    """Once the game is over, Monuments and sun disks have been scored: the estimate is the scores alone."""
    final = playout(GAME, GAME.config(3), 11, "greedy").final
    assert GAME.is_terminal(final)
    assert GAME.estimate(final) == GAME.scores(final)

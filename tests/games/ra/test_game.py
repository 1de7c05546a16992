"""Ra's estimate (``RaGame.estimate``, what the strong player values a rollout cut off at an epoch's end by): the
scores plus the Pharaohs held scored once more and the final scoring of the Monuments and sun disks already held.
Expected values worked by hand from the reference's scoring (../shared/reference/ra.md: "Epoch end and scoring",
Pharaohs most +5, fewest -2, tied players all get it; "Game end (after the third epoch's scoring)", Monuments,
distinct kinds 1-6 give that many points, 3/4/5 identical 5/10/15 per kind, and sun disks, highest total face up and
face down +5, lowest -5, ties share) and docs/positions.md's worked example."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules import playout
from nilerules.games.ra import make_game
from tests.helpers import documented_position

GAME = make_game()


def build(data: dict[str, Any], players: int = 3, modules: tuple[str, ...] = ("traders",)) -> Any:
    return GAME.position(GAME.config(players, modules), data)


@pytest.mark.rules("ra.scoring.pharaohs", "ra.scoring.monuments", "ra.scoring.sun_disks")
def test_estimate_of_the_documented_position_by_hand() -> None:
    """docs/positions.md's example: Pharaohs 2, 2, 0 give +5, +5, -2; sun totals 5+8+13+1 = 27, 6+9+12+2 = 29,
    4+7+10+11 = 32 (seat 2's dealt set), so seat 2 +5 and seat 0 -5; seat 1's two Pyramids are one kind, 1 point.
    Scores 10 each: 10 + 5 - 5 = 10, 10 + 5 + 1 = 16, 10 - 2 + 5 = 13."""
    state = build(documented_position("Ra"))
    assert GAME.scores(state) == (10, 10, 10)
    assert GAME.estimate(state) == (10, 16, 13)


@pytest.mark.rules("ra.scoring.pharaohs", "ra.scoring.monuments", "ra.scoring.sun_disks")
def test_estimate_after_the_epoch_scoring_keeps_pharaohs_monuments_and_disks() -> None:
    """The same position after drawing the epoch's last Ra tile: the epoch scores 30, 19, 6 (docs/positions.md);
    the Pharaohs and Pyramids stay and the disks turn face up with the same totals, so the estimate adds 5 - 5,
    5 + 1 and -2 + 5: 30, 25, 9."""
    state = build(documented_position("Ra"))
    for raw in ("draw", {"draw": "ra"}):
        state = GAME.apply(state, GAME.action_from_data(raw))
    assert (state.epoch, GAME.scores(state)) == (2, (30, 19, 6))
    assert GAME.estimate(state) == (30, 25, 9)


@pytest.mark.rules("ra.scoring.monuments", "ra.scoring.pharaohs", "ra.scoring.sun_disks")
def test_estimate_counts_distinct_and_identical_monuments() -> None:
    """Seat 0 with 3 Fortresses and 1 Obelisk: 2 kinds (2) + 3 identical (5) = 7; seat 1 with 4 Temples: 1 + 10 =
    11. No Pharaohs: every seat ties, and under RA-001's default ("share") each gets +5 and -2, 3. The dealt sets of 2
    players {2,5,6,9} = 22 and {3,4,7,8} = 22 tie: under RA-002's default (share) +5 and -5 together, 0. Scores 10
    each: 10 + 7 + 3 = 20, 10 + 11 + 3 = 24."""
    state = build(
        {"seats": {"0": {"monument_fortress": 3, "monument_obelisk": 1}, "1": {"monument_temple": 4}}}, 2, ()
    )
    assert GAME.estimate(state) == (20, 24)


def test_estimate_of_a_finished_game_is_its_scores() -> None:
    """Once the game is over, Monuments and sun disks have been scored: the estimate is the scores alone."""
    final = playout(GAME, GAME.config(3), 11, "greedy").final
    assert GAME.is_terminal(final)
    assert GAME.estimate(final) == GAME.scores(final)

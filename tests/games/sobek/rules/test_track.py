"""Sobek's score track (``games/sobek/rules/track.py``): the corruption penalty and the Guild moves along the symbols.

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

import pytest

from nilerules.games.sobek import scoring
from nilerules.games.sobek.game import SobekGame

ANKH = 3  # the third symbol of a block under the assumed order snake, reed, ankh, scorpion

SCORPION = 4


@pytest.mark.rules("sobek.end.penalty_example", "sobek.end.penalty_move", "sobek.end.penalty_size")
def test_penalty_seed_example_kate_back_two_ankhs(game: SobekGame) -> None:
    """Seed 002: Kate earned 23 points and ended on an ankh: 2 lots, back 2 ankh symbols (48 -> 43 -> 38)."""
    assert scoring.symbol_of(48) == ANKH
    assert game.params(game.config(2)).symbol_order[ANKH - 1] == "ankh"
    assert scoring.penalty(48, 23, "numbered_type", "stay", 10) == 38


@pytest.mark.rules("sobek.end.penalty_move")
def test_penalty_fewer_than_ten_points_moves_nothing() -> None:
    """Seed: one move per full 10 points; 9 points is no lot (hand count)."""
    assert scoring.penalty(48, 9, "numbered_type", "stay", 10) == 48


@pytest.mark.rules("sobek.end.penalty_move")
@pytest.mark.parametrize(
    ("reading", "expected"), [("numbered_type", 15), ("no_move", 25), ("previous_symbol", 19)]
)
def test_penalty_on_a_numbered_space_under_each_reading(reading: str, expected: int) -> None:
    """Hand count: 23 points on the numbered space 25: two lots of 5, none, or 24 then 19."""
    assert scoring.penalty(25, 23, reading, "stay", 10) == expected


@pytest.mark.rules("sobek.end.penalty_move")
def test_penalty_near_the_start_stays_or_goes_to_zero() -> None:
    """Hand count: on space 8 (ankh) with 30 points: 3 ankhs behind would be 3, -2: stop at 3, or go to 0."""
    assert scoring.penalty(8, 30, "numbered_type", "stay", 10) == 3
    assert scoring.penalty(8, 30, "numbered_type", "to_start", 10) == 0


@pytest.mark.rules("sobek.events.guild")
def test_guild_forward_goes_to_the_next_space_of_the_symbol_strictly_ahead() -> None:
    """Hand count: from 3 (ankh) the next ankh is 8; from 3 the next scorpion is 4; from 0 the next snake is 1."""
    assert scoring.guild_forward(3, ANKH, 100, "lap") == 8
    assert scoring.guild_forward(3, SCORPION, 100, "lap") == 4
    assert scoring.guild_forward(0, 1, 100, "lap") == 1


@pytest.mark.rules("sobek.events.guild")
def test_guild_forward_past_the_end_of_the_track() -> None:
    """Hand count: on 99 a snake lies at 101 (lap) or nowhere ahead (stop: stay on 99)."""
    assert scoring.guild_forward(99, 1, 100, "lap") == 101
    assert scoring.guild_forward(99, 1, 100, "stop") == 99


@pytest.mark.rules("sobek.events.guild")
def test_guild_back_near_the_start() -> None:
    """Hand count: from 12 back to a reed is 7; from 2 back to a scorpion there is none (stay 2, or 0)."""
    assert scoring.back_to_symbol(12, 2, "stay") == 7
    assert scoring.back_to_symbol(2, SCORPION, "stay") == 2
    assert scoring.back_to_symbol(2, SCORPION, "to_start") == 0


@pytest.mark.rules("sobek.end.corrupt_tie_all")
def test_most_corrupt_still_tied_all_receive_the_penalty() -> None:
    """Seed: still tied: all (tied) players; under 'everyone' literally all."""
    assert scoring.most_corrupt((5, 5, 4), (2, 2, 9), "tied") == (0, 1)
    assert scoring.most_corrupt((5, 5, 4), (2, 2, 9), "everyone") == (0, 1, 2)

"""Whole games of Nile Artefacts under combinations of readings: every game ends, replays, and keeps its invariants."""

from __future__ import annotations

import itertools
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nilerules.checks import load
from nilerules.core import playout, playout_log, replay

GAME = load("nile_artefacts").game
AMBIGUITIES = sorted(GAME.spec.ambiguities.items())
readings = st.fixed_dictionaries({k: st.sampled_from(a.reading_names()) for k, a in AMBIGUITIES})


def play_and_check(players: int, chosen: dict[str, str], seed: int, policy: str = "random") -> None:
    config = GAME.config(players, readings=chosen)
    result = playout(GAME, config, seed, policy)
    assert not result.truncated, "the game did not end within max_game_length"
    final = result.final
    assert GAME.is_terminal(final)
    assert GAME.invariants(final) == ()
    assert final.round <= final.params.max_rounds
    assert replay(GAME, playout_log(GAME, result)) == final
    assert all(score >= 0 for score in final.scores)


@given(
    players=st.sampled_from((2, 3, 4)),
    chosen=readings,
    seed=st.integers(0, 2**16),
    policy=st.sampled_from(("random", "greedy")),
)
def test_a_game_under_any_readings_ends_replays_and_keeps_its_invariants(
    players: int, chosen: dict[str, str], seed: int, policy: str
) -> None:
    """Random or greedy play under a drawn combination of readings reaches the end (or the model's round cap)."""
    play_and_check(players, chosen, seed, policy)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("NILERULES_HYPOTHESIS_PROFILE") != "explore", reason="explore profile only")
def test_every_combination_of_readings_plays_to_the_end() -> None:
    """Every combination of readings (12,288), one seeded random game each (player counts cycle)."""
    names = [name for name, _ in AMBIGUITIES]
    for index, combo in enumerate(itertools.product(*(a.reading_names() for _, a in AMBIGUITIES))):
        play_and_check(2 + index % 3, dict(zip(names, combo, strict=True)), index)

"""Every Nefertiti state reached in seeded random play round-trips through the named position format; the score
breakdown sums to the scores (issue 13)."""

from __future__ import annotations

import json
import random

import pytest

from nilerules.checks import load
from nilerules.core import CHANCE

GAME = load("nefertiti").game
SETUPS = [
    (2, ("harbor", "characters")),
    (3, ("scenario",)),
    (4, ("characters",)),
    (5, ("harbor", "characters")),
]


@pytest.mark.parametrize(("players", "modules"), SETUPS)
def test_every_reached_state_round_trips_through_position_data(players: int, modules: tuple[str, ...]) -> None:
    """position(state_config(s), position_data(s)) == s at every step of a seeded game; the data is JSON."""
    rng = random.Random(players)
    state = GAME.setup(GAME.config(players, modules))
    steps = 0
    while True:
        data = json.loads(json.dumps(GAME.position_data(state)))
        assert GAME.position(GAME.state_config(state), data) == state, steps
        if GAME.is_terminal(state):
            break
        if GAME.current_player(state) is CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)
        steps += 1


@pytest.mark.parametrize(("players", "modules"), SETUPS)
def test_score_breakdown_sums_to_the_scores(players: int, modules: tuple[str, ...]) -> None:
    """Each seat's categories add up to scores(state) at the end of seeded games (the Amon Priest included)."""
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.setup(GAME.config(players, modules))
        while not GAME.is_terminal(state):
            if GAME.current_player(state) is CHANCE:
                state = GAME.apply(state, GAME.sample_chance(state, rng))
            else:
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        scores = GAME.scores(state)
        assert [sum(row.values()) for row in GAME.score_breakdown(state)] == list(scores)

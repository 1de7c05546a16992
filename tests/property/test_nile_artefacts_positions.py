"""The public position format of Nile Artefacts (docs/positions.md): every state reached in seeded random play, under
default and non-default readings, is written by ``position_data`` and built back by ``position`` unchanged (through
JSON text too); ``score_breakdown`` sums to ``scores``; actions round-trip through their named JSON form."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nilerules.core import CHANCE
from nilerules.games.nile_artefacts import make_game
from nilerules.games.nile_artefacts.state import NAState

GAME = make_game()
READINGS = (
    {},
    {"card_sharing": "split", "type_scope": "per_monument"},
    {"port_start": "literal", "endless_game": "no_score_at_cap"},
    {"coin_stock": "unlimited", "deck_exhausted": "stop", "last_round": "current"},
)


def walk(players: int, seed: int, readings: dict[str, str], every: int) -> list[NAState]:
    """Every ``every``-th state of one seeded random game (the final state included)."""
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players, readings=readings))
    out = [state]
    step = 0
    while not GAME.is_terminal(state):
        if GAME.current_player(state) is CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state))
        data = GAME.action_to_data(action)
        assert GAME.action_from_data(json.loads(json.dumps(data))) == action
        state = GAME.apply(state, action)
        step += 1
        if step % every == 0:
            out.append(state)
    out.append(state)
    return out


@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    players=st.sampled_from(GAME.info.player_counts),
    seed=st.integers(0, 10_000),
    readings=st.sampled_from(READINGS),
)
def test_every_reached_state_round_trips_through_the_position_format(
    players: int, seed: int, readings: dict[str, str]
) -> None:
    """position(state_config(s), position_data(s)) == s for states of seeded random games (via JSON text)."""
    for state in walk(players, seed, readings, every=7):
        text = json.dumps(GAME.position_data(state))
        assert state == GAME.position(GAME.state_config(state), json.loads(text))


@pytest.mark.parametrize("players", GAME.info.player_counts)
def test_score_breakdown_sums_to_the_scores(players: int) -> None:
    """Each seat's categories add up to its score, at every sampled state and at the end (independent sum)."""
    for seed in range(3):
        for readings in READINGS:
            for state in walk(players, seed, readings, every=25):
                breakdown = GAME.score_breakdown(state)
                assert list(state.scores) == [sum(b.values()) for b in breakdown]

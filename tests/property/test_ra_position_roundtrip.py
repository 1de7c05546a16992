"""Every state reached in seeded play round-trips through the public position format, and score breakdowns add up.

Play covers every player count, with and without Traders, under the default readings and under a set of
non-default ones (last auction, Drought choice, forced full-track bid, God tiles kept, a lot safe from its own
disasters, the auction track kept between epochs, crates once per claim).
"""

from __future__ import annotations

import json

import pytest

from nilerules.core.playout import playout
from nilerules.games.ra import make_game

GAME = make_game()
OTHER = {"last_ra": "final_auction", "drought_order": "choose", "full_track_bid": "forced",
         "gods_after_epoch": "keep", "bag_empty": "epoch_ends", "epoch_starter": "next_player",
         "disaster_lot": "before_lot", "track_at_epoch_end": "stay", "crates_per_claim": "per_claim"}
CASES = [(n, traders, readings, policy)
         for n in (2, 3, 4, 5) for traders in (False, True) for readings in ({}, OTHER)
         for policy in ("random", "greedy")]


def _toml_able(data: object) -> bool:
    """No nulls anywhere and only string keys (what TOML can hold)."""
    if data is None:
        return False
    if isinstance(data, dict):
        return all(isinstance(k, str) and _toml_able(v) for k, v in data.items())
    if isinstance(data, list):
        return all(_toml_able(v) for v in data)
    return True


@pytest.mark.parametrize(("players", "traders", "readings", "policy"), CASES)
def test_every_reached_state_round_trips_and_its_breakdown_sums_to_the_scores(
        players: int, traders: bool, readings: dict[str, str], policy: str) -> None:
    """position(config, position_data(s)) == s for every state of a seeded game (through JSON text), each action's
    named form decodes back to it, each seat's breakdown sums to its score, and every state keeps the invariants."""
    config = GAME.config(players, ("traders",) if traders else (), readings)
    result = playout(GAME, config, seed=players * 7 + len(readings), policy=policy)
    state = GAME.setup(config)
    for action in (*result.actions, None):
        data = json.loads(json.dumps(GAME.position_data(state)))
        assert _toml_able(data)
        assert GAME.position(config, data) == state
        assert GAME.invariants(state) == ()
        assert [sum(row.values()) for row in GAME.score_breakdown(state)] == list(GAME.scores(state))
        if action is None:
            break
        assert GAME.action_from_data(json.loads(json.dumps(GAME.action_to_data(action)))) == action
        state = GAME.apply(state, action)
    assert GAME.is_terminal(state)

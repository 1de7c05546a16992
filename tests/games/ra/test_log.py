"""Ra's logs written before names: the golden game (tests/golden/ra_3p_traders.json, replayed by
tests/golden/test_golden.py) as rules version 2 wrote it still decodes and plays the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.games.ra import make_game

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "ra_3p_traders.json"
OLD_LOG = Path(__file__).resolve().parents[2] / "golden" / "ra_3p_traders_v2.json"
"""The same game as logged by rules version 2: actions in the old tagged form ({"type": "DrawTile", "kind": 23})."""
GAME = make_game()


def test_a_log_written_before_names_still_decodes_and_plays_the_same_game() -> None:
    """Logs from version 2 (tile kinds as integers, the deal as an order) decode to the same actions as today's named
    form and play to the same scores and ranking (later versions changed the action and event names and added
    readings whose defaults this game never meets)."""
    old = json.loads(OLD_LOG.read_text(encoding="ascii"))
    new = json.loads(GOLDEN.read_text(encoding="ascii"))
    config = GAME.config(3, ("traders",))
    state = GAME.setup(config)
    for raw in old["log"]["actions"]:
        state = GAME.apply(state, GAME.action_from_data(raw))
    assert list(state.score) == old["scores"] == new["scores"]
    assert [list(g) for g in GAME.ranking(state).places] == old["ranking"]
    decoded = [GAME.action_to_data(GAME.action_from_data(raw)) for raw in old["log"]["actions"][1:]]
    assert decoded == new["log"]["actions"][1:]

"""A golden playthrough: a seeded 3-player game with Traders, replayed from its log.

The file tests/golden/ra_3p_traders.json was produced by this module's ``regenerate()`` (on purpose, with
NILERULES_REGEN_GOLDEN=1); it pins the whole game: every action, the final state digest, scores and ranking.
Regenerate it only when the rules change on purpose (and bump GameInfo.version).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nilerules.core.codec import dumps
from nilerules.core.log import log_from_json, log_to_json, replay
from nilerules.core.playout import playout, playout_log
from nilerules.games.ra import make_game

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "ra_3p_traders.json"
OLD_LOG = Path(__file__).resolve().parents[2] / "golden" / "ra_3p_traders_v2.json"
"""The same game as logged by rules version 2: actions in the old tagged form ({"type": "DrawTile", "kind": 23})."""
GAME = make_game()
SEED = 2026


def regenerate() -> None:
    result = playout(GAME, GAME.config(3, ("traders",)), SEED, "greedy")
    log = json.loads(log_to_json(playout_log(GAME, result)))
    final = result.final
    GOLDEN.write_text(dumps({
        "about": "Seeded 3-player Ra with Traders, greedy policy, seed 2026; regenerated only on purpose.",
        "log": log,
        "scores": list(final.score),
        "ranking": [list(g) for g in GAME.ranking(final).places],
        "events": len(final.events),
        "trader_claims_epoch_points": sum(e.points for e in final.events if e.category in ("traders", "crates")),
    }) + "\n", encoding="ascii")


if os.environ.get("NILERULES_REGEN_GOLDEN") == "1":  # pragma: no cover - on purpose only
    regenerate()


@pytest.mark.rules("ra.traders.scoring.points", "ra.base.three_epochs_play")
def test_golden_playthrough_replays_to_the_same_end() -> None:
    """The logged game replays action by action to the logged final state, scores and ranking.

    The spec digest is not compared (editing a quote or a provenance note must not break the golden game); any
    change of rules or data shows up as an illegal step or a different final-state digest.
    """
    data = json.loads(GOLDEN.read_text(encoding="ascii"))
    final = replay(GAME, log_from_json(dumps(data["log"])), check_spec=False)
    assert list(final.score) == data["scores"]
    assert [list(g) for g in GAME.ranking(final).places] == data["ranking"]
    assert len(final.events) == data["events"]
    assert GAME.invariants(final) == ()


def test_golden_game_is_still_what_the_seed_plays() -> None:
    """Playing the same seed again gives the same actions (determinism of setup, rules and sampling)."""
    data = json.loads(GOLDEN.read_text(encoding="ascii"))
    result = playout(GAME, GAME.config(3, ("traders",)), SEED, "greedy")
    assert json.loads(log_to_json(playout_log(GAME, result)))["actions"] == data["log"]["actions"]


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

"""A golden playthrough: a seeded 4-player game of Nile Artefacts (greedy policy), replayed from its log.

The file tests/golden/nile_artefacts_4p.json was produced by this module's ``regenerate()`` (on purpose, with
NILERULES_REGEN_GOLDEN=1); it pins the whole game: every action (chance outcomes included), the final state digest,
scores, ranking and diagnostics. Regenerate it only when the rules change on purpose (and bump GameInfo.version).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nilerules.core.codec import dumps
from nilerules.core.log import log_from_json, log_to_json, replay, state_digest
from nilerules.core.playout import playout, playout_log
from nilerules.games.nile_artefacts import make_game

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "nile_artefacts_4p.json"
GAME = make_game()
SEED = 2026


def regenerate() -> None:
    result = playout(GAME, GAME.config(4), SEED, "greedy")
    log = json.loads(log_to_json(playout_log(GAME, result)))
    final = result.final
    GOLDEN.write_text(
        dumps(
            {
                "about": "Seeded 4-player Nile Artefacts, default readings, greedy policy, seed 2026; "
                "regenerated only on purpose.",
                "log": log,
                "scores": list(final.scores),
                "rounds": final.round,
                "ranking": [list(g) for g in GAME.ranking(final).places],
                "diagnostics": sorted({d.kind for d in GAME.diagnostics(final)}),
            }
        )
        + "\n",
        encoding="ascii",
    )


if os.environ.get("NILERULES_REGEN_GOLDEN") == "1":  # pragma: no cover - on purpose only
    regenerate()


@pytest.mark.rules("nile_artefacts.round.stages", "nile_artefacts.end.winner")
def test_golden_playthrough_replays_to_the_same_end() -> None:
    """The logged game replays action by action to the logged final state, scores, rounds and ranking."""
    data = json.loads(GOLDEN.read_text(encoding="ascii"))
    final = replay(GAME, log_from_json(dumps(data["log"])), check_spec=False)  # rules/data changes show in the digest
    assert list(final.scores) == data["scores"]
    assert final.round == data["rounds"]
    assert [list(g) for g in GAME.ranking(final).places] == data["ranking"]
    assert sorted({d.kind for d in GAME.diagnostics(final)}) == data["diagnostics"]
    assert GAME.invariants(final) == ()


def test_golden_game_is_still_what_the_seed_plays() -> None:
    """Playing the same seed again gives the same actions (determinism of setup, rules and sampling), written with
    names; the version 3 golden log, written before actions had names ({"type": "Draw", "kind": 38}), decodes to the
    same actions."""
    data = json.loads(GOLDEN.read_text(encoding="ascii"))
    result = playout(GAME, GAME.config(4), SEED, "greedy")
    written = json.loads(log_to_json(playout_log(GAME, result)))["actions"]
    assert data["log"]["actions"] == written
    old = json.loads(OLD.read_text(encoding="ascii"))["log"]["actions"]
    assert all("type" in a for a in old) and not any("type" in a for a in written)
    assert [GAME.action_from_data(a) for a in old] == [GAME.action_from_data(a) for a in written]


def test_a_log_with_named_actions_replays_to_the_golden_end() -> None:
    """The golden game written again with named actions ({"draw": "eye/nile@1"}) replays to the same final state."""
    data = json.loads(GOLDEN.read_text(encoding="ascii"))
    result = playout(GAME, GAME.config(4), SEED, "greedy")
    final = replay(GAME, log_from_json(log_to_json(playout_log(GAME, result))))
    assert data["log"]["final_digest"] == state_digest(GAME, final)


OLD = GOLDEN.with_name("nile_artefacts_4p_v3.json")


@pytest.mark.rules("nile_artefacts.round.stages")
def test_the_log_written_before_names_and_before_na014_still_plays_the_same_game() -> None:
    """The version 3 log (tagged actions, {"type": "Draw", "kind": 38}, written before NA-014 existed) decodes move by
    move and plays, under today's default readings, to the scores, rounds and ranking it recorded: adding a reading
    whose default is the old behaviour changed no game."""
    data = json.loads(OLD.read_text(encoding="ascii"))
    log = log_from_json(dumps(data["log"]))
    assert log.version == 3
    state = GAME.setup(GAME.config(log.config.players, log.config.modules, dict(log.config.readings)))
    for raw in log.actions:
        state = GAME.apply(state, GAME.action_from_data(raw))
    assert [list(state.scores), state.round] == [data["scores"], data["rounds"]]
    assert [list(g) for g in GAME.ranking(state).places] == data["ranking"]

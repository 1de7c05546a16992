"""Nile Artefacts' logs written before names: the golden game (tests/golden/nile_artefacts_4p.json, replayed by
tests/golden/test_golden.py) as rules version 3 wrote it still decodes to the same actions and plays the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.core.codec import dumps
from nilerules.core.log import log_from_json
from nilerules.games.nile_artefacts import make_game

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "nile_artefacts_4p.json"
GAME = make_game()


def test_the_log_written_before_names_decodes_to_the_golden_actions() -> None:
    """The version 3 golden log, written before actions had names ({"type": "Draw", "kind": 38}), decodes to the
    actions of today's golden log, written with names."""
    written = json.loads(GOLDEN.read_text(encoding="ascii"))["log"]["actions"]
    old = json.loads(OLD.read_text(encoding="ascii"))["log"]["actions"]
    assert all("type" in a for a in old) and not any("type" in a for a in written)
    assert [GAME.action_from_data(a) for a in old] == [GAME.action_from_data(a) for a in written]


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

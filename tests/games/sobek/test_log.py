"""Sobek's logs: actions written with names, and logs written with codes (rules versions 3 and 4) still decode and
replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.core import log_from_json
from nilerules.games import load_game
from nilerules.games.sobek.actions import DrawToken
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.state import D_TOKEN, SobekState
from tests.helpers import edited_rules

GAME = load_game("sobek")


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "sobek_3p_seed7.json"


OLD_FORM = GOLDEN.with_name("sobek_3p_seed7_v3_codes.json")
"""The same game as written by rules version 3: actions tagged with codes (``{"type": "DrawCard", "item": 4}``)."""


VERSION_4 = GOLDEN.with_name("sobek_3p_seed7_v4.json")
"""The same game as written by rules version 4 (names), under that version's data: one deck for the whole game."""


THEN = {"deck_reformed": '"once"', "deliveries": [2, 2, 2], "deliveries_two_players": [2, 2, 1]}
"""The data of rules versions 3 and 4 that version 5 changed (issue 20: the deck is formed again every round)."""


@pytest.fixture(scope="module")
def game_then(tmp_path_factory: pytest.TempPathFactory) -> SobekGame:
    """Sobek under the data the old golden games were played with (``THEN``)."""
    return edited_rules(tmp_path_factory.mktemp("then"), "sobek", **THEN)


def _first_token_draw() -> tuple[SobekState, dict[str, int]]:
    """The version-3 golden game at its first event-token draw (the set-up's, the same under today's data), and
    that draw as version 3 wrote it."""
    data = json.loads(OLD_FORM.read_text(encoding="utf-8"))
    log = log_from_json(json.dumps(data["log"]))
    state = GAME.setup(GAME.config(log.config.players, log.config.modules, dict(log.config.readings)))
    for raw in log.actions:
        if state.draws and state.draws[0].dest == D_TOKEN:
            return state, raw
        state = GAME.apply(state, GAME.action_from_data(raw, state))
    raise AssertionError("the version-3 golden game draws no event token")


def test_a_log_written_with_codes_still_loads_and_replays(game_then: SobekGame) -> None:
    """Issue 13: logs written before names still load: the version-3 golden game's tagged actions decode (each with
    the state it applies to) and replay, under the data they were played with (``THEN``), to its recorded scores
    and places (its rules version and spec digest are older, so it is stepped by hand). Issue 23: they decode to the
    very actions of the version-4 golden file, the same game (seed 7, greedy), and replay to that file's scores and
    places under its config (not to its final digest: version 5's state records ``params.deck_reformed``)."""
    data = json.loads(OLD_FORM.read_text(encoding="utf-8"))
    log = log_from_json(json.dumps(data["log"]))
    state = game_then.setup(game_then.config(log.config.players, log.config.modules, dict(log.config.readings)))
    actions = []
    for raw in log.actions:
        actions.append(game_then.action_from_data(raw, state))
        state = game_then.apply(state, actions[-1])
    assert game_then.is_terminal(state)
    assert list(state.scores) == data["scores"]
    assert [list(g) for g in game_then.ranking(state).places] == data["places"]
    then = json.loads(VERSION_4.read_text(encoding="utf-8"))
    version_4 = log_from_json(json.dumps(then["log"]))
    assert actions == [game_then.action_from_data(raw) for raw in version_4.actions]
    # its config names the readings of its day: the ambiguities found since take their defaults, as in a replay
    final = game_then.setup(game_then.config(version_4.config.players, version_4.config.modules,
                                             dict(version_4.config.readings)))
    for action in actions:
        final = game_then.apply(final, action)
    assert list(final.scores) == then["scores"]
    assert [list(g) for g in game_then.ranking(final).places] == then["places"]


def test_an_old_card_draw_of_a_token_decodes_to_the_token_given_the_state() -> None:
    """Issue 23: version 3 wrote an event-token draw as a card draw (``{"type": "DrawCard", "item": k}``); read for
    the state it applies to, it is the draw of token k, one of the chance outcomes listed there."""
    state, raw = _first_token_draw()
    assert raw["type"] == "DrawCard"
    action = GAME.action_from_data(raw, state)
    assert action == DrawToken(raw["item"])
    assert action in dict(GAME.chance_outcomes(state))


def test_actions_serialise_with_names() -> None:
    """Issue 13: chance outcomes and moves are written with names (a card, an event token, a row position)."""
    log = json.loads(GOLDEN.read_text(encoding="utf-8"))["log"]["actions"]
    assert all("type" not in a for a in log if isinstance(a, dict))
    draws = {a["draw"] for a in log if isinstance(a, dict) and "draw" in a}
    assert "flood" in draws or "curse" in draws or any(d.startswith("guild_") for d in draws)
    assert any(isinstance(a, dict) and "take" in a for a in log)

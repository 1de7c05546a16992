"""Whole Sobek games: every player count, every reading, random and greedy play, replayed from their logs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.checks import load
from nilerules.core import log_from_json, log_to_json, playout, playout_log, replay
from nilerules.errors import IllegalAction
from nilerules.games.sobek.actions import DrawCard, DrawToken
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.invariants import invariants
from nilerules.games.sobek.state import D_MARKET, D_TOKEN, SobekState
from tests.helpers import edited_game

MODULE = load("sobek")
GAME = MODULE.game
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
    return edited_game(tmp_path_factory.mktemp("then"), "sobek", **THEN).game


def reading_variants() -> list[dict[str, str]]:
    """The defaults, then each non-default reading alone."""
    out: list[dict[str, str]] = [{}]
    for amb_id, amb in sorted(GAME.spec.ambiguities.items()):
        out += [{amb_id: r} for r in amb.reading_names() if r != amb.default]
    return out


@pytest.mark.rules("sobek.game_end.rounds", "sobek.goods.total")
@pytest.mark.parametrize("readings", reading_variants(), ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items())
                         or "defaults")
def test_whole_games_end_and_replay_under_each_reading(readings: dict[str, str]) -> None:
    """Random and greedy games end within the declared length, conserve cards, and replay from their logs."""
    for players in (2, 3, 4):
        config = GAME.config(players, readings=readings)
        for seed, policy in ((players, "random"), (players + 10, "greedy")):
            result = playout(GAME, config, seed, policy)
            assert not result.truncated
            assert GAME.is_terminal(result.final)
            assert invariants(result.final) == ()
            log = log_from_json(log_to_json(playout_log(GAME, result)))
            assert replay(GAME, log) == result.final


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


def test_an_old_card_draw_of_a_token_decodes_to_the_token_given_the_state() -> None:
    """Issue 23: version 3 wrote an event-token draw as a card draw (``{"type": "DrawCard", "item": k}``); read for
    the state it applies to, it is the draw of token k, one of the chance outcomes listed there."""
    state, raw = _first_token_draw()
    assert raw["type"] == "DrawCard"
    action = GAME.action_from_data(raw, state)
    assert action == DrawToken(raw["item"])
    assert action in dict(GAME.chance_outcomes(state))


@pytest.mark.rules("sobek.events.selection", "sobek.market.deliveries")
def test_apply_refuses_a_chance_draw_of_the_wrong_kind() -> None:
    """Issue 23: ``apply`` accepts exactly the listed chance outcomes. A 3-player set-up first draws the round's
    event tokens (seed 002: 'There are 12 event tokens with 5 randomly selected for each round'): a card draw of a
    token's code there, and later a token draw where a card goes along the Nile, raise IllegalAction naming the
    draw's rule."""
    state = GAME.setup(GAME.config(3))
    assert state.draws[0].dest == D_TOKEN
    token = GAME.chance_outcomes(state)[0][0]
    assert isinstance(token, DrawToken)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, DrawCard(token.item))
    assert caught.value.rule_id == "sobek.events.selection"
    while not (state.draws and state.draws[0].dest == D_MARKET):
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    card = GAME.chance_outcomes(state)[0][0]
    assert isinstance(card, DrawCard)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, DrawToken(card.item))
    assert caught.value.rule_id == "sobek.market.deliveries"


def test_actions_serialise_with_names() -> None:
    """Issue 13: chance outcomes and moves are written with names (a card, an event token, a row position)."""
    log = json.loads(GOLDEN.read_text(encoding="utf-8"))["log"]["actions"]
    assert all("type" not in a for a in log if isinstance(a, dict))
    draws = {a["draw"] for a in log if isinstance(a, dict) and "draw" in a}
    assert "flood" in draws or "curse" in draws or any(d.startswith("guild_") for d in draws)
    assert any(isinstance(a, dict) and "take" in a for a in log)

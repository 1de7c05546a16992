"""Whole Sobek games: every player count, every reading, random and greedy play, replayed from their logs."""

from __future__ import annotations

import pytest

from nilerules.core import log_from_json, log_to_json, playout, playout_log, replay
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.sobek.actions import DrawCard, DrawToken
from nilerules.games.sobek.invariants import invariants
from nilerules.games.sobek.state import D_MARKET, D_TOKEN

GAME = load_game("sobek")


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

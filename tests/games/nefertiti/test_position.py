"""Issue 13: Nefertiti's documented example position (docs/positions.md) builds and scores with its breakdown; bad
positions are refused naming the key."""

from __future__ import annotations

import pytest

from nilerules.errors import InvalidState, PositionError
from nilerules.games import load_game
from nilerules.games.nefertiti.names import GIZEH
from nilerules.games.nefertiti.rules import turn
from tests.helpers import documented_position

GAME = load_game("nefertiti")


@pytest.mark.rules("nefertiti.harbor.example_fifty", "nefertiti.two.start_deben")
def test_documented_example_builds_and_scores_the_chair_example() -> None:
    """By hand: 5 chairs at 7 (two owners) + 1 + 2 = 50 (the expansion's example) + 10 starting Deben = 60; seat 1's
    chair 7 + 11 Deben = 18. Gizeh's right stall stays open under 'listed' (a Servant and two same-colour neutrals)."""
    data = documented_position("Nefertiti")
    cfg = data["config"]
    config = GAME.config(cfg["players"], tuple(cfg.get("modules", ())))
    state = GAME.position(config, {k: v for k, v in data.items() if k != "config"})
    assert GAME.scores(state) == (60, 18)
    breakdown = GAME.score_breakdown(state)
    assert {k: v for k, v in breakdown[0].items() if v} == {"gifts": 50, "deben": 10}
    assert state.markets[GIZEH].stall == 1
    assert not turn.stall_closes(state, GIZEH)
    assert GAME.legal_actions(state)
    assert GAME.position(config, GAME.position_data(state)) == state


def test_a_bad_position_names_the_key() -> None:
    """Unknown names, too many cards, out-of-range seats and broken invariants are refused, naming the key."""
    config = GAME.config(2, ("harbor",))
    with pytest.raises(PositionError, match=r"seats\.0\.hand\.camel"):
        GAME.position(config, {"seats": {"0": {"hand": {"camel": 1}}}})
    with pytest.raises(PositionError, match="more cards placed"):
        GAME.position(config, {"seats": {"0": {"hand": {"goldwork": 9}}}})
    with pytest.raises(PositionError, match="to_move"):
        GAME.position(config, {"to_move": 2})
    with pytest.raises(PositionError, match="unknown key"):
        GAME.position(config, {"bag": {}})
    with pytest.raises(PositionError, match=r"markets\.gizeh\.cards\[0\]"):
        GAME.position(config, {"markets": {"gizeh": {"cards": ["chair/upside"]}}})
    with pytest.raises(InvalidState, match="Deben"):
        GAME.position(config, {"seats": {"0": {"deben": 99}}})

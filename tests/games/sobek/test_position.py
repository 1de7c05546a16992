"""Issue 13: Sobek's documented example position (docs/positions.md) builds, shows its legal moves and scores with
its breakdown; bad positions are refused with the key named."""

from __future__ import annotations

import pytest

from nilerules.errors import InvalidState, PositionError
from nilerules.games.sobek.actions import Done, StartHorizontal
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.state import WHEAT
from tests.helpers import documented_position


@pytest.mark.rules("sobek.end.set_scoring", "sobek.end.hand_to_corruption")
def test_documented_example_builds_shows_its_moves_and_scores(game: SobekGame) -> None:
    """By hand, from the doc's own text: seat 1 may start a Wheat horizontal set or be done; done, seat 0 scores
    3 Ivory with scarabs (3 scarabs each, reference) x 3 cards = 27 on top of 12 = 39; seat 1 (most corrupt with
    three cards, no set points) stays on 20."""
    data = documented_position("Sobek")
    config = game.config(data["config"]["players"])
    state = game.position(config, {k: v for k, v in data.items() if k != "config"})
    assert set(game.legal_actions(state)) == {StartHorizontal(WHEAT), Done()}
    after = game.apply(state, Done())
    assert after.scores == (39, 20)
    breakdown = game.score_breakdown(after)
    assert {k: v for k, v in breakdown[0].items() if v} == {"earlier": 12, "sets_ivory": 27}
    assert {k: v for k, v in breakdown[1].items() if v} == {"earlier": 20}


def test_a_bad_position_names_the_key(game: SobekGame) -> None:
    """Unknown names, impossible counts and out-of-range seats are refused, naming the key."""
    config = game.config(2)
    with pytest.raises(PositionError, match=r"seats\.0\.hand key"):
        game.position(config, {"seats": {"0": {"hand": {"ivory_gold": 1}}}})
    with pytest.raises(PositionError, match="ivory_scarabs"):
        game.position(config, {"seats": {"0": {"hand": {"ivory_scarabs": 4}}}})
    with pytest.raises(PositionError, match="to_move"):
        game.position(config, {"to_move": 2})
    with pytest.raises(PositionError, match="unknown key"):
        game.position(config, {"bag": {}})
    with pytest.raises(InvalidState, match="curse"):
        game.position(config, {"seats": {"0": {"curses": 1}}, "events_used": {}})


def test_curses_need_no_bookkeeping_in_a_position(game: SobekGame) -> None:
    """A Curse token written on a seat counts the Curse events applied for it (no cross-linked field to adjust)."""
    state = game.position(game.config(3), {"row": ["fish"], "seats": {"2": {"curses": 2}}})
    assert state.curses == (0, 0, 2)
    assert game.position_data(state)["seats"] == {"2": {"curses": 2}}

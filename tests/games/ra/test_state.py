"""Ra's state as data: its JSON round trip.

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

from nilerules.games.ra import make_game

GAME = make_game()


def test_state_json_round_trip() -> None:
    """A mid-game state survives state_to_data / state_from_data unchanged."""
    from nilerules.core.playout import playout

    result = playout(GAME, GAME.config(5, ("traders",)), seed=3, max_steps=120)
    assert GAME.state_from_data(GAME.state_to_data(result.final)) == result.final

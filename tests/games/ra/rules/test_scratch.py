"""The rules' fast constructors build exactly what the classes' own constructors build (issue 20, item 6).

``rules.scratch.new_state``/``with_header`` build a RaState without its NamedTuple ``__new__``, and
``scoring.score_event`` makes each distinct ScoreEvent once (the NamedTuple's ``__new__`` and the dataclass's
``__init__`` are Python code the compiled rules would otherwise run for every state and event).
The expected values are the classes' own constructors, called with the same fields; the games come from seeded
playouts (the golden playthrough pins the rest).
"""

from __future__ import annotations

import pytest

from nilerules.core.playout import playout
from nilerules.games.ra import make_game
from nilerules.games.ra.rules.scratch import new_state, with_header
from nilerules.games.ra.scoring import score_event
from nilerules.games.ra.state import RaState, ScoreEvent

GAME = make_game()


def test_score_event_equals_the_dataclass() -> None:
    """Same type, fields, equality and hash as ``ScoreEvent(...)``, for an event made first and one made again;
    still frozen; a different event is a different object."""
    first = score_event(2, 1, "gold", 3, "ra.scoring.gods_gold")
    made = score_event(2, 1, "gold", 3, "ra.scoring.gods_gold")
    assert first is made
    assert score_event(2, 1, "gold", 4, "ra.scoring.gods_gold") == ScoreEvent(2, 1, "gold", 4, "ra.scoring.gods_gold")
    expected = ScoreEvent(2, 1, "gold", 3, "ra.scoring.gods_gold")
    assert type(made) is ScoreEvent
    assert expected == made
    assert hash(expected) == hash(made)
    assert repr(expected) == repr(made)
    with pytest.raises(AttributeError):
        made.points = 4  # type: ignore[misc]


def test_new_state_and_with_header_equal_the_named_tuple() -> None:
    """At every state of a seeded 4-player Traders game: same type and fields as ``RaState(*fields)``."""
    result = playout(GAME, GAME.config(4, ("traders",)), seed=5)
    state = GAME.setup(result.config)
    seen = 0
    for action in result.actions:
        state = GAME.apply(state, action)
        assert type(state) is RaState
        fields = tuple(state)
        rebuilt = new_state(*fields)
        assert type(rebuilt) is RaState
        assert RaState(*fields) == rebuilt
        header = [x + 1 for x in state.h]
        changed = with_header(state, header)
        assert type(changed) is RaState
        assert RaState(*fields[:2], tuple(header), *fields[3:]) == changed
        seen += 1
    assert seen == result.length > 0

"""Ra's state as data: its JSON round trip, and a state written by an older version still loading.

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

import json
from pathlib import Path

from nilerules.core.codec import dumps
from nilerules.games.ra import make_game

GAME = make_game()


def test_state_json_round_trip() -> None:
    """A mid-game state survives state_to_data / state_from_data unchanged."""
    from nilerules.core.playout import playout

    result = playout(GAME, GAME.config(5, ("traders",)), seed=3, max_steps=120)
    assert GAME.state_from_data(GAME.state_to_data(result.final)) == result.final


STATE_BEFORE_RENAME = Path(__file__).with_name("state_7802048.json")
"""A compatibility fixture, so taken from the old code's output on purpose: a 3-player state with Traders, 31 actions
into seeded random play (seed 7, six readings off their defaults), written by ``state_to_data`` at commit 7802048,
before ``RaParams``' reading flags were named after their ambiguities (issue 33)."""


def test_a_state_written_before_the_flags_were_renamed_loads_and_writes_the_same_json() -> None:
    """The old JSON decodes; its params are those the game makes for its config (so each flag holds its reading);
    and encoding the decoded state gives the same text back (a state's JSON, and so a log's digest, is unchanged)."""
    text = STATE_BEFORE_RENAME.read_text(encoding="ascii")
    state = GAME.state_from_data(json.loads(text))
    assert GAME.params(state.config) == state.params
    assert text == dumps(GAME.state_to_data(state)) + "\n"

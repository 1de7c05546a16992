"""Ra's state as data: its JSON round trip, and a state written by an older version still loading.

Expected values are read off the reference (reference/ra.md) or worked out by hand from it, as each docstring says.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.core.codec import dumps
from nilerules.errors import MalformedAction
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


def test_the_old_flag_names_decode_to_the_flags_named_after_their_ambiguities() -> None:
    """By hand from the fixture's config: RA-001 (pharaoh_all_tie) 'nobody' and RA-010 (drought_order) 'choose', so
    those flags are false; RA-005 (supply_exhausted) 'capped' and RA-017 (track_at_epoch_end) 'stay', so true."""
    params = GAME.state_from_data(json.loads(STATE_BEFORE_RENAME.read_text(encoding="ascii"))).params
    flags = (params.pharaoh_all_tie_share, params.drought_order_floods_first, params.supply_exhausted_capped,
             params.track_at_epoch_end_stay)
    assert flags == (False, False, True, True)


def test_a_flag_written_under_its_field_name_is_refused() -> None:
    """A state's JSON names the flag by its JSON name only (``params.JSON_NAMES``): the field's name is an error."""
    data = json.loads(STATE_BEFORE_RENAME.read_text(encoding="ascii"))
    data["params"]["pharaoh_all_tie_share"] = data["params"].pop("pharaoh_tie_share")
    with pytest.raises(MalformedAction, match="pharaoh_all_tie_share"):
        GAME.state_from_data(data)

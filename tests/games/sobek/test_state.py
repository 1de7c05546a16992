"""Sobek's state is a value (a native class when compiled), as the NamedTuple it replaced was: equality, hash and repr
as a NamedTuple of the same fields, a copy equal to and apart from the original, a pickle that comes back equal, and
the field order its JSON twin relies on.

Expected values come from the NamedTuple of the same fields and hints (``state._SobekStateFields``, what the state
was before it became a native class), not from the state class itself.
"""

from __future__ import annotations

import pytest

from nilerules.games import load_game
from nilerules.games.sobek.rules import replace
from nilerules.games.sobek.state import STATE_FIELDS, SobekState, SobekStateRecord, _SobekStateFields
from tests.games.shared import (
    assert_copy_is_equal_and_separate,
    assert_fields_follow_the_record,
    assert_pickles_and_deep_copies,
)
from tests.helpers import seeded_states

GAME = load_game("sobek")


def some_states() -> list[SobekState]:
    """States along one seeded 3-player game and one 2-player game under other readings."""
    return [
        *seeded_states(GAME, GAME.config(3), 7),
        *seeded_states(GAME, GAME.config(2, readings={"market_row": "row_of_all", "green_deal": "once"}), 8),
    ]


def as_named_tuple(state: SobekState) -> _SobekStateFields:
    """The NamedTuple of the same fields (the state's former type)."""
    return _SobekStateFields(*(getattr(state, name) for name in STATE_FIELDS))


def test_state_fields_follow_its_json_twin_and_its_constructor() -> None:
    """The fields, in order, are those of the JSON twin; fields() and field_list() give them in that order."""
    state = some_states()[5]
    assert_fields_follow_the_record(state, SobekStateRecord, STATE_FIELDS)
    assert SobekState(**as_named_tuple(state)._asdict()) == state


def test_state_copy_is_equal_and_separate() -> None:
    """copy() is an equal state that is another object; setting a field on the copy leaves the original alone."""
    assert_copy_is_equal_and_separate(some_states()[3])


def test_state_equality_and_hash_are_a_named_tuples() -> None:
    """Two states are equal exactly when the NamedTuples of their fields are, and a state hashes as that NamedTuple
    (pairs of states of two games)."""
    states = some_states()
    for a in states[::7]:
        assert hash(a) == hash(as_named_tuple(a))
        for b in states[::11]:
            assert (a == b) == (as_named_tuple(a) == as_named_tuple(b))
            assert (a != b) == (as_named_tuple(a) != as_named_tuple(b))
    assert states[0] != states[0].fields()  # a state is not a tuple


def test_state_pickles_and_deep_copies_to_an_equal_state() -> None:
    """States travel to worker processes: pickle and deepcopy give equal states, of the same class."""
    assert_pickles_and_deep_copies(some_states()[::13])


def test_state_replace_changes_one_field_and_refuses_unknown_ones() -> None:
    """rules.replace and _replace change the named field only, as NamedTuple._replace; a name that is no field
    raises (TypeError from rules.replace, ValueError from _replace as from a NamedTuple's)."""
    state = some_states()[4]
    changed = replace(state, round=state.round + 1)
    assert changed == state._replace(round=state.round + 1)
    assert as_named_tuple(changed) == as_named_tuple(state)._replace(round=state.round + 1)
    assert [n for n in STATE_FIELDS if getattr(changed, n) != getattr(state, n)] == ["round"]
    with pytest.raises(TypeError):
        replace(state, rounds=2)
    with pytest.raises(ValueError):
        state._replace(rounds=2)
    with pytest.raises(ValueError):
        as_named_tuple(state)._replace(rounds=2)


def test_state_repr_is_a_named_tuples() -> None:
    """repr is the NamedTuple's: the class name, then each field as name=repr(value), in field order."""
    state = some_states()[2]
    assert repr(state) == repr(as_named_tuple(state)).replace("_SobekStateFields(", "SobekState(", 1)

"""Nefertiti's state is a value (a native class when compiled): equality and hash by its fields, a copy equal to and
apart from the original, a pickle that comes back equal, and the field order its JSON twin and positions rely on."""

from __future__ import annotations

import copy
import pickle

from nilerules.games import load_game
from nilerules.games.nefertiti.state import STATE_FIELDS, NefState, NefStateRecord, evolve
from tests.helpers import seeded_states

GAME = load_game("nefertiti")


def some_states() -> list[NefState]:
    """States along one seeded 3-player game and one 2-player game with every module."""
    return [
        *seeded_states(GAME, GAME.config(3, ()), 7),
        *seeded_states(GAME, GAME.config(2, ("harbor", "characters")), 8),
    ]


def test_state_fields_follow_its_json_twin_and_its_constructor() -> None:
    """The fields, in order, are those of the JSON twin; fields() and field_list() give them in that order."""
    import dataclasses

    state = some_states()[5]
    assert tuple(f.name for f in dataclasses.fields(NefStateRecord)) == STATE_FIELDS
    assert state.fields() == tuple(getattr(state, name) for name in STATE_FIELDS)
    assert state.field_list() == list(state.fields())
    assert NefState(*state.fields()) == state


def test_state_copy_is_equal_and_separate() -> None:
    """copy() is an equal state that is another object; setting a field on the copy leaves the original alone."""
    state = some_states()[3]
    before = state.fields()
    twin = state.copy()
    assert twin == state and twin is not state and hash(twin) == hash(state)
    twin.to_move = state.to_move + 1
    assert twin != state and state.fields() == before


def test_state_equality_and_hash_are_by_fields() -> None:
    """Two states are equal exactly when their fields are (every pair of states of two games), with equal hashes."""
    states = some_states()
    for a in states[::7]:
        for b in states[::11]:
            assert (a == b) == (a.fields() == b.fields())
            assert (a != b) == (a.fields() != b.fields())
            if a == b:
                assert hash(a) == hash(b)
    assert states[0] != states[0].fields()  # a state is not a tuple


def test_state_pickles_and_deep_copies_to_an_equal_state() -> None:
    """States travel to worker processes: pickle and deepcopy give equal states, of the same class."""
    for state in some_states()[::13]:
        for back in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert type(back) is NefState and back == state


def test_state_evolve_and_replace_agree_and_refuse_unknown_fields() -> None:
    """state.evolve and _replace change the named field only; a name that is no field raises."""
    import pytest

    state = some_states()[4]
    changed = evolve(state, seal_supply=state.seal_supply - 1)
    assert changed == state._replace(seal_supply=state.seal_supply - 1)
    assert [n for n in STATE_FIELDS if getattr(changed, n) != getattr(state, n)] == ["seal_supply"]
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)
    with pytest.raises(ValueError):
        state._replace(no_such_field=1)


def test_state_repr_names_every_field() -> None:
    """repr is a NamedTuple's: the class, then each field as name=repr(value), in field order."""
    state = some_states()[2]
    body = ", ".join(f"{name}={getattr(state, name)!r}" for name in STATE_FIELDS)
    assert repr(state) == f"NefState({body})"

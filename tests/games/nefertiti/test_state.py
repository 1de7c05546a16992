"""Nefertiti's state is a value (a native class when compiled): equality and hash by its fields, a copy equal to and
apart from the original, a pickle that comes back equal, and the field order its JSON twin and positions rely on."""

from __future__ import annotations

from nilerules.games import load_game
from nilerules.games.nefertiti.state import STATE_FIELDS, NefState, NefStateRecord, evolve
from tests.games.shared import (
    assert_copy_is_equal_and_separate,
    assert_fields_follow_the_record,
    assert_pickles_and_deep_copies,
)
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
    assert_fields_follow_the_record(some_states()[5], NefStateRecord, STATE_FIELDS)


def test_state_copy_is_equal_and_separate() -> None:
    """copy() is an equal state that is another object; setting a field on the copy leaves the original alone."""
    assert_copy_is_equal_and_separate(some_states()[3])


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
    assert_pickles_and_deep_copies(some_states()[::13])


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

"""What the rules tests of several games check alike: a state that is a native class (Nefertiti's, Sobek's) is a
value, as the NamedTuple it stands for was. Each game's ``test_state.py`` calls these with its own states."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Iterable
from typing import Any


def assert_fields_follow_the_record(state: Any, record: type, fields: tuple[str, ...]) -> None:
    """The state's fields, in order, are those of its JSON twin ``record`` (``fields``); ``fields()`` and
    ``field_list()`` give them in that order, and the class built from them is the state again."""
    assert tuple(f.name for f in dataclasses.fields(record)) == fields
    assert state.fields() == tuple(getattr(state, name) for name in fields)
    assert state.field_list() == list(state.fields())
    assert type(state)(*state.fields()) == state


def assert_copy_is_equal_and_separate(state: Any) -> None:
    """``copy()`` is an equal state that is another object; setting a field on the copy leaves the original alone."""
    before = state.fields()
    twin = state.copy()
    assert twin == state and twin is not state and hash(twin) == hash(state)
    twin.to_move = state.to_move + 1
    assert twin != state and state.fields() == before


def assert_pickles_and_deep_copies(states: Iterable[Any]) -> None:
    """Pickle and deepcopy give back an equal state of the same class (states travel to worker processes)."""
    for state in states:
        for back in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert type(back) is type(state) and back == state

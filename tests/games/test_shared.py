"""The checks of ``tests/games/shared.py`` are not blind: each fails on a state class broken in the way it looks for
(hand-made classes, no game involved)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.games.shared import (
    assert_copy_is_equal_and_separate,
    assert_fields_follow_the_record,
    assert_pickles_and_deep_copies,
)


class Value:
    """A two-field state that is a value: equal and hashed by its fields, copied apart, pickled back equal."""

    def __init__(self, to_move: int, score: int) -> None:
        self.to_move, self.score = to_move, score

    def fields(self) -> tuple[int, int]:
        return (self.to_move, self.score)

    def field_list(self) -> list[int]:
        return list(self.fields())

    def copy(self) -> Any:
        return type(self)(*self.fields())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Value) and other.fields() == self.fields()

    def __hash__(self) -> int:
        return hash(self.fields())


class SharedCopy(Value):
    """Broken: ``copy()`` hands back the state itself."""

    def copy(self) -> Any:
        return self


class ForgetsOnPickle(Value):
    """Broken: a pickled state comes back with its score lost."""

    def __reduce__(self) -> Any:
        return (ForgetsOnPickle, (self.to_move, 0))


@dataclasses.dataclass(frozen=True)
class Record:
    to_move: int
    score: int


def test_the_shared_state_checks_pass_a_value_and_fail_each_broken_class() -> None:
    """A sound class passes the three checks; a shared copy, a pickle that loses a field and a field order other
    than the record's each fail."""
    assert_fields_follow_the_record(Value(1, 5), Record, ("to_move", "score"))
    assert_copy_is_equal_and_separate(Value(1, 5))
    assert_pickles_and_deep_copies([Value(1, 5)])
    with pytest.raises(AssertionError):
        assert_copy_is_equal_and_separate(SharedCopy(1, 5))
    with pytest.raises(AssertionError):
        assert_pickles_and_deep_copies([ForgetsOnPickle(1, 5)])
    with pytest.raises(AssertionError):
        assert_fields_follow_the_record(Value(1, 5), Record, ("score", "to_move"))

"""core.readings: the one way a game's rules read the chosen readings."""

from __future__ import annotations

from typing import Literal, NamedTuple

import pytest

from nilerules.core.readings import fields_match, record
from nilerules.core.types import Config


class Pair(NamedTuple):
    first: str
    second: str


def test_record_holds_each_ambiguitys_chosen_reading() -> None:
    """Each field is the config's reading of the ambiguity named by the field (values chosen by hand)."""
    config = Config("toy", 2, (), (("first", "strict"), ("second", "loose")))
    assert record(config, Pair) == Pair("strict", "loose")


def test_record_is_shared_between_equal_configs_and_follows_a_changed_reading() -> None:
    """Configs with the same readings share one record; another reading gives another record."""
    one = Config("toy", 2, (), (("first", "a"), ("second", "b")))
    two = Config("toy", 3, (), (("first", "a"), ("second", "b")))
    other = Config("toy", 2, (), (("first", "a"), ("second", "c")))
    assert record(one, Pair) is record(two, Pair)
    assert record(other, Pair).second == "c"
    assert record(one, Pair).second == "b"  # the identity cache does not hand back the other config's record


def test_record_refuses_a_config_without_the_field() -> None:
    """A field that names no chosen reading is a KeyError, not a silent default."""
    with pytest.raises(KeyError):
        record(Config("toy", 2, (), (("first", "a"),)), Pair)


class Choices(NamedTuple):
    first: Literal["strict", "loose"]
    second: Literal["a", "b"]


class Ambiguity(NamedTuple):
    """The part of a spec's ambiguity that ``fields_match`` reads."""

    names: tuple[str, ...]

    def reading_names(self) -> tuple[str, ...]:
        return self.names


SPEC = {"first": Ambiguity(("strict", "loose")), "second": Ambiguity(("a", "b"))}
"""A toy spec's ambiguities, matching ``Choices`` by construction."""


def test_fields_match_accepts_a_record_that_types_each_field_with_its_readings() -> None:
    """The check a game's test runs between its Readings record and its spec: nothing to say on a matching pair."""
    assert fields_match(Choices, SPEC) == []


def test_fields_match_names_missing_and_extra_fields() -> None:
    """An ambiguity without a field and a field without an ambiguity are each named."""
    third = {"first": SPEC["first"], "third": Ambiguity(("x", "y"))}
    assert fields_match(Choices, third) == [
        "no field for the ambiguity 'third'",
        "the field 'second' names no ambiguity of the spec",
    ]


def test_fields_match_names_a_reading_the_literal_lacks_and_one_the_spec_lacks() -> None:
    """A reading added to the spec, a reading the spec does not have, and a field typed ``str`` are each named."""
    added = {**SPEC, "second": Ambiguity(("a", "b", "c"))}
    assert fields_match(Choices, added) == ["the field 'second' lacks the readings ['c'] of the spec"]
    dropped = {**SPEC, "first": Ambiguity(("strict",))}
    assert fields_match(Choices, dropped) == ["the field 'first' names readings the spec lacks: ['loose']"]
    plain = {"first": Ambiguity(("x",)), "second": Ambiguity(("y",))}
    assert fields_match(Pair, plain) == [
        "the field 'first' is typed <class 'str'>, not a Literal of its readings",
        "the field 'second' is typed <class 'str'>, not a Literal of its readings",
    ]

"""core.readings: the one way a game's rules read the chosen readings."""

from __future__ import annotations

from typing import NamedTuple

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


def test_fields_match_names_missing_and_extra_fields() -> None:
    """The check a game's test runs between its Readings record and its spec."""
    assert fields_match(Pair, ["first", "second"]) == []
    assert fields_match(Pair, ["first", "third"]) == [
        "no field for the ambiguity 'third'",
        "the field 'second' names no ambiguity of the spec",
    ]

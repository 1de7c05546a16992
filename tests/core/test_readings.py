"""core.readings: the one way a game's rules read the chosen readings."""

from __future__ import annotations

import importlib
from typing import Any, Literal, NamedTuple

import pytest

from nilerules.core.readings import fields_match, one_of, record
from nilerules.core.types import Config
from nilerules.games import load_game
from nilerules.games.sobek.params import TRACK_END


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


def test_one_of_narrows_a_reading_name_and_refuses_a_name_that_is_no_reading() -> None:
    """A name among the readings comes back as itself (typed as their Literal); a misspelt one is a ValueError naming
    it and the readings (the names: Sobek's SOB-005 ``track_end``, specs/sobek.toml)."""
    assert one_of(TRACK_END, "stop") == "stop"
    with pytest.raises(ValueError, match=r"'stopp' is not one of the readings lap, stop"):
        one_of(TRACK_END, "stopp")


def test_each_games_reading_tuples_are_the_spec_s_readings_of_their_ambiguity() -> None:
    """Every tuple of reading names a game's params give (``TRACK_END``, ...: what the checks narrow with ``one_of``
    and what a query lists) names exactly the readings of the ambiguity it is named after, in the spec's order
    (specs/<game>.toml). Shown failing on a tuple in another order (the checker's broken case)."""
    found = 0
    for game_id in ("ra", "nile_artefacts", "sobek", "nefertiti"):
        module = importlib.import_module(f"nilerules.games.{game_id}.params")
        ambiguities = load_game(game_id).spec.ambiguities
        tuples = {name: value for name, value in vars(module).items()
                  if name.isupper() and name.lower() in ambiguities and isinstance(value, tuple)}
        assert reading_tuple_problems(tuples, ambiguities) == [], game_id
        found += len(tuples)
    assert found == 13  # Sobek 6, Nefertiti 4, Nile Artefacts 2, Ra 1: the readings a helper of the rules takes
    sobek = load_game("sobek").spec.ambiguities
    assert reading_tuple_problems({"TRACK_END": ("stop", "lap")}, sobek) == [
        "TRACK_END: ('stop', 'lap') against the spec's ('lap', 'stop')"]


def reading_tuple_problems(tuples: dict[str, tuple[str, ...]], ambiguities: Any) -> list[str]:
    """Each tuple against the readings of the ambiguity its name gives (lower case), in the spec's order."""
    problems = []
    for name, names in tuples.items():
        expected = ambiguities[name.lower()].reading_names()
        if names != expected:
            problems.append(f"{name}: {names} against the spec's {expected}")
    return problems

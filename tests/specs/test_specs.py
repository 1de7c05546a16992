"""Spec validation: every malformed spec is a SpecError naming the file and the key path."""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.errors import SpecError
from nilerules.specs import load_spec, parse_spec, seed_sentences, unaccounted_sentences
from tests.toys.nim import SPEC_PATH

GOOD = SPEC_PATH.read_text(encoding="utf-8")


def problems(text: str) -> list[tuple[str, str]]:
    with pytest.raises(SpecError) as info:
        parse_spec(text, "edited.toml")
    assert info.value.path == "edited.toml"
    return list(info.value.problems)


def test_the_toy_spec_is_valid() -> None:
    """The reference toy spec loads, with its rules, params and ambiguity."""
    spec = load_spec(SPEC_PATH)
    assert (spec.game, len(spec.rules), spec.int("die_faces")) == ("nim", 5, 6)
    assert [p.name for p in spec.assumed()] == ["bonus"]


def test_bad_toml_names_the_file() -> None:
    """Text that is not TOML at all."""
    assert problems("[meta\nid = 1")[0][1].startswith("not valid TOML")


def test_unknown_key() -> None:
    """A misspelt key is reported with its path."""
    assert ("meta.titel", "unknown key") in problems(GOOD.replace('title = "Dice', 'titel = "Dice'))


def test_wrong_type() -> None:
    """A quote that is a number."""
    found = problems(GOOD.replace('quote = "Roll a die for the pile"', "quote = 5"))
    assert any(key.endswith(".quote") and "expected a string" in what for key, what in found)


def test_missing_field() -> None:
    """A rule without a kind."""
    found = problems(GOOD.replace('kind = "flavour"', ""))
    assert any(key.endswith("(nim.flavour.theme).kind") and what == "missing" for key, what in found)


def test_duplicate_rule_id() -> None:
    """Two rules with one id."""
    found = problems(GOOD.replace('id = "nim.turn.take"', 'id = "nim.setup.pile"'))
    assert any("duplicate rule id 'nim.setup.pile'" in what for _, what in found)


def test_every_problem_is_collected_before_failing() -> None:
    """Three mistakes give four problems in one error (a misspelt key is unknown, the right one missing)."""
    text = GOOD.replace('titel', 'x').replace('title = "Dice', 'titel = "Dice').replace(
        'default = "wins"', 'default = "draw"').replace('provenance = "assumed"', 'provenance = "guessed"')
    assert [k for k, _ in problems(text)] == [
        "meta.title", "meta.titel", "params.bonus.provenance", "ambiguities.last_stone.default"
    ]


def test_unknown_rule_cited_by_an_ambiguity() -> None:
    """Ambiguities may only cite catalogued rules."""
    found = problems(GOOD.replace('rules = ["nim.end.last_stone"]', 'rules = ["nim.end.nowhere"]'))
    assert ("ambiguities.last_stone.rules", "unknown rule id 'nim.end.nowhere'") in found


def test_data_rule_must_be_cited_by_a_param() -> None:
    """A 'data' rule that no parameter implements is an error."""
    found = problems(GOOD.replace('rules = ["nim.data.die"]', ""))
    assert any("must be cited by a parameter" in what for _, what in found)


def test_unreadable_file(tmp_path: Path) -> None:
    """A path that does not exist."""
    with pytest.raises(SpecError, match="cannot read"):
        load_spec(tmp_path / "missing.toml")


def test_seed_sentences_and_accounting() -> None:
    """Sentences split on line breaks and on . ! ? followed by space; a quote accounts for its sentence."""
    text = "Roll a die for the pile. Take one or two stones!\nStones by the river\n---\n"
    assert seed_sentences(text) == ("Roll a die for the pile.", "Take one or two stones!", "Stones by the river")
    spec = load_spec(SPEC_PATH)
    assert unaccounted_sentences(spec, "toy.txt", text + "Something else.") == ("Something else.",)

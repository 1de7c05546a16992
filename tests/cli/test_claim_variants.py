"""A wording claim's ``variant`` is part of the spec: a spec (bundled or a ``--spec`` copy) whose claim names a
parameter that does not exist, or a value outside the parameter's schema, is refused at load with one line naming the
ambiguity, the claim and the bad name (not only when the claim runs, in ``report``).

Expected bounds are read by hand from the bundled specs: specs/ra.toml ``[params.epochs]`` (int, 1..10) and the
claim of ``bag_empty`` (``variant = { epochs = 4, ra_track = ... }``); specs/sobek.toml ``[params.rounds]`` (3) and
``[params.deliveries]`` (``length = "rounds"``); the claims of ``two_player_rounds`` run under the spec's own data (no
variant), so the Sobek test writes a variant into the first of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.cli import main
from nilerules.errors import SpecError
from nilerules.games import load_game
from nilerules.specs import bundled_spec_path, variant_problems

RA_VARIANT = 'variant = { epochs = 4, ra_track = { "2" = 6, "3" = 8, "4" = 9, "5" = 11 } }'
SOBEK_CLAIM = "[[ambiguities.two_player_rounds.claims]]\n"
"""The header of the first claim of SOB-024 (``two_player_rounds``), which the Sobek test gives a variant."""


def edited(tmp_path: Path, game: str, old: str, new: str) -> Path:
    """A copy of the bundled spec with one exact piece of text (which occurs once) replaced."""
    text = bundled_spec_path(game).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "edit.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    _, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("nilerules: error:"), err
    return lines[0]


def test_a_misspelt_variant_parameter_is_refused_at_load_by_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``epochz`` is not a parameter of Ra's spec: ``simulate`` (which runs no claim) refuses the copy, exit 2."""
    spec = edited(tmp_path, "ra", RA_VARIANT, RA_VARIANT.replace("epochs", "epochz"))
    line = one_line_error(capsys, "simulate", "ra", "--games", "1", "--spec", str(spec))
    assert "edit.toml: ambiguities.bag_empty.claims[0].variant.epochz: 'epochz' is not a parameter of the spec" in line


def test_a_variant_value_out_of_its_bounds_is_refused_at_load_by_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ra's epochs are 1..10 (its schema): a claim in 11 epochs is refused at load."""
    spec = edited(tmp_path, "ra", RA_VARIANT, RA_VARIANT.replace("epochs = 4", "epochs = 11"))
    line = one_line_error(capsys, "simulate", "ra", "--games", "1", "--spec", str(spec))
    assert "ambiguities.bag_empty.claims[0].variant.epochs: expected an integer in 1..10, found 11" in line


def test_a_variant_list_of_the_wrong_length_is_refused_by_load_game(tmp_path: Path) -> None:
    """Sobek's deliveries have one entry per round (3 rounds): two entries in the claim's variant are refused."""
    text = bundled_spec_path("sobek").read_text(encoding="utf-8")
    first = text.index(SOBEK_CLAIM) + len(SOBEK_CLAIM)
    spec = tmp_path / "edit.toml"
    spec.write_text(text[:first] + "variant = { deliveries = [2, 2] }\n" + text[first:], encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_game("sobek", spec)
    assert list(info.value.problems) == [
        ("ambiguities.two_player_rounds.claims[0].variant.deliveries", "expected a list of length 3, found 2 items")
    ]


def test_a_variant_that_changes_another_parameters_length_is_checked_with_it() -> None:
    """Four rounds in a variant leave Sobek's deliveries (three entries each, ``length = "rounds"``) one short; with the
    deliveries given for four rounds too, the variant fits; the bundled claim's variant fits as it is."""
    params = load_game("sobek").spec.params
    assert variant_problems(params, {"rounds": 4}, "v") == [
        ("v.rounds", "with it, params.deliveries.value: expected a list of length 4, found 3 items"),
        ("v.rounds", "with it, params.deliveries_two_players.value: expected a list of length 4, found 3 items"),
    ]
    four = {"rounds": 4, "deliveries": [6, 6, 6, 6], "deliveries_two_players": [5, 5, 5, 5]}
    assert variant_problems(params, four, "v") == []
    bundled = {"deck_reformed": "once", "deliveries": [2, 2, 2], "deliveries_two_players": [2, 2, 1]}
    assert variant_problems(params, bundled, "v") == []

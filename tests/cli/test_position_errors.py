"""A bad position, state or log on the command line is one line naming the file first (issue 24: the README
promises "one readable line on stderr naming the file, the key and the value found", and a position error named
only the key)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fuzz.harness import run_cli


def _error(argv: list[str]) -> str:
    outcome = run_cli(argv)
    lines = outcome.err.strip().splitlines()
    assert outcome.code == 2 and len(lines) == 1, outcome.err
    return lines[0]


@pytest.mark.parametrize("command", [["score", "sobek"], ["query", "sobek", "legal", "--position"]])
def test_a_position_error_names_the_file_the_key_and_the_value(tmp_path: Path, command: list[str]) -> None:
    """Sobek's rounds are 1 to 3 (``params.rounds``): ``round = 9`` is refused with the file, the key and 9."""
    path = tmp_path / "late.toml"
    path.write_text("round = 9\n[config]\nplayers = 2\n", encoding="utf-8")
    assert _error([*command, str(path)]) == (f"nilerules: error: {str(path)!r}: position round: expected an integer "
                                             "from 1 to 3, found 9")


def test_a_position_the_rules_never_reach_names_the_file_and_the_invariant(tmp_path: Path) -> None:
    """Issue 24's set of three Fish written as Ivory, scored from the command line."""
    path = tmp_path / "fish.toml"
    path.write_text('row = ["wheat"]\n[config]\nplayers = 2\n[seats.0]\nsets = [{ goods = "ivory", cards = '
                    '["fish", "fish", "fish"] }]\n', encoding="utf-8")
    line = _error(["score", "sobek", str(path)])
    assert line.startswith(f"nilerules: error: {str(path)!r}: sobek position breaks an invariant: seat 0's set 0: a "
                           "played set has fewer than 3 cards of its goods type or amulets")


@pytest.mark.parametrize("game", ["ra", "nile_artefacts", "nefertiti"])
def test_every_game_s_position_and_state_errors_name_the_file(tmp_path: Path, game: str) -> None:
    """The naming is the reader's, not a game's: an unknown key in any game's position, and a state of another
    game, are refused after the file's name."""
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"no_such_key": 1}), encoding="utf-8")
    assert _error(["score", game, str(position)]).startswith(f"nilerules: error: {str(position)!r}: position ")
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"type": "NoSuchState", "config": {"game": game, "players": 0}}), encoding="utf-8")
    assert _error(["score", game, str(state)]).startswith(f"nilerules: error: {str(state)!r}: ")

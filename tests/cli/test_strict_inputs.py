"""Strict inputs (issue 10): each reproducer of the issue is refused with exit 2 and one line naming the key.

Expected messages follow the schema each parameter declares in its spec (docs/spec-format.md); the reproducers are the
issue's own.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nilerules.cli import main
from nilerules.specs import bundled_spec_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nilerules: error:"), err
    assert "bug" not in lines[0]
    for needle in needles:
        assert needle in lines[0], lines[0]


def with_field(game: str, param: str, field: str, new: str) -> str:
    """The bundled spec's text with ``field = ...`` of ``[params.<param>]`` (one line) set to ``new``."""
    text = bundled_spec_path(game).read_text(encoding="utf-8")
    start = text.index(f"[params.{param}]\n")
    line = text.index(f"\n{field} = ", start) + 1
    end = text.index("\n", line)
    return text[:line] + f"{field} = {new}" + text[end:]


def edited(tmp_path: Path, game: str, old: str, new: str, name: str = "edit.toml") -> str:
    """A copy of the bundled spec with one exact piece of text replaced (which must occur once)."""
    text = bundled_spec_path(game).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ("[6.9, -2]", "found 6.9"),  # was silently truncated to 6
        ('[5, "-2"]', "found '-2'"),  # was accepted
        ("[5]", "length 2, found 1"),  # was an internal error
        ('["five", -2]', "found 'five'"),  # was an internal error
        ("[true, -2]", "found True"),  # a bool is not an integer
    ],
)
def test_pharaoh_points_of_the_wrong_type_or_length_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, found: str
) -> None:
    """`pharaoh_points` is declared a list of 2 ints: every reproducer of the issue is exit 2 naming the key."""
    spec = edited(tmp_path, "ra", "value = [5, -2]", f"value = {value}")
    code, _, err = run(capsys, "simulate", "ra", "--games", "1", "--spec", spec)
    assert_one_line_error(code, err, "params.pharaoh_points.value", found, "edit.toml")


def test_negative_tile_count_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`ra = -30` tiles gave plausible output; a count of tiles is >= 0."""
    spec = edited(tmp_path, "ra", "value = { ra = 30,", "value = { ra = -30,")
    code, _, err = run(capsys, "simulate", "ra", "--games", "1", "--spec", spec)
    assert_one_line_error(code, err, "params.tiles.value.ra", "found -30")


def test_deleted_list_entry_is_refused_before_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nile Artefacts `reward_points.value[0]` deleted, then `play --players 2 --seed 24`: a SpecError, not a crash."""
    path = tmp_path / "na.toml"
    path.write_text(with_field("nile_artefacts", "reward_points", "value", "[2, 5, 10]"), encoding="utf-8")
    code, _, err = run(capsys, "play", "nile_artefacts", "--players", "2", "--seed", "24", "--spec", str(path))
    assert_one_line_error(code, err, "params.reward_points.value", "length")


def test_huge_epochs_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A huge Ra `epochs` hung `report`; its declared upper bound refuses it."""
    path = tmp_path / "ra.toml"
    path.write_text(with_field("ra", "epochs", "value", "3000000000"), encoding="utf-8")
    code, _, err = run(capsys, "report", "--spec", str(path), "--budget", "quick", "--out", str(tmp_path / "r"))
    assert_one_line_error(code, err, "params.epochs.value", "3000000000")


def test_edited_schema_bound_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The bounds keep work finite, so an edited copy may not raise them."""
    path = tmp_path / "ra.toml"
    path.write_text(with_field("ra", "epochs", "max", "999999"), encoding="utf-8")
    code, _, err = run(capsys, "simulate", "ra", "--games", "1", "--spec", str(path))
    assert_one_line_error(code, err, "params.epochs", "schema is fixed by the bundled spec")


def test_spec_without_one_of_its_ambiguities_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Removing `[ambiguities.<id>]` and its readings gave a KeyError; now the key is named."""
    text = bundled_spec_path("ra").read_text(encoding="utf-8")
    start = text.index("[ambiguities.pharaoh_all_tie]")
    rest = text.index("\n[ambiguities.", start + 1)
    while text.startswith("\n[ambiguities.pharaoh_all_tie.", rest):
        rest = text.index("\n[ambiguities.", rest + 1)
    path = tmp_path / "ra.toml"
    path.write_text(text[:start] + text[rest + 1 :], encoding="utf-8")
    code, _, err = run(capsys, "simulate", "ra", "--games", "1", "--spec", str(path))
    assert_one_line_error(code, err, "ambiguities.pharaoh_all_tie", "missing")


def test_spec_with_a_newline_in_a_rule_id_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A renamed rule id containing a newline was echoed raw over several lines."""
    text = bundled_spec_path("ra").read_text(encoding="utf-8")
    match = re.search(r'\nid = "(ra\.[a-z_.]+)"', text)
    assert match is not None
    path = tmp_path / "ra.toml"
    path.write_text(text[: match.start(1)] + "ra.x\\nsecond line" + text[match.end(1) :], encoding="utf-8")
    code, _, err = run(capsys, "rules", "ra", "--spec", str(path))
    assert_one_line_error(code, err)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"x": ' + "9" * 5000 + "}", "digits"),
        ('{"x": NaN}', "NaN"),
        ("\xff\xfe", "UTF-8"),
    ],
)
@pytest.mark.parametrize("command", ["score", "replay"])
def test_hostile_json_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, needle: str, command: str
) -> None:
    """JSON nested 100,000 deep or with a 5,000-digit integer let RecursionError / ValueError escape."""
    path = tmp_path / "in.json"
    path.write_bytes(content.encode("latin-1") if content.startswith("\xff") else content.encode())
    argv = ["score", "ra", str(path)] if command == "score" else ["replay", str(path)]
    code, _, err = run(capsys, *argv)
    assert_one_line_error(code, err, needle)


def test_state_naming_an_unknown_reading_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A state whose config names a reading the spec does not have was a KeyError."""
    out = tmp_path / "s.json"
    assert run(capsys, "play", "ra", "--players", "3", "--seed", "1", "--state-out", str(out), "--out",
               str(tmp_path / "log.json"))[0] == 0
    data = json.loads(out.read_text())
    text = json.dumps(data).replace('"share"', '"no_such_reading"', 1)
    if text == json.dumps(data):
        pytest.skip("the default reading name is not in the state")
    out.write_text(text)
    code, _, err = run(capsys, "score", "ra", str(out))
    assert_one_line_error(code, err, "no_such_reading")


@pytest.mark.parametrize("argv", [
    ("replay", "{input}"),
    ("score", "ra", "{input}"),
    ("rules", "ra", "--spec", "{input}"),
])
def test_a_named_pipe_or_a_folder_is_refused_before_it_is_read(
    argv: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32, item 8: reading a named pipe waits for a writer that never comes; a pipe (or a folder) given as a
    log, a state or a spec is refused in one line naming what it is, before it is opened."""
    import os

    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    code, _, err = run(capsys, *(a.replace("{input}", str(pipe)) for a in argv))
    assert_one_line_error(code, err, "a named pipe, not a regular file")
    code, _, err = run(capsys, *(a.replace("{input}", str(tmp_path)) for a in argv))
    assert_one_line_error(code, err, "a directory, not a regular file")

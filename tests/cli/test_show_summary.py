"""`nilerules show`: by default every move on one line, then the last position and the result (issue 24: it printed
the position after every move, about 9,000 lines for one Ra game); `--from/--to` prints the position after each move
of a range, `--at` after one move.

Each expected count is read off the log itself (its number of actions) and off `show --at`, whose output is the
header, the moves up to N and the one position after move N; the scores are the ones `play` printed when it wrote
the log.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nilerules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, int, str]:
    """A seeded 2-player Ra game: its log, its number of moves, and the scores `play` printed."""
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "ra", "--seed", "1", "--out", str(path))
    assert code == 0
    scores = re.search(r"scores (\[[-0-9, ]+\])", out)
    assert scores is not None
    return path, len(json.loads(path.read_text())["actions"]), scores.group(1)


def numbered(text: str) -> list[int]:
    """The move numbers of the lines that name a move (`  12. seat 0: ...`)."""
    return [int(m.group(1)) for m in re.finditer(r"^ *(\d+)\. ", text, re.MULTILINE)]


def test_the_default_is_the_moves_the_last_position_and_the_result(
    capsys: pytest.CaptureFixture[str], log: tuple[Path, int, str]
) -> None:
    """Every move once, one position (the last: `show --at LAST`'s, with a line before it) and the result with the
    scores `play` gave: two lines more than `show --at LAST`."""
    path, moves, scores = log
    code, out, _ = run(capsys, "show", str(path))
    _, at_last, _ = run(capsys, "show", str(path), "--at", str(moves))
    lines = out.splitlines()
    assert code == 0 and numbered(out) == list(range(1, moves + 1))
    assert out.count("\n    phase: ") == 1
    assert len(lines) == len(at_last.splitlines()) + 2
    assert lines[-1].startswith(f"  scores {scores}; places ")


def test_from_to_prints_the_position_after_each_move_of_the_range(
    capsys: pytest.CaptureFixture[str], log: tuple[Path, int, str]
) -> None:
    """--from 2 --to 4: moves 2, 3 and 4, each followed by its position; --from 0: the setup first."""
    path, _, _ = log
    code, out, _ = run(capsys, "show", str(path), "--from", "2", "--to", "4")
    assert (code, numbered(out), out.count("\n    phase: ")) == (0, [2, 3, 4], 3)
    code, out, _ = run(capsys, "show", str(path), "--from", "0", "--to", "0")
    assert (code, numbered(out), out.count("\n    phase: ")) == (0, [], 1)
    assert "\n  start:\n" in out


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        (["--at", "2", "--to", "4"], "one or the other"),
        (["--from", "5", "--to", "3"], "--from 5 is after --to 3"),
        (["--to", "LAST+1"], "the log has"),
        (["--from", "LAST+1"], "the log has"),
    ],
)
def test_a_range_that_cannot_be_shown_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], log: tuple[Path, int, str], options: list[str], needle: str
) -> None:
    """--at with --from/--to, a range backwards, or past the log's end: exit 2, one line."""
    path, moves, _ = log
    argv = [o.replace("LAST+1", str(moves + 1)) for o in options]
    code, out, err = run(capsys, "show", str(path), *argv)
    assert (code, out, len(err.strip().splitlines())) == (2, "", 1)
    assert needle in err

"""A command that runs one game takes one --spec: a second is refused in one line (argparse kept the last and dropped
the first without a word, issue 24); `report` and `check` take one per game (tests/cli/test_check_baseline.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.cli import main
from nilerules.specs import bundled_spec_path


@pytest.mark.parametrize("argv", [["play", "ra"], ["rules", "ra"], ["simulate", "ra", "--games", "1"]])
def test_a_second_spec_is_refused_in_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two --spec files: exit 2, nothing on stdout, one line naming both files."""
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    for path in (first, second):
        path.write_bytes(bundled_spec_path("ra").read_bytes())
    code = main([*argv, "--spec", str(first), "--spec", str(second)])
    out, err = capsys.readouterr()
    assert (code, out, len(err.strip().splitlines())) == (2, "", 1)
    assert "--spec given twice" in err and "a.toml" in err and "b.toml" in err

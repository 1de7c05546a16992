"""The typed API reaches the people who import nilerules (issue 24): `mypy --strict` accepts a script of correct uses
(``tests/typed/correct_uses.py``: ``assert_type`` on what ``load_game`` and ``load`` give for each literal game id)
and rejects a script of mistakes (``tests/typed/deliberate_errors.py``) with exactly the errors its comments mark.

Before ``load_game`` had overloads it returned ``Any``, and mypy accepted every line of the mistakes. One mypy run per
file, in-process (``mypy.api``), each with a fresh cache so that nothing depends on an earlier run: about 1.2 s
each (pytest --durations), the file about 4.8 s of CPU with pytest's own start (measured on a shared machine).
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")  # mypy is a dev dependency (nox's typecheck and tests sessions have it)

ROOT = Path(__file__).resolve().parents[2]
TYPED = ROOT / "tests" / "typed"
MARK = re.compile(r"#\s*error:\s*\[([a-z-]+)\]")
REPORTED = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): error: .*\[(?P<code>[a-z-]+)\]$")


def _mypy(name: str, cache: Path) -> tuple[int, set[tuple[int, str]], str]:
    """mypy --strict on one file of ``tests/typed`` (the project's config, so ``src`` is on its path): the exit
    status, the (line, error code) pairs it reports in that file, and its whole output."""
    with contextlib.chdir(ROOT):
        out, err, status = api.run([
            "--strict", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache),
            "--show-error-codes", "--no-error-summary", "--no-pretty", str(TYPED / name),
        ])
    found = set()
    for line in out.splitlines():
        match = REPORTED.match(line)
        if match is not None:
            assert Path(match["path"]).name == name, line  # an error inside nilerules itself would show here
            found.add((int(match["line"]), match["code"]))
    return status, found, out + err


def _marked(name: str) -> set[tuple[int, str]]:
    """The (line, code) pairs the file's comments ``error: [code]`` expect."""
    lines = (TYPED / name).read_text(encoding="utf-8").splitlines()
    return {(number, m[1]) for number, text in enumerate(lines, 1) if (m := MARK.search(text)) is not None}


def test_mypy_strict_accepts_the_correct_uses_of_every_game(tmp_path: Path) -> None:
    """Every ``assert_type`` holds: concrete game classes by literal id, ``Game[Any, Any]`` for a run-time id."""
    status, found, output = _mypy("correct_uses.py", tmp_path)
    assert (0, set()) == (status, found), output


def test_mypy_strict_rejects_exactly_the_deliberate_errors(tmp_path: Path) -> None:
    """A wrong annotation, a missing method, another game's state or a string passed to ``apply``, a reading's name
    misspelt (``Readings`` fields are typed ``Literal``, so strict equality rejects it): each is an error on its line,
    and nothing else is."""
    expected = _marked("deliberate_errors.py")
    assert len(expected) == 11  # the file's mistakes, counted by hand
    status, found, output = _mypy("deliberate_errors.py", tmp_path)
    assert (1, expected) == (status, found), output

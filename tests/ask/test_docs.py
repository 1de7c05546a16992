"""docs/ask.md runs: every ``$ nilerules ...`` line of its console blocks is run and its output compared with the
lines pasted under it (a line ``...`` stands for any lines left out), so the page cannot drift from the program.

The commands run in process with ``--jobs 1`` added (the output is the same for every ``--jobs``:
tests/ask/test_ask.py checks it), stdout then stderr, as a terminal shows them. The ten worked questions play about
300 games between them (5 s of CPU under coverage): they are marked ``slow``, so ``nox -s compiled`` runs them on the
compiled build and ``nox -s tests`` (under coverage) runs the page's other commands (the views, the errors).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from nilerules.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ask.md"
README = ROOT / "README.md"


def examples(path: Path = DOC) -> list[tuple[str, list[str]]]:
    """(command, expected lines) for every command of the page's console blocks, in page order (of the README:
    its ``nilerules ask`` commands only)."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *expected = chunk.rstrip("\n").split("\n")
            if path == DOC or command.startswith("nilerules ask "):
                out.append((command, expected))
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` line standing for any number of lines."""
    if not expected:
        return not actual
    head, *rest = expected
    if head.strip() == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == head and matches(rest, actual[1:])


def run(command: str) -> list[str]:
    argv = shlex.split(command)
    assert argv[0] == "nilerules", command
    args = argv[1:]
    if args[0] == "ask" and "--view" not in args:
        args += ["--jobs", "1"]
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        main(args)
    return (stdout.getvalue() + stderr.getvalue()).rstrip("\n").split("\n")


def check(command: str, expected: list[str]) -> None:
    actual = run(command)
    assert matches(expected, actual), "\n".join(["expected:", *expected, "actual:", *actual])


def test_the_page_has_ten_worked_questions_and_the_view_of_each_game() -> None:
    """The issue asks for ten questions with their real output and the view of each of the four games."""
    commands = [c for c, _ in examples()]
    questions = [c for c, e in examples() if is_question(c, e)]
    assert len(questions) == 10
    assert {"ra", "nile_artefacts", "sobek", "nefertiti"} == {c.split()[2] for c in commands if "--view" in c}


def is_question(command: str, expected: list[str]) -> bool:
    """A worked question (it plays games), not a view listing or an error."""
    return "--view" not in command and not any(line.startswith("nilerules: error:") for line in expected)


@pytest.mark.parametrize(
    ("command", "expected"),
    [pytest.param(c, e, id=c[:60], marks=[pytest.mark.slow] if is_question(c, e) else []) for c, e in examples()],
)
def test_doc_example(command: str, expected: list[str]) -> None:
    """The command's output is what the page shows."""
    check(command, expected)


@pytest.mark.slow
@pytest.mark.parametrize(("command", "expected"), examples(README), ids=[c[:60] for c, _ in examples(README)])
def test_readme_ask_example(command: str, expected: list[str]) -> None:
    """The README's editor section shows what `nilerules ask` prints."""
    check(command, expected)

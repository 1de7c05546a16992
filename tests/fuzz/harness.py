"""The fuzz harness: run ``nilerules.cli.main`` in process on generated input and check the contract of the edge.

Contract (issue 10): the exit code is 0, 1 or 2; exit 2 prints exactly one line on stderr, starting with
``nilerules: error:``, and never the last-resort ``bug:`` line; no traceback; every example finishes within
``TIME_LIMIT`` seconds (a SIGALRM timer raises a BaseException that the CLI does not catch).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import tempfile
import time
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from nilerules.cli import main
from nilerules.specs import bundled_spec_path

TIME_LIMIT = float(os.environ.get("NILERULES_FUZZ_TIME_LIMIT", "20"))
"""Seconds one example may take (generous: the machine may be shared)."""

COUNTS = {"examples": 0, "failures": 0}
"""Tried and failed examples of this process (the explore run prints them)."""


class Timeout(BaseException):
    """An example ran past ``TIME_LIMIT`` (a BaseException, so the CLI's last-resort handler does not swallow it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def on_alarm(signum: int, frame: Any) -> None:
        raise Timeout(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str
    seconds: float


def run_cli(argv: Sequence[str]) -> Outcome:
    """Run the CLI in process and assert the edge's contract; returns what it printed."""
    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    COUNTS["examples"] += 1
    try:
        with time_limit(TIME_LIMIT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    except Timeout:
        COUNTS["failures"] += 1
        raise AssertionError(f"no answer within {TIME_LIMIT} s: {list(argv)!r}"[:500]) from None
    outcome = Outcome(code, out.getvalue(), err.getvalue(), time.monotonic() - start)
    try:
        check_contract(argv, outcome)
    except AssertionError:
        COUNTS["failures"] += 1
        raise
    return outcome


def check_contract(argv: Sequence[str], o: Outcome) -> None:
    where = f"argv={list(argv)!r}"[:300]
    assert o.code in (0, 1, 2), f"exit {o.code}: {o.err[:300]!r} ({where})"
    assert "Traceback" not in o.err, f"{o.err[:500]} ({where})"
    if o.code == 2:
        lines = o.err.splitlines()
        assert len(lines) == 1, f"{len(lines)} lines on stderr: {o.err[:500]!r} ({where})"
        assert lines[0].startswith("nilerules: error: "), f"{lines[0][:300]!r} ({where})"
        assert "bug:" not in lines[0], f"{lines[0][:400]} ({where})"
        assert "nilerules: error: nilerules" not in lines[0], f"doubled prefix: {lines[0][:200]}"


# -- material: the bundled specs, a log and a final state per game, made once per process -----------------------
@cache
def spec_text(game: str) -> str:
    return bundled_spec_path(game).read_text(encoding="utf-8")


@cache
def spec_doc(game: str) -> dict[str, Any]:
    return tomllib.loads(spec_text(game))


_FOLDER: list[Path] = []


@cache
def played(game: str) -> tuple[str, str]:
    """A log and a final state of one seeded game (text of each), written by the CLI itself into a private folder."""
    if not _FOLDER:
        _FOLDER.append(Path(tempfile.mkdtemp(prefix="nilerules-fuzz-")))
    log, state = _FOLDER[0] / f"{game}.log.json", _FOLDER[0] / f"{game}.state.json"
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["play", game, "--seed", "3", "--out", str(log), "--state-out", str(state)])
    assert code == 0, err.getvalue()
    return log.read_text(encoding="utf-8"), state.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Case:
    """A generated input file: the game, its text, and what was done to it (the repr Hypothesis prints)."""

    game: str
    text: str
    what: str

    def __repr__(self) -> str:
        return f"Case({self.game!r}, {self.what[:300]!r})"


def toml_value(value: Any) -> str:
    """A TOML literal (inline tables for mappings)."""
    if value is None:  # TOML has no null: a string stands in
        return '"null"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)  # TOML spells inf and nan as Python does
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(type(value))


def replace_table(text: str, header: str, body: dict[str, Any] | None) -> str:
    """``text`` with the TOML table ``[header]`` (up to the next header line) rewritten from ``body`` (None: gone)."""
    start = text.index(f"\n[{header}]\n") + 1
    nxt = text.find("\n[", start + 1)
    end = len(text) if nxt == -1 else nxt + 1
    new = "" if body is None else f"[{header}]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in body.items()) + "\n"
    return text[:start] + new + text[end:]

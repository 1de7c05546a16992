"""Print how many fuzz inputs this run tried and how many failed (the figure the issue asks for)."""

from __future__ import annotations

from typing import Any

from tests.fuzz.harness import COUNTS


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if COUNTS["examples"]:
        terminalreporter.write_line(
            f"nilerules fuzz: {COUNTS['examples']} inputs tried through nilerules.cli.main, "
            f"{COUNTS['failures']} failures"
        )

"""Print the full what-if sweep's figure at the end of a run: params edited per game, params the rules refuse,
failures (issue 10)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

SWEEP = "test_every_param_of_every_game_keeps_every_output_true"
_ID = re.compile(r"\[([a-z_]+)-[a-z0-9_]+\]$")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    edited: Counter[str] = Counter()
    refused: list[str] = []
    failed: list[str] = []
    for outcome in ("passed", "failed"):
        for report in terminalreporter.stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            match = _ID.search(nodeid)
            if SWEEP not in nodeid or getattr(report, "when", "call") != "call" or match is None:
                continue
            param = nodeid.rsplit("[", 1)[1].rstrip("]")
            if ("whatif", "refused") in getattr(report, "user_properties", []):
                refused.append(param)
            else:
                edited[match.group(1)] += 1
            if outcome == "failed":
                failed.append(param)
    if edited or refused:
        per_game = ", ".join(f"{game} {count}" for game, count in sorted(edited.items()))
        terminalreporter.write_line(
            f"nilerules what-if: {sum(edited.values())} params edited ({per_game}), "
            f"{len(refused)} refused every way by the rules ({', '.join(refused) or 'none'}), {len(failed)} failures"
            + (f": {', '.join(failed)}" if failed else "")
        )

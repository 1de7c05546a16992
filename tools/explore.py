"""Long runs for `nox -s explore`: the full report with a larger search budget, into report-explore/."""

from __future__ import annotations

from pathlib import Path

from nilerules.analysis.model import Budget
from nilerules.analysis.runner import analyse
from nilerules.games import GAME_IDS, load
from nilerules.report import write_report


def main() -> None:
    budget = Budget(playouts=2000, examples=2000, rlimit=50_000_000)
    analyses = [analyse(load(g), budget) for g in GAME_IDS]
    md, js = write_report(Path("report-explore"), analyses, budget)
    print(f"wrote {md} and {js}")


if __name__ == "__main__":
    main()

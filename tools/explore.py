"""Long runs for `nox -s explore`: the report with a larger search budget, then exploration at scale against it.

Usage: python tools/explore.py [--games N] [--random R] [--jobs N | --scheduler ADDRESS] [--skip-report]

1. the full report with a larger budget (more playouts and Hypothesis examples, a higher Z3 limit) into
   report-explore/;
2. ``nilerules explore``: every game over covering arrays of readings plus random combinations, each game checked for
   violations and replayed under one other reading; a divergence is new when report-explore/findings.json has no
   witness for that ambiguity. The figures (games played, rate, violations, new divergences) go to
   explore-results/explore.json and explore-results/explore.txt.

The default budget finishes within 30 minutes on 2 cores (the note in docs/cluster.md gives the measured rate).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from nilerules.analysis.explore import ExploreBudget, explore, write_figures
from nilerules.analysis.parallel import Execution
from nilerules.analysis.runner import analyse_games
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.core.files import write_atomic
from nilerules.games import GAME_IDS
from nilerules.report import write_report

REPORT_BUDGET = Budget(playouts=1000, examples=1000, rlimit=20_000_000)
"""Five times the default playouts and examples, four times the Z3 limit."""
GAMES = 30_000
"""Games per game (each replayed once): 240,000 playouts, some 9 minutes of one core on the pure build (about 4.5 on the
2 cores of CI), which leaves the rest of nox -s explore (Hypothesis explore profile, fuzz suite, what-if sweep, the
larger report) room within its 30 minutes."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per game (default {GAMES})")
    parser.add_argument("--random", type=int, default=ExploreBudget().random_combinations)
    parser.add_argument("--jobs", type=int, help="local processes (default: every core)")
    parser.add_argument("--scheduler", help="a Dask scheduler address (default: $NILERULES_SCHEDULER)")
    parser.add_argument("--skip-report", action="store_true", help="explore against an existing report-explore/")
    parser.add_argument("--out", default="explore-results", help="folder for the figures")
    args = parser.parse_args()
    execution = Execution.from_options(args.jobs, args.scheduler)
    out = Path(args.out)
    lines = []
    report = Path("report-explore")
    if not args.skip_report:
        start = time.perf_counter()
        analyses = analyse_games([load(g) for g in GAME_IDS], REPORT_BUDGET, execution)
        md, js = write_report(report, analyses, REPORT_BUDGET)
        seconds = time.perf_counter() - start
        lines.append(f"report: {REPORT_BUDGET} on {execution.describe()} in {seconds:.1f} s: wrote {md}, {js}")
        print(lines[-1], flush=True)
    baseline_path = report / "findings.json"
    baseline = json.loads(baseline_path.read_text(encoding="utf-8")) if baseline_path.is_file() else None
    budget = ExploreBudget(args.games, args.random)
    result = explore([load(g) for g in GAME_IDS], budget, execution, baseline, str(baseline_path))
    lines.append(result.describe())
    print(lines[-1], flush=True)
    write_figures(out / "explore.json", result.to_data())
    write_atomic(out / "explore.txt", "\n".join(lines) + "\n")
    print(f"wrote {out / 'explore.json'} and {out / 'explore.txt'}")


if __name__ == "__main__":
    main()

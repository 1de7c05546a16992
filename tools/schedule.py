"""The default report's wall time on N free cores, estimated on a busy machine: each chunk of the analysis is run in
process and its CPU time measured, then the chunks are list-scheduled on N workers in submission order (each goes to
the worker that frees first, as the process pool hands them out), batch after batch; loading the games and rendering
the three files are measured too (the rendering counted at 1/N: report.html draws in the pool).

Usage: python tools/schedule.py [--budget default|quick|thorough] [--no-strong] [--workers N] [--game G]
Prints one line per batch and the estimate. CPU seconds are what the machine's load does not change much; the
estimate leaves out the interpreter's start and the pool's spin-up (a few seconds: compare with a quiet `time
nilerules report`).
"""

from __future__ import annotations

import argparse
import dataclasses
import heapq
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from nilerules.analysis import parallel, runner
from nilerules.checks import load
from nilerules.checks.model import BUDGET_NAMES, Budget
from nilerules.games import GAME_IDS
from nilerules.report import write_report

MAX_WORKERS = 1024


def schedule(times: Sequence[float], workers: int) -> float:
    """When the last of ``times`` ends if each, in order, starts on the worker that frees first."""
    free = [0.0] * workers
    for t in times:
        heapq.heappush(free, heapq.heappop(free) + t)
    return max(free)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", choices=BUDGET_NAMES, default="default")
    parser.add_argument("--no-strong", action="store_true", help="the budget without its strong trials")
    parser.add_argument("--workers", type=int, default=2, help=f"workers, 1..{MAX_WORKERS} (2)")
    parser.add_argument("--game", choices=GAME_IDS, action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    if not 1 <= args.workers <= MAX_WORKERS:
        parser.error(f"--workers: expected 1 to {MAX_WORKERS}, got {args.workers}")
    budget = Budget.named(args.budget)
    if args.no_strong:
        budget = dataclasses.replace(budget, strong_trials=0)
    batches: list[tuple[str, list[float]]] = []

    def timed(fn: Callable[[Any], Any], items: Sequence[Any], execution: Any = None, **options: Any) -> list[Any]:
        times, out = [], []
        for item in items:
            start = time.process_time()
            out.append(fn(item))
            times.append(time.process_time() - start)
        batches.append((str(options.get("label", "")), times))
        return out

    runner.run_chunks = timed  # type: ignore[attr-defined]  # the analysis calls it through its module
    start = time.process_time()
    modules = [load(g) for g in (args.game or GAME_IDS)]
    analyses = runner.analyse_games(modules, budget, parallel.IN_PROCESS)
    analysed = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        write_report(Path(folder), analyses, budget)
    rendered = time.process_time()
    wall = 0.0
    for label, times in batches:
        spent = schedule(times, args.workers)
        wall += spent
        print(
            f"{label}: {len(times)} chunks, {sum(times):.1f} CPU s, longest {max(times, default=0):.1f} s, "
            f"on {args.workers} workers {spent:.1f} s"
        )
    serial = analysed - start - sum(sum(t) for _, t in batches)
    drawing = (rendered - analysed) / args.workers
    print(
        f"estimate on {args.workers} free cores: {wall + serial + drawing:.1f} s (batches {wall:.1f} s, loading and "
        f"merging {serial:.1f} s, rendering {rendered - analysed:.1f} CPU s / {args.workers}), before start-up"
    )


if __name__ == "__main__":
    main()

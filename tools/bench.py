"""Benchmark: random full games per second, per game, player count and module set, on one core; then the execution
layer: simulate on 1 and on N local processes (games per second, speed-up, identical output), the default report's
analysis and the whole `nilerules report` command on 1 and N processes (wall seconds, identical output), and a game's
own query that plays many games (`query ra pharaoh-ties`) on 1 and N processes; and the strong player's short
strength run (`tools/strength.py --short`: its win share against greedy seats, moves per second, seconds per game).

Usage: python tools/bench.py [--game G] [--seconds S] [--jobs N] [--parallel-games N] [--no-report] [--no-strength]
       [--out FILE]
Prints a table and writes JSON (default bench-results/bench.json). Speed is measured here, never in tests.
Both wall-clock and CPU-time rates are given: on a shared machine the CPU-time rate is the one-core figure.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from nilerules.analysis.parallel import Execution, available_cores
from nilerules.analysis.runner import analyse_games
from nilerules.analysis.simulate import simulate
from nilerules.build import build_label
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.core.configs import every_config
from nilerules.core.playout import playout
from nilerules.games import GAME_IDS


def measure(game: Any, config: Any, seconds: float) -> dict[str, Any]:
    """Play seeded random games until ``seconds`` have passed (at least 3 games)."""
    games = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while games < 3 or time.perf_counter() - start < seconds:
        result = playout(game, config, seed=games)
        games += 1
        actions += result.length
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "game": config.game,
        "players": config.players,
        "modules": list(config.modules),
        "games": games,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(cpu, 3),
        "games_per_second": round(games / elapsed, 1),
        "games_per_cpu_second": round(games / cpu, 1) if cpu else None,
        "actions_per_second": round(actions / elapsed),
        "mean_length": round(actions / games, 1),
    }


def parallel_simulate(game_id: str, games: int, jobs: int) -> dict[str, Any]:
    """simulate on 1 process and on ``jobs`` processes: games per second, speed-up, and whether the output matched."""
    module = load(game_id)
    config = module.game.config(module.game.info.player_counts[0])
    timings = {}
    cpu = {}
    outputs = {}
    for n in (1, jobs):
        start, cpu_start = time.perf_counter(), _cpu()
        summary = simulate(module, config, games, seed=0, execution=Execution(jobs=n, progress=False))
        timings[n] = time.perf_counter() - start
        cpu[n] = _cpu() - cpu_start
        outputs[n] = summary.to_data()
    return {
        "game": game_id,
        "players": config.players,
        "games": games,
        "jobs": jobs,
        "games_per_second_1": round(games / timings[1], 1),
        f"games_per_second_{jobs}": round(games / timings[jobs], 1),
        "speedup": round(timings[1] / timings[jobs], 2),
        "cpu_seconds_1": round(cpu[1], 2),
        f"cpu_seconds_{jobs}": round(cpu[jobs], 2),
        # the speed-up when each process has a core of its own: one process's CPU time over the CPU time of the
        # N-process run shared out over N cores (on a busy machine the wall-clock speed-up cannot show it)
        "cpu_speedup": round(cpu[1] / (cpu[jobs] / jobs), 2) if cpu[jobs] else None,
        "identical": outputs[1] == outputs[jobs],
    }


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def parallel_report(jobs: int) -> dict[str, Any]:
    """The default report's analysis (every game, default budget) on 1 and on ``jobs`` processes: wall seconds and
    whether the findings matched byte for byte."""
    from nilerules.report import json as json_report

    budget = Budget()
    seconds = {}
    rendered = {}
    for n in (jobs, 1):
        start = time.perf_counter()
        analyses = analyse_games([load(g) for g in GAME_IDS], budget, Execution(jobs=n, progress=False))
        seconds[n] = time.perf_counter() - start
        rendered[n] = json_report.render(analyses, budget)
    return {
        "jobs": jobs,
        "seconds_1": round(seconds[1], 1),
        f"seconds_{jobs}": round(seconds[jobs], 1),
        "identical": rendered[1] == rendered[jobs],
    }


def _command(argv: list[str]) -> tuple[float, bytes]:
    """Wall seconds and standard output of ``python -m nilerules ARGV`` in a fresh process (as a user runs it)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "nilerules", *argv], check=True, capture_output=True)
    return time.perf_counter() - start, done.stdout


def whole_report(jobs: int) -> dict[str, Any]:
    """`nilerules report --out DIR` (default budget, every game, report.html included) on 1 and on ``jobs`` processes:
    wall seconds and whether the three files matched byte for byte."""
    seconds = {}
    files = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in (jobs, 1):
            out = Path(tmp) / f"jobs{n}"
            seconds[n], _ = _command(["report", "--out", str(out), "--quiet", "--jobs", str(n)])
            files[n] = {p.name: p.read_bytes() for p in sorted(out.iterdir())}
    return {
        "jobs": jobs,
        "seconds_1": round(seconds[1], 1),
        f"seconds_{jobs}": round(seconds[jobs], 1),
        "identical": files[1] == files[jobs],
    }


QUERY = ["query", "ra", "pharaoh-ties", "--param", "playouts=1000", "--json", "--quiet"]
"""A game's own query that plays many games (4 player counts x 2 policies x 1,000 seeded games) and asks Z3."""


def parallel_query(jobs: int) -> dict[str, Any]:
    """`QUERY` on 1 and on ``jobs`` processes: wall seconds and whether the output matched."""
    seconds = {}
    printed = {}
    for n in (jobs, 1):
        seconds[n], printed[n] = _command([*QUERY, "--jobs", str(n)])
    return {
        "query": " ".join(QUERY),
        "jobs": jobs,
        "seconds_1": round(seconds[1], 1),
        f"seconds_{jobs}": round(seconds[jobs], 1),
        "identical": printed[1] == printed[jobs],
    }


def short_strength(game_ids: list[str], jobs: int) -> list[dict[str, Any]]:
    """The strong player's short strength run (``tools/strength.py --short``: 12 four-player games per game against
    greedy seats, default budget): win share, moves per CPU second, CPU seconds per game."""
    import strength  # tools/strength.py, beside this file

    cells = [strength.Cell(g, 4, "greedy") for g in game_ids]
    rows = strength.measure(cells, 12, strength.BUDGETS["default"], Execution(jobs=jobs, progress=False))
    for r in rows:
        print(
            f"strong {r['game']:<16}4p vs greedy: {r['strong_wins']:g} of {r['games']} won "
            f"({100 * r['low']:.0f}–{100 * r['high']:.0f} %), {r['moves_per_cpu_second']} moves/s cpu, "
            f"{r['cpu_seconds_per_game']} s cpu per game"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=GAME_IDS, action="append")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--out", default="bench-results/bench.json")
    parser.add_argument("--jobs", type=int, default=available_cores(), help="processes for the parallel figures")
    parser.add_argument("--parallel-games", type=int, default=4000, help="games per game for simulate --jobs")
    parser.add_argument("--no-report", action="store_true", help="skip the report timing")
    parser.add_argument(
        "--no-strength", action="store_true", help="skip the strong player's short strength run (tools/strength.py)"
    )
    args = parser.parse_args()
    rows = []
    print(build_label())
    for game_id in args.game or GAME_IDS:
        game = load(game_id).game
        for config in every_config(game):
            row = measure(game, config, args.seconds)
            rows.append(row)
            label = "+".join(row["modules"]) or "base"
            print(
                f"{game_id:<16}{label:<28}{config.players}p  {row['games_per_second']:>9.1f} games/s wall  "
                f"{row['games_per_cpu_second']:>9.1f} games/s cpu  "
                f"{row['actions_per_second']:>9} actions/s  mean length {row['mean_length']}"
            )
    parallel = []
    if args.jobs > 1:
        for game_id in args.game or GAME_IDS:
            row = parallel_simulate(game_id, args.parallel_games, args.jobs)
            parallel.append(row)
            print(
                f"simulate {game_id:<16}{row['games']} games: {row['games_per_second_1']:>8.1f} games/s on 1 process, "
                f"{row[f'games_per_second_{args.jobs}']:>8.1f} on {args.jobs} (x{row['speedup']} wall, "
                f"x{row['cpu_speedup']} CPU); "
                f"identical output: {row['identical']}"
            )
    report = command = query = None
    if not args.no_report:
        report = parallel_report(args.jobs)
        print(
            f"report's analysis (default budget, every game): {report['seconds_1']} s on 1 process, "
            f"{report[f'seconds_{args.jobs}']} s on {args.jobs}; identical findings: {report['identical']}"
        )
        command = whole_report(args.jobs)
        print(
            f"nilerules report, whole command: {command['seconds_1']} s on 1 process, "
            f"{command[f'seconds_{args.jobs}']} s on {args.jobs}; identical files: {command['identical']}"
        )
    if args.jobs > 1:
        query = parallel_query(args.jobs)
        print(
            f"{query['query']}: {query['seconds_1']} s on 1 process, {query[f'seconds_{args.jobs}']} s on "
            f"{args.jobs}; identical output: {query['identical']}"
        )
    strength_rows = None
    if not args.no_strength:
        strength_rows = short_strength(args.game or list(GAME_IDS), args.jobs)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cores": available_cores(),
        "build": build_label(),
        "rows": rows,
        "parallel_simulate": parallel,
        "report": report,
        "report_command": command,
        "query": query,
        "strength": strength_rows,
    }
    out.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()

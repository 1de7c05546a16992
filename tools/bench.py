"""Benchmark: random full games per second, per game, player count and module set, on one core; then the execution
layer: simulate on 1 and on N local processes (games per second, speed-up, identical output), the default report's
analysis and the whole `nilerules report` command on 1 and N processes (wall seconds, identical output), and a game's
own query that plays many games (`query ra pharaoh-ties`) on 1 and N processes; and the strong player's short
strength run (`tools/strength.py --short`: its win share against greedy seats, moves per second, seconds per game).

With ``--reference DIR`` (a venv, or a checkout with its venv in ``DIR/.venv``, of another build: ``pip install .``
there), it first times random playouts of this build and of that one in the same run: two long-lived processes
(``tools/playout_worker.py``), one per build, play the same seeded games in alternating turns (ABBA order, so drift
in the machine's load falls on both), and it prints, per config and per game, the speed-up of this build over the
reference (the reference's CPU seconds over this build's, for the same games) and whether both played the same
games. ``--reference-only`` stops after that comparison (``docs/cluster.md``, "Measuring speed"). ``--spec GAME=PATH``
has this build play GAME bound to the spec file PATH in that comparison (the reference plays its bundled spec): where
a game's rules changed between the builds, a copy of the spec with the reference's values lets both play the same
games.

Usage: python tools/bench.py [--game G] [--seconds S] [--jobs N] [--parallel-games N] [--no-report] [--no-strength]
       [--reference DIR [--rounds R] [--reference-only] [--spec GAME=PATH]] [--out FILE]
Prints a table and writes JSON (default bench-results/bench.json). Speed is measured here, never in tests.
Both wall-clock and CPU-time rates are given: on a shared machine the CPU-time rate is the one-core figure.
"""

from __future__ import annotations

import argparse
import json
import os
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

WORKER = Path(__file__).with_name("playout_worker.py")
MAX_ROUNDS = 100
"""The most alternating rounds ``--rounds`` may ask for."""


def reference_python(reference: Path) -> Path:
    """The Python of the reference build: ``DIR/bin/python`` (a venv) or ``DIR/.venv/bin/python`` (a checkout)."""
    for candidate in (reference / "bin" / "python", reference / ".venv" / "bin" / "python"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate.absolute()  # not resolved: a venv's python is a symlink, and the venv is the link's
    raise SystemExit(f"bench: --reference {str(reference)!r}: no bin/python or .venv/bin/python there (make a venv "
                     "and `pip install .` in the reference checkout)")


class Worker:
    """A long-lived ``playout_worker.py`` process of one build, answering one JSON request per line."""

    def __init__(self, python: Path | str, label: str) -> None:
        self.label = label
        # run from a neutral folder, so that neither build imports a nilerules checkout from the current directory
        self.process = subprocess.Popen(
            [str(python), str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            cwd=tempfile.gettempdir(),
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"bench: the {self.label} build's playout worker stopped (see its error above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def compare_reference(
    reference: Path, game_ids: list[str], seconds: float, rounds: int, specs: dict[str, Path] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Random playouts of this build and of the build at ``reference``, timed in the same run.

    Per config: one warm-up batch on each build sizes the batches so that this build spends about ``seconds`` of
    CPU over ``rounds`` rounds; each round both builds play the same fresh seeds, in ABBA order (this build first
    in even rounds, the reference first in odd ones). The speed-up is the reference's CPU seconds over this build's,
    summed over the rounds; per game, over the game's configs (each config weighted by the time its games take).
    ``specs`` maps a game to the spec file this build plays it under (the reference plays its bundled spec)."""
    specs = specs or {}
    current = Worker(sys.executable, "current")
    base = Worker(reference_python(reference), "reference")
    try:
        described = {w.label: w.ask({"describe": True}) for w in (current, base)}
        rows: list[dict[str, Any]] = []
        for game_id in game_ids:
            theirs = described["reference"]["configs"][game_id]
            configs = [c for c in described["current"]["configs"][game_id] if c in theirs]
            for players, modules in configs:
                request: dict[str, Any] = {"game": game_id, "players": players, "modules": modules}
                own_spec = {"spec": str(specs[game_id])} if game_id in specs else {}
                warm = current.ask({**request, **own_spec, "seeds": [0, 3]})
                base.ask({**request, "seeds": [0, 3]})
                batch = max(1, round(seconds / rounds / max(warm["cpu"] / 3, 1e-6)))
                cpu = {"current": 0.0, "reference": 0.0}
                same = True
                for r in range(rounds):
                    seeds = [1000 + r * batch, batch]
                    answers = {}
                    for worker in (current, base) if r % 2 == 0 else (base, current):
                        extra = own_spec if worker is current else {}
                        answers[worker.label] = worker.ask({**request, **extra, "seeds": seeds})
                        cpu[worker.label] += answers[worker.label]["cpu"]
                    same = same and answers["current"]["fingerprint"] == answers["reference"]["fingerprint"]
                games = batch * rounds
                rows.append({
                    "game": game_id,
                    "players": players,
                    "modules": modules,
                    "games": games,
                    "cpu_seconds_current": round(cpu["current"], 3),
                    "cpu_seconds_reference": round(cpu["reference"], 3),
                    "games_per_cpu_second_current": round(games / cpu["current"], 1),
                    "games_per_cpu_second_reference": round(games / cpu["reference"], 1),
                    "speedup": round(cpu["reference"] / cpu["current"], 3),
                    "same_games": same,
                    "spec_current": own_spec.get("spec"),
                })
                label = "+".join(modules) or "base"
                print(
                    f"vs reference {game_id:<16}{label:<28}{players}p  {rows[-1]['games_per_cpu_second_current']:>9.1f}"
                    f" games/s cpu against {rows[-1]['games_per_cpu_second_reference']:>9.1f}: "
                    f"x{rows[-1]['speedup']:.3f}; same games: {same}"
                )
        per_game = []
        for game_id in game_ids:
            mine = [r for r in rows if r["game"] == game_id]
            # per config, the seconds per game of each build; the game's speed-up is the sum over its configs
            current_s = sum(r["cpu_seconds_current"] / r["games"] for r in mine)
            reference_s = sum(r["cpu_seconds_reference"] / r["games"] for r in mine)
            per_game.append({"game": game_id, "speedup": round(reference_s / current_s, 3),
                             "same_games": all(r["same_games"] for r in mine)})
            print(f"vs reference {game_id:<16}random playouts x{per_game[-1]['speedup']:.3f} the reference's rate "
                  f"(CPU time, {len(mine)} configs, {rounds} alternating rounds)")
        builds = {"current": described["current"]["build"], "reference": described["reference"]["build"],
                  "reference_path": str(reference), "specs_current": {g: str(p) for g, p in specs.items()}}
        for game_id, path in specs.items():
            print(f"current plays {game_id} under the spec {str(path)!r}; the reference under its bundled spec")
        print(f"current: {builds['current']}; reference ({reference}): {builds['reference']}")
        return builds, rows, per_game
    finally:
        current.close()
        base.close()


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


def parse_specs(parser: argparse.ArgumentParser, given: list[str]) -> dict[str, Path]:
    """``--spec GAME=PATH`` options as a map from game to an existing spec file (one per game)."""
    specs: dict[str, Path] = {}
    for item in given:
        game_id, sep, path = item.partition("=")
        if not sep or game_id not in GAME_IDS:
            parser.error(f"--spec: expected GAME=PATH with GAME one of {', '.join(GAME_IDS)}, got {item!r}")
        if game_id in specs:
            parser.error(f"--spec: {game_id!r} given twice")
        if not Path(path).is_file():
            parser.error(f"--spec: no file {path!r}")
        specs[game_id] = Path(path).resolve()
    return specs


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
    parser.add_argument("--reference", type=Path, help="a venv or checkout of another build to time beside this one")
    parser.add_argument("--rounds", type=int, default=6, help="alternating rounds per config for --reference")
    parser.add_argument("--reference-only", action="store_true", help="stop after the --reference comparison")
    parser.add_argument(
        "--spec", action="append", default=[], metavar="GAME=PATH",
        help="in the --reference comparison, this build plays GAME under the spec file PATH (repeatable)",
    )
    args = parser.parse_args()
    specs = parse_specs(parser, args.spec)
    if specs and args.reference is None:
        parser.error("--spec needs --reference DIR")
    if not 1 <= args.rounds <= MAX_ROUNDS:
        parser.error(f"--rounds: expected 1 to {MAX_ROUNDS}, got {args.rounds}")
    if not 0 < args.seconds <= 3600:
        parser.error(f"--seconds: expected more than 0 and at most 3600, got {args.seconds}")
    if args.reference_only and args.reference is None:
        parser.error("--reference-only needs --reference DIR")
    comparison = None
    if args.reference is not None:
        builds, compared, per_game = compare_reference(args.reference, args.game or list(GAME_IDS), args.seconds,
                                                       args.rounds, specs)
        comparison = {"builds": builds, "rounds": args.rounds, "configs": compared, "games": per_game}
        if args.reference_only:
            _write(Path(args.out), {"build": build_label(), "reference": comparison})
            return
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
        "reference": comparison,
    }
    _write(out, meta)


def _write(out: Path, meta: dict[str, Any]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()

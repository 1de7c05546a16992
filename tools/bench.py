"""Benchmark: random full games per second, per game, player count and module set, on one core.

Usage: python tools/bench.py [--game G] [--seconds S] [--out FILE]
Prints a table and writes JSON (default bench-results/bench.json). Speed is measured here, never in tests.
Both wall-clock and CPU-time rates are given: on a shared machine the CPU-time rate is the one-core figure.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path
from typing import Any

from nilerules.build import build_label
from nilerules.core.playout import playout
from nilerules.games import GAME_IDS, load
from nilerules.testing import every_config


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=GAME_IDS, action="append")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--out", default="bench-results/bench.json")
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
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {"python": platform.python_version(), "machine": platform.machine(), "build": build_label(), "rows": rows}
    out.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()

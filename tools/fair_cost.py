"""What the fair strong player costs per decision against the all-seeing one, on the same decisions.

For each game and player count, the decisions (states where a seat chooses among several moves) of ``--games`` seeded
random games, every ``--every``-th one, are searched by both players with the default budget and the same seed:
``POLICIES["strong"]`` (determinizations of what the mover sees) and ``POLICIES["omniscient"]`` (the true state).
Printed per line: the decisions, the CPU time per decision of each (``time.process_time``), decisions per CPU second,
the simulations per decision (racing stops sooner when moves are told apart sooner), and how often the two chose the
same move. Run it on the compiled build (``pip install .``).

Usage: python tools/fair_cost.py [--game G] [--players 3,4] [--games 2] [--every 10]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from nilerules import load_game
from nilerules.build import build_label
from nilerules.core.search import SearchBudget, search
from nilerules.core.seeded import decisions
from nilerules.games import GAME_IDS

SEED = 20_260_000
MAX_GAMES = 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", choices=GAME_IDS, action="append", help="only this game (repeatable)")
    parser.add_argument("--players", default="3,4", help="player counts, comma-separated (3,4)")
    parser.add_argument("--games", type=int, default=2, help=f"random games searched, 1..{MAX_GAMES}")
    parser.add_argument("--every", type=int, default=10, help="search every n-th decision (10)")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or not 1 <= args.every <= MAX_GAMES:
        parser.error(f"--games and --every must be in 1..{MAX_GAMES}")
    budget = SearchBudget()
    print(f"Budget: {budget.describe()}. Build: {build_label()}.")
    print("| game | players | decisions | fair ms/decision | all-seeing ms/decision | fair decisions/s | "
          "all-seeing decisions/s | fair/all-seeing CPU | fair sims/decision | all-seeing sims/decision | same move |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for game_id in args.game or GAME_IDS:
        game = load_game(game_id)
        for players in (int(p) for p in args.players.split(",")):
            config = game.config(players)
            states = [s for i in range(args.games) for s in decisions(game, config, SEED + i)[:: args.every]]
            seconds = {"seat": 0.0, "all": 0.0}
            sims = {"seat": 0, "all": 0}
            chosen: dict[str, list[Any]] = {"seat": [], "all": []}
            for k, state in enumerate(states):
                for sees in ("seat", "all"):
                    start = time.process_time()
                    result = search(game, state, random.Random(SEED + k), budget, sees)
                    seconds[sees] += time.process_time() - start
                    sims[sees] += result.simulations
                    chosen[sees].append(result.action)
            n = len(states)
            same = sum(a == b for a, b in zip(chosen["seat"], chosen["all"], strict=True))
            fair, seeing = seconds["seat"] / n, seconds["all"] / n
            print(f"| {game_id} | {players} | {n} | {1000 * fair:.1f} | {1000 * seeing:.1f} | {1 / fair:.0f} | "
                  f"{1 / seeing:.0f} | {fair / seeing:.2f} | {sims['seat'] / n:.1f} | {sims['all'] / n:.1f} | "
                  f"{same} of {n} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""CPU seconds of the report's strong impact chunks, per game, measured in process (docs/strength.md, issue 29).

A strong chunk is one strong base game with every ambiguity's application-point detection and continuations. Run
``python tools/impact_cost.py N`` to time the first N strong chunks of each game; multiply the mean by the budget's
strong games per game (``Budget.strong_trials``: 100 by default, 1,000 thorough) for the strong part of a report.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from nilerules.analysis.impact import STRONG, impact_chunks, measure_chunk
from nilerules.checks import load
from nilerules.checks.model import Budget

GAMES = ("nefertiti", "ra", "sobek", "nile_artefacts")


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 4
    if not 1 <= count <= 1000:
        print("impact_cost: N must be 1..1000", file=sys.stderr)
        return 2
    for game_id in GAMES:
        module = load(game_id)
        budget = replace(Budget(), strong_trials=count)
        chunks = [c for c in impact_chunks(module, module.game, budget) if c.items[0].policy == STRONG]
        start = time.process_time()
        arising = sum(o.arises for c in chunks for o in measure_chunk(c))
        spent = time.process_time() - start
        print(f"{game_id}: {len(chunks)} strong chunks, {spent:.2f} CPU s ({spent / len(chunks):.3f} a chunk), "
              f"{arising} pairs where the situation arose", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

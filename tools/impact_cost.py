"""CPU seconds of the report's strong impact chunks, per game, measured in process (docs/strength.md, issue 29).

A strong chunk is one strong base game with every ambiguity's application-point detection and continuations. Run
``python tools/impact_cost.py N`` to time the first N strong chunks of each game; multiply the mean by the budget's
strong games per game (``Budget.strong_trials``: 100 by default, 1,000 thorough) for the strong part of a report.
Each line splits a chunk's time into the base game, the application points (every reading tested at every step) and
the continuations (each reading whose situation arose, played on to its end), with the actions each played.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from nilerules.analysis.impact import STRONG, application_point, follow, impact_chunks, play
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
        game = module.game
        budget = replace(Budget(), strong_trials=count)
        chunks = [c for c in impact_chunks(module, game, budget) if c.items[0].policy == STRONG]
        base_s = points_s = follow_s = 0.0
        pairs = arising = base_actions = followed = 0
        for chunk in chunks:  # ``measure`` on the chunk, timed part by part
            first = chunk.items[0]
            start = time.process_time()
            base = play(game, first.base, first.seed, first.policy, first.simulations, keep=True)
            mid = time.process_time()
            chances: dict[int, object] = {}
            points = [application_point(game, base, item.changed, chances) for item in chunk.items]
            end = time.process_time()
            for item, (point, kind) in zip(chunk.items, points, strict=True):
                arising += follow(game, item, base, point, kind).arises
                followed += len(base.actions) - point if point >= 0 else 0
            base_s, points_s = base_s + mid - start, points_s + end - mid
            follow_s += time.process_time() - end
            pairs += len(chunk.items)
            base_actions += len(base.actions)
        n = len(chunks)
        spent = base_s + points_s + follow_s
        print(
            f"{game_id}: {n} strong chunks, {spent:.2f} CPU s ({spent / n:.3f} a chunk: base game {base_s / n:.3f}, "
            f"application points {points_s / n:.3f}, continuations {follow_s / n:.3f}); {arising} of {pairs} pairs "
            f"where the situation arose; {base_actions / n:.0f} actions a base game, {followed / n:.0f} continued "
            "(counted on the base game from each point)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

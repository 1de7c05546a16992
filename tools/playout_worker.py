"""A playout timer that ``tools/bench.py --reference`` runs once per build: the build is whichever ``nilerules`` the
Python running this file imports (the current one, or a reference venv's), so two builds are timed in one run.

It reads one JSON request per line on standard input and answers each with one JSON line on standard output:
- ``{"describe": true}``: this build's label (compiled or pure) and its configs, per game, as [players, modules];
- ``{"game": G, "players": P, "modules": [...], "seeds": [first, count]}``: play the seeded random games
  ``first .. first + count - 1`` (random policy, to the end) and answer their CPU and wall seconds, actions, and a
  fingerprint of the games (their lengths), so the caller can tell whether both builds played the same games. An
  optional ``"spec": PATH`` plays the game bound to that spec file instead of the bundled one (``bench.py --spec``:
  an older build's rules written as a spec, so that both builds play the same games).

Only API that every build since commit 200254b has is used: ``nilerules.games.load_game`` (with a spec path),
``nilerules.core.configs.every_config``, ``nilerules.core.playout.playout``, ``nilerules.build.build_label``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

MAX_GAMES = 1_000_000
"""The most games one request may ask for."""


def _describe() -> dict[str, Any]:
    from nilerules.build import build_label
    from nilerules.core.configs import every_config
    from nilerules.games import GAME_IDS, load_game

    configs = {g: [[c.players, list(c.modules)] for c in every_config(load_game(g))] for g in GAME_IDS}
    return {"build": build_label(), "configs": configs}


def _play(request: dict[str, Any], games: dict[tuple[str, str | None], Any]) -> dict[str, Any]:
    from nilerules.core.playout import playout
    from nilerules.games import load_game

    game_id = str(request["game"])
    spec = request.get("spec")
    key = (game_id, None if spec is None else str(spec))
    game = games.get(key)
    if game is None:
        game = games[key] = load_game(game_id) if spec is None else load_game(game_id, str(spec))
    config = game.config(int(request["players"]), tuple(request["modules"]))
    first, count = (int(n) for n in request["seeds"])
    if not 0 < count <= MAX_GAMES:
        raise ValueError(f"seeds: expected 1 to {MAX_GAMES} games, got {count!r}")
    lengths = []
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first, first + count):
        lengths.append(playout(game, config, seed=seed).length)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"cpu": cpu, "wall": wall, "actions": sum(lengths), "fingerprint": hash(tuple(lengths))}


def main() -> None:
    games: dict[tuple[str, str | None], Any] = {}
    for line in sys.stdin:
        request = json.loads(line)
        answer = _describe() if request.get("describe") else _play(request, games)
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()

"""What the OpenSpiel and PettingZoo adapters cost per step against the pure API, and the MCTS example's figure.

Usage:
    python tools/interop_cost.py [--games N] [--players P] [--game G]    the cost per decision (docs/interop.md)
    python tools/interop_cost.py --mcts                                 the MCTS example of docs/interop.md, as written
    python tools/interop_cost.py --tensors [--games N] [--players P]     what the encodings cost per decision

The same seeded random games are played three ways, for every game at P players (default 3) with every module: the
pure API (``legal_actions``, ``sample_chance``, ``apply``), OpenSpiel (``pyspiel`` states: ``legal_actions``,
``chance_outcomes``, ``apply_action``), PettingZoo (``last``, which builds the observation and the mask, then
``step``, which resolves chance inside). A uniform random choice among the legal actions everywhere. The figure is CPU
time (``time.process_time``) per player decision, chance included: the games differ a little between the three (the
random choices are drawn differently), so a whole game's cost is divided by its decisions. Needs the openspiel and
pettingzoo extras. Timings are not taken in tests.

``--tensors`` plays random games through OpenSpiel and, at every player decision, asks the mover's
``observation_tensor``, ``information_state_string`` and ``information_state_tensor`` in turn, timing each: the figure
is CPU microseconds per decision for each, on top of the step itself (the record and the peak are built step by step
as a game goes on, so a call pays for the steps since the seat last asked).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nilerules.core import CHANCE
from nilerules.games import GAME_IDS, load_game

MAX_GAMES = 1000
DOCS = Path(__file__).resolve().parent.parent / "docs" / "interop.md"


Player = Callable[[int], int]
"""Plays one random game from a seed; returns its number of player decisions."""


def pure(game_id: str, players: int) -> Player:
    """Random games through the pure API."""
    game = load_game(game_id)
    config = game.config(players, game.info.modules)

    def play(seed: int) -> int:
        state = game.setup(config)
        rng = random.Random(seed)
        decisions = 0
        while (mover := game.current_player(state)) is not None:
            if mover is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, rng.choice(game.legal_actions(state)))
                decisions += 1
        return decisions

    return play


def openspiel(game_id: str, players: int) -> Player:
    """Random games through pyspiel states."""
    import pyspiel

    import nilerules.interop.openspiel  # noqa: F401  (registers the games)

    modules = ",".join(load_game(game_id).info.modules)
    loaded = pyspiel.load_game(f"nilerules_{game_id}", {"players": players, "modules": modules})

    def play(seed: int) -> int:
        state = loaded.new_initial_state()
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def pettingzoo(game_id: str, players: int) -> Player:
    """Random games through one AEC environment, reset with each seed."""
    import numpy as np

    from nilerules.interop.pettingzoo import env

    e = env(game_id, players, load_game(game_id).info.modules)

    def play(seed: int) -> int:
        e.reset(seed=seed)
        rng = random.Random(seed)
        decisions = 0
        for _ in e.agent_iter():
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
        return decisions

    return play


def tensors(game_id: str, players: int, games: int) -> dict[str, float]:
    """CPU microseconds per decision of the mover's observation tensor, information state string and tensor."""
    import pyspiel

    import nilerules.interop.openspiel  # noqa: F401  (registers the games)

    modules = ",".join(load_game(game_id).info.modules)
    loaded = pyspiel.load_game(f"nilerules_{game_id}", {"players": players, "modules": modules})
    asks: dict[str, Callable[[Any, int], Any]] = {
        "observation_tensor": lambda state, seat: state.observation_tensor(seat),
        "information_state_string": lambda state, seat: state.information_state_string(seat),
        "information_state_tensor": lambda state, seat: state.information_state_tensor(seat),
    }
    spent = dict.fromkeys(asks, 0.0)
    decisions = 0
    for seed in range(games):
        state = loaded.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            seat = state.current_player()
            for name, ask in asks.items():
                start = time.process_time()
                ask(state, seat)
                spent[name] += time.process_time() - start
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return {name: total / decisions * 1e6 for name, total in spent.items()}


WAYS: dict[str, Callable[[str, int], Player]] = {"pure": pure, "openspiel": openspiel, "pettingzoo": pettingzoo}


def measure(game_id: str, players: int, games: int) -> dict[str, float]:
    """CPU microseconds per decision, each way (set up, and one warm-up game played, before the clock starts)."""
    out = {}
    for name, make in WAYS.items():
        play = make(game_id, players)
        play(10**6)
        decisions = 0
        start = time.process_time()
        for seed in range(games):
            decisions += play(seed)
        out[name] = (time.process_time() - start) / decisions * 1e6
    return out


def run_mcts_example() -> None:
    """Execute the MCTS example of docs/interop.md exactly as written."""
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"<!-- example: mcts -->\n```python\n(.*?)```", text, re.S)
    if found is None:
        raise SystemExit(f"{DOCS}: no '<!-- example: mcts -->' code block")
    start = time.process_time()
    exec(compile(found.group(1), f"{DOCS}:mcts", "exec"), {"__name__": "__interop_example__"})
    print(f"({time.process_time() - start:.0f} s of CPU)", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help=f"random games per game and way (1..{MAX_GAMES})")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--game", choices=GAME_IDS, action="append", help="one game (repeatable; default all)")
    parser.add_argument("--mcts", action="store_true", help="run the MCTS example of docs/interop.md instead")
    parser.add_argument("--tensors", action="store_true", help="time the observation and information state encodings")
    args = parser.parse_args(argv)
    if args.mcts:
        run_mcts_example()
        return 0
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games {args.games}: from 1 to {MAX_GAMES}")
    if args.tensors:
        print(f"CPU microseconds per player decision, the mover's ({args.games} games each, {args.players} players)")
        print(f"{'game':<16}{'obs tensor':>12}{'info string':>13}{'info tensor':>13}")
        for game_id in args.game or GAME_IDS:
            per_call = tensors(game_id, args.players, args.games)
            print(
                f"{game_id:<16}{per_call['observation_tensor']:>12.0f}{per_call['information_state_string']:>13.0f}"
                f"{per_call['information_state_tensor']:>13.0f}"
            )
        return 0
    print(f"CPU microseconds per player decision, chance included ({args.games} games each, {args.players} players)")
    print(f"{'game':<16}{'pure':>8}{'openspiel':>11}{'pettingzoo':>12}{'x os':>7}{'x pz':>7}")
    for game_id in args.game or GAME_IDS:
        cost: dict[str, Any] = measure(game_id, args.players, args.games)
        print(
            f"{game_id:<16}{cost['pure']:>8.0f}{cost['openspiel']:>11.0f}{cost['pettingzoo']:>12.0f}"
            f"{cost['openspiel'] / cost['pure']:>7.1f}{cost['pettingzoo'] / cost['pure']:>7.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

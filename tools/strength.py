"""Measured strength of the search-based player: per game and player count, the strong seat's win share against
greedy seats and against random seats, with 95 % Wilson intervals, and what the strong seat costs (moves per CPU
second, CPU seconds per game).

Game ``i`` of a cell plays seed ``SEED + i`` with the strong seat at ``i mod players`` (every seat in turn, so no
seat's advantage favours it) and every other seat playing the opponents' policy; a first place shared by ``k``
seats counts ``1/k``. The figures other than the timings are the same on every run and machine.

The measured seat sees what its seat sees (``--sees seat``, ``POLICIES["strong"]``: it searches determinizations of
its observation) or every hand (``--sees all``, ``POLICIES["omniscient"]``); ``--opponents omniscient`` seats the
all-seeing search at every other seat (the fair player against players who see its cards).

Usage: python tools/strength.py [--game G] [--players N] [--opponents greedy,random,strong,omniscient] [--games N]
       [--first I] [--sees seat|all] [--budget default|cheap|thorough] [--simulations N] [--candidates N]
       [--depth N] [--scorings N] [--jobs N] [--out FILE.json] [--markdown FILE.md]
``--short`` (what ``tools/bench.py`` runs): 12 games per cell, 4 players, against greedy seats.
Run it on the compiled build (``pip install .``): the table in ``docs/strength.md`` comes from
``python tools/strength.py --games 200 --jobs 2 --markdown table.md``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from nilerules import load_game
from nilerules.analysis.montecarlo import wilson
from nilerules.analysis.parallel import Execution, available_cores, chunk_ranges, run_chunks
from nilerules.analysis.simulate import win_shares
from nilerules.build import build_label
from nilerules.core.files import write_atomic
from nilerules.core.playout import playout
from nilerules.core.search import SearchBudget, SearchPolicy, Sees, search
from nilerules.errors import InvalidConfig
from nilerules.games import GAME_IDS

SEED = 20_260_000
"""The first seed of every cell."""
CHUNK = 10
"""Games per chunk of work."""
MAX_GAMES = 100_000
BUDGETS = {"default": SearchBudget(), "cheap": SearchBudget.cheap(), "thorough": SearchBudget.thorough()}


@dataclass(frozen=True, slots=True)
class Cell:
    """One line of the table: a game, a player count and the opponents' policy."""

    game: str
    players: int
    opponents: str


@dataclass(frozen=True, slots=True)
class _Chunk:
    cell: Cell
    budget: SearchBudget
    games: range
    sees: Sees = "seat"


@dataclass(frozen=True, slots=True)
class _Tally:
    wins: float
    strong_scores: int
    moves: int
    simulations: int
    policy_seconds: float
    game_seconds: float


class _Counting(SearchPolicy):
    """The strong policy, counting its moves, the simulations of those it searched and the CPU time they take."""

    __slots__ = ("moves", "seconds", "simulations")

    def __init__(self, budget: SearchBudget, sees: Sees = "seat") -> None:
        super().__init__(budget, sees=sees)
        self.moves = self.simulations = 0
        self.seconds = 0.0

    def __call__(self, game: Any, state: Any, rng: random.Random) -> Any:
        start = time.process_time()
        legal = game.legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:  # as SearchPolicy does, keeping the result's simulation count
            result = search(game, state, random.Random(rng.getrandbits(64)), self.budget, self.sees)
            action, self.simulations = result.action, self.simulations + result.simulations
        self.seconds += time.process_time() - start
        self.moves += 1
        return action


def _play(chunk: _Chunk) -> _Tally:
    cell = chunk.cell
    game = load_game(cell.game)
    config = game.config(cell.players)
    strong = _Counting(chunk.budget, chunk.sees)
    others: Any = cell.opponents
    if cell.opponents == "strong":  # every seat is the measured player (for what a game of strong play costs)
        others = strong
    elif cell.opponents == "omniscient":  # every other seat searches the true state with the same budget
        others = SearchPolicy(chunk.budget, name="omniscient", sees="all")
    wins = 0.0
    scores = 0
    start = time.process_time()
    for i in chunk.games:
        seat = i % cell.players
        policies: list[Any] = [others] * cell.players
        policies[seat] = strong
        final = playout(game, config, SEED + i, policies).final
        wins += float(win_shares(game.ranking(final), cell.players)[seat])
        scores += game.scores(final)[seat]
    return _Tally(wins, scores, strong.moves, strong.simulations, strong.seconds, time.process_time() - start)


def measure(
    cells: list[Cell], games: int, budget: SearchBudget, execution: Execution, sees: Sees = "seat", first: int = 0
) -> list[dict[str, Any]]:
    """Play every cell's games (in chunks, on ``execution``) and give one row of figures per cell; the measured seat
    sees what ``sees`` says. The games are ``first .. first + games - 1`` (seeds ``SEED + i``): a later run with
    ``first`` adds games to an earlier one's."""
    work = [
        _Chunk(cell, budget, range(part.start + first, part.stop + first), sees)
        for cell in cells
        for part in chunk_ranges(games, CHUNK)
    ]
    tallies = run_chunks(_play, work, execution, sizes=[len(c.games) for c in work], unit="games", label="strength")
    rows = []
    for cell in cells:
        mine = [t for c, t in zip(work, tallies, strict=True) if c.cell == cell]
        wins = sum(t.wins for t in mine)
        low, high = wilson(wins, games)
        policy_seconds = sum(t.policy_seconds for t in mine)
        moves = sum(t.moves for t in mine)
        rows.append({
            "game": cell.game,
            "players": cell.players,
            "opponents": cell.opponents,
            "sees": sees,
            "games": games,
            "strong_wins": round(wins, 3),
            "win_share": round(wins / games, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "fair_share": round(1 / cell.players, 4),
            "mean_strong_score": round(sum(t.strong_scores for t in mine) / games, 2),
            "strong_moves": moves,
            "simulations_per_move": round(sum(t.simulations for t in mine) / moves, 1) if moves else None,
            "moves_per_cpu_second": round(moves / policy_seconds, 1) if policy_seconds else None,
            "cpu_seconds_per_game": round(sum(t.game_seconds for t in mine) / games, 3),
        })
    return rows


def markdown(rows: list[dict[str, Any]], budget: SearchBudget, command: str) -> str:
    """The table as Markdown, one line per cell."""
    lines = [
        f"Strong player: {budget.describe()}. Build: {build_label()}. Command: `{command}`.",
        "",
        "| game | players | strong seat sees | opponents | games | strong seat's win share (95 % interval) | "
        "fair share | x fair | strong seat's mean score | moves/s | s/game |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        seen = "its seat" if r["sees"] == "seat" else "all"
        lines.append(
            f"| {r['game']} | {r['players']} | {seen} | {r['opponents']} | {r['games']} | {100 * r['win_share']:.1f} % "
            f"({100 * r['low']:.1f}–{100 * r['high']:.1f} %) | {100 * r['fair_share']:.0f} % | "
            f"{r['win_share'] / r['fair_share']:.2f} | {r['mean_strong_score']} | {r['moves_per_cpu_second']} | "
            f"{r['cpu_seconds_per_game']} |"
        )
    return "\n".join(lines) + "\n"


def _counts(text: str) -> list[int]:
    return [int(x) for x in text.split(",")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", choices=GAME_IDS, action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=_counts, default=[3, 4], help="player counts, comma-separated (3,4)")
    parser.add_argument(
        "--opponents", default="greedy,random",
        help="the other seats' policies (greedy,random; strong: every seat the measured player, for the cost of such "
             "games; omniscient: every other seat the all-seeing search)",
    )
    parser.add_argument("--sees", choices=("seat", "all"), default="seat",
                        help="what the measured seat sees: its seat's observation (strong) or every hand (omniscient)")
    parser.add_argument("--games", type=int, default=200, help=f"games per cell, 1..{MAX_GAMES} (200)")
    parser.add_argument("--first", type=int, default=0, help=f"the first game's number, 0..{MAX_GAMES} (0)")
    parser.add_argument("--budget", choices=sorted(BUDGETS), default="default", help="the strong player's budget")
    parser.add_argument("--simulations", type=int, help="override the budget's simulations per decision")
    parser.add_argument("--candidates", type=int, help="override the budget's candidates (0: every legal move)")
    parser.add_argument("--depth", type=int, help="override the budget's rollout cut-off in actions (0: none)")
    parser.add_argument("--scorings", type=int, help="override the budget's rollout cut-off in scorings (0: none)")
    parser.add_argument("--jobs", type=int, default=available_cores(), help="local processes")
    parser.add_argument("--short", action="store_true", help="12 games per cell, 4 players, greedy opponents")
    parser.add_argument("--out", default="bench-results/strength.json", help="write the figures here (JSON)")
    parser.add_argument("--markdown", help="also write the table here (Markdown)")
    args = parser.parse_args(argv)
    if args.short:
        args.games, args.players, args.opponents = 12, [4], "greedy"
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be in 1..{MAX_GAMES}")
    if not 0 <= args.first <= MAX_GAMES:
        parser.error(f"--first must be in 0..{MAX_GAMES}")
    budget = BUDGETS[args.budget]
    overrides = {k: getattr(args, k) for k in ("simulations", "candidates", "depth", "scorings")}
    try:
        budget = dataclasses.replace(budget, **{k: v for k, v in overrides.items() if v is not None})
    except InvalidConfig as exc:
        parser.error(str(exc))
    opponents = args.opponents.split(",")
    if not set(opponents) <= {"greedy", "random", "strong", "omniscient"}:
        parser.error("--opponents: greedy, random, strong (every seat the measured player: its cost) and/or omniscient")
    cells = [Cell(g, n, o) for g in args.game or GAME_IDS for n in args.players for o in opponents]
    for cell in cells:
        if cell.players not in load_game(cell.game).info.player_counts:
            parser.error(f"{cell.game} does not support {cell.players} players")
    start = time.perf_counter()
    rows = measure(cells, args.games, budget, Execution(jobs=args.jobs, progress=sys.stderr.isatty()), args.sees,
                   args.first)
    wall = time.perf_counter() - start
    command = "python tools/strength.py " + " ".join(argv if argv is not None else sys.argv[1:])
    table = markdown(rows, budget, command.strip())
    print(table, end="")
    print(f"{len(cells) * args.games} games in {wall:.0f} s wall on {args.jobs} processes", file=sys.stderr)
    data = {"budget": budget.describe(), "sees": args.sees, "build": build_label(), "command": command.strip(),
            "rows": rows}
    write_atomic(args.out, json.dumps(data, indent=2) + "\n")
    if args.markdown:
        write_atomic(args.markdown, table)
    return 0


if __name__ == "__main__":
    sys.exit(main())

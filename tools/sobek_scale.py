"""Sobek's scale under strong play: the points a seat earns through sets in a round, and a game's final scores,
set beside the document's scale (seed 002: Kate 'earned 23 points' in a round; 'The game can end early if one player
gets more than 100 points').

Each game plays seed ``SEED + i`` with the given policy per seat (rotated by ``i mod players``, so no seat's
advantage favours a policy) and is replayed to read each seat's points by category at the end of every round (the
ledger the rules keep). "Points through sets" are a round's set points (goods, amulets, characters and Prosperity
tokens: what the corruption penalty counts); horizontal sets, events and the penalty are apart. The figures are the
same on every run and machine.

Usage: python tools/sobek_scale.py [--players N] [--policies strong,greedy,greedy] [--games N] [--spec FILE]
       [--set PARAM=TOML ...] [--jobs N] [--out FILE.json] [--table LABEL [--head]]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nilerules import load_game
from nilerules.analysis.parallel import Execution, available_cores, chunk_ranges, run_chunks
from nilerules.core.files import write_atomic
from nilerules.core.playout import playout
from nilerules.errors import NileRulesError
from nilerules.games.sobek.state import C_CHARACTERS, C_PROSPERITY, C_SETS, FAMILIES, SobekState
from nilerules.specs import bundled_spec_path

SEED = 20_260_000
"""The first seed (the one ``tools/strength.py`` starts at)."""
CHUNK = 10
MAX_GAMES = 100_000
SET_CATEGORIES = (*(C_SETS + f for f in FAMILIES), C_CHARACTERS, C_PROSPERITY)
"""The ledger's categories of points earned through sets (what the corruption penalty is sized by)."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    spec: str | None
    players: int
    policies: tuple[str, ...]
    games: range


@dataclass(frozen=True, slots=True)
class _Game:
    policies: tuple[str, ...]
    """The policy of each seat in this game."""
    rounds: tuple[tuple[int, ...], ...]
    """Per round played, each seat's points through sets in that round."""
    scores: tuple[int, ...]
    early_end: bool


def _set_points(state: SobekState) -> tuple[int, ...]:
    return tuple(sum(row[c] for c in SET_CATEGORIES) for row in state.ledger)


def _play(chunk: _Chunk) -> list[_Game]:
    game = load_game("sobek", chunk.spec)
    config = game.config(chunk.players)
    out = []
    for i in chunk.games:
        shift = i % chunk.players
        policies = chunk.policies[-shift:] + chunk.policies[:-shift] if shift else chunk.policies
        result = playout(game, config, SEED + i, list(policies))
        state = game.setup(config)
        rounds: list[tuple[int, ...]] = []
        before = _set_points(state)
        for action in result.actions:
            after_state = game.apply(state, action)
            if after_state.round != state.round or game.current_player(after_state) is None:
                now = _set_points(after_state)
                rounds.append(tuple(b - a for a, b in zip(before, now, strict=True)))
                before = now
            state = after_state
        out.append(_Game(policies, tuple(rounds), tuple(game.scores(result.final)), result.final.early_end))
    return out


def _quantiles(values: list[int]) -> dict[str, float]:
    cuts = statistics.quantiles(values, n=20, method="inclusive")
    return {"mean": round(statistics.fmean(values), 2), "p50": cuts[9], "p90": cuts[17], "p95": cuts[18],
            "max": max(values)}


def measure(spec: str | None, players: int, policies: tuple[str, ...], games: int,
            execution: Execution) -> dict[str, Any]:
    """Play the games and summarise, per policy, the round set points and the final scores."""
    work = [_Chunk(spec, players, policies, part) for part in chunk_ranges(games, CHUNK)]
    played = [g for part in run_chunks(_play, work, execution, unit="chunks", label="sobek scale") for g in part]
    summary: dict[str, Any] = {}
    for name in sorted(set(policies)):
        rounds = [r[s] for g in played for r in g.rounds for s, p in enumerate(g.policies) if p == name]
        finals = [g.scores[s] for g in played for s, p in enumerate(g.policies) if p == name]
        summary[name] = {
            "seat_rounds": len(rounds),
            "round_set_points": _quantiles(rounds),
            "rounds_of_23_or_more": round(sum(r >= 23 for r in rounds) / len(rounds), 4),
            "final_score": _quantiles(finals),
            "games_over_100": sum(max(g.scores[s] for s, p in enumerate(g.policies) if p == name) > 100
                                  for g in played),
        }
    return {"spec": spec, "players": players, "policies": list(policies), "games": games, "seed": SEED,
            "early_ends": sum(g.early_end for g in played), "by_policy": summary}


def edited_spec(source: Path, edits: list[str], folder: Path) -> str:
    """A copy of the spec at ``source`` in ``folder`` with each ``PARAM=TOML`` edit's ``[params.PARAM] value``
    replaced; ValueError names an edit that is not of that form or a parameter the spec does not have."""
    text = source.read_text(encoding="utf-8")
    for edit in edits:
        name, sep, value = edit.partition("=")
        found = re.search(rf"(\[params\.{re.escape(name)}\]\n(?:(?!\n\[).)*?\nvalue = )[^\n]*", text, flags=re.S)
        if not sep or found is None:
            raise ValueError(f"--set {edit!r}: expected PARAM=TOML with a parameter of the spec")
        text = text[: found.end(1)] + value + text[found.end() :]
    path = folder / "sobek.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def markdown(data: dict[str, Any], label: str) -> str:
    """One table line per policy of a run: the round set points and the final scores beside the document's scale."""
    lines = []
    for name, row in data["by_policy"].items():
        r, f = row["round_set_points"], row["final_score"]
        lines.append(
            f"| {label} | {data['players']} | {','.join(data['policies'])} | {data['games']} | {name} | {r['mean']} | "
            f"{r['p50']:g} | {r['p90']:g} | {r['max']} | {100 * row['rounds_of_23_or_more']:.1f} % | {f['mean']} | "
            f"{f['p90']:g} | {f['max']} | {row['games_over_100']} |"
        )
    return "\n".join(lines) + "\n"


HEADER = (
    "| data | players | seats | games | policy | set points a round: mean | median | p90 | max | rounds of 23+ | "
    "final score: mean | p90 | max | games over 100 |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
)
"""The table's head (``markdown`` gives its lines)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=3, help="player count (3)")
    parser.add_argument("--policies", default="strong,greedy,greedy", help="one policy per seat (rotated by game)")
    parser.add_argument("--games", type=int, default=200, help=f"games, 1..{MAX_GAMES} (200)")
    parser.add_argument("--spec", help="an edited copy of specs/sobek.toml")
    parser.add_argument("--set", action="append", default=[], metavar="PARAM=TOML",
                        help="play with [params.PARAM] value = TOML (repeatable; edits a copy of the spec)")
    parser.add_argument("--jobs", type=int, default=min(2, available_cores()), help="local processes (2)")
    parser.add_argument("--out", help="write the figures here (JSON)")
    parser.add_argument("--table", metavar="LABEL", help="print the figures as Markdown table lines instead, the data "
                        "column saying LABEL (--head: the table's head too)")
    parser.add_argument("--head", action="store_true", help="with --table, print the table's head first")
    args = parser.parse_args(argv)
    policies = tuple(args.policies.split(","))
    if len(policies) != args.players:
        parser.error(f"--policies: give one per seat ({args.players})")
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be in 1..{MAX_GAMES}")
    if args.spec is not None and not Path(args.spec).is_file():
        parser.error(f"--spec: no such file {args.spec!r}")
    with tempfile.TemporaryDirectory() as folder:
        spec = args.spec
        if args.set:
            try:
                spec = edited_spec(Path(args.spec) if args.spec else bundled_spec_path("sobek"), args.set, Path(folder))
            except ValueError as error:
                parser.error(str(error))
        try:
            load_game("sobek", spec)
        except NileRulesError as error:
            parser.error(str(error))
        data = measure(spec, args.players, policies, args.games, Execution(jobs=args.jobs, progress=False))
    data["set"] = args.set
    text = json.dumps(data, indent=2) + "\n"
    print((HEADER if args.head else "") + markdown(data, args.table) if args.table else text, end="")
    if args.out:
        write_atomic(args.out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Batches of seeded playouts and their statistics (what `nilerules simulate` prints)."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from nilerules.build import build_label
from nilerules.core.game import Game
from nilerules.core.playout import playout
from nilerules.core.types import Config


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """Score distribution, game length and how often each tie-break decided, over ``games`` playouts."""

    game: str
    config: Config
    games: int
    seed: int
    policy: str
    mean_scores: tuple[float, ...]
    min_score: int
    max_score: int
    mean_length: float
    max_length: int
    wins_by_seat: tuple[int, ...]
    decided_by: tuple[tuple[str, int], ...]
    open_ties: int
    truncated: int
    seconds: float

    def to_data(self, timing: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.config.players,
            "modules": list(self.config.modules),
            "readings": dict(self.config.readings),
            "games": self.games,
            "seed": self.seed,
            "policy": self.policy,
            "mean_scores": [round(s, 3) for s in self.mean_scores],
            "min_score": self.min_score,
            "max_score": self.max_score,
            "mean_length": round(self.mean_length, 2),
            "max_length": self.max_length,
            "wins_by_seat": list(self.wins_by_seat),
            "decided_by": dict(self.decided_by),
            "open_ties": self.open_ties,
            "truncated": self.truncated,
        }
        if timing:
            data["games_per_second"] = round(self.games / self.seconds, 1) if self.seconds else None
            data["build"] = build_label()
        return data


def simulate(game: Game[Any, Any], config: Config, games: int, seed: int, policy: str = "random") -> SimulationSummary:
    """Play ``games`` seeded games (seeds ``seed``, ``seed+1``, …) and summarise them."""
    totals = [0] * config.players
    lengths: list[int] = []
    all_scores: list[int] = []
    wins = [0] * config.players
    decided: Counter[str] = Counter()
    open_ties = truncated = 0
    start = time.perf_counter()
    for i in range(games):
        result = playout(game, config, seed + i, policy)
        lengths.append(result.length)
        truncated += result.truncated
        scores = game.scores(result.final)
        all_scores.extend(scores)
        for seat, score in enumerate(scores):
            totals[seat] += score
        ranking = game.ranking(result.final)
        decided[ranking.decided_by[-1] if ranking.decided_by else "none"] += 1
        if len(ranking.winners) == 1:
            wins[ranking.winners[0]] += 1
        if ranking.open_tie:
            open_ties += 1
    seconds = time.perf_counter() - start
    return SimulationSummary(
        game=config.game,
        config=config,
        games=games,
        seed=seed,
        policy=policy,
        mean_scores=tuple(t / games for t in totals) if games else (),
        min_score=min(all_scores, default=0),
        max_score=max(all_scores, default=0),
        mean_length=statistics.fmean(lengths) if lengths else 0.0,
        max_length=max(lengths, default=0),
        wins_by_seat=tuple(wins),
        decided_by=tuple(sorted(decided.items())),
        open_ties=open_ties,
        truncated=truncated,
        seconds=seconds,
    )

"""Batches of seeded playouts and their statistics (what `nilerules simulate` prints)."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nilerules.analysis.parallel import Execution, GameRef, chunk_ranges, game_source, resolve, run_chunks
from nilerules.analysis.stats import QUANTILES, Histogram, common_span, histogram, quantile_label, quantiles
from nilerules.build import build_label
from nilerules.core.game import Game
from nilerules.core.playout import playout
from nilerules.core.types import Config

if TYPE_CHECKING:
    from nilerules.checks import GameModule


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
    scores_by_seat: tuple[tuple[int, ...], ...] = ()
    """Every game's final score, one tuple per seat (game order)."""

    def seat_quantiles(self) -> tuple[tuple[float, ...], ...]:
        """Per seat: the score quantiles ``stats.QUANTILES`` (min, p10, p25, median, p75, p90, max)."""
        return tuple(quantiles(scores) for scores in self.scores_by_seat if scores)

    def seat_histograms(self) -> tuple[Histogram, ...]:
        """Per seat: a histogram of the final scores, every seat on the same bins."""
        span = common_span(self.scores_by_seat)
        return tuple(histogram(scores, span=span) for scores in self.scores_by_seat) if span else ()

    def pooled_histogram(self) -> Histogram:
        """One histogram of every seat's final scores together."""
        return histogram([v for scores in self.scores_by_seat for v in scores])

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
            "score_quantiles": [
                {quantile_label(q): round(v, 3) for q, v in zip(QUANTILES, row, strict=True)}
                for row in self.seat_quantiles()
            ],
            "score_histograms": [h.to_data() for h in self.seat_histograms()],
        }
        if timing:
            data["games_per_second"] = round(self.games / self.seconds, 1) if self.seconds else None
            data["build"] = build_label()
        return data


SIMULATE_CHUNK = 250
"""Games per chunk: small enough to spread over many workers, large enough that sending it costs little."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    """Games ``first .. first + count - 1`` of a simulation (seeds ``seed + first`` onwards)."""

    source: GameRef | GameModule
    config: Config
    seed: int
    first: int
    count: int
    policy: str


@dataclass(frozen=True, slots=True)
class _Tally:
    """What one chunk of games gives; tallies merge in chunk order into the whole run's figures."""

    totals: tuple[int, ...]
    lengths: tuple[int, ...]
    scores: tuple[int, ...]
    wins: tuple[int, ...]
    decided: tuple[tuple[str, int], ...]
    open_ties: int
    truncated: int


def _play_chunk(chunk: _Chunk) -> _Tally:
    game = resolve(chunk.source).game
    config = chunk.config
    totals = [0] * config.players
    lengths: list[int] = []
    all_scores: list[int] = []
    wins = [0] * config.players
    decided: Counter[str] = Counter()
    open_ties = truncated = 0
    for i in range(chunk.first, chunk.first + chunk.count):
        result = playout(game, config, chunk.seed + i, chunk.policy)
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
    return _Tally(
        tuple(totals), tuple(lengths), tuple(all_scores), tuple(wins), tuple(sorted(decided.items())), open_ties,
        truncated,
    )


def simulate(
    game: Game[Any, Any] | GameModule,
    config: Config,
    games: int,
    seed: int,
    policy: str = "random",
    execution: Execution | None = None,
) -> SimulationSummary:
    """Play ``games`` seeded games (seeds ``seed``, ``seed+1``, …) and summarise them.

    Game ``i`` always plays seed ``seed + i``, whichever chunk and worker runs it, so the summary is the same for every
    ``execution``; only ``seconds`` differs.
    """
    from nilerules.checks import GameModule

    module = game if isinstance(game, GameModule) else GameModule(game, {}, {})
    source = game_source(module)
    chunks = [
        _Chunk(source, config, seed, r.start, len(r), policy) for r in chunk_ranges(games, SIMULATE_CHUNK)
    ]
    start = time.perf_counter()
    tallies = run_chunks(
        _play_chunk, chunks, execution, sizes=[c.count for c in chunks], unit="games", label=f"{config.game} games"
    )
    seconds = time.perf_counter() - start
    totals = [0] * config.players
    lengths: list[int] = []
    all_scores: list[int] = []
    wins = [0] * config.players
    decided: Counter[str] = Counter()
    open_ties = truncated = 0
    for tally in tallies:
        totals = [a + b for a, b in zip(totals, tally.totals, strict=True)]
        wins = [a + b for a, b in zip(wins, tally.wins, strict=True)]
        lengths.extend(tally.lengths)
        all_scores.extend(tally.scores)
        decided.update(dict(tally.decided))
        open_ties += tally.open_ties
        truncated += tally.truncated
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
        scores_by_seat=tuple(tuple(all_scores[seat :: config.players]) for seat in range(config.players)),
    )

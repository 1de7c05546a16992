"""Batches of seeded playouts and their statistics (what `nilerules simulate` prints)."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from nilerules.analysis.parallel import Execution, GameRef, chunk_ranges, game_source, resolve, run_chunks
from nilerules.analysis.stats import QUANTILES, Histogram, common_span, histogram, quantile_label, quantiles
from nilerules.build import build_label
from nilerules.core.game import Game
from nilerules.core.log import GameLog
from nilerules.core.playout import playout, playout_log, policy_label, seat_policies
from nilerules.core.types import Config, Ranking

if TYPE_CHECKING:
    from nilerules.checks import GameModule


EXTREME_KINDS = ("lowest", "highest", "tied")


@dataclass(frozen=True, slots=True)
class Extreme:
    """One game worth a look, by its seed: the ``lowest`` score of the run was made there, or the ``highest``, or it
    is the first game (lowest seed) whose highest score is shared (``tied``, whatever the tie-breaks then decide)."""

    kind: str
    seed: int
    scores: tuple[int, ...]

    def to_data(self) -> dict[str, Any]:
        return {"seed": self.seed, "scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """Score distribution, game length, wins by seat and how often each tie-break decided, over ``games`` playouts."""

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
    wins_by_seat: tuple[Fraction, ...]
    """Per seat, the games it won; a first place shared by ``k`` seats counts ``1/k`` to each."""
    decided_by: tuple[tuple[str, int], ...]
    open_ties: int
    truncated: int
    seconds: float
    scores_by_seat: tuple[tuple[int, ...], ...] = ()
    """Every game's final score, one tuple per seat (game order)."""
    policies: tuple[str, ...] = ()
    """The policy of each seat."""
    extremes: tuple[Extreme, ...] = ()
    """The game that made the lowest score, the one that made the highest, and the first tied game (if any)."""

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
            "policies": list(self.policies),
            "wins_by_seat": [round(float(w), 6) for w in self.wins_by_seat],
            "extremes": {e.kind: e.to_data() for e in self.extremes},
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
    policies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Tally:
    """What one chunk of games gives; tallies merge in chunk order into the whole run's figures."""

    totals: tuple[int, ...]
    lengths: tuple[int, ...]
    scores: tuple[int, ...]
    wins: tuple[Fraction, ...]
    decided: tuple[tuple[str, int], ...]
    open_ties: int
    truncated: int
    extremes: tuple[Extreme, ...]


def win_shares(ranking: Ranking, players: int) -> tuple[Fraction, ...]:
    """Each seat's share of one game's win: ``1/k`` for each of the ``k`` seats in first place, 0 for the others."""
    winners = ranking.winners
    return tuple(Fraction(1, len(winners)) if seat in winners else Fraction(0) for seat in range(players))


def _fold(kept: dict[str, Extreme], extreme: Extreme) -> None:
    """Keep ``extreme`` when its kind has none yet or it is more extreme (games come in seed order, so a tie keeps
    the earlier seed, and the first tied game stays)."""
    old = kept.get(extreme.kind)
    if (
        old is None
        or (extreme.kind == "lowest" and min(extreme.scores) < min(old.scores))
        or (extreme.kind == "highest" and max(extreme.scores) > max(old.scores))
    ):
        kept[extreme.kind] = extreme


def _candidates(seed: int, scores: tuple[int, ...]) -> tuple[Extreme, ...]:
    """What one game could be the run's example of: its lowest score, its highest, a shared highest score."""
    tied = (Extreme("tied", seed, scores),) if scores.count(max(scores)) > 1 else ()
    return (Extreme("lowest", seed, scores), Extreme("highest", seed, scores), *tied)


def _ordered(kept: dict[str, Extreme]) -> tuple[Extreme, ...]:
    return tuple(kept[k] for k in EXTREME_KINDS if k in kept)


def _play_chunk(chunk: _Chunk) -> _Tally:
    game = resolve(chunk.source).game
    config = chunk.config
    players = config.players
    totals = [0] * players
    lengths: list[int] = []
    all_scores: list[int] = []
    wins = [Fraction(0)] * players
    decided: Counter[str] = Counter()
    open_ties = truncated = 0
    extremes: dict[str, Extreme] = {}
    for i in range(chunk.first, chunk.first + chunk.count):
        result = playout(game, config, chunk.seed + i, chunk.policies)
        lengths.append(result.length)
        truncated += result.truncated
        scores = tuple(game.scores(result.final))
        all_scores.extend(scores)
        for seat, score in enumerate(scores):
            totals[seat] += score
        ranking = game.ranking(result.final)
        decided[ranking.decided_by[-1] if ranking.decided_by else "none"] += 1
        wins = [a + b for a, b in zip(wins, win_shares(ranking, players), strict=True)]
        if ranking.open_tie:
            open_ties += 1
        for candidate in _candidates(chunk.seed + i, scores):
            _fold(extremes, candidate)
    return _Tally(
        tuple(totals), tuple(lengths), tuple(all_scores), tuple(wins), tuple(sorted(decided.items())), open_ties,
        truncated, _ordered(extremes),
    )


def simulate(
    game: Game[Any, Any] | GameModule,
    config: Config,
    games: int,
    seed: int,
    policy: str | Sequence[str] = "random",
    execution: Execution | None = None,
) -> SimulationSummary:
    """Play ``games`` seeded games (seeds ``seed``, ``seed+1``, …) and summarise them.

    ``policy`` names one policy of ``core.playout.POLICIES`` for every seat, or one per seat in seat order (an
    ``InvalidConfig`` when the count is not the config's players). Game ``i`` always plays seed ``seed + i``, whichever
    chunk and worker runs it, so the summary is the same for every ``execution``; only ``seconds`` differs.
    """
    from nilerules.checks import GameModule

    names = tuple(name for _, name in seat_policies(policy, config.players))
    module = game if isinstance(game, GameModule) else GameModule(game, {}, {})
    source = game_source(module)
    chunks = [
        _Chunk(source, config, seed, r.start, len(r), names) for r in chunk_ranges(games, SIMULATE_CHUNK)
    ]
    start = time.perf_counter()
    tallies = run_chunks(
        _play_chunk, chunks, execution, sizes=[c.count for c in chunks], unit="games", label=f"{config.game} games"
    )
    seconds = time.perf_counter() - start
    totals = [0] * config.players
    lengths: list[int] = []
    all_scores: list[int] = []
    wins = [Fraction(0)] * config.players
    decided: Counter[str] = Counter()
    open_ties = truncated = 0
    extremes: dict[str, Extreme] = {}
    for tally in tallies:
        for extreme in tally.extremes:
            _fold(extremes, extreme)
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
        policy=policy_label(names),
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
        policies=names,
        extremes=_ordered(extremes),
    )


def extreme_logs(game: Game[Any, Any], summary: SimulationSummary) -> dict[str, GameLog]:
    """The log of each of the summary's extreme games, replayed from its seed, by file name
    (``lowest-seed-17.json``, ``highest-seed-4.json``, ``tied-seed-0.json``)."""
    logs = {}
    for extreme in summary.extremes:
        result = playout(game, summary.config, extreme.seed, summary.policies)
        logs[f"{extreme.kind}-seed-{extreme.seed}.json"] = playout_log(game, result)
    return logs

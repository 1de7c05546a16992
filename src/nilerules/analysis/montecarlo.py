"""Monte Carlo estimates for rulebook claims such as "highly unlikely", with a Wilson confidence interval."""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from nilerules.analysis.parallel import IN_PROCESS, Execution, GameRef, chunk_ranges, game_source, resolve, run_chunks
from nilerules.core.game import Game
from nilerules.core.playout import Playout, playout
from nilerules.core.types import Config

if TYPE_CHECKING:
    from nilerules.checks import GameModule


@dataclass(frozen=True, slots=True)
class Estimate:
    """``hits`` of ``trials`` games, with a 95 % Wilson interval."""

    hits: int
    trials: int
    policy: str
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    def describe(self) -> str:
        return (
            f"{self.hits} of {self.trials} {self.policy} games "
            f"({100 * self.rate:.2f} %, 95 % interval {100 * self.low:.2f}–{100 * self.high:.2f} %)"
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "hits": self.hits,
            "trials": self.trials,
            "policy": self.policy,
            "rate": round(self.rate, 6),
            "low": round(self.low, 6),
            "high": round(self.high, 6),
        }


def wilson(hits: float, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (``hits`` may be fractional: a shared win counts 1/k)."""
    if trials == 0:
        return 0.0, 1.0
    p = hits / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return round(max(0.0, centre - half), 12), round(min(1.0, centre + half), 12)


MOVED_TEST: Final = "their 95 % Wilson intervals do not overlap"
"""When a frequency measured twice (a baseline and this run, or two readings) counts as moved: the test
:func:`moved` applies, in the words the outputs and the docs use."""


def moved(before: tuple[int, int], after: tuple[int, int]) -> bool:
    """Whether a frequency moved beyond sampling noise between two measurements, each ``(hits, trials)``:
    :data:`MOVED_TEST` (one interval lies wholly above the other). A frequency with no trials on one side has the
    interval 0..1, which overlaps every other: it never counts as moved."""
    low_a, high_a = wilson(*before)
    low_b, high_b = wilson(*after)
    return high_a < low_b or high_b < low_a


ESTIMATE_CHUNK = 250
"""Trials per chunk."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    source: GameRef | GameModule
    configs: tuple[Config, ...]
    event: Callable[[Playout], bool]
    trials: range
    policy: str
    seed: int


def _count(chunk: _Chunk) -> int:
    game = resolve(chunk.source).game
    configs = chunk.configs
    return sum(
        bool(chunk.event(playout(game, configs[i % len(configs)], chunk.seed + i, chunk.policy))) for i in chunk.trials
    )


def estimate(
    game: Game[Any, Any] | GameModule,
    configs: Sequence[Config],
    event: Callable[[Playout], bool],
    trials: int,
    policy: str = "random",
    seed: int = 0,
    execution: Execution | None = None,
) -> Estimate:
    """How often ``event`` holds over ``trials`` seeded playouts (configs taken in turn).

    Trial ``i`` plays ``configs[i % len(configs)]`` with seed ``seed + i`` wherever it runs. To leave this process,
    ``event`` must pickle (a module-level function); an event that does not (a lambda) is counted in process.
    """
    from nilerules.checks import GameModule

    module = game if isinstance(game, GameModule) else GameModule(game, {}, {})
    source = game_source(module)
    try:
        pickle.dumps(event)
    except (pickle.PicklingError, AttributeError, TypeError):
        execution = IN_PROCESS
    chunks = [
        _Chunk(source, tuple(configs), event, r, policy, seed) for r in chunk_ranges(trials, ESTIMATE_CHUNK)
    ]
    hits = sum(run_chunks(_count, chunks, execution, sizes=[len(c.trials) for c in chunks], unit="games"))
    low, high = wilson(hits, trials)
    return Estimate(hits, trials, policy, low, high)

"""Many seeded playouts at once, played where the caller's context says.

A game's own queries ask for the final states of a range of seeds through `final_states`; by default they are played
here, one after the other. The analysis layer's ``parallel.using(execution)`` installs a runner that cuts the seeds into
chunks and plays them on local processes or a Dask cluster, which is how ``query --jobs`` reaches the games' queries
without the games importing the execution layer. Each seed's game depends only on the seed, and states come back in
seed order, so the result is the same wherever the games ran.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from nilerules.core.game import Game
from nilerules.core.playout import playout
from nilerules.core.types import Config

FinalStates = Callable[[Game[Any, Any], Config, Sequence[int], str], list[Any]]
"""Plays ``game`` under ``config`` once per seed with the named policy and returns the final states in seed order."""


def in_process(game: Game[Any, Any], config: Config, seeds: Sequence[int], policy: str) -> list[Any]:
    """Every playout here, in seed order."""
    return [playout(game, config, seed, policy).final for seed in seeds]


_RUNNER: ContextVar[FinalStates] = ContextVar("nilerules_final_states", default=in_process)


def final_states(game: Game[Any, Any], config: Config, seeds: Sequence[int], policy: str = "random") -> list[Any]:
    """The final state of the seeded playout of each of ``seeds``, in seed order, played by the runner in force (in
    process unless `running_with` installed another). A runner that sends games to other processes needs the
    game's states to pickle."""
    return _RUNNER.get()(game, config, seeds, policy)


@contextmanager
def running_with(runner: FinalStates) -> Iterator[None]:
    """Within the block, `final_states` plays through ``runner``."""
    token = _RUNNER.set(runner)
    try:
        yield
    finally:
        _RUNNER.reset(token)

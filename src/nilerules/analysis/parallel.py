"""The one execution layer: seeded chunks of work run in process, on local processes, or on a Dask cluster.

Work is cut into chunks (a range of seeds, one ambiguity check, one config of the hole detectors) whose result depends
only on what the chunk names — the game, its spec, the config and the seeds — never on which worker runs it or what
ran before it there. Results come back in chunk order, so every output is byte-identical for ``--jobs 1`` (in
process), N local processes (:class:`concurrent.futures.ProcessPoolExecutor`) or a Dask distributed cluster
(``--scheduler ADDRESS``, through :class:`dask.distributed.Client`; the optional ``dask`` extra).

Workers receive a :class:`GameRef` (game id and spec path), never a game object, and load the game once per process.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from nilerules.core import batch
from nilerules.core.batch import running_with
from nilerules.core.types import Config
from nilerules.errors import InvalidConfig

if TYPE_CHECKING:
    from nilerules.checks import GameModule

T = TypeVar("T")
R = TypeVar("R")

SCHEDULER_ENV = "NILERULES_SCHEDULER"
"""The environment variable that names a Dask scheduler when ``--scheduler`` is not given."""
MAX_JOBS = 1024
"""The most local processes a run may ask for."""
PROGRESS_DELAY = 2.0
"""Seconds before a progress bar appears: shorter runs show none."""


@dataclass(frozen=True, slots=True)
class GameRef:
    """What a worker needs to load a game: its id and the spec file (None: the bundled spec)."""

    game_id: str
    spec_path: str | None = None

    def load(self) -> GameModule:
        """The game, loaded once per process (workers keep it for every chunk they run)."""
        with _CACHE_LOCK:
            module = _LOADED.get(self)
            if module is None:
                from nilerules.checks import load

                module = load(self.game_id, self.spec_path)
                _LOADED[self] = module
            return module


_LOADED: dict[GameRef, GameModule] = {}
_CACHE_LOCK = threading.Lock()


def game_source(module: GameModule) -> GameRef | GameModule:
    """What a chunk carries to name its game: a :class:`GameRef` for a registered game (workers load it), else the
    game module itself (a test's toy game; it must pickle to leave this process)."""
    from nilerules.games import GAME_IDS

    game_id = module.game.info.id
    if game_id not in GAME_IDS:
        return module
    path = Path(module.game.spec.path)
    try:
        on_disk = path.is_file()
    except OSError:  # a spec bound in memory names itself by a label, which may be no valid path (too long a name)
        on_disk = False
    if not on_disk:
        return module
    ref = GameRef(game_id, str(path))
    if module.checks or module.queries:  # a bare game (``GameModule(game, {}, {})``) is not what the ref loads
        with _CACHE_LOCK:
            _LOADED.setdefault(ref, module)
    return ref


def resolve(source: GameRef | GameModule) -> GameModule:
    """The game module a chunk names."""
    return source.load() if isinstance(source, GameRef) else source


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class Execution:
    """Where chunks run and whether a progress bar may show. The choice never changes a result, only the time."""

    jobs: int | None = None
    """Local processes; 1 runs in process; None uses every core."""
    scheduler: str | None = None
    """A Dask scheduler address (``tcp://host:8786``); when given, ``jobs`` is ignored."""
    progress: bool = True
    """Show a live bar on stderr when stderr is a terminal and the run takes longer than a couple of seconds."""

    def __post_init__(self) -> None:
        if self.jobs is not None and not 1 <= self.jobs <= MAX_JOBS:
            raise InvalidConfig(f"jobs: expected 1 to {MAX_JOBS}, got {self.jobs!r}")
        if self.scheduler is not None and not self.scheduler.strip():
            raise InvalidConfig(f"scheduler: expected an address such as 'tcp://host:8786', got {self.scheduler!r}")

    @classmethod
    def from_options(cls, jobs: int | None, scheduler: str | None, quiet: bool = False) -> Execution:
        """The execution the command line asks for; ``NILERULES_SCHEDULER`` names a cluster when ``scheduler`` is
        not given."""
        return cls(jobs, scheduler or os.environ.get(SCHEDULER_ENV) or None, not quiet)

    @property
    def workers(self) -> int:
        """Local processes this execution uses (1: in process)."""
        return self.jobs if self.jobs is not None else available_cores()

    def describe(self) -> str:
        if self.scheduler is not None:
            return f"the Dask cluster at {self.scheduler}"
        return "1 process" if self.workers == 1 else f"{self.workers} local processes"


IN_PROCESS = Execution(jobs=1, progress=False)
"""Run every chunk here, one after the other, silently (what library calls default to)."""

_AMBIENT: ContextVar[Execution] = ContextVar("nilerules_execution", default=IN_PROCESS)


@contextmanager
def using(execution: Execution) -> Iterator[Execution]:
    """Within the block, library calls given no execution (simulate, estimate, the detectors, the analysis) use
    ``execution``, and so do the games' own queries when they play many games (`nilerules.core.batch.final_states`):
    how a command's --jobs reaches them."""
    token = _AMBIENT.set(execution)
    try:
        if execution.workers == 1 and execution.scheduler is None:
            yield execution
        else:
            with running_with(_FinalStatesOn(execution)):
                yield execution
    finally:
        _AMBIENT.reset(token)


FINALS_CHUNK = 25
"""Seeds per chunk when a game's query plays many games through the execution layer."""


@dataclass(frozen=True, slots=True)
class FinalsChunk:
    """A run of seeds of one game, config and policy; its result is the final states in seed order."""

    source: GameRef | GameModule
    config: Config
    seeds: tuple[int, ...]
    policy: str


def finals_chunk(chunk: FinalsChunk) -> list[Any]:
    return batch.in_process(resolve(chunk.source).game, chunk.config, chunk.seeds, chunk.policy)


@dataclass(frozen=True, slots=True)
class _FinalStatesOn:
    """`nilerules.core.batch.final_states` played in chunks of `FINALS_CHUNK` seeds where ``execution`` says (the
    game's states travel back pickled)."""

    execution: Execution

    def __call__(self, game: Any, config: Config, seeds: Sequence[int], policy: str) -> list[Any]:
        from nilerules.checks import GameModule

        if len(seeds) <= FINALS_CHUNK:
            return batch.in_process(game, config, seeds, policy)
        source = game_source(GameModule(game, {}, {}))
        chunks = [
            FinalsChunk(source, config, tuple(seeds[r.start : r.stop]), policy)
            for r in chunk_ranges(len(seeds), FINALS_CHUNK)
        ]
        parts = run_chunks(
            finals_chunk, chunks, self.execution, sizes=[len(c.seeds) for c in chunks], unit="games", label="games"
        )
        return [state for part in parts for state in part]


def current() -> Execution:
    """The execution set by the innermost `using` block (in process when none is)."""
    return _AMBIENT.get()


def run_chunks(
    fn: Callable[[T], R],
    items: Sequence[T],
    execution: Execution | None = None,
    *,
    sizes: Sequence[int] | None = None,
    unit: str = "chunks",
    label: str = "",
) -> list[R]:
    """``[fn(item) for item in items]``, run where ``execution`` says; results in item order.

    ``fn`` must be a module-level function and every item picklable when the chunks leave this process. ``sizes``
    gives each chunk's weight for the progress bar (games or checks it holds; default 1 each). Without an
    ``execution``, the one set by `using` (in process by default).
    """
    execution = execution or current()
    weights = list(sizes) if sizes is not None else [1] * len(items)
    if len(weights) != len(items):
        raise ValueError(f"sizes: expected {len(items)} weights, got {len(weights)}")
    with _progress(sum(weights), unit, label, execution.progress) as advance:
        if execution.scheduler is not None:
            return _run_dask(fn, items, weights, execution.scheduler, advance)
        workers = min(execution.workers, len(items))
        if workers <= 1:
            results = []
            for item, weight in zip(items, weights, strict=True):
                results.append(fn(item))
                advance(weight)
            return results
        return _run_local(fn, items, weights, workers, advance)


def _run_local(
    fn: Callable[[T], R], items: Sequence[T], weights: Sequence[int], workers: int, advance: Callable[[int], None]
) -> list[R]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures: list[Future[R]] = [pool.submit(fn, item) for item in items]
        index = {id(f): i for i, f in enumerate(futures)}
        for done in as_completed(futures):
            advance(weights[index[id(done)]])
        return [f.result() for f in futures]


def _run_dask(
    fn: Callable[[T], R], items: Sequence[T], weights: Sequence[int], address: str, advance: Callable[[int], None]
) -> list[R]:
    try:
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise InvalidConfig(
            f"scheduler {address!r}: running on a Dask cluster needs the optional extra: pip install 'nilerules[dask]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=30)
    except OSError as exc:
        raise InvalidConfig(f"scheduler {address!r}: cannot reach the Dask scheduler ({exc})") from None
    with client:
        futures = client.map(fn, items, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for done in distributed.as_completed(futures):
            advance(weights[index[done.key]])
        results: list[R] = client.gather(futures)
        return results


@contextmanager
def _progress(total: int, unit: str, label: str, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A live bar on stderr (done, rate, time left) when enabled, stderr is a terminal and the run lasts."""
    if not enabled or not sys.stderr.isatty() or total <= 0:
        yield lambda n: None
        return
    # imported as Any: the mypyc build type-checks the import graph without third-party stubs
    tqdm: Any = importlib.import_module("tqdm").tqdm
    with tqdm(total=total, unit=f" {unit}", desc=label or None, delay=PROGRESS_DELAY, file=sys.stderr) as bar:
        def advance(n: int) -> None:
            bar.update(n)

        yield advance


def chunk_ranges(count: int, chunk: int) -> list[range]:
    """Indices ``0..count-1`` cut into consecutive ranges of at most ``chunk`` (the last may be shorter)."""
    if chunk < 1:
        raise ValueError(f"chunk: expected at least 1, got {chunk!r}")
    return [range(start, min(count, start + chunk)) for start in range(0, count, chunk)]


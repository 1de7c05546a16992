"""Exploration at scale: many seeded games of every game across covering arrays of readings and random combinations.

Each game is played under a set of configs — reading combinations in which every pair of readings appears together
(a covering array), every player count and module set, and random reading combinations drawn from a seeded
generator — and in turn with random and greedy play. Every game is checked for violations (a crash, a stuck state, a
game that does not end, a final state that breaks the game's invariants) and paired with the same seed under one other
reading of one ambiguity (taken in turn): when the final scores or ranking differ, that ambiguity diverged in play. A
divergence is *new* when the baseline findings (a ``findings.json``) have no witness for that ambiguity.

The work is cut into chunks of one config and a range of seeds, run through the parallel layer; the figures are the
same for every execution, only the time and rate differ.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nilerules.analysis.parallel import Execution, GameRef, chunk_ranges, current, game_source, resolve, run_chunks
from nilerules.core.configs import covering_readings, every_config
from nilerules.core.files import write_atomic
from nilerules.core.playout import POLICIES, StuckState, playout
from nilerules.core.types import Config
from nilerules.errors import InvalidConfig

if TYPE_CHECKING:
    from nilerules.checks import GameModule

VIOLATIONS: tuple[str, ...] = ("crash", "stuck", "non_termination", "invariant")
MAX_GAMES = 100_000_000
"""The most games per game one run may ask for."""
MAX_RANDOM = 10_000
"""The most random reading combinations per game."""
MAX_POLICIES = 16
"""The most policies one exploration plays in turn."""
EXPLORE_CHUNK = 200
"""Games per chunk, at least; large runs cut each config's games into at most 100 chunks (a chunk's figures depend only
on its config and seeds, so the size changes the time, never the figures)."""


@dataclass(frozen=True, slots=True)
class ExploreBudget:
    """How much one exploration plays. The same budget gives the same figures on any execution."""

    games: int = 20_000
    """Games per game (each paired with one replay under another reading)."""
    random_combinations: int = 16
    """Random reading combinations per game, on top of the covering array."""
    seed: int = 20261201
    policies: tuple[str, ...] = ("random", "greedy")
    """The policies (names in ``core.playout.POLICIES``) played in turn: game ``seed`` plays
    ``policies[seed % len(policies)]`` at every seat."""

    def __post_init__(self) -> None:
        if not 1 <= len(self.policies) <= MAX_POLICIES or any(p not in POLICIES for p in self.policies):
            raise InvalidConfig(
                f"policies: expected 1 to {MAX_POLICIES} of {', '.join(POLICIES)}, got {list(self.policies)!r}"[:300]
            )
        if not 1 <= self.games <= MAX_GAMES:
            raise InvalidConfig(f"games: expected 1 to {MAX_GAMES}, got {self.games!r}")
        if not 0 <= self.random_combinations <= MAX_RANDOM:
            raise InvalidConfig(f"random_combinations: expected 0 to {MAX_RANDOM}, got {self.random_combinations!r}")

    def describe(self) -> str:
        return (
            f"{self.games} games per game (each replayed under one other reading), over a covering array of readings, "
            f"every player count and module set, and {self.random_combinations} random reading combinations; "
            f"{' and '.join(self.policies)} play in turn; seed {self.seed}"
        )


@dataclass(frozen=True, slots=True)
class _Chunk:
    source: GameRef | GameModule
    config: Config
    config_index: int
    seeds: range
    policies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Example:
    """Where something was seen first: the config, seed and policy that reproduce it, and what it was."""

    detail: str
    players: int
    modules: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    seed: int
    policy: str

    def to_data(self) -> dict[str, Any]:
        return {
            "detail": self.detail,
            "players": self.players,
            "modules": list(self.modules),
            "readings": dict(self.readings),
            "seed": self.seed,
            "policy": self.policy,
        }


@dataclass(frozen=True, slots=True)
class _ChunkResult:
    games: int
    violations: tuple[tuple[str, int, Example], ...]
    """(kind, count, first example) for each kind seen."""
    pairs: tuple[tuple[str, int, int, Example | None], ...]
    """(ambiguity, pairs played, pairs that diverged, first divergence)."""


def _example(detail: str, config: Config, seed: int, policy: str) -> Example:
    return Example(detail, config.players, config.modules, config.readings, seed, policy)


def _outcome(game: Any, config: Config, seed: int, policy: str) -> tuple[str, Any, Any]:
    """('ok', scores, places) or (violation kind, detail, None) for one game."""
    try:
        result = playout(game, config, seed, policy)
    except StuckState as exc:
        return "stuck", f"stuck after {exc.step} actions", None
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return "crash", f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})", None
    if result.truncated:
        return "non_termination", f"not over after {result.length} actions", None
    broken = game.invariants(result.final)
    if broken:
        return "invariant", "; ".join(broken), None
    ranking = game.ranking(result.final)
    return "ok", tuple(game.scores(result.final)), ranking.places


def _alternative(game: Any, config: Config, index: int) -> tuple[str, Config] | None:
    """The config that differs from ``config`` in one ambiguity's reading, chosen in turn by ``index``."""
    ambs = sorted(game.spec.ambiguities.values(), key=lambda a: a.id)
    if not ambs:
        return None
    amb = ambs[index % len(ambs)]
    others = [r for r in amb.reading_names() if r != config.reading(amb.id)]
    if not others:
        return None
    readings = dict(config.readings)
    readings[amb.id] = others[(index // len(ambs)) % len(others)]
    return amb.id, game.config(config.players, config.modules, readings)


def _explore_chunk(chunk: _Chunk) -> _ChunkResult:
    game = resolve(chunk.source).game
    config = chunk.config
    violations: dict[str, list[Any]] = {}
    pairs: dict[str, list[Any]] = {}
    for seed in chunk.seeds:
        policy = chunk.policies[seed % len(chunk.policies)]
        kind, left, places = _outcome(game, config, seed, policy)
        if kind != "ok":
            entry = violations.setdefault(kind, [0, _example(str(left), config, seed, policy)])
            entry[0] += 1
            continue
        alternative = _alternative(game, config, seed + chunk.config_index)
        if alternative is None:
            continue
        amb_id, other = alternative
        other_kind, right, other_places = _outcome(game, other, seed, policy)
        if other_kind != "ok":
            entry = violations.setdefault(other_kind, [0, _example(str(right), other, seed, policy)])
            entry[0] += 1
            continue
        pair = pairs.setdefault(amb_id, [0, 0, None])
        pair[0] += 1
        if (left, places) != (right, other_places):
            pair[1] += 1
            if pair[2] is None:
                detail = (
                    f"{amb_id}={config.reading(amb_id)} gives scores {list(left)}, "
                    f"{amb_id}={other.reading(amb_id)} gives {list(right)}"
                )
                pair[2] = _example(detail, config, seed, policy)
    return _ChunkResult(
        len(chunk.seeds),
        tuple((k, v[0], v[1]) for k, v in sorted(violations.items())),
        tuple((a, p[0], p[1], p[2]) for a, p in sorted(pairs.items())),
    )


def explore_configs(game: Any, budget: ExploreBudget) -> list[Config]:
    """The covering array (laid over every player count and module set in turn), every base config, and random
    reading combinations drawn from a generator seeded by the budget."""
    base = every_config(game)
    configs = []
    for i, readings in enumerate(covering_readings(game)):
        template = base[i % len(base)]
        configs.append(game.config(template.players, template.modules, readings))
    configs.extend(base)
    rng = random.Random(f"{budget.seed}:{game.info.id}")
    ambs = sorted(game.spec.ambiguities.values(), key=lambda a: a.id)
    for i in range(budget.random_combinations):
        template = base[i % len(base)]
        readings = {amb.id: rng.choice(amb.reading_names()) for amb in ambs}
        configs.append(game.config(template.players, template.modules, readings))
    return configs


@dataclass(frozen=True, slots=True)
class GameExploration:
    """What exploring one game found."""

    game: str
    configs: int
    games: int
    violations: tuple[tuple[str, int, Example], ...]
    divergences: tuple[tuple[str, int, int, Example | None], ...]
    """(ambiguity id, pairs played, pairs that diverged, first divergence), every ambiguity paired at least once."""
    new_divergences: tuple[str, ...] = field(default=())
    """Ambiguities that diverged in play but have no witness in the baseline findings."""

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "configs": self.configs,
            "games": self.games,
            "violations": {k: {"count": n, "first": e.to_data()} for k, n, e in self.violations},
            "divergences": {
                a: {"pairs": p, "diverged": d, "first": e.to_data() if e else None} for a, p, d, e in self.divergences
            },
            "new_divergences": list(self.new_divergences),
        }


@dataclass(frozen=True, slots=True)
class Exploration:
    """Every game's exploration, with the budget, the execution and the time it took."""

    budget: ExploreBudget
    games: tuple[GameExploration, ...]
    seconds: float
    where: str
    baseline: str

    @property
    def played(self) -> int:
        """Games played, counting each paired replay."""
        return sum(g.games + sum(p for _, p, _, _ in g.divergences) for g in self.games)

    def to_data(self) -> dict[str, Any]:
        return {
            "budget": self.budget.describe(),
            "where": self.where,
            "baseline": self.baseline,
            "games_played": self.played,
            "seconds": round(self.seconds, 1),
            "games_per_second": round(self.played / self.seconds, 1) if self.seconds else None,
            "violations": sum(n for g in self.games for _, n, _ in g.violations),
            "new_divergences": sum(len(g.new_divergences) for g in self.games),
            "per_game": [g.to_data() for g in self.games],
        }

    def describe(self) -> str:
        data = self.to_data()
        lines = [
            f"budget: {data['budget']}",
            f"ran on {self.where}: {data['games_played']} games in {data['seconds']} s "
            f"({data['games_per_second']} games/s)",
        ]
        for g in self.games:
            diverged = sum(1 for _, _, d, _ in g.divergences if d)
            lines.append(
                f"{g.game}: {g.games} games over {g.configs} configs; violations "
                f"{sum(n for _, n, _ in g.violations)}; {diverged} of {len(g.divergences)} ambiguities diverged in "
                "play; "
                f"new divergences: {', '.join(g.new_divergences) or 'none'} (baseline: {self.baseline})"
            )
            lines += [f"  {k}: {n}, first: {e.detail} ({e.players} players, seed {e.seed})" for k, n, e in g.violations]
        return "\n".join(lines)


def witnessed(findings: Mapping[str, Any]) -> dict[str, set[str]]:
    """Ambiguity ids with a witness in a findings.json document, per game."""
    out: dict[str, set[str]] = {}
    for game_id, game in (findings.get("games") or {}).items():
        rows = game.get("findings", ()) if isinstance(game, Mapping) else ()
        out[game_id] = {
            str(f.get("ambiguity")) for f in rows if isinstance(f, Mapping) and f.get("verdict") == "witness"
        }
    return out


def explore(
    modules: Sequence[GameModule],
    budget: ExploreBudget,
    execution: Execution | None = None,
    baseline: Mapping[str, Any] | None = None,
    baseline_name: str = "none given",
) -> Exploration:
    """Play every game's configs through the parallel layer and merge the figures in chunk order."""
    execution = execution or current()
    work: list[_Chunk] = []
    plans = []
    for module in modules:
        configs = explore_configs(module.game, budget)
        source = game_source(module)
        first = len(work)
        per_config = chunk_ranges(budget.games, -(-budget.games // len(configs)))
        for index, (config, block) in enumerate(zip(configs, per_config, strict=False)):
            for part in chunk_ranges(len(block), max(EXPLORE_CHUNK, -(-len(block) // 100))):
                seeds = range(budget.seed + block.start + part.start, budget.seed + block.start + part.stop)
                work.append(_Chunk(source, config, index, seeds, budget.policies))
        plans.append((module, len(configs), first, len(work)))
    start = time.perf_counter()
    results = run_chunks(
        _explore_chunk, work, execution, sizes=[len(c.seeds) for c in work], unit="games", label="explore"
    )
    seconds = time.perf_counter() - start
    known = witnessed(baseline) if baseline is not None else None
    games = []
    for module, config_count, first, last in plans:
        game_id = module.game.info.id
        violations: dict[str, list[Any]] = {}
        pairs: dict[str, list[Any]] = {a: [0, 0, None] for a in sorted(module.game.spec.ambiguities)}
        for result in results[first:last]:
            for kind, count, seen in result.violations:
                violations.setdefault(kind, [0, seen])[0] += count
            for amb_id, played, diverged, example in result.pairs:
                pair = pairs[amb_id]
                pair[0] += played
                pair[1] += diverged
                pair[2] = pair[2] or example
        diverged_ids = [a for a, p in pairs.items() if p[1]]
        new = tuple(a for a in diverged_ids if known is not None and a not in known.get(game_id, set()))
        games.append(
            GameExploration(
                game_id,
                config_count,
                sum(r.games for r in results[first:last]),
                tuple((k, v[0], v[1]) for k, v in sorted(violations.items())),
                tuple((a, p[0], p[1], p[2]) for a, p in pairs.items()),
                new,
            )
        )
    return Exploration(budget, tuple(games), seconds, execution.describe(), baseline_name)


def write_figures(path: Path, data: Mapping[str, Any]) -> Path:
    """Write the figures as JSON, whole or not at all (the folder is created when missing)."""
    return write_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n")

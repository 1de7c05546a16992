"""Generic hole detectors, run on every game under every reading.

1. stuck states: not terminal, but the player to move has no legal action;
2. non-termination: a playout longer than the declared maximum;
3. open ties: a ranking the rules leave undecided after every stated tie-break (or an open tie the game reports);
4. supply exhaustion: a draw from an empty pile, or more pieces needed than the components provide.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from nilerules.analysis.parallel import Execution, GameRef, game_source, resolve, run_chunks
from nilerules.core.game import Game
from nilerules.core.playout import StuckState, playout
from nilerules.core.types import Config
from nilerules.core.verdicts import Unknown, Verdict, Witness

if TYPE_CHECKING:
    from nilerules.checks import GameModule

DetectorName = Literal["stuck", "non_termination", "open_tie", "supply_exhaustion"]
DETECTORS: tuple[DetectorName, ...] = ("stuck", "non_termination", "open_tie", "supply_exhaustion")
DESCRIPTIONS: dict[DetectorName, str] = {
    "stuck": "a state that is not terminal where the player to move has no legal action",
    "non_termination": "a game longer than its declared maximum length",
    "open_tie": "a ranking the rules leave undecided after every stated tie-break",
    "supply_exhaustion": "a draw from an empty pile, or more pieces needed than the components provide",
}


@dataclass(frozen=True, slots=True)
class HoleResult:
    """What one detector found over a set of playouts."""

    detector: DetectorName
    game: str
    verdict: Verdict
    playouts: int
    hits: int
    rules: tuple[str, ...] = field(default=())


def _where(config: Config, seed: int, policy: str) -> dict[str, Any]:
    return {
        "players": config.players,
        "modules": list(config.modules),
        "readings": dict(config.readings),
        "seed": seed,
        "policy": policy,
    }


def _describe(config: Config, seed: int, policy: str) -> str:
    readings = ", ".join(f"{a}={r}" for a, r in config.readings) or "no readings"
    modules = "+".join(config.modules) or "base"
    return f"{config.players} players, {modules}, {policy} play, seed {seed} ({readings})"


@dataclass(frozen=True, slots=True)
class DetectorChunk:
    """One config's playouts (every policy × seed), the unit the detectors are run in."""

    source: GameRef | GameModule
    config: Config
    seeds: tuple[int, ...]
    policies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DetectorFound:
    """What the detectors saw in one chunk: each detector's first witness and hit count, the rules named."""

    first: tuple[tuple[DetectorName, Witness], ...]
    hits: tuple[tuple[DetectorName, int], ...]
    rules: tuple[tuple[DetectorName, tuple[str, ...]], ...]
    playouts: int


def detect_chunk(chunk: DetectorChunk) -> DetectorFound:
    game = resolve(chunk.source).game
    config = chunk.config
    first: dict[DetectorName, Witness] = {}
    hits: dict[DetectorName, int] = dict.fromkeys(DETECTORS, 0)
    rules: dict[DetectorName, set[str]] = {d: set() for d in DETECTORS}
    total = 0
    for policy in chunk.policies:
        for seed in chunk.seeds:
            total += 1
            found: dict[DetectorName, str] = {}
            try:
                result = playout(game, config, seed, policy)
            except StuckState as exc:
                found["stuck"] = f"stuck after {exc.step} actions"
                final = exc.state
            else:
                final = result.final
                if result.truncated:
                    found["non_termination"] = f"not over after {result.length} actions"
                elif game.ranking(final).open_tie:
                    places = game.ranking(final).places
                    found["open_tie"] = f"final places {places} with tie-breaks {game.ranking(final).decided_by}"
            for diag in game.diagnostics(final):
                name: DetectorName = "supply_exhaustion" if diag.kind == "supply_exhausted" else "open_tie"
                if diag.kind == "no_progress":
                    name = "non_termination"
                found.setdefault(name, diag.detail)
                rules[name].add(diag.rule_id)
            for name, detail in found.items():
                hits[name] += 1
                if name not in first:
                    first[name] = Witness(f"{detail}: {_describe(config, seed, policy)}", _where(config, seed, policy))
    return DetectorFound(
        tuple((d, first[d]) for d in DETECTORS if d in first),
        tuple((d, hits[d]) for d in DETECTORS),
        tuple((d, tuple(sorted(rules[d]))) for d in DETECTORS),
        total,
    )


def detector_chunks(
    module: GameModule, configs: Sequence[Config], seeds: Iterable[int], policies: Sequence[str] = ("random", "greedy")
) -> list[DetectorChunk]:
    """The work of `run_detectors`, one chunk per config (for running with other work through the parallel layer)."""
    source = game_source(module)
    seeds = tuple(seeds)
    return [DetectorChunk(source, config, seeds, tuple(policies)) for config in configs]


def merge_detectors(
    game_id: str, chunks: Sequence[DetectorChunk], found: Sequence[DetectorFound]
) -> tuple[HoleResult, ...]:
    """Each detector's first hit in chunk order (config, then policy, then seed) and its totals."""
    first: dict[DetectorName, Witness] = {}
    hits: dict[DetectorName, int] = dict.fromkeys(DETECTORS, 0)
    rules: dict[DetectorName, set[str]] = {d: set() for d in DETECTORS}
    for part in found:
        for name, witness in part.first:
            first.setdefault(name, witness)
        for name, count in part.hits:
            hits[name] += count
        for name, ids in part.rules:
            rules[name].update(ids)
    total = sum(part.playouts for part in found)
    configs = len(chunks)
    policies = len(chunks[0].policies) if chunks else 0
    seeds = len(chunks[0].seeds) if chunks else 0
    out = []
    for name in DETECTORS:
        verdict: Verdict = first.get(name) or Unknown(
            f"none found in {total} playouts ({configs} configs × {policies} policies × {seeds} seeds)",
            budget=f"{total} playouts",
        )
        out.append(HoleResult(name, game_id, verdict, total, hits[name], tuple(sorted(rules[name]))))
    return tuple(out)


def run_detectors(
    game: Game[Any, Any] | GameModule,
    configs: Sequence[Config],
    seeds: Iterable[int],
    policies: Sequence[str] = ("random", "greedy"),
    execution: Execution | None = None,
) -> tuple[HoleResult, ...]:
    """Play every config × seed × policy once and report each detector's first hit (or the bounds searched)."""
    from nilerules.checks import GameModule

    module = game if isinstance(game, GameModule) else GameModule(game, {}, {})
    chunks = detector_chunks(module, configs, seeds, policies)
    found = run_chunks(
        detect_chunk, chunks, execution, sizes=[len(c.seeds) * len(c.policies) for c in chunks], unit="games",
        label=f"{module.game.info.id} detectors",
    )
    return merge_detectors(module.game.info.id, chunks, found)

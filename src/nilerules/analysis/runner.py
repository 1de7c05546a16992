"""Run everything the report shows for one game: ambiguity checks, hole detectors, assumptions.

Rule coverage (which tests pin which rules) is a developer's view: ``tools/coverage.py`` / ``nox -s coverage``.
"""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from nilerules.analysis.assumptions import (
    AssumptionChunk,
    AssumptionImpact,
    TrialOutcome,
    VariantOutcome,
    assumption_chunks,
    assumption_impacts,
    measure_assumption_chunk,
)
from nilerules.analysis.detectors import (
    DetectorChunk,
    DetectorFound,
    HoleResult,
    detect_chunk,
    detector_chunks,
    merge_detectors,
)
from nilerules.analysis.edges import bundled_edges
from nilerules.analysis.findings import Finding, build_finding, needs_search
from nilerules.analysis.impact import ImpactChunk, PairOutcome, impact_chunks, measure_chunk
from nilerules.analysis.parallel import Execution, GameRef, game_source, resolve, run_chunks
from nilerules.checks import GameModule
from nilerules.checks.model import Budget, CheckResult
from nilerules.core.configs import covering_readings, every_config
from nilerules.core.types import Config
from nilerules.core.verdicts import Unknown
from nilerules.spec_edges import EdgesFile
from nilerules.specs import Param, Spec


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """Everything the report says about one game."""

    game: str
    title: str
    spec: Spec
    findings: tuple[Finding, ...]
    holes: tuple[HoleResult, ...]
    assumptions: tuple[Param, ...]
    hole_bounds: str
    assumption_impacts: tuple[AssumptionImpact, ...] = ()
    """For each of ``assumptions``: how often a small change of its value matters in paired games."""
    rules_version: int | None = None
    """The version of the game's rules (``GameInfo.version``); None in an analysis built by hand."""
    edges: EdgesFile | None = None
    """The game's edges file (issue 31: the boundary pass's verdicts), None when the game has none."""


def run_check(module: GameModule, amb_id: str, budget: Budget) -> CheckResult:
    """Run one check; a crash becomes an Unknown verdict that names the error (and so fails `check`)."""
    try:
        return module.checks[amb_id](module.game, budget)
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return CheckResult(
            Unknown(f"the check crashed: {type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"),
            "arithmetic",
            (),
            "nothing: the check did not finish",
        )


@dataclass(frozen=True, slots=True)
class CheckChunk:
    """One ambiguity check, the unit the checks are run in (each on a fresh Z3 context)."""

    source: GameRef | GameModule
    amb_id: str
    budget: Budget


def check_chunk(chunk: CheckChunk) -> CheckResult:
    """Run one check on a fresh Z3 context, so its verdict does not depend on what this process ran before.

    The result comes back without its ``figures`` (a function of the worker's own game object, which does not cross
    processes): the report does not use them; tests/analysis/test_bundled_witnesses.py runs the checks in process to
    recompute every witness's figures."""
    from nilerules.solver.context import Z3_LOCK, fresh_context

    with Z3_LOCK:
        fresh_context()
        result = run_check(resolve(chunk.source), chunk.amb_id, chunk.budget)
    return dataclasses.replace(result, figures=None)


def _hole_configs(game: Any) -> list[Config]:
    configs = []
    base = every_config(game)
    for i, readings in enumerate(covering_readings(game)):
        template = base[i % len(base)]
        configs.append(game.config(template.players, template.modules, readings))
    configs.extend(base)
    return configs


def analyse(module: GameModule, budget: Budget, execution: Execution | None = None) -> GameAnalysis:
    """Everything the report says about one game (see `analyse_games`)."""
    (analysis,) = analyse_games([module], budget, execution)
    return analysis


def analyse_games(
    modules: Sequence[GameModule], budget: Budget, execution: Execution | None = None
) -> list[GameAnalysis]:
    """Run every game's checks and hole detectors as one batch of chunks through the parallel layer.

    Each chunk's result depends only on the chunk (a check runs on a fresh Z3 context; a detector chunk plays fixed
    seeds), and results merge in chunk order, so the analyses are the same for every ``execution``.
    """
    plans = []
    work: list[CheckChunk | DetectorChunk | ImpactChunk | AssumptionChunk] = []
    for module in modules:
        game = module.game
        spec: Spec = game.spec
        source = game_source(module)
        ambs = sorted(spec.ambiguities.values(), key=lambda a: a.code)
        configs = _hole_configs(game)
        seeds = range(budget.seed, budget.seed + max(1, budget.playouts // 20))
        detectors = detector_chunks(module, configs, seeds)
        paired = impact_chunks(source, game, budget)
        # with assumed values to vary, one chunk per trial plays its base game once for the reading pairs and the
        # changed values together (``AssumptionChunk``); else the reading pairs' own chunks
        trials: list[ImpactChunk] | list[AssumptionChunk] = assumption_chunks(source, game, budget, paired) or paired
        plans.append((module, ambs, len(work), detectors, len(seeds), len(configs), len(trials)))
        work.extend(CheckChunk(source, amb.id, budget) for amb in ambs)
        work.extend(detectors)
        work.extend(trials)
    results = run_chunks(_run_chunk, work, execution, unit="chunks", label="analysis")
    # the witness search: further paired games for the ambiguities whose check has no game and whose measured pairs
    # met no difference, run as a second batch
    measured: list[list[PairOutcome]] = []
    search: list[ImpactChunk] = []
    spans: list[tuple[int, int]] = []
    varied: list[list[VariantOutcome]] = []
    for module, ambs, first, detectors, _, _, n_trials in plans:
        start = first + len(ambs) + len(detectors)
        outcomes, values = _trial_outcomes(results[start : start + n_trials])
        varied.append(values)
        checks = results[first : first + len(ambs)]
        wanted = [
            amb.id
            for amb, result in zip(ambs, checks, strict=True)
            if needs_search(cast(CheckResult, result), outcomes, amb.id)
        ]
        chunks = impact_chunks(game_source(module), module.game, budget, wanted, search=True) if wanted else []
        measured.append(outcomes)
        spans.append((len(search), len(chunks)))
        search.extend(chunks)
    searched = run_chunks(measure_chunk, search, execution, unit="chunks", label="witness search") if search else []
    out = []
    for (module, ambs, first, detectors, seed_count, config_count, _), outcomes, values, (at, n) in zip(
        plans, measured, varied, spans, strict=True
    ):
        spec = module.game.spec
        checks = results[first : first + len(ambs)]
        found = results[first + len(ambs) : first + len(ambs) + len(detectors)]
        extra = [o for chunk in searched[at : at + n] for o in chunk]
        findings = tuple(
            build_finding(module.game, amb, cast(CheckResult, result), outcomes, budget, extra)
            for amb, result in zip(ambs, checks, strict=True)
        )
        holes = merge_detectors(spec.game, detectors, cast(list[DetectorFound], found))
        bounds = (
            f"{config_count} configs (every player count and module set, and reading combinations covering every "
            f"pair of readings) × random and greedy play × {seed_count} seeds"
        )
        assumed_impacts = assumption_impacts(module.game, budget, values)
        out.append(
            GameAnalysis(
                spec.game,
                spec.title,
                spec,
                findings,
                holes,
                spec.assumed(),
                bounds,
                assumed_impacts,
                module.game.info.version,
                bundled_edges(spec),
            )
        )
    return out


def _trial_outcomes(results: Sequence[Any]) -> tuple[list[PairOutcome], list[VariantOutcome]]:
    """The reading pairs and the changed values of a game's trial chunks' results, in chunk order."""
    pairs: list[PairOutcome] = []
    values: list[VariantOutcome] = []
    for result in results:
        if isinstance(result, TrialOutcome):
            pairs.extend(result.pairs)
            values.extend(result.variants)
        else:
            pairs.extend(cast(tuple[PairOutcome, ...], result))
    return pairs, values


def _run_chunk(
    chunk: CheckChunk | DetectorChunk | ImpactChunk | AssumptionChunk,
) -> CheckResult | DetectorFound | tuple[PairOutcome, ...] | TrialOutcome:
    if isinstance(chunk, ImpactChunk):
        return measure_chunk(chunk)
    if isinstance(chunk, AssumptionChunk):
        return measure_assumption_chunk(chunk)
    return check_chunk(chunk) if isinstance(chunk, CheckChunk) else detect_chunk(chunk)

"""Run everything the report shows for one game: ambiguity checks, hole detectors, assumptions.

Rule coverage (which tests pin which rules) is a developer's view: ``tools/coverage.py`` / ``nox -s coverage``.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path

from nilerules.analysis.detectors import HoleResult, run_detectors
from nilerules.analysis.findings import Finding, make_finding
from nilerules.analysis.model import Budget, CheckResult
from nilerules.core.verdicts import Unknown
from nilerules.games import GameModule
from nilerules.specs import Param, Spec
from nilerules.testing.conformance import covering_readings, every_config


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


def analyse(module: GameModule, budget: Budget) -> GameAnalysis:
    game = module.game
    spec: Spec = game.spec
    ambs = sorted(spec.ambiguities.values(), key=lambda a: a.code)
    findings = tuple(make_finding(spec.game, amb, run_check(module, amb.id, budget)) for amb in ambs)
    configs = []
    base = every_config(game)
    for i, readings in enumerate(covering_readings(game)):
        template = base[i % len(base)]
        configs.append(game.config(template.players, template.modules, readings))
    configs.extend(base)
    seeds = range(budget.seed, budget.seed + max(1, budget.playouts // 20))
    holes = run_detectors(game, configs, seeds)
    bounds = (
        f"{len(configs)} configs (every player count and module set, and reading combinations covering every pair "
        f"of readings) × random and greedy play × {len(seeds)} seeds"
    )
    return GameAnalysis(
        spec.game, spec.title, spec, findings, holes, spec.assumed(), bounds
    )

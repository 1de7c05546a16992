"""findings.json: the report as data, for CI (`nilerules check --baseline`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from nilerules.analysis.findings import Finding
from nilerules.analysis.model import Budget
from nilerules.analysis.runner import GameAnalysis
from nilerules.core.codec import to_data

FORMAT = "nilerules-findings/1"


def finding_data(f: Finding) -> dict[str, Any]:
    return {
        "code": f.code,
        "game": f.game,
        "ambiguity": f.ambiguity,
        "title": f.title,
        "kind": f.kind,
        "rules": list(f.rule_ids),
        "quote": f.quote,
        "readings": [
            {"name": r.name, "description": r.description, "outcome": r.outcome, "default": r.default}
            for r in f.readings
        ],
        "verdict": f.verdict,
        "summary": f.summary,
        "witness": to_data(dict(f.witness)),
        "core_rules": list(f.core_rules),
        "method": f.method,
        "searched": f.searched,
        "recommendation": f.recommendation,
        "data": to_data(dict(f.data)),
    }


def analysis_data(a: GameAnalysis) -> dict[str, Any]:
    return {
        "game": a.game,
        "title": a.title,
        "spec_digest": a.spec.digest,
        "findings": [finding_data(f) for f in a.findings],
        "assumptions": [
            {"name": p.name, "value": p.value, "reason": p.source, "description": p.description}
            for p in a.assumptions
        ],
        "holes": [
            {
                "detector": h.detector,
                "verdict": h.verdict.kind,
                "summary": h.verdict.summary,
                "witness": to_data(dict(getattr(h.verdict, "data", {}))),
                "hits": h.hits,
                "playouts": h.playouts,
                "rules": list(h.rules),
            }
            for h in a.holes
        ],
        "hole_bounds": a.hole_bounds,
    }


def render(analyses: Sequence[GameAnalysis], budget: Budget) -> str:
    doc = {
        "format": FORMAT,
        "budget": {
            "playouts": budget.playouts,
            "examples": budget.examples,
            "rlimit": budget.rlimit,
            "seed": budget.seed,
        },
        "games": {a.game: analysis_data(a) for a in analyses},
    }
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def fingerprint(doc: Any) -> dict[str, tuple[str, str]]:
    """What the regression check compares: for each finding and hole detector, its verdict and summary."""
    out: dict[str, tuple[str, str]] = {}
    for game_id, game in sorted(doc.get("games", {}).items()):
        for f in game.get("findings", []):
            out[f"{game_id}:{f['code']}"] = (f["verdict"], f["summary"])
        for h in game.get("holes", []):
            out[f"{game_id}:{h['detector']}"] = (h["verdict"], h["summary"])
    return out

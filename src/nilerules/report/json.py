"""findings.json: the report as data, for CI (`nilerules check --baseline`).

Format 2 records each game's inputs (``inputs``: the rules version, every param with its value, every ambiguity's
readings and default), so a check can name the input that changed; format 1 recorded only the default readings.
Nothing in it names a file, a path or a time: an unchanged copy of a spec under another name gives the same document.

Each finding's ``impact.rank`` (``low``, ``high``, ``of``) is its rank range in the report's order among every
finding of the document (``findings.ordered``, ``findings.RANK_TEST``): the places the 95 % intervals of strong
play's estimate (``impact.priority``) allow; null for a finding strong play measured nothing for. Each assumed
value's ``at_setup`` counts its paired games whose application point was the setup.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from nilerules.analysis.findings import Finding, RankRange, ordered
from nilerules.analysis.runner import GameAnalysis
from nilerules.build import VERSION
from nilerules.checks.model import Budget
from nilerules.core.codec import to_data
from nilerules.core.log import log_to_json
from nilerules.documents import passage_line
from nilerules.spec_edges import Edge, EdgesFile

FORMAT = "nilerules-findings/2"


def finding_data(f: Finding, rank: RankRange | None = None) -> dict[str, Any]:
    """One finding; its ``impact`` carries ``rank``, the finding's rank range in the report's order (``low``,
    ``high``, ``of``: ``findings.RANK_TEST``), null when strong play measured nothing for it."""
    return {
        "code": f.code,
        "game": f.game,
        "ambiguity": f.ambiguity,
        "title": f.title,
        "kind": f.kind,
        "rules": list(f.rule_ids),
        "quote": f.quote,
        "readings": [
            {
                "name": r.name,
                "description": r.description,
                "outcome": r.outcome,
                "default": r.default,
                "contradicted": r.contradicted,
                "in_witness": r.in_witness,
                "end": r.end.to_data(readings=False) if r.end is not None else None,
            }
            for r in f.readings
        ],
        "verdict": f.verdict,
        "summary": f.summary,
        "witness": to_data(dict(f.witness)),
        "core_rules": list(f.core_rules),
        "method": f.method,
        "searched": f.searched,
        "recommendation": f.recommendation,
        "placement": f.placement,
        "reason": list(f.reason),
        "data": to_data(dict(f.data)),
        "answered_by": f.answered_by,
        "document": f.document,
        "section": f.section,
        "line": passage_line(f.document, f.quote) if f.document else None,
        "default": f.default,
        "impact": {**f.impact.to_data(), "rank": rank.to_data() if rank is not None else None}
        if f.impact is not None
        else None,
        "witness_log": log_to_json(f.witness_log) if f.witness_log is not None else None,
        "witness_source": f.witness_source,
        "witness_words": f.witness_words,
        "constructed": f.constructed,
        "figures_from": f.figures_from,
        "depends_on": [list(pair) for pair in f.depends_on],
    }


_EDGE_FIELDS = (
    "seed", "quote", "why", "finding", "question", "readings", "default", "wording", "param", "variant",
    "variant_unfit", "proof", "solver", "searched", "probe", "players", "modules", "policies", "probe_note", "note",
)
"""The fields of an edges entry findings.json gives, each only when the entry has it."""


def edge_data(e: Edge) -> dict[str, Any]:
    """One (rule, kind) entry: its verdict and what backs it (a quote, a finding, a param, a proof, what was searched),
    its probe; the report runs no probe, so it has no witness (``nilerules edges`` finds them)."""
    data: dict[str, Any] = {"rule": e.rule, "kind": e.kind, "verdict": e.verdict}
    for name in _EDGE_FIELDS:
        value = getattr(e, name)
        if not value:
            continue
        if name == "variant":
            value = to_data(dict(value))
        data[name] = list(value) if isinstance(value, tuple) else value
    if e.seed and e.quote:
        data["line"] = passage_line(e.seed, e.quote)
    return data


def edges_data(edges: EdgesFile) -> dict[str, Any]:
    """A game's edges file: the kind × verdict counts, every entry, the new questions it raised (one per question,
    with every (rule, kind) that raises it) and what it leaves out."""
    questions: dict[str, dict[str, Any]] = {}
    for e in edges.edges:
        if e.is_new_question:
            q = questions.setdefault(e.question, {
                "question": e.question, "readings": list(e.readings), "default": e.default, "wording": e.wording,
                "why": e.why, "where": [],
            })
            q["where"].append({"rule": e.rule, "kind": e.kind})
    return {
        "counts": edges.counts(),
        "total": len(edges.edges),
        "rules": len(edges.rules),
        "skipped": len(edges.skip),
        "entries": [edge_data(e) for e in edges.edges],
        "new_questions": list(questions.values()),
        "missing": [{"key": k, "what": w} for k, w in edges.missing],
    }


def ranks_of(analyses: Sequence[GameAnalysis]) -> dict[tuple[str, str], RankRange | None]:
    """(game, code) -> each finding's rank range among every finding of ``analyses`` (``findings.ordered``)."""
    return {(f.game, f.code): rank for f, rank in ordered([f for a in analyses for f in a.findings])}


def analysis_data(a: GameAnalysis, ranks: Mapping[tuple[str, str], RankRange | None] | None = None) -> dict[str, Any]:
    """One game's part of findings.json; ``ranks`` (``ranks_of``): the findings' rank ranges among the whole report's
    (default: among this game's own)."""
    ranks = ranks_of([a]) if ranks is None else ranks
    impacts = {i.param: i for i in a.assumption_impacts}
    edges = {"edges": edges_data(a.edges)} if a.edges is not None else {}
    return {
        "game": a.game,
        "title": a.title,
        "spec_digest": a.spec.digest,
        "findings": [finding_data(f, ranks.get((f.game, f.code))) for f in a.findings],
        "assumptions": [
            {
                "name": p.name,
                "value": p.value,
                "reason": p.source,
                "description": p.description,
                "impact": impacts[p.name].to_data() if p.name in impacts else None,
            }
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
        **edges,
    }


def inputs_data(a: GameAnalysis) -> dict[str, Any]:
    """What the game's findings were computed from: its rules version, its params and its readings."""
    return {
        "rules_version": a.rules_version,
        "params": {name: to_data(p.value) for name, p in sorted(a.spec.params.items())},
        "readings": {
            amb_id: {"readings": list(amb.reading_names()), "default": amb.default}
            for amb_id, amb in sorted(a.spec.ambiguities.items())
        },
    }


def run_metadata(budget: Budget) -> dict[str, Any]:
    """What makes two reports comparable field by field: the nilerules version and the budget (seeds included)."""
    strong = (
        {"strong_trials": budget.strong_trials, "strong_simulations": budget.strong_simulations}
        if budget.strong_trials
        else {}
    )  # a budget without strong play is written as before it existed
    return {
        "nilerules": VERSION,
        "budget": {
            "playouts": budget.playouts,
            "examples": budget.examples,
            "rlimit": budget.rlimit,
            "seed": budget.seed,
            **strong,
        },
    }


def render(analyses: Sequence[GameAnalysis], budget: Budget) -> str:
    ranks = ranks_of(analyses)
    doc = {
        "format": FORMAT,
        **run_metadata(budget),
        "games": {
            a.game: {**analysis_data(a, ranks), "inputs": inputs_data(a)} for a in analyses
        },
    }
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

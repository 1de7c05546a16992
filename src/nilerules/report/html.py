"""report.html: the report as one self-contained web page (CSS, script and pictures inline; no network).

Rendered from the Jinja2 template in ``templates/`` with autoescaping on: this module only gathers what the template
shows. It reads the findings as findings.json holds them (so the page and the data never disagree, and optional
fields are read defensively), replays witness games and measures score distributions through
``nilerules.analysis.page``, and draws the pictures through ``charts``. The same input gives the same bytes.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

import jinja2
from markupsafe import Markup

from nilerules.analysis.model import Budget
from nilerules.analysis.page import ScoreDistribution, WitnessGame, many_score_distributions, witness_game
from nilerules.analysis.runner import GameAnalysis
from nilerules.analysis.stats import common_span, histogram
from nilerules.core.log import GameLog, log_from_json
from nilerules.errors import NileRulesError
from nilerules.report import charts
from nilerules.report import json as json_report
from nilerules.report.wording import assumed_key, assumed_rows

CLASS_ORDER = ("changes the winner", "changes scores", "changes play only", "unknown", "never matters")
"""The impact classes from the strongest effect to none (issue 11); the summary table sorts by this order."""
CLASS_COLORS = {
    "changes the winner": "#b8332e",
    "changes scores": "#d9661f",
    "changes play only": "#8a6d1f",
    "unknown": "#6b6b6b",
    "never matters": "#2a7a3a",
}
"""The classes' colours, the same as the page's badges (style.css.j2)."""
MEASURED = ("changes the winner", "changes scores")
"""Classes whose findings get a score-distribution chart."""
VERDICT_CLASS = {"witness": "not measured: the readings differ", "proof": "not measured: proved alike",
                 "unknown": "not measured: unknown"}
"""The class column when findings.json carries no measured impact (an older analysis)."""


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("nilerules.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":")}
    return env


def _game_of(analysis: GameAnalysis) -> Any:
    """The game the analysis ran on, loaded with the same spec; None for a game that is not registered (a toy)."""
    from nilerules.games import load_game

    try:
        return load_game(analysis.game, analysis.spec.path)
    except NileRulesError:
        return None


def _witness_log(finding: Any, data: Mapping[str, Any]) -> GameLog | None:
    """The finding's witness as a game log: from the Finding record, else from its findings.json entry."""
    log = getattr(finding, "witness_log", None)
    if isinstance(log, GameLog):
        return log
    raw = data.get("witness_log")
    if raw is None:
        return None
    try:
        return log_from_json(raw if isinstance(raw, str) else json.dumps(raw))
    except NileRulesError:
        return None


def _rate(impact: Mapping[str, Any]) -> tuple[float, float | None, float | None] | None:
    head = impact.get("headline")
    if not isinstance(head, Mapping) or not head.get("trials"):
        return None
    return float(head.get("rate", 0.0)), head.get("low"), head.get("high")


def _where(analysis: GameAnalysis, data: Mapping[str, Any]) -> tuple[str, str]:
    """The document and section the quote comes from: as findings.json names them, else from the spec's rule."""
    spec = analysis.spec
    document, section = str(data.get("document", "")), str(data.get("section", ""))
    if not (document and section):
        rules = {r.id: r for r in spec.rules}
        entry = next((rules[r] for r in data.get("rules", ()) if r in rules), None)
        if entry is not None:
            document, section = document or entry.seed, section or entry.section
    document = document or (spec.seeds[0] if spec.seeds else "")
    named = getattr(spec, "document", None)
    return (str(named(document)) if callable(named) else document), section


def _distribution_chart(dist: ScoreDistribution, code: str) -> Markup:
    span = common_span([scores for _, scores in dist.scores])
    series = [(name, histogram(scores, span=span)) for name, scores in dist.scores if scores]
    svg = charts.distribution_chart(
        series, f"{code}: final scores under each reading", "final score (every seat of every game)", code
    )
    return Markup(svg)  # matplotlib's own SVG, ids prefixed


def short_title(title: str) -> str:
    """A game's name without its qualifiers, for the table and the filters: "Ra, with the Traders module" -> "Ra"."""
    cut = min((i for i in (title.find(","), title.find(" ("), title.find(" with ")) if i > 0), default=len(title))
    return title[:cut].strip() or title


def _impact(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    impact = data.get("impact")
    return impact if isinstance(impact, Mapping) else None


def _class(data: Mapping[str, Any]) -> str:
    impact = _impact(data)
    verdict = str(data.get("verdict", ""))
    return str(impact.get("class")) if impact else VERDICT_CLASS.get(verdict, verdict)


def _wants_distribution(data: Mapping[str, Any]) -> bool:
    """A chart is drawn for a finding with a measured effect on scores (every finding when none is measured)."""
    return _impact(data) is None or _class(data) in MEASURED


def _finding_view(
    analysis: GameAnalysis, finding: Any, data: Mapping[str, Any], game: Any, dist: ScoreDistribution | None
) -> dict[str, Any]:
    impact = _impact(data)
    verdict = str(data.get("verdict", ""))
    cls = _class(data)
    rate = _rate(impact) if impact else None
    if impact is None and dist is not None and dist.games:
        rate = (dist.share_differ, None, None)
    how_often = str(impact.get("how_often", "")) if impact else (
        f"scores differ in {dist.differ} of {dist.games} seeded games" if dist is not None else "not measured"
    )
    chart = _distribution_chart(dist, str(data["code"])) if dist is not None and dist.differ else None
    log = _witness_log(finding, data)
    wgame: WitnessGame | None = witness_game(game, log) if log is not None and game is not None else None
    default = next((r["name"] for r in data.get("readings", ()) if r.get("default")), "")
    document, section = _where(analysis, data)
    return {
        "code": str(data["code"]),
        "anchor": str(data["code"]).lower(),
        "game": analysis.game,
        "game_title": analysis.title,
        "game_name": short_title(analysis.title),
        "title": str(data.get("title", "")),
        "kind": str(data.get("kind", "")),
        "cls": cls,
        "cls_rank": CLASS_ORDER.index(cls) if cls in CLASS_ORDER else len(CLASS_ORDER),
        "rare": bool(impact.get("rare")) if impact else False,
        "alike": bool(impact.get("every_seat_alike")) if impact else False,
        "how_often": how_often,
        "rate": rate[0] if rate else None,
        "rate_interval": (rate[1], rate[2]) if rate and rate[1] is not None and rate[2] is not None else None,
        "impact_note": str(impact.get("note", "")) if impact else "",
        "impact_budget": str(impact.get("budget", "")) if impact else (dist.describe() if dist else ""),
        "recommended": str(data.get("recommended_reading", "") or default),
        "quote": str(data.get("quote", "")),
        "document": document,
        "section": section,
        "readings": [
            {
                "name": str(r.get("name", "")),
                "description": str(r.get("description", "")),
                "outcome": str(r.get("outcome", "")),
                "default": bool(r.get("default")),
                "contradicted": str(r.get("contradicted", "") or ""),
                "in_witness": str(r.get("in_witness", "") or ""),
            }
            for r in data.get("readings", ())
        ],
        "verdict": verdict,
        "method": str(data.get("method", "")),
        "summary": str(data.get("summary", "")),
        "searched": str(data.get("searched", "")),
        "wording": str(data.get("recommendation", "")),
        "answered_by": str(data.get("answered_by", "") or ""),
        "constructed": bool(data.get("constructed")),
        "depends_on": [list(d) if isinstance(d, list | tuple) else [str(d)] for d in data.get("depends_on", ())],
        "witness": data.get("witness") or {},
        "witness_words": str(data.get("witness_words", "") or ""),
        "witness_source": str(data.get("witness_source", "") or ""),
        "witness_game": wgame.to_data() if wgame is not None else None,
        "chart": chart,
        "chart_note": dist.describe() if dist is not None and chart is not None else "",
    }


def _frequency_chart(findings: Sequence[Mapping[str, Any]], measured: bool) -> Markup | None:
    shown = sorted(
        (f for f in findings if f["rate"] is not None and f["rate"] > 0), key=lambda f: (-f["rate"], f["code"])
    )
    if not shown:
        return None
    rows = []
    for f in shown:
        low, high = f["rate_interval"] or (None, None)
        rows.append(charts.Bar(f["code"], float(f["rate"]), low, high, f["cls"]))
    title = "How often each finding matters in play" if measured else "How often the scores differ in seeded games"
    return Markup(charts.frequency_chart(rows, title, "frequency", CLASS_COLORS))


def page_model(
    analyses: Sequence[GameAnalysis], budget: Budget, games: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Everything the template shows, as plain data. ``games`` maps a game id to its game object (default: each game
    loaded with the spec its analysis used)."""
    doc = json.loads(json_report.render(analyses, budget))
    loaded = {a.game: games[a.game] if games and a.game in games else _game_of(a) for a in analyses}
    entries = [(a, data) for a in analyses for data in doc["games"][a.game]["findings"]]
    wanted = [
        (a.game, str(data["code"]))
        for a, data in entries
        if loaded[a.game] is not None and _wants_distribution(data)
    ]
    by_code = {(a.game, str(data["code"])): str(data["ambiguity"]) for a, data in entries}
    dists = dict(zip(wanted, many_score_distributions([(loaded[g], by_code[(g, c)]) for g, c in wanted], budget),
                     strict=True))
    records = {(a.game, f.code): f for a in analyses for f in a.findings}
    findings = [
        _finding_view(a, records.get((a.game, data["code"])), data, loaded[a.game], dists.get((a.game, data["code"])))
        for a, data in entries
    ]
    shown = [
        {"id": a.game, "title": a.title, "name": short_title(a.title), "count": len(doc["games"][a.game]["findings"])}
        for a in analyses
    ]
    measured = any(not f["cls"].startswith("not measured") for f in findings)
    findings.sort(key=lambda f: (f["cls_rank"], -(f["rate"] or 0.0), f["code"]))
    classes = sorted({f["cls"] for f in findings}, key=lambda c: (CLASS_ORDER.index(c) if c in CLASS_ORDER else 99, c))
    assumed = [
        {"game": a.game, "game_name": short_title(a.title), **dataclasses.asdict(row)}
        for a in analyses
        for row in assumed_rows(doc["games"][a.game].get("assumptions", ()))
    ]
    return {
        "budget": doc.get("budget", {}),
        "games": shown,
        "assumed": assumed,
        "assumed_key": assumed_key(),
        "assumed_budgets": [
            {"name": short_title(a.title), "budget": budget}
            for a in analyses
            for budget in dict.fromkeys(r["budget"] for r in assumed if r["game"] == a.game and r["budget"])
        ],
        "classes": classes,
        "findings": findings,
        "measured": measured,
        "frequency_chart": _frequency_chart(findings, measured),
    }


def render(analyses: Sequence[GameAnalysis], budget: Budget, games: Mapping[str, Any] | None = None) -> str:
    """The whole page as text (UTF-8 when written)."""
    template = _environment().get_template("report.html.j2")
    return template.render(**page_model(analyses, budget, games))

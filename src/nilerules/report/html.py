"""report.html: the report as one self-contained web page (CSS, script and pictures inline; no network).

Rendered from the Jinja2 template in ``templates/`` with autoescaping on: this module only gathers what the template
shows. It reads the findings as findings.json holds them (so the page and the data never disagree, and optional
fields are read defensively), replays witness games and measures score distributions through
``nilerules.analysis.page``, and draws the pictures through ``charts``. The heavy parts (each finding's score
distribution, its chart and its witness game step by step, and the frequency chart) are chunks of the parallel layer
(``analysis.parallel.run_chunks``): one chunk per finding, which names its game by a ``GameRef``, so they run where
the ``using`` block says and come back in chunk order. The same input gives the same bytes for any execution.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from nilerules.analysis.findings import FIGURE_SOURCES, RankRange, ordered
from nilerules.analysis.impact import CLASSES, Rate
from nilerules.analysis.page import (
    ScoreDistribution,
    distribution_games,
    impact_evidence,
    score_distributions,
    witness_evidence,
    witness_game,
)
from nilerules.analysis.parallel import GameRef, game_source, resolve, run_chunks
from nilerules.analysis.runner import GameAnalysis
from nilerules.analysis.stats import common_span, histogram
from nilerules.checks.model import Budget
from nilerules.core.log import GameLog, log_from_json
from nilerules.documents import anchor, bundled_document, document_path
from nilerules.errors import NileRulesError
from nilerules.report import charts
from nilerules.report import json as json_report
from nilerules.report.wording import (
    UNMET_MARK,
    assumed_key,
    assumed_rows,
    play_cells,
    rate_cell,
    source_href,
)
from nilerules.spec_edges import KINDS, VERDICTS

CLASS_ORDER = CLASSES
"""The impact classes from the strongest effect to none (issue 11); the summary table sorts by this order."""
CLASS_COLORS = {
    "changes the winner": "#b8332e",
    "changes scores": "#d9661f",
    "changes play only": "#8a6d1f",
    "no difference seen": "#6b6b6b",
    "never matters": "#2a7a3a",
    "the text decides": "#3a5f8a",
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
    """The game the analysis ran on, with the same spec (the one this process already loaded for it, when the
    analysis ran here: ``GameRef.load`` keeps one per process); None for a game that is not registered (a toy)."""
    try:
        return GameRef(analysis.game, str(Path(analysis.spec.path))).load().game
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


Rate3 = tuple[float, float | None, float | None]
"""How often a finding shows, with the ends of its 95 % interval when measured."""


def _rate_cell(impact: Mapping[str, Any] | None) -> str:
    """The frequency as the markdown's table gives it: hits of paired games, then the 95 % interval."""
    head = impact.get("headline") if impact else None
    if not isinstance(head, Mapping) or not head.get("trials"):
        return ""
    return rate_cell(Rate(int(head.get("hits", 0)), int(head["trials"])))


def _rate(impact: Mapping[str, Any]) -> Rate3 | None:
    head = impact.get("headline")
    if not isinstance(head, Mapping) or not head.get("trials"):
        return None
    return float(head.get("rate", 0.0)), head.get("low"), head.get("high")


def _interval(rate: Rate3 | None) -> tuple[float, float] | None:
    """The 95 % interval of a rate when both its ends are known."""
    return (rate[1], rate[2]) if rate is not None and rate[1] is not None and rate[2] is not None else None


def _split(rate: Rate3 | None) -> tuple[float | None, tuple[float, float] | None]:
    """A rate as the frequency chart's bars take it: how often, then the interval when both ends are known."""
    return (rate[0] if rate is not None else None), _interval(rate)


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


def _distribution_chart(dist: ScoreDistribution, code: str) -> str:
    span = common_span([scores for _, scores in dist.scores])
    series = [(name, histogram(scores, span=span)) for name, scores in dist.scores if scores]
    return charts.distribution_chart(
        series, f"{code}: final scores under each reading", "final score (every seat of every game)", code
    )


# -- the heavy parts, drawn in chunks ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FindingWork:
    """What one chunk draws for one finding: the score distribution under each reading and its chart, and the
    witness game step by step."""

    source: Any
    """What names the game: a ``GameRef`` (workers load the game) or the game module itself (a toy)."""
    code: str
    ambiguity: str
    budget: Budget
    distribution: bool
    """Measure the score distribution (and draw it when the readings' scores differ)."""
    log: GameLog | None
    """The witness to replay, or None."""
    evidence: Mapping[str, Any] | None = None
    """The impact's evidence record ({policy, seed, config, step, reading}) to replay, else None (then the witness
    game is continued under each reading: ``analysis.page.witness_evidence``)."""


@dataclass(frozen=True, slots=True)
class FrequencyWork:
    """What one chunk draws for the whole page: the frequency chart."""

    rows: tuple[charts.Bar, ...]
    title: str


@dataclass(frozen=True, slots=True)
class Drawn:
    """What a chunk gives back: a finding's distribution, chart (SVG) and witness game as data, or the frequency
    chart alone."""

    dist: ScoreDistribution | None = None
    chart: str | None = None
    witness: dict[str, Any] | None = None
    evidence: dict[str, Any] | None = None


def draw(work: FindingWork | FrequencyWork) -> Drawn:
    """One chunk of the page's heavy parts (module-level, so it runs in any process)."""
    if isinstance(work, FrequencyWork):
        return Drawn(chart=charts.frequency_chart(work.rows, work.title, "frequency", CLASS_COLORS))
    game = resolve(work.source).game
    dist = score_distributions(game, work.ambiguity, work.budget) if work.distribution else None
    chart = _distribution_chart(dist, work.code) if dist is not None and dist.differ else None
    wgame = witness_game(game, work.log) if work.log is not None else None
    try:  # a witness log that does not replay under this spec has no evidence (the finding says why)
        if work.evidence is not None:
            evidence = impact_evidence(game, work.ambiguity, work.evidence, work.budget)
        else:
            evidence = witness_evidence(game, work.ambiguity, work.log, work.budget) if work.log is not None else None
    except NileRulesError:
        evidence = None
    shown = evidence_view(evidence.to_data()) if evidence is not None else None
    if shown is not None and work.evidence is not None:  # what the measurement says of the point and the pair
        shown.update(kind=str(work.evidence.get("kind", "") or ""), effect=str(work.evidence.get("effect", "") or ""))
    return Drawn(dist, chart, wgame.to_data() if wgame is not None else None, shown)


EVIDENCE_MOVES = 12
"""Moves of each continuation the page lists past the point where the continuations part (and of the moves before
the application point, the last ones): the page stays small; the seed, config and step replay the rest."""


def evidence_view(data: dict[str, Any]) -> dict[str, Any]:
    """An evidence game as the page shows it: the last moves before the application point, and each continuation up
    to ``EVIDENCE_MOVES`` past the first move where the continuations differ (``parts_at``, None when every
    continuation makes the same moves: then its first moves)."""
    conts = data["continuations"]
    lists = [[tuple(m) for m in c.pop("moves")] for c in conts]
    first = lists[0] if lists else []
    partings = [
        next((i for i, (a, b) in enumerate(zip(moves, first, strict=False)) if a != b), min(len(moves), len(first)))
        for moves in lists
        if moves != first
    ]
    parts = min(partings) if partings else None
    for c, moves in zip(conts, lists, strict=True):
        c["parts_at"] = parts if parts is not None and parts < len(moves) else None
        c["shown"] = [list(m) for m in moves[: (parts or 0) + EVIDENCE_MOVES]]
        c["more"] = len(moves) - len(c["shown"])
    before = data.pop("before")
    data["before_shown"] = before[-EVIDENCE_MOVES:]
    data["before_more"] = len(before) - len(data["before_shown"])
    data["parts_at"] = parts
    data.setdefault("kind", "")
    data.setdefault("effect", "")
    return data


def _weight(game: Any, work: FindingWork | FrequencyWork) -> int:
    """A chunk's share of the progress bar: the games it plays (at least 1)."""
    if isinstance(work, FrequencyWork) or not work.distribution:
        return 1
    return distribution_games(work.budget) * len(game.spec.ambiguities[work.ambiguity].readings)


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


def _rate_of(data: Mapping[str, Any], dist: ScoreDistribution | None) -> Rate3 | None:
    """How often the finding shows (with its interval when measured): the measured impact's headline, else the share
    of the seeded games whose scores differ."""
    impact = _impact(data)
    if impact is not None:
        return _rate(impact)
    return (dist.share_differ, None, None) if dist is not None and dist.games else None


def figures_label(data: Mapping[str, Any]) -> str:
    """Where a finding's "Gives" figures were computed, in words, when that is not the witness game the page shows
    (a written position or a solver model beside a game met in play, or a witness that is no game); empty when they
    come from the game shown."""
    source = str(data.get("figures_from", "") or "")
    if source in ("", "game") or (source == "proof" and not data.get("witness_log")):
        return ""
    return FIGURE_SOURCES.get(source, source)


def _rank(impact: Mapping[str, Any] | None) -> RankRange | None:
    """A finding's rank range as findings.json holds it (``impact.rank``), or None when it is not ranked."""
    data = impact.get("rank") if impact is not None else None
    if not isinstance(data, Mapping):
        return None
    return RankRange(int(data["low"]), int(data["high"]), int(data["of"]))


def _rank_cell(impact: Mapping[str, Any] | None) -> str:
    """``3`` or ``3–9`` as the markdown's table gives it; — when not ranked."""
    rank = _rank(impact)
    return rank.cell() if rank is not None else "—"


def _rank_words(impact: Mapping[str, Any] | None) -> str:
    """``ranks 3–9 of 97``, or why there is no rank."""
    rank = _rank(impact)
    return rank.words() if rank is not None else "not ranked: strong play measured nothing for it"


def _finding_view(analysis: GameAnalysis, data: Mapping[str, Any], drawn: Drawn) -> dict[str, Any]:
    impact = _impact(data)
    verdict = str(data.get("verdict", ""))
    cls = _class(data)
    dist = drawn.dist
    rate = _rate_of(data, dist)
    how_often = str(impact.get("how_often", "")) if impact else (
        f"scores differ in {dist.differ} of {dist.games} seeded games" if dist is not None else "not measured"
    )
    chart = Markup(drawn.chart) if drawn.chart is not None else None  # matplotlib's own SVG, ids prefixed
    default = next((r["name"] for r in data.get("readings", ()) if r.get("default")), "")
    document, section = _where(analysis, data)
    return {
        "code": str(data["code"]),
        "anchor": str(data["code"]).lower(),  # the page links here; the heading inside carries the code as written
        "game": analysis.game,
        "game_title": analysis.title,
        "game_name": short_title(analysis.title),
        "title": str(data.get("title", "")),
        "kind": str(data.get("kind", "")),
        "cls": cls,
        "cls_rank": CLASS_ORDER.index(cls) if cls in CLASS_ORDER else len(CLASS_ORDER),
        "rank": _rank_cell(impact),
        "rank_words": _rank_words(impact),
        "rare": bool(impact.get("rare")) if impact else False,
        "alike": bool(impact.get("every_seat_alike")) if impact else False,
        "how_often": how_often,
        "rate": rate[0] if rate else None,
        "rate_interval": _interval(rate),
        "rate_n": _trials(data) if _impact(data) is not None else (dist.games if dist is not None else None),
        "rate_cell": _rate_cell(impact),
        "strong_cell": play_cells(impact)[0],
        "context_cell": play_cells(impact)[1],
        "unmet": str(impact.get("unmet_by_strong", "") or "") if impact else "",
        "impact_note": str(impact.get("note", "")) if impact else "",
        "impact_budget": str(impact.get("budget", "")) if impact else (dist.describe() if dist else ""),
        "recommended": str(data.get("recommended_reading", "") or default),
        "quote": str(data.get("quote", "")),
        "document": document,
        "section": section,
        "source_href": source_href(str(data.get("document", "")), data.get("line")),
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
        "placement": str(data.get("placement", "") or ""),
        "reason": " ".join(str(s) for s in data.get("reason", ()) or ()),
        "answered_by": str(data.get("answered_by", "") or ""),
        "constructed": bool(data.get("constructed")),
        "depends_on": [list(d) if isinstance(d, list | tuple) else [str(d)] for d in data.get("depends_on", ())],
        "witness": data.get("witness") or {},
        "witness_words": str(data.get("witness_words", "") or ""),
        "witness_source": str(data.get("witness_source", "") or ""),
        "figures_label": figures_label(data),
        "witness_game": drawn.witness,
        "evidence": drawn.evidence,
        "chart": chart,
        "chart_note": dist.describe() if dist is not None and chart is not None else "",
    }


Bars = Sequence[tuple[str, str, float | None, tuple[float, float] | None, int | None]]
"""Each finding's code, class, how often it shows, the 95 % interval when measured, and over how many games."""


def _trials(data: Mapping[str, Any]) -> int | None:
    """The paired games a finding's headline frequency is counted over (None when not measured)."""
    impact = _impact(data)
    head = impact.get("headline") if impact else None
    return int(head["trials"]) if isinstance(head, Mapping) and head.get("trials") else None


def _frequency(rows: Bars, measured: bool) -> FrequencyWork | None:
    """The frequency chart's bars, most frequent first (ties by code); None when no finding shows at all."""
    shown = sorted(((c, k, r, i, n) for c, k, r, i, n in rows if r is not None and r > 0),
                   key=lambda x: (-x[2], x[0]))
    if not shown:
        return None
    bars = tuple(
        charts.Bar(code, float(rate), interval[0] if interval else None, interval[1] if interval else None, cls, n)
        for code, cls, rate, interval, n in shown
    )
    title = "How often each finding matters in play" if measured else "How often the scores differ in seeded games"
    return FrequencyWork(bars, title)


def _plan(
    analyses: Sequence[GameAnalysis],
    entries: Sequence[tuple[GameAnalysis, Mapping[str, Any]]],
    loaded: Mapping[str, Any],
    budget: Budget,
    frequency: FrequencyWork | None,
) -> tuple[list[FindingWork | FrequencyWork], list[int], list[int | None]]:
    """The chunks that draw the page's heavy parts (the frequency chart first, the largest single chart), their
    weights, and for each finding the index of its chunk (None: nothing to draw, or its game is not loaded)."""
    from nilerules.checks import GameModule

    records = {(a.game, f.code): f for a in analyses for f in a.findings}
    work: list[FindingWork | FrequencyWork] = [frequency] if frequency is not None else []
    weights = [1] * len(work)
    slots: list[int | None] = []
    sources: dict[str, Any] = {}
    for a, data in entries:
        game = loaded[a.game]
        log = _witness_log(records.get((a.game, data["code"])), data) if game is not None else None
        wanted = game is not None and _wants_distribution(data)
        impact = _impact(data)
        record = impact.get("evidence") if impact is not None else None
        evidence = record if isinstance(record, Mapping) else None
        if game is None or not (wanted or log is not None or evidence is not None):
            slots.append(None)
            continue
        if a.game not in sources:
            sources[a.game] = game_source(GameModule(game, {}, {}))  # workers load the game, not receive it
        item = FindingWork(sources[a.game], str(data["code"]), str(data["ambiguity"]), budget, wanted, log, evidence)
        slots.append(len(work))
        work.append(item)
        weights.append(_weight(game, item))
    return work, weights, slots


def page_model(
    analyses: Sequence[GameAnalysis], budget: Budget, games: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Everything the template shows, as plain data. ``games`` maps a game id to its game object (default: each game
    loaded with the spec its analysis used).

    The heavy parts are drawn in one batch of chunks through ``run_chunks`` (the execution set by
    ``analysis.parallel.using``; in process by default): one chunk per finding that has a distribution or a witness
    game, and the frequency chart, whose bars are known before any chunk runs when every finding carries its
    measured impact (an older analysis without one draws it afterwards, from the seeded games' shares)."""
    doc = json.loads(json_report.render(analyses, budget))
    loaded = {a.game: games[a.game] if games and a.game in games else _game_of(a) for a in analyses}
    entries = [(a, data) for a in analyses for data in doc["games"][a.game]["findings"]]
    measured = any(not _class(data).startswith("not measured") for _, data in entries)
    known = all(_impact(data) is not None for _, data in entries)
    frequency = (
        _frequency([(str(d["code"]), _class(d), *_split(_rate_of(d, None)), _trials(d)) for _, d in entries],
                   measured)
        if known
        else None
    )
    work, weights, slots = _plan(analyses, entries, loaded, budget, frequency)
    drawn = run_chunks(draw, work, sizes=weights, unit="games", label="report.html")
    findings = [
        _finding_view(a, data, drawn[slot] if slot is not None else Drawn())
        for (a, data), slot in zip(entries, slots, strict=True)
    ]
    if frequency is not None:
        frequency_chart = drawn[0].chart
    elif known:
        frequency_chart = None  # no finding shows in play
    else:  # an older analysis: the bars need the seeded games' shares, known only now
        late = _frequency([(f["code"], f["cls"], f["rate"], f["rate_interval"], f["rate_n"]) for f in findings],
                          measured)
        frequency_chart = run_chunks(draw, [late])[0].chart if late is not None else None
    shown = [
        {"id": a.game, "title": a.title, "name": short_title(a.title), "count": len(doc["games"][a.game]["findings"]),
         "impact_budget": next((f.impact.budget for f in a.findings if f.impact is not None), "")}
        for a in analyses
    ]
    order = {(f.game, f.code): i for i, (f, _) in enumerate(ordered([f for a in analyses for f in a.findings]))}
    for f in findings:
        f["order"] = order.get((f["game"], f["code"]), len(order))
    findings.sort(key=lambda f: (f["order"], f["code"]))  # the markdown table's order (findings.ordered)
    classes = sorted({f["cls"] for f in findings}, key=lambda c: (CLASS_ORDER.index(c) if c in CLASS_ORDER else 99, c))
    assumed = [
        {"game": a.game, "game_name": short_title(a.title), **dataclasses.asdict(row)}
        for a in analyses
        for row in assumed_rows(doc["games"][a.game].get("assumptions", ()))
    ]
    edges = [(a, doc["games"][a.game]["edges"]) for a in analyses if "edges" in doc["games"][a.game]]
    return {
        "edges": [_edge_row(a, e) for a, data in edges for e in data["entries"]],
        "edges_games": [
            {"id": a.game, "name": short_title(a.title), "total": data["total"], "rules": data["rules"],
             "counts": data["counts"], "questions": data["new_questions"], "missing": len(data["missing"])}
            for a, data in edges
        ],
        "edge_kinds": list(KINDS),
        "edge_verdicts": list(VERDICTS),
        "budget": doc.get("budget", {}),
        "games": shown,
        "assumed": assumed,
        "assumed_key": assumed_key(),
        "unmet_mark": UNMET_MARK,
        "assumed_budgets": [
            {"name": short_title(a.title), "budget": budget}
            for a in analyses
            for budget in dict.fromkeys(r["budget"] for r in assumed if r["game"] == a.game and r["budget"])
        ],
        "classes": classes,
        "findings": findings,
        "measured": measured,
        "frequency_chart": Markup(frequency_chart) if frequency_chart is not None else None,
    }


def _edge_row(analysis: GameAnalysis, e: Mapping[str, Any]) -> dict[str, Any]:
    """One row of the page's edges table: what backs the verdict, in words, and the probe."""
    verdict = e["verdict"]
    if verdict == "decided":
        basis = f"“{e['quote']}” ({analysis.spec.document(e['seed'])}): {e['why']}"
    elif verdict == "finding":
        basis = f"{e['finding']}: {e.get('why', '')}" if "finding" in e else f"New question: {e['question']} {e['why']}"
    elif verdict == "assumed":
        variant = ", ".join(f"{k} = {json.dumps(v)}" for k, v in sorted(e.get("variant", {}).items()))
        unfit = "; ".join(e.get("variant_unfit", ()))
        if unfit:  # an edited spec's values no longer fit the variant (spec_edges.Edge.variant_unfit)
            also = f" (the variant {variant} does not fit this spec's values, not examined: {unfit})"
        else:
            also = f" (examined under the variant {variant} too)" if variant else ""
        basis = f"{e['param']}: {e['why']}{also}"
    elif verdict == "unreachable":
        basis = e["proof"] + (f" ({e['solver']})" if "solver" in e else "")
    else:
        basis = f"searched: {e['searched']}"
    return {
        "game": analysis.game, "game_name": short_title(analysis.title), "rule": e["rule"], "kind": e["kind"],
        "verdict": verdict, "finding": e.get("finding", ""), "basis": basis, "probe": e.get("probe", ""),
        "probe_note": e.get("probe_note", ""),
    }


def documents_page(analyses: Sequence[GameAnalysis]) -> str:
    """documents.html: every seed and reference file the analysed specs name, each line with its anchor, so that a
    finding's source opens at the passage it quotes."""
    names = [n for n in dict.fromkeys(n for a in analyses for n in (*a.spec.seeds, *a.spec.references))
             if document_path(n).is_file()]  # a toy game's documents are not the package's
    titles = {n: a.spec.document(n) for a in analyses for n in (*a.spec.seeds, *a.spec.references)}
    documents = [
        {
            "name": name,
            "title": titles[name],
            "anchor": anchor(name),
            "lines": [(anchor(name, number), number, text) for number, text in
                      enumerate(bundled_document(name).text.splitlines(), start=1)],
        }
        for name in names
    ]
    return _environment().get_template("documents.html.j2").render(documents=documents)


def render(analyses: Sequence[GameAnalysis], budget: Budget, games: Mapping[str, Any] | None = None) -> str:
    """The whole page as text (UTF-8 when written)."""
    template = _environment().get_template("report.html.j2")
    return template.render(**page_model(analyses, budget, games))

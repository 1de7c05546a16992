"""The report's "Edges examined" (issue 31): per game with an edges file, the kind × verdict counts and the new
questions in ambiguities.md, every entry in findings.json (``games.<id>.edges``), a filterable table on the page; a
game without a file has no section. Expected counts are read from the edges file with tomllib, not from the loader."""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from nilerules.analysis.edges import bundled_edges
from nilerules.analysis.runner import GameAnalysis
from nilerules.checks.model import Budget
from nilerules.report import html, markdown
from nilerules.report import json as json_report
from nilerules.specs import load_spec

SPECS = Path(__file__).resolve().parents[2] / "specs"


def analysis(game: str, with_edges: bool = True) -> GameAnalysis:
    """A bundled game's analysis with no findings: its assumed data and (unless told) its edges file."""
    spec = load_spec(SPECS / f"{game}.toml")
    edges = bundled_edges(spec) if with_edges else None
    return GameAnalysis(spec.game, spec.title, spec, (), (), spec.assumed(), "", edges=edges)


def raw_edges(game: str) -> list[dict[str, Any]]:
    edges: list[dict[str, Any]] = tomllib.loads((SPECS / f"{game}.edges.toml").read_text(encoding="utf-8"))["edge"]
    return edges


def test_findings_json_gives_every_entry_and_the_counts() -> None:
    """Ra: one entry per [[edge]] of the file, in its order, each with its rule, kind and verdict; the counts agree
    with a tally of the file; a decided entry carries its quote and the line it starts on."""
    doc = json.loads(json_report.render([analysis("ra")], Budget.quick()))
    data = doc["games"]["ra"]["edges"]
    raw = raw_edges("ra")
    assert [(e["rule"], e["kind"], e["verdict"]) for e in data["entries"]] == [
        (e["rule"], e["kind"], e["verdict"]) for e in raw
    ]
    tally = Counter((e["kind"], e["verdict"]) for e in raw)
    assert {(k, v): n for k, row in data["counts"].items() for v, n in row.items() if n} == dict(tally)
    decided = [e for e in data["entries"] if e["verdict"] == "decided"]
    assert decided and all(e["quote"] and isinstance(e["line"], int) for e in decided)
    assert data["missing"] == []


def test_new_questions_are_listed_once_with_every_place_they_arise() -> None:
    """An inline question asked by several entries (same text) is one question naming each (rule, kind)."""
    doc = json.loads(json_report.render([analysis("ra")], Budget.quick()))
    questions = doc["games"]["ra"]["edges"]["new_questions"]
    raw = [e for e in raw_edges("ra") if "question" in e]
    assert sorted(q["question"] for q in questions) == sorted({e["question"] for e in raw})
    assert sum(len(q["where"]) for q in questions) == len(raw)


def test_markdown_has_the_section_with_the_total() -> None:
    """ambiguities.md: "### Edges examined" under Ra, whose table's total row sums to the file's entries."""
    text = markdown.render([analysis("ra")], Budget.quick())
    section = text.split("### Edges examined", 1)[1].split("\n## ", 1)[0]
    total = re.search(r"\| \*\*total\*\* \|(.*)\| (\d+) \|", section)
    assert total is not None and int(total.group(2)) == len(raw_edges("ra"))
    assert "New questions this pass raised:" in section


def test_a_game_without_an_edges_file_has_no_section() -> None:
    """No file (edges None): no heading, no findings.json key, no table on the page."""
    bare = analysis("ra", with_edges=False)
    assert "Edges examined" not in markdown.render([bare], Budget.quick())
    assert "edges" not in json.loads(json_report.render([bare], Budget.quick()))["games"]["ra"]
    assert 'id="edges"' not in html.render([bare], Budget.quick())


def test_the_page_has_a_filterable_row_per_entry() -> None:
    """report.html: the edges table has one row per entry with the game, kind and verdict the filters read, and the
    filter form offers every kind and verdict."""
    page = html.render([analysis("ra")], Budget.quick())
    rows = re.findall(r'<tr data-game="ra" data-kind="([a-z_]+)" data-verdict="([a-z]+)"', page)
    assert rows == [(e["kind"], e["verdict"]) for e in raw_edges("ra")]
    for name in ("edges-filter-game", "edges-filter-kind", "edges-filter-verdict", "edges-filter-text"):
        assert f'id="{name}"' in page
    assert '<option value="visibility">' in page and '<option value="unreachable">' in page

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
    unreachable = [e for e in raw_edges("ra") if e["verdict"] == "unreachable"]
    listed = section.split("Unreachable, and how that is known:", 1)[1].split("\n\n", 1)[0]
    assert len(unreachable) == listed.count("\n- ")
    assert all(e["proof"] in section for e in unreachable)


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


def test_a_variant_an_edited_spec_no_longer_fits_is_said_not_examined(tmp_path: Path) -> None:
    """Sobek with 4 rounds (deliveries resized): the file's variant `deliveries = [2, 2, 2]` (one item a round of the
    bundled 3; specs/sobek.toml gives deliveries `length = "rounds"`) does not fit. findings.json gives the reason on
    the entry, ambiguities.md's line for it and the page's row say it is not examined; the bundled spec's report
    says nothing of the kind."""
    text = (SPECS / "sobek.toml").read_text(encoding="utf-8")
    for name, value in (("rounds", 4), ("deliveries", [6] * 4), ("deliveries_two_players", [5] * 4)):
        at = text.index("\nvalue = ", text.index(f"\n[params.{name}]\n")) + 1
        text = text[:at] + f"value = {value}" + text[text.index("\n", at):]
    (tmp_path / "sobek.toml").write_text(text, encoding="utf-8")
    spec = load_spec(tmp_path / "sobek.toml")
    edited = GameAnalysis(spec.game, spec.title, spec, (), (), spec.assumed(), "", edges=bundled_edges(spec))
    why = "deliveries: expected a list of length 4, found 3 items"
    entries = json.loads(json_report.render([edited], Budget.quick()))["games"]["sobek"]["edges"]["entries"]
    [entry] = [e for e in entries if e["rule"] == "sobek.market.deliveries"]
    assert entry["variant_unfit"] == [why]
    [line] = [x for x in markdown.render([edited], Budget.quick()).splitlines()
              if x.startswith("- `sobek.market.deliveries` (exhausted)")]
    assert line.endswith(f"**Not examined:** the variant does not fit this spec's values ({why}).")
    assert f"values, not examined: {why}" in html.render([edited], Budget.quick())
    bundled = analysis("sobek")
    assert "Not examined" not in markdown.render([bundled], Budget.quick())
    assert "variant_unfit" not in json_report.render([bundled], Budget.quick())

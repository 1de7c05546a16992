"""report.html on the toy game: self-contained, escaped, deterministic; its charts are deterministic SVG."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from nilerules.analysis.parallel import Execution, using
from nilerules.analysis.runner import GameAnalysis, analyse
from nilerules.analysis.stats import histogram
from nilerules.checks import GameModule
from nilerules.checks.model import Budget
from nilerules.report import charts, html, markdown
from nilerules.report import json as json_report
from nilerules.specs import load_spec
from tests.toys import nim, tally

GAMES = {"nim": nim.make_game()}
SPECS = Path(__file__).resolve().parents[2] / "specs"


def _analysis() -> GameAnalysis:
    return analyse(GameModule(GAMES["nim"], nim.CHECKS, nim.QUERIES), Budget.quick())


def test_page_names_every_finding_and_is_the_same_bytes_twice() -> None:
    """The toy's one finding NIM-001 is in the table and has its section; rendering twice gives identical text."""
    analyses = [_analysis()]
    first = html.render(analyses, Budget.quick(), GAMES)
    second = html.render([_analysis()], Budget.quick(), GAMES)
    assert first == second
    assert 'data-code="NIM-001"' in first
    assert 'id="nim-001"' in first


def test_page_loads_nothing_from_anywhere() -> None:
    """No external script, style, image or font: no src= or <link>, no @import, no url() to another file."""
    page = html.render([_analysis()], Budget.quick(), GAMES)
    assert re.search(r"\bsrc\s*=", page) is None
    assert "<link" not in page
    assert "@import" not in page
    assert re.findall(r"url\((?!#)", page) == []


def test_page_escapes_text_from_the_spec() -> None:
    """A quote holding markup is shown as text, never run: '<script>' becomes '&lt;script&gt;'."""
    model = html.page_model([_analysis()], Budget.quick(), GAMES)
    model["findings"][0]["quote"] = "<script>alert(1)</script>"
    page = html._environment().get_template("report.html.j2").render(**model)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page


def test_distribution_chart_is_deterministic_svg_with_its_own_ids() -> None:
    """The same figures give the same bytes; two charts with different keys share no element id."""
    series = [("a", histogram([1, 2, 2], span=(0, 4))), ("b", histogram([3, 4], span=(0, 4)))]
    one = charts.distribution_chart(series, "t", "x", "NIM-001")
    assert one == charts.distribution_chart(series, "t", "x", "NIM-001")
    assert one.startswith("<svg") and "<metadata>" not in one
    other = charts.distribution_chart(series, "t", "x", "NIM-002")
    ids_one = set(re.findall(r'\bid="([^"]+)"', one))
    ids_other = set(re.findall(r'\bid="([^"]+)"', other))
    assert ids_one and ids_other and not ids_one & ids_other
    for ref in re.findall(r"url\(#([^)]+)\)", one):
        assert ref in ids_one


def test_frequency_chart_labels_each_row_with_its_share() -> None:
    """Shares 0.5 and 0.25 are written as '50 %' and '25 %' beside their bars."""
    svg = charts.frequency_chart([charts.Bar("A-1", 0.5, 0.3, 0.7), charts.Bar("A-2", 0.25)], "how often", "freq")
    assert "50 %" in svg and "25 %" in svg


def test_frequency_chart_says_how_many_games_each_share_is_counted_over() -> None:
    """Issue 32, item 8: a 100 % bar from 2 paired games says '100 % of 2', with its interval line; a bar without a
    known count keeps the share alone."""
    svg = charts.frequency_chart([charts.Bar("A-1", 1.0, 0.342, 1.0, n=2), charts.Bar("A-2", 0.25)], "how often",
                                 "freq")
    assert "100 % of 2" in svg and "25 %" in svg and "25 % of" not in svg


def test_short_titles_drop_the_qualifiers_of_the_games_titles() -> None:
    """The four bundled titles (specs/*.toml meta.title) shorten to the games' names; a plain title stays whole."""
    titles = [
        "Ra, with the Traders module",
        "Nile Artefacts (Nile Artifacts), the whole game",
        "Sobek (seed 002)",
        "Nefertiti with its expansion (Memphis Harbor)",
        "Dice Nim",
    ]
    assert [html.short_title(t) for t in titles] == ["Ra", "Nile Artefacts", "Sobek", "Nefertiti", "Dice Nim"]


def test_findings_without_measured_impact_show_the_seeded_games_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """A findings.json without impact (an older analysis): the class says 'not measured', and how often is the share
    of the seeded games whose scores differ — every Dice Nim game, since the reading moves the win one seat on."""
    real = json_report.render

    def without_impact(analyses: Sequence[GameAnalysis], budget: Budget) -> str:
        doc = json.loads(real(analyses, budget))
        for game in doc["games"].values():
            for f in game["findings"]:
                f.pop("impact", None)
        return json.dumps(doc)

    monkeypatch.setattr(json_report, "render", without_impact)
    model = html.page_model([_analysis()], Budget.quick(), GAMES)
    (finding,) = model["findings"]
    assert finding["cls"] == "not measured: the readings differ"
    assert finding["rate"] == 1.0
    assert finding["chart"] is not None
    assert model["measured"] is False


class _AssumedTable(HTMLParser):
    """The rows of the page's assumed-data table (``table#assumed``): each row's attributes, and per cell its text
    and the text of each ``<code>`` in it, as a browser reads them (entities decoded)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[dict[str, Any]] = []
        self._table = self._body = False
        self._cell: dict[str, Any] | None = None
        self._code: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table" and ("id", "assumed") in attrs:
            self._table = True
        elif self._table and tag == "tbody":
            self._body = True
        elif self._body and tag == "tr":
            self.rows.append({"attrs": dict(attrs), "cells": []})
        elif self._body and tag == "td":
            self._cell = {"text": "", "codes": []}
            self.rows[-1]["cells"].append(self._cell)
        elif self._cell is not None and tag == "code":
            self._code = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = self._body = False
        elif tag == "td":
            self._cell = None
        elif tag == "code" and self._cell is not None and self._code is not None:
            self._cell["codes"].append("".join(self._code))
            self._code = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell["text"] += data
        if self._code is not None:
            self._code.append(data)


def _assumed_rows(page: str) -> list[dict[str, Any]]:
    parser = _AssumedTable()
    parser.feed(page)
    return parser.rows


def _bare(game: str) -> GameAnalysis:
    """A bundled game's analysis with no findings or holes: only its assumed data, not measured."""
    spec = load_spec(SPECS / f"{game}.toml")
    return GameAnalysis(spec.game, spec.title, spec, (), (), spec.assumed(), "")


def test_page_lists_every_assumed_value_of_the_bundled_specs_with_its_value() -> None:
    """Every param marked ``provenance = "assumed"`` in specs/*.toml (read here with tomllib), game by game, has one
    row in the page's assumed-data table naming it, whose value reads back (decoded from the page's escaped text,
    then parsed as JSON) to the spec's value."""
    expected: dict[str, list[tuple[str, Any]]] = {}
    for path in sorted(SPECS.glob("*.toml")):
        if path.name.endswith(".edges.toml"):  # a game's edges file (issue 31), not a spec
            continue
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        expected[path.stem] = [
            (name, entry["value"]) for name, entry in doc["params"].items() if entry.get("provenance") == "assumed"
        ]
    assert sum(len(v) for v in expected.values()) > 0
    page = html.render([_bare(game) for game in expected], Budget.quick())
    rows = _assumed_rows(page)
    for game, params in expected.items():
        shown = {r["attrs"]["data-param"]: r for r in rows if r["attrs"]["data-game"] == game}
        assert sorted(name for name, _ in params) == sorted(shown)
        assert len(shown) == sum(1 for r in rows if r["attrs"]["data-game"] == game)  # one row each
        for name, value in params:
            param_cell, value_cell = shown[name]["cells"][1], shown[name]["cells"][2]
            assert param_cell["codes"] == [name]
            assert json.loads(value_cell["codes"][-1]) == value, f"{game}.{name}"


def test_assumed_data_is_escaped_text() -> None:
    """An assumed value and its reason holding markup are shown as text, never run: '<script>' becomes
    '&lt;script&gt;' and reads back as written."""
    spec = load_spec(SPECS / "ra.toml")
    name = spec.assumed()[0].name
    evil = replace(spec.params[name], value="<script>alert(1)</script>", source="<b>bold</b> & <i>so</i>")
    spec = replace(spec, params={**spec.params, name: evil})
    page = html.render([GameAnalysis(spec.game, spec.title, spec, (), (), spec.assumed(), "")], Budget.quick())
    assert "<script>alert(1)" not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    row = next(r for r in _assumed_rows(page) if r["attrs"]["data-param"] == name)
    assert json.loads(row["cells"][2]["codes"][-1]) == "<script>alert(1)</script>"
    assert row["cells"][3]["text"] == "<b>bold</b> & <i>so</i>"


def test_page_and_ambiguities_md_say_the_same_of_each_assumed_value() -> None:
    """Dice Tally's three assumed numbers (tests/toys/tally.toml): the page's class and how-often cells read the same
    as ambiguities.md's, and the how-often names the hits and trials findings.json gives for the strongest step."""
    analysis = analyse(tally.make_module(), Budget.quick())
    page_rows = _assumed_rows(html.render([analysis], Budget.quick(), {"tally": tally.make_game()}))
    md = markdown.render([analysis], Budget.quick()).splitlines()
    md_rows = [line.split(" | ") for line in md if line.startswith("| Dice Tally | `")]
    doc = json.loads(json_report.render([analysis], Budget.quick()))
    data = {p["name"]: p for p in doc["games"]["tally"]["assumptions"]}
    assert sorted(r["attrs"]["data-param"] for r in page_rows) == ["bonus_points", "seven_points", "turns"]
    assert len(md_rows) == len(page_rows)
    for row, cells in zip(page_rows, md_rows, strict=True):
        name = row["attrs"]["data-param"]
        assert cells[1] == f"`{name}`"
        assert row["cells"][4]["text"] == cells[4] == data[name]["impact"]["class"]
        assert row["cells"][5]["text"] == cells[5].removesuffix(" |")
        head = data[name]["impact"]["headline"]
        assert f"{head['hits']}/{head['trials']} (" in row["cells"][5]["text"]


def test_page_is_the_same_bytes_drawn_in_worker_processes() -> None:
    """The distributions, charts and witness games are chunks of the parallel layer: drawn by two local processes,
    the page is the same bytes as drawn in this process (and it has its chart and its step-through)."""
    analyses = [_analysis()]
    here = html.render(analyses, Budget.quick(), GAMES)
    with using(Execution(jobs=2, progress=False)):
        there = html.render(analyses, Budget.quick(), GAMES)
    assert here == there
    assert "<svg" in here and 'class="witness-data"' in here


def test_importing_the_report_does_not_load_matplotlib() -> None:
    """Only drawing a chart loads matplotlib (in the worker that draws it): a fresh interpreter that imports the
    report package (html, json, markdown) has not loaded it."""
    code = (
        "import sys\n"
        "from nilerules.report import html, json, markdown\n"
        "assert 'matplotlib' not in sys.modules, sorted(m for m in sys.modules if m.startswith('matplotlib'))\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_page_names_where_a_findings_figures_come_from_when_not_the_game_shown() -> None:
    """Issue 32, item 4: 'Gives' is labelled with its source when the figures come from a written position or a solver
    model (beside a game or alone), and not when they come from the witness game itself or from a proof without a
    game."""
    label = html.figures_label
    assert label({"figures_from": "position", "witness_log": "{}"}) == "a written position (constructed)"
    model = label({"figures_from": "model", "witness_log": None})
    assert model == "a solver model, written as a position (constructed)"
    assert label({"figures_from": "game", "witness_log": "{}"}) == ""
    assert label({"figures_from": "proof", "witness_log": None}) == ""
    assert label({}) == ""

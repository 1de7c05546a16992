"""report.html on the toy game: self-contained, escaped, deterministic; its charts are deterministic SVG."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

import pytest

from nilerules.analysis.model import Budget
from nilerules.analysis.runner import GameAnalysis, analyse
from nilerules.analysis.stats import histogram
from nilerules.games import GameModule
from nilerules.report import charts, html
from nilerules.report import json as json_report
from tests.toys import nim

GAMES = {"nim": nim.make_game()}


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

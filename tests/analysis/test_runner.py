"""The analysis runner and the report renderers on the toy game."""

from __future__ import annotations

import json
from pathlib import Path

from nilerules.analysis.montecarlo import estimate
from nilerules.analysis.runner import analyse
from nilerules.analysis.search import find_example, readings_differ
from nilerules.analysis.simulate import simulate
from nilerules.checks import GameModule
from nilerules.checks.model import Budget
from nilerules.report import json as json_report
from nilerules.report import markdown, write_report
from nilerules.report.regression import differences
from tests.toys import nim


def toy() -> GameModule:
    return GameModule(nim.make_game(), nim.CHECKS, nim.QUERIES)


def test_analysis_merges_spec_and_check() -> None:
    """NIM-001 carries the spec's quote and readings, and the check's witness and outcomes."""
    analysis = analyse(toy(), Budget.quick())
    (finding,) = analysis.findings
    assert (finding.code, finding.verdict, finding.quote) == ("NIM-001", "witness", "Who takes the last stone")
    assert [(r.name, r.outcome, r.default) for r in finding.readings] == [
        ("wins", "seat 0 wins", True),
        ("loses", "seat 1 wins", False),
    ]
    assert [p.name for p in analysis.assumptions] == ["bonus"]
    assert {h.detector: h.verdict.kind for h in analysis.holes}["stuck"] == "unknown"


def test_report_lists_findings_assumptions_and_holes(tmp_path: Path) -> None:
    """The markdown names the finding, the assumed datum and every detector; rule coverage is not in it (issue 10)."""
    analysis = analyse(toy(), Budget.quick())
    md, js = write_report(tmp_path, [analysis], Budget.quick())
    text = md.read_text()
    for needle in ("NIM-001", "`bonus`", "stuck", "supply_exhaustion", "Wording to paste"):
        assert needle in text
    data = json.loads(js.read_text())
    assert data["games"]["nim"]["findings"][0]["verdict"] == "witness"
    assert "Rule coverage" not in text and "coverage" not in data["games"]["nim"]
    assert markdown.render([analysis], Budget.quick()) == text


def test_regression_check_reports_each_change() -> None:
    """A changed verdict is one line naming the finding and field; a new finding and a vanished one are each one
    line."""
    doc = json.loads(json_report.render([analyse(toy(), Budget.quick())], Budget.quick()))
    assert differences(doc, doc) == []
    changed = json.loads(json.dumps(doc))
    changed["games"]["nim"]["findings"][0]["verdict"] = "unknown"
    assert differences(changed, doc) == ["nim.findings:NIM-001.verdict: 'unknown' -> 'witness'"]
    gone = json.loads(json.dumps(doc))
    gone["games"]["nim"]["findings"] = []
    assert differences(gone, doc) == ["nim.findings:NIM-001: new"]
    assert differences(doc, gone) == ["nim.findings:NIM-001: gone"]


def test_monte_carlo_estimate_is_seeded() -> None:
    """The same seed gives the same count; the interval contains the rate."""
    game = nim.make_game()
    config = game.config(2)
    a = estimate(game, [config], lambda p: p.length > 4, 50, seed=3)
    b = estimate(game, [config], lambda p: p.length > 4, 50, seed=3)
    assert a == b and a.low <= a.rate <= a.high


def test_hypothesis_search_finds_and_shrinks_a_divergence() -> None:
    """Piles where 'last stone wins/loses' disagree about seat 0: the smallest pile is 1 (hand: odd piles)."""
    from hypothesis import strategies as st

    def seat0_wins(pile: int, reading: str) -> bool:
        taker = (pile - 1) % 2  # seats alternate taking one stone each
        return (taker == 0) == (reading == "wins")

    found = find_example(st.integers(1, 12), readings_differ(seat0_wins, ("wins", "loses")), 50)
    assert found == 1
    assert find_example(st.integers(1, 12), lambda n: n > 100, 20) is None


def test_simulate_summarises_scores() -> None:
    """Each toy game has exactly one winner with score 1, so the mean scores sum to 1."""
    summary = simulate(nim.make_game(), nim.make_game().config(2), 20, seed=1)
    assert summary.games == 20 and abs(sum(summary.mean_scores) - 1.0) < 1e-9
    assert sum(summary.wins_by_seat) == 20 and summary.truncated == 0

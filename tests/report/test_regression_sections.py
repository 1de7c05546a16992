"""The baseline comparison sorted for a reader (report/regression.py): the changed inputs first, then the findings
whose class, verdict, default or recommendation changed, then the figures; texts, interval bounds and witnesses under
details only. Which games are compared, and the budget read from a baseline within bounds.

On a small findings document written by hand (one game, two findings, one detector), so each expected line is read
off the edit the test makes.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from nilerules.checks.model import Budget
from nilerules.report.json import FORMAT, run_metadata
from nilerules.report.regression import BaselineError, Scope, budget_of, check_scope, compare, load_baseline

SCOPE = Scope(("ra",), ("ra",))
FIGURES = (
    "figures that changed (a frequency only when it moved beyond sampling noise: their 95 % Wilson intervals do not "
    "overlap)"
)
BUDGET = Budget(playouts=20, examples=30, rlimit=5, seed=1)


def rate(hits: int, trials: int, low: float, high: float) -> dict[str, Any]:
    return {"hits": hits, "trials": trials, "rate": hits / trials, "low": low, "high": high}


def doc() -> dict[str, Any]:
    """One Ra game: its inputs, two findings (one with an impact and a witness log), one detector."""
    ra = {
        "spec_digest": "a" * 64,
        "inputs": {
            "rules_version": 4,
            "params": {"god_points": 2, "pharaoh_points": [5, -2], "sets": {"2": [[1, 2], [3, 4]]}},
            "readings": {"bag_empty": {"readings": ["epoch_ends", "game_ends"], "default": "game_ends"}},
        },
        "findings": [
            {
                "code": "RA-001",
                "verdict": "witness",
                "default": "share",
                "recommendation": "Write: share.",
                "summary": "s",
                "impact": {"class": "changes scores", "headline": rate(8, 16, 0.28, 0.72), "rare": False},
                "readings": [{"name": "share", "outcome": "+3 each", "default": True}],
                "witness_log": '{"actions": [1]}',
            },
            {"code": "RA-002", "verdict": "proof", "default": "share", "summary": "p", "readings": []},
        ],
        "holes": [{"detector": "open_tie", "verdict": "witness", "hits": 35, "playouts": 460}],
    }
    return {"format": FORMAT, **run_metadata(BUDGET), "games": {"ra": ra}}


def lines(new: dict[str, Any], details: bool = False) -> list[str]:
    return compare(doc(), new, SCOPE).lines(details)


def test_the_same_document_has_no_change() -> None:
    """A document compared with itself: no change, no line."""
    comparison = compare(doc(), doc(), SCOPE)
    assert (comparison.changes, comparison.lines()) == ((), [])


def test_a_param_leads_and_its_consequences_follow_in_order() -> None:
    """god_points 2 -> 8 with RA-001's class, headline count and bounds and witness log changed: the param first,
    the class next, the count as hits/trials among the figures; the bounds and the log counted, not shown. The
    headline moved beyond noise: 95 % Wilson intervals by hand, 8/16 0.280-0.720, 0/16 0-0.194 (3.84 / 19.84)."""
    new = doc()
    game = new["games"]["ra"]
    game["inputs"]["params"]["god_points"] = 8
    game["spec_digest"] = "b" * 64
    finding = game["findings"][0]
    finding["impact"]["class"] = "changes the winner"
    finding["impact"]["headline"] = rate(0, 16, 0.0, 0.19)
    finding["witness_log"] = '{"actions": [2]}'
    assert lines(new) == [
        "inputs that changed:",
        "  ra: params.god_points 2 -> 8",
        "findings whose class, verdict, default or recommendation changed (or that appeared or vanished):",
        "  ra: RA-001 class changes scores -> changes the winner",
        FIGURES + ":",
        "  ra: RA-001 impact.headline 8/16 -> 0/16",
        "and 5 more differences in texts, interval bounds, witnesses and end positions (--details lists them)",
    ]
    assert lines(new, details=True)[-6:] == [
        "details that changed (texts, interval bounds, witnesses, end positions):",
        "  ra: RA-001 impact.headline.high 0.72 -> 0.19",
        "  ra: RA-001 impact.headline.low 0.28 -> 0.0",
        "  ra: RA-001 impact.headline.rate 0.5 -> 0.0",
        '  ra: RA-001 witness_log {"actions": [1]} -> {"actions": [2]}',
        "  ra: spec data sha256 " + "a" * 64 + " -> " + "b" * 64,
    ]


def test_nested_params_readings_and_the_rules_version_are_inputs() -> None:
    """A list inside a table param is named by its key path and shown whole (as is a list param); a changed default
    and a new rules version are inputs too."""
    new = doc()
    inputs = new["games"]["ra"]["inputs"]
    inputs["params"]["sets"]["2"][1][0] = 5
    inputs["params"]["pharaoh_points"] = [6, -2]
    inputs["readings"]["bag_empty"]["default"] = "epoch_ends"
    inputs["rules_version"] = 5
    assert compare(doc(), new, SCOPE).lines()[:5] == [
        "inputs that changed:",
        "  ra: params.pharaoh_points [5, -2] -> [6, -2]",
        "  ra: params.sets 2[1] [3, 4] -> [5, 4]",
        "  ra: readings.bag_empty default game_ends -> epoch_ends",
        "  ra: rules_version 4 -> 5",
    ]


def test_a_spec_text_change_alone_is_an_input() -> None:
    """Only the spec's hash changed (a text edit, no param, reading or version): it is the input named."""
    new = doc()
    new["games"]["ra"]["spec_digest"] = "c" * 64
    assert lines(new)[:2] == ["inputs that changed:", "  ra: spec data sha256 " + "a" * 64 + " -> " + "c" * 64]


def test_verdict_default_recommendation_and_detector_verdicts_are_findings() -> None:
    """Each headline field of a finding, and a detector's verdict, is one line under findings; no input changed."""
    new = doc()
    game = new["games"]["ra"]
    game["findings"][1]["verdict"] = "unknown"
    game["findings"][0]["default"] = "nobody"
    game["findings"][0]["recommendation"] = "Write: nobody."
    game["holes"][0]["verdict"] = "unknown"
    assert lines(new) == [
        "inputs that changed: none",
        "findings whose class, verdict, default or recommendation changed (or that appeared or vanished):",
        "  ra: RA-001 default share -> nobody",
        "  ra: RA-001 recommendation Write: share. -> Write: nobody.",
        "  ra: RA-002 verdict proof -> unknown",
        "  ra: detector open_tie verdict witness -> unknown",
        FIGURES + ": none",
    ]


def test_findings_that_appear_or_vanish_are_findings_with_their_headline() -> None:
    """RA-002 dropped and RA-016 added: one line each, the new one with its verdict and default."""
    new = doc()
    findings = new["games"]["ra"]["findings"]
    added = copy.deepcopy(findings.pop(1))
    added["code"] = "RA-016"
    findings.append(added)
    assert lines(new)[2:4] == [
        "  ra: RA-002 gone (was verdict proof, default share)",
        "  ra: RA-016 new: verdict proof, default share",
    ]


def test_a_figure_a_flag_and_a_text_go_where_they_belong() -> None:
    """A detector's count and the rare flag are figures (both beyond noise, by hand: 35/460 0.055-0.104 against
    5/460 0.005-0.025; the headline 8/16 0.280-0.720 against 16/16 0.806-1); a summary and a reading's outcome are
    details."""
    new = doc()
    game = new["games"]["ra"]
    game["holes"][0]["hits"] = 5
    game["findings"][0]["impact"]["rare"] = True
    game["findings"][0]["impact"]["headline"] = rate(16, 16, 0.81, 1.0)
    game["findings"][0]["summary"] = "t"
    game["findings"][0]["readings"][0]["outcome"] = "+4 each"
    comparison = compare(doc(), new, SCOPE)
    assert [c.line() for c in comparison.section("figures")] == [
        "ra: RA-001 impact.headline 8/16 -> 16/16",
        "ra: RA-001 impact.rare false -> true",
        "ra: detector open_tie 35/460 -> 5/460",
    ]
    assert [c.line() for c in comparison.section("details")][-2:] == [
        "ra: RA-001 readings[share].outcome +3 each -> +4 each",
        "ra: RA-001 summary s -> t",
    ]


def test_a_frequency_whose_hits_and_trials_both_change_is_one_line() -> None:
    """8/16 -> 9/18: one line (not one for hits and one for trials), within noise (the intervals overlap: 0.28-0.72
    and 0.29-0.71 by hand); a list of figures in a check's data is a figure; the game's title is a detail."""
    new = doc()
    game = new["games"]["ra"]
    game["findings"][0]["impact"]["headline"] = rate(9, 18, 0.28, 0.72)
    game["findings"][0]["data"] = {"tied": [95, 600]}
    game["title"] = "Ra!"
    comparison = compare(doc(), new, SCOPE)
    assert [c.line() for c in comparison.section("figures")] == ["ra: RA-001 data new: {\"tied\": [95, 600]}"]
    assert [c.line() for c in comparison.section("noise")] == ["ra: RA-001 impact.headline 8/16 -> 9/18"]
    assert [c.line() for c in comparison.section("details")][-1] == "ra: title new: Ra!"


def test_the_json_form_holds_every_change_with_its_raw_values() -> None:
    """to_data: the scope, the count (the param, the headline's counts, its rate and two bounds: 5), and each
    section's changes with the values as JSON values."""
    new = doc()
    new["games"]["ra"]["inputs"]["params"]["pharaoh_points"] = [6, -2]
    new["games"]["ra"]["findings"][0]["impact"]["headline"] = rate(16, 16, 0.81, 1.0)
    data = json.loads(json.dumps(compare(doc(), new, SCOPE).to_data()))
    assert (data["games"], data["not_checked"], data["differences"]) == (["ra"], [], 5)
    assert data["inputs"][0] | {"section": "inputs"} == {
        "game": "ra", "item": "params.pharaoh_points", "field": "", "status": "changed",
        "old": [5, -2], "new": [6, -2], "section": "inputs",
    }
    assert data["figures"][0]["old"] == {"hits": 8, "trials": 16}
    assert (data["within_noise"], data["moved_test"]) == ([], "their 95 % Wilson intervals do not overlap")
    assert [c["field"] for c in data["details"]] == ["impact.headline.high", "impact.headline.low",
                                                     "impact.headline.rate"]


def test_the_scope_is_the_asked_games_else_the_baselines() -> None:
    """Nothing asked: every game of the baseline, in the known order (the baseline's listed in it too); asked: those;
    the rest is named unchecked."""
    base = {"games": {"sobek": {}, "ra": {}}}
    known = ("ra", "nile_artefacts", "sobek", "nefertiti")
    assert check_scope(base, [], known, "b.json") == Scope(("ra", "sobek"), ("ra", "sobek"))
    scope = check_scope(base, ["sobek"], known, "b.json")
    assert (scope.games, scope.unchecked) == (("sobek",), ("ra",))


@pytest.mark.parametrize(
    ("games", "asked", "needle"),
    [
        ({"ra": {}}, ["sobek"], "cannot compare sobek: the baseline does not hold it (the baseline holds ra)"),
        ({"ra": {}, "chess": {}}, [], "cannot compare chess: this nilerules does not know it"),
        ({}, [], "the baseline holds no game"),
    ],
)
def test_a_scope_that_cannot_be_compared_is_refused(games: dict[str, Any], asked: list[str], needle: str) -> None:
    """A game asked for that the baseline lacks, a baseline game unknown here, an empty baseline: BaselineError."""
    with pytest.raises(BaselineError, match=re.escape(needle)):
        check_scope({"games": games}, asked, ("ra", "sobek"), "b.json")


def test_the_budget_is_read_from_the_baseline() -> None:
    """The recorded budget becomes the run's budget, field for field."""
    assert budget_of(doc(), "b.json") == BUDGET


def test_a_budget_missing_a_figure_is_refused() -> None:
    """A budget without its seed cannot be reproduced: BaselineError naming the four figures it must hold."""
    bad = doc()
    del bad["budget"]["seed"]
    with pytest.raises(BaselineError, match="'budget' must hold playouts, examples, rlimit, seed"):
        budget_of(bad, "b.json")


@pytest.mark.parametrize(
    ("field", "value"), [("playouts", 10**9), ("rlimit", 0), ("seed", -1), ("examples", True), ("playouts", "20")]
)
def test_a_budget_out_of_bounds_is_refused(field: str, value: Any) -> None:
    """Each budget figure has bounds (a baseline cannot ask for a day of work), and must be an integer."""
    bad = doc()
    bad["budget"][field] = value
    with pytest.raises(BaselineError, match=f"budget.{field}"):
        budget_of(bad, "b.json")


def test_an_older_format_is_refused_naming_both_formats() -> None:
    """A format-1 baseline (no recorded inputs) is refused, saying how to write a new one."""
    old = doc()
    old["format"] = "nilerules-findings/1"
    with pytest.raises(BaselineError, match=r"nilerules-findings/1.*nilerules-findings/2.*nilerules report"):
        load_baseline(old, "b.json")


def test_a_class_flip_on_figures_within_noise_is_listed_and_fails_nothing() -> None:
    """RA-001's class, how-often text and headline move as a 2-game sample moves them (winner 0/2 -> 1/2, the
    intervals 0-0.658 and 0.095-0.905 by hand overlap): no section of changes, every line under noise, the figure
    once as hits/trials, the class as it was and is."""
    old, new = doc(), doc()
    old["games"]["ra"]["findings"][0]["impact"]["headline"] = rate(0, 2, 0.0, 0.66)
    impact = new["games"]["ra"]["findings"][0]["impact"]
    impact.update(headline=rate(1, 2, 0.09, 0.91), how_often="the winner in 1 of 2")
    impact["class"] = "changes the winner"
    comparison = compare(old, new, SCOPE)
    assert comparison.failing == ()
    assert comparison.lines(details=True) == [
        "within sampling noise, not a change (a frequency whose two 95 % Wilson intervals overlap; a finding's "
        "class and texts when none of its frequencies moved):",
        "  ra: RA-001 class changes scores -> changes the winner",
        "  ra: RA-001 impact.headline 0/2 -> 1/2",
        "  ra: RA-001 impact.how_often new: the winner in 1 of 2",
    ]
    assert comparison.lines()[-1] == (
        "and 1 more text or flag that follows the figures within noise (--details lists them)"
    )


def test_a_class_flip_is_a_change_when_a_figure_moved_or_the_verdict_changed() -> None:
    """The same class flip beside a frequency that moved (0/16 against 8/16: 0-0.194 and 0.280-0.720 by hand), or
    beside a verdict that changed: the class is under findings, as before."""
    for edit in ("figure", "verdict"):
        new = doc()
        finding = new["games"]["ra"]["findings"][0]
        finding["impact"]["class"] = "changes the winner"
        if edit == "figure":
            finding["impact"]["headline"] = rate(0, 16, 0.0, 0.19)
        else:
            finding["verdict"] = "proof"
        comparison = compare(doc(), new, SCOPE)
        assert "ra: RA-001 class changes scores -> changes the winner" in [
            c.line() for c in comparison.section("findings")
        ], edit
        assert comparison.section("noise") == (), edit

"""The baseline comparison: every field of every finding, matched by identity, refused across budgets and versions."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from nilerules.report.json import FORMAT
from nilerules.report.regression import BaselineError, differences, incompatibility, load_baseline


def doc() -> dict[str, Any]:
    """A small hand-written findings document (two findings, one detector)."""
    return {
        "format": FORMAT,
        "nilerules": "0.1.0",
        "budget": {"playouts": 20, "examples": 30, "rlimit": 5, "seed": 1},
        "games": {
            "ra": {
                "spec_digest": "abc",
                "findings": [
                    {"code": "RA-001", "verdict": "witness", "summary": "s", "data": {"tied": [95, 600]},
                     "readings": [{"name": "share", "outcome": "+3 each"}, {"name": "nobody", "outcome": "0"}]},
                    {"code": "RA-002", "verdict": "proof", "summary": "p", "data": {}, "readings": []},
                ],
                "holes": [{"detector": "open_tie", "verdict": "witness", "hits": 35, "playouts": 460}],
            }
        },
    }


def test_identical_documents_have_no_differences() -> None:
    """A document compared with itself differs nowhere."""
    assert differences(doc(), doc()) == []


def test_a_changed_figure_is_named_with_its_finding_field_and_values() -> None:
    """A Monte Carlo figure inside a finding's data (same verdict, same summary) is a difference."""
    new = doc()
    new["games"]["ra"]["findings"][0]["data"]["tied"] = [0, 600]
    assert differences(doc(), new) == ["ra.findings:RA-001.data.tied: [95, 600] -> [0, 600]"]


def test_a_per_reading_outcome_is_matched_by_reading_name() -> None:
    """Readings are matched by name, so the line names the reading whose outcome changed."""
    new = doc()
    new["games"]["ra"]["findings"][0]["readings"][0]["outcome"] = "+4 each"
    assert differences(doc(), new) == ["ra.findings:RA-001.readings[share].outcome: '+3 each' -> '+4 each'"]


def test_detector_counts_are_compared() -> None:
    """The open-tie detector moving from 35/460 to 30/460 (the issue's second edit) is a difference."""
    new = doc()
    new["games"]["ra"]["holes"][0]["hits"] = 30
    assert differences(doc(), new) == ["ra.holes:open_tie.hits: 35 -> 30"]


def test_findings_that_appear_or_vanish_are_named() -> None:
    """A finding dropped and another added: both are reported, by code."""
    new = doc()
    gone = new["games"]["ra"]["findings"].pop(1)
    added = copy.deepcopy(gone)
    added["code"] = "RA-016"
    new["games"]["ra"]["findings"].append(added)
    assert differences(doc(), new) == ["ra.findings:RA-002: gone", "ra.findings:RA-016: new"]


def test_games_absent_from_the_current_run_are_ignored() -> None:
    """`check --game ra` against a whole-report baseline compares Ra only."""
    old = doc()
    old["games"]["sobek"] = {"findings": []}
    assert differences(old, doc()) == []


def test_type_changes_count_even_when_equal_in_python() -> None:
    """1 and 1.0 (or True) are different JSON values."""
    new = doc()
    new["games"]["ra"]["holes"][0]["hits"] = 35.0
    assert differences(doc(), new) == ["ra.holes:open_tie.hits: 35 -> 35.0"]


@pytest.mark.parametrize(("key", "value", "word"), [("budget", {"playouts": 200}, "budget"),
                                                    ("nilerules", "9.9", "version")])
def test_another_budget_or_version_is_incompatible(key: str, value: Any, word: str) -> None:
    """A baseline from another budget or version is refused with a reason naming both."""
    new = doc()
    new[key] = value
    reason = incompatibility(doc(), new)
    assert reason is not None and word in reason and repr(value) in reason


def test_same_conditions_are_compatible() -> None:
    """Same version and budget: comparable."""
    assert incompatibility(doc(), doc()) is None


@pytest.mark.parametrize("bad", [[], {"format": "other"}, {"format": FORMAT, "games": []}])
def test_a_document_that_is_not_findings_is_refused(bad: Any) -> None:
    """Wrong shapes are a BaselineError, not a crash later."""
    with pytest.raises(BaselineError):
        load_baseline(bad, "b.json")

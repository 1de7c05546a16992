"""`nilerules check --baseline`: every field of every finding is compared; baselines of another budget are refused.

The two spec edits are the ones issue 10 reports as missed by the old comparison (verdict and summary only): Pharaoh
points [5, -2] -> [6, -2] changes the numbers of RA-001 and RA-005 (and RA-015's, in the model of that time: RA-015 is
now proved never to apply with the published tile mix, so no Pharaoh points enter it); identical-Monument points
[0,0,0,5,10,15] -> [0,0,0,6,10,15] moves the open-tie detector's count.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.cli import main
from nilerules.specs import bundled_spec_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A quick-budget findings.json of Ra with the bundled spec."""
    out = tmp_path_factory.mktemp("baseline")
    assert main(["report", "--game", "ra", "--budget", "quick", "--out", str(out)]) == 0
    return out / "findings.json"


def edited_spec(tmp_path: Path, old: str, new: str) -> Path:
    text = bundled_spec_path("ra").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "ra_edit.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_unchanged_rules_match_the_baseline(capsys: pytest.CaptureFixture[str], baseline: Path) -> None:
    """The same spec and budget reproduce the baseline exactly: exit 0."""
    code, out, _ = run(capsys, "check", "--game", "ra", "--budget", "quick", "--baseline", str(baseline))
    assert (code, "matches" in out) == (0, True)


def test_edited_pharaoh_points_fail_the_check_naming_the_findings(
    capsys: pytest.CaptureFixture[str], baseline: Path, tmp_path: Path
) -> None:
    """Pharaoh points 5 -> 6: exit 1, and the lines name RA-001 and RA-005 (issue 10)."""
    spec = edited_spec(tmp_path, "value = [5, -2]", "value = [6, -2]")
    code, out, err = run(capsys, "check", "--spec", str(spec), "--budget", "quick", "--baseline", str(baseline))
    assert code == 1
    for finding in ("ra.findings:RA-001", "ra.findings:RA-005", "ra.spec_digest"):
        assert finding in out
    assert "differences" in err


def test_edited_monument_points_fail_the_check(
    capsys: pytest.CaptureFixture[str], baseline: Path, tmp_path: Path
) -> None:
    """Identical-Monument points 5 -> 6: exit 1 (the old check said "findings match"), the spec hash named."""
    spec = edited_spec(tmp_path, "value = [0, 0, 0, 5, 10, 15]", "value = [0, 0, 0, 6, 10, 15]")
    code, out, _ = run(capsys, "check", "--spec", str(spec), "--budget", "quick", "--baseline", str(baseline))
    assert (code, "ra.spec_digest" in out) == (1, True)


def test_a_changed_figure_in_the_baseline_is_named(
    capsys: pytest.CaptureFixture[str], baseline: Path, tmp_path: Path
) -> None:
    """A detector count edited in the baseline (same verdict, same summary): exit 1 naming detector and field."""
    doc = json.loads(baseline.read_text(encoding="utf-8"))
    hole = doc["games"]["ra"]["holes"][0]
    hole["playouts"] += 1
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = run(capsys, "check", "--game", "ra", "--budget", "quick", "--baseline", str(edited))
    assert code == 1
    assert f"ra.holes:{hole['detector']}.playouts: {hole['playouts']} -> {hole['playouts'] - 1}" in out


def test_a_baseline_from_another_budget_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], baseline: Path
) -> None:
    """Default budget against a quick baseline: exit 2, one line, before any analysis runs."""
    code, out, err = run(capsys, "check", "--game", "ra", "--baseline", str(baseline))
    assert (code, out, len(err.strip().splitlines())) == (2, "", 1)
    assert "budget" in err and "--force" in err


def test_force_compares_anyway_and_says_so(
    capsys: pytest.CaptureFixture[str], baseline: Path, tmp_path: Path
) -> None:
    """--force with another recorded budget: the comparison runs and the output says why it might differ."""
    doc = json.loads(baseline.read_text(encoding="utf-8"))
    doc["budget"]["playouts"] += 1
    other = tmp_path / "other.json"
    other.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = run(capsys, "check", "--game", "ra", "--budget", "quick", "--force", "--baseline", str(other))
    assert (code, "comparing anyway" in out) == (0, True)


def test_findings_json_records_version_budget_readings_and_spec_hash(baseline: Path) -> None:
    """The baseline says under what it was written: version, budget with its seed, default readings, spec hash."""
    doc = json.loads(baseline.read_text(encoding="utf-8"))
    game = doc["games"]["ra"]
    assert {"nilerules", "budget"} <= set(doc)
    assert {"playouts", "examples", "rlimit", "seed"} == set(doc["budget"])
    assert len(game["spec_digest"]) == 64
    assert game["readings"]["pharaoh_all_tie"] in {"share", "nobody"}

"""`nilerules replay LOG --reading AMB=R` and `replay findings.json --finding CODE`: what a reading gives where a
log ends (issue 11: witnesses are games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "game.json"
    assert run(capsys, "play", "ra", "--players", "3", "--seed", "1", "--out", str(log))[0] == 0
    return log


def test_replay_with_a_reading_shows_the_logs_readings_then_the_changed_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole Ra game ends in the same place under 'nobody': the game is over under both readings."""
    code, out, _ = run(capsys, "replay", str(play_log(tmp_path, capsys)), "--reading", "pharaoh_all_tie=nobody")
    first, second = out.strip().splitlines()
    assert code == 0
    assert "under the log's readings: game over" in first
    assert second.startswith("with pharaoh_all_tie=nobody: ")


def test_replay_finding_takes_the_witness_from_findings_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A findings.json whose RA-001 witness is a played log: replayed under the log's reading and the other one."""
    log = play_log(tmp_path, capsys).read_text().strip()
    doc = {"games": {"ra": {"findings": [{"code": "RA-001", "ambiguity": "pharaoh_all_tie", "witness_log": log}]}}}
    findings = tmp_path / "findings.json"
    findings.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "replay", str(findings), "--finding", "RA-001", "--json")
    data = json.loads(out)
    assert code == 0
    assert [v["readings"]["pharaoh_all_tie"] for v in data["variants"]] == ["nobody"]


def test_replay_finding_without_a_witness_log_is_one_line_of_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A finding whose witness is not a game cannot be replayed: exit 2, one line naming the code."""
    findings = tmp_path / "findings.json"
    findings.write_text(json.dumps({"games": {"ra": {"findings": [{"code": "RA-002", "witness_log": None}]}}}))
    code, _, err = run(capsys, "replay", str(findings), "--finding", "RA-002")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "RA-002" in err

"""Every option that takes a finding code takes it in any case (issue 24: `ra-009` worked in report.html's anchors
only, `RA-009` in the options only): `replay findings.json --finding CODE` and `query GAME impact --param
ambiguity=CODE`.

The findings document is written here by hand around a real play log, so the finding RA-009 (spec: ambiguity
invoke_empty_track) has a witness to replay.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_finds_a_finding_by_its_code_in_any_case(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`--finding ra-009`, `RA-009` and `Ra-009` replay the same witness, with the same output."""
    log = tmp_path / "game.json"
    assert main(["play", "ra", "--seed", "1", "--out", str(log)]) == 0
    capsys.readouterr()
    finding = {"code": "RA-009", "ambiguity": "invoke_empty_track", "witness_log": log.read_text().strip()}
    doc = tmp_path / "findings.json"
    doc.write_text(json.dumps({"games": {"ra": {"findings": [finding]}}}), encoding="utf-8")
    outputs = [run(capsys, "replay", str(doc), "--finding", code) for code in ("ra-009", "RA-009", "Ra-009")]
    assert [code for code, _, _ in outputs] == [0, 0, 0]
    assert outputs[0][1] == outputs[1][1] == outputs[2][1] and "invoke_empty_track=" in outputs[0][1]


def test_the_impact_query_takes_a_lower_case_code(capsys: pytest.CaptureFixture[str]) -> None:
    """`--param ambiguity=ra-009` is RA-009 (its line starts with the code as the spec writes it)."""
    code, out, err = run(
        capsys, "query", "ra", "impact", "--param", "ambiguity=ra-009", "--param", "budget=quick", "--jobs", "1"
    )
    assert (code, err) == (0, "")
    assert out.startswith("RA-009 May Ra be invoked over an empty auction track?: ")

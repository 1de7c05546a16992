"""`nilerules edges GAME`: exit 0 on a complete file whose probes contradict nothing, 1 when an entry is missing or an
unreachable entry's probe is met, 2 (one line) on a malformed file; --json is data; progress goes to stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.cli import main
from nilerules.spec_edges import edges_path

FAST = ("--games", "1", "--guided", "0", "--jobs", "1")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def probe_free(tmp_path: Path) -> Path:
    """Ra's bundled file without its probes: the tally and the completeness checks only (no game is played)."""
    lines = edges_path("ra").read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if not line.startswith(("probe =", "players =", "policies =", "modules ="))]
    path = tmp_path / "ra.edges.toml"
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


def test_a_complete_file_without_contradictions_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Ra's file, probes removed: exit 0; the text has the kind × verdict table and says nothing is missing."""
    code, out, _ = run(capsys, "edges", "ra", "--file", str(probe_free(tmp_path)), *FAST)
    assert code == 0
    assert "below_zero" in out and "missing entries: 0" in out


def test_json_counts_add_up_to_the_entries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--json: the counts by kind and verdict sum to the number of entries; nothing missing, not failed."""
    code, out, _ = run(capsys, "edges", "ra", "--file", str(probe_free(tmp_path)), "--json", *FAST)
    data = json.loads(out)
    assert code == 0 and data["failed"] is False and data["missing"] == []
    assert sum(sum(row.values()) for row in data["counts"].values()) == data["entries"]


def test_a_missing_entry_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A deliberately broken file: the last [[edge]] (ra.scoring.tiebreak's tie) removed: exit 1, the rule named."""
    text = probe_free(tmp_path).read_text(encoding="utf-8")
    start = text.rindex("[[edge]]")
    end = text.index("[skip]")
    (tmp_path / "ra.edges.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    code, out, _ = run(capsys, "edges", "ra", "--file", str(tmp_path / "ra.edges.toml"), *FAST)
    assert code == 1
    assert "rule (ra.scoring.tiebreak): no [[edge]] for kind 'tie'" in out


def test_an_unreachable_probe_met_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A deliberately broken file: the unreachable bid tie given a probe true after the first move: exit 1, named;
    progress on stderr."""
    text = probe_free(tmp_path).read_text(encoding="utf-8")
    marker = 'proof = "“Sun disks numbered 1–16” (each number once)'
    assert text.count(marker) == 1
    text = text.replace(marker, 'probe = "moves >= 1"\n' + marker)
    text = text.replace('probe_note = "the view shows no bids"\n', "")
    (tmp_path / "ra.edges.toml").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "edges", "ra", "--file", str(tmp_path / "ra.edges.toml"), *FAST)
    assert code == 1
    assert "ra.base.bid tie [unreachable]: moves >= 1  CONTRADICTION" in out
    assert "edges: [1/1] ra.base.bid tie" in err


def test_a_malformed_file_exits_2_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown verdict: exit 2, nothing on stdout, one line naming the entry."""
    text = probe_free(tmp_path).read_text(encoding="utf-8").replace('verdict = "unknown"', 'verdict = "nope"', 1)
    text = text.replace('verdict = "decided"', 'verdict = "maybe"', 1)
    (tmp_path / "ra.edges.toml").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "edges", "ra", "--file", str(tmp_path / "ra.edges.toml"), *FAST)
    assert (code, out, len(err.strip().splitlines())) == (2, "", 1)
    assert "unknown verdict 'maybe'" in err


def test_a_missing_file_exits_2_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "edges", "ra", "--file", str(tmp_path / "none.edges.toml"), *FAST)
    assert (code, out) == (2, "")
    assert "none.edges.toml" in err

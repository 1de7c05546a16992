"""tools/compare_findings.py: two findings.json files compared finding by finding (class and rank before and after,
and the figures that explain each change), on two small hand-made files.

By hand (Wilson, z = 1.96): 10/100 gives 5.5–17.4 %, 12/100 gives 7.0–19.8 %, 1/100 gives 0.2–5.4 %, 0/100 gives
0–3.7 %. Old file (no ``impact.rank``, as written before ranks: computed from ``impact.priority``): AA-1 10/100 lies
wholly above AA-2 0/100, AA-3 1/100 and AA-5 0/100 (5.5 > 5.4 > 3.7), which overlap: ranks 1, 2–4, 2–4, 2–4 of 4.
New file (ranks stored, as the report draws them): AA-1 0/100, AA-2 12/100, AA-3 1/100, AA-4 0/100: AA-2 is rank 1
(7.0 > 5.4), the others 2–4. So AA-1 goes from rank 1 to 2–4 and from "changes the winner" to "changes scores" (its
estimate moved beyond noise: 0–3.7 % lies below 5.5 %), AA-2 from 2–4 to 1, AA-3 keeps its class and ranks; AA-4 is
new, AA-5 gone.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compare_findings", ROOT / "tools" / "compare_findings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def finding(code: str, cls: str, winner: int, arose: int, shown_by: str = "strong",
            rank: tuple[int, int, int] | None = None) -> dict[str, Any]:
    """A finding as findings.json holds it, with only what the tool reads: 100 strong games, ``arose`` of them
    where the situation arose, ``winner`` of those where the winner changed."""
    impact: dict[str, Any] = {
        "class": cls,
        "shown_by": shown_by,
        "priority": {"hits": winner, "trials": 100},
        "by_play": {"strong": {"games": 100, "arises": {"hits": arose, "trials": 100},
                               "winner": {"hits": winner, "trials": arose},
                               "scores": {"hits": arose, "trials": arose}, "play": {"hits": arose, "trials": arose}}},
    }
    if rank is not None:
        impact["rank"] = {"low": rank[0], "high": rank[1], "of": rank[2]}
    return {"code": code, "title": f"title {code}", "impact": impact}


def write(path: Path, findings: list[dict[str, Any]]) -> Path:
    path.write_text(json.dumps({"format": "nilerules-findings/2", "games": {"aa": {"findings": findings}}}))
    return path


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    old = write(tmp_path / "old.json", [
        finding("AA-1", "changes the winner", 10, 40),
        finding("AA-2", "changes scores", 0, 30),
        finding("AA-3", "changes the winner", 1, 5),
        finding("AA-5", "changes play only", 0, 3),
    ])
    new = write(tmp_path / "new.json", [
        finding("AA-1", "changes scores", 0, 40, rank=(2, 4, 4)),
        finding("AA-2", "changes the winner", 12, 30, rank=(1, 1, 4)),
        finding("AA-3", "changes the winner", 1, 5, rank=(2, 4, 4)),
        finding("AA-4", "changes play only", 0, 0, "random", rank=(2, 4, 4)),
    ])
    return old, new


def test_classes_and_ranks_before_and_after_with_what_explains_them(files: tuple[Path, Path]) -> None:
    """The hand calculation of the module docstring: AA-1 and AA-2 change class and rank, AA-3 neither, AA-4 new,
    AA-5 gone; AA-1's reasons give its estimate before and after, moved beyond noise, and strong play's figures."""
    tool = _tool()
    rows = {r.code: r for r in tool.compare(tool.read(files[0]), tool.read(files[1]))}
    assert (rows["AA-1"].old.rank, rows["AA-1"].old.computed) == ((1, 1, 4), True)
    assert (rows["AA-2"].old.rank, rows["AA-3"].old.rank, rows["AA-5"].old.rank) == ((2, 4, 4),) * 3
    assert [(c, rows[c].class_changed, rows[c].rank_changed) for c in ("AA-1", "AA-2", "AA-3")] == [
        ("AA-1", True, True), ("AA-2", True, True), ("AA-3", False, False)]
    assert (rows["AA-4"].old, rows["AA-5"].new) == (None, None)
    why = tool.why(rows["AA-1"])
    assert why[0] == ("strong play's estimate (winner changed, among its games): 10/100 (6–17 %) -> 0/100 (0–4 %) "
                      "(moved beyond sampling noise: the intervals do not overlap)")
    assert "strong play: arose 40/100, winner 10/40 -> arose 40/100, scores 40/40" in why


def test_the_text_lists_the_changed_findings_only_and_counts_them(files: tuple[Path, Path],
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Without --all, AA-3 (unchanged) is not listed; the rows follow the new ranks (AA-2 rank 1, then AA-1 and the new
    AA-4 at 2–4, by code), then the gone AA-5; the last line counts 4 of 5."""
    assert _tool().main([str(files[0]), str(files[1])]) == 0
    out = capsys.readouterr().out.splitlines()
    heads = [line for line in out if not line.startswith("  ")]
    assert heads[:2] == [
        "aa AA-2 title AA-2: class changes scores -> changes the winner; rank 2–4 of 4 (computed) -> 1 of 4",
        "aa AA-1 title AA-1: class changes the winner -> changes scores; rank 1 of 4 (computed) -> 2–4 of 4",
    ]
    assert heads[2].startswith("aa AA-4 title AA-4: new (changes play only, rank 2–4 of 4)")
    assert heads[3].startswith("aa AA-5 title AA-5: gone (was changes play only, rank 2–4 of 4 (computed))")
    assert heads[-1] == "4 of 5 findings changed class or rank (or appeared or vanished)"
    assert not any("AA-3" in line for line in out)


def test_a_rank_that_moved_with_the_others_says_so(tmp_path: Path) -> None:
    """AA-3 keeps 1/100 but a new finding wholly above it pushes it from 1–2 to 2–3: its estimate did not move beyond
    noise, and the reasons say the rank moved with the others' intervals."""
    tool = _tool()
    old = write(tmp_path / "o.json", [finding("AA-3", "changes the winner", 1, 5, rank=(1, 2, 2)),
                                      finding("AA-6", "changes scores", 0, 9, rank=(1, 2, 2))])
    new = write(tmp_path / "n.json", [finding("AA-3", "changes the winner", 1, 5, rank=(2, 3, 3)),
                                      finding("AA-6", "changes scores", 0, 9, rank=(2, 3, 3)),
                                      finding("AA-7", "changes the winner", 12, 30, rank=(1, 1, 3))])
    rows = {r.code: r for r in tool.compare(tool.read(old), tool.read(new))}
    assert "the rank moved with the other findings' intervals" in " ".join(tool.why(rows["AA-3"]))


def test_a_file_that_is_not_findings_json_is_one_line_and_exit_2(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A JSON file without the findings format is refused in one line on stderr."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": {}}')
    assert _tool().main([str(bad), str(bad)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1

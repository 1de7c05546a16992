"""The report's order claims no more than its intervals (issue 29, item 3): each finding's rank range is drawn from the
95 % intervals of strong play's estimate (arises × changes the winner), and a row never stands above one whose
interval lies wholly above its own (``findings.RANK_TEST``).

``order_problems`` walks the summary table of ambiguities.md as printed, recomputes every interval from the printed
counts (Wilson, by its formula) and every rank range from those intervals, and says what the order or a rank claims
beyond them; it is shown failing on deliberately wrong tables. The report walked is the three toys' (Dice Tally, Coin
Toss, Lamp; tests/toys/) with 20 strong games each, whose effects are known by construction: Lamp's lamp and Dice
Tally's best tally change the winner in most strong games, and several findings never arise in strong play, so the
table holds both separated and overlapping intervals.
"""

from __future__ import annotations

import json
import re
from functools import cache

from nilerules.analysis.findings import RankRange, ordered, rank_ranges
from nilerules.analysis.montecarlo import wilson
from nilerules.analysis.runner import GameAnalysis, analyse
from nilerules.checks.model import Budget
from nilerules.report import json as json_report
from nilerules.report import markdown
from nilerules.report.html import page_model
from tests.toys import lamp, tally, toss

BUDGET = Budget(playouts=200, examples=30, strong_trials=20, strong_simulations=4)
CELL = re.compile(r"^(\d+)/(\d+) \((\d+)–(\d+) %\)$")
"""A frequency cell as the table prints it: ``17/20 (64–95 %)``."""


@cache
def analyses() -> tuple[GameAnalysis, ...]:
    return tuple(analyse(m.make_module(), BUDGET) for m in (tally, toss, lamp))


def table(text: str) -> list[list[str]]:
    """The summary table's rows, each as its cells (a ``\\|`` inside a cell is not a separator)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| code | rank |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def order_problems(rows: list[list[str]]) -> list[str]:
    """What the table's order or ranks claim beyond the printed intervals (empty: nothing). Cell 0 is the code, 1 the
    rank, 5 strong play's estimate (``hits/trials (low–high %)`` or ``not measured``)."""
    problems: list[str] = []
    ranked: list[tuple[str, str, tuple[float, float]]] = []
    for row in rows:
        code, rank, cell = row[0], row[1], row[5]
        found = CELL.match(cell)
        if found is None:
            if rank != "—":
                problems.append(f"{code}: ranked {rank} without strong play's estimate ({cell!r})")
            continue
        hits, trials = int(found[1]), int(found[2])
        low, high = wilson(hits, trials)
        if (round(100 * low), round(100 * high)) != (int(found[3]), int(found[4])):
            problems.append(f"{code}: the printed interval {cell!r} is not that of {hits}/{trials}")
        if rank == "—":
            problems.append(f"{code}: not ranked although strong play measured it ({cell})")
            continue
        if any(r[1] == "—" for r in rows[: rows.index(row)]):
            problems.append(f"{code}: ranked after a row that is not ranked")
        ranked.append((code, rank, (low, high)))
    expected = rank_ranges_by_hand([interval for _, _, interval in ranked])
    for position, ((code, rank, (_, high)), (best, worst)) in enumerate(zip(ranked, expected, strict=True), 1):
        said = str(best) if best == worst else f"{best}–{worst}"
        if rank != said:
            problems.append(f"{code}: printed rank {rank}, the intervals allow {said}")
        if not best <= position <= worst:
            problems.append(f"{code}: row {position} is outside the ranks {said} its interval allows")
        for other, _, (other_low, _) in ranked[position:]:
            if other_low > high:
                problems.append(f"{code} stands above {other}, whose interval lies wholly above its own")
    return problems


def rank_ranges_by_hand(intervals: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """The test's own reading of docs: best = 1 + the intervals wholly above, worst = those not wholly below."""
    return [
        (1 + sum(o_low > high for o_low, _ in intervals), sum(o_high >= low for _, o_high in intervals))
        for low, high in intervals
    ]


def test_rank_ranges_of_hand_computed_intervals() -> None:
    """Wilson by hand (z = 1.96): 10/100 gives 5.52–17.44 %, 0/100 gives 0–3.70 %, 1/100 gives 0.18–5.45 %. The first
    lies wholly above both others (5.52 > 5.45 > 3.70): rank 1 alone; the other two overlap: ranks 2–3 each."""
    ranges = rank_ranges([(0.0552, 0.1744), (0.0, 0.0370), (0.0018, 0.0545)])
    assert [RankRange(1, 1, 3), RankRange(2, 3, 3), RankRange(2, 3, 3)] == list(ranges)
    assert [ranges[0].words(), ranges[1].words()] == ["rank 1 of 3", "ranks 2–3 of 3"]


def test_the_tables_order_claims_no_more_than_its_intervals() -> None:
    """The toys' table: every rank recomputes from the printed counts, every row stands within its ranks, and none
    stands above a row whose interval lies wholly above its own. Not vacuous: some rank starts below 1 (an interval
    wholly below another) and some range spans several rows (intervals that overlap)."""
    rows = table(markdown.render(list(analyses()), BUDGET))
    assert order_problems(rows) == []
    ranks = [r[1] for r in rows if r[1] != "—"]
    assert any(not r.startswith("1") for r in ranks)
    assert any("–" in r for r in ranks)


def test_a_wrong_order_or_rank_is_caught() -> None:
    """The walker fails: the first row moved below a row whose interval lies wholly below its own, and a range
    printed as one rank, are both caught."""
    rows = table(markdown.render(list(analyses()), BUDGET))
    last_ranked = max(i for i, r in enumerate(rows) if r[1] != "—")
    swapped = [*rows[1 : last_ranked + 1], rows[0], *rows[last_ranked + 1 :]]
    assert any("wholly above its own" in p for p in order_problems(swapped))
    overlapping = next(i for i, r in enumerate(rows) if "–" in r[1])
    narrowed = [list(r) for r in rows]
    narrowed[overlapping][1] = narrowed[overlapping][1].split("–")[0]
    assert any("the intervals allow" in p for p in order_problems(narrowed))


def test_the_order_is_deterministic_and_unmeasured_findings_follow_unranked() -> None:
    """The same analyses in another order give the same table; the text-decides finding (TAL-006, by the toy's text)
    is not ranked and comes after every ranked one."""
    found = [f for a in analyses() for f in a.findings]
    once = [(f.code, r) for f, r in ordered(found)]
    assert once == [(f.code, r) for f, r in ordered(list(reversed(found)))]
    codes = [c for c, _ in once]
    assert dict(once)["TAL-006"] is None
    assert all(r is not None for c, r in once[: codes.index("TAL-006")])


def test_findings_json_and_the_page_give_the_tables_ranks_in_its_order() -> None:
    """findings.json's ``impact.rank`` ({low, high, of}) and the page's rows say what the table says, in its order."""
    rows = table(markdown.render(list(analyses()), BUDGET))
    doc = json.loads(json_report.render(list(analyses()), BUDGET))
    by_code = {f["code"]: f for g in doc["games"].values() for f in g["findings"]}
    for row in rows:
        rank = by_code[row[0]]["impact"]["rank"]
        said = "—" if rank is None else str(rank["low"]) if rank["low"] == rank["high"] else \
            f"{rank['low']}–{rank['high']}"
        assert (row[0], row[1]) == (row[0], said)
        assert rank is None or rank["of"] == sum(1 for r in rows if r[1] != "—")
    page = page_model(list(analyses()), BUDGET)
    assert [(r[0], r[1]) for r in rows] == [(f["code"], f["rank"]) for f in page["findings"]]

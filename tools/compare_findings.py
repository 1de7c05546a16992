"""Two findings.json files compared finding by finding: the class and the rank range before and after, and for each
finding whose class or rank changed, the figures that explain it: strong play's estimate (its base games where the
situation arose and the winner changed, among all of them, with its 95 % interval, and whether it moved beyond
sampling noise), where the situation arose and what changed there for each play, and the play that shows the class.
For an issue's "findings whose class or rank changed, and why".

A file written before ranks existed (no ``impact.rank``) has its ranks drawn here from each finding's
``impact.priority`` the way the report draws them (``findings.rank_ranges``), and says so ("computed").

Usage: python tools/compare_findings.py OLD.json NEW.json [--all] [--json]
``--all`` lists the unchanged findings too; ``--json`` prints the comparison as JSON. Exit 0, or 2 on a file that is
not a findings.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nilerules.analysis.findings import rank_ranges
from nilerules.analysis.montecarlo import moved, wilson
from nilerules.core.jsonio import loads, read_text

PLAYS = ("strong", "random", "greedy")
"""The plays a finding's ``impact.by_play`` may hold, in the order they are said."""

class NotFindings(ValueError):
    """The file is not a findings.json this tool can read."""


@dataclass(frozen=True, slots=True)
class Side:
    """One finding as one file gives it."""

    cls: str
    rank: tuple[int, int, int] | None
    """(low, high, of), or None when not ranked."""
    computed: bool
    """The rank was drawn here from ``impact.priority`` (an older file without ``impact.rank``)."""
    impact: Mapping[str, Any]

    def rank_words(self) -> str:
        if self.rank is None:
            return "—"
        low, high, of = self.rank
        return (str(low) if low == high else f"{low}–{high}") + f" of {of}" + (" (computed)" if self.computed else "")


@dataclass(frozen=True, slots=True)
class Row:
    """One finding before and after (None: not in that file)."""

    game: str
    code: str
    title: str
    old: Side | None
    new: Side | None

    @property
    def class_changed(self) -> bool:
        return self.old is not None and self.new is not None and self.old.cls != self.new.cls

    @property
    def rank_changed(self) -> bool:
        return (self.old is not None and self.new is not None
                and (self.old.rank or (0, 0, 0))[:2] != (self.new.rank or (0, 0, 0))[:2])

    @property
    def changed(self) -> bool:
        return self.old is None or self.new is None or self.class_changed or self.rank_changed


def read(path: Path) -> Mapping[str, Any]:
    """A findings.json, read with the package's bounded JSON reader."""
    doc = loads(read_text(path, NotFindings), str(path), NotFindings)
    if not isinstance(doc, dict) or not str(doc.get("format", "")).startswith("nilerules-findings/"):
        raise NotFindings(f"{path}: not a findings.json (no 'format': 'nilerules-findings/...')")
    if not isinstance(doc.get("games"), dict):
        raise NotFindings(f"{path}: 'games' must be an object of games")
    return doc


def _counts(data: Any) -> tuple[int, int] | None:
    if isinstance(data, Mapping) and isinstance(data.get("hits"), int) and isinstance(data.get("trials"), int):
        return int(data["hits"]), int(data["trials"])
    return None


def sides(doc: Mapping[str, Any]) -> dict[tuple[str, str], tuple[str, Side]]:
    """(game, code) -> (title, side) for every finding of ``doc``, each with its rank range (stored, else computed
    from ``impact.priority`` over the whole file)."""
    found: list[tuple[str, Mapping[str, Any]]] = [
        (str(game), f) for game, data in doc["games"].items() for f in (data.get("findings") or ())
        if isinstance(f, Mapping)
    ]
    stored = any(isinstance(f.get("impact"), Mapping) and "rank" in f["impact"] for _, f in found)
    computed: dict[int, tuple[int, int, int]] = {}
    if not stored:
        ranked = []
        for i, (_, f) in enumerate(found):
            impact = f.get("impact")
            if not isinstance(impact, Mapping) or impact.get("class") == "the text decides":
                continue
            counts = _counts(impact.get("priority"))
            if counts is not None and counts[1] > 0:  # as findings.priority: strong play measured it
                ranked.append((i, wilson(*counts)))
        for (i, _), r in zip(ranked, rank_ranges([interval for _, interval in ranked]), strict=True):
            computed[i] = (r.low, r.high, r.of)
    out = {}
    for i, (game, f) in enumerate(found):
        impact = f.get("impact") if isinstance(f.get("impact"), Mapping) else {}
        assert isinstance(impact, Mapping)
        rank_data = impact.get("rank")
        rank = (
            (int(rank_data["low"]), int(rank_data["high"]), int(rank_data["of"]))
            if isinstance(rank_data, Mapping) else computed.get(i)
        )
        cls = str(impact.get("class", "not measured"))
        out[(game, str(f.get("code")))] = (str(f.get("title", "")), Side(cls, rank, not stored and rank is not None,
                                                                         impact))
    return out


def compare(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Row]:
    """Every finding of either file: those of the new file by their new rank (best first; unranked after, by code),
    then the ones only the old one holds, by code."""
    before, after = sides(old), sides(new)

    def place(key: tuple[str, str]) -> tuple[int, int, int, str]:
        side = after.get(key)
        if side is None:
            return (2, 0, 0, key[1])
        rank = side[1].rank
        return (0, rank[0], rank[1], key[1]) if rank is not None else (1, 0, 0, key[1])

    keys = sorted({*after, *before}, key=place)
    return [
        Row(game, code, (after.get((game, code)) or before[(game, code)])[0],
            before[(game, code)][1] if (game, code) in before else None,
            after[(game, code)][1] if (game, code) in after else None)
        for game, code in keys
    ]


def _rate(counts: tuple[int, int] | None) -> str:
    if counts is None:
        return "not measured"
    hits, trials = counts
    if trials == 0:
        return f"{hits}/0"
    low, high = wilson(hits, trials)
    return f"{hits}/{trials} ({100 * low:.0f}–{100 * high:.0f} %)"


def _play(impact: Mapping[str, Any], play: str) -> str:
    """One play's figures: where the situation arose, then the winner, scores and moves among those games."""
    data = (impact.get("by_play") or {}).get(play)
    if not isinstance(data, Mapping):
        return "not measured"
    arises = _counts(data.get("arises"))
    parts = [f"arose {arises[0]}/{arises[1]}" if arises is not None else f"{data.get('class', '')}"]
    for name in ("winner", "scores", "play"):
        counts = _counts(data.get(name))
        if counts is not None and counts[0]:
            parts.append(f"{name} {counts[0]}/{counts[1]}")
            break
    return ", ".join(parts)


def why(row: Row) -> list[str]:
    """The figures that explain a change of class or rank: strong play's estimate before and after (and whether it
    moved beyond noise), each play's figures, the play that shows the class."""
    if row.old is None or row.new is None:
        return []
    a, b = row.old.impact, row.new.impact
    lines = []
    pa, pb = _counts(a.get("priority")), _counts(b.get("priority"))
    beyond = pa is not None and pb is not None and moved(pa, pb)
    lines.append(
        f"strong play's estimate (winner changed, among its games): {_rate(pa)} -> {_rate(pb)}"
        + (" (moved beyond sampling noise: the intervals do not overlap)" if beyond
           else " (within sampling noise)" if pa is not None and pb is not None else "")
    )
    if row.rank_changed and pa is not None and pb is not None and not beyond:
        lines.append("its interval did not move beyond noise: the rank moved with the other findings' intervals")
    elif row.rank_changed and (row.old.rank is None or row.new.rank is None):
        lines.append("ranked in one file only (the other has no strong play's estimate for it)")
    for play in PLAYS:
        x, y = _play(a, play), _play(b, play)
        if (x, y) != ("not measured", "not measured"):
            lines.append(f"{play} play: {x} -> {y}" if x != y else f"{play} play: {x} (unchanged)")
    if a.get("shown_by") != b.get("shown_by"):
        lines.append(f"shown by: {a.get('shown_by') or '—'} -> {b.get('shown_by') or '—'}")
    elif a.get("shown_by"):
        lines.append(f"shown by: {a.get('shown_by')}")
    return lines


def lines(rows: Sequence[Row], every: bool = False) -> list[str]:
    """The comparison for people: one line per finding (changed ones only, unless ``every``), then its reasons."""
    out = []
    shown = [r for r in rows if every or r.changed]
    for r in shown:
        if r.new is None:
            assert r.old is not None
            out.append(f"{r.game} {r.code} {r.title}: gone (was {r.old.cls}, rank {r.old.rank_words()})")
            continue
        if r.old is None:
            out.append(f"{r.game} {r.code} {r.title}: new ({r.new.cls}, rank {r.new.rank_words()})")
            continue
        cls = f"{r.old.cls} -> {r.new.cls}" if r.class_changed else r.new.cls
        rank = (f"{r.old.rank_words()} -> {r.new.rank_words()}" if r.rank_changed else r.new.rank_words())
        out.append(f"{r.game} {r.code} {r.title}: class {cls}; rank {rank}")
        if r.changed:
            out += [f"  {line}" for line in why(r)]
    changed = sum(1 for r in rows if r.changed)
    out.append(f"{changed} of {len(rows)} findings changed class or rank (or appeared or vanished)")
    return out


def to_data(rows: Sequence[Row]) -> list[dict[str, Any]]:
    def side(s: Side | None) -> dict[str, Any] | None:
        if s is None:
            return None
        rank = dict(zip(("low", "high", "of"), s.rank, strict=True)) if s.rank is not None else None
        return {"class": s.cls, "rank": rank, "rank_computed": s.computed}

    return [
        {"game": r.game, "code": r.code, "title": r.title, "old": side(r.old), "new": side(r.new),
         "class_changed": r.class_changed, "rank_changed": r.rank_changed, "why": why(r)}
        for r in rows
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--all", action="store_true", help="list the unchanged findings too")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    args = parser.parse_args(argv)
    try:
        rows = compare(read(args.old), read(args.new))
    except NotFindings as exc:
        print(f"compare_findings: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(to_data(rows), indent=2, ensure_ascii=False))
    else:
        print("\n".join(lines(rows, args.all)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

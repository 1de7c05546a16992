"""ambiguities.md: the report for rulebook editors. Rendering only — no game logic.

It opens with one table of every finding sorted by impact, then one short section per finding (the quote and its
document, the readings and what each gives in the witness, the impact, the witness in words, the wording to paste),
then the assumed data and the hole detectors. Data blobs live in findings.json.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nilerules.analysis.detectors import DESCRIPTIONS
from nilerules.analysis.findings import Finding
from nilerules.analysis.impact import CLASSES, Rate
from nilerules.analysis.model import Budget
from nilerules.analysis.runner import GameAnalysis
from nilerules.core.codec import dumps
from nilerules.specs import Spec

KIND_WORDS = {
    "ambiguity": "ambiguity",
    "contradiction": "contradiction",
    "data_gap": "data gap",
    "rules_hole": "rules hole",
}
VERDICT_WORDS = {
    "witness": "the readings differ (a witness)",
    "proof": "the readings always agree (proved)",
    "unknown": "unknown: no difference found within the bounds searched, none proved",
}


def _cell(text: str) -> str:
    """Text that is safe inside a table cell (one line, no bare pipes)."""
    return " ".join(text.split()).replace("|", "\\|")


def _sentence(text: str) -> str:
    """Text ending with a full stop (check summaries do not always)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" or text.endswith((".)", "?)", "!)")) else text + "."


def short_title(title: str) -> str:
    """A game's title without its edition notes: ``Ra, with the Traders module`` -> ``Ra``."""
    return title.split(",")[0].split(" (")[0].strip()


def _sort_key(f: Finding) -> tuple[int, float, str]:
    if f.impact is None:
        return CLASSES.index("unknown"), 0.0, f.code
    rate = f.impact.headline_rate()
    share = rate.hits / rate.trials if rate.trials else 0.0
    return f.impact.rank, -share, f.code


def _recommended(f: Finding) -> str:
    return f"`{f.default}`" if f.default else "—"


def summary_table(analyses: Sequence[GameAnalysis]) -> list[str]:
    """One row per finding of every game, from the strongest impact to none."""
    rows = [(f, short_title(a.title)) for a in analyses for f in a.findings]
    lines = [
        "| code | game | title | class | how often (of paired games; 95 % interval) | recommended reading |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for f, game in sorted(rows, key=lambda row: _sort_key(row[0])):
        cls = f.impact_class
        if f.impact is not None and f.impact.alike:
            cls += " (every seat alike)"
        if f.answered_by:
            cls += "; answered by a source"
        often = f.impact.how_often() if f.impact is not None else "not measured"
        lines.append(
            f"| {f.code} | {game} | {_cell(f.title)} | {cls} | {_cell(often)} | {_recommended(f)} |"
        )
    return lines


def _where(f: Finding, spec: Spec) -> str:
    if not f.document:
        return ""
    text = f"*{spec.document(f.document)}*"
    if f.section:
        text += f", section “{f.section}”"
    return text


SAME = ("the same position", "the same end")
"""What ``witness.end_words`` says when a reading gives what the log's own reading gives."""


def _readings(f: Finding) -> list[str]:
    lines = []
    # when the witness replays alike under every reading, the check's own outcomes say more
    alike = all(r.in_witness in SAME for r in f.readings if r.end is not None and r.end.readings != _own(f))
    for r in f.readings:
        head = f"- **`{r.name}`**" + (" (default, recommended)" if r.default else "") + f": {r.description}"
        if r.in_witness and not (alike and r.outcome):
            head += f" In the witness: {r.in_witness}."
        elif r.outcome:
            head += f" The check: {r.outcome}."
        if r.contradicted:
            head += f" **The text decides against it:** “{r.contradicted}”"
        lines.append(head)
    return lines


def _own(f: Finding) -> tuple[tuple[str, str], ...]:
    return f.witness_log.config.readings if f.witness_log is not None else ()


def _witness(f: Finding, spec: Spec) -> list[str]:
    note = f" {f.impact.note}" if f.impact is not None and f.impact.note else ""
    if f.witness_log is None:
        label = "a constructed position, reachability from setup not shown" if f.constructed else "not a game"
        return [f"- **Witness** ({label}; {f.method}): {_sentence(f.summary)}{note}"]
    config = f.witness_log.config
    defaults = {a: amb.default for a, amb in spec.ambiguities.items()}
    changed = [(a, r) for a, r in config.readings if a != f.ambiguity and r != defaults.get(a)]
    depends = (
        "it depends on " + ", ".join(f"`{a}={r}`" for a, r in changed)
        if changed else "other readings at their defaults"
    )
    where = "met in paired play" if f.witness_source == "play" else f"the check's ({f.method})"
    text = f"- **Witness** (a game from setup, {where}; {depends}): {f.witness_words}."
    if f.witness_source == "check" or f.verdict != "witness":
        text += f" The check: {_sentence(f.summary)}"
    return [text + note]


def _finding(f: Finding, spec: Spec) -> list[str]:
    where = _where(f, spec)
    source = f" — {where}" if where else ""
    lines = [
        f"### {f.code} — {f.title}",
        f"> {' '.join(f.quote.split())}{source} ({KIND_WORDS[f.kind]})",
    ]
    lines += _readings(f)
    if f.verdict == "proof":
        used = f" Rules used: {', '.join(f'`{r}`' for r in f.core_rules)}." if f.core_rules else ""
        lines.append(f"- **Proof** ({f.method}): {_sentence(f.summary)}{used}")
    if f.verdict != "proof" or f.witness_log is not None:
        lines += _witness(f, spec)
    if f.answered_by:
        lines.append(f"- **Answered by a source**: {f.answered_by}")
    lines.append(f"- **Wording to paste**: {f.recommendation}")
    return lines


def _value(value: Any) -> str:
    text = dumps(value)
    return f"`{text}`" if len(text) <= 60 else f"`{text[:57]}…`"


def _game(a: GameAnalysis) -> list[str]:
    counts = {k: sum(1 for f in a.findings if f.verdict == k) for k in ("witness", "proof", "unknown")}
    lines = [
        f"## {a.title}",
        "",
        f"{len(a.findings)} findings ({counts['witness']} with a witness, {counts['proof']} proved harmless, "
        f"{counts['unknown']} unknown); spec `{a.spec.path.rsplit('/', 1)[-1]}` (sha256 {a.spec.digest[:12]})."
        + "".join(f" Impact measured over {f.impact.budget}." for f in a.findings[:1] if f.impact is not None),
        "",
    ]
    for f in a.findings:
        lines += _finding(f, a.spec)
    return lines


def _assumed(analyses: Sequence[GameAnalysis]) -> list[str]:
    lines = ["## Assumed data", "", "Data the rules do not give; the model assumes a value and says why.", ""]
    lines += ["| game | parameter | value | why assumed |", "| --- | --- | --- | --- |"]
    for a in analyses:
        for p in a.assumptions:
            lines.append(f"| {short_title(a.title)} | `{p.name}` | {_value(p.value)} | {_cell(p.source)} |")
    return [*lines, ""]


def _holes(analyses: Sequence[GameAnalysis]) -> list[str]:
    lines = ["## Rules holes (generic detectors)", ""]
    lines.append("Detectors: " + "; ".join(f"`{name}`, {what}" for name, what in DESCRIPTIONS.items()) + ".")
    lines += [
        "",
        "| game | detector | verdict | playouts hit (95 % interval) | example |",
        "| --- | --- | --- | --- | --- |",
    ]
    for a in analyses:
        for h in a.holes:
            lines.append(
                f"| {short_title(a.title)} | {h.detector} | {h.verdict.kind} | {Rate(h.hits, h.playouts).describe()} | "
                f"{_cell(h.verdict.summary)} |"
            )
    lines.append("")
    lines += [f"- searched ({short_title(a.title)}): {a.hole_bounds}." for a in analyses]
    return [*lines, ""]


def render(analyses: Sequence[GameAnalysis], budget: Budget) -> str:
    total = sum(len(a.findings) for a in analyses)
    lines = [
        "# nilerules: clarified rule ambiguities",
        "",
        f"{total} unclear or incomplete passages of the rules, each with the readings it allows, how much the choice "
        "matters in play, a witness (a game from setup where the readings part) or a proof that they agree, and "
        "wording to paste into the rulebook.",
        "",
        "How much a reading matters is measured in paired games: the same seeded game played under the default and "
        "under the other reading side by side, with the same chance draws and the same choices while they agree. "
        "**changes the winner** / **changes scores** / **changes play only**: the strongest difference met (with "
        "how often, and a 95 % interval); **never matters**: proved; **unknown**: neither met nor proved; **rare**: "
        "the check has a witness but play never met it. Figures and witness logs are in `findings.json`; "
        "`nilerules replay findings.json --finding CODE --reading AMBIGUITY=READING` replays a witness and shows "
        "what a reading does where the readings part.",
        "",
        f"Budget: {budget.playouts} playouts, {budget.examples} Hypothesis examples per search, Z3 rlimit "
        f"{budget.rlimit}, seed {budget.seed}.",
        "",
        "## Every finding, by impact",
        "",
    ]
    lines += summary_table(analyses)
    lines.append("")
    for a in analyses:
        lines += _game(a)
    lines += _assumed(analyses)
    lines += _holes(analyses)
    return "\n".join(lines).rstrip() + "\n"

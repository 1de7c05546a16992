"""ambiguities.md: the report for rulebook editors. Rendering only — no game logic."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nilerules.analysis.detectors import DESCRIPTIONS
from nilerules.analysis.findings import Finding
from nilerules.analysis.model import Budget
from nilerules.analysis.runner import GameAnalysis
from nilerules.core.codec import dumps, to_data

VERDICT_WORDS = {
    "witness": "**The readings differ** — a witness",
    "proof": "**The readings always agree** — proved",
    "unknown": "**Unknown** — no divergence found within the bounds searched, none proved",
}
KIND_WORDS = {
    "ambiguity": "ambiguity",
    "contradiction": "contradiction",
    "data_gap": "data gap",
    "rules_hole": "rules hole",
}


def _quote(text: str) -> str:
    return "> " + text.replace("\n", "\n> ")


def _finding(f: Finding) -> list[str]:
    lines = [f"### {f.code} — {f.title}", ""]
    lines.append(f"*{KIND_WORDS[f.kind]}; rules {', '.join(f'`{r}`' for r in f.rule_ids)}*")
    lines += ["", _quote(f.quote), "", "| reading | what it says | outcome |", "| --- | --- | --- |"]
    for r in f.readings:
        name = f"`{r.name}`" + (" (default)" if r.default else "")
        lines.append(f"| {name} | {r.description} | {r.outcome or '—'} |")
    lines += ["", f"{VERDICT_WORDS[f.verdict]} ({f.method}): {f.summary}"]
    if f.witness:
        lines += ["", f"Witness as data: `{dumps(to_data(dict(f.witness)))}`"]
    if f.core_rules:
        lines += ["", f"The proof uses rules {', '.join(f'`{r}`' for r in f.core_rules)}."]
    if f.data:
        lines += ["", f"Figures: `{dumps(to_data(dict(f.data)))}`"]
    lines += ["", f"Searched: {f.searched}", "", f"**Recommended clarification:** {f.recommendation}", ""]
    return lines


def _value(value: Any) -> str:
    text = dumps(value)
    return f"`{text}`" if len(text) <= 80 else f"`{text[:77]}…`"


def _game(a: GameAnalysis) -> list[str]:
    lines = [f"## {a.title} (`{a.game}`)", ""]
    counts = {k: sum(1 for f in a.findings if f.verdict == k) for k in ("witness", "proof", "unknown")}
    lines.append(
        f"{len(a.findings)} findings: {counts['witness']} with a witness, {counts['proof']} proved harmless, "
        f"{counts['unknown']} unknown. Spec `{a.spec.path.rsplit('/', 1)[-1]}` (sha256 {a.spec.digest[:12]})."
    )
    lines.append("")
    for f in a.findings:
        lines += _finding(f)
    lines += ["### Assumed data", ""]
    if a.assumptions:
        lines += ["| parameter | value | why assumed |", "| --- | --- | --- |"]
        for p in a.assumptions:
            lines.append(f"| `{p.name}` | {_value(p.value)} | {p.source} |")
    else:
        lines.append("None: every datum comes from the seed or a cited source.")
    lines += ["", "### Rules holes (generic detectors)", "", f"Searched: {a.hole_bounds}.", ""]
    lines += ["| detector | looks for | verdict | hits | example |", "| --- | --- | --- | --- | --- |"]
    for h in a.holes:
        lines.append(
            f"| {h.detector} | {DESCRIPTIONS[h.detector]} | {h.verdict.kind} | {h.hits}/{h.playouts} | "
            f"{h.verdict.summary} |"
        )
    lines.append("")
    return lines


def render(analyses: Sequence[GameAnalysis], budget: Budget) -> str:
    lines = [
        "# nilerules: clarified rule ambiguities",
        "",
        "For each unclear or incomplete passage of the rules: the readings it allows, whether the difference matters "
        "(a **witness** — a concrete situation where the readings give different results — or a **proof** that they "
        "always agree), and a recommended clarification. **Unknown** means the search found nothing within the "
        "bounds stated, which is neither a yes nor a no.",
        "",
        f"Budget: {budget.playouts} playouts per estimate, {budget.examples} Hypothesis examples per search, "
        f"Z3 rlimit {budget.rlimit}, seed {budget.seed}.",
        "",
        "| game | findings | witness | proof | unknown | assumed data |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for a in analyses:
        kinds = [f.verdict for f in a.findings]
        lines.append(
            f"| {a.title} | {len(kinds)} | {kinds.count('witness')} | {kinds.count('proof')} | "
            f"{kinds.count('unknown')} | {len(a.assumptions)} |"
        )
    lines.append("")
    for a in analyses:
        lines += _game(a)
    return "\n".join(lines).rstrip() + "\n"

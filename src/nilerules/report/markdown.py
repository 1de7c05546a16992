"""ambiguities.md: the report for rulebook editors. Rendering only — no game logic.

It opens with one table of every finding sorted by impact, then the key to reading it, then one short section per
finding (the quote and its document, the readings and what each gives in the witness, the witness in words, the
wording to paste), then the assumed data and the hole detectors. What the page says once after the table (how impact
is measured, what the marks mean, that a witness keeps every other reading at its default unless it says otherwise)
is not repeated per finding; data blobs, per-reading figures and the impact notes the marks stand for live in
findings.json.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from nilerules.analysis.detectors import DESCRIPTIONS, HoleResult
from nilerules.analysis.findings import FIGURE_SOURCES, RANK_TEST, Finding, ReadingOutcome, ordered
from nilerules.analysis.impact import UNSEEN, Impact, Rate
from nilerules.analysis.montecarlo import wilson
from nilerules.analysis.page import WITNESS_CONTINUATION
from nilerules.analysis.runner import GameAnalysis
from nilerules.analysis.witness import EndPosition, effect, illegal_words, move_words, parts_words, position_parts
from nilerules.checks.model import Budget
from nilerules.core.codec import dumps
from nilerules.core.verdicts import Witness
from nilerules.documents import passage_line
from nilerules.report import json as json_report
from nilerules.report.wording import UNMET_MARK, assumed_key, assumed_rows, play_cells, rate_cell, source_href
from nilerules.specs import Spec, edits_from_bundled

KIND_WORDS = {
    "ambiguity": "ambiguity",
    "contradiction": "contradiction",
    "data_gap": "data gap",
    "rules_hole": "rules hole",
}
LAST = ", the last: "
"""Where ``witness.log_words`` starts naming the log's last moves: a check's own witness is described by the check's
summary, so the page gives only the config and the length of its log (the moves are in findings.json)."""
MOVES_NAMED = 2
"""Legal moves named one by one after a reading (the rest are counted; findings.json lists them all)."""
READINGS_LIST = re.compile(r" \((?:[a-z0-9_]+=[a-z0-9_]+(?:, )?)+\)")
"""The readings a detector's example names one by one (in findings.json; the page names the config alone)."""


def _cell(text: str) -> str:
    """Text that is safe inside a table cell (one line, no bare pipes)."""
    return " ".join(text.split()).replace("|", "\\|")


def _sentence(text: str) -> str:
    """Text ending with a full stop (check summaries do not always)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" or text.endswith((".)", "?)", "!)")) else text + "."


def short_title(title: str) -> str:
    """A game's title without its edition notes: ``Ra, with the Traders module`` -> ``Ra``, ``Nefertiti with its
    expansion`` -> ``Nefertiti``."""
    return title.split(",")[0].split(" (")[0].split(" with ")[0].strip()


def _recommended(f: Finding) -> str:
    return f"`{f.default}`" if f.default else "—"


def marks(f: Finding) -> list[str]:
    """The marks an editor needs beside the class: every seat alike, strong play never met it, rare, constructed,
    answered by a source."""
    out = []
    if f.impact is not None and f.impact.alike:
        out.append("every seat alike")
    if f.impact is not None and f.impact.unmet_by_strong:
        out.append(UNMET_MARK)
    if f.impact is not None and f.impact.rare:
        out.append("rare")
    if f.constructed:
        out.append("constructed")
    if f.answered_by:
        out.append("answered by a source")
    return out


def summary_table(analyses: Sequence[GameAnalysis]) -> list[str]:
    """One row per finding of every game in the report's order (``findings.ordered``: strong play's estimate, the
    share of its games where the situation arose and the readings changed the winner, then the class), each with its
    rank range: the ranks its interval allows (``findings.RANK_TEST``); — for a finding strong play did not measure."""
    found = [f for a in analyses for f in a.findings]
    titles = {(a.game, f.code): short_title(a.title) for a in analyses for f in a.findings}
    lines = [
        "| code | rank | game | title | class | strong play: winner changed (95 %) | strong play (95 % interval) "
        "| random · greedy | recommended |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for f, rank in ordered(found):
        cls = ", ".join([f.impact_class, *marks(f)])
        strong, context = play_cells(f.impact.to_data() if f.impact is not None else None)
        first = rate_cell(f.impact.priority()) if f.impact is not None else "not measured"
        lines.append(
            f"| {f.code} | {rank.cell() if rank is not None else '—'} | {titles[(f.game, f.code)]} | {_cell(f.title)} "
            f"| {cls} | {first} | {strong} | {context} | {_recommended(f)} |"
        )
    return lines


def _where(f: Finding, spec: Spec) -> str:
    if not f.document:
        return ""
    line = passage_line(f.document, f.quote)
    href = source_href(f.document, line)
    text = f"[*{spec.document(f.document)}*]({href})" if href else f"*{spec.document(f.document)}*"
    return text + (f", “{f.section}”" if f.section else "") + (f", line {line}" if href else "")


def _own(f: Finding) -> tuple[tuple[str, str], ...]:
    return f.witness_log.config.readings if f.witness_log is not None else ()


def _winners(winners: tuple[int, ...]) -> str:
    return " and ".join(f"seat {w}" for w in winners) + (" win" if len(winners) > 1 else " wins")


def _moves(end: EndPosition, own: EndPosition | None, counted: bool) -> str:
    """Who is to move and the legal moves: only what differs from ``own``'s when the same seat moves, and for ``own``
    itself only how many when ``counted`` (every other reading then names its difference)."""
    who = "a chance draw" if end.mover == "chance" else f"{end.mover} to move"
    if end is own and counted and end.moves:
        kind = "outcome" if end.mover == "chance" else "legal move"
        return f"{who}: {len(end.moves)} {kind}{'' if len(end.moves) == 1 else 's'}"
    if own is None or own is end or own.mover != end.mover or not set(end.moves) & set(own.moves):
        return f"{who}: {move_words(end.moves, MOVES_NAMED)}" if end.moves else who
    gone = set(end.moves)
    only = [m for m in end.moves if m not in set(own.moves)]
    lost = [m for m in own.moves if m not in gone]
    if not only and not lost:
        return _moves(own, own, counted)  # the same moves as the game's own reading: said as such
    diff = ([f"also {move_words(only, MOVES_NAMED)}"] if only else []) + (
        [f"not {move_words(lost, MOVES_NAMED)}"] if lost else []
    )
    return f"{who} ({'; '.join(diff)})"


def _ends(f: Finding, said: dict[str, str] | None = None) -> dict[str, str]:
    """What each reading gives at the witness's end, saying only what differs between the readings (empty when
    replaying the witness gives the same under every reading). With ``said`` (the check's own words per reading),
    only what the replay adds to them: the scores when the words do not state them, the end of the game and its
    winners, a log that becomes illegal, and the moves only when the words do not tell every reading apart."""
    ends = {r.name: r.end for r in f.readings if r.end is not None}
    if not ends or len(ends) != len(f.readings):
        return {}
    own = ends.get(dict(_own(f)).get(f.ambiguity, ""))
    values = list(ends.values())
    moves = len({(e.mover, e.moves) for e in values if not e.terminal}) > 1 or len({e.terminal for e in values}) > 1
    scores = len({e.scores for e in values}) > 1
    winners = len({(e.terminal, e.winners) for e in values}) > 1
    if not (moves or scores or winners or any(e.stopped for e in values)):
        return {}
    if said is not None and len(set(said.values())) == len(said):
        moves = False  # the check's words tell the readings apart: the moves they part on are said there
    counted = own is not None and all(
        e.mover == own.mover and set(e.moves) & set(own.moves) for e in values if not e.terminal and not e.stopped
    )
    out = {}
    for name, e in ends.items():
        if e.stopped:
            out[name] = illegal_words(e)
            continue
        parts = []
        if e.terminal and (moves or (winners and said is None)):
            parts.append("game over")  # beside the check's words, the winners say it
        elif moves:
            parts.append(_moves(e, own, counted))
        if scores and (said is None or str(list(e.scores)) not in said.get(name, "")):
            parts.append(f"scores {list(e.scores)}")
        if e.terminal and winners:
            parts.append(_winners(e.winners))
        out[name] = ", ".join(parts)
    return out


def _gives(f: Finding) -> dict[str, str]:
    """What each reading gives, as the page shows it: the check's own words for each, then what replaying the
    witness under it adds (*replayed*: ...); when the check has no words for every reading, what each gives at the
    witness's end."""
    said = {r.name: r.outcome for r in f.readings if r.outcome}
    if len(said) != len(f.readings):
        return _ends(f) or said
    if elsewhere(f):  # the check's words are about its own position, not the game shown: each says where it is from
        ends = _ends(f)
        source = FIGURE_SOURCES[f.figures_from]
        return {name: f"in {source}: {words}" + (f"; in the witness game: {ends[name]}" if ends.get(name) else "")
                for name, words in said.items()}
    added = _ends(f, said)
    return {name: words + (f"; replayed: {added[name]}" if added.get(name) else "") for name, words in said.items()}


def elsewhere(f: Finding) -> bool:
    """Whether the check's words for each reading come from another source than the witness game shown (a written
    position or a solver model while the witness is a game met in play): they are then labelled with their source."""
    return f.witness_log is not None and f.figures_from not in ("game", "")


def written_out(f: Finding) -> str:
    """The written position the check's figures come from, with the moves played from it, for the markdown (empty
    when they come from a game or the check writes no position)."""
    if f.figures_from not in ("position", "model") or not isinstance(f.witness.get("position"), dict):
        return ""
    players = f.witness.get("players")
    config = ", ".join(([f"{players} players"] if isinstance(players, int) else []) + (
        [f"modules {', '.join(map(str, f.witness.get('modules') or ()))}"] if f.witness.get("modules") else []))
    moves = f.witness.get("actions") or []
    played = f"; then {', '.join(f'`{dumps(a)}`' for a in moves)}" if moves else ""
    return (f"{config}: " if config else "") + f"`{dumps(f.witness['position'])}`{played}"


def _reading(r: ReadingOutcome, gives: str) -> str:
    text = f"- **`{r.name}`**" + (" (default)" if r.default else "") + f": {_sentence(r.description)}"
    if gives:
        text += f" → {_sentence(gives)}"
    if r.contradicted:
        text += f" **The text decides against it:** {r.contradicted}"  # the mark quotes the text's own words in “…”
    return text


def _readings(f: Finding) -> tuple[list[str], str]:
    """The readings' lines, and what every reading gives when it is the same for all (said once instead)."""
    gives = _gives(f)
    texts = [gives.get(r.name, "") for r in f.readings]
    if len(f.readings) > 1 and all(texts) and len(set(texts)) == 1:
        return [_reading(r, "") for r in f.readings], texts[0]
    lines = []
    for i, r in enumerate(f.readings):
        text = texts[i]
        earlier = next((f.readings[j].name for j in range(i) if text and texts[j] == text), None)
        lines.append(_reading(r, f"as `{earlier}`" if earlier else text))
    return lines, ""


def _note(f: Finding) -> str:
    """The impact note, when the marks and the page's key do not already say it."""
    impact: Impact | None = f.impact
    if impact is None or not impact.note:
        return ""
    if impact.cls == "never matters" and f.verdict == "proof" and not impact.rare:
        return ""  # the class says it: proved, never met
    if impact.rare and f.witness_log is None:
        return ""  # rare and constructed (or not a game) say it
    if impact.rare and any(r.in_witness for r in f.readings) and impact.cls != UNSEEN:
        return ""  # rare: the class is what the witness shows
    if impact.rare and f.witness_log is not None and impact.cls == UNSEEN:
        ends = [r.end for r in f.readings if r.end is not None]
        shows = effect(ends) if ends and len(ends) == len(f.readings) else None
        parts = _position_parts(f) if shows == "position" else []
        if shows == "none":
            return (
                "Replayed, the witness gives the same under every reading: the difference is in what the check "
                "reports."
            )
        if parts:
            same = "same moves and scores"
            return f"Replayed, the witness parts the readings only in the position ({same}): {parts_words(parts)}."
    return impact.note


def _position_parts(f: Finding) -> list[str]:
    """The named parts of the position where some reading's replay of the witness differs from its own reading's."""
    ends = {r.name: r.end for r in f.readings if r.end is not None}
    own = ends.get(dict(_own(f)).get(f.ambiguity, ""))
    parts: list[str] = []
    for e in ends.values():
        if own is not None and e is not own:
            parts += [p for p in position_parts(e, own) if p not in parts]
    return parts


def _depends(f: Finding, spec: Spec) -> str:
    """The non-default readings of other ambiguities the witness needs: those its game is played under, and those
    the check names (a hand-built position has no config to read them from)."""
    defaults = {a: amb.default for a, amb in spec.ambiguities.items()}
    played = f.witness_log.config.readings if f.witness_log is not None else ()
    changed = sorted({(a, r) for a, r in (*played, *f.depends_on) if a != f.ambiguity and r != defaults.get(a)})
    return "; depends on " + ", ".join(f"`{a}={r}`" for a, r in changed) if changed else ""


def _witness(f: Finding, spec: Spec, every: str) -> list[str]:
    rare = ", rare" if f.impact is not None and f.impact.rare else ""
    after = (f" Every reading gives: {_sentence(every)}" if every else "") + (
        f" {_note(f)}" if _note(f) else ""
    )
    if f.witness_log is None and f.verdict == "unknown":
        return [f"- **No witness, no proof** ({f.method}): {_sentence(f.summary)}{after}"]
    position = written_out(f)
    if f.witness_log is None:
        label = "constructed" if f.constructed else "not a game"
        where = f" Position ({FIGURE_SOURCES[f.figures_from]}), {position}." if position else ""
        return [f"- **Witness**{rare} ({label}; {f.method}{_depends(f, spec)}): {_sentence(f.summary)}{where}{after}"]
    if f.witness_source == "play":
        met = "met in the witness search" if rare else "met in play"  # rare: not in the measured games
        head = f"- **Witness**{rare} ({met}{_depends(f, spec)}): "
        text = _sentence(f.witness_words)
        if position:  # the check's figures: its own written position, not this game
            text += f" The check's figures come from {FIGURE_SOURCES[f.figures_from]}: {_sentence(f.summary)} " \
                    f"Position, {position}."
        elif f.verdict != "witness":
            text += f" The check: {_sentence(f.summary)}"
    else:
        head = f"- **Witness**{rare} ({f.method}{_depends(f, spec)}): "
        game = f"Game: {_sentence(f.witness_words.split(LAST)[0])}"
        text = f"{_sentence(f.summary)} {game}" if f.verdict != "proof" else game
    return [head + text + after]


def evidence_record(f: Finding) -> Mapping[str, Any] | None:
    """The impact's evidence game ({policy, seed, config, step, reading}) when the impact names one, else None."""
    found: Any = getattr(f.impact, "evidence", None) if f.impact is not None else None
    data = found.to_data() if hasattr(found, "to_data") else found
    if isinstance(data, Mapping) and all(k in data for k in ("policy", "seed", "step", "reading")):
        return data
    return None


def _evidence(f: Finding, budget: Budget | None) -> list[str]:
    """The game the page opens as the evidence, by its seed and step: the impact's evidence game, else the witness
    game (continued on the page under each reading)."""
    record = evidence_record(f)
    if record is not None:
        config = record.get("config")
        players = config.get("players") if isinstance(config, Mapping) else None
        return [
            f"- **Evidence**: a {record['policy']} game, seed {record['seed']}"
            + (f", {players} players" if isinstance(players, int) else "")
            + f": the situation arises at step {record['step']}, where `{record['reading']}` parts from the base "
            "game's reading; report.html replays each reading's continuation from there."
        ]
    if f.witness_log is None:
        return []
    return [
        f"- **Evidence**: the witness game, step {len(f.witness_log.actions)} (its last move); report.html continues "
        f"it under each reading, every seat playing {WITNESS_CONTINUATION} from seed {(budget or Budget()).seed}."
    ]


def _finding(f: Finding, spec: Spec, budget: Budget | None = None) -> list[str]:
    where = _where(f, spec)
    kind = f" ({KIND_WORDS[f.kind]})" if f.kind != "ambiguity" else ""
    lines = [f"### {f.code} — {f.title}{kind}", f"> {' '.join(f.quote.split())}" + (f" — {where}" if where else "")]
    readings, every = _readings(f)
    lines += readings
    if f.verdict == "proof":
        used = f" Rules used: {', '.join(f'`{r}`' for r in f.core_rules)}." if f.core_rules else ""
        lines.append(f"- **Proof** ({f.method}): {_sentence(f.summary)}{used}")
    if f.verdict != "proof" or f.witness_log is not None:
        lines += _witness(f, spec, every)
    elif every:
        lines.append(f"- Every reading gives: {_sentence(every)}")
    lines += _evidence(f, budget)
    if f.impact is not None and f.impact.unmet_by_strong:
        lines.append(f"- **{UNMET_MARK.capitalize()}**: {f.impact.unmet_words()}")
    if f.answered_by:
        lines.append(f"- **Answered by a source**: {f.answered_by}")
    lines.append(f"- **Wording to paste**: {f.recommendation}")
    if f.placement:
        lines.append(f"- **Where**: {f.placement}")
    if f.reason:
        lines.append(f"- **Why**: {' '.join(f.reason)}")
    return lines


def _game(a: GameAnalysis, budget: Budget) -> list[str]:
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
        lines += _finding(f, a.spec, budget)
    return lines + _edges(a)


def _edges(a: GameAnalysis) -> list[str]:
    """The game's "Edges examined" section, from its edges file as findings.json gives it (none: no file yet)."""
    data = json_report.analysis_data(a).get("edges")
    if data is None:
        return []
    counts = data["counts"]
    verdicts = list(next(iter(counts.values())))
    lines = [
        "### Edges examined",
        "",
        f"{data['total']} (rule, kind) pairs over {data['rules']} rules ({data['skipped']} rules touch nothing and are "
        f"skipped, flavour text aside): each is decided by a quote, a finding, an assumed param, a proof that it "
        f"cannot happen, or unknown after a search. `nilerules edges {a.game}` runs their probes.",
        "",
        "| kind | " + " | ".join(verdicts) + " | total |",
        "| --- | " + " | ".join("---:" for _ in verdicts) + " | ---: |",
    ]
    for kind, row in counts.items():
        lines.append(f"| {kind} | " + " | ".join(str(row[v]) for v in verdicts) + f" | {sum(row.values())} |")
    totals = [sum(row[v] for row in counts.values()) for v in verdicts]
    lines.append("| **total** | " + " | ".join(str(t) for t in totals) + f" | {sum(totals)} |")
    questions = data["new_questions"]
    lines += ["", f"New questions this pass raised: {len(questions)}." if questions else "No new question."]
    for q in questions:
        where = ", ".join(f"`{w['rule']}` ({w['kind']})" for w in q["where"])
        readings = ", ".join(f"`{r}`" for r in q["readings"])
        lines.append(f"- **{_cell(q['question'])}** Readings {readings}; default `{q['default']}`. {where}. "
                     f"Wording to paste: {_cell(q['wording'])}")
    unreachable = [e for e in data["entries"] if e["verdict"] == "unreachable"]
    if unreachable:
        lines += ["", "Unreachable, and how that is known:"]
        for e in unreachable:
            solver = f" (`{e['solver']}`)" if "solver" in e else ""
            lines.append(f"- `{e['rule']}` ({e['kind']}): {_cell(e['proof'])}{solver}")
    hidden = [e for e in data["entries"] if e["verdict"] == "assumed" and "variant" in e]
    if hidden:
        lines += ["", "Assumed data that hides an edge (examined under the variant too, by `nilerules edges`):"]
        lines += [f"- `{e['rule']}` ({e['kind']}): `{e['param']}`; variant "
                  + ", ".join(f"`{k} = {json.dumps(v)}`" for k, v in sorted(e["variant"].items()))
                  + f". {_cell(e['why'])}" + _unfit(e) for e in hidden]
    if data["missing"]:
        lines += ["", f"Not yet accounted for: {len(data['missing'])}."]
        lines += [f"- {_cell(m['key'])}: {_cell(m['what'])}" for m in data["missing"]]
    return [*lines, ""]


def _unfit(entry: Mapping[str, Any]) -> str:
    """What the edges section says of a variant that does not fit the spec's values (an edited copy), else nothing."""
    if "variant_unfit" not in entry:
        return ""
    why = _cell("; ".join(entry["variant_unfit"]))
    stop = "" if str(entry.get("why", "")).endswith(".") else "."
    return f"{stop} **Not examined:** the variant does not fit this spec's values ({why})."


def _assumed(analyses: Sequence[GameAnalysis]) -> list[str]:
    """The assumed-data table, row by row as findings.json holds the assumptions (``wording.assumed_rows``)."""
    key = "".join({"em": f"*{text}*", "code": f"`{text}`"}.get(mark, text) for mark, text in assumed_key())
    lines = [
        "## Assumed data",
        "",
        key,
        "",
        "| game | parameter | value | why assumed | a step changes | how often (95 % interval) | strong play | "
        "random · greedy |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for a in analyses:
        for row in assumed_rows(json_report.analysis_data(a)["assumptions"]):
            lines.append(
                f"| {short_title(a.title)} | `{row.name}` | `{row.value_short}` | {_cell(row.reason_short)} | "
                f"{row.cls} | {_cell(row.often)} | {row.strong} | {row.context} |"
            )
    return [*lines, ""]


def _not_default(spec: Spec, hole: HoleResult) -> str:
    """The readings other than the defaults a detector's example was played under, named (empty: the defaults)."""
    readings = hole.verdict.data.get("readings", {}) if isinstance(hole.verdict, Witness) else {}
    named = [
        f"`{reading}` ({spec.ambiguities[amb].code})"
        for amb, reading in sorted(readings.items())
        if amb in spec.ambiguities and reading != spec.ambiguities[amb].default
    ]
    return f"; under {', '.join(named)}, not the default" + ("s" if len(named) > 1 else "") if named else ""


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
            example = READINGS_LIST.sub("", h.verdict.summary) + _not_default(a.spec, h) if h.hits else "—"
            lines.append(
                f"| {short_title(a.title)} | {h.detector} | {h.verdict.kind} | {rate_cell(Rate(h.hits, h.playouts))} | "
                f"{_cell(example)} |"
            )
    lines.append("")
    lines += [f"- searched ({short_title(a.title)}): {a.hole_bounds}." for a in analyses]
    return [*lines, ""]


KEY = (
    "**How to read it.** The rows are in the order of strong play's estimate: the share of its base games where the "
    "situation arose and the readings changed the winner (arises × changes the winner), with its 95 % interval. "
    f"*rank* is the range of places those intervals allow: {RANK_TEST}. Rows whose rank ranges overlap are not "
    "ordered by the data (between them the order is by class, then code); — : strong play measured nothing for the "
    "finding (the text decides, or the budget plays no strong game), and such rows follow the ranked ones by class. "
    "Impact is measured where the rule applies: a seeded base game is played under the default readings, and from "
    "its first *application point* (the first step where another reading gives another mover, other legal moves, "
    "another chance distribution, another position after the move played, or other scores) a paired game goes on "
    "under that reading with its own players, by random and greedy players and by competent ones (*strong play*: "
    "every seat plays the search-based player of `docs/strength.md`, which plans by the reading its game is played "
    "under). The class is the strongest difference any play met where the situation arose, shown by strong play "
    "whenever it shows it (*strong play never met it*: random or greedy play did, and the finding says in how many "
    "strong games it could have arisen): **changes the winner**, **changes scores** (*every seat alike*: every seat "
    "shifts by the same amount, so the ranking cannot change), **changes play only**; **never matters**: proved; "
    "**the text decides**: the text rules out every reading but the default, so only the wording needs clarifying "
    "(impact is measured against the readings the text leaves open only); "
    "**no difference seen**: play met none and the check decides nothing (not the verdict's *unknown*). Each "
    "play's cell gives in how many of its base games the situation arose, then the strongest difference it met "
    "there (winner, scores, play, or none) and in how many of those games, with a 95 % interval. "
    "*rare*: the measured games never met a difference (the witness comes from the check or "
    "from further seeded games searched for one); the class is what the witness shows. The default "
    "reading is the one recommended. A witness is a game from setup (its method in brackets) with every other "
    "reading at its default unless it says what it depends on; *constructed*: a written position (built by hand "
    "or from a solver model, written out), reachability from setup not shown; figures computed there, beside a "
    "game, say so (*in a written position*). After a reading, → is what the check reports, then (*replayed*) what "
    "replaying the witness under that reading adds, or without the check's words what the replay gives, saying "
    "only what differs between the readings; *as `x`*: the same as reading `x`. A finding is an "
    "ambiguity unless its heading says contradiction, data gap or rules hole. Every figure, witness log and end "
    "position is in `findings.json`; `nilerules replay findings.json --finding CODE --reading AMBIGUITY=READING` "
    "replays a witness under a reading."
)


def _strong_budget(budget: Budget) -> str:
    """The strong paired games in words, with the interval they buy."""
    if not budget.strong_trials:
        return "no strong play (`nilerules report` plays some, `--budget thorough` more)"
    n = budget.strong_trials
    high = 100 * wilson(0, n)[1]
    return (
        f"{n} {'game' if n == 1 else 'games'} of strong play per game (every seat the strong player at "
        f"{budget.strong_simulations} simulations per decision), shared by every ambiguity, each game where a "
        "situation arose followed to its end under each reading; so a situation strong play never met arises in at "
        f"most {high:.0f} % of such games (95 %)"
        + ("" if budget == Budget.thorough() else "; `nilerules report --budget thorough` for more")
    )


def _edited(analyses: Sequence[GameAnalysis]) -> list[str]:
    """First, for a report on an edited spec: each value that differs from the bundled spec (compared as data)."""
    lines = []
    for a in analyses:
        edits = edits_from_bundled(a.spec)
        if edits:
            many = "values differ" if len(edits) > 1 else "value differs"
            lines += [f"**{a.game}: an edited spec** (`{Path(a.spec.path).name}`): {len(edits)} {many} from the "
                      "bundled spec:", ""]
            lines += [f"- `{e.line()}`" for e in edits] + [""]
    return lines


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def witness_kinds(analyses: Sequence[GameAnalysis]) -> str:
    """What each kind of witness is, with how many findings have it (issue 32, item 8): games from setup (found by
    the check, or met in paired play or the witness search), written positions (constructed), and findings with a
    proof or neither; and how many games stand beside figures computed on a written position."""
    found = [f for a in analyses for f in a.findings]
    by_check = sum(1 for f in found if f.witness_log is not None and f.witness_source == "check")
    in_play = sum(1 for f in found if f.witness_log is not None and f.witness_source == "play")
    written = sum(1 for f in found if f.witness_log is None and f.verdict == "witness" and f.constructed)
    other = sum(1 for f in found if f.witness_log is None and f.verdict == "witness" and not f.constructed)
    proofs = sum(1 for f in found if f.verdict == "proof" and f.witness_log is None)
    unknown = sum(1 for f in found if f.verdict == "unknown" and f.witness_log is None)
    beside = sum(1 for f in found if elsewhere(f))
    parts = [
        f"{_count(by_check + in_play, 'witness is a game', 'witnesses are games')} from setup, replayable move by "
        f"move ({by_check} found by the check, {in_play} met in seeded paired play or the witness search"
        + (f"; beside {_count(beside, 'of them', 'of them')} the check's figures come from its own written "
           "position, and say so" if beside else "") + ")",
        f"{_count(written, 'witness is a written position', 'witnesses are written positions')} (*constructed*: "
        "built by hand or decoded from a solver model, written out, reachability from setup not shown)",
    ]
    if other:
        parts.append(f"{_count(other, 'witness is a situation', 'witnesses are situations')} the check does not "
                     "write out (*not a game*)")
    parts += [f"{_count(proofs, 'finding has a proof', 'findings have a proof')} that the readings agree",
              f"{unknown} neither"]
    return "Of the findings, " + "; ".join(parts) + "."


def render(analyses: Sequence[GameAnalysis], budget: Budget) -> str:
    total = sum(len(a.findings) for a in analyses)
    lines = [
        "# nilerules: clarified rule ambiguities",
        "",
        *_edited(analyses),
        f"{total} unclear or incomplete passages of the rules, each with the readings it allows, how much the choice "
        "matters in play, a witness (a situation where the readings part) or a proof that they agree, and "
        "wording to paste into the rulebook. " + witness_kinds(analyses),
        "",
        "## Every finding, by impact",
        "",
    ]
    lines += summary_table(analyses)
    lines += [
        "",
        KEY,
        "",
        f"Budget: {budget.playouts} playouts, {budget.examples} Hypothesis examples per search, Z3 rlimit "
        f"{budget.rlimit}, seed {budget.seed}; {_strong_budget(budget)}.",
        "",
    ]
    for a in analyses:
        lines += _game(a, budget)
    lines += _assumed(analyses)
    lines += _holes(analyses)
    return "\n".join(lines).rstrip() + "\n"

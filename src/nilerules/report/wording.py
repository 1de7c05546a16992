"""Wording that ambiguities.md and report.html share: a frequency with its interval, each play's figures (strong
play first, random and greedy as context), and the assumed-data table.

Rendering only. The assumed-data rows are read from a game's ``assumptions`` as findings.json holds them (name, value,
reason, and the impact as ``AssumptionImpact.to_data`` gives it), so both pages say what the data says, in the same
words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nilerules.analysis.assumptions import NO_DIFFERENCE, NOT_MEASURED, TENTH_FROM
from nilerules.analysis.impact import NOT_MET, PLAY_WORDS, POLICY_NAMES, STRONG, PlayView, Rate
from nilerules.core.codec import dumps
from nilerules.documents import anchor

REASON_CHARS = 160
"""The longest reason for an assumed value shown whole; a longer one is cut at the last sentence or clause that ends
before it (findings.json keeps it all)."""
VALUE_CHARS = 40
"""The longest assumed value shown whole in a table cell; a longer one is cut (findings.json keeps it all)."""


def rate_cell(rate: Rate) -> str:
    """A frequency in a table cell: ``7/25 (14–48 %)`` (hits of paired games, then the 95 % interval)."""
    if rate.trials == 0:
        return "not measured"
    low, high = rate.interval
    return f"{rate.hits}/{rate.trials} ({100 * low:.0f}–{100 * high:.0f} %)"


UNMET_MARK = "strong play never met it"
"""The mark beside a class that random or greedy play shows and strong play never met (the finding says the counts)."""


def play_cell(data: Mapping[str, Any] | None, play: str = "") -> str:
    """One play's figures in a table cell, from an impact's ``by_play`` entry: for a finding ``arose 8/100, winner
    2/8 (7–59 %)`` (the games where the situation arose, then the strongest difference met, in how many of those,
    95 % interval); for an assumed value ``winner 2/8 (7–59 %)`` among its paired games; not measured when it was not
    played."""
    if not isinstance(data, Mapping):
        return "not measured"
    cls = str(data.get("class", NOT_MET))
    cls = cls if cls in PLAY_WORDS else NOT_MET
    arises = data.get("arises")
    if isinstance(arises, Mapping) and data.get("games"):  # a finding's: the games where the situation arose first
        arose = int(arises.get("hits", 0))
        head = f"arose {arose}/{int(data['games'])}"
        if not arose:
            return head
        if cls == NOT_MET:
            return f"{head}, no difference"
        return f"{head}, {PlayView(play, cls, Rate(int(data.get('hits', 0)), arose)).cell()}"
    if not data.get("trials"):
        return "not measured"
    return PlayView(play, cls, Rate(int(data.get("hits", 0)), int(data["trials"]))).cell()


def play_cells(impact: Mapping[str, Any] | None) -> tuple[str, str]:
    """Strong play's cell, and random and greedy play's (``random · greedy``), from an impact as findings.json holds
    it."""
    by_play = impact.get("by_play") if isinstance(impact, Mapping) else None
    plays: Mapping[str, Any] = by_play if isinstance(by_play, Mapping) else {}
    return play_cell(plays.get(STRONG), STRONG), " · ".join(play_cell(plays.get(p), p) for p in POLICY_NAMES)


def cut_reason(text: str) -> str:
    """A reason on one line, cut after a sentence or clause when longer than ``REASON_CHARS``."""
    text = " ".join(text.split())
    if len(text) <= REASON_CHARS:
        return text
    cut = max(text.rfind(". ", 0, REASON_CHARS), text.rfind("; ", 0, REASON_CHARS))
    if cut > 0:
        return text[: cut + 1] + " …"
    return text[: text.rfind(" ", 0, REASON_CHARS)] + " …"


def cut_value(text: str) -> str:
    """A value's text, cut to ``VALUE_CHARS`` with an ellipsis when longer."""
    return text if len(text) <= VALUE_CHARS else f"{text[: VALUE_CHARS - 3]}…"


def assumed_key() -> tuple[tuple[str, str], ...]:
    """What the assumed-data table shows, as (mark, text) pieces: mark '' is plain text, 'em' a term being defined,
    'code' a file name (each page marks them its own way)."""
    return (
        ("", "Data the rules do not give; the model assumes a value and says why. "),
        ("em", "A step changes"),
        (
            "",
            f": every number of the value moved one step down and one up (1, or a tenth from {TENTH_FROM} up, within "
            "the parameter's bounds), each measured where it applies on the same base games as the game's readings "
            "(the first step where the rules with the changed value give another mover, other legal moves, another "
            "chance distribution, another position or other scores; a value the set-up reads applies at setup, and "
            "the row says so); its class is the strongest difference any play met, and each play's cell says in how "
            "many of its games the value applied, then what changed there; ",
        ),
        ("em", "how often"),
        ("", " gives the step with the strongest effect. Per step figures, and the reasons whole, are in "),
        ("code", "findings.json"),
        ("", "."),
    )


@dataclass(frozen=True, slots=True)
class AssumedRow:
    """One assumed parameter as both pages show it."""

    name: str
    value: str
    """The whole value (canonical JSON)."""
    value_short: str
    reason: str
    """Why the value is assumed, whole (on one line)."""
    reason_short: str
    cls: str
    """The strongest effect a step of the value has (``AssumptionImpact.cls``), or not measured."""
    often: str
    """What the step with that effect changes and how often (95 % interval), or why it was not measured (cut)."""
    often_whole: str
    """``often`` with the reason it was not measured whole."""
    budget: str
    """The paired games that produced the figures ('' when not measured)."""
    strong: str = "not measured"
    """Strong play's figures for the step with the strongest effect (``play_cell``)."""
    context: str = "not measured · not measured"
    """Random and greedy play's for that step."""


def _effect(impact: Mapping[str, Any] | None) -> tuple[str, str, str]:
    """The class, what a step changes and how often (with the reason it was not measured cut, then whole)."""
    if impact is None:
        return NOT_MEASURED, "—", "—"
    cls = str(impact.get("class", NOT_MEASURED))
    values: Sequence[Mapping[str, Any]] = impact.get("values") or ()
    refused = "".join(f"; {v['change']}: the game refuses it" for v in values if v.get("failed"))
    head = impact.get("headline")
    if not isinstance(head, Mapping):
        why = " ".join(str(impact.get("not_measured", "")).split())
        return cls, cut_reason(why), why
    rate = rate_cell(Rate(int(head["hits"]), int(head["trials"])))
    measured = [v for v in values if not v.get("failed")]
    at_setup = bool(measured) and all(v.get("trials") and v.get("at_setup") == v.get("trials") for v in measured)
    where = "; applies at setup in every game (whole games paired)" if at_setup else ""
    if cls == NO_DIFFERENCE:
        steps = ", ".join(str(v["change"]) for v in measured)
        text = f"{steps}: {rate} each{where}{refused}"
    else:
        text = f"{head['change']}: {rate}{where}{refused}"
    return cls, text, text


def _plays(impact: Any) -> dict[str, str]:
    head = impact.get("headline") if isinstance(impact, Mapping) else None
    if not isinstance(head, Mapping):
        return {}
    strong, context = play_cells(head)
    return {"strong": strong, "context": context}


def assumed_rows(assumptions: Sequence[Mapping[str, Any]]) -> list[AssumedRow]:
    """One row per assumed parameter of one game, from its findings.json ``assumptions``, in their order."""
    rows = []
    for p in assumptions:
        impact = p.get("impact")
        cls, often, whole = _effect(impact if isinstance(impact, Mapping) else None)
        value = dumps(p.get("value"))
        reason = " ".join(str(p.get("reason", "")).split())
        rows.append(
            AssumedRow(
                name=str(p["name"]),
                value=value,
                value_short=cut_value(value),
                reason=reason,
                reason_short=cut_reason(reason),
                cls=cls,
                often=often,
                often_whole=whole,
                budget=str(impact.get("budget", "")) if isinstance(impact, Mapping) else "",
                **_plays(impact),
            )
        )
    return rows


DOCUMENTS_PAGE = "documents.html"
"""The report's page of the rule documents its findings quote, a line an anchor (``documents.anchor``)."""


def source_href(document: str, line: Any) -> str:
    """Where a finding's quote stands: the documents page at the line where the quote begins; empty when that line is
    not known (no document, or one the package does not hold, as a toy game's)."""
    if not document or not isinstance(line, int):
        return ""
    return f"{DOCUMENTS_PAGE}#{anchor(document, line)}"

"""Findings: one frozen record per clarified passage, merging the spec's words with a check's verdict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nilerules.analysis.model import CheckResult
from nilerules.core.verdicts import Proof, VerdictKind, Witness
from nilerules.specs import Ambiguity, FindingKind


@dataclass(frozen=True, slots=True)
class ReadingOutcome:
    """One reading of a passage and what it gives in the finding's situation."""

    name: str
    description: str
    outcome: str
    default: bool


@dataclass(frozen=True, slots=True)
class Finding:
    """A clarified rule ambiguity, data gap, contradiction or rules hole, with its verdict."""

    code: str
    game: str
    ambiguity: str
    title: str
    kind: FindingKind
    rule_ids: tuple[str, ...]
    quote: str
    readings: tuple[ReadingOutcome, ...]
    verdict: VerdictKind
    summary: str
    """The witness in words, the proof's statement, or why the search is inconclusive."""
    witness: Mapping[str, Any]
    core_rules: tuple[str, ...]
    method: str
    searched: str
    recommendation: str
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def matters(self) -> bool | None:
        """True when a witness shows the readings differ, False when proved not to, None when unknown."""
        if self.verdict == "witness":
            return True
        if self.verdict == "proof":
            return False
        return None


def make_finding(game: str, amb: Ambiguity, result: CheckResult) -> Finding:
    """Merge a spec ambiguity with the result of its check."""
    outcomes = dict(result.outcomes)
    verdict = result.verdict
    witness: Mapping[str, Any] = verdict.data if isinstance(verdict, Witness) else {}
    core = verdict.core_rules if isinstance(verdict, Proof) else ()
    return Finding(
        code=amb.code,
        game=game,
        ambiguity=amb.id,
        title=amb.title,
        kind=amb.kind,
        rule_ids=amb.rules,
        quote=amb.quote,
        readings=tuple(
            ReadingOutcome(r.name, r.description, outcomes.get(r.name, ""), r.name == amb.default)
            for r in amb.readings
        ),
        verdict=verdict.kind,
        summary=verdict.summary,
        witness=witness,
        core_rules=core,
        method=result.method,
        searched=result.searched,
        recommendation=amb.recommendation,
        data=result.data,
    )

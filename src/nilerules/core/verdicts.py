"""The three honest verdicts every search returns: a witness, a proof, or unknown.

Unknown is never reported as yes or no: it carries the budget that was spent and the bounds that were searched.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

VerdictKind = Literal["witness", "proof", "unknown"]


@dataclass(frozen=True, slots=True)
class Witness:
    """A concrete situation: in words, and as data (JSON-able, in the game's own terms)."""

    summary: str
    data: Mapping[str, Any] = field(default_factory=dict)
    kind: VerdictKind = "witness"


@dataclass(frozen=True, slots=True)
class Proof:
    """The property holds everywhere in the stated domain; ``core_rules`` are the rule ids the proof used."""

    summary: str
    core_rules: tuple[str, ...] = ()
    kind: VerdictKind = "proof"


@dataclass(frozen=True, slots=True)
class Unknown:
    """Neither found nor refuted within the budget; says what was spent and searched."""

    summary: str
    budget: str = ""
    kind: VerdictKind = "unknown"


Verdict: TypeAlias = Witness | Proof | Unknown

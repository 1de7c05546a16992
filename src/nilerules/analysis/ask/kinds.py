"""The question kinds of ``nilerules ask``, one record each: how the question is asked (its command-line option), what
type its expression must have, how a game is judged and searched, and how the answer is put in data and in words.

Adding a kind is adding one `Kind` to `KINDS`; the engine (`nilerules.analysis.ask.engine`), the answer
(`nilerules.analysis.ask.answer`), `differs` and the command line read every difference between kinds from here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from nilerules.analysis.montecarlo import moved, wilson

if TYPE_CHECKING:
    from nilerules.analysis.ask.answer import Answer
    from nilerules.analysis.ask.engine import Outcome

QuestionKind = Literal["can", "how_often", "max", "min"]

CONFIDENCE = 0.95
"""The confidence of every bound and interval an answer gives."""


def upper_bound(games: int, confidence: float = CONFIDENCE) -> float:
    """The one-sided upper bound on a rate after ``games`` games without a hit: ``1 - (1 - confidence)^(1/games)``."""
    return float(1.0 - (1.0 - confidence) ** (1.0 / games))


def percent_up(rate: float) -> str:
    """A rate as a percentage with two decimals, rounded up (a bound stated as "at most" never understates)."""
    return f"{math.ceil(rate * 10000 - 1e-9) / 100:.2f}"


def percent(rate: float) -> str:
    return f"{100 * rate:.2f}"


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of question: everything that differs between ``can``, ``how_often``, ``max`` and ``min``."""

    name: QuestionKind
    option: str
    """The command-line option that asks it (``nilerules ask GAME --how-often EXPR``)."""
    help: str
    """The option's help."""
    wants: Literal["bool", "int"]
    """The type the expression must have."""
    sign: int
    """For an int expression, +1 when larger values are better (``max``), -1 when smaller are; 0 for a bool one."""
    climbs: bool
    """Whether a guided search may follow the seeded games (never for a share: only a sample may give one)."""
    stops_when_found: bool
    """Whether the guided search stops at the first game where the expression holds (and is skipped when a seeded
    game already holds it)."""
    answer: Callable[[Outcome], Literal["found", "not_found"]]
    """``found`` or ``not_found`` (a search never proves a "no")."""
    data: Callable[[Outcome], dict[str, Any]]
    """The kind's own fields of the answer's data (``--json``)."""
    summary: Callable[[Answer], str]
    """The answer in one sentence."""
    differs: Callable[[Outcome, Outcome], bool]
    """Whether the answers of two searches of the same question disagree (``ask --all-readings``)."""

    def better(self, value: int, best: int | None) -> bool:
        """Whether an int ``value`` beats the ``best`` so far (None: none yet)."""
        return best is None or value * self.sign > best * self.sign


# -- answers -------------------------------------------------------------------------------------------------------
def _found_if_hits(o: Outcome) -> Literal["found", "not_found"]:
    return "found" if o.hits else "not_found"


def _found_if_found(o: Outcome) -> Literal["found", "not_found"]:
    return "found" if o.found is not None else "not_found"


# -- data ----------------------------------------------------------------------------------------------------------
def _rate(o: Outcome, low: float, high: float) -> dict[str, Any]:
    return {"hits": o.hits, "rate": round(o.hits / o.games, 6), "low": round(low, 6), "high": round(high, 6)}


def _share_data(o: Outcome) -> dict[str, Any]:
    return _rate(o, *wilson(o.hits, o.games))


def _can_data(o: Outcome) -> dict[str, Any]:
    low, high = wilson(o.hits, o.games) if o.hits else (0.0, upper_bound(o.games))
    return _rate(o, low, high)


def _value_data(o: Outcome) -> dict[str, Any]:
    return {"value": o.found.value if o.found is not None else None, "seeded_value": o.seeded_best}


# -- words ---------------------------------------------------------------------------------------------------------
def _guided(o: Outcome) -> str:
    return f"{o.guided} games of guided search" + (" (stopped at its time bound)" if o.stopped == "time" else "")


def _climbed(o: Outcome) -> bool:
    return o.guided > 0 or o.stopped == "time"


def _share_summary(a: Answer) -> str:
    o, found = a.outcome, a.outcome.found
    low, high = wilson(o.hits, o.games)
    first = ""
    if found is not None and found.game_index is not None:
        first = f"; the first: game {found.game_index + 1} ({found.origin})"
    return (
        f"holds {a.where()} {o.hits} of {o.games} games: {percent(o.hits / o.games)} % "
        f"(95 % interval {percent(low)}–{percent(high)} %){first}"
    )


def _can_summary(a: Answer) -> str:
    o, found = a.outcome, a.outcome.found
    if found is None:
        tail = f", nor in {_guided(o)}" if _climbed(o) else ""
        return f"not found in {o.games} games (at most {percent_up(upper_bound(o.games))} % at 95 %){tail}"
    if found.game_index is not None:
        return (
            f"found: holds {a.spot(found.position)} game {found.game_index + 1} of {o.games} "
            f"({found.origin}); it holds in {o.hits} of the {o.games} games"
        )
    return (
        f"found by the guided search ({found.origin}, after {o.games} seeded games without it): holds "
        f"{a.spot(found.position)} its game"
    )


def _extreme_summary(largest: str, beyond: str) -> Callable[[Answer], str]:
    """The summary of ``max`` (``largest``, nothing ``larger``) or ``min`` (``smallest``, ``smaller``)."""

    def summary(a: Answer) -> str:
        o, found = a.outcome, a.outcome.found
        if found is None:
            nor = f" nor in {_guided(o)}" if _climbed(o) else ""
            return f"no value in {o.games} games{nor} (see the errors)"
        where = "at the end of a game" if o.question.at == "end" else "at any position"
        met = f"met in {o.games} games of {o.search.policy} play"  # a value met, not proved the extreme (issue 32)
        if found.game_index is not None:
            text = f"the {largest} value {met} {where}: {found.value}, in game {found.game_index + 1}"
            more = f"; {_guided(o)} found nothing {beyond}" if _climbed(o) else ""
            return f"{text} ({found.origin}){more}"
        return (
            f"the {largest} value {where} met by the guided search: {found.value} ({found.origin}); the {largest} "
            f"{met}: {o.seeded_best}"
        )

    return summary


# -- differs -------------------------------------------------------------------------------------------------------
def _share_differs(a: Outcome, b: Outcome) -> bool:
    """A frequency that moved beyond sampling noise (``montecarlo.moved``: 95 % Wilson intervals that do not overlap;
    1 game in 100 against none does not, although one answer found a game and the other none)."""
    return moved((a.hits, a.games), (b.hits, b.games))


def _can_differs(a: Outcome, b: Outcome) -> bool:
    return _found_if_found(a) != _found_if_found(b)


def _value_differs(a: Outcome, b: Outcome) -> bool:
    return _can_differs(a, b) or (a.found.value if a.found else None) != (b.found.value if b.found else None)


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "can", "--can", "find a game where the bool EXPR holds (a witness log)", "bool", 0,
            climbs=True, stops_when_found=True, answer=_found_if_found, data=_can_data, summary=_can_summary,
            differs=_can_differs,
        ),
        Kind(
            "how_often", "--how-often", "the share of games where EXPR holds, with a 95 %% interval", "bool", 0,
            climbs=False, stops_when_found=False, answer=_found_if_hits, data=_share_data, summary=_share_summary,
            differs=_share_differs,
        ),
        Kind(
            "max", "--max", "the largest value of the int EXPR, with the game reaching it", "int", 1,
            climbs=True, stops_when_found=False, answer=_found_if_found, data=_value_data,
            summary=_extreme_summary("largest", "larger"), differs=_value_differs,
        ),
        Kind(
            "min", "--min", "the smallest value of the int EXPR, with the game reaching it", "int", -1,
            climbs=True, stops_when_found=False, answer=_found_if_found, data=_value_data,
            summary=_extreme_summary("smallest", "smaller"), differs=_value_differs,
        ),
    )
}
"""Every question kind, by name."""

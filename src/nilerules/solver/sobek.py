"""Z3 encodings of Sobek's corruption penalty and Guild moves (closed forms of the step-by-step Python rules).

The only module of the Sobek game that imports z3. Each encoding is cross-checked against the Python rule in
``tests/property/test_sobek_solver.py``.
"""

from __future__ import annotations

from typing import Any

import z3

from nilerules.core.verdicts import Verdict, Witness
from nilerules.solver.core import Problem, make_solver, value


def _canonical(problem: Problem, objective: Any, verdict: Verdict, extra: tuple[Any, ...] = ()) -> Any:
    """The smallest-objective model (a unique optimum), so that the witness is the same on every run."""
    if not isinstance(verdict, Witness):
        return None
    opt = make_solver(problem.rlimit, optimize=True)
    opt.add(*problem.background, *extra)
    for constraints in problem.tracked.values():
        opt.add(*constraints)
    opt.minimize(objective)
    return opt.model() if opt.check() == z3.sat else None



def _back(start: Any, lots: Any, track_low_end: str) -> Any:
    """``lots`` moves back by 5 from ``start`` (a space with the target symbol, or a numbered one), low end handled."""
    target = start - 5 * lots
    if track_low_end == "stay":
        return z3.If(target >= 0, target, start % 5)
    return z3.If(target >= 0, target, 0)


def penalty_term(score: Any, points: Any, penalty_on_number: str, track_low_end: str, step: int) -> Any:
    """The score after the penalty, as a Z3 term (``score``, ``points`` non-negative integers)."""
    lots = points / step
    on_symbol = score % 5 != 0
    if penalty_on_number == "numbered_type":
        on_number = _back(score, lots, track_low_end)
    elif penalty_on_number == "no_move":
        on_number = score
    else:
        first = score - 1
        rest = _back(first, lots - 1, track_low_end)
        on_number = z3.If(score == 0, 0, rest)
    moved = z3.If(on_symbol, _back(score, lots, track_low_end), on_number)
    return z3.If(lots == 0, score, moved)


def guild_back_term(score: Any, symbol: int, track_low_end: str) -> Any:
    """An opponent's marker moved back to the next space of ``symbol`` (1..4)."""
    gap = (score - symbol) % 5
    target = score - z3.If(gap == 0, 5, gap)
    return z3.If(target >= 0, target, score if track_low_end == "stay" else 0)


def _domain(problem: Problem, score: Any, points: Any, max_score: int, max_points: int) -> None:
    problem.add(score >= 0, score <= max_score, points >= 0, points <= max_points)


def penalty_divergence(
    readings: tuple[tuple[str, str], tuple[str, str]],
    step: int,
    max_score: int = 200,
    max_points: int = 200,
    on_symbol: bool | None = None,
    rlimit: int = 5_000_000,
) -> Verdict:
    """Is there a (score, set points) where two readings (number reading, low-end reading) of the penalty differ?"""
    score, points = z3.Int("score"), z3.Int("points")
    problem = Problem(rlimit=rlimit)
    _domain(problem, score, points, max_score, max_points)
    if on_symbol is not None:
        problem.add((score % 5 != 0) if on_symbol else (score % 5 == 0))
    (n1, l1), (n2, l2) = readings
    after1 = penalty_term(score, points, n1, l1, step)
    after2 = penalty_term(score, points, n2, l2, step)
    problem.rule("sobek.end.penalty_move", after1 >= 0, after2 >= 0)
    problem.add(after1 != after2)

    def decode(model: Any) -> Witness:
        s, p = value(model, score), value(model, points)
        a, b = value(model, after1), value(model, after2)
        return Witness(
            f"A marker ending on space {s} after earning {p} set points: {n1}/{l1} leaves it on {a}, "
            f"{n2}/{l2} on {b}.",
            {"score": s, "points": p, "after": [a, b]},
        )

    where = "symbol space" if on_symbol else "numbered space" if on_symbol is False else "space"
    verdict = problem.check(
        decode,
        f"The readings agree on every {where} 0..{max_score} with 0..{max_points} set points (Z3: unsat).",
    )
    model = _canonical(problem, score * 1000 + points, verdict)
    return decode(model) if model is not None else verdict


def guild_low_divergence(max_score: int = 200, rlimit: int = 5_000_000) -> Verdict:
    """Is there a score and symbol where 'stay' and 'to_start' differ for a Guild move back?"""
    score, symbol = z3.Int("score"), z3.Int("symbol")
    problem = Problem(rlimit=rlimit)
    problem.add(score >= 0, score <= max_score, symbol >= 1, symbol <= 4)
    stay = z3.Sum([z3.If(symbol == k, guild_back_term(score, k, "stay"), 0) for k in range(1, 5)])
    start = z3.Sum([z3.If(symbol == k, guild_back_term(score, k, "to_start"), 0) for k in range(1, 5)])
    problem.rule("sobek.events.guild", stay >= 0)
    problem.add(stay != start)

    def decode(model: Any) -> Witness:
        s, k = value(model, score), value(model, symbol)
        return Witness(
            f"An opponent on space {s} moved back to symbol {k}: stays on {value(model, stay)} or goes to "
            f"{value(model, start)}.",
            {"score": s, "symbol": k},
        )

    verdict = problem.check(decode, f"stay and to_start agree for every score 0..{max_score} (Z3: unsat).")
    model = _canonical(problem, score * 10 + symbol, verdict)
    return decode(model) if model is not None else verdict

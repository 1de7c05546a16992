"""The solver factory and its three verdicts, on problems small enough to check by hand."""

from __future__ import annotations

import pytest
import z3

from nilerules.core.verdicts import Witness
from nilerules.solver.core import Problem, all_models, lexicographic, minimise, value


def test_sat_gives_a_decoded_witness() -> None:
    """x > 5 with x <= 6 has the single model x = 6 (hand calculation)."""
    x = z3.Int("x")
    p = Problem()
    p.add(x <= 6)
    p.rule("nim.turn.take", x > 5)
    verdict = p.check(lambda m: Witness(f"x = {value(m, x)}", {"x": value(m, x)}), "no such x")
    assert verdict == Witness("x = 6", {"x": 6})


def test_unsat_gives_a_proof_naming_the_rules_in_the_core() -> None:
    """x > 5 and x < 3 contradict; the unrelated rule is not in the core."""
    x, y = z3.Int("x"), z3.Int("y")
    p = Problem()
    p.rule("nim.a.high", x > 5)
    p.rule("nim.b.low", x < 3)
    p.rule("nim.c.other", y == 1)
    verdict = p.check(lambda m: Witness("?"), "no x is both")
    assert verdict.kind == "proof"
    assert verdict.core_rules == ("nim.a.high", "nim.b.low")  # type: ignore[union-attr]


def test_budget_exhausted_is_unknown_never_yes_or_no() -> None:
    """A tiny resource limit on a non-linear problem gives Unknown with the budget, not sat or unsat."""
    xs = [z3.Int(f"v{i}") for i in range(8)]
    p = Problem(rlimit=1)
    p.add(*[v > 1 for v in xs])
    p.rule("nim.hard.product", z3.Product(*xs) == 7919 * 7907)
    verdict = p.check(lambda m: Witness("?"), "none")
    assert verdict.kind == "unknown" and "rlimit 1" in verdict.budget  # type: ignore[union-attr]


def test_all_models_counts_configurations() -> None:
    """x, y in 0..2 with x + y = 2: (0,2), (1,1), (2,0) — three models, complete."""
    x, y = z3.Int("x"), z3.Int("y")
    models, complete = all_models([x >= 0, y >= 0, x <= 2, y <= 2, x + y == 2], [x, y])
    assert (models, complete) == ([(0, 2), (1, 1), (2, 0)], True)


def test_all_models_reports_an_incomplete_enumeration() -> None:
    """With a limit of two, the list is a lower bound and says so."""
    x = z3.Int("x")
    models, complete = all_models([x >= 0, x <= 9], [x], limit=2)
    assert len(models) == 2 and complete is False


def test_minimise_finds_the_smallest_witness() -> None:
    """The least x with x * 3 >= 10 is 4 (hand calculation)."""
    x = z3.Int("x")
    model, status = minimise([x * 3 >= 10, x >= 0], x)
    assert status == "optimal" and model is not None and model["x"] == 4
    assert minimise([x > 1, x < 0], x) == (None, "unsat")


def test_all_models_handles_boolean_terms() -> None:
    """Two Booleans with at least one true: TF, FT, TT as 0/1 rows (hand count: 3)."""
    a, b = z3.Bool("a"), z3.Bool("b")
    models, complete = all_models([z3.Or(a, b)], [a, b])
    assert (models, complete) == ([(0, 1), (1, 0), (1, 1)], True)


def test_lexicographic_optimises_each_objective_with_the_earlier_ones_held() -> None:
    """x, y in 0..3 with x + y <= 4 (hand calculation): the largest x + y is 4; with it held, the least x is 1 (y is
    at most 3), so y = 3. Maximising x first instead gives x = 3, and then the largest y is 1."""
    x, y = z3.Int("x"), z3.Int("y")
    box = [x >= 0, x <= 3, y >= 0, y <= 3, x + y <= 4]
    model = lexicographic(box, [(x + y, "max"), (x, "min")])
    assert (value(model, x), value(model, y)) == (1, 3)
    model = lexicographic(box, [(x, "max"), (y, "max")])
    assert (value(model, x), value(model, y)) == (3, 1)


def test_lexicographic_on_unsatisfiable_constraints_or_a_spent_budget_gives_none() -> None:
    """x > 5 and x < 3 have no model; 0 <= x <= 3 has the largest x = 3, but not within 1 resource unit."""
    x = z3.Int("x")
    assert lexicographic([x > 5, x < 3], [(x, "max")]) is None
    assert value(lexicographic([x >= 0, x <= 3], [(x, "max")]), x) == 3
    assert lexicographic([x >= 0, x <= 3], [(x, "max")], rlimit=1) is None


def test_lexicographic_refuses_an_unknown_sense() -> None:
    x = z3.Int("x")
    with pytest.raises(ValueError, match="'max' or 'min'"):
        lexicographic([x >= 0, x <= 1], [(x, "largest")])

"""One solver factory and one honest way to ask Z3 a question.

Every query returns a Witness (decoded by the caller's function into the game's own types), a Proof (unsat, with the
unsat core mapped back to rule ids through tracked assertions), or Unknown (with the budget spent).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from nilerules.core.verdicts import Proof, Unknown, Verdict, Witness

DEFAULT_RLIMIT = 5_000_000
SEED = 0


def make_solver(rlimit: int = DEFAULT_RLIMIT, optimize: bool = False) -> Any:
    """A solver with fixed random seeds and a deterministic resource limit (never a wall-clock timeout)."""
    solver = z3.Optimize() if optimize else z3.Solver()
    solver.set("random_seed", SEED)
    solver.set("rlimit", rlimit)
    if not optimize:
        solver.set("unsat_core", True)
    return solver


@dataclass(slots=True)
class Problem:
    """Assertions grouped by the rule id they encode, so that an unsat core names rules, not formulas."""

    rlimit: int = DEFAULT_RLIMIT
    background: list[Any] = field(default_factory=list)
    tracked: dict[str, list[Any]] = field(default_factory=dict)

    def add(self, *constraints: Any) -> None:
        """Assertions that are not rules (domain bounds, the question itself)."""
        self.background.extend(constraints)

    def rule(self, rule_id: str, *constraints: Any) -> None:
        """Assertions that encode ``rule_id``."""
        self.tracked.setdefault(rule_id, []).extend(constraints)

    def solver(self) -> Any:
        solver = make_solver(self.rlimit)
        solver.add(*self.background)
        for index, (rule_id, constraints) in enumerate(sorted(self.tracked.items())):
            solver.assert_and_track(z3.And(*constraints), z3.Bool(f"rule!{index}!{rule_id}"))
        return solver

    def check(
        self,
        decode: Callable[[Any], Witness],
        proof: str,
        extra: Sequence[Any] = (),
    ) -> Verdict:
        """sat → ``decode(model)``; unsat → Proof(``proof``, rules in the core); unknown → Unknown."""
        solver = self.solver()
        solver.add(*extra)
        result = solver.check()
        if result == z3.sat:
            return decode(solver.model())
        if result == z3.unsat:
            core = sorted({str(b).split("!", 2)[2] for b in solver.unsat_core()})
            return Proof(proof, tuple(core))
        return Unknown(f"z3 gave up: {solver.reason_unknown()}", budget=f"rlimit {self.rlimit}")


def value(model: Any, term: Any) -> int:
    """An integer (or boolean, as 0/1) value of ``term`` in ``model``, completing unconstrained terms."""
    v = model.eval(term, model_completion=True)
    if z3.is_true(v):
        return 1
    if z3.is_false(v):
        return 0
    return int(v.as_long())


def all_models(
    constraints: Sequence[Any], terms: Sequence[Any], rlimit: int = DEFAULT_RLIMIT, limit: int = 100_000
) -> tuple[list[tuple[int, ...]], bool]:
    """Every assignment of ``terms`` satisfying ``constraints``, in solver order.

    Returns (models, complete): ``complete`` is False when the budget or ``limit`` ran out first, in which case the
    list is a lower bound and must be reported as such.
    """
    solver = make_solver(rlimit)
    solver.add(*constraints)
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        result = solver.check()
        if result == z3.unsat:
            return sorted(found), True
        if result != z3.sat:
            return sorted(found), False
        model = solver.model()
        row = tuple(value(model, t) for t in terms)
        found.append(row)
        same = [t != (z3.BoolVal(bool(v)) if z3.is_bool(t) else v) for t, v in zip(terms, row, strict=True)]
        solver.add(z3.Or(*same))
    return sorted(found), False


def lexicographic(
    constraints: Sequence[Any], objectives: Sequence[tuple[Any, str]], rlimit: int = DEFAULT_RLIMIT
) -> Any | None:
    """A model of ``constraints`` optimal for ``objectives`` in order: each ``(term, "max" | "min")`` is pushed as far
    as it goes with the earlier ones held at their optimum. None when the constraints are unsatisfiable or Z3 gives up.

    A plain solver climbing one bound at a time (each step asks for a strictly better value; the last, unsat, step
    proves the optimum). For the small integer objectives of the games' encodings this is several times faster than
    ``z3.Optimize``, and when the last objectives name every free term the model is unique, so answers are
    reproducible whatever the solver's history.
    """
    solver = make_solver(rlimit)
    solver.add(*constraints)
    if solver.check() != z3.sat:
        return None
    for term, sense in objectives:
        if sense not in ("max", "min"):
            raise ValueError(f"objective sense: expected 'max' or 'min', got {sense!r}")
        best = value(solver.model(), term)
        while True:
            solver.push()
            solver.add(term > best if sense == "max" else term < best)
            result = solver.check()
            if result == z3.sat:
                best = value(solver.model(), term)
            solver.pop()
            if result == z3.unsat:
                break
            if result != z3.sat:
                return None
        solver.add(term == best)
        if solver.check() != z3.sat:
            return None
    return solver.model()


def minimise(
    constraints: Sequence[Any], objective: Any, rlimit: int = DEFAULT_RLIMIT
) -> tuple[Mapping[str, int] | None, str]:
    """The model of ``constraints`` with the smallest ``objective``: (model by name, status).

    status is "optimal", "unsat" or "unknown"; with "unknown" the model (if any) is only the best found.
    """
    opt = make_solver(rlimit, optimize=True)
    opt.add(*constraints)
    handle = opt.minimize(objective)
    result = opt.check()
    if result == z3.unsat:
        return None, "unsat"
    if result == z3.sat:
        model = opt.model()
        named = {d.name(): value(model, d()) for d in model.decls()}
        del handle
        return dict(sorted(named.items())), "optimal"
    return None, "unknown"


def ints(prefix: str, count: int) -> list[Any]:
    """``count`` integer variables named ``prefix0`` … (a convenience for encodings)."""
    return [z3.Int(f"{prefix}{i}") for i in range(count)]


def iter_values(model: Any, terms: Sequence[Any]) -> Iterator[int]:
    for t in terms:
        yield value(model, t)

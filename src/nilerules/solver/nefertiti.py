"""Z3 encodings for Nefertiti: 2-player colour closures with neutral pawns, and gift scoring with foreign bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import z3

from nilerules.core.verdicts import Proof, Unknown, Verdict, Witness
from nilerules.games.nefertiti.params import NEUTRAL_THREE_COLORS, NeutralThreeColors
from nilerules.solver.core import Problem, all_models, make_solver, value

PAWN_KINDS = ("red Servant", "black Servant", "red neutral", "black neutral")


# ---------------------------------------------------------------------------------------------------------------
# NEF-001: which multisets of pawns can stand on a stall "closed by 3 colors, or by 4 Servant pawns"


LISTED_COLOURS = 3
"""The listed patterns count as this many colours: 'is considered to have 3 colors placed' (the seed's own figure)."""


def _three_colours(
    neutral_three_colors: NeutralThreeColors, rs: Any, bs: Any, rn: Any, bn: Any, colours: int = LISTED_COLOURS
) -> Any:
    """The stall's colour condition ('closed by ``colours`` colors') under a reading of NEF-001
    (``neutral_three_colors``)."""
    servant_colours = z3.If(rs > 0, 1, 0) + z3.If(bs > 0, 1, 0)
    if neutral_three_colors == "listed":
        patterns = z3.Or(z3.And(rs > 0, bs > 0, rn + bn > 0), z3.And(rn > 0, bn > 0, rs + bs > 0))
        return z3.Or(servant_colours >= colours, patterns) if colours <= LISTED_COLOURS else servant_colours >= colours
    if neutral_three_colors == "neutral_one_color":
        return servant_colours + z3.If(rn + bn > 0, 1, 0) >= colours
    return servant_colours + rn + bn >= colours


def _closes(
    neutral_three_colors: NeutralThreeColors,
    counts: Sequence[Any],
    pawns_to_close: int,
    squares: int,
    colours: int = LISTED_COLOURS,
) -> Any:
    rs, bs, rn, bn = counts
    total = rs + bs + rn + bn
    colour_closed = _three_colours(neutral_three_colors, rs, bs, rn, bn, colours)
    return z3.Or(colour_closed, total >= pawns_to_close, total >= squares)


def _valid(counts: Sequence[Any]) -> Any:
    return counts[0] + counts[1] >= 1


def _reachable(
    neutral_three_colors: NeutralThreeColors,
    counts: Sequence[Any],
    pawns_to_close: int,
    squares: int,
    colours: int = LISTED_COLOURS,
) -> Any:
    """Standing on the stall: some last pawn removed leaves a valid open stall (closure is monotone)."""
    total = sum(counts)
    options = []
    for k in range(4):
        before = [c - 1 if i == k else c for i, c in enumerate(counts)]
        closed = _closes(neutral_three_colors, before, pawns_to_close, squares, colours)
        options.append(z3.And(counts[k] > 0, _valid(before), z3.Not(closed)))
    return z3.And(_valid(counts), z3.Or(total == 1, *options))


@dataclass(frozen=True, slots=True)
class ClosureRow:
    """One multiset of pawns and its status under each reading: "open", "closes" or "unreachable"."""

    counts: tuple[int, int, int, int]
    status: tuple[str, ...]


def neutral_closure_table(
    servants: int = 4,
    neutrals: int = 2,
    pawns_to_close: int = 4,
    squares: int = 6,
    rlimit: int = 5_000_000,
    colours: int = LISTED_COLOURS,
) -> tuple[tuple[ClosureRow, ...], bool]:
    """Every pawn multiset that can stand on the stall under some reading, classified under every reading.

    Returns (rows, complete); ``complete`` is False when Z3 ran out of budget (the rows are then a lower bound).
    """
    counts = [z3.Int(n) for n in ("rs", "bs", "rn", "bn")]
    bounds = [counts[0] >= 0, counts[1] >= 0, counts[2] >= 0, counts[3] >= 0]
    bounds += [counts[0] <= servants, counts[1] <= servants, counts[2] <= neutrals, counts[3] <= neutrals]
    reach = [_reachable(r, counts, pawns_to_close, squares, colours) for r in NEUTRAL_THREE_COLORS]
    close = [_closes(r, counts, pawns_to_close, squares, colours) for r in NEUTRAL_THREE_COLORS]
    # all_models needs integer terms: booleans are wrapped as 0/1
    terms = [*counts, *(z3.If(b, 1, 0) for b in reach), *(z3.If(b, 1, 0) for b in close)]
    models, complete = all_models([*bounds, z3.Or(*reach)], terms, rlimit=rlimit)
    rows = []
    for row in models:
        c = (row[0], row[1], row[2], row[3])
        status = tuple(
            "unreachable" if not row[4 + i] else ("closes" if row[7 + i] else "open")
            for i in range(len(NEUTRAL_THREE_COLORS))
        )
        rows.append(ClosureRow(c, status))
    return tuple(sorted(rows, key=lambda r: r.counts)), complete


def listed_equals_four_kinds(rlimit: int = 1_000_000) -> Verdict:
    """Proof that 'the two listed patterns' = 'at least 3 of the 4 pawn kinds present' (for any counts)."""
    rs, bs, rn, bn = (z3.Int(n) for n in ("rs", "bs", "rn", "bn"))
    problem = Problem(rlimit=rlimit)
    problem.add(rs >= 0, bs >= 0, rn >= 0, bn >= 0)
    kinds = z3.If(rs > 0, 1, 0) + z3.If(bs > 0, 1, 0) + z3.If(rn > 0, 1, 0) + z3.If(bn > 0, 1, 0)
    listed, pattern1, pattern2 = z3.Bool("listed"), z3.Bool("pattern1"), z3.Bool("pattern2")
    problem.rule("nefertiti.two.giza_pattern_servants", pattern1 == z3.And(rs > 0, bs > 0, rn + bn > 0))
    problem.rule("nefertiti.two.giza_pattern_neutrals", pattern2 == z3.And(rn > 0, bn > 0, rs + bs > 0))
    problem.rule("nefertiti.two.giza_three_colors", listed == z3.Or(pattern1, pattern2))

    def decode(model: Any) -> Witness:
        got = {n: value(model, v) for n, v in zip(("rs", "bs", "rn", "bn"), (rs, bs, rn, bn), strict=True)}
        return Witness(f"the readings differ at {got}", got)

    return problem.check(
        decode,
        "For all pawn counts, the two listed patterns hold exactly when at least 3 of the 4 pawn kinds are present.",
        extra=[listed != (kinds >= 3)],
    )


# ---------------------------------------------------------------------------------------------------------------
# gift scoring with foreign bonuses


def _lookup(row: Sequence[int], owners: Any) -> Any:
    expr: Any = z3.IntVal(row[-1])
    for k in range(len(row) - 1, 0, -1):
        expr = z3.If(owners == k, row[k - 1], expr)
    return expr


def type_score_expr(
    row: Sequence[int], counts: Sequence[Any], units: Sequence[int], bonuses: Sequence[int], owners: Any
) -> Any:
    """A hand's score for one type: every card unit is worth the value for ``owners`` plus all foreign bonuses held."""
    total_units = sum(c * u for c, u in zip(counts, units, strict=True))
    bonus = sum(c * b for c, b in zip(counts, bonuses, strict=True))
    return total_units * (_lookup(row, owners) + bonus)


def evaluate_type_score(
    row: Sequence[int], counts: Sequence[int], units: Sequence[int], bonuses: Sequence[int], owners: int
) -> int:
    """Evaluate the Z3 encoding on concrete numbers (for the differential test against the Python scoring)."""
    expr = type_score_expr(row, [z3.IntVal(c) for c in counts], units, bonuses, z3.IntVal(owners))
    return int(z3.simplify(expr).as_long())


def chair_example(row: Sequence[int], rlimit: int = 1_000_000) -> Verdict:
    """Seed's example: 3 normal chairs, the +1 and +2 foreign chairs, 2 owners: prove the score is 50."""
    n, f1, f2, owners = (z3.Int(x) for x in ("n", "f1", "f2", "owners"))
    problem = Problem(rlimit=rlimit)
    problem.add(n == 3, f1 == 1, f2 == 1, owners == 2)
    score = z3.Int("score")
    encoded = type_score_expr(row, [n, f1, f2], [1, 1, 1], [0, 1, 2], owners)
    problem.rule("nefertiti.harbor.foreign_bonus", score == encoded)

    def decode(model: Any) -> Witness:
        return Witness(f"score {value(model, score)} is not 50", {"score": value(model, score)})

    return problem.check(decode, "Red's five chairs score exactly 50 (5 x (7 + 1 + 2)).", extra=[score != 50])


def scribe_divergence(
    row: Sequence[int],
    bonuses: Sequence[int],
    rlimit: int = 1_000_000,
    per_card: int = 1,
    max_normal: int = 8,
    max_owners: int = 5,
) -> Verdict:
    """The smallest Royal Scribe selection of one type where 'held' and 'scored_only' bonuses give different points.

    Cards: index 0 normal (0..``max_normal``), then one foreign card per entry of ``bonuses[1:]`` (0 or 1 each); each
    card scored earns ``per_card`` more (the Royal Scribe's bonus).
    """
    k = len(bonuses)
    held = [z3.Int(f"h{i}") for i in range(k)]
    chosen = [z3.Int(f"c{i}") for i in range(k)]
    owners = z3.Int("owners")
    opt = make_solver(rlimit, optimize=True)
    for i in range(k):
        opt.add(chosen[i] >= 0, chosen[i] <= held[i], held[i] >= 0, held[i] <= (max_normal if i == 0 else 1))
    opt.add(owners >= 1, owners <= max_owners)
    base = _lookup(row, owners)
    held_bonus = sum(h * b for h, b in zip(held, bonuses, strict=True))
    chosen_bonus = sum(c * b for c, b in zip(chosen, bonuses, strict=True))
    n_chosen = sum(chosen)
    score_held = n_chosen * (base + held_bonus + per_card)
    score_chosen = n_chosen * (base + chosen_bonus + per_card)
    opt.add(score_held != score_chosen)
    # a strict order on candidates, so that the witness is the same on every run
    tiebreak = sum((i + 1) * (h + 4 * c) for i, (h, c) in enumerate(zip(held, chosen, strict=True)))
    opt.minimize(sum(held) * 10_000 + owners * 1_000 + sum(chosen) * 100 + tiebreak)
    result = opt.check()
    if result == z3.sat:
        model = opt.model()
        data = {
            "held": [value(model, h) for h in held],
            "scored": [value(model, c) for c in chosen],
            "owners": value(model, owners),
            "held_reading": value(model, score_held),
            "scored_only_reading": value(model, score_chosen),
        }
        return Witness(
            f"holding {data['held']} (normal, then foreign cards with bonuses {list(bonuses[1:])}) and scoring "
            f"{data['scored']} with {data['owners']} owner(s): {data['held_reading']} vs {data['scored_only_reading']}",
            data,
        )
    if result == z3.unsat:
        return Proof("the readings always agree for this type", ("nefertiti.royal_scribe.partial",))
    return Unknown("z3 gave up", budget=f"rlimit {rlimit}")


def closure_status(
    counts: tuple[int, int, int, int],
    neutral_three_colors: NeutralThreeColors,
    pawns_to_close: int = 4,
    squares: int = 6,
) -> str:
    """The Z3 encoding evaluated on one multiset: "unreachable", "open" or "closes" (for differential tests)."""
    vals = [z3.IntVal(c) for c in counts]
    reach = z3.simplify(_reachable(neutral_three_colors, vals, pawns_to_close, squares))
    if z3.is_false(reach):
        return "unreachable"
    return "closes" if z3.is_true(z3.simplify(_closes(neutral_three_colors, vals, pawns_to_close, squares))) else "open"

"""Z3 encodings of Ra's epoch scoring and of the Traders module's crate distribution, and the supply questions.

Only this module imports z3 for Ra. Each encoding mirrors a Python rule and is cross-checked against it by a
differential Hypothesis test (tests/property/test_ra_solver.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import z3

from nilerules.core.verdicts import Proof, Unknown, Verdict, Witness
from nilerules.solver.core import Problem, make_solver, value

CIV_KINDS = 5


# -- epoch scoring --------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Holding:
    """Symbolic (or concrete) counts one player brings to an epoch's scoring."""

    gods: Any
    gold: Any
    pharaohs: Any
    niles: Any
    floods: Any
    civs: tuple[Any, ...]
    traders: Any
    crates: Any


@dataclass(frozen=True, slots=True)
class ScoringTable:
    """The scoring constants (from the spec) the encoding needs."""

    god: int
    gold: int
    pharaoh_most: int
    pharaoh_fewest: int
    civ: tuple[int, ...]
    trader: int
    limits: tuple[int, ...] = ()
    """Upper bounds of the counts (gods, gold, pharaohs, niles, floods, each civilization kind, traders, crates),
    from the spec's tile mix; empty: counts are only non-negative."""


def symbolic_holding(prefix: str) -> Holding:
    v = z3.Int
    return Holding(v(f"{prefix}_gods"), v(f"{prefix}_gold"), v(f"{prefix}_pharaohs"), v(f"{prefix}_niles"),
                   v(f"{prefix}_floods"), tuple(v(f"{prefix}_civ{i}") for i in range(CIV_KINDS)),
                   v(f"{prefix}_traders"), v(f"{prefix}_crates"))


def holding_bounds(x: Holding, limits: Sequence[int] = ()) -> list[Any]:
    """Non-negative counts, within the tile mix when ``limits`` gives it (ScoringTable.limits)."""
    terms = [x.gods, x.gold, x.pharaohs, x.niles, x.floods, *x.civs, x.traders, x.crates]
    found = [t >= 0 for t in terms]
    return found + [t <= c for t, c in zip(terms, limits, strict=False)]


def _most_fewest(counts: Sequence[Any], most: int, fewest: int, share_all_tie: bool) -> list[Any]:
    hi = counts[0]
    lo = counts[0]
    for c in counts[1:]:
        hi = z3.If(c > hi, c, hi)
        lo = z3.If(c < lo, c, lo)
    out = []
    for c in counts:
        shared = z3.If(c == hi, most, 0) + z3.If(c == lo, fewest, 0)
        out.append(shared if share_all_tie else z3.If(hi == lo, 0, shared))
    return out


def epoch_score_terms(holdings: Sequence[Holding], table: ScoringTable, pharaoh_share: bool) -> list[Any]:
    """Each player's epoch points as a Z3 term (mirrors scoring.epoch_points)."""
    pharaohs = _most_fewest([x.pharaohs for x in holdings], table.pharaoh_most, table.pharaoh_fewest, pharaoh_share)
    terms = []
    for x, ph in zip(holdings, pharaohs, strict=True):
        distinct = z3.Sum([z3.If(c > 0, 1, 0) for c in x.civs])
        civ = table.civ[0]
        for n in range(1, CIV_KINDS + 1):
            civ = z3.If(distinct == n, table.civ[n], civ)
        nile_flood = z3.If(x.floods > 0, x.niles + x.floods, 0)
        terms.append(x.gods * table.god + x.gold * table.gold + ph + nile_flood + civ
                     + x.traders * table.trader + x.crates)
    return terms


def sun_score_terms(totals: Sequence[Any], most: int, fewest: int, share_all_tie: bool) -> list[Any]:
    return _most_fewest(totals, most, fewest, share_all_tie)


def evaluate_epoch_scores(
    concrete: Sequence[Holding], table: ScoringTable, pharaoh_share: bool
) -> list[int]:
    """Evaluate the encoding on concrete counts (for the differential test)."""
    terms = epoch_score_terms(concrete, table, pharaoh_share)
    return [int(z3.simplify(z3.IntVal(0) + t).as_long()) for t in terms]


def prove_all_tie_shift(players: int, table: ScoringTable, budget_rlimit: int) -> Verdict:
    """RA-001: when all Pharaoh counts are equal, 'share' gives every player the same extra points over 'nobody'."""
    p = Problem(budget_rlimit)
    xs = [symbolic_holding(f"p{i}") for i in range(players)]
    for x in xs:
        p.add(*holding_bounds(x, table.limits))
    p.rule("ra.scoring.pharaohs", *[x.pharaohs == xs[0].pharaohs for x in xs])
    share = epoch_score_terms(xs, table, True)
    nobody = epoch_score_terms(xs, table, False)
    shift = share[0] - nobody[0]
    question = z3.Or(*[share[i] - nobody[i] != shift for i in range(players)], shift != table.pharaoh_most
                     + table.pharaoh_fewest)

    def decode(model: Any) -> Witness:
        return Witness("the shift differs between players", {"pharaohs": [value(model, x.pharaohs) for x in xs]})

    return p.check(decode, f"{players} players, all Pharaoh counts equal: every player scores exactly "
                   f"{table.pharaoh_most + table.pharaoh_fewest} more under 'share' than under 'nobody'",
                   extra=[question])


def prove_sun_all_tie_equal(players: int, most: int, fewest: int, rlimit: int, max_total: int) -> Verdict:
    """RA-002: with all sun-disk totals equal, both readings give every player the same points."""
    p = Problem(rlimit)
    totals = [z3.Int(f"sun{i}") for i in range(players)]
    p.add(*[z3.And(t >= 1, t <= max_total) for t in totals])
    p.rule("ra.scoring.sun_disks", *[t == totals[0] for t in totals])
    share = sun_score_terms(totals, most, fewest, True)
    nobody = sun_score_terms(totals, most, fewest, False)

    def decode(model: Any) -> Witness:
        return Witness("the readings differ", {"totals": [value(model, t) for t in totals]})

    return p.check(decode, f"{players} players, all sun-disk totals equal: 'share' and 'nobody' give every "
                   "player the same points", extra=[z3.Or(*[a != b for a, b in zip(share, nobody, strict=True)])])


# -- crate distribution ---------------------------------------------------------------------------------------------
def crate_terms(
    players: int, claimers: Sequence[Any], counts: Sequence[Any], per_tile: bool
) -> list[Any]:
    """Crates each player holds after the claims, in order (mirrors rules.crates_owed applied claim by claim)."""
    traders: list[Any] = [z3.IntVal(0)] * players
    crates: list[Any] = [z3.IntVal(0)] * players
    for c, n in zip(claimers, counts, strict=True):
        for p in range(players):
            factor = n if per_tile else z3.If(n > 0, 1, 0)
            crates[p] = crates[p] + z3.If(c == p, 0, factor * traders[p])
        traders = [t + z3.If(c == p, n, 0) for p, t in enumerate(traders)]
    return crates


def evaluate_crates(players: int, claims: Sequence[tuple[int, int]], per_tile: bool) -> list[int]:
    terms = crate_terms(players, [z3.IntVal(c) for c, _ in claims], [z3.IntVal(n) for _, n in claims], per_tile)
    return [int(z3.simplify(t).as_long()) for t in terms]


def supply_fails(crates: Sequence[Any], small: int, large: int, large_value: int, pooled: bool) -> Any:
    """The supply cannot show these crates (mirrors rules.supply_holds, negated)."""
    total = z3.Sum(list(crates))
    if not pooled:
        return total > small
    fits = z3.Sum([c / large_value for c in crates])
    used = z3.If(fits < large, fits, large)
    return total - large_value * used > small


@dataclass(frozen=True, slots=True)
class SupplyQuestion:
    """Bounds of the crate questions: auctions only (God claims take 1 Trader and no disk; see the report)."""

    players: int
    disks_each: int
    traders: int
    track: int
    small: int
    large: int
    large_value: int
    pooled: bool
    per_tile: bool


def _claim_model(
    q: SupplyQuestion, length: int, p: Problem, least: int = 1
) -> tuple[list[Any], list[Any], list[Any]]:
    claimers = [z3.Int(f"claimer{i}") for i in range(length)]
    counts = [z3.Int(f"traders{i}") for i in range(length)]
    for c, n in zip(claimers, counts, strict=True):
        p.add(c >= 0, c < q.players, n >= least)
        p.rule("ra.base.auction_track", n <= q.track)
    p.rule("ra.traders.setup.bag", z3.Sum(counts) <= q.traders)
    for player in range(q.players):
        p.rule("ra.base.win", z3.Sum([z3.If(c == player, 1, 0) for c in claimers]) <= q.disks_each)
    crates = crate_terms(q.players, claimers, counts, q.per_tile)
    return claimers, counts, crates


def _lex_min(solver: Any, terms: Sequence[Any], model: Any) -> Any:
    """Make a model canonical: the lexicographically least values of ``terms`` among the solutions.

    Z3's first model depends on the context's history; fixing each term to its least value in turn makes witnesses
    (and so reports) identical from run to run. Returns the final model, or None if Z3 gave up.
    """
    for term in terms:
        best = value(model, term)
        while True:
            solver.push()
            solver.add(term < best)
            r = solver.check()
            if r == z3.sat:
                model = solver.model()
                best = value(model, term)
                solver.pop()
                continue
            solver.pop()
            if r != z3.unsat:
                return None
            break
        solver.add(term == best)
    if solver.check() != z3.sat:
        return None
    return solver.model()


def fewest_traders(q: SupplyQuestion, length: int, rlimit: int) -> tuple[str, dict[str, Any]]:
    """With exactly ``length`` auction claims: the fewest Traders whose crates exceed the supply.

    Returns ("unsat", {}) when no such claims exist (a proof), ("sat", data) at the proved minimum, or
    ("unknown", {}) when Z3 gave up.
    """
    p = Problem(rlimit)
    claimers, counts, crates = _claim_model(q, length, p)
    p.rule("ra.traders.crates.supply_exhausted", supply_fails(crates, q.small, q.large, q.large_value, q.pooled))
    solver = p.solver()
    result = solver.check()
    if result == z3.unsat:
        return "unsat", {}
    if result != z3.sat:
        return "unknown", {}
    best = solver.model()
    total = sum(value(best, n) for n in counts)
    while True:
        solver.push()
        solver.add(z3.Sum(counts) < total)
        r = solver.check()
        if r == z3.sat:
            best = solver.model()
            total = sum(value(best, n) for n in counts)
            solver.pop()
            continue
        solver.pop()
        if r != z3.unsat:
            return "unknown", {}
        break
    solver.add(z3.Sum(counts) == total)
    best = _lex_min(solver, [t for pair in zip(claimers, counts, strict=True) for t in pair], best)
    if best is None:
        return "unknown", {}
    claims = [[value(best, c), value(best, n)] for c, n in zip(claimers, counts, strict=True)]
    return "sat", {"claims": claims, "crates": [value(best, t) for t in crates], "traders": total,
                   "claims_needed": length}


def smallest_exhaustion(q: SupplyQuestion, max_claims: int, rlimit: int) -> tuple[Verdict, dict[str, Any]]:
    """Fewest claims, then fewest Traders, for which the crates owed in one epoch exceed the supply.

    Every smaller number of claims is refuted by Z3 (unsat), and so is one Trader fewer at the length found.
    """
    refuted: list[int] = []
    for length in range(1, max_claims + 1):
        status, data = fewest_traders(q, length, rlimit)
        if status == "unsat":
            refuted.append(length)
            continue
        if status == "unknown":
            return Unknown(f"z3 gave up at {length} claims", budget=f"rlimit {rlimit}"), {"refuted": refuted}
        data["refuted_lengths"] = refuted
        return Witness(
            f"{length} claim(s) with {data['traders']} Traders in all: claims {data['claims']} (claimer, Traders) "
            f"give crates {data['crates']}; no fewer claims can, nor fewer Traders with {length} claims",
            data,
        ), data
    return Unknown(f"no exhaustion within {max_claims} claims", budget=f"rlimit {rlimit}"), {"refuted": refuted}


def pair_total(per_player: Sequence[Any]) -> Any:
    """Crates owed in all, per Trader tile (RA-006 per_tile): every pair of claims by different players adds the
    product of their sizes, whatever the order, so the total is the sum over pairs of players of N_p * N_q."""
    terms = [per_player[a] * per_player[b] for a in range(len(per_player)) for b in range(a + 1, len(per_player))]
    return z3.Sum(terms) if terms else z3.IntVal(0)


def most_crates(q: SupplyQuestion, rlimit: int) -> tuple[Verdict, dict[str, Any]]:
    """The most crates (in value, all players together) one epoch's claims can owe under per_tile.

    Uses the order-free form ``pair_total`` (checked against ``crate_terms`` by a property test): each player
    claims N_p Traders in all, at most ``disks_each`` auctions of at most ``track`` tiles, and all together at most
    ``traders``. Returns a Witness at the maximum, with a proof (unsat) that one more crate is impossible.
    """
    p = Problem(rlimit)
    per_player = [z3.Int(f"N{i}") for i in range(q.players)]
    for n in per_player:
        p.add(n >= 0)
        p.rule("ra.base.win", n <= q.disks_each * q.track)
    p.rule("ra.traders.setup.bag", z3.Sum(per_player) <= q.traders)
    total_term = pair_total(per_player)
    solver = p.solver()
    if solver.check() != z3.sat:
        return Unknown("no claims fit the bounds", budget=f"rlimit {rlimit}"), {}
    best = solver.model()
    total = value(best, total_term)
    while True:
        solver.push()
        solver.add(total_term > total)
        r = solver.check()
        if r == z3.sat:
            best = solver.model()
            total = value(best, total_term)
            solver.pop()
            continue
        solver.pop()
        if r != z3.unsat:
            return Unknown(f"z3 gave up above {total} crates", budget=f"rlimit {rlimit}"), {"at_least": total}
        break
    solver.add(total_term == total)
    best = _lex_min(solver, per_player, best)
    if best is None:
        return Unknown("z3 gave up making the witness canonical", budget=f"rlimit {rlimit}"), {"most": total}
    split = [value(best, n) for n in per_player]
    data = {"most": total, "traders_per_player": split}
    return Witness(f"at most {total} crates in one epoch (proved); reached when the players claim {split} "
                   "Traders", data), data


def concrete_check(constraints: Sequence[Any], rlimit: int) -> bool:
    solver = make_solver(rlimit)
    solver.add(*constraints)
    return bool(solver.check() == z3.sat)


__all__ = [
    "Holding",
    "Proof",
    "ScoringTable",
    "SupplyQuestion",
    "crate_terms",
    "epoch_score_terms",
    "evaluate_crates",
    "evaluate_epoch_scores",
    "fewest_traders",
    "most_crates",
    "pair_total",
    "prove_all_tie_shift",
    "prove_sun_all_tie_equal",
    "smallest_exhaustion",
    "supply_fails",
]

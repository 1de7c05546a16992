"""Differential tests: the Z3 encodings of Ra's epoch scoring and crate distribution agree with the Python rules."""

from __future__ import annotations

import random

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from nilerules.games.ra import make_game, scoring
from nilerules.games.ra.rules import crates_owed, supply_holds
from nilerules.games.ra.situations import dealt
from nilerules.games.ra.state import CIVS, FLOOD, GOD, GOLD, NILE, PHARAOH, TRADER
from nilerules.solver import ra as zra

GAME = make_game()
PARAMS = {r: GAME.params(GAME.config(4, ("traders",), {"pharaoh_all_tie": r})) for r in ("share", "nobody")}
TABLE = zra.ScoringTable(2, 3, 5, -2, (-5, 0, 0, 5, 10, 15), 1)

holding = st.fixed_dictionaries(
    {
        "gods": st.integers(0, 8),
        "gold": st.integers(0, 5),
        "pharaohs": st.integers(0, 6),
        "niles": st.integers(0, 8),
        "floods": st.integers(0, 4),
        "civs": st.lists(st.integers(0, 3), min_size=5, max_size=5),
        "traders": st.integers(0, 6),
        "crates": st.integers(0, 70),
    }
)


def as_row(h: dict[str, object]) -> list[int]:
    row = [0] * 24
    row[GOD], row[GOLD], row[PHARAOH] = h["gods"], h["gold"], h["pharaohs"]  # type: ignore[assignment]
    row[NILE], row[FLOOD], row[TRADER] = h["niles"], h["floods"], h["traders"]  # type: ignore[assignment]
    for k, c in zip(CIVS, h["civs"], strict=True):  # type: ignore[call-overload]
        row[k] = c
    return row


def as_holding(h: dict[str, object]) -> zra.Holding:
    v = z3.IntVal
    return zra.Holding(
        v(h["gods"]),
        v(h["gold"]),
        v(h["pharaohs"]),
        v(h["niles"]),
        v(h["floods"]),
        tuple(v(c) for c in h["civs"]),
        v(h["traders"]),
        v(h["crates"]),
    )  # type: ignore[attr-defined]


@pytest.mark.rules("ra.scoring.pharaohs", "ra.scoring.gods_gold", "ra.scoring.civilizations")
@given(st.lists(holding, min_size=2, max_size=5), st.sampled_from(["share", "nobody"]))
def test_z3_epoch_scoring_agrees_with_python(players: list[dict[str, object]], reading: str) -> None:
    """The Z3 epoch-scoring terms evaluate to scoring.epoch_points on the same holdings, under both RA-001 readings."""
    rows = [as_row(h) for h in players]
    crates = tuple(int(h["crates"]) for h in players)  # type: ignore[call-overload]
    expected = scoring.epoch_points(rows, crates, PARAMS[reading])
    got = zra.evaluate_epoch_scores([as_holding(h) for h in players], TABLE, reading == "share")
    assert expected == got


claims = st.lists(st.tuples(st.integers(0, 4), st.integers(1, 8)), max_size=6)


@pytest.mark.rules("ra.traders.claim.crates_to_others", "ra.traders.example")
@given(st.integers(2, 5), claims, st.booleans())
def test_z3_crate_distribution_agrees_with_python(players: int, seq: list[tuple[int, int]], per_tile: bool) -> None:
    """Claim by claim, rules.crates_owed (with Traders held before each claim) equals the Z3 crate terms."""
    seq = [(c % players, n) for c, n in seq]
    traders = [0] * players
    crates = [0] * players
    for claimer, n in seq:
        owed = crates_owed(tuple(traders), claimer, n, per_tile)
        crates = [a + b for a, b in zip(crates, owed, strict=True)]
        traders[claimer] += n
    assert crates == zra.evaluate_crates(players, seq, per_tile)


@given(st.integers(2, 5), claims)
def test_pair_total_is_the_order_free_crate_total(players: int, seq: list[tuple[int, int]]) -> None:
    """Total crates (per_tile) = sum over pairs of players of the Traders they claimed (used by most_crates)."""
    seq = [(c % players, n) for c, n in seq]
    per_player = [sum(n for c, n in seq if c == p) for p in range(players)]
    total = int(z3.simplify(zra.pair_total([z3.IntVal(n) for n in per_player])).as_long())
    assert total == sum(zra.evaluate_crates(players, seq, True))


@pytest.mark.rules("ra.traders.crates.exchange")
@given(
    st.lists(st.integers(0, 80), min_size=2, max_size=5), st.booleans(), st.sampled_from([(30, 10), (10, 10), (5, 30)])
)
def test_z3_supply_condition_agrees_with_python(crates: list[int], pooled: bool, counts: tuple[int, int]) -> None:
    """zra.supply_fails is the negation of rules.supply_holds for every crate vector and RA-004/RA-007 reading."""
    from dataclasses import replace

    p = replace(PARAMS["share"], small_crates=counts[0], large_crates=counts[1], crate_exchange_pooled=pooled)
    term = zra.supply_fails([z3.IntVal(c) for c in crates], counts[0], counts[1], 3, pooled)
    assert z3.is_true(z3.simplify(term)) == (not supply_holds(crates, p))


def test_sample_chance_agrees_with_chance_outcomes() -> None:
    """The fast draw sampler only yields listed outcomes, with frequencies near count/total (seeded, 4000 draws)."""
    from nilerules.games.ra.actions import DRAW_ACTION

    s = GAME.apply(dealt(GAME.setup(GAME.config(3, ("traders",)))), DRAW_ACTION)
    outcomes = dict(GAME.chance_outcomes(s))
    rng = random.Random(1)
    seen: dict[object, int] = {}
    for _ in range(4000):
        a = GAME.sample_chance(s, rng)
        seen[a] = seen.get(a, 0) + 1
    assert set(seen) <= set(outcomes)
    for a, p in outcomes.items():
        assert abs(seen.get(a, 0) / 4000 - float(p)) < 0.03

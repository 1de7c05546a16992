"""Differential tests: the Z3 encodings of Nefertiti agree with the Python rules."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nilerules.checks import load
from nilerules.checks.nefertiti.neutral import python_closure_table
from nilerules.games.nefertiti.names import CARD_NAMES, N_CODES, N_TYPES, TYPE_NAMES
from nilerules.games.nefertiti.params import NEUTRAL_THREE_COLORS, make_params
from nilerules.games.nefertiti.scoring import gift_score
from nilerules.solver.nefertiti import closure_status, evaluate_type_score, neutral_closure_table

GAME = load("nefertiti").game
PARAMS = make_params(GAME.spec, GAME.config(4, ("harbor",)))


def codes_of(t: int) -> list[int]:
    name = TYPE_NAMES[t]
    return [c for c in range(20) if CARD_NAMES[c] == name or CARD_NAMES[c].startswith(name + "_")]


@pytest.mark.rules("nefertiti.harbor.foreign_bonus", "nefertiti.harbor.bonus_cumulative")
@given(
    t=st.integers(0, N_TYPES - 1), counts=st.lists(st.integers(0, 4), min_size=3, max_size=3), owners=st.integers(1, 5)
)
def test_z3_type_score_matches_python(t: int, counts: list[int], owners: int) -> None:
    """For any holding of one type (normal, double senet, foreign cards) the Z3 score equals ``gift_score``."""
    codes = codes_of(t)
    hand = [0] * N_CODES
    for code, n in zip(codes, counts, strict=False):
        hand[code] = n if code < 10 else min(n, 1)
    own = [1] * N_TYPES
    own[t] = owners
    units = [2 if CARD_NAMES[c] == "senet_x2" else 1 for c in codes]
    z3_score = evaluate_type_score(
        PARAMS.values[t], [hand[c] for c in codes], units, [PARAMS.bonus[c] for c in codes], owners
    )
    assert z3_score == gift_score(PARAMS, hand, own)


@pytest.mark.rules(
    "nefertiti.two.giza_three_colors", "nefertiti.two.giza_pattern_servants", "nefertiti.two.giza_pattern_neutrals"
)
@given(
    rs=st.integers(0, 4),
    bs=st.integers(0, 4),
    rn=st.integers(0, 2),
    bn=st.integers(0, 2),
    reading=st.sampled_from(NEUTRAL_THREE_COLORS),
)
def test_z3_closure_status_matches_python(rs: int, bs: int, rn: int, bn: int, reading: str) -> None:
    """The Z3 closure encoding, evaluated on one multiset, equals the Python exhaustive classification."""
    table = python_closure_table()
    expected = table.get((rs, bs, rn, bn), ("unreachable",) * 3)[NEUTRAL_THREE_COLORS.index(reading)]
    assert closure_status((rs, bs, rn, bn), reading) == expected


def test_z3_enumeration_equals_python_enumeration() -> None:
    """All-models enumeration by Z3 gives exactly the Python table (the whole finite domain), and the table agrees
    with seed 004's Two-Player Rules read by hand: 2 Servants of different colours + 1 neutral close Giza's right
    stall under every reading; 2 neutrals of different colours + 1 Servant close it as listed; 2 Servants of one
    colour leave it open; 4 pawns always close it, so no multiset of 5 or more pawns is ever standing."""
    rows, complete = neutral_closure_table()
    assert complete
    table = python_closure_table()
    assert {r.counts: r.status for r in rows} == table
    listed = NEUTRAL_THREE_COLORS.index("listed")
    assert table[(1, 1, 1, 0)] == ("closes",) * len(NEUTRAL_THREE_COLORS)
    assert table[(1, 0, 1, 1)][listed] == "closes"
    assert table[(2, 0, 0, 0)] == ("open",) * len(NEUTRAL_THREE_COLORS)
    assert all("open" not in status for counts, status in table.items() if sum(counts) == 4)
    assert max(sum(counts) for counts in table) == 4
    assert set(table) <= set(itertools.product(range(5), range(5), range(3), range(3)))


@pytest.mark.rules("nefertiti.royal_scribe.score")
def test_z3_encoding_reproduces_the_royal_scribe_example() -> None:
    """Seed 004: 3 chairs (1 owner) + 1 statuette (2 owners) + 1 cup, each +1: the Z3 type scores give 49."""
    chair, statuette, cup = TYPE_NAMES.index("chair"), TYPE_NAMES.index("statuette"), TYPE_NAMES.index("cup")
    total = (
        evaluate_type_score(PARAMS.values[chair], [3], [1], [0], 1)
        + evaluate_type_score(PARAMS.values[statuette], [1], [1], [0], 2)
        + evaluate_type_score(PARAMS.values[cup], [1], [1], [0], 1)
        + 5
    )
    assert total == 49


@pytest.mark.rules("nefertiti.harbor.foreign_bonus")
def test_z3_proves_the_fifty_point_chair_example() -> None:
    """Seed 004: Z3 proves Red's five chairs (incl. +1 and +2, chair owned by 2 players) score exactly 50."""
    from nilerules.solver.nefertiti import chair_example

    verdict = chair_example(PARAMS.values[TYPE_NAMES.index("chair")])
    assert verdict.kind == "proof"

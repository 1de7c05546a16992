"""Differential tests: the Z3 encodings of Sobek's penalty and Guild move agree with the Python rules."""

from __future__ import annotations

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from nilerules.games.sobek import scoring
from nilerules.games.sobek.params import PENALTY_ON_NUMBER, TRACK_LOW_END
from nilerules.solver import sobek as zsolver


def _eval(term: z3.ExprRef) -> int:
    return int(z3.simplify(term).as_long())


@pytest.mark.rules("sobek.end.penalty_move")
@given(
    score=st.integers(0, 250),
    points=st.integers(0, 250),
    number=st.sampled_from(PENALTY_ON_NUMBER),
    low=st.sampled_from(TRACK_LOW_END),
    step=st.integers(1, 30),
)
def test_penalty_encoding_matches_python(score: int, points: int, number: str, low: str, step: int) -> None:
    """The closed form in Z3 equals the Python penalty, for any points-per-move step."""
    term = zsolver.penalty_term(z3.IntVal(score), z3.IntVal(points), number, low, step)
    assert _eval(term) == scoring.penalty(score, points, number, low, step)


def _penalty_step_by_step(score: int, points: int, number: str, low: str, step: int) -> int:
    """The seed's sentence taken literally, one move per lot (an independent oracle for the counted form)."""
    symbol = score % 5
    if points // step and symbol == 0:
        if number == "no_move":
            return score
        if number == "previous_symbol":
            symbol = 4
    for _ in range(points // step):
        target = score - ((score - symbol) % 5 or 5)
        score = target if target >= 0 else (0 if low == "to_start" else score)
    return score


@pytest.mark.rules("sobek.end.penalty_move")
@given(
    score=st.integers(0, 250),
    points=st.integers(0, 400),
    number=st.sampled_from(PENALTY_ON_NUMBER),
    low=st.sampled_from(TRACK_LOW_END),
    step=st.integers(1, 30),
)
def test_counted_penalty_equals_one_move_per_lot(score: int, points: int, number: str, low: str, step: int) -> None:
    """Issue 10 (no unbounded work): the penalty counts its moves instead of looping over them, with the same result
    as moving back one symbol per lot."""
    assert scoring.penalty(score, points, number, low, step) == _penalty_step_by_step(score, points, number, low, step)


@pytest.mark.rules("sobek.events.guild")
@given(score=st.integers(0, 250), symbol=st.integers(1, 4), low=st.sampled_from(TRACK_LOW_END))
def test_guild_back_encoding_matches_python(score: int, symbol: int, low: str) -> None:
    """The Z3 Guild move back equals the Python one."""
    assert _eval(zsolver.guild_back_term(z3.IntVal(score), symbol, low)) == scoring.back_to_symbol(score, symbol, low)

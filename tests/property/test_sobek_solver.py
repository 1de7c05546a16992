"""Differential tests: the Z3 encodings of Sobek's penalty and Guild move agree with the Python rules."""

from __future__ import annotations

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from nilerules.games.sobek import scoring
from nilerules.solver import sobek as zsolver


def _eval(term: z3.ExprRef) -> int:
    return int(z3.simplify(term).as_long())


@pytest.mark.rules("sobek.end.penalty_move")
@given(
    score=st.integers(0, 250),
    points=st.integers(0, 250),
    number=st.sampled_from(zsolver.NUMBER_READINGS),
    low=st.sampled_from(zsolver.LOW_READINGS),
)
def test_penalty_encoding_matches_python(score: int, points: int, number: str, low: str) -> None:
    """The closed form in Z3 equals the step-by-step Python penalty."""
    term = zsolver.penalty_term(z3.IntVal(score), z3.IntVal(points), number, low)
    assert _eval(term) == scoring.penalty(score, points, number, low)


@pytest.mark.rules("sobek.events.guild")
@given(score=st.integers(0, 250), symbol=st.integers(1, 4), low=st.sampled_from(zsolver.LOW_READINGS))
def test_guild_back_encoding_matches_python(score: int, symbol: int, low: str) -> None:
    """The Z3 Guild move back equals the Python one."""
    assert _eval(zsolver.guild_back_term(z3.IntVal(score), symbol, low)) == scoring.back_to_symbol(score, symbol, low)

"""Properties of the kernel that must hold for every input: JSON round trips, rankings, chance sampling."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nilerules.core import decode, draw_outcomes, encode, rank_by_keys, sample
from nilerules.core.types import Config


@dataclass(frozen=True, slots=True)
class Inner:
    name: str
    odds: Fraction


@dataclass(frozen=True, slots=True)
class Outer:
    counts: tuple[int, ...]
    tags: frozenset[str]
    inner: Inner | None
    pairs: tuple[tuple[int, str], ...]


outers = st.builds(
    Outer,
    st.lists(st.integers(-5, 5), max_size=5).map(tuple),
    st.frozensets(st.text(max_size=3), max_size=4),
    st.none() | st.builds(Inner, st.text(max_size=4), st.fractions()),
    # integers as nilerules writes them: 64 bits (the JSON reader refuses literals of more than MAX_INT_DIGITS digits)
    st.lists(st.tuples(st.integers(-(2**63), 2**63 - 1), st.text(max_size=2)), max_size=3).map(tuple),
)


@given(outers)
def test_codec_round_trip(value: Outer) -> None:
    """Any value decodes to an equal one, and its canonical text is a fixed point."""
    text = encode(value)
    assert decode(Outer, text) == value
    assert encode(decode(Outer, text)) == text


def test_an_integer_longer_than_the_reader_takes_is_refused_in_one_line() -> None:
    """The codec writes any int, but reads at most MAX_INT_DIGITS digits: a longer one is a clear refusal (found by the
    explore profile: a 31-digit integer), never a silent truncation."""
    from nilerules.core.jsonio import MAX_INT_DIGITS
    from nilerules.errors import MalformedAction

    text = encode(Outer((), frozenset(), None, ((10**MAX_INT_DIGITS, ""),)))
    with pytest.raises(MalformedAction, match=f"an integer of {MAX_INT_DIGITS + 1} digits"):
        decode(Outer, text)
    assert decode(Outer, encode(Outer((), frozenset(), None, ((10**MAX_INT_DIGITS - 1, ""),)))).pairs[0][0] > 0


@given(st.dictionaries(st.integers(0, 5), st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1))
def test_ranking_is_an_ordered_partition(keys: dict[int, tuple[int, int]]) -> None:
    """Every seat appears once; earlier places have strictly larger keys; tied seats have equal keys."""
    ranking = rank_by_keys(keys, ("score", "tiebreak"))
    seats = [s for place in ranking.places for s in place]
    assert sorted(seats) == sorted(keys)
    heads = [keys[place[0]] for place in ranking.places]
    assert heads == sorted(heads, reverse=True) and len(set(heads)) == len(heads)
    assert all(keys[s] == keys[place[0]] for place in ranking.places for s in place)


@given(st.lists(st.integers(0, 6), min_size=1, max_size=6).filter(lambda c: sum(c) > 0), st.integers(0, 2**32))
def test_sampled_outcome_is_always_possible(counts: list[int], seed: int) -> None:
    """A sampled draw is one of the kinds still in the pile."""
    outcomes = draw_outcomes(counts, list(range(len(counts))))
    assert sum((p for _, p in outcomes), Fraction(0)) == 1
    assert counts[sample(outcomes, random.Random(seed))] > 0


@given(st.integers(1, 6), st.lists(st.tuples(st.text(max_size=3), st.text(max_size=3)), max_size=3))
def test_config_round_trip(players: int, readings: list[tuple[str, str]]) -> None:
    """Configs (inside every log) round-trip."""
    config = Config("g", players, ("m",), tuple(readings))
    assert decode(Config, encode(config)) == config

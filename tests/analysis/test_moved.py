"""The test of a moved frequency (``analysis.montecarlo.moved``): two 95 % Wilson intervals that do not overlap.

Every interval is computed by hand from the Wilson formula with z = 1.96 (z² = 3.8415): for 0 of n the interval is
0 .. z²/(n + z²); otherwise centre (p + z²/2n)/(1 + z²/n), half-width z·sqrt(p(1-p)/n + z²/4n²)/(1 + z²/n).
"""

from __future__ import annotations

import pytest

from nilerules.analysis.montecarlo import MOVED_TEST, moved


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        # 0/2: 0-0.658; 1/2: 0.095-0.905; 2/2: 0.342-1: a 2-game sample never moves
        ((0, 2), (1, 2), False),
        ((0, 2), (2, 2), False),
        # 0/100: 0-0.037; 1/100: 0.0018-0.054 (issue 29: 1 game in 100 against none is not a difference)
        ((1, 100), (0, 100), False),
        # 0/20: 0-0.161; 4/20: 0.081-0.416 overlap; 9/20: 0.258-0.658 does not
        ((0, 20), (4, 20), False),
        ((0, 20), (9, 20), True),
        ((9, 20), (0, 20), True),
        # 8/16: 0.280-0.720; 0/16: 0-0.194
        ((8, 16), (0, 16), True),
        # no trials: the interval 0-1 overlaps every other
        ((0, 0), (20, 20), False),
    ],
)
def test_a_frequency_moved_only_when_its_two_intervals_are_apart(
    before: tuple[int, int], after: tuple[int, int], expected: bool
) -> None:
    """Hand-computed intervals (module docstring) decide each pair."""
    assert expected == moved(before, after)


def test_the_test_is_stated_in_words() -> None:
    """The words the check's output and the docs print."""
    assert MOVED_TEST == "their 95 % Wilson intervals do not overlap"

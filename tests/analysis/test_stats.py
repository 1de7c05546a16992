"""Quantiles and histograms of score lists (analysis/stats.py); every expected value is worked out by hand."""

from __future__ import annotations

import pytest

from nilerules.analysis.stats import (
    Histogram,
    bin_width,
    common_span,
    histogram,
    quantile,
    quantile_label,
    quantiles,
    text_histogram,
)


def test_quantile_median_of_an_odd_count_is_the_middle_value() -> None:
    """Sorted 1 3 7 9 50: the middle (third) value is 7."""
    assert quantile([9, 1, 50, 3, 7], 0.5) == 7.0


def test_quantile_median_of_an_even_count_is_the_mean_of_the_two_middle_values() -> None:
    """Sorted 2 4 6 10: halfway between 4 and 6 is 5."""
    assert quantile([10, 2, 6, 4], 0.5) == 5.0


def test_quantile_interpolates_between_order_statistics() -> None:
    """Five values 0 10 20 30 40: q=0.1 sits at position 0.4 between 0 and 10, so 4; q=0.75 at position 3, so 30."""
    assert quantiles([40, 30, 20, 10, 0], (0.0, 0.1, 0.75, 1.0)) == (0.0, 4.0, 30.0, 40.0)


def test_quantile_of_a_single_value_is_that_value_everywhere() -> None:
    """One score: every quantile is that score."""
    assert quantiles([3], (0.0, 0.5, 1.0)) == (3.0, 3.0, 3.0)


def test_quantile_refuses_an_empty_list_and_a_q_outside_zero_to_one() -> None:
    """No quantile of nothing; q must lie in [0, 1]."""
    with pytest.raises(ValueError):
        quantile([], 0.5)
    with pytest.raises(ValueError):
        quantile([1, 2], 1.5)


def test_quantile_labels_name_min_max_and_percentiles() -> None:
    """0 -> min, 1 -> max, 0.25 -> p25, 0.1 -> p10."""
    assert [quantile_label(q) for q in (0.0, 0.1, 0.25, 0.5, 1.0)] == ["min", "p10", "p25", "p50", "max"]


def test_histogram_of_a_narrow_range_uses_one_value_per_bin() -> None:
    """Values 3 3 4 6 over 3..6 fit four bins of width 1: counts 2 1 0 1."""
    assert Histogram(3, 1, (2, 1, 0, 1)) == histogram([3, 4, 3, 6])


def test_histogram_widens_its_bins_to_fit_the_bin_limit() -> None:
    """0..9 in at most 4 bins needs width ceil(10/4) = 3: bins 0-2, 3-5, 6-8, 9-11."""
    hist = histogram([0, 1, 2, 3, 9], max_bins=4)
    assert (hist.low, hist.width, hist.counts) == (0, 3, (3, 1, 0, 1))
    assert hist.bins == ((0, 2), (3, 5), (6, 8), (9, 11))


def test_histogram_with_a_shared_span_gives_every_list_the_same_bins() -> None:
    """Two seats' scores over the common span 0..5 (width 1): six bins each."""
    span = common_span([[0, 2], [5]])
    assert span == (0, 5)
    assert histogram([0, 2], span=span).counts == (1, 0, 1, 0, 0, 0)
    assert histogram([5], span=span).counts == (0, 0, 0, 0, 0, 1)


def test_histogram_counts_negative_scores() -> None:
    """Ra scores can fall below zero: -3 -1 -1 0 over -3..0 gives counts 1 0 2 1."""
    assert Histogram(-3, 1, (1, 0, 2, 1)) == histogram([-1, -3, 0, -1])


def test_histogram_refuses_values_outside_a_given_span() -> None:
    """A value outside the span would be lost: refused."""
    with pytest.raises(ValueError):
        histogram([7], span=(0, 5))


def test_histogram_of_nothing_is_empty() -> None:
    """No values and no span: no bins."""
    assert histogram([]).counts == ()
    assert None is common_span([[], []])


def test_bin_width_is_the_smallest_that_fits() -> None:
    """16 values in 16 bins: width 1; 17 values: width 2; 33 values: width 3."""
    assert (bin_width(0, 15, 16), bin_width(0, 16, 16), bin_width(0, 32, 16)) == (1, 2, 3)


def test_text_histogram_scales_the_fullest_bin_to_the_width_and_keeps_rare_bins_visible() -> None:
    """Counts 10 1 0 at width 10: bars of 10, 1 (at least one mark) and none; labels right-aligned to "10..11"."""
    lines = text_histogram(Histogram(8, 2, (10, 1, 0)), width=10)
    assert lines == ("  8..9 |########## 10", "10..11 |# 1", "12..13 | 0")

"""Summaries of score lists: quantiles and integer histograms (what `simulate` and the HTML report's charts show).

Pure arithmetic on lists of integers; no game knowledge. Scores are integers, so a histogram's bins are integer ranges
``[low, high]`` (both ends included) of one common width.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

QUANTILES: tuple[float, ...] = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)
"""The quantiles `simulate` reports: min, decile, quartile, median, quartile, decile, max."""

MAX_BINS = 16
"""At most this many bins in a histogram: bins widen (1, 2, 3, …) until the range fits."""


def quantile(values: Sequence[int | float], q: float) -> float:
    """The ``q``-quantile by linear interpolation between order statistics (the common default, type 7).

    ``q`` = 0 is the minimum, 1 the maximum, 0.5 the median (the mean of the two middle values for an even count).
    """
    if not values:
        raise ValueError("quantile of an empty list")
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"quantile {q!r} is not between 0 and 1")
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return float(ordered[below] + (ordered[above] - ordered[below]) * fraction)


def quantiles(values: Sequence[int | float], qs: Sequence[float] = QUANTILES) -> tuple[float, ...]:
    """Several quantiles of one list (see `quantile`)."""
    return tuple(quantile(values, q) for q in qs)


def quantile_label(q: float) -> str:
    """``0.25`` -> ``"p25"``; min and max keep their names."""
    if q == 0.0:
        return "min"
    if q == 1.0:
        return "max"
    return f"p{round(q * 100)}"


@dataclass(frozen=True, slots=True)
class Histogram:
    """Counts of integer values in consecutive bins ``[low, low + width - 1]``, ``[low + width, …]``, …"""

    low: int
    width: int
    counts: tuple[int, ...]

    @property
    def bins(self) -> tuple[tuple[int, int], ...]:
        """Each bin as ``(first value, last value)``, both included."""
        return tuple((self.low + i * self.width, self.low + (i + 1) * self.width - 1) for i in range(len(self.counts)))

    def to_data(self) -> dict[str, Any]:
        return {"low": self.low, "width": self.width, "counts": list(self.counts)}


def bin_width(low: int, high: int, max_bins: int = MAX_BINS) -> int:
    """The smallest integer width that covers ``low..high`` in at most ``max_bins`` bins."""
    if max_bins < 1:
        raise ValueError(f"max_bins {max_bins!r} must be at least 1")
    return max(1, math.ceil((high - low + 1) / max_bins))


def histogram(values: Sequence[int], max_bins: int = MAX_BINS, span: tuple[int, int] | None = None) -> Histogram:
    """Count integer ``values`` in bins of one width, at most ``max_bins`` of them.

    ``span`` (low, high) fixes the range, so that several histograms (one per seat or per reading) share their bins;
    by default the range is the values' own minimum to maximum.
    """
    if not values and span is None:
        return Histogram(0, 1, ())
    low, high = span if span is not None else (min(values), max(values))
    if values and (min(values) < low or max(values) > high):
        raise ValueError(f"values outside the span {(low, high)!r}")
    width = bin_width(low, high, max_bins)
    counts = [0] * ((high - low) // width + 1)
    for v in values:
        counts[(v - low) // width] += 1
    return Histogram(low, width, tuple(counts))


def common_span(lists: Sequence[Sequence[int]]) -> tuple[int, int] | None:
    """The range covering every list's values (None when all are empty)."""
    every = [v for values in lists for v in values]
    return (min(every), max(every)) if every else None


def text_histogram(hist: Histogram, width: int = 30, mark: str = "#") -> tuple[str, ...]:
    """One line per bin: the bin's range, a bar scaled so the fullest bin is ``width`` marks long, and the count.

    A non-empty bin always gets at least one mark, so that a rare value stays visible.
    """
    peak = max(hist.counts, default=0)
    labels = [f"{a}" if a == b else f"{a}..{b}" for a, b in hist.bins]
    pad = max((len(label) for label in labels), default=0)
    lines = []
    for label, count in zip(labels, hist.counts, strict=True):
        bar = mark * max(1, round(count * width / peak)) if count else ""
        lines.append(f"{label:>{pad}} |{bar} {count}".rstrip())
    return tuple(lines)

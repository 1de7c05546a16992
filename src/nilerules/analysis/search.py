"""Search for a situation where readings differ, with Hypothesis over states reached by real play.

The search is derandomized (the same inputs give the same witness) and shrinks what it finds to a small example.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample, Unsatisfiable

T = TypeVar("T")


def find_example(
    strategy: st.SearchStrategy[T], condition: Callable[[T], bool], examples: int
) -> T | None:
    """The smallest example (after shrinking) satisfying ``condition``, or None when none was found in budget."""
    config = settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
    )
    try:
        return find(strategy, condition, settings=config)
    except (NoSuchExample, Unsatisfiable):
        return None


def readings_differ(
    outcome: Callable[[Any, str], Any], readings: tuple[str, ...]
) -> Callable[[Any], bool]:
    """A condition: the outcome of ``situation`` is not the same under every reading."""

    def differ(situation: Any) -> bool:
        results = [outcome(situation, r) for r in readings]
        return any(r != results[0] for r in results[1:])

    return differ

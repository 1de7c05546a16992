"""A Z3 budget too small to answer gives Unknown: the supply checks never report a witness they did not find."""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget

MODULE = load("ra")


@pytest.mark.parametrize("amb", ["crate_counts", "supply_exhausted", "crate_exchange"])
def test_starved_solver_gives_unknown(amb: str) -> None:
    """With rlimit 1, Z3 cannot settle the smallest exhaustion, so the verdict is unknown with its budget."""
    result = MODULE.checks[amb](MODULE.game, Budget(playouts=2, examples=2, rlimit=1))
    assert result.verdict.kind == "unknown"
    assert "rlimit 1" in result.verdict.budget  # type: ignore[union-attr]

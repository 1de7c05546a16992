"""Shared test configuration: Hypothesis profiles (CI: derandomized, bounded; explore: long), the ``--regen`` option
of the golden playthroughs (tests/golden/test_golden.py), a fresh Z3 context per test."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# CI (nox tests / compiled): derandomized, so a run is reproducible and every xdist worker draws the same examples
# for a test; bounded examples and steps, so the default nox sessions fit in 10 minutes on 2 cores.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=25,
    stateful_step_count=40,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# explore (nox -s explore): random, 6 times the examples and 2.5 times the steps of CI (about 15 times the work of a
# state machine), failures kept in the example database and printed with a reproduction blob; sized so the whole
# explore session stays within 30 minutes on 2 cores.
settings.register_profile(
    "explore",
    deadline=None,
    max_examples=150,
    stateful_step_count=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("NILERULES_HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regen",
        action="store_true",
        default=False,
        help="rewrite the golden playthroughs of tests/golden from their seeds (only when the rules change on purpose; "
        "nox -s golden -- --regen)",
    )


@pytest.fixture(autouse=True)
def _fresh_z3_context() -> None:
    """Every test starts on a new Z3 context, as every check of a report does (``analysis.runner.check_chunk``): a
    query near its resource limit can be settled or left unknown depending on the terms earlier queries left in the
    shared context, so without this a test's answer depended on which tests its worker ran before (RA-005's 'with 4
    claims' sentence). Only where z3 is already loaded: a test of what an import loads must not load it."""
    if "z3" in sys.modules:
        from nilerules.solver.context import fresh_context

        fresh_context()

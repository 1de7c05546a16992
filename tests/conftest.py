"""Shared test configuration: Hypothesis profiles (CI: derandomized, bounded; explore: long)."""

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


SLOW_FILES = (
    "tests/conformance/test_games.py",
    "tests/stateful/test_nefertiti.py",
    "tests/stateful/test_nile_artefacts.py",
    "tests/stateful/test_ra.py",
    "tests/stateful/test_sobek.py",
    "tests/whatif/test_whatif_sweep.py",
    "tests/unit/nefertiti/test_nefertiti_whatif.py",
    "tests/unit/nile_artefacts/test_nile_artefacts_whatif.py",
    "tests/unit/ra/test_ra_whatif.py",
    "tests/analysis/test_bundled_witnesses.py",
)
"""Files whose tests play many games (conformance over every config and reading, the state machines, the what-if
sweep and the what-if tests of three games, the bundled report's witnesses): marked ``slow``. ``nox -s tests`` (pure
Python under branch coverage, where a game costs about five times what it costs compiled) leaves them to ``nox -s
compiled``, which runs them on the mypyc-compiled build; ``nox`` runs both, so no test is dropped. A single test
elsewhere is marked with ``@pytest.mark.slow`` where it stands."""


DIFFERENTIAL_FILES = ("tests/unit/kernel/test_build.py",)
"""Besides every test named ``*golden*`` and every fast-path file (``test_*_fastpath.py``): marked ``differential``.
The golden playthroughs replay logged games to their recorded end and the fast-path tests compare the playout's
shortcuts with the rules, so on the compiled build they compare compiled against pure; test_build checks that every
hot module really compiled. ``nox -s compiled`` runs these and the ``slow`` tests; ``nox -s tests`` runs every test
but the ``slow`` ones, so each test runs at least once in ``nox``."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    root = Path(__file__).resolve().parent.parent
    for item in items:
        path = item.path.resolve().relative_to(root).as_posix()
        if path in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
        if path in DIFFERENTIAL_FILES or "golden" in item.name or path.endswith("_fastpath.py"):
            item.add_marker(pytest.mark.differential)


@pytest.fixture(autouse=True)
def _fresh_z3_context() -> None:
    """Every test starts on a new Z3 context, as every check of a report does (``analysis.runner.check_chunk``): a
    query near its resource limit can be settled or left unknown depending on the terms earlier queries left in the
    shared context, so without this a test's answer depended on which tests its worker ran before (RA-005's 'with 4
    claims' sentence). Only where z3 is already loaded: a test of what an import loads must not load it."""
    if "z3" in sys.modules:
        from nilerules.solver.context import fresh_context

        fresh_context()

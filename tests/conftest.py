"""Shared test configuration: Hypothesis profiles (CI: derandomized, bounded; explore: long)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

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

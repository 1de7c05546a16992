"""Shared test configuration: Hypothesis profiles (CI: derandomized, bounded; explore: long)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=25,
    stateful_step_count=40,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "explore",
    deadline=None,
    max_examples=1000,
    stateful_step_count=400,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("NILERULES_HYPOTHESIS_PROFILE", "ci"))

"""A fresh Z3 context for each ambiguity check, so that its answer does not depend on what ran before it.

Z3 shares one context per process: terms created by earlier queries keep their ids and caches, and a query near its
resource limit can be settled or left unknown depending on them. The execution layer starts every check on a new
context, so a check gives the same verdict in process, on a local worker or on a cluster, whatever ran before.
"""

from __future__ import annotations

import threading

import z3

Z3_LOCK = threading.Lock()
"""Z3's default context is per process, not per thread: checks in one process take this lock (Dask threads)."""


def fresh_context() -> None:
    """Make the next terms and solvers use a new, empty Z3 context (the old one is freed with its last term)."""
    z3.z3._main_ctx = None

"""Ra (with the Traders module): one divergence check per ambiguity of ``specs/ra.toml`` (``CHECKS``, by theme:
``checks.py``) and the named queries (``QUERIES``), above the pure rules of ``nilerules.games.ra``, on the shared kit
``nilerules.checks.kit``; ``situations.py`` builds the positions they and the tests need."""

from __future__ import annotations

from nilerules.checks.ra.checks import CHECKS
from nilerules.checks.ra.queries import QUERIES

__all__ = ["CHECKS", "QUERIES"]

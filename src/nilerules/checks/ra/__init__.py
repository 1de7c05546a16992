"""Ra (with the Traders module): one divergence check per ambiguity of ``specs/ra.toml`` (``CHECKS``) and the named
queries (``QUERIES``), above the pure rules of ``nilerules.games.ra``."""

from __future__ import annotations

from nilerules.checks.ra.checks import CHECKS
from nilerules.checks.ra.queries import QUERIES

__all__ = ["CHECKS", "QUERIES"]

"""Sobek: one divergence check per ambiguity of ``specs/sobek.toml`` (``CHECKS``) and the named
queries (``QUERIES``), above the pure rules of ``nilerules.games.sobek``."""

from __future__ import annotations

from nilerules.checks.sobek.checks import CHECKS
from nilerules.checks.sobek.queries import QUERIES

__all__ = ["CHECKS", "QUERIES"]

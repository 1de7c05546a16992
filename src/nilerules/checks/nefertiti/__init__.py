"""Nefertiti with its expansion: one divergence check per ambiguity of ``specs/nefertiti.toml`` (``CHECKS``) and the
named queries (``QUERIES``), above the pure rules of ``nilerules.games.nefertiti``."""

from __future__ import annotations

from nilerules.checks.nefertiti.checks import CHECKS
from nilerules.checks.nefertiti.queries import QUERIES

__all__ = ["CHECKS", "QUERIES"]

"""Nile Artefacts: one divergence check per ambiguity of ``specs/nile_artefacts.toml`` (``CHECKS``) and the named
queries (``QUERIES``), above the pure rules of ``nilerules.games.nile_artefacts``."""

from __future__ import annotations

from nilerules.checks.nile_artefacts.checks import CHECKS
from nilerules.checks.nile_artefacts.queries import QUERIES

__all__ = ["CHECKS", "QUERIES"]

"""Nefertiti with its expansion: one divergence check per ambiguity of ``specs/nefertiti.toml``, each registered
beside itself (``@check``, see ``checks``) in its theme's module, and the named queries (``QUERIES``), above the pure
rules of ``nilerules.games.nefertiti``."""

from __future__ import annotations

from nilerules.checks.nefertiti import characters, end, harbor, markets, neutral
from nilerules.checks.nefertiti.queries import QUERIES

THEMES = (neutral, harbor, characters, markets, end)
"""The modules whose checks register on import (``@check``)."""

__all__ = ["QUERIES", "THEMES"]

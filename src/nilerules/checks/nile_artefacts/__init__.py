"""Nile Artefacts: one divergence check per ambiguity of ``specs/nile_artefacts.toml``, each registered beside itself
(``@check``) in its theme's module, and the named queries (``QUERIES``), above the pure rules of
``nilerules.games.nile_artefacts``.

Themes: ``offerings`` (what a card counts as, what an offering holds, an empty offering), ``navigation`` (Coin
spaces, Boats in a Port), ``supply`` (the Artifact pile, the Coin stock) and ``ending`` (ties, the last round, a game
without end); what they share is in ``shared``.
"""

from __future__ import annotations

from nilerules.checks.nile_artefacts import ending, navigation, offerings, supply
from nilerules.checks.nile_artefacts.queries import QUERIES

THEMES = (offerings, navigation, supply, ending)
"""The modules whose checks register on import (``@check``)."""

__all__ = ["QUERIES", "THEMES"]

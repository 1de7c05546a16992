"""Nile Artefacts (Dunstan & Gilbert, Ankama 2022): the whole game for 2-4 players, from seed 001.

Exports ``make_game(spec)``, ``CHECKS`` (one divergence check per ambiguity) and ``QUERIES`` (named queries).
"""

from __future__ import annotations

from nilerules.games.nile_artefacts.checks import CHECKS
from nilerules.games.nile_artefacts.game import NileArtefactsGame, make_game
from nilerules.games.nile_artefacts.queries import QUERIES

__all__ = ["CHECKS", "QUERIES", "NileArtefactsGame", "make_game"]

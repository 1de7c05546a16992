"""Nile Artefacts (Dunstan & Gilbert, Ankama 2022): the whole game for 2-4 players, from seed 001.

Exports ``make_game(spec)``; its checks and queries are in ``nilerules.checks.nile_artefacts``.
"""

from __future__ import annotations

from nilerules.games.nile_artefacts.game import NileArtefactsGame, make_game

__all__ = ["NileArtefactsGame", "make_game"]

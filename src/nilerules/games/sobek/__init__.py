"""Sobek (Bruno Cathala, 2010), modelled from seed 002 and the reference facts."""

from __future__ import annotations

from nilerules.games.sobek.game import SobekGame, make_game

__all__ = ["SobekGame", "make_game"]

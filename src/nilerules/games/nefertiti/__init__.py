"""Nefertiti with its expansion (seed 004): a parametrised base game and every expansion rule."""

from __future__ import annotations

from nilerules.games.nefertiti.game import NefertitiGame, make_game

__all__ = ["NefertitiGame", "make_game"]

"""Ra (Reiner Knizia) for 2-5 players, with the Traders module (seed 000) as the ``traders`` module option."""

from __future__ import annotations

from nilerules.games.ra.game import RaGame, make_game

__all__ = ["RaGame", "make_game"]

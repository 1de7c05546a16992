"""Positions for the Ra rules tests, on Ra's situation builders (``nilerules.games.ra.situations``)."""

from __future__ import annotations

from nilerules.games.ra import make_game
from nilerules.games.ra.situations import dealt
from nilerules.games.ra.state import RaState

GAME = make_game()


def fresh(players: int, traders: bool = False, **readings: str) -> RaState:
    """A ``players``-player game (with the Traders module when ``traders``) set up under ``readings`` and dealt, seat
    ``i`` holding disk set ``i`` as listed in the spec."""
    return dealt(GAME.setup(GAME.config(players, ("traders",) if traders else (), readings)))

"""Stateful exploration of Nefertiti under every reading: conservation laws after every step.

Invariants (games/nefertiti/invariants.py): Deben conserved (players + markets + Harbor + removed = start);
Gift cards conserved (pile, bottom, markets, Harbor, hands, neutral hand, discard, box); Servants and neutral pawns
conserved; Royal Seals conserved (players, supply, markets, removed); at most one Wandering Thief card; prestige only
from scoring events (never negative, final scoring only in ``scores``). Every game ends: seeded playouts per reading.
"""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.checks import load
from nilerules.core.playout import playout
from nilerules.games.nefertiti.names import AMON_MERCHANT, ROYAL_SCRIBE, SCRIBE2, SCRIBE3
from nilerules.games.nefertiti.state import P_CHAR, P_OVER
from nilerules.testing import GameMachine

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

GAME = load("nefertiti").game
AMBIGUITIES = sorted(GAME.spec.ambiguities.items())
SCORING = (SCRIBE2, SCRIBE3, ROYAL_SCRIBE, AMON_MERCHANT)


class NefertitiMachine(GameMachine):
    """One game per run (players, modules, every ambiguity's reading drawn); single steps and seeded random or greedy
    bursts; the game's invariants after every action, the whole contract after every rule."""

    game = GAME

    def check_transition(self, before: Any, action: Any, after: Any) -> None:
        """Prestige moves only through a scoring Character (Scribes, Royal Scribe, Amon Merchant), and only up."""
        if after.prestige != before.prestige:
            assert before.phase == P_CHAR and before.char_active in SCORING, action
            assert all(a <= b for a, b in zip(before.prestige, after.prestige, strict=True))


TestNefertiti = NefertitiMachine.TestCase


@pytest.mark.parametrize(("ambiguity", "reading"), [(k, r) for k, a in AMBIGUITIES for r in a.reading_names()])
def test_every_game_ends_under_each_reading(ambiguity: str, reading: str) -> None:
    """Seeded random games (2 players with every module, 5 players) end within the declared length."""
    for players, modules in ((2, ("harbor", "characters")), (5, ("harbor", "characters"))):
        result = playout(GAME, GAME.config(players, modules, {ambiguity: reading}), seed=len(reading) + players)
        assert not result.truncated
        assert result.final.phase == P_OVER and GAME.invariants(result.final) == ()

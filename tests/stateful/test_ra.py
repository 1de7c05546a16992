"""Stateful exploration of Ra (with and without Traders) under every reading: invariants after every step.

Invariants (games/ra/invariants.py): tiles conserved (180, or 200 with Traders); the sun-disk multiset and each
player's disk count never change; crates received equal the sum over the other players' claims of (tiles claimed
x own Traders at that moment); each score is the sum of its scoring events; at most 3 epochs. Every game ends: a
playout per reading finishes within the declared length.
"""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.core.playout import playout
from nilerules.testing import GameMachine

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

GAME = load("ra").game
AMBIGUITIES = sorted(GAME.spec.ambiguities.items())


class RaMachine(GameMachine):
    """One game per run (players, Traders or not, a reading per ambiguity drawn by Hypothesis); single steps and
    seeded random or greedy bursts; the game's invariants after every action, the whole contract after every rule."""

    game = GAME


TestRa = RaMachine.TestCase


@pytest.mark.parametrize(("ambiguity", "reading"),
                         [(k, r) for k, a in AMBIGUITIES for r in a.reading_names()])
def test_every_game_ends_under_each_reading(ambiguity: str, reading: str) -> None:
    """Seeded random games (4 players with Traders, 2 players base) end within the declared length, invariants hold."""
    for players, modules in ((4, ("traders",)), (2, ())):
        result = playout(GAME, GAME.config(players, modules, {ambiguity: reading}), seed=len(reading) + players)
        assert not result.truncated
        assert GAME.is_terminal(result.final) and GAME.invariants(result.final) == ()

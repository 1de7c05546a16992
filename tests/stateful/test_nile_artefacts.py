"""Stateful exploration of Nile Artefacts under every reading: legal steps, invariants after each one.

Invariants (``invariants``): 54 cards conserved over pile, board, players, altar and discard; 30 Coins conserved over
stock and players; Worshiper levels in 0..3 and at most one step per Monument per offering phase; Boats on the river.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from nilerules.checks import load
from nilerules.core import CHANCE
from nilerules.testing import GameMachine

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

GAME = load("nile_artefacts").game


class NileArtefactsMachine(GameMachine):
    """One game per run with each ambiguity's reading drawn; single steps, seeded bursts, and whole rounds of random
    play (so late-game states are reached in few rules); invariants after every action, the contract after each rule."""

    game = GAME

    @precondition(lambda self: self.state is not None and not GAME.is_terminal(self.state))
    @rule(seed=st.integers(0, 2**16))
    def fast_forward(self, seed: int) -> None:
        """Random play until the round changes."""
        rng = random.Random(seed)
        start = self.state.round
        while not GAME.is_terminal(self.state) and self.state.round == start:
            if GAME.current_player(self.state) is CHANCE:
                self._advance(GAME.sample_chance(self.state, rng))
            else:
                self._advance(rng.choice(GAME.legal_actions(self.state)))

    @invariant()
    def within_the_round_cap(self) -> None:
        if self.state is not None:
            assert self.state.round <= self.state.params.max_rounds


TestNileArtefactsMachine = NileArtefactsMachine.TestCase

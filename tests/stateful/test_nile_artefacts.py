"""Stateful exploration of Nile Artefacts under every reading: legal steps, invariants after each one.

Invariants (``invariants``): 54 cards conserved over pile, board, players, altar and discard; 30 Coins conserved over
stock and players; Worshiper levels in 0..3 and at most one step per Monument per offering phase; Boats on the river.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from nilerules.core import CHANCE
from nilerules.games import load

GAME = load("nile_artefacts").game
AMBIGUITIES = sorted(GAME.spec.ambiguities.items())


class NileArtefactsMachine(RuleBasedStateMachine):
    """One game per run, with each ambiguity's reading drawn by Hypothesis."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.steps = 0

    @initialize(
        players=st.sampled_from((2, 3, 4)),
        readings=st.fixed_dictionaries({k: st.sampled_from(a.reading_names()) for k, a in AMBIGUITIES}),
    )
    def start(self, players: int, readings: dict[str, str]) -> None:
        self.state = GAME.setup(GAME.config(players, readings=readings))
        self.steps = 0

    def _apply(self, action: Any) -> None:
        self.state = GAME.apply(self.state, action)
        self.steps += 1

    @precondition(lambda self: self.state is not None and not GAME.is_terminal(self.state))
    @rule(pick=st.integers(0, 10_000), burst=st.integers(1, 30))
    def step(self, pick: int, burst: int) -> None:
        """A few actions chosen by index: chance outcomes (probabilities sum to 1) and decisions."""
        for k in range(burst):
            if GAME.is_terminal(self.state):
                return
            if GAME.current_player(self.state) is CHANCE:
                outcomes = GAME.chance_outcomes(self.state)
                assert sum(p for _, p in outcomes) == 1
                action = outcomes[(pick + k) % len(outcomes)][0]
            else:
                legal = GAME.legal_actions(self.state)
                assert legal, "a non-terminal state without legal actions"
                assert len(set(legal)) == len(legal)
                action = legal[(pick * 7 + k) % len(legal)]
            self._apply(action)

    @precondition(lambda self: self.state is not None and not GAME.is_terminal(self.state))
    @rule(seed=st.integers(0, 2**16))
    def fast_forward(self, seed: int) -> None:
        """Random play until the round changes (so that late-game states are reached within few steps)."""
        rng = random.Random(seed)
        start = self.state.round
        while not GAME.is_terminal(self.state) and self.state.round == start:
            if GAME.current_player(self.state) is CHANCE:
                self._apply(GAME.sample_chance(self.state, rng))
            else:
                self._apply(rng.choice(GAME.legal_actions(self.state)))
            assert GAME.invariants(self.state) == ()

    @precondition(lambda self: self.state is not None and GAME.is_terminal(self.state))
    @rule()
    def finished(self) -> None:
        """A finished game has a ranking over every seat and no further actions."""
        ranking = GAME.ranking(self.state)
        assert sorted(seat for place in ranking.places for seat in place) == list(range(self.state.config.players))
        assert GAME.legal_actions(self.state) == () and GAME.chance_outcomes(self.state) == ()

    @invariant()
    def holds(self) -> None:
        if self.state is not None:
            assert GAME.invariants(self.state) == ()
            assert self.steps <= GAME.info.max_game_length
            assert self.state.round <= self.state.params.max_rounds


TestNileArtefactsMachine = NileArtefactsMachine.TestCase

"""Stateful exploration of Sobek under every reading: random legal steps, invariants after each one."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from nilerules.core import CHANCE
from nilerules.games import load

GAME = load("sobek").game
AMBIGUITIES = sorted(GAME.spec.ambiguities.items())


class SobekMachine(RuleBasedStateMachine):
    """One game per run, with each ambiguity's reading drawn by Hypothesis."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None

    @initialize(
        players=st.sampled_from((2, 3, 4)),
        readings=st.fixed_dictionaries({k: st.sampled_from(a.reading_names()) for k, a in AMBIGUITIES}),
    )
    def start(self, players: int, readings: dict[str, str]) -> None:
        self.state = GAME.setup(GAME.config(players, readings=readings))

    @precondition(lambda self: self.state is not None and not GAME.is_terminal(self.state))
    @rule(pick=st.integers(0, 10_000), burst=st.integers(1, 12))
    def step(self, pick: int, burst: int) -> None:
        """A few actions: chance outcomes and decisions chosen by index (a burst keeps games moving)."""
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
            before = self.state
            self.state = GAME.apply(self.state, action)
            assert before == GAME.state_from_data(GAME.state_to_data(before))

    @rule()
    def observe(self) -> None:
        """Scores and ranking are readable at any time; a finished game ranks every seat once."""
        if self.state is None:
            return
        scores = GAME.scores(self.state)
        assert all(s >= 0 for s in scores)
        if GAME.is_terminal(self.state):
            places = GAME.ranking(self.state).places
            assert sorted(p for group in places for p in group) == list(range(len(scores)))
            assert GAME.legal_actions(self.state) == ()

    @invariant()
    def holds(self) -> None:
        if self.state is not None:
            assert GAME.invariants(self.state) == ()


TestSobekMachine = SobekMachine.TestCase

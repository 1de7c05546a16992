"""Stateful exploration of Ra (with and without Traders) under every reading: invariants after every step.

Invariants (games/ra/invariants.py): tiles conserved (180, or 200 with Traders); the sun-disk multiset and each
player's disk count never change; crates received equal the sum over the other players' claims of (tiles claimed
x own Traders at that moment); each score is the sum of its scoring events; at most 3 epochs. Every game ends: a
playout per reading finishes within the declared length.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from nilerules.core import CHANCE
from nilerules.core.playout import playout
from nilerules.games import load

GAME = load("ra").game
AMBIGUITIES = sorted(GAME.spec.ambiguities.items())


class RaMachine(RuleBasedStateMachine):
    """One game per run, with each ambiguity's reading drawn by Hypothesis; bursts of seeded random play."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.steps = 0

    @initialize(
        players=st.sampled_from((2, 3, 4, 5)),
        traders=st.booleans(),
        readings=st.fixed_dictionaries({k: st.sampled_from(a.reading_names()) for k, a in AMBIGUITIES}),
    )
    def start(self, players: int, traders: bool, readings: dict[str, str]) -> None:
        self.state = GAME.setup(GAME.config(players, ("traders",) if traders else (), readings))

    @precondition(lambda self: self.state is not None and not GAME.is_terminal(self.state))
    @rule(seed=st.integers(0, 2**16), burst=st.integers(1, 20), greedy=st.booleans())
    def play(self, seed: int, burst: int, greedy: bool) -> None:
        """A burst of actions (random or greedy), chance drawn from the outcomes; invariants after each."""
        rng = random.Random(seed)
        for _ in range(burst):
            if GAME.is_terminal(self.state):
                return
            if GAME.current_player(self.state) is CHANCE:
                outcomes = GAME.chance_outcomes(self.state)
                assert sum(p for _, p in outcomes) == 1
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = GAME.legal_actions(self.state)
                assert legal and len(set(legal)) == len(legal)
                action = GAME.greedy_action(self.state, rng) if greedy else rng.choice(legal)
            self.state = GAME.apply(self.state, action)
            self.steps += 1
            assert GAME.invariants(self.state) == ()

    @precondition(lambda self: self.state is not None and GAME.is_terminal(self.state))
    @rule()
    def finished(self) -> None:
        """A finished game ranks every player once and has no legal action."""
        ranking = GAME.ranking(self.state)
        assert sorted(p for group in ranking.places for p in group) == list(range(self.state.players))
        assert GAME.legal_actions(self.state) == () and GAME.current_player(self.state) is None

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is not None:
            assert GAME.invariants(self.state) == ()
            assert self.steps <= GAME.info.max_game_length


TestRa = RaMachine.TestCase


@pytest.mark.parametrize(("ambiguity", "reading"),
                         [(k, r) for k, a in AMBIGUITIES for r in a.reading_names()])
def test_every_game_ends_under_each_reading(ambiguity: str, reading: str) -> None:
    """Seeded random games (4 players with Traders, 2 players base) end within the declared length, invariants hold."""
    for players, modules in ((4, ("traders",)), (2, ())):
        result = playout(GAME, GAME.config(players, modules, {ambiguity: reading}), seed=len(reading) + players)
        assert not result.truncated
        assert GAME.is_terminal(result.final) and GAME.invariants(result.final) == ()

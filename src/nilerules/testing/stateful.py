"""A RuleBasedStateMachine base that plays legal actions (and picks chance outcomes) and checks every step.

Subclass it per game and set ``game``; add game-specific ``@invariant`` methods as needed::

    class RaMachine(GameMachine):
        game = load_game("ra")

    TestRa = RaMachine.TestCase

Two rules drive play: ``step`` (one action, chosen by Hypothesis, so failures shrink to the exact choice) and
``burst`` (a seeded run of random or greedy actions, so that runs of a few dozen rules reach the late game). The
game's invariants are checked after every action; the whole contract (``check_state``) after every rule.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from nilerules.core.game import Game
from nilerules.core.types import CHANCE
from nilerules.testing.conformance import ConformanceError, check_state, check_step
from nilerules.testing.strategies import configs


class GameMachine(RuleBasedStateMachine):
    """Plays one game per run under a drawn config (player count, modules, readings); checks after every step."""

    game: ClassVar[Game[Any, Any]]
    max_burst: ClassVar[int] = 30

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.steps = 0

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        config = data.draw(configs(self.game), label="config")
        self.state = self.game.setup(config)
        self.steps = 0

    def check_transition(self, before: Any, action: Any, after: Any) -> None:
        """Game-specific checks of one step; override in a subclass (the default checks nothing more)."""

    def _advance(self, action: Any) -> None:
        before = self.state
        self.state = check_step(self.game, before, action)
        self.steps += 1
        violations = self.game.invariants(self.state)
        if violations:
            raise ConformanceError(f"invariant violated after {action!r}: {'; '.join(violations)}")
        self.check_transition(before, action, self.state)

    @precondition(lambda self: self.state is not None and not self.game.is_terminal(self.state))
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        if self.game.current_player(self.state) is CHANCE:
            outcomes = self.game.chance_outcomes(self.state)
            action = outcomes[data.draw(st.integers(0, len(outcomes) - 1), label="chance")][0]
        else:
            legal = self.game.legal_actions(self.state)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        self._advance(action)

    @precondition(lambda self: self.state is not None and not self.game.is_terminal(self.state))
    @rule(seed=st.integers(0, 2**16), length=st.integers(1, 30), greedy=st.booleans())
    def burst(self, seed: int, length: int, greedy: bool) -> None:
        rng = random.Random(seed)
        for _ in range(min(length, self.max_burst)):
            if self.game.is_terminal(self.state):
                return
            if self.game.current_player(self.state) is CHANCE:
                action = self.game.sample_chance(self.state, rng)
            elif greedy:
                action = self.game.greedy_action(self.state, rng)
            else:
                action = rng.choice(self.game.legal_actions(self.state))
            self._advance(action)

    @precondition(lambda self: self.state is not None and self.game.is_terminal(self.state))
    @rule()
    def finished(self) -> None:
        """A finished game ranks every seat exactly once and offers nothing more."""
        ranking = self.game.ranking(self.state)
        seats = sorted(s for place in ranking.places for s in place)
        assert seats == list(range(self.game.state_config(self.state).players)), ranking
        assert self.game.legal_actions(self.state) == () and self.game.chance_outcomes(self.state) == ()

    @invariant()
    def contract_holds(self) -> None:
        if self.state is not None:
            check_state(self.game, self.state)

    @invariant()
    def within_declared_length(self) -> None:
        assert self.steps <= self.game.info.max_game_length

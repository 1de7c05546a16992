"""A RuleBasedStateMachine base that plays legal actions (and picks chance outcomes) and checks every step.

Subclass it per game and set ``game``; add game-specific ``@invariant`` methods as needed::

    class RaMachine(GameMachine):
        game = load_game("ra")

    TestRa = RaMachine.TestCase
"""

from __future__ import annotations

from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from nilerules.core.game import Game
from nilerules.core.types import CHANCE
from nilerules.testing.conformance import check_state, check_step
from nilerules.testing.strategies import configs


class GameMachine(RuleBasedStateMachine):
    """Plays one game per run under a drawn config (player count, modules, readings); checks after every step."""

    game: ClassVar[Game[Any, Any]]

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.steps = 0

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        config = data.draw(configs(self.game), label="config")
        self.state = self.game.setup(config)
        self.steps = 0

    @precondition(lambda self: self.state is not None and not self.game.is_terminal(self.state))
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        if self.game.current_player(self.state) is CHANCE:
            outcomes = self.game.chance_outcomes(self.state)
            action = outcomes[data.draw(st.integers(0, len(outcomes) - 1), label="chance")][0]
        else:
            legal = self.game.legal_actions(self.state)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        self.state = check_step(self.game, self.state, action)
        self.steps += 1

    @invariant()
    def contract_holds(self) -> None:
        if self.state is not None:
            check_state(self.game, self.state)

    @invariant()
    def within_declared_length(self) -> None:
        assert self.steps <= self.game.info.max_game_length

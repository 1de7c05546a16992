"""The public GameMachine runs on every game, and fails on a deliberately broken one."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from nilerules.testing import GameMachine
from tests.helpers import game, games
from tests.toys import broken
from tests.toys.nim import make_game


@pytest.mark.parametrize("game_id", games())
def test_game_machine_on_every_game(game_id: str) -> None:
    """Drawn configs and readings, single steps and seeded bursts, the whole contract after each rule."""

    class Machine(GameMachine):
        pass

    Machine.game = game(game_id)
    run_state_machine_as_test(Machine, settings=settings(max_examples=6, stateful_step_count=20))


def test_game_machine_catches_a_broken_invariant() -> None:
    """The toy whose pile can go negative is caught by the machine."""

    class Machine(GameMachine):
        pass

    Machine.game = broken.BreaksInvariant(make_game().spec)
    with pytest.raises(AssertionError, match="invariant violated"):
        run_state_machine_as_test(
            Machine, settings=settings(max_examples=50, stateful_step_count=20, report_multiple_bugs=False)
        )

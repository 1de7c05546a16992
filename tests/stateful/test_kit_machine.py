"""The public GameMachine fails on a deliberately broken game (tests/stateful/test_<game>.py run it on each game)."""

from __future__ import annotations

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from nilerules.testing import GameMachine
from tests.toys import broken
from tests.toys.nim import make_game


def test_game_machine_catches_a_broken_invariant() -> None:
    """The toy whose pile can go negative is caught by the machine. Hypothesis only generates here: shrinking the
    failing run (most of this test's time) is not what is being tested."""

    class Machine(GameMachine):
        pass

    Machine.game = broken.BreaksInvariant(make_game().spec)
    with pytest.raises(AssertionError, match="invariant violated"):
        run_state_machine_as_test(
            Machine, settings=settings(
                max_examples=50, stateful_step_count=20, report_multiple_bugs=False,
                phases=[Phase.explicit, Phase.reuse, Phase.generate],
            ),
        )

"""Stateful exploration of Sobek under every reading: random legal steps, invariants after each one."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.checks import load
from nilerules.testing import GameMachine

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

GAME = load("sobek").game


class SobekMachine(GameMachine):
    """One game per run with each ambiguity's reading drawn by Hypothesis; single steps and seeded bursts; the game's
    invariants after every action, the whole contract after every rule."""

    game = GAME

    def check_transition(self, before: Any, action: Any, after: Any) -> None:
        """Score markers stay on the track: no score below its first space (0)."""
        assert all(s >= 0 for s in GAME.scores(after)), (action, GAME.scores(after))


TestSobekMachine = SobekMachine.TestCase

"""The generic contract, run over every registered game, every player count and module, and covering readings."""

from __future__ import annotations

import pytest

from nilerules.games import GAME_IDS
from nilerules.testing import covering_readings, every_config, run_conformance
from tests.helpers import game, games

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out


def test_all_four_games_are_present() -> None:
    """The four games of the design are all importable."""
    assert games() == GAME_IDS


@pytest.mark.parametrize("game_id", games())
def test_conformance_every_config(game_id: str) -> None:
    """Each player count × module subset: a random and a greedy seeded game, every clause at every step, with actions
    from other states and other chance nodes probed at each (apply must refuse those not legal there)."""
    g = game(game_id)
    configs = every_config(g)
    failures = run_conformance(g, configs, seeds=(1,)) + run_conformance(g, configs, (3,), policy="greedy")
    assert failures == []


@pytest.mark.parametrize("game_id", games())
def test_conformance_covering_readings(game_id: str) -> None:
    """Every pair of readings appears together in some game played to the end (player counts cycle)."""
    g = game(game_id)
    counts = g.info.player_counts
    configs = [g.config(counts[i % len(counts)], g.info.modules[: i % 2], r) for i, r in
               enumerate(covering_readings(g))]
    assert run_conformance(g, configs, seeds=(11,)) == []

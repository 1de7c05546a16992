"""The invariant checker catches deliberately broken states (a checker that cannot fail is worthless)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nilerules.core import CHANCE
from nilerules.games import load_game
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.state import PH_OFFER, NAState, evolve


@cache
def game() -> NileArtefactsGame:
    g: NileArtefactsGame = load_game("nile_artefacts")
    return g


@cache
def offering() -> NAState:
    """Round 1's offering phase of a seeded 3-player random game."""
    g = game()
    s = g.setup(g.config(3))
    rng = random.Random(11)
    while s.phase != PH_OFFER:
        s = g.apply(s, g.sample_chance(s, rng) if g.current_player(s) is CHANCE else rng.choice(g.legal_actions(s)))
    return s


def test_a_reachable_state_has_no_violation() -> None:
    """The unbroken state is clean (so the cases below fail for the broken field alone)."""
    assert game().invariants(offering()) == ()


@pytest.mark.parametrize(
    ("name", "broken"),
    [
        ("card lost", lambda s: evolve(s, deck=(s.deck[0] - 1, *s.deck[1:]) if s.deck[0] else (1, *s.deck[1:]))),
        ("coin forged", lambda s: evolve(s, coins=(s.coins[0] + 1, *s.coins[1:]))),
        ("negative coins", lambda s: evolve(s, coins=(-1, *s.coins[1:]), stock=s.stock + s.coins[0] + 1)),
        ("level 4", lambda s: evolve(s, levels=((4, 0, 0), *s.levels[1:]))),
        ("two levels in one phase", lambda s: evolve(s, levels=((2, 0, 0), *s.levels[1:]))),
        ("boat off the river", lambda s: evolve(s, boats=(11, *s.boats[1:]))),
        ("duplicate Monument", lambda s: evolve(s, visible=(s.visible[0], *s.visible[:-1]))),
    ],
)
def test_each_broken_invariant_is_reported(name: str, broken: object) -> None:
    """Each deliberately broken field gives at least one violation message."""
    assert callable(broken)
    assert game().invariants(broken(offering())) != ()

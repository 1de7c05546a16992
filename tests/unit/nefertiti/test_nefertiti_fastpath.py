"""Nefertiti's fast paths agree with the plain definitions: the chance sampler, the caches, the state copies."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest

from nilerules.core import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games import load
from nilerules.games.nefertiti import rules
from nilerules.games.nefertiti.actions import Place, TakeCard
from nilerules.games.nefertiti.state import CACHE_KEY, NefState, evolve

GAME = load("nefertiti").game
CONFIGS = [(2, ("harbor", "characters")), (3, ()), (4, ()), (4, ("characters", "scenario")), (5, ("harbor",))]


def states_along_games(seeds: range, players: int, modules: tuple[str, ...]) -> list[NefState]:
    """Every state of seeded random games (chance sampled by the fast path)."""
    out: list[NefState] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(GAME.config(players, modules))
        while (mover := GAME.current_player(state)) is not None:
            out.append(state)
            action = GAME.sample_chance(state, rng) if mover is CHANCE else rng.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action)
        out.append(state)
    return out


class Sweep(random.Random):
    """A stand-in generator whose ``randrange(n)`` returns 0, 1, ..., n - 1 in turn: one pass covers every pick."""

    def __init__(self) -> None:
        super().__init__(0)
        self.next = 0
        self.n = 0

    def randrange(self, start: int, *args: object, **kwargs: object) -> int:
        assert not args and not kwargs
        assert self.n in (0, start), "one chance node draws from one range"
        self.n = start
        value = self.next
        self.next += 1
        return value


@pytest.mark.parametrize(("players", "modules"), CONFIGS)
def test_sample_chance_has_the_distribution_of_chance_outcomes(players: int, modules: tuple[str, ...]) -> None:
    """Over every pick of the generator, sample_chance gives each outcome exactly its probability (count/total)."""
    checked = 0
    for state in states_along_games(range(2), players, modules):
        if GAME.current_player(state) is not CHANCE:
            continue
        sweep = Sweep()
        counts = Counter([GAME.sample_chance(state, sweep)])
        while sweep.next < sweep.n:
            counts[GAME.sample_chance(state, sweep)] += 1
        assert {a: Fraction(c, sweep.n) for a, c in counts.items()} == dict(GAME.chance_outcomes(state))
        checked += 1
    assert checked > 50


@pytest.mark.parametrize(("players", "modules"), CONFIGS)
def test_cached_legal_actions_equal_recomputed_ones(players: int, modules: tuple[str, ...]) -> None:
    """legal_actions (cached on the state) equals a fresh computation on an uncached copy, for every state."""
    for state in states_along_games(range(3), players, modules):
        fresh = dataclasses.replace(state)
        assert CACHE_KEY not in fresh.__dict__
        assert rules.legal_actions(state) == rules._legal_actions(fresh)
        for m, market in enumerate(state.markets):
            assert CACHE_KEY not in dataclasses.replace(market).__dict__
            if GAME.current_player(state) is not None and m in rules.placeable_markets(state):
                expected = tuple(Place(m, sq) for sq in rules.free_squares(state, m))
                assert rules.market_placements(state, m) == expected


def test_evolve_is_dataclasses_replace_without_the_cache() -> None:
    """evolve gives an equal state to dataclasses.replace, leaves the input alone and drops cached data."""
    state = states_along_games(range(1), 4, ())[40]
    before = GAME.state_to_data(state)
    rules.legal_actions(state)
    assert CACHE_KEY in state.__dict__
    new = evolve(state, phase=state.phase, deben=tuple(d + 1 for d in state.deben))
    assert new == dataclasses.replace(state, deben=tuple(d + 1 for d in state.deben))
    assert CACHE_KEY not in new.__dict__
    assert GAME.state_to_data(state) == before
    market = evolve(state.markets[0], deben=7)
    assert market == dataclasses.replace(state.markets[0], deben=7)
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)
    with pytest.raises(TypeError):
        evolve(state.markets[0], no_such_field=1)


def test_apply_checks_equal_actions_and_never_changes_its_input() -> None:
    """apply accepts a legal action built afresh, rejects an illegal one, and leaves the input's encoding alone."""
    for state in states_along_games(range(2), 4, ())[:400]:
        if GAME.current_player(state) in (None, CHANCE):
            continue
        before = GAME.state_to_data(state)
        legal = GAME.legal_actions(state)
        rebuilt = type(legal[0])(*dataclasses.astuple(legal[0]))
        assert rebuilt is not legal[0]
        assert GAME.apply(state, rebuilt) == GAME.apply(state, legal[0])
        assert GAME.state_to_data(state) == before
        illegal = TakeCard(999)
        assert illegal not in legal
        with pytest.raises(IllegalAction):
            GAME.apply(state, illegal)

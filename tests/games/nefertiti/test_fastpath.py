"""Nefertiti's fast paths agree with the plain definitions: the chance sampler, the caches, the state copies."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest

from nilerules.core import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.nefertiti import rules
from nilerules.games.nefertiti.actions import NefAction, Place, TakeCard
from nilerules.games.nefertiti.rules import common, turn
from nilerules.games.nefertiti.state import Market, NefState, evolve
from tests.helpers import seeded_states

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

GAME = load_game("nefertiti")
CONFIGS = [(2, ("harbor", "characters")), (3, ()), (4, ()), (4, ("characters", "scenario")), (5, ("harbor",))]


def states_along_games(seeds: range, players: int, modules: tuple[str, ...]) -> list[NefState]:
    """Every state of seeded random games (chance sampled by the fast path)."""
    return [s for seed in seeds for s in seeded_states(GAME, GAME.config(players, modules), seed)]


class Swept(Exception):
    """The sweep has given every value once."""


class Sweep(random.Random):
    """A stand-in generator whose ``getrandbits(k)`` returns 0, 1, ..., 2**k - 1 in turn, then raises Swept.

    The draw (``core.chance.random_index``) rejects the values >= n, so one pass gives every pick below n exactly once.
    """

    def __init__(self) -> None:
        super().__init__(0)
        self.next = 0
        self.bits = -1

    def getrandbits(self, k: int) -> int:
        assert self.bits in (-1, k), "one chance node draws from one range"
        self.bits = k
        if self.next == 1 << k:
            raise Swept
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
        sweep, counts = Sweep(), Counter[NefAction]()
        with contextlib.suppress(Swept):
            while True:
                counts[GAME.sample_chance(state, sweep)] += 1
        total = sum(counts.values())
        assert {a: Fraction(c, total) for a, c in counts.items()} == dict(GAME.chance_outcomes(state))
        checked += 1
    assert checked > 50


@pytest.mark.parametrize(("players", "modules"), CONFIGS)
def test_cached_legal_actions_equal_recomputed_ones(players: int, modules: tuple[str, ...]) -> None:
    """legal_actions (remembered for the last state) equals a fresh computation on a copy, for every state."""
    for state in states_along_games(range(3), players, modules):
        fresh = evolve(state)
        assert fresh == state and fresh is not state
        assert rules.legal_actions(state) == rules._legal_actions(fresh) == rules.legal_actions(fresh)
        assert rules.legal_actions(state) == rules._legal_actions(state)
        for m in range(len(state.markets)):
            if GAME.current_player(state) is not None and m in turn.placeable_markets(state):
                expected = tuple(Place(m, sq) for sq in turn.free_squares(state, m))
                assert turn.market_placements(state, m) == expected


def test_evolve_and_the_rules_copies_agree_with_replace() -> None:
    """state.evolve, the rules' copies and NamedTuple._replace give equal records; the input is left alone."""
    state = states_along_games(range(1), 4, ())[40]
    before = GAME.state_to_data(state)
    rules.legal_actions(state)
    deben = tuple(d + 1 for d in state.deben)
    new = evolve(state, phase=state.phase, deben=deben)
    assert type(new) is NefState
    assert new == state._replace(deben=deben) == common.evolve(state, deben=deben)
    assert GAME.state_to_data(state) == before
    market = evolve(state.markets[0], deben=7)
    assert type(market) is Market and type(common.remarket(state.markets[0], deben=7)) is Market
    assert market == state.markets[0]._replace(deben=7) == common.remarket(state.markets[0], deben=7)
    assert common.remarket(market, cards=(), stall=1, pawns=((0, 1, 0),), status=2) == Market((), 7, 1, ((0, 1, 0),), 2)
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)
    with pytest.raises(TypeError):
        evolve(state.markets[0], no_such_field=1)


@pytest.mark.parametrize(("players", "modules"), CONFIGS)
def test_states_round_trip_through_json(players: int, modules: tuple[str, ...]) -> None:
    """The JSON of a state is that of its frozen-dataclass twin, and decodes to an equal NamedTuple state."""
    for state in states_along_games(range(1), players, modules)[::7]:
        data = GAME.state_to_data(state)
        assert data["type"] == "NefState" and data["markets"][0]["type"] == "Market"
        back = GAME.state_from_data(data)
        assert back == state and type(back) is NefState and all(type(m) is Market for m in back.markets)


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

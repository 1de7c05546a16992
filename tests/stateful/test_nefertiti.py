"""Stateful exploration of Nefertiti under every reading: conservation laws after every step.

Invariants (games/nefertiti/invariants.py): Deben conserved (players + markets + Harbor + removed = start);
Gift cards conserved (pile, bottom, markets, Harbor, hands, neutral hand, discard, box); Servants and neutral pawns
conserved; Royal Seals conserved (players, supply, markets, removed); at most one Wandering Thief card; prestige only
from scoring events (never negative, final scoring only in ``scores``). Every game ends: seeded playouts per reading.
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
from nilerules.games.nefertiti.state import AMON_MERCHANT, P_CHAR, P_OVER, ROYAL_SCRIBE, SCRIBE2, SCRIBE3

GAME = load("nefertiti").game
AMBIGUITIES = sorted(GAME.spec.ambiguities.items())
SCORING = (SCRIBE2, SCRIBE3, ROYAL_SCRIBE, AMON_MERCHANT)
MODULE_SETS = ((), ("harbor",), ("characters",), ("harbor", "characters"), ("harbor", "scenario"))


class NefertitiMachine(RuleBasedStateMachine):
    """One game per run with every ambiguity's reading drawn; bursts of seeded random or greedy play."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.steps = 0
        self.prestige: tuple[int, ...] = ()

    @initialize(
        players=st.sampled_from((2, 3, 4, 5)),
        modules=st.sampled_from(MODULE_SETS),
        readings=st.fixed_dictionaries({k: st.sampled_from(a.reading_names()) for k, a in AMBIGUITIES}),
    )
    def start(self, players: int, modules: tuple[str, ...], readings: dict[str, str]) -> None:
        self.state = GAME.setup(GAME.config(players, modules, readings))
        self.prestige = self.state.prestige

    @precondition(lambda self: self.state is not None and not GAME.is_terminal(self.state))
    @rule(seed=st.integers(0, 2**16), burst=st.integers(1, 30), greedy=st.booleans())
    def play(self, seed: int, burst: int, greedy: bool) -> None:
        """A burst of actions; chance outcomes drawn from the listed ones; invariants after each action."""
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
            before = self.state
            self.state = GAME.apply(self.state, action)
            self.steps += 1
            assert GAME.invariants(self.state) == ()
            if self.state.prestige != before.prestige:
                # prestige moves only through a scoring Character (Scribes, Royal Scribe, Amon Merchant)
                assert before.phase == P_CHAR and before.char_active in SCORING
                assert all(a <= b for a, b in zip(before.prestige, self.state.prestige, strict=True))

    @precondition(lambda self: self.state is not None and GAME.is_terminal(self.state))
    @rule()
    def finished(self) -> None:
        """A finished game ranks every player once and offers no action."""
        ranking = GAME.ranking(self.state)
        assert sorted(p for g in ranking.places for p in g) == list(range(self.state.config.players))
        assert GAME.legal_actions(self.state) == () and GAME.current_player(self.state) is None

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is not None:
            assert GAME.invariants(self.state) == ()
            assert self.steps <= GAME.info.max_game_length


TestNefertiti = NefertitiMachine.TestCase


@pytest.mark.parametrize(("ambiguity", "reading"), [(k, r) for k, a in AMBIGUITIES for r in a.reading_names()])
def test_every_game_ends_under_each_reading(ambiguity: str, reading: str) -> None:
    """Seeded random games (2 players with every module, 5 players) end within the declared length."""
    for players, modules in ((2, ("harbor", "characters")), (5, ("harbor", "characters"))):
        result = playout(GAME, GAME.config(players, modules, {ambiguity: reading}), seed=len(reading) + players)
        assert not result.truncated
        assert result.final.phase == P_OVER and GAME.invariants(result.final) == ()

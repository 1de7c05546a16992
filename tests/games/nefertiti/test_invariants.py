"""The Nefertiti invariant checker catches deliberately broken states (a checker that cannot fail is worthless)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from nilerules.core import CHANCE
from nilerules.games import load_game
from nilerules.games.nefertiti.cards import slot
from nilerules.games.nefertiti.names import AKH, CHAIR, GIZEH
from nilerules.games.nefertiti.rules import common
from nilerules.games.nefertiti.state import NefState, evolve

GAME = load_game("nefertiti")


@cache
def midgame() -> NefState:
    """A seeded random 2-player game (Harbor and Characters, so neutral pawns exist), 60 actions in."""
    rng = random.Random(3)
    state = GAME.setup(GAME.config(2, ("harbor", "characters")))
    for _ in range(60):
        if GAME.current_player(state) is CHANCE:
            state = GAME.apply(state, GAME.sample_chance(state, rng))
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert not GAME.is_terminal(state)
    result: NefState = state
    return result


def bump(row: tuple[int, ...], k: int, by: int) -> tuple[int, ...]:
    return common.bump(row, k, by)


def test_the_unbroken_states_are_clean() -> None:
    """A reachable state reports nothing, so each case below fails for its broken field alone."""
    assert GAME.invariants(midgame()) == ()


CASES: list[tuple[str, Callable[[NefState], NefState], str]] = [
    ("a Deben forged", lambda s: evolve(s, deben=bump(s.deben, 0, 1)), "Deben not conserved"),
    ("a Deben lost from a market",
     lambda s: common.set_market(s, GIZEH, evolve(s.markets[GIZEH], deben=s.markets[GIZEH].deben - 1)),
     "Deben not conserved"),
    ("negative Deben", lambda s: evolve(s, deben=(-1, s.deben[1] + s.deben[0] + 1)), "negative Deben"),
    ("a Gift forged in a hand", lambda s: evolve(s, hands=(bump(s.hands[0], CHAIR, 1), s.hands[1])),
     f"Gift card {CHAIR} not conserved"),
    ("a Gift lost from the discard", lambda s: evolve(s, discard=bump(s.discard, CHAIR, 1)),
     f"Gift card {CHAIR} not conserved"),
    ("a Servant vanishes", lambda s: evolve(s, servants=bump(s.servants, 1, -1)), "seat 1: Servants not conserved"),
    ("a neutral pawn appears", lambda s: evolve(s, neutrals=bump(s.neutrals, 0, 1)),
     "seat 0: neutral pawns not conserved"),
    ("a Royal Seal forged", lambda s: evolve(s, seals=bump(s.seals, 0, 1)), "Royal Seals not conserved"),
    ("a second Akhenaton", lambda s: evolve(s, bottom=(*s.bottom, AKH)), "Akhenaton card is misplaced"),
    ("negative prestige", lambda s: evolve(s, prestige=(-1, s.prestige[1])), "negative prestige"),
    ("a sealed card from nowhere",
     lambda s: common.set_market(s, GIZEH, evolve(s.markets[GIZEH], cards=(*s.markets[GIZEH].cards,
                                                                           slot(CHAIR, sealed=True)))),
     "Royal Seals not conserved"),
]


@pytest.mark.parametrize(("name", "break_it", "expected"), CASES, ids=[c[0] for c in CASES])
def test_invariants_catch_a_broken_state(name: str, break_it: Callable[[NefState], NefState], expected: str) -> None:
    """Each deliberately broken state is reported with a message naming the law it breaks."""
    found = GAME.invariants(break_it(midgame()))
    assert any(expected in message for message in found), (name, found)

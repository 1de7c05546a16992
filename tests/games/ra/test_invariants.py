"""The invariant checker catches deliberately broken states (a checker that cannot fail is worthless)."""

from __future__ import annotations

import pytest

from nilerules.core.playout import playout
from nilerules.games.ra import make_game
from nilerules.games.ra.situations import dealt, play_claims
from nilerules.games.ra.state import GOLD, H_BAG, H_EPOCH, TRADER, RaState, ScoreEvent

GAME = make_game()


def midgame() -> RaState:
    state, _ = play_claims(dealt(GAME.setup(GAME.config(3, ("traders",)))), [(0, 1), (1, 2)])
    return state


def bump(row: tuple[int, ...], k: int, by: int) -> tuple[int, ...]:
    out = list(row)
    out[k] += by
    return tuple(out)


def test_reachable_states_have_no_violations() -> None:
    """The broken-state tests below mean something only if states reached by legal play report nothing."""
    assert GAME.invariants(midgame()) == ()
    assert GAME.invariants(playout(GAME, GAME.config(5, ("traders",)), seed=4).final) == ()


@pytest.mark.parametrize(("name", "break_it", "expected"), [
    ("a tile vanishes", lambda s: s.evolve(bag=bump(s.bag, GOLD, -1), h=bump(s.h, H_BAG, -1)), "gold: 4 tiles"),
    ("a tile appears", lambda s: s.evolve(held=(bump(s.held[0], GOLD, 1), *s.held[1:])), "gold: 6 tiles"),
    ("the bag count lies", lambda s: s.evolve(h=bump(s.h, H_BAG, 1)), "header says"),
    ("a disk is duplicated", lambda s: s.evolve(down=(s.down[0] | s.up[1], *s.down[1:])), "two places"),
    ("a disk is lost", lambda s: s.evolve(up=(0, *s.up[1:])), "differ from those dealt"),
    ("a crate from nowhere", lambda s: s.evolve(crates=bump(s.crates, 2, 1)), "the claims owe"),
    ("an unclaimed Trader", lambda s: s.evolve(held=(*s.held[:2], bump(s.held[2], TRADER, 1)),
                                               bag=bump(s.bag, TRADER, -1), h=bump(s.h, H_BAG, -1)), "claimed 0"),
    ("a score without event", lambda s: s.evolve(score=bump(s.score, 1, 2)), "scoring events add up"),
    ("an event without score", lambda s: s.evolve(events=(ScoreEvent(1, 0, "gods_gold", 2, "x"),)), "add up"),
    ("a fourth epoch", lambda s: s.evolve(h=bump(s.h, H_EPOCH, 3)), "epoch 4"),
])
def test_invariants_catch_a_broken_state(name: str, break_it: object, expected: str) -> None:
    """Each deliberately broken state is reported, with a message naming what broke."""
    broken = break_it(midgame())  # type: ignore[operator]
    found = GAME.invariants(broken)
    assert any(expected in message for message in found), (name, found)

"""The Sobek invariants catch deliberately broken states (a checker that cannot fail is worthless)."""

from __future__ import annotations

import pytest

from nilerules.core.seeded import first_decision
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.invariants import invariants
from nilerules.games.sobek.rules.common import add, replace
from nilerules.games.sobek.situations import SEED
from nilerules.games.sobek.state import FISH, PlayedSet
from tests.games.sobek.positions import plain


@pytest.mark.rules("sobek.goods.total")
def test_invariants_hold_at_setup_and_catch_a_lost_card(game: SobekGame) -> None:
    """Cards are conserved (54 goods + 9 characters); removing one from the deck is reported."""
    state = first_decision(game, game.config(4), SEED)
    assert invariants(state) == ()
    lost = replace(state, deck=add(state.deck, next(t for t, c in enumerate(state.deck) if c), -1))
    assert any("not conserved" in v for v in invariants(lost))


def test_invariants_catch_curses_markers_and_small_sets(game: SobekGame) -> None:
    """A Curse never applied, a marker off the track, a two-card set: each is reported."""
    state = first_decision(game, game.config(3, readings={"track_end": "stop"}), SEED)
    assert any("curse" in v for v in invariants(replace(state, curses=(1, 0, 0))))
    assert any("past the last space" in v for v in invariants(replace(state, scores=(120, 0, 0))))
    assert any("before the first space" in v for v in invariants(replace(state, scores=(-1, 0, 0))))
    two = PlayedSet(FISH, (plain(FISH), plain(FISH)))
    broken = replace(state, sets=((two,), (), ()), hands=(add(state.hands[0], plain(FISH), -2), *state.hands[1:]))
    assert any("fewer than 3 cards" in v for v in invariants(broken))

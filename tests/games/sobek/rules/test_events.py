"""Sobek's events (``games/sobek/rules/events.py``): Flood, Guild, Embalming, Deceit and the other tokens a set
triggers.

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

import pytest

from nilerules.games.sobek.actions import (
    ChooseEvent,
    ChooseTarget,
    Take,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.rules.common import ZERO
from nilerules.games.sobek.state import (
    DECEIT,
    EBONY,
    EMBALMING,
    FLOOD,
    MARBLE,
    OVER,
    WHEAT,
)
from tests.games.sobek.positions import fish_set_played, hand_of, plain


@pytest.mark.rules("sobek.sets.event", "sobek.events.choose", "sobek.events.discarded")
def test_a_set_triggers_an_event_chosen_by_its_player_then_discarded(game: SobekGame) -> None:
    """Seed: a set triggers an event while tokens remain; the player chooses; the token is discarded."""
    state = fish_set_played(game, tokens=(0, 0, 0, 0, 1, 0, 0, 0, 0))
    assert game.legal_actions(state) == (ChooseEvent(FLOOD),)
    after = game.apply(state, ChooseEvent(FLOOD))
    assert sum(after.tokens) == 0 and after.events_used[FLOOD] == 1
    none_left = fish_set_played(game, tokens=(0,) * 9)
    assert none_left.pending is None and game.current_player(none_left) == 1


# -- events ----------------------------------------------------------------------------------------------------
@pytest.mark.rules("sobek.events.flood")
def test_flood_gives_another_turn(game: SobekGame) -> None:
    """Seed: Flood - take another turn."""
    state = game.apply(fish_set_played(game, tokens=(0, 0, 0, 0, 1, 0, 0, 0, 0)), ChooseEvent(FLOOD))
    assert game.current_player(state) == 0
    assert game.current_player(game.apply(state, Take(0))) == 1


@pytest.mark.rules("sobek.events.guild")
def test_guild_moves_own_marker_forward_and_an_opponents_back(game: SobekGame) -> None:
    """Seed: forward to the next space of the symbol, an opponent back to the next one (reed = 2nd symbol:
    from 10 to 12; an opponent on 20 back to 17)."""
    state = fish_set_played(game, tokens=(0, 1, 0, 0, 0, 0, 0, 0, 0), scores=(10, 20, 30))
    state = game.apply(game.apply(state, ChooseEvent(1)), ChooseTarget(1))
    assert state.scores == (12, 17, 30)


@pytest.mark.rules("sobek.events.guild", "sobek.game_end.early")
def test_a_guild_that_ends_the_game_immediately_still_moves_the_opponent_back(game: SobekGame) -> None:
    """Seed: the Guild's effect is one sentence, “move your scoring marker forward [...] and move an opponent's
    scoring marker back”, applied whole (“immediately applies its effect”). Under SOB-006's `immediately` the forward
    move from 99 to the next reed space, 102 (reed = 5k + 2), passes 100 and ends the game, and the opponent on 20
    still goes back to 17 (hand count, as in the test above)."""
    state = fish_set_played(game, {"early_end": "immediately"}, tokens=(0, 1, 0, 0, 0, 0, 0, 0, 0),
                            scores=(99, 20, 30))
    state = game.apply(game.apply(state, ChooseEvent(1)), ChooseTarget(1))
    assert state.phase == OVER and state.early_end
    assert state.scores == (102, 17, 30)


@pytest.mark.rules("sobek.events.embalming")
def test_embalming_returns_the_corruption_pile_to_hand(game: SobekGame) -> None:
    """Seed: all the cards of the corruption pile go back to the hand."""
    pile = hand_of(plain(WHEAT), plain(EBONY))
    state = fish_set_played(game, tokens=(0, 0, 0, 0, 0, 0, 0, 1, 0), corruption=(pile, ZERO, ZERO))
    state = game.apply(state, ChooseEvent(EMBALMING))
    assert state.corruption[0] == ZERO and state.hands[0] == pile


@pytest.mark.rules("sobek.events.deceit")
def test_deceit_scores_the_corruption_pile(game: SobekGame) -> None:
    """Seed: score the number of cards in your corruption pile (3 cards: +3)."""
    pile = hand_of(plain(WHEAT), plain(EBONY), plain(MARBLE))
    state = fish_set_played(game, tokens=(0, 0, 0, 0, 0, 0, 0, 0, 1), corruption=(pile, ZERO, ZERO),
                            scores=(7, 0, 0))
    assert game.apply(state, ChooseEvent(DECEIT)).scores[0] == 10

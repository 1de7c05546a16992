"""Sobek's market (``games/sobek/rules/market.py``): which cards can be taken, what they cost, the corruption pile, the
refill.

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

import pytest

from nilerules.core import CHANCE
from nilerules.core.seeded import first_decision
from nilerules.errors import IllegalAction
from nilerules.games.sobek.actions import (
    PlayCharacter,
    Take,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.situations import SEED
from nilerules.games.sobek.state import (
    FISH,
    HORIZONTAL,
)
from tests.games.sobek.positions import MERCHANT, hand_of, plain, position, with_hand


# -- the market ------------------------------------------------------------------------------------------------
@pytest.mark.rules("sobek.actions.choose", "sobek.actions.take", "sobek.market.first_four")
def test_only_the_first_four_cards_can_be_taken(game: SobekGame) -> None:
    """Seed: only the first four cards are available."""
    state = first_decision(game, game.config(3), SEED)
    takes = [a for a in game.legal_actions(state) if isinstance(a, Take)]
    assert takes == [Take(0), Take(1), Take(2), Take(3)]
    with pytest.raises(IllegalAction) as info:
        game.apply(state, Take(4))
    assert info.value.rule_id == "sobek.actions.choose"


@pytest.mark.rules("sobek.market.no_consequence", "sobek.turn.next_player")
def test_first_card_costs_nothing_and_play_passes_left(game: SobekGame) -> None:
    """Seed: the first card has no consequences; then play passes to the left."""
    state = first_decision(game, game.config(3), SEED)
    first = state.row[0]
    after = game.apply(state, Take(0))
    assert after.hands[0][first] == state.hands[0][first] + 1
    assert sum(after.corruption[0]) == 0
    assert game.current_player(after) == 1


@pytest.mark.rules("sobek.market.corruption", "sobek.market.skipped")
def test_skipped_cards_go_to_the_takers_corruption_pile(game: SobekGame) -> None:
    """Seed: taking the third card puts the two skipped cards in the taker's corruption pile."""
    state = first_decision(game, game.config(3), SEED)
    after = game.apply(state, Take(2))
    assert sum(after.corruption[0]) == 2
    assert after.corruption[0] == hand_of(*state.row[:2])
    assert after.row == state.row[3:]


@pytest.mark.rules("sobek.market.refill", "sobek.end.trigger")
def test_empty_row_is_refilled_then_the_round_ends(game: SobekGame) -> None:
    """Reference gap, assumed: the emptied row gets the round's next delivery (of params.delivery_size cards, one
    fewer to come); emptied with none to come, the round ends."""
    state = position(game, 3, {}, row=(plain(FISH),))
    params = game.params(state.config)
    assert state.deliveries_left == params.deliveries[0] - 1  # the first delivery is laid at the start of the round
    after = game.apply(state, Take(0))
    assert game.current_player(after) is CHANCE and len(after.draws) == params.delivery_size
    assert after.deliveries_left == state.deliveries_left - 1
    last = position(game, 3, {}, row=(plain(FISH),), deliveries_left=0, to_move=1)
    ended = game.apply(last, Take(0))
    assert ended.phase == HORIZONTAL


@pytest.mark.rules("sobek.characters.merchant")
def test_merchant_takes_any_card_along_the_nile_without_corruption(game: SobekGame) -> None:
    """Seed: a card of your choice from along the Nile (the 9th card; nothing to corruption)."""
    state = game.apply(with_hand(game, hand_of(MERCHANT)), PlayCharacter(MERCHANT))
    assert len(game.legal_actions(state)) == 9
    card = state.row[8]
    after = game.apply(state, Take(8))
    assert after.hands[0][card] == 1 and sum(after.corruption[0]) == 0 and len(after.row) == 8

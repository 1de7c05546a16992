"""Sobek's sets (``games/sobek/rules/sets.py``): sets of one type, amulets, characters, additions, horizontal sets
(SOB-035).

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.games import load_game
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import (
    AddCard,
    ChooseEvent,
    ChooseGoods,
    ChooseSet,
    ChooseTarget,
    Done,
    PlayCharacter,
    StartHorizontal,
    StartSet,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_CODES
from nilerules.games.sobek.rules.common import ZERO
from nilerules.games.sobek.state import (
    AMULET,
    CURSE,
    FISH,
    FLOOD,
    HORIZONTAL,
    IVORY,
    K_EVENT,
    K_HPHASE,
    PROSPERITY,
    WHEAT,
    Pending,
    PlayedSet,
    SobekState,
)
from tests.games.sobek.positions import (
    PRIEST,
    QUEEN,
    SCRIBE_FISH,
    THIEF,
    fish_set_played,
    green,
    hand_of,
    plain,
    position,
    valued,
    with_hand,
)


# -- end of the round ------------------------------------------------------------------------------------------
def end_of_round(game: SobekGame, hand: tuple[int, ...], **changes: object) -> SobekState:
    """The end of the round with the row empty, seat 0 (holding ``hand``) the first to choose horizontal sets."""
    base: dict[str, object] = {"hands": (hand, ZERO), "row": (), "phase": HORIZONTAL,
                               "pending": Pending(K_HPHASE, 0), "hphase_left": (0, 1)}
    base.update(changes)
    return position(game, 2, {}, **base)


GAME = load_game("sobek")

MERCHANT_SOB034 = CARD_CODES["merchant"]


def horizontal_choice(reading: str, wheat: int) -> SobekState:
    """The end of round 1: seat 0, the last to choose, holds the Merchant and ``wheat`` plain wheat cards."""
    position: dict[str, Any] = {
        "phase": "horizontal", "row": [], "horizontal_left": [0],
        "pending": {"choice": "horizontal_sets", "seat": 0},
        "seats": {"0": {"hand": {"merchant": 1, "wheat": wheat}}, "1": {}, "2": {}},
    }
    state: SobekState = GAME.position(GAME.config(3, readings={"horizontal_characters": reading}), position)
    return state


# -- sets ------------------------------------------------------------------------------------------------------
@pytest.mark.rules("sobek.actions.play_set", "sobek.sets.definition")
def test_a_set_needs_three_cards_of_one_type(game: SobekGame) -> None:
    """Seed: at least three goods cards of the same type; two Fish and a Wheat make no set."""
    state = position(game, 3, {}, hands=(hand_of(plain(FISH), plain(FISH), plain(WHEAT)), ZERO, ZERO))
    assert not [a for a in game.legal_actions(state) if isinstance(a, StartSet)]
    state = position(game, 3, {}, hands=(hand_of(plain(FISH), plain(FISH), plain(FISH)), ZERO, ZERO))
    assert StartSet(FISH, -1) in game.legal_actions(state)
    building = game.apply(game.apply(state, StartSet(FISH, -1)), AddCard(plain(FISH)))
    assert Done() not in game.legal_actions(building)


@pytest.mark.rules("sobek.sets.amulets", "sobek.sets.characters", "sobek.sets.character_power_ignored")
def test_amulets_are_wild_and_characters_count_as_their_goods_type(game: SobekGame) -> None:
    """Seed: amulets are jokers; the Thief (Fish) counts as Fish and its power is ignored in a set."""
    hand = hand_of(plain(FISH), plain(AMULET), THIEF)
    state = position(game, 3, {}, hands=(hand, ZERO, ZERO))
    assert StartSet(FISH, -1) in game.legal_actions(state)
    for action in (StartSet(FISH, -1), AddCard(THIEF), AddCard(plain(AMULET)), AddCard(plain(FISH))):
        state = game.apply(state, action)
    state = game.apply(state, Done())
    assert state.sets[0] == (PlayedSet(FISH, tuple(sorted((plain(FISH), plain(AMULET), THIEF)))),)
    assert state.pending is not None and state.pending.kind == K_EVENT  # an event, not the Thief's power


@pytest.mark.rules("sobek.sets.add_to_played", "sobek.sets.add_minimum")
def test_adding_to_a_played_set_needs_three_new_cards(game: SobekGame) -> None:
    """Seed: cards can be added to a played set, a minimum of 3 new cards."""
    played = PlayedSet(FISH, (plain(FISH),) * 3)
    two = position(game, 3, {}, hands=(hand_of(plain(FISH), plain(FISH)), ZERO, ZERO), sets=((played,), (), ()))
    assert StartSet(FISH, 0) not in game.legal_actions(two)
    three = position(game, 3, {}, hands=(hand_of(plain(FISH), plain(FISH), plain(AMULET)), ZERO, ZERO),
                     sets=((played,), (), ()))
    assert StartSet(FISH, 0) in game.legal_actions(three)


@pytest.mark.rules("sobek.events.curse", "sobek.end.most_corrupt")
def test_curse_counts_as_two_cards(game: SobekGame) -> None:
    """Seed: a Curse token counts as 2 cards in that player's pile."""
    state = fish_set_played(game, tokens=(0, 0, 0, 0, 0, 1, 0, 0, 0))
    state = game.apply(game.apply(state, ChooseEvent(CURSE)), ChooseTarget(2))
    assert state.curses == (0, 0, 1)
    assert rules.corruption_cards(state, 2) == 2


@pytest.mark.rules("sobek.events.prosperity")
def test_prosperity_joins_a_fish_cattle_or_wheat_set(game: SobekGame) -> None:
    """Seed: the token joins one of your fish, cattle or wheat sets (an Ivory set is not eligible)."""
    ivory = PlayedSet(IVORY, (valued(IVORY),) * 3)
    state = fish_set_played(game, tokens=(0, 0, 0, 0, 0, 0, 1, 0, 0), sets=((ivory,), (), ()))
    state = game.apply(state, ChooseEvent(PROSPERITY))
    assert game.legal_actions(state) == (ChooseSet(0, 1),)
    state = game.apply(state, ChooseSet(0, 1))
    assert state.sets[0][1].prosperity == 1


@pytest.mark.rules("sobek.characters.priest", "sobek.characters.priest_amulets", "sobek.characters.priest_chars")
def test_priest_discards_one_goods_type_but_not_amulets(game: SobekGame) -> None:
    """Seed: all cards of one goods type leave the corruption pile, characters of that type too; amulets stay."""
    pile = hand_of(plain(FISH), valued(FISH), green(FISH), SCRIBE_FISH, plain(AMULET), plain(WHEAT))
    state = game.apply(with_hand(game, hand_of(PRIEST), corruption=(pile, ZERO, ZERO)), PlayCharacter(PRIEST))
    state = game.apply(state, ChooseGoods(FISH))
    assert state.corruption[0] == hand_of(plain(AMULET), plain(WHEAT))


@pytest.mark.rules("sobek.end.horizontal", "sobek.end.horizontal_limits", "sobek.end.horizontal_purpose")
def test_horizontal_sets_at_the_end_no_characters_no_additions(game: SobekGame) -> None:
    """Seed: horizontal sets from hand; no character cards, no additions to existing sets."""
    played = PlayedSet(FISH, (valued(FISH),) * 3)
    hand = hand_of(valued(IVORY), valued(IVORY), plain(AMULET), QUEEN, plain(FISH), plain(FISH), plain(FISH))
    state = end_of_round(game, hand, sets=((played,), ()))
    legal = game.legal_actions(state)
    assert not any(isinstance(a, PlayCharacter | StartSet) for a in legal)
    assert Done() in legal


def test_events_in_the_end_phase_return_to_horizontal_sets(game: SobekGame) -> None:
    """Under horizontal_events=triggers, the event resolves and the player goes on with horizontal sets."""
    cards = (plain(FISH),) * 3
    state = position(game, 2, {"horizontal_events": "triggers"}, hands=(hand_of(*cards), ZERO), row=(),
                      phase=HORIZONTAL, hphase_left=(0, 1), pending=Pending(16, 0, FISH, 0, cards),
                      tokens=(0, 0, 0, 0, 1, 0, 0, 0, 0))
    state = game.apply(game.apply(state, Done()), ChooseEvent(FLOOD))
    assert state.pending == Pending(17, 0) and not state.extra_turn


@pytest.mark.finding("SOB-034", "SOB-035")
@pytest.mark.rules("sobek.end.horizontal_limits", "sobek.end.horizontal")
def test_a_character_counts_as_its_goods_type_in_a_horizontal_set_by_default() -> None:
    """`as_goods`: the Merchant and two wheat make three wheat cards: a horizontal wheat set may be started and the
    Merchant may join it."""
    state = horizontal_choice("as_goods", 2)
    assert GAME.legal_actions(state) == (StartHorizontal(WHEAT), Done())
    assert AddCard(MERCHANT_SOB034) in GAME.legal_actions(GAME.apply(state, StartHorizontal(WHEAT)))


@pytest.mark.finding("SOB-034", "SOB-035")
@pytest.mark.rules("sobek.end.horizontal_limits", "sobek.end.horizontal")
def test_under_excluded_no_character_joins_a_horizontal_set() -> None:
    """`excluded`: with two wheat the hand makes no horizontal set (only done); with three wheat the set may be
    started, but the Merchant is not offered, and it goes to the corruption pile with the hand."""
    assert GAME.legal_actions(horizontal_choice("excluded", 2)) == (Done(),)
    state = GAME.apply(horizontal_choice("excluded", 3), StartHorizontal(WHEAT))
    assert AddCard(MERCHANT_SOB034) not in GAME.legal_actions(state)
    assert AddCard(CARD_CODES["wheat"]) in GAME.legal_actions(state)

"""SOB-033 (two players: may characters be among the cards removed at set-up?) branches as its readings say, and its
check finds the divergence in a seeded set-up.

Expected values are hand counts from seed 002's sentences, cited in each docstring: 'There are 54 goods cards',
'Nine of the cards have a different coloured back; the player's starting hand is dealt from these leaving 45 cards
which are shuffled with the character cards to form the deck', the character list (1 Queen, 2 High Priest/Priestess,
2 Scribe, 1 Vizir, 1 Merchant, 1 Courtesan, 1 Thief: 9 characters), 'In a two player game 9 cards are removed at
random so there will be only 5 goods deliveries not 6'. Never the code's output."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.sobek import rounds
from nilerules.core import CHANCE, Witness
from nilerules.errors import IllegalAction
from nilerules.games.sobek.actions import DrawCard
from nilerules.games.sobek.names import CARD_CODES
from nilerules.games.sobek.state import D_REMOVE, FIRST_CHAR, SobekState
from tests.helpers import seeded_witness_steps

GAME = load("sobek").game
READINGS = ("whole_deck", "goods_only")
CHARACTERS = 1 + 2 + 2 + 1 + 1 + 1 + 1
"""Seed 002's character list, counted by hand."""
GOODS_IN_DECK = 45
"""Seed 002: 'leaving 45 cards'."""
REMOVED = 9
"""Seed 002: '9 cards are removed at random'."""


def _setup(reading: str, players: int = 2) -> SobekState:
    return GAME.setup(GAME.config(players, readings={"two_player_removed": reading}))


def _is_character(action: object) -> bool:
    return isinstance(action, DrawCard) and action.item >= FIRST_CHAR


@pytest.mark.rules("sobek.goods.two_players", "sobek.goods.deck")
@pytest.mark.parametrize("reading", READINGS)
def test_first_removal_draws_from_the_whole_deck_or_the_goods_only(reading: str) -> None:
    """Hand count: the deck is 45 goods + 9 characters = 54 cards. 'whole_deck': the first removal's outcomes total
    54 cards and the Queen (1 card) comes out with probability 1/54; 'goods_only': 45 goods cards, no character."""
    state = _setup(reading)
    assert GAME.current_player(state) is CHANCE and state.draws[0].dest == D_REMOVE
    outcomes = dict(GAME.chance_outcomes(state))
    queen = DrawCard(CARD_CODES["queen"])
    if reading == "whole_deck":
        assert outcomes[queen] == Fraction(1, GOODS_IN_DECK + CHARACTERS)
    else:
        assert queen not in outcomes
        assert not any(_is_character(a) for a in outcomes)
    assert sum(outcomes.values()) == 1


@pytest.mark.rules("sobek.goods.two_players")
@pytest.mark.parametrize("reading", READINGS)
def test_after_the_removals_the_deck_holds_five_deliveries(reading: str) -> None:
    """Hand count: 54 - 9 = 45 cards stay in the deck under both readings ('only 5 goods deliveries', of 9); under
    'goods_only' all 9 characters are among them, under 'whole_deck' 9 less the characters removed."""
    rng = random.Random(5)
    state = _setup(reading)
    while state.draws and state.draws[0].dest == D_REMOVE:
        state = GAME.apply(state, GAME.sample_chance(state, rng))
    assert sum(state.removed) == REMOVED and state.row == ()
    assert sum(state.deck) == GOODS_IN_DECK + CHARACTERS - REMOVED
    characters_left = sum(state.deck[FIRST_CHAR:])
    removed_characters = sum(state.removed[FIRST_CHAR:])
    assert characters_left + removed_characters == CHARACTERS
    if reading == "goods_only":
        assert removed_characters == 0


@pytest.mark.rules("sobek.goods.two_players")
def test_the_fast_sampler_never_removes_a_character_under_goods_only() -> None:
    """The sampler agrees with the chance outcomes: under 'goods_only' 200 seeded first removals never give one of
    the 9 characters (the pile holds none)."""
    state = _setup("goods_only")
    assert not any(_is_character(GAME.sample_chance(state, random.Random(s))) for s in range(200))


@pytest.mark.rules("sobek.goods.two_players")
@pytest.mark.parametrize("reading", READINGS)
def test_three_players_remove_nothing(reading: str) -> None:
    """Seed: 'In a two player game 9 cards are removed': with 3 players no removal is pending under either reading."""
    state = _setup(reading, players=3)
    assert all(d.dest != D_REMOVE for d in state.draws)


@pytest.mark.rules("sobek.goods.two_players")
def test_two_player_removed_check_finds_a_character_removed_in_seeded_play() -> None:
    """The check's witness is a seeded set-up from setup (not constructed) whose last step removes a character; that
    step is not possible under 'goods_only'; the outcomes name both readings and differ."""
    found = rounds.check_two_player_removed(GAME, Budget.quick())
    steps = seeded_witness_steps(GAME, found, list(READINGS))
    last = steps[-1][1]
    assert _is_character(last)
    actions = [s[1] for s in steps]
    state = _setup("goods_only")
    with pytest.raises(IllegalAction):
        for action in actions:
            state = GAME.apply(state, action)
    assert "not possible" in dict(found.outcomes)["goods_only"]


@pytest.mark.rules("sobek.goods.two_players")
def test_two_player_removed_check_falls_back_to_the_first_removal() -> None:
    """With no playouts the check reports the first removal's pile: 54 cards, 9 characters ('whole_deck'); 45
    cards, 0 characters ('goods_only') (hand counts above)."""
    found = rounds.check_two_player_removed(GAME, Budget(playouts=0))
    assert isinstance(found.verdict, Witness)
    outcomes = dict(found.outcomes)
    assert f"{GOODS_IN_DECK + CHARACTERS} cards, {CHARACTERS} of them characters" in outcomes["whole_deck"]
    assert f"{GOODS_IN_DECK} cards, 0 of them characters" in outcomes["goods_only"]

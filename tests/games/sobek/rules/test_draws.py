"""Sobek's draws (``games/sobek/rules/draws.py``): the deal, the deck formed every round, the two-player removals
(SOB-033), chance outcomes and the sampler.

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from nilerules.core import CHANCE
from nilerules.core.seeded import first_decision, play_until
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import (
    DrawCard,
    DrawToken,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_CODES
from nilerules.games.sobek.situations import SEED, in_round_two
from nilerules.games.sobek.state import (
    D_REMOVE,
    FIRST_CHAR,
    FLOOD,
    SobekState,
)
from tests.helpers import edited_rules

GAME = load_game("sobek")

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


# -- set-up ----------------------------------------------------------------------------------------------------
@pytest.mark.rules("sobek.goods.green_backs", "sobek.goods.starting_hand", "sobek.goods.deck", "sobek.goods.total")
def test_setup_deals_two_green_backed_cards_and_deck_holds_45_goods_and_9_characters(game: SobekGame) -> None:
    """Seed: 54 goods, 9 green-backed (hands dealt from these), 45 + 9 characters form the deck (54 = 6 x 9);
    reference: 2 each; after the first delivery of 9, 45 cards remain."""
    state = first_decision(game, game.config(3), SEED)
    assert [sum(h) for h in state.hands] == [2, 2, 2]
    assert all(state.params.green[t] for h in state.hands for t, c in enumerate(h) if c)
    assert len(state.row) == 9 and sum(state.deck) == 45
    assert sum(state.params.totals[:FIRST_CHAR]) == 54 and sum(state.params.totals[FIRST_CHAR:]) == 9


@pytest.mark.rules("sobek.goods.two_players", "sobek.events.selection")
def test_two_players_remove_nine_cards_leaving_five_deliveries(game: SobekGame) -> None:
    """Seed: with 2 players 9 cards are removed at random, 5 deliveries of 9 not 6; 5 event tokens per round."""
    state = first_decision(game, game.config(2), SEED)
    assert sum(state.removed) == 9
    assert sum(state.deck) + len(state.row) == 45 == 5 * 9
    assert sum(state.tokens) == 5


@pytest.mark.rules("sobek.market.deliveries")
def test_chance_outcomes_are_the_kinds_left_with_exact_probabilities(game: SobekGame) -> None:
    """Reference: cards come from the shuffled deck; a draw's outcomes are the kinds left, count/total."""
    state = game.setup(game.config(3))
    outcomes = game.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == 1
    deck_tokens = rules.draw_source(state, state.draws[0])
    assert dict(outcomes)[DrawToken(FLOOD)] == Fraction(deck_tokens[FLOOD], sum(deck_tokens))
    assert dict(outcomes)[DrawToken(FLOOD)] == Fraction(2, 12)  # the 2 Flood tokens of 12
    with pytest.raises(IllegalAction):
        game.apply(state, DrawCard(99))


def test_sample_chance_agrees_with_chance_outcomes(game: SobekGame) -> None:
    """The fast sampler only returns outcomes listed by chance_outcomes."""
    rng = random.Random(5)
    state = game.setup(game.config(4))
    for _ in range(60):
        if game.current_player(state) is not CHANCE:
            break
        action = game.sample_chance(state, rng)
        assert action in dict(game.chance_outcomes(state))
        state = game.apply(state, action)


@pytest.mark.rules("sobek.market.deliveries", "sobek.goods.deck")
def test_the_deck_is_formed_again_every_round_from_the_cards_discarded(game: SobekGame, tmp_path: Path) -> None:
    """Assumed (params.deck_reformed = every_round): at the first decision of round 2, the deck and the row hold all
    the cards but the green-backed ones, 45 goods + 9 characters = 54 (seed: 'leaving 45 cards which are shuffled
    with the character cards to form the deck'). With the deck lasting the game (once, two deliveries of 9 a
    round) round 1 took 18 of them: 36 are left. (Round 2's first decision comes after the lowest scorer's choice of
    who starts it, SOB-018's default, and after the deal.)"""
    state, _ = play_until(game, game.config(3), SEED, in_round_two)
    assert (state.round, sum(state.deck) + len(state.row), sum(state.discard)) == (1, 45 + 9, 0)
    once = edited_rules(tmp_path, "sobek", deck_reformed='"once"', deliveries=[2, 2, 2])
    state, _ = play_until(once, once.config(3), SEED, in_round_two)
    assert (state.round, sum(state.deck) + len(state.row)) == (1, 45 + 9 - 2 * 9)
    assert sum(state.discard) > 0


@pytest.mark.finding("SOB-033")
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


@pytest.mark.finding("SOB-033")
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


@pytest.mark.finding("SOB-033")
@pytest.mark.rules("sobek.goods.two_players")
def test_the_fast_sampler_never_removes_a_character_under_goods_only() -> None:
    """The sampler agrees with the chance outcomes: under 'goods_only' 200 seeded first removals never give one of
    the 9 characters (the pile holds none)."""
    state = _setup("goods_only")
    assert not any(_is_character(GAME.sample_chance(state, random.Random(s))) for s in range(200))


@pytest.mark.finding("SOB-033")
@pytest.mark.rules("sobek.goods.two_players")
@pytest.mark.parametrize("reading", READINGS)
def test_three_players_remove_nothing(reading: str) -> None:
    """Seed: 'In a two player game 9 cards are removed': with 3 players no removal is pending under either reading."""
    state = _setup(reading, players=3)
    assert all(d.dest != D_REMOVE for d in state.draws)

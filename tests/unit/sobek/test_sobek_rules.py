"""The turn, market, sets, events and characters of Sobek, each pinned on a small situation from seed 002.

Expected values are hand counts from the seed's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from nilerules.checks.kit import first_decision, play_until
from nilerules.checks.sobek.rounds import in_round_two
from nilerules.checks.sobek.situations import SEED
from nilerules.core import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import (
    AddCard,
    ChooseBack,
    ChooseCard,
    ChooseEvent,
    ChooseGoods,
    ChooseSet,
    ChooseTarget,
    Done,
    DrawCard,
    DrawToken,
    PlayCharacter,
    StartSet,
    Take,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.rules.common import ZERO
from nilerules.games.sobek.state import (
    AMULET,
    CATTLE,
    CURSE,
    DECEIT,
    EBONY,
    EMBALMING,
    FIRST_CHAR,
    FISH,
    FLOOD,
    GREEN_BACK,
    HORIZONTAL,
    IVORY,
    K_EVENT,
    K_HPHASE,
    MARBLE,
    OVER,
    PROSPERITY,
    WHEAT,
    Pending,
    PlayedSet,
    SobekState,
)
from tests.helpers import edited_game
from tests.unit.sobek.sobek_positions import green, hand_of, plain, position, valued

QUEEN, PRIEST, PRIESTESS, SCRIBE_FISH, SCRIBE_CATTLE, VIZIR, MERCHANT, COURTESAN, THIEF = range(FIRST_CHAR,
                                                                                              FIRST_CHAR + 9)


def fish_set_played(game: SobekGame, readings: dict[str, str] | None = None, **changes: object) -> SobekState:
    """Seat 0 of a 3-player game plays three plain Fish as a new set (an event follows)."""
    cards = (plain(FISH),) * 3
    state = position(game, 3, readings or {}, hands=(hand_of(*cards), ZERO, ZERO), **changes)
    state = rules.apply(state, StartSet(FISH, -1))
    for c in cards:
        state = rules.apply(state, AddCard(c))
    return rules.apply(state, Done())


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


@pytest.mark.rules("sobek.market.deliveries", "sobek.goods.deck")
def test_the_deck_is_formed_again_every_round_from_the_cards_discarded(game: SobekGame, tmp_path: Path) -> None:
    """Assumed (params.deck_reformed = every_round): at the first decision of round 2, the deck and the row hold all
    the cards but the green-backed ones, 45 goods + 9 characters = 54 (seed: 'leaving 45 cards which are shuffled
    with the character cards to form the deck'). With the deck lasting the game (once, two deliveries of 9 a
    round) round 1 took 18 of them: 36 are left. (Round 2's first decision comes after the lowest scorer's choice of
    who starts it, SOB-018's default, and after the deal.)"""
    state, _ = play_until(game, game.config(3), SEED, in_round_two)
    assert (state.round, sum(state.deck) + len(state.row), sum(state.discard)) == (1, 45 + 9, 0)
    once = edited_game(tmp_path, "sobek", deck_reformed='"once"', deliveries=[2, 2, 2]).game
    state, _ = play_until(once, once.config(3), SEED, in_round_two)
    assert (state.round, sum(state.deck) + len(state.row)) == (1, 45 + 9 - 2 * 9)
    assert sum(state.discard) > 0


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


# -- characters ------------------------------------------------------------------------------------------------
def with_hand(game: SobekGame, hand: tuple[int, ...], **changes: object) -> SobekState:
    return position(game, 3, {}, hands=(hand, ZERO, ZERO), **changes)


@pytest.mark.rules("sobek.actions.play_character", "sobek.characters.queen")
def test_queen_draws_three_cards(game: SobekGame) -> None:
    """Seed: draw 3 cards and add them to your hand (from the deck by default)."""
    state = game.apply(with_hand(game, hand_of(QUEEN)), PlayCharacter(QUEEN))
    assert state.discard[QUEEN] == 1
    rng = random.Random(1)
    while game.current_player(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    assert sum(state.hands[0]) == 3 and game.current_player(state) == 1


@pytest.mark.rules("sobek.characters.priest", "sobek.characters.priest_amulets", "sobek.characters.priest_chars")
def test_priest_discards_one_goods_type_but_not_amulets(game: SobekGame) -> None:
    """Seed: all cards of one goods type leave the corruption pile, characters of that type too; amulets stay."""
    pile = hand_of(plain(FISH), valued(FISH), green(FISH), SCRIBE_FISH, plain(AMULET), plain(WHEAT))
    state = game.apply(with_hand(game, hand_of(PRIEST), corruption=(pile, ZERO, ZERO)), PlayCharacter(PRIEST))
    state = game.apply(state, ChooseGoods(FISH))
    assert state.corruption[0] == hand_of(plain(AMULET), plain(WHEAT))


@pytest.mark.rules("sobek.characters.scribe", "sobek.characters.scribe_choice")
def test_scribe_makes_opponents_reduce_to_six_cards(game: SobekGame) -> None:
    """Seed: opponents reduce their hands to 6, the rest to their corruption pile (8 cards: 2 go)."""
    big = hand_of(*([plain(FISH)] * 5), plain(CATTLE), plain(CATTLE), plain(CATTLE))
    state = position(game, 3, {}, hands=(hand_of(SCRIBE_FISH), big, hand_of(plain(WHEAT))))
    state = game.apply(state, PlayCharacter(SCRIBE_FISH))
    assert game.current_player(state) == 1
    state = game.apply(game.apply(state, ChooseCard(plain(FISH))), ChooseCard(plain(CATTLE)))
    assert sum(state.hands[1]) == 6 and sum(state.corruption[1]) == 2 and game.current_player(state) == 1
    assert state.pending is None


@pytest.mark.rules("sobek.characters.vizir")
def test_vizir_takes_a_card_from_an_opponents_corruption_pile(game: SobekGame) -> None:
    """Seed: a card of your choice from an opponent's corruption pile to your hand."""
    state = with_hand(game, hand_of(VIZIR), corruption=(ZERO, hand_of(valued(IVORY)), ZERO))
    state = game.apply(game.apply(state, PlayCharacter(VIZIR)), ChooseTarget(1))
    state = game.apply(state, ChooseCard(valued(IVORY)))
    assert state.hands[0] == hand_of(valued(IVORY)) and sum(state.corruption[1]) == 0


@pytest.mark.rules("sobek.characters.merchant")
def test_merchant_takes_any_card_along_the_nile_without_corruption(game: SobekGame) -> None:
    """Seed: a card of your choice from along the Nile (the 9th card; nothing to corruption)."""
    state = game.apply(with_hand(game, hand_of(MERCHANT)), PlayCharacter(MERCHANT))
    assert len(game.legal_actions(state)) == 9
    card = state.row[8]
    after = game.apply(state, Take(8))
    assert after.hands[0][card] == 1 and sum(after.corruption[0]) == 0 and len(after.row) == 8


@pytest.mark.rules("sobek.characters.courtesan")
def test_courtesan_adds_one_or_two_cards_to_a_played_set(game: SobekGame) -> None:
    """Seed: add 1 or 2 cards from your hand to an existing played set (not 3)."""
    played = PlayedSet(WHEAT, (plain(WHEAT),) * 3)
    state = with_hand(game, hand_of(COURTESAN, plain(WHEAT), plain(WHEAT), plain(AMULET)), sets=((played,), (), ()))
    state = game.apply(game.apply(state, PlayCharacter(COURTESAN)), ChooseSet(0, 0))
    state = game.apply(game.apply(state, AddCard(plain(WHEAT))), AddCard(plain(AMULET)))
    assert game.legal_actions(state) == (Done(),)
    state = game.apply(state, Done())
    assert len(state.sets[0][0].cards) == 5


@pytest.mark.rules("sobek.characters.thief", "sobek.characters.thief_backs")
def test_thief_chooses_a_back_colour_and_steals_a_card_of_it(game: SobekGame) -> None:
    """Seed: steal a card; the backs show the type (green-backed cards show only green)."""
    state = position(game, 3, {}, hands=(hand_of(THIEF), hand_of(plain(EBONY), green(CATTLE)), ZERO))
    state = game.apply(game.apply(state, PlayCharacter(THIEF)), ChooseTarget(1))
    assert game.legal_actions(state) == (ChooseBack(EBONY), ChooseBack(GREEN_BACK))
    state = game.apply(state, ChooseBack(EBONY))
    assert game.chance_outcomes(state) == ((DrawCard(plain(EBONY)), Fraction(1)),)
    state = game.apply(state, DrawCard(plain(EBONY)))
    assert state.hands[0] == hand_of(plain(EBONY)) and state.hands[1] == hand_of(green(CATTLE))


# -- end of the round ------------------------------------------------------------------------------------------
def end_of_round(game: SobekGame, hand: tuple[int, ...], **changes: object) -> SobekState:
    """The end of the round with the row empty, seat 0 (holding ``hand``) the first to choose horizontal sets."""
    base: dict[str, object] = {"hands": (hand, ZERO), "row": (), "phase": HORIZONTAL,
                               "pending": Pending(K_HPHASE, 0), "hphase_left": (0, 1)}
    base.update(changes)
    return position(game, 2, {}, **base)


def scored(game: SobekGame, hand: tuple[int, ...], readings: dict[str, str] | None = None,
           **changes: object) -> SobekState:
    """The round scored: seat 1, the last to choose horizontal sets, is done (seat 0, done before, holds ``hand``)."""
    base: dict[str, object] = {"hands": (hand, ZERO), "row": (), "phase": HORIZONTAL,
                               "pending": Pending(K_HPHASE, 1), "hphase_left": (1,)}
    base.update(changes)
    return game.apply(position(game, 2, readings or {}, **base), Done())


@pytest.mark.rules("sobek.end.horizontal", "sobek.end.horizontal_limits", "sobek.end.horizontal_purpose")
def test_horizontal_sets_at_the_end_no_characters_no_additions(game: SobekGame) -> None:
    """Seed: horizontal sets from hand; no character cards, no additions to existing sets."""
    played = PlayedSet(FISH, (valued(FISH),) * 3)
    hand = hand_of(valued(IVORY), valued(IVORY), plain(AMULET), QUEEN, plain(FISH), plain(FISH), plain(FISH))
    state = end_of_round(game, hand, sets=((played,), ()))
    legal = game.legal_actions(state)
    assert not any(isinstance(a, PlayCharacter | StartSet) for a in legal)
    assert Done() in legal


@pytest.mark.rules("sobek.end.hand_to_corruption", "sobek.end.penalty_applied", "sobek.end.set_scoring")
def test_round_end_hand_to_corruption_then_score_then_penalty(game: SobekGame) -> None:
    """Seed: hands to corruption; sets scored (2 valued Ivory + 1 plain = 6 scarabs x 3 = 18 points); the most
    corrupt (seat 0: 2 cards left in hand) moves back one lot from 18 (3rd symbol, ankh) to the ankh on 13."""
    ivory = PlayedSet(IVORY, (valued(IVORY), valued(IVORY), plain(IVORY)))
    after = scored(game, hand_of(plain(FISH), plain(WHEAT)), sets=((ivory,), ()), scores=(0, 0))
    assert after.scores == (13, 0)
    assert after.round == 1 and after.corruption == (ZERO, ZERO) and after.sets == ((), ())


@pytest.mark.rules("sobek.end.sets_cleared")
def test_sets_kept_between_rounds_score_again_under_keep(game: SobekGame) -> None:
    """Reading 'keep': the Ivory set stays on the table; 'discard' clears it. Either way it scores this round, by
    hand: 3 scarabs (one valued Ivory, reference) x 3 cards = 9; both piles are empty, so both players tie as most
    corrupt (seed: all tied players are penalised), but 9 points is no full lot of 10: no move back."""
    ivory = PlayedSet(IVORY, (valued(IVORY), plain(IVORY), plain(IVORY)))
    for reading, expected in (("discard", ((), ())), ("keep", ((ivory,), ()))):
        after = scored(game, ZERO, {"sets_between_rounds": reading}, sets=((ivory,), ()), scores=(0, 0))
        assert after.sets == expected
        assert after.scores == (9, 0)


@pytest.mark.rules("sobek.game_end.rounds", "sobek.theme.rounds", "sobek.theme.goal")
def test_the_game_ends_after_three_rounds_and_most_points_win(game: SobekGame) -> None:
    """Seed: 3 rounds; the most money wins."""
    after = scored(game, ZERO, round=2, scores=(30, 40))
    assert after.phase == OVER and game.current_player(after) is None
    assert game.ranking(after).places == ((1,), (0,))
    with pytest.raises(IllegalAction):
        game.apply(after, Take(0))


@pytest.mark.rules("sobek.game_end.early")
def test_more_than_100_points_ends_the_game_after_the_round(game: SobekGame) -> None:
    """Seed: more than 100 points ends the game early (checked after the penalty, BGA); exactly 100 does not."""
    assert scored(game, ZERO, round=0, scores=(101, 40)).phase == OVER
    assert scored(game, ZERO, round=0, scores=(100, 40)).phase != OVER


def test_events_in_the_end_phase_return_to_horizontal_sets(game: SobekGame) -> None:
    """Under horizontal_events=triggers, the event resolves and the player goes on with horizontal sets."""
    cards = (plain(FISH),) * 3
    state = position(game, 2, {"horizontal_events": "triggers"}, hands=(hand_of(*cards), ZERO), row=(),
                      phase=HORIZONTAL, hphase_left=(0, 1), pending=Pending(16, 0, FISH, 0, cards),
                      tokens=(0, 0, 0, 0, 1, 0, 0, 0, 0))
    state = game.apply(game.apply(state, Done()), ChooseEvent(FLOOD))
    assert state.pending == Pending(17, 0) and not state.extra_turn

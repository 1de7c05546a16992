"""Sobek's characters (``games/sobek/rules/characters.py``), and the findings about them: SOB-031 (the Queen short of
cards), SOB-032 (a power with no target), SOB-034 (the Merchant's skipped cards).

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from nilerules.core import CHANCE
from nilerules.games import load_game
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
    PlayCharacter,
    StartSet,
    Take,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_CODES, CARD_NAMES
from nilerules.games.sobek.rules.common import ZERO
from nilerules.games.sobek.situations import situation
from nilerules.games.sobek.state import (
    AMULET,
    CATTLE,
    EBONY,
    FISH,
    GREEN_BACK,
    HORIZONTAL,
    IVORY,
    K_HSET,
    KINDS,
    PROSPERITY,
    WHEAT,
    Pending,
    PlayedSet,
    SobekState,
)
from tests.games.sobek.positions import (
    COURTESAN,
    QUEEN,
    SCRIBE_FISH,
    THIEF,
    VIZIR,
    green,
    hand_of,
    plain,
    position,
    valued,
    with_hand,
)

GAME = load_game("sobek")

MERCHANT_SOB034 = CARD_CODES["merchant"]

ROW = ["fish", "wheat", "cattle", "ebony", "marble", "fish", "wheat", "cattle", "ivory"]


def merchant_turn(reading: str) -> SobekState:
    """Seat 0 of three holds the Merchant, nine cards along the Nile."""
    position = {"row": ROW, "seats": {"0": {"hand": {"merchant": 1}}, "1": {}, "2": {}}}
    state: SobekState = GAME.position(GAME.config(3, readings={"merchant_corruption": reading}), position)
    return state


VIZIR_SOB032 = CARD_CODES["vizir"]

THIEF_SOB032 = CARD_CODES["thief"]

SCRIBE = CARD_CODES["scribe_fish"]

COURTESAN_SOB032 = CARD_CODES["courtesan"]

SIX = (plain(FISH), plain(FISH), plain(CATTLE), plain(CATTLE), plain(WHEAT), plain(WHEAT))
"""Six cards: the Scribe's limit ('reduce their hands down to 6 cards'), counted by hand."""

READINGS = ("no_effect", "needs_target")


def _three(reading: str, hand: tuple[int, ...], others: tuple[int, ...], corruption: tuple[int, ...] = ZERO
           ) -> SobekState:
    """A 3-player game in play, seat 0 to move holding ``hand``, both opponents holding ``others``, seat 1's
    corruption pile ``corruption`` (seat 2's empty)."""
    return position(GAME, 3, {"power_no_target": reading}, hands=(hand, others, others),
                    corruption=(ZERO, corruption, ZERO))


QUEEN_SOB031 = PlayCharacter(CARD_CODES["queen"])

PRIEST_SOB031 = PlayCharacter(CARD_CODES["priest"])

HAND = {"hand": {"queen": 1}}


def _last_round(readings: dict[str, str], left: int) -> SobekState:
    """Seat 0 to move in the last round with the Queen in hand, the row full and only ``left`` cards in the deck
    (the others in the discard pile)."""
    base = situation(GAME, 3, readings, seats={0: HAND})
    deck = [t for t, c in enumerate(base.deck) for _ in range(c)]
    gone: dict[str, int] = {}
    for t in deck[left:]:
        gone[CARD_NAMES[t]] = gone.get(CARD_NAMES[t], 0) + 1
    state = situation(GAME, 3, readings, seats={0: HAND}, discard=gone, round=GAME.params(GAME.config(3)).rounds,
                      deliveries_left=None)
    assert sum(state.deck) == left
    return state


def _drawn(state: SobekState) -> SobekState:
    """Resolve the pending draws with the first outcome each time."""
    while GAME.current_player(state) is CHANCE:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    return state


@pytest.mark.rules("sobek.actions.play_character", "sobek.characters.queen")
def test_queen_draws_three_cards(game: SobekGame) -> None:
    """Seed: draw 3 cards and add them to your hand (from the deck by default)."""
    state = game.apply(with_hand(game, hand_of(QUEEN)), PlayCharacter(QUEEN))
    assert state.discard[QUEEN] == 1
    rng = random.Random(1)
    while game.current_player(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    assert sum(state.hands[0]) == 3 and game.current_player(state) == 1


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


@pytest.mark.finding("SOB-034", "SOB-035")
@pytest.mark.rules("sobek.characters.merchant", "sobek.market.skipped")
def test_the_merchant_takes_the_ninth_card_without_corruption_by_default() -> None:
    """`none`: the eight cards before the ninth stay along the Nile and the pile stays empty; the next seat moves."""
    after = GAME.apply(GAME.apply(merchant_turn("none"), PlayCharacter(MERCHANT_SOB034)), Take(8))
    assert (sum(after.corruption[0]), len(after.row), GAME.current_player(after)) == (0, 8, 1)
    assert after.hands[0][CARD_CODES["ivory"]] == 1


@pytest.mark.finding("SOB-034", "SOB-035")
@pytest.mark.rules("sobek.characters.merchant", "sobek.market.skipped")
def test_under_skipped_the_eight_cards_before_go_to_the_merchants_pile() -> None:
    """`skipped`: as for the take action (“All the cards that you skip end up in your corruption pile.”), the eight
    cards before the ninth go to seat 0's pile, and the row is empty: the round's last card is taken."""
    after = GAME.apply(GAME.apply(merchant_turn("skipped"), PlayCharacter(MERCHANT_SOB034)), Take(8))
    assert (sum(after.corruption[0]), len(after.row)) == (8, 0)
    assert after.corruption[0][CARD_CODES["fish"]] == 2 and after.corruption[0][CARD_CODES["ivory"]] == 0


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.vizir", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_vizir_with_every_opponent_pile_empty_does_nothing_or_cannot_be_played(reading: str) -> None:
    """SOB-032, hand calculation from 'add a card of your choice to your hand from an opponent's corruption pile':
    no opponent's pile holds a card. 'no_effect' plays the Vizir: seat 0's hand goes from 1 card to 0 (the Vizir
    discarded, nothing added), the piles stay empty, seat 1 moves next; 'needs_target' does not offer it."""
    state = _three(reading, hand_of(VIZIR_SOB032), hand_of(plain(FISH)))
    legal = GAME.legal_actions(state)
    assert (PlayCharacter(VIZIR_SOB032) in legal) == (reading == "no_effect")
    if reading == "no_effect":
        after = GAME.apply(state, PlayCharacter(VIZIR_SOB032))
        assert sum(after.hands[0]) == 0
        assert [sum(pile) for pile in after.corruption] == [0, 0, 0]
        assert GAME.current_player(after) == 1


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.vizir", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_vizir_with_a_card_in_an_opponent_pile_is_played_under_both_readings(reading: str) -> None:
    """Seed ('add a card of your choice to your hand from an opponent's corruption pile'): with a Wheat in seat 1's
    pile both readings play the Vizir; the only target is seat 1, and taking the Wheat leaves seat 0 with 1 card."""
    state = _three(reading, hand_of(VIZIR_SOB032), hand_of(plain(FISH)), corruption=hand_of(plain(WHEAT)))
    after = GAME.apply(state, PlayCharacter(VIZIR_SOB032))
    assert GAME.legal_actions(after) == (ChooseTarget(1),)
    after = GAME.apply(after, ChooseTarget(1))
    after = GAME.apply(after, GAME.legal_actions(after)[0])
    assert sum(after.hands[0]) == 1 and sum(after.corruption[1]) == 0


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.thief", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_thief_with_every_opponent_hand_empty_does_nothing_or_cannot_be_played(reading: str) -> None:
    """SOB-032, hand calculation from 'steal a card from an opponent': both opponents' hands are empty. 'no_effect'
    plays the Thief: seat 0's hand goes from 1 card to 0, no draw is pending, seat 1 moves next; 'needs_target'
    does not offer it."""
    state = _three(reading, hand_of(THIEF_SOB032), ZERO)
    legal = GAME.legal_actions(state)
    assert (PlayCharacter(THIEF_SOB032) in legal) == (reading == "no_effect")
    if reading == "no_effect":
        after = GAME.apply(state, PlayCharacter(THIEF_SOB032))
        assert sum(after.hands[0]) == 0 and after.draws == ()
        assert GAME.current_player(after) == 1


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.thief", "sobek.sets.characters")
def test_thief_without_a_target_still_counts_in_a_set_under_needs_target() -> None:
    """Seed ('When a character is played as part of a set, its power is ignored'; the Thief is Fish): under
    'needs_target' with the opponents' hands empty, the Thief is not played for its power, but two Fish and the
    Thief still start a Fish set."""
    state = _three("needs_target", hand_of(THIEF_SOB032, plain(FISH), plain(FISH)), ZERO)
    legal = GAME.legal_actions(state)
    assert PlayCharacter(THIEF_SOB032) not in legal
    assert StartSet(FISH, -1) in legal


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.scribe", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_scribe_with_no_opponent_over_six_does_nothing_or_cannot_be_played(reading: str) -> None:
    """SOB-032, hand calculation from 'your opponents reduce their hands down to 6 cards': both opponents hold 6
    cards, none over. 'no_effect' plays the Scribe: seat 0's hand goes from 1 card to 0, the opponents keep 6 cards
    each and empty corruption piles, seat 1 moves next; 'needs_target' does not offer it."""
    state = _three(reading, hand_of(SCRIBE), hand_of(*SIX))
    legal = GAME.legal_actions(state)
    assert (PlayCharacter(SCRIBE) in legal) == (reading == "no_effect")
    if reading == "no_effect":
        after = GAME.apply(state, PlayCharacter(SCRIBE))
        assert [sum(h) for h in after.hands] == [0, 6, 6]
        assert [sum(pile) for pile in after.corruption] == [0, 0, 0]
        assert GAME.current_player(after) == 1


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.scribe", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_scribe_with_an_opponent_over_six_is_played_under_both_readings(reading: str) -> None:
    """Seed ('reduce their hands down to 6 cards'): seat 1 holds 7 cards (6 + an Ebony), seat 2 holds 6; both
    readings play the Scribe, and seat 1 (the owner chooses, SOB-025's default) picks the 1 card to give up."""
    state = position(GAME, 3, {"power_no_target": reading},
                     hands=(hand_of(SCRIBE), hand_of(*SIX, plain(EBONY)), hand_of(*SIX)))
    after = GAME.apply(state, PlayCharacter(SCRIBE))
    assert GAME.current_player(after) == 1
    assert all(isinstance(a, ChooseCard) for a in GAME.legal_actions(after))


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.courtesan", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_courtesan_with_no_played_set_does_nothing_or_cannot_be_played(reading: str) -> None:
    """SOB-032, hand calculation from 'add 1 or 2 cards from your hand to an existing played set': no set is played
    anywhere. 'no_effect' plays the Courtesan: seat 0's hand goes from 2 cards to 1 (the Fish kept), no set appears,
    seat 1 moves next; 'needs_target' does not offer it."""
    state = _three(reading, hand_of(COURTESAN_SOB032, plain(FISH)), hand_of(plain(CATTLE)))
    legal = GAME.legal_actions(state)
    assert (PlayCharacter(COURTESAN_SOB032) in legal) == (reading == "no_effect")
    if reading == "no_effect":
        after = GAME.apply(state, PlayCharacter(COURTESAN_SOB032))
        assert sum(after.hands[0]) == 1 and after.sets == ((), (), ())
        assert GAME.current_player(after) == 1


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.courtesan", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_courtesan_alone_in_hand_has_nothing_to_add(reading: str) -> None:
    """SOB-032, hand calculation: seat 0 has a played Wheat set and holds only the Courtesan; once she is played the
    hand is empty, so 'add 1 or 2 cards from your hand' adds none: 'needs_target' does not offer her, 'no_effect'
    does."""
    wheat = PlayedSet(WHEAT, (plain(WHEAT),) * 3)
    state = position(GAME, 3, {"power_no_target": reading}, hands=(hand_of(COURTESAN_SOB032), ZERO, ZERO),
                     sets=((wheat,), (), ()))
    assert (PlayCharacter(COURTESAN_SOB032) in GAME.legal_actions(state)) == (reading == "no_effect")


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.characters.courtesan", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_courtesan_with_a_fitting_set_is_played_under_both_readings(reading: str) -> None:
    """Seed ('add 1 or 2 cards from your hand to an existing played set'): seat 0 has a played Fish set and holds a
    Fish besides the Courtesan; both readings play her and offer that set (seat 0's set 0) only."""
    fish = PlayedSet(FISH, (plain(FISH),) * 3)
    state = position(GAME, 3, {"power_no_target": reading}, hands=(hand_of(COURTESAN_SOB032, plain(FISH)), ZERO, ZERO),
                     sets=((fish,), (), ()))
    after = GAME.apply(state, PlayCharacter(COURTESAN_SOB032))
    assert GAME.legal_actions(after) == (ChooseSet(0, 0),)


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.events.prosperity", "sobek.end.horizontal_scoring")
def test_prosperity_is_not_offered_a_horizontal_set() -> None:
    """Decided by the text ('thus increasing the score of this set'; 'Horizontal sets are scored by adding scarabs'):
    under horizontal_events=triggers, seat 0 finishes a horizontal Fish set holding a Cattle set played in the round;
    Prosperity is offered the Cattle set (index 0) only, not the horizontal Fish set just played (index 1)."""
    fish = (plain(FISH),) * 3
    cattle = PlayedSet(CATTLE, (plain(CATTLE),) * 3)
    state = position(GAME, 2, {"horizontal_events": "triggers"}, hands=(hand_of(*fish), ZERO), row=(),
                     sets=((cattle,), ()), phase=HORIZONTAL, hphase_left=(0, 1),
                     pending=Pending(K_HSET, 0, FISH, 0, fish), tokens=(0, 0, 0, 0, 0, 0, 1, 0, 0))
    state = GAME.apply(GAME.apply(state, Done()), ChooseEvent(PROSPERITY))
    assert state.sets[0][1].horizontal
    assert GAME.legal_actions(state) == (ChooseSet(0, 0),)


@pytest.mark.finding("SOB-031")
@pytest.mark.rules("sobek.characters.queen")
@pytest.mark.parametrize("left", [0, 1, 2])
def test_queen_with_fewer_cards_left_draws_what_is_left_or_cannot_be_played(left: int) -> None:
    """SOB-031, hand calculation: the Queen 'draw[s] 3 cards'; with ``left`` (fewer) in the deck, 'what_is_left'
    plays her and she draws those ``left`` (seat 0's hand: the Queen gone, ``left`` cards in); 'needs_full' does not
    offer her."""
    state = _last_round({"queen_short": "what_is_left"}, left)
    assert QUEEN_SOB031 in GAME.legal_actions(state)
    after = _drawn(GAME.apply(state, QUEEN_SOB031))
    assert sum(after.hands[0]) == left
    assert sum(after.deck) == 0
    assert GAME.current_player(after) == 1
    assert QUEEN_SOB031 not in GAME.legal_actions(_last_round({"queen_short": "needs_full"}, left))


@pytest.mark.finding("SOB-031")
@pytest.mark.rules("sobek.characters.queen")
@pytest.mark.parametrize("reading", ["what_is_left", "needs_full"])
def test_queen_with_the_cards_she_names_left_draws_three_under_both_readings(reading: str) -> None:
    """Document: 'draw 3 cards and add them to your hand': with exactly 3 in the deck both readings play her and
    the hand gains the 3 (the Queen herself gone)."""
    state = _last_round({"queen_short": reading}, 3)
    after = _drawn(GAME.apply(state, QUEEN_SOB031))
    assert sum(after.hands[0]) == 3
    assert sum(after.deck) == 0


@pytest.mark.finding("SOB-031")
@pytest.mark.rules("sobek.characters.queen")
def test_queen_drawing_from_the_row_with_fewer_cards_along_the_nile() -> None:
    """SOB-031 with SOB-008's 'market' reading, hand calculation: two cards along the Nile, the Queen draws 3:
    'what_is_left' takes both (row empty, hand 2), 'needs_full' does not offer her."""
    row = ["fish", "wheat"]
    for reading, playable in (("what_is_left", True), ("needs_full", False)):
        state = situation(GAME, 3, {"queen_draw": "market", "queen_short": reading}, seats={0: HAND}, row=row)
        assert len(state.row) == len(row)
        assert (QUEEN_SOB031 in GAME.legal_actions(state)) == playable
        if playable:
            after = GAME.apply(state, QUEEN_SOB031)
            assert sum(after.hands[0]) == len(row)


@pytest.mark.finding("SOB-031")
@pytest.mark.rules("sobek.characters.priest")
def test_priest_may_name_a_goods_type_absent_from_the_pile() -> None:
    """Decided by the text ('discard all the cards of one goods type from your corruption pile'): the player names a
    goods type; naming Wheat with only a Fish in the pile discards nothing (the Fish stays), and the Priest may be
    played with an empty pile."""
    state = situation(GAME, 2, {}, seats={0: {"hand": {"priest": 1}, "corruption": {"fish": 1}}})
    after = GAME.apply(GAME.apply(state, PRIEST_SOB031), ChooseGoods(KINDS.index("wheat")))
    assert sum(after.corruption[0]) == 1
    empty = situation(GAME, 2, {}, seats={0: {"hand": {"priest": 1}}})
    assert PRIEST_SOB031 in GAME.legal_actions(empty)
    chosen = GAME.apply(empty, PRIEST_SOB031)
    assert len(GAME.legal_actions(chosen)) == 6  # document: Ivory, Ebony, Marble, Cattle, Fish, Wheat

"""SOB-032 (the Vizir, the Thief, a Scribe or the Courtesan whose power finds nothing to act on) branches as its
readings say, its check finds the divergence in seeded play, and Prosperity on a horizontal set is decided by the
text.

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output."""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.sobek import characters
from nilerules.core import CHANCE, Witness
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import (
    ChooseCard,
    ChooseEvent,
    ChooseSet,
    ChooseTarget,
    Done,
    PlayCharacter,
    StartSet,
)
from nilerules.games.sobek.names import CARD_CODES
from nilerules.games.sobek.rules.common import ZERO
from nilerules.games.sobek.state import (
    CATTLE,
    EBONY,
    FISH,
    HORIZONTAL,
    K_HSET,
    PROSPERITY,
    WHEAT,
    Pending,
    PlayedSet,
    SobekState,
)
from tests.helpers import seeded_witness_steps
from tests.unit.sobek.sobek_positions import hand_of, plain, position

GAME = load("sobek").game
VIZIR = CARD_CODES["vizir"]
THIEF = CARD_CODES["thief"]
SCRIBE = CARD_CODES["scribe_fish"]
COURTESAN = CARD_CODES["courtesan"]
TARGETED = (VIZIR, THIEF, SCRIBE, CARD_CODES["scribe_cattle"], COURTESAN)
SIX = (plain(FISH), plain(FISH), plain(CATTLE), plain(CATTLE), plain(WHEAT), plain(WHEAT))
"""Six cards: the Scribe's limit ('reduce their hands down to 6 cards'), counted by hand."""
READINGS = ("no_effect", "needs_target")


def _three(reading: str, hand: tuple[int, ...], others: tuple[int, ...], corruption: tuple[int, ...] = ZERO
           ) -> SobekState:
    """A 3-player game in play, seat 0 to move holding ``hand``, both opponents holding ``others``, seat 1's
    corruption pile ``corruption`` (seat 2's empty)."""
    return position(GAME, 3, {"power_no_target": reading}, hands=(hand, others, others),
                    corruption=(ZERO, corruption, ZERO))


@pytest.mark.rules("sobek.characters.vizir", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_vizir_with_every_opponent_pile_empty_does_nothing_or_cannot_be_played(reading: str) -> None:
    """SOB-032, hand calculation from 'add a card of your choice to your hand from an opponent's corruption pile':
    no opponent's pile holds a card. 'no_effect' plays the Vizir: seat 0's hand goes from 1 card to 0 (the Vizir
    discarded, nothing added), the piles stay empty, seat 1 moves next; 'needs_target' does not offer it."""
    state = _three(reading, hand_of(VIZIR), hand_of(plain(FISH)))
    legal = GAME.legal_actions(state)
    assert (PlayCharacter(VIZIR) in legal) == (reading == "no_effect")
    if reading == "no_effect":
        after = GAME.apply(state, PlayCharacter(VIZIR))
        assert sum(after.hands[0]) == 0
        assert [sum(pile) for pile in after.corruption] == [0, 0, 0]
        assert GAME.current_player(after) == 1


@pytest.mark.rules("sobek.characters.vizir", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_vizir_with_a_card_in_an_opponent_pile_is_played_under_both_readings(reading: str) -> None:
    """Seed ('add a card of your choice to your hand from an opponent's corruption pile'): with a Wheat in seat 1's
    pile both readings play the Vizir; the only target is seat 1, and taking the Wheat leaves seat 0 with 1 card."""
    state = _three(reading, hand_of(VIZIR), hand_of(plain(FISH)), corruption=hand_of(plain(WHEAT)))
    after = GAME.apply(state, PlayCharacter(VIZIR))
    assert GAME.legal_actions(after) == (ChooseTarget(1),)
    after = GAME.apply(after, ChooseTarget(1))
    after = GAME.apply(after, GAME.legal_actions(after)[0])
    assert sum(after.hands[0]) == 1 and sum(after.corruption[1]) == 0


@pytest.mark.rules("sobek.characters.thief", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_thief_with_every_opponent_hand_empty_does_nothing_or_cannot_be_played(reading: str) -> None:
    """SOB-032, hand calculation from 'steal a card from an opponent': both opponents' hands are empty. 'no_effect'
    plays the Thief: seat 0's hand goes from 1 card to 0, no draw is pending, seat 1 moves next; 'needs_target'
    does not offer it."""
    state = _three(reading, hand_of(THIEF), ZERO)
    legal = GAME.legal_actions(state)
    assert (PlayCharacter(THIEF) in legal) == (reading == "no_effect")
    if reading == "no_effect":
        after = GAME.apply(state, PlayCharacter(THIEF))
        assert sum(after.hands[0]) == 0 and after.draws == ()
        assert GAME.current_player(after) == 1


@pytest.mark.rules("sobek.characters.thief", "sobek.sets.characters")
def test_thief_without_a_target_still_counts_in_a_set_under_needs_target() -> None:
    """Seed ('When a character is played as part of a set, its power is ignored'; the Thief is Fish): under
    'needs_target' with the opponents' hands empty, the Thief is not played for its power, but two Fish and the
    Thief still start a Fish set."""
    state = _three("needs_target", hand_of(THIEF, plain(FISH), plain(FISH)), ZERO)
    legal = GAME.legal_actions(state)
    assert PlayCharacter(THIEF) not in legal
    assert StartSet(FISH, -1) in legal


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


@pytest.mark.rules("sobek.characters.courtesan", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_courtesan_with_no_played_set_does_nothing_or_cannot_be_played(reading: str) -> None:
    """SOB-032, hand calculation from 'add 1 or 2 cards from your hand to an existing played set': no set is played
    anywhere. 'no_effect' plays the Courtesan: seat 0's hand goes from 2 cards to 1 (the Fish kept), no set appears,
    seat 1 moves next; 'needs_target' does not offer it."""
    state = _three(reading, hand_of(COURTESAN, plain(FISH)), hand_of(plain(CATTLE)))
    legal = GAME.legal_actions(state)
    assert (PlayCharacter(COURTESAN) in legal) == (reading == "no_effect")
    if reading == "no_effect":
        after = GAME.apply(state, PlayCharacter(COURTESAN))
        assert sum(after.hands[0]) == 1 and after.sets == ((), (), ())
        assert GAME.current_player(after) == 1


@pytest.mark.rules("sobek.characters.courtesan", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_courtesan_alone_in_hand_has_nothing_to_add(reading: str) -> None:
    """SOB-032, hand calculation: seat 0 has a played Wheat set and holds only the Courtesan; once she is played the
    hand is empty, so 'add 1 or 2 cards from your hand' adds none: 'needs_target' does not offer her, 'no_effect'
    does."""
    wheat = PlayedSet(WHEAT, (plain(WHEAT),) * 3)
    state = position(GAME, 3, {"power_no_target": reading}, hands=(hand_of(COURTESAN), ZERO, ZERO),
                     sets=((wheat,), (), ()))
    assert (PlayCharacter(COURTESAN) in GAME.legal_actions(state)) == (reading == "no_effect")


@pytest.mark.rules("sobek.characters.courtesan", "sobek.actions.play_character")
@pytest.mark.parametrize("reading", READINGS)
def test_courtesan_with_a_fitting_set_is_played_under_both_readings(reading: str) -> None:
    """Seed ('add 1 or 2 cards from your hand to an existing played set'): seat 0 has a played Fish set and holds a
    Fish besides the Courtesan; both readings play her and offer that set (seat 0's set 0) only."""
    fish = PlayedSet(FISH, (plain(FISH),) * 3)
    state = position(GAME, 3, {"power_no_target": reading}, hands=(hand_of(COURTESAN, plain(FISH)), ZERO, ZERO),
                     sets=((fish,), (), ()))
    after = GAME.apply(state, PlayCharacter(COURTESAN))
    assert GAME.legal_actions(after) == (ChooseSet(0, 0),)


@pytest.mark.rules("sobek.actions.play_character")
def test_power_no_target_check_finds_the_divergence_in_seeded_play() -> None:
    """The check's witness is a seeded game from setup (not constructed) that ends where the Vizir or the Thief is
    played with nothing to take; its outcomes name both readings and differ."""
    steps = seeded_witness_steps(GAME, characters.check_power_no_target(GAME, Budget.quick()), list(READINGS))
    last = steps[-1][1]
    assert last in tuple(PlayCharacter(c) for c in TARGETED)
    before = steps[-2][2]
    assert GAME.current_player(before) is not CHANCE
    assert not rules.power_target(before, before.to_move, last.card)


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


@pytest.mark.rules("sobek.actions.play_character")
def test_power_no_target_check_falls_back_to_a_constructed_turn() -> None:
    """With no playouts the check builds the turn: seat 0 holds only the Vizir, every pile empty; its outcomes
    differ (played, hand 1 -> 0; not offered) and it says it is constructed."""
    found = characters.check_power_no_target(GAME, Budget(playouts=0))
    assert isinstance(found.verdict, Witness) and found.constructed
    assert len({o for _, o in found.outcomes}) == 2
    assert "hand 1 -> 0" in dict(found.outcomes)["no_effect"]

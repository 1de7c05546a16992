"""The draw pile held as its cards (a sorted tuple of kinds) shows the position's count per kind, keeps a broken deck
as given for the invariants, and the tuple helpers the rules cut hands, spaces and the pile with take out and put in
cards as the list methods did. Expected values are hand counts."""

from __future__ import annotations

import pickle

import pytest

from nilerules.games.nile_artefacts import make_game
from nilerules.games.nile_artefacts.actions import Draw
from nilerules.games.nile_artefacts.invariants import invariants
from nilerules.games.nile_artefacts.rules.supply import card_at, insert_card, without_card
from nilerules.games.nile_artefacts.state import PH_DEAL, NAState, evolve, pile_of
from tests.helpers import seeded_states

GAME = make_game()


def dealing_state() -> NAState:
    """The first state of a seeded 3-player game where a card is to be drawn for the round setup."""
    played: list[NAState] = seeded_states(GAME, GAME.config(3), 1)
    return next(s for s in played if s.phase == PH_DEAL)


def test_the_pile_of_a_count_per_kind_is_its_cards_in_kind_order() -> None:
    """Counts (2, 0, 1, 3, 0, ...) are the cards 0, 0, 2, 3, 3, 3, nothing kept aside."""
    ctx = dealing_state().ctx
    deck = (2, 0, 1, 3) + (0,) * (len(ctx.draws) - 4)
    assert pile_of(deck, ctx) == ((0, 0, 2, 3, 3, 3), None)


@pytest.mark.parametrize(
    "deck",
    [
        (-1, 1, *(0,) * 52),  # a negative count
        (1, 0),  # not one count per kind (the game has 54 kinds)
        (1,) * 55,  # one count too many
        (55, *(0,) * 53),  # more cards than the game's 54
        (10**15, *(0,) * 53),
    ],
)
def test_a_deck_no_pile_can_hold_is_kept_as_given_with_no_cards(deck: tuple[int, ...]) -> None:
    """Counts that no pile of the 54 cards can be are kept as written, and the pile has no card to draw."""
    assert pile_of(deck, dealing_state().ctx) == ((), deck)


def test_deck_left_and_cards_agree_on_a_hand_edited_pile() -> None:
    """Two cards of kind 0 and one of kind 5 (a hand-edited pile, the cards having one of each kind): three cards left,
    the deck shows the counts back, and the state survives pickling and JSON unchanged."""
    s = dealing_state()
    deck = [0] * len(s.deck)
    deck[0], deck[5] = 2, 1
    edited = evolve(s, deck=tuple(deck))
    assert (tuple(deck), 3, (0, 0, 5)) == (edited.deck, edited.left, edited.cards)
    assert edited == pickle.loads(pickle.dumps(edited))
    assert edited == GAME.state_from_data(GAME.state_to_data(edited))
    assert edited != s


def test_a_negative_count_still_reaches_the_invariants() -> None:
    """A pile with a count of -1 shows -1, and the invariants name a negative count."""
    s = dealing_state()
    broken = evolve(s, deck=(-1, *s.deck[1:]))
    assert broken.deck[0] == -1
    assert "negative card count in the pile or the discard" in invariants(broken)


def test_a_draw_takes_one_card_of_its_kind_from_the_pile() -> None:
    """Drawing a kind the pile holds leaves one card fewer of it and the rest of the counts as they were."""
    s = dealing_state()
    kind = s.cards[len(s.cards) // 2]
    after = GAME.apply(s, Draw(kind))
    expected = list(s.deck)
    expected[kind] -= 1
    assert (tuple(expected), s.left - 1) == (after.deck, after.left)


@pytest.mark.parametrize(
    ("cards", "kind", "expected"),
    [((), 4, (4,)), ((1, 3, 3, 7), 3, (1, 3, 3, 3, 7)), ((1, 3), 0, (0, 1, 3)), ((1, 3), 9, (1, 3, 9))],
)
def test_insert_card_puts_the_card_before_the_first_greater_kind(
    cards: tuple[int, ...], kind: int, expected: tuple[int, ...]
) -> None:
    """A card goes after the cards of its kind and before the first card of a greater kind."""
    assert expected == insert_card(cards, kind)


def test_without_card_takes_the_first_card_of_the_kind_as_list_remove_does() -> None:
    """The first card of the kind goes, wherever it is (the tuple need not be sorted); no such card is ValueError."""
    assert without_card((3, 1, 3), 3) == (1, 3)
    assert without_card((1, 3, 3, 7), 3) == (1, 3, 7)
    with pytest.raises(ValueError, match="no card 5"):
        without_card((1, 3), 5)


def test_card_at_finds_the_first_card_of_a_kind_in_a_sorted_pile() -> None:
    """In (0, 0, 2, 3, 3, 3) the first 3 is at index 3, the first 0 at 0, and there is no 1."""
    assert tuple(card_at((0, 0, 2, 3, 3, 3), k) for k in (3, 0, 1, 9)) == (3, 0, -1, -1)

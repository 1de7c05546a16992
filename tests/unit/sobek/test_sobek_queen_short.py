"""SOB-031 (the Queen with fewer cards left than she draws) branches as its readings say, its check finds the
divergence in seeded play, and the High Priest naming a goods type absent from the pile is decided by the text."""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.sobek import characters
from nilerules.checks.sobek.situations import situation
from nilerules.core import CHANCE
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import ChooseGoods, PlayCharacter
from nilerules.games.sobek.names import CARD_CODES, CARD_NAMES
from nilerules.games.sobek.state import KINDS, SobekState
from tests.helpers import seeded_witness_steps

GAME = load("sobek").game
QUEEN = PlayCharacter(CARD_CODES["queen"])
PRIEST = PlayCharacter(CARD_CODES["priest"])
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


@pytest.mark.rules("sobek.characters.queen")
@pytest.mark.parametrize("left", [0, 1, 2])
def test_queen_with_fewer_cards_left_draws_what_is_left_or_cannot_be_played(left: int) -> None:
    """SOB-031, hand calculation: the Queen 'draw[s] 3 cards'; with ``left`` (fewer) in the deck, 'what_is_left'
    plays her and she draws those ``left`` (seat 0's hand: the Queen gone, ``left`` cards in); 'needs_full' does not
    offer her."""
    state = _last_round({"queen_short": "what_is_left"}, left)
    assert QUEEN in GAME.legal_actions(state)
    after = _drawn(GAME.apply(state, QUEEN))
    assert sum(after.hands[0]) == left
    assert sum(after.deck) == 0
    assert GAME.current_player(after) == 1
    assert QUEEN not in GAME.legal_actions(_last_round({"queen_short": "needs_full"}, left))


@pytest.mark.rules("sobek.characters.queen")
@pytest.mark.parametrize("reading", ["what_is_left", "needs_full"])
def test_queen_with_the_cards_she_names_left_draws_three_under_both_readings(reading: str) -> None:
    """Document: 'draw 3 cards and add them to your hand': with exactly 3 in the deck both readings play her and
    the hand gains the 3 (the Queen herself gone)."""
    state = _last_round({"queen_short": reading}, 3)
    after = _drawn(GAME.apply(state, QUEEN))
    assert sum(after.hands[0]) == 3
    assert sum(after.deck) == 0


@pytest.mark.rules("sobek.characters.queen")
def test_queen_drawing_from_the_row_with_fewer_cards_along_the_nile() -> None:
    """SOB-031 with SOB-008's 'market' reading, hand calculation: two cards along the Nile, the Queen draws 3:
    'what_is_left' takes both (row empty, hand 2), 'needs_full' does not offer her."""
    row = ["fish", "wheat"]
    for reading, playable in (("what_is_left", True), ("needs_full", False)):
        state = situation(GAME, 3, {"queen_draw": "market", "queen_short": reading}, seats={0: HAND}, row=row)
        assert len(state.row) == len(row)
        assert (QUEEN in GAME.legal_actions(state)) == playable
        if playable:
            after = GAME.apply(state, QUEEN)
            assert sum(after.hands[0]) == len(row)


@pytest.mark.rules("sobek.characters.queen")
def test_queen_short_check_finds_the_divergence_in_seeded_play() -> None:
    """The check's witness is a seeded game from setup (not constructed) that ends where the Queen is played with
    fewer cards in the deck than she draws; its outcomes name both readings and differ."""
    found = characters.check_queen_short(GAME, Budget.quick())
    steps = seeded_witness_steps(GAME, found, ["what_is_left", "needs_full"])
    assert steps[-1][1] == QUEEN
    before = steps[-2][2]
    assert rules.queen_source(before) < GAME.params(GAME.config(3)).queen_draws


@pytest.mark.rules("sobek.characters.priest")
def test_priest_may_name_a_goods_type_absent_from_the_pile() -> None:
    """Decided by the text ('discard all the cards of one goods type from your corruption pile'): the player names a
    goods type; naming Wheat with only a Fish in the pile discards nothing (the Fish stays), and the Priest may be
    played with an empty pile."""
    state = situation(GAME, 2, {}, seats={0: {"hand": {"priest": 1}, "corruption": {"fish": 1}}})
    after = GAME.apply(GAME.apply(state, PRIEST), ChooseGoods(KINDS.index("wheat")))
    assert sum(after.corruption[0]) == 1
    empty = situation(GAME, 2, {}, seats={0: {"hand": {"priest": 1}}})
    assert PRIEST in GAME.legal_actions(empty)
    chosen = GAME.apply(empty, PRIEST)
    assert len(GAME.legal_actions(chosen)) == 6  # document: Ivory, Ebony, Marble, Cattle, Fish, Wheat

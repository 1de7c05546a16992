"""The two audit questions once left open, now findings (issue 19, item 7): SOB-034 (do the cards before the one the
Merchant takes go to the player's corruption pile?) and SOB-035 (may a horizontal set hold characters?).

Expected values are hand counts from seed 002 on written positions: a row of nine cards, the Merchant taking the
ninth (eight before it); a hand of the Merchant (a wheat character, “Merchant (Wheat)”) and wheat cards, with the
seed's set of at least three.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from nilerules.analysis.claims import claim_problems
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.games.sobek.actions import AddCard, Done, PlayCharacter, StartHorizontal, Take
from nilerules.games.sobek.names import CARD_CODES
from nilerules.games.sobek.state import WHEAT, SobekState

MODULE = load("sobek")
GAME = MODULE.game
MERCHANT = CARD_CODES["merchant"]
ROW = ["fish", "wheat", "cattle", "ebony", "marble", "fish", "wheat", "cattle", "ivory"]


def merchant_turn(reading: str) -> SobekState:
    """Seat 0 of three holds the Merchant, nine cards along the Nile."""
    position = {"row": ROW, "seats": {"0": {"hand": {"merchant": 1}}, "1": {}, "2": {}}}
    state: SobekState = GAME.position(GAME.config(3, readings={"merchant_corruption": reading}), position)
    return state


def horizontal_choice(reading: str, wheat: int) -> SobekState:
    """The end of round 1: seat 0, the last to choose, holds the Merchant and ``wheat`` plain wheat cards."""
    position: dict[str, Any] = {
        "phase": "horizontal", "row": [], "horizontal_left": [0],
        "pending": {"choice": "horizontal_sets", "seat": 0},
        "seats": {"0": {"hand": {"merchant": 1, "wheat": wheat}}, "1": {}, "2": {}},
    }
    state: SobekState = GAME.position(GAME.config(3, readings={"horizontal_characters": reading}), position)
    return state


@pytest.mark.rules("sobek.characters.merchant", "sobek.market.skipped")
def test_the_merchant_takes_the_ninth_card_without_corruption_by_default() -> None:
    """`none`: the eight cards before the ninth stay along the Nile and the pile stays empty; the next seat moves."""
    after = GAME.apply(GAME.apply(merchant_turn("none"), PlayCharacter(MERCHANT)), Take(8))
    assert (sum(after.corruption[0]), len(after.row), GAME.current_player(after)) == (0, 8, 1)
    assert after.hands[0][CARD_CODES["ivory"]] == 1


@pytest.mark.rules("sobek.characters.merchant", "sobek.market.skipped")
def test_under_skipped_the_eight_cards_before_go_to_the_merchants_pile() -> None:
    """`skipped`: as for the take action (“All the cards that you skip end up in your corruption pile.”), the eight
    cards before the ninth go to seat 0's pile, and the row is empty: the round's last card is taken."""
    after = GAME.apply(GAME.apply(merchant_turn("skipped"), PlayCharacter(MERCHANT)), Take(8))
    assert (sum(after.corruption[0]), len(after.row)) == (8, 0)
    assert after.corruption[0][CARD_CODES["fish"]] == 2 and after.corruption[0][CARD_CODES["ivory"]] == 0


@pytest.mark.rules("sobek.end.horizontal_limits", "sobek.end.horizontal")
def test_a_character_counts_as_its_goods_type_in_a_horizontal_set_by_default() -> None:
    """`as_goods`: the Merchant and two wheat make three wheat cards: a horizontal wheat set may be started and the
    Merchant may join it."""
    state = horizontal_choice("as_goods", 2)
    assert GAME.legal_actions(state) == (StartHorizontal(WHEAT), Done())
    assert AddCard(MERCHANT) in GAME.legal_actions(GAME.apply(state, StartHorizontal(WHEAT)))


@pytest.mark.rules("sobek.end.horizontal_limits", "sobek.end.horizontal")
def test_under_excluded_no_character_joins_a_horizontal_set() -> None:
    """`excluded`: with two wheat the hand makes no horizontal set (only done); with three wheat the set may be
    started, but the Merchant is not offered, and it goes to the corruption pile with the hand."""
    assert GAME.legal_actions(horizontal_choice("excluded", 2)) == (Done(),)
    state = GAME.apply(horizontal_choice("excluded", 3), StartHorizontal(WHEAT))
    assert AddCard(MERCHANT) not in GAME.legal_actions(state)
    assert AddCard(CARD_CODES["wheat"]) in GAME.legal_actions(state)


@pytest.mark.parametrize(("amb", "other"), [("merchant_corruption", "skipped"), ("horizontal_characters", "excluded")])
def test_the_wordings_claims_hold_and_fail_under_the_other_reading(amb: str, other: str) -> None:
    """Each wording's claim holds under its default and fails under the reading it does not adopt (a broken case)."""
    spec_amb = GAME.spec.ambiguities[amb]
    (claim,) = spec_amb.claims
    assert claim_problems(GAME, spec_amb, claim, None) == []
    assert claim_problems(GAME, spec_amb, dataclasses.replace(claim, reading=other), None) != []


@pytest.mark.parametrize("amb", ["merchant_corruption", "horizontal_characters"])
def test_the_checks_find_the_readings_apart_in_play_and_on_a_written_position(amb: str) -> None:
    """In seeded play (a log whose replay gives each outcome) and, with no playouts, on a written position."""
    played = MODULE.checks[amb](GAME, Budget.quick())
    assert played.verdict.kind == "witness" and played.witness_log is not None and played.figures is not None
    assert all(played.figures(r) == o for r, o in played.outcomes)
    built = MODULE.checks[amb](GAME, Budget(playouts=0))
    assert built.verdict.kind == "witness" and built.constructed and "position" in built.verdict.data
    assert len({o for _, o in built.outcomes}) == 2


def test_the_merchant_fallback_counts_what_its_row_holds() -> None:
    """The written fallback: a full first row of nine, the ninth taken: 0 and 8 cards to the pile (hand count)."""
    outcomes = dict(MODULE.checks["merchant_corruption"](GAME, Budget(playouts=0)).outcomes)
    assert outcomes == {r: f"the Merchant takes card 9 of 9 along the Nile: corruption pile 0 -> {n} card(s)"
                        for r, n in (("none", 0), ("skipped", 8))}

"""The character checks of Sobek: SOB-031, SOB-032 and SOB-034/SOB-035 find their divergences in seeded play (or fall
back to a constructed turn, labelled so), and the wordings' claims hold only under their reading."""

from __future__ import annotations

import dataclasses

import pytest

from nilerules.analysis.claims import claim_problems
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.sobek import characters
from nilerules.core import CHANCE, Witness
from nilerules.games import load_game
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import (
    PlayCharacter,
)
from nilerules.games.sobek.names import CARD_CODES
from tests.helpers import seeded_witness_steps

MODULE = load("sobek")

GAME = load_game("sobek")

VIZIR = CARD_CODES["vizir"]

THIEF = CARD_CODES["thief"]

SCRIBE = CARD_CODES["scribe_fish"]

COURTESAN = CARD_CODES["courtesan"]

TARGETED = (VIZIR, THIEF, SCRIBE, CARD_CODES["scribe_cattle"], COURTESAN)

READINGS = ("no_effect", "needs_target")

QUEEN = PlayCharacter(CARD_CODES["queen"])


@pytest.mark.finding("SOB-034", "SOB-035")
@pytest.mark.parametrize(("amb", "other"), [("merchant_corruption", "skipped"), ("horizontal_characters", "excluded")])
def test_the_wordings_claims_hold_and_fail_under_the_other_reading(amb: str, other: str) -> None:
    """Each wording's claim holds under its default and fails under the reading it does not adopt (a broken case)."""
    spec_amb = GAME.spec.ambiguities[amb]
    (claim,) = spec_amb.claims
    assert claim_problems(GAME, spec_amb, claim, None) == []
    assert claim_problems(GAME, spec_amb, dataclasses.replace(claim, reading=other), None) != []


@pytest.mark.finding("SOB-034", "SOB-035")
@pytest.mark.parametrize("amb", ["merchant_corruption", "horizontal_characters"])
def test_the_checks_find_the_readings_apart_in_play_and_on_a_written_position(amb: str) -> None:
    """In seeded play (a log whose replay gives each outcome) and, with no playouts, on a written position."""
    played = MODULE.checks[amb](GAME, Budget.quick())
    assert played.verdict.kind == "witness" and played.witness_log is not None and played.figures is not None
    assert all(played.figures(r) == o for r, o in played.outcomes)
    built = MODULE.checks[amb](GAME, Budget(playouts=0))
    assert built.verdict.kind == "witness" and built.constructed and "position" in built.verdict.data
    assert len({o for _, o in built.outcomes}) == 2


@pytest.mark.finding("SOB-034", "SOB-035")
def test_the_merchant_fallback_counts_what_its_row_holds() -> None:
    """The written fallback: a full first row of nine, the ninth taken: 0 and 8 cards to the pile (hand count)."""
    outcomes = dict(MODULE.checks["merchant_corruption"](GAME, Budget(playouts=0)).outcomes)
    assert outcomes == {r: f"the Merchant takes card 9 of 9 along the Nile: corruption pile 0 -> {n} card(s)"
                        for r, n in (("none", 0), ("skipped", 8))}


@pytest.mark.finding("SOB-032")
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


@pytest.mark.finding("SOB-032")
@pytest.mark.rules("sobek.actions.play_character")
def test_power_no_target_check_falls_back_to_a_constructed_turn() -> None:
    """With no playouts the check builds the turn: seat 0 holds only the Vizir, every pile empty; its outcomes
    differ (played, hand 1 -> 0; not offered) and it says it is constructed."""
    found = characters.check_power_no_target(GAME, Budget(playouts=0))
    assert isinstance(found.verdict, Witness) and found.constructed
    assert len({o for _, o in found.outcomes}) == 2
    assert "hand 1 -> 0" in dict(found.outcomes)["no_effect"]


@pytest.mark.finding("SOB-031")
@pytest.mark.rules("sobek.characters.queen")
def test_queen_short_check_finds_the_divergence_in_seeded_play() -> None:
    """The check's witness is a seeded game from setup (not constructed) that ends where the Queen is played with
    fewer cards in the deck than she draws; its outcomes name both readings and differ."""
    found = characters.check_queen_short(GAME, Budget.quick())
    steps = seeded_witness_steps(GAME, found, ["what_is_left", "needs_full"])
    assert steps[-1][1] == QUEEN
    before = steps[-2][2]
    assert rules.queen_source(before) < GAME.params(GAME.config(3)).queen_draws

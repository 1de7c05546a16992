"""The round checks of Sobek: SOB-018's claim holds only under ``lowest_chooses``, SOB-033's check finds a character
removed in a seeded set-up, and the track end's early end is unreachable under ``stop``."""

from __future__ import annotations

import dataclasses

import pytest

from nilerules.analysis.claims import claim_problems
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.sobek import rounds
from nilerules.core import Witness
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.sobek.actions import DrawCard
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.state import FIRST_CHAR, SobekState
from tests.helpers import seeded_witness_steps

MODULE = load("sobek")

GAME = load_game("sobek")

GAME_SOB018: SobekGame = load_game("sobek")

READINGS = ("rotate", "lowest_score", "lowest_chooses")

READINGS_SOB033 = ("whole_deck", "goods_only")

CHARACTERS = 1 + 2 + 2 + 1 + 1 + 1 + 1
"""Seed 002's character list, counted by hand."""

GOODS_IN_DECK = 45
"""Seed 002: 'leaving 45 cards'."""


def _setup(reading: str, players: int = 2) -> SobekState:
    return GAME.setup(GAME.config(players, readings={"two_player_removed": reading}))


def _is_character(action: object) -> bool:
    return isinstance(action, DrawCard) and action.item >= FIRST_CHAR


def test_track_end_check_says_the_early_end_is_unreachable_under_stop() -> None:
    """The finding's outcome for ``stop`` says no marker can pass the early-end total; under ``lap`` 94 + 7 = 101
    passes 100 (hand count: the marker starts half a penalty step before the last space, 99 - 5)."""
    result = MODULE.checks["track_end"](GAME, Budget.quick())
    outcomes = dict(result.outcomes)
    assert outcomes["lap"] == "marker at 101; more than 100 points: True"
    assert "no marker can pass 100 under this reading (it stops on 99)" in outcomes["stop"]
    assert result.verdict.data["early_end_reachable"] == {"lap": True, "stop": False}


@pytest.mark.finding("SOB-018")
def test_the_choice_claim_holds_only_under_lowest_chooses() -> None:
    """SOB-018's claim for the wording its reason offers (“the player with the lowest score chooses who starts the
    next round”) holds under `lowest_chooses` and fails under the two readings that have no choice."""
    amb = GAME_SOB018.spec.ambiguities["round_start"]
    (claim,) = [c for c in amb.claims if c.reading == "lowest_chooses"]
    assert claim_problems(GAME_SOB018, amb, claim, None) == []
    for reading in READINGS[:2]:
        assert claim_problems(GAME_SOB018, amb, dataclasses.replace(claim, reading=reading), None) != []


@pytest.mark.finding("SOB-033")
@pytest.mark.rules("sobek.goods.two_players")
def test_two_player_removed_check_finds_a_character_removed_in_seeded_play() -> None:
    """The check's witness is a seeded set-up from setup (not constructed) whose last step removes a character; that
    step is not possible under 'goods_only'; the outcomes name both readings and differ."""
    found = rounds.check_two_player_removed(GAME, Budget.quick())
    steps = seeded_witness_steps(GAME, found, list(READINGS_SOB033))
    last = steps[-1][1]
    assert _is_character(last)
    actions = [s[1] for s in steps]
    state = _setup("goods_only")
    with pytest.raises(IllegalAction):
        for action in actions:
            state = GAME.apply(state, action)
    assert "not possible" in dict(found.outcomes)["goods_only"]


@pytest.mark.finding("SOB-033")
@pytest.mark.rules("sobek.goods.two_players")
def test_two_player_removed_check_falls_back_to_the_first_removal() -> None:
    """With no playouts the check reports the first removal's pile: 54 cards, 9 characters ('whole_deck'); 45
    cards, 0 characters ('goods_only') (hand counts above)."""
    found = rounds.check_two_player_removed(GAME, Budget(playouts=0))
    assert isinstance(found.verdict, Witness)
    outcomes = dict(found.outcomes)
    assert f"{GOODS_IN_DECK + CHARACTERS} cards, {CHARACTERS} of them characters" in outcomes["whole_deck"]
    assert f"{GOODS_IN_DECK} cards, 0 of them characters" in outcomes["goods_only"]

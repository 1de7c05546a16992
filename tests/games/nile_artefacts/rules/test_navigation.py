"""Navigation of Nile Artefacts, pinned against seed 001 (expected values worked out by hand from the seed)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from nilerules.core import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.nile_artefacts.actions import Buy, Draw, Move, Take, TurnAround
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.names import monument_names
from nilerules.games.nile_artefacts.state import PH_BUY, PH_NAV, PH_OFFER, NAState


@cache
def game() -> NileArtefactsGame:
    g: NileArtefactsGame = load_game("nile_artefacts")
    return g


def card(name: str) -> int:
    """The kind of a card, by its name in the spec's card data."""
    return game().params(game().config(2)).cards.index(name)


def nav(
    players: int = 2,
    readings: Mapping[str, str] | None = None,
    board: Mapping[int, list[str]] | None = None,
    **extra: Any,
) -> NAState:
    """Round 1's navigation stage, written in the position format: the first five Monuments of the data visible,
    the given cards under their spaces (by name), seat 0 to move; ``extra`` adds position keys (seats as "0", ...)."""
    g = game()
    data: dict[str, Any] = {
        "phase": "navigation",
        "round": 1,
        "monuments": list(monument_names(g.params(g.config(players)))[:5]),
        "board": {f"space_{space}": names for space, names in (board or {}).items()},
        **extra,
    }
    return g.position(g.config(players, readings=readings), data)


def dealt(readings: Mapping[str, str]) -> NAState:
    """Round 1 reached in play: setup and the seeded chance draws of the first round setup."""
    g = game()
    s = g.setup(g.config(2, readings=readings))
    rng = random.Random(0)
    while g.current_player(s) is CHANCE:
        s = g.apply(s, g.sample_chance(s, rng))
    return s


@pytest.mark.rules("nile_artefacts.navigation.move", "nile_artefacts.navigation.destination")
def test_moves_go_forward_to_spaces_with_cards_or_to_the_far_port() -> None:
    """Facing right from the left Port with cards on spaces 3 and 7: destinations are 3, 7 and the right Port 10."""
    s = nav(board={3: ["eye/fields@3"], 7: ["statue/nile@7"]})
    assert game().legal_actions(s) == (Move(3), Move(7), Move(10))
    with pytest.raises(IllegalAction) as err:
        game().apply(s, Move(5))
    assert err.value.rule_id == "nile_artefacts.navigation.destination"


@pytest.mark.rules("nile_artefacts.navigation.shared_spaces", "nile_artefacts.navigation.take_card")
def test_boats_share_spaces_and_take_one_chosen_card() -> None:
    """Both Boats may stop on space 4 (no Coin there); each takes one card of its choice."""
    eye, statue = card("eye/desert@4"), card("statue/fields@4")
    s = nav(board={4: ["eye/desert@4", "statue/fields@4"]})
    s = game().apply(s, Move(4))
    assert game().legal_actions(s) == (Take(eye), Take(statue))
    s = game().apply(s, Take(statue))
    assert s.hands[0] == (statue,)
    assert s.to_move == 1
    s = game().apply(s, Move(4))
    s = game().apply(s, Take(eye))
    assert s.boats == (4, 4)
    assert s.hands == ((statue,), (eye,))


@pytest.mark.rules("nile_artefacts.navigation.coin_space")
@pytest.mark.parametrize(("reading", "cards"), [("extra_card", 2), ("coin_only", 1)])
def test_a_coin_space_gives_a_coin_and_under_the_literal_reading_a_second_card(reading: str, cards: int) -> None:
    """Seed: 'In addition ... take one card ... and one Coin' (space 2 shows a Coin in the assumed board)."""
    s = nav(readings={"coin_space": reading}, board={2: ["eye/desert@2", "statue/nile@2", "cat/desert@2"]})
    s = game().apply(s, Move(2))
    while s.to_move == 0 and s.phase == PH_NAV:
        s = game().apply(s, game().legal_actions(s)[0])
    assert (len(s.hands[0]), s.coins[0], s.stock) == (cards, 1, 29)
    assert len(s.board[2]) == 3 - cards


@pytest.mark.rules("nile_artefacts.navigation.coin_space")
def test_a_coin_space_with_one_card_gives_that_card_and_the_coin() -> None:
    """'at least one Artifact card': with one card there, take it and the Coin."""
    s = nav(board={5: ["eye/fields@5"]})
    s = game().apply(s, Move(5))
    s = game().apply(s, Take(card("eye/fields@5")))
    assert (s.hands[0], s.coins[0]) == ((card("eye/fields@5"),), 1)
    assert s.to_move == 1


@pytest.mark.rules("nile_artefacts.navigation.port_coin", "nile_artefacts.navigation.port_turns")
def test_reaching_a_port_gives_a_coin_turns_the_boat_and_ends_its_stage() -> None:
    """Seed: take one Coin; the Boat turns round and can no longer navigate this stage."""
    s = nav(board={3: ["eye/fields@3"]})
    s = game().apply(s, Move(10))
    assert (s.boats[0], s.facing[0], s.docked[0], s.coins[0]) == (10, -1, True, 1)
    assert s.to_move == 1


@pytest.mark.rules(
    "nile_artefacts.navigation.order",
    "nile_artefacts.navigation.turn_end",
    "nile_artefacts.navigation.port_wait",
    "nile_artefacts.ref.port_coin_each_turn",
)
def test_turns_rotate_and_a_docked_boat_earns_a_coin_instead_of_a_turn() -> None:
    """3 players: seat 0 docks (1 Coin), seat 1 moves, seat 2 moves, seat 0's turn earns a Coin and seat 1 plays."""
    s = nav(players=3, board={3: ["eye/fields@3", "statue/desert@3", "figure/desert@3"], 6: ["eye/nile@6"]})
    s = game().apply(s, Move(10))
    assert s.to_move == 1
    s = game().apply(game().apply(s, Move(3)), Take(card("eye/fields@3")))
    assert s.to_move == 2
    s = game().apply(game().apply(s, Move(3)), Take(card("statue/desert@3")))
    assert s.to_move == 1
    assert s.coins[0] == 2


@pytest.mark.rules("nile_artefacts.navigation.stage_end", "nile_artefacts.navigation.leftovers")
def test_the_stage_ends_when_every_boat_is_in_a_port_and_cards_stay() -> None:
    """Both Boats reach the right Port: the stage ends at once; the card left on space 3 stays there."""
    s = nav(board={3: ["eye/fields@3"]})
    s = game().apply(s, Move(10))
    s = game().apply(s, Move(10))
    assert s.phase == PH_OFFER
    assert s.board[3] == (card("eye/fields@3"),)


@pytest.mark.rules("nile_artefacts.navigation.stage_end")
def test_the_next_stage_starts_with_boats_free_to_leave_the_port() -> None:
    """Reading stage_reset: after a round the Boats in the right Port face left and may move."""
    s = nav(board={3: ["eye/fields@3"]})
    s = game().apply(game().apply(s, Move(10)), Move(10))
    while s.phase != PH_NAV:
        s = (
            game().apply(s, game().legal_actions(s)[-1])
            if game().current_player(s) is not CHANCE
            else game().apply(s, game().chance_outcomes(s)[0][0])
        )
    assert s.boats == (10, 10)
    assert s.facing == (-1, -1)
    assert s.docked == (False, False)
    assert Move(0) in game().legal_actions(s)


@pytest.mark.rules("nile_artefacts.navigation.stage_end")
def test_read_literally_every_stage_ends_before_anyone_moves() -> None:
    """Reading literal: every Boat starts in a Port, so navigation is skipped (NA-006)."""
    s = dealt({"port_start": "literal"})
    assert s.phase == PH_OFFER
    assert s.boats == (0, 0)


@pytest.mark.rules("nile_artefacts.navigation.turn_around")
def test_turning_around_costs_three_coins_once_before_moving() -> None:
    """Seed: spend 3 Coins to turn round; the Boat then moves the other way (not offered in a Port)."""
    board = {3: ["eye/fields@3"], 6: ["eye/nile@6"]}
    assert TurnAround() not in game().legal_actions(nav(board=board, **{"0": {"coins": 3}}))
    s = nav(board=board, **{"0": {"boat": "space_6", "coins": 3}})
    assert game().legal_actions(s)[0] == TurnAround()
    s = game().apply(s, TurnAround())
    assert (s.facing[0], s.coins[0], s.stock) == (-1, 0, 30)
    assert game().legal_actions(s) == (Move(0), Move(3))
    again = nav(board=board, turned_around=True, **{"0": {"boat": "space_6", "coins": 3, "facing": "left"}})
    with pytest.raises(IllegalAction) as err:
        game().apply(again, TurnAround())
    assert err.value.rule_id == "nile_artefacts.navigation.turn_around"


@pytest.mark.rules("nile_artefacts.navigation.buy")
def test_buying_costs_three_coins_draws_the_top_card_and_can_repeat() -> None:
    """Seed: 3 Coins for the top card of the pile, several times if you have the Coins."""
    s = nav(board={3: ["eye/fields@3"]}, **{"0": {"coins": 6}})
    assert s.stock == 24
    s = game().apply(s, Buy())
    assert s.phase == PH_BUY and game().current_player(s) is CHANCE
    kind = game().chance_outcomes(s)[0][0]
    assert isinstance(kind, Draw)
    s = game().apply(s, kind)
    assert (s.phase, s.hands[0], s.coins[0], s.stock) == (PH_NAV, (kind.kind,), 3, 27)
    s = game().apply(s, Buy())
    s = game().apply(s, game().chance_outcomes(s)[0][0])
    assert s.coins[0] == 0
    assert Buy() not in game().legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        game().apply(s, Buy())
    assert err.value.rule_id == "nile_artefacts.navigation.buy"


def test_an_empty_coin_stock_is_reported_not_a_crash() -> None:
    """NA-008: a Coin due from an empty stock is noted as supply_exhausted (limited: no Coin)."""
    s = nav(board={3: ["eye/fields@3"]}, **{"1": {"coins": 30}})
    assert s.stock == 0
    s = game().apply(s, Move(10))
    assert s.coins[0] == 0
    assert [d.kind for d in game().diagnostics(s)] == ["supply_exhausted"]

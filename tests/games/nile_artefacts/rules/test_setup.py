"""Setup and round setup of Nile Artefacts, pinned against seed 001 (expected values from the seed text)."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from nilerules.core import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.nile_artefacts.actions import Draw, Reveal
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.state import PH_DEAL, PH_NAV, PH_REVEAL, NAState, evolve


@cache
def game() -> NileArtefactsGame:
    g: NileArtefactsGame = load_game("nile_artefacts")
    return g


def reveal_all(state: NAState) -> NAState:
    """Reveal the five setup Monuments (lowest unseen first)."""
    while state.phase == PH_REVEAL:
        state = game().apply(state, game().chance_outcomes(state)[0][0])
    return state


@pytest.mark.rules(
    "nile_artefacts.setup.coin_stock",
    "nile_artefacts.setup.artifact_pile",
    "nile_artefacts.setup.boats",
    "nile_artefacts.setup.scores",
    "nile_artefacts.setup.first_player",
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_puts_coins_cards_boats_and_scores_where_the_seed_says(players: int) -> None:
    """Seed: 30 Coins in a stock, 54 cards in the pile, Boats in the left Port facing right, scores 0. Seat 0 first
    is the model's convention for the seed's 'most recently helped build a building' (not a seed value)."""
    s = game().setup(game().config(players))
    assert (s.stock, sum(s.coins)) == (30, 0)
    assert sum(s.deck) == 54
    assert s.boats == (0,) * players
    assert s.facing == (1,) * players
    assert s.scores == (0,) * players
    assert s.first == 0


@pytest.mark.rules("nile_artefacts.setup.monuments_removed", "nile_artefacts.setup.monuments_visible")
def test_setup_reveals_five_of_eighteen_monuments_uniformly_and_keeps_seven_in_the_pile() -> None:
    """Seed: remove 6 unseen, turn over 5, the rest (18 - 6 - 5 = 7) form the pile; each unseen is equally likely."""
    s = game().setup(game().config(2))
    outcomes = game().chance_outcomes(s)
    assert len(outcomes) == 18
    assert {p for _, p in outcomes} == {Fraction(1, 18)}
    s = game().apply(s, Reveal(4))
    assert len(game().chance_outcomes(s)) == 17
    with pytest.raises(IllegalAction) as err:
        game().apply(s, Reveal(4))
    assert err.value.rule_id == "nile_artefacts.setup.monuments_visible"
    s = reveal_all(s)
    assert len(s.visible) == 5
    assert s.pile == 7


@pytest.mark.rules("nile_artefacts.setup.worshipers")
def test_every_player_starts_at_the_bottom_of_each_visible_monument() -> None:
    """Seed: a Worshiper of each colour at the bottom (level 0) of each visible Monument."""
    s = reveal_all(game().setup(game().config(3)))
    assert s.levels == ((0, 0, 0),) * 5


@pytest.mark.rules("nile_artefacts.round_setup.draw", "nile_artefacts.round.stages")
@pytest.mark.parametrize(("players", "cards"), [(2, 8), (3, 9), (4, 12)])
def test_round_setup_draws_8_9_12_cards_then_navigation_starts(players: int, cards: int) -> None:
    """Seed: 8 cards for 2 players, 9 for 3, 12 for 4; then the Navigation stage."""
    s = reveal_all(game().setup(game().config(players)))
    assert (s.phase, s.pending, s.round) == (PH_DEAL, cards, 1)
    rng = random.Random(0)
    draws = 0
    while game().current_player(s) is CHANCE:
        s = game().apply(s, game().sample_chance(s, rng))
        draws += 1
    assert draws == cards
    assert s.phase == PH_NAV
    assert sum(len(b) for b in s.board) == cards
    assert sum(s.deck) == 54 - cards


@pytest.mark.rules("nile_artefacts.round_setup.draw")
def test_a_draw_is_a_chance_node_over_kinds_left_with_count_over_total() -> None:
    """A shuffled pile is a multiset: a kind with 2 of 3 cards left is drawn with probability 2/3 (hand count). The
    card data has one card of each kind, so the pile is a hand-edited state (no position can hold two of a kind)."""
    s = reveal_all(game().setup(game().config(2)))
    deck = [0] * len(s.deck)
    deck[0], deck[5] = 2, 1
    s = evolve(s, deck=tuple(deck))
    assert dict(game().chance_outcomes(s)) == {Draw(0): Fraction(2, 3), Draw(5): Fraction(1, 3)}
    with pytest.raises(IllegalAction):
        game().apply(s, Draw(1))


@pytest.mark.rules("nile_artefacts.round_setup.place", "nile_artefacts.round_setup.accumulate")
def test_a_drawn_card_goes_under_its_space_next_to_cards_already_there() -> None:
    """Seed: cards go to the space at their top, even where earlier cards remain."""
    p = game().params(game().config(2))
    earlier, drawn = p.cards.index("statue/desert@1"), p.cards.index("eye/nile@1")
    data = {"phase": "deal", "round": 2, "board": {"space_1": ["statue/desert@1"]}}
    s = game().position(game().config(2), data)
    s = game().apply(s, Draw(drawn))
    assert sorted(s.board[1]) == sorted([earlier, drawn])


def test_sample_chance_agrees_with_chance_outcomes() -> None:
    """The fast sampler only returns outcomes listed by chance_outcomes, at roughly their probabilities."""
    s = reveal_all(game().setup(game().config(4)))
    rng = random.Random(3)
    listed = dict(game().chance_outcomes(s))
    seen: dict[object, int] = {}
    for _ in range(3000):
        a = game().sample_chance(s, rng)
        assert a in listed
        seen[a] = seen.get(a, 0) + 1
    for action, prob in listed.items():
        assert abs(seen.get(action, 0) / 3000 - float(prob)) < 0.03

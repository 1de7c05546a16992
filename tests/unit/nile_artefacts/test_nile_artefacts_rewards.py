"""Rewards, the end of the game and the tie-break (expected values from seed 001's tables and hand calculation)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nilerules.core import CHANCE
from nilerules.games import load
from nilerules.games.nile_artefacts.actions import Done, Reveal
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.scoring import ranking
from nilerules.games.nile_artefacts.state import PH_DEAL, PH_OFFER, PH_OVER, PH_REVEAL, NAState, evolve


@cache
def game() -> NileArtefactsGame:
    g: NileArtefactsGame = load("nile_artefacts").game
    return g


def offer_phase(players: int, readings: dict[str, str] | None = None) -> NAState:
    """Round 1's offering phase reached by a seeded game in which every Boat sails straight to the far Port."""
    g = game()
    s = g.setup(g.config(players, readings=readings))
    rng = random.Random(5)
    while s.phase != PH_OFFER:
        chance = g.current_player(s) is CHANCE
        s = g.apply(s, g.sample_chance(s, rng) if chance else g.legal_actions(s)[-1])
    return s


def all_done(s: NAState) -> NAState:
    while s.phase == PH_OFFER:
        s = game().apply(s, Done())
    return s


@pytest.mark.rules("nile_artefacts.rewards.completed")
def test_a_completed_monument_pays_10_5_2_0_to_every_player() -> None:
    """Seed reward table: levels 3/2/1/0 earn 10/5/2/0 points, whatever the Monument."""
    s = offer_phase(4)
    assert s.scores == (0, 0, 0, 0) and s.levels[1:] == ((0, 0, 0, 0),) * 4
    levels = ((3, 2, 1, 0), *s.levels[1:])
    s = all_done(evolve(s, levels=levels, phase_levels=levels))
    assert s.scores == (10, 5, 2, 0)


@pytest.mark.rules("nile_artefacts.rewards.completed")
def test_an_incomplete_monument_pays_nothing_in_the_reward_phase() -> None:
    """Only Monuments with a Worshiper on the top level score in the reward phase."""
    s = offer_phase(2)
    levels = ((2, 2), *s.levels[1:])
    s = all_done(evolve(s, levels=levels, phase_levels=levels))
    assert s.scores == (0, 0)
    assert len(s.visible) == 5


@pytest.mark.rules("nile_artefacts.rewards.replace")
def test_completed_monuments_are_replaced_from_the_pile_with_new_worshipers_at_the_bottom() -> None:
    """Seed: discard completed Monuments, refill to 5 from the pile, a Worshiper per player at the bottom."""
    s = offer_phase(2)
    gone = s.visible[0]
    levels = ((3, 0), *s.levels[1:])
    s = all_done(evolve(s, levels=levels, phase_levels=levels))
    assert s.phase == PH_REVEAL and game().current_player(s) is CHANCE
    assert gone not in [a.monument for a, _ in game().chance_outcomes(s) if isinstance(a, Reveal)]
    new = game().chance_outcomes(s)[0][0]
    s = game().apply(s, new)
    assert isinstance(new, Reveal)
    assert gone not in s.visible and s.visible[-1] == new.monument
    assert s.levels[-1] == (0, 0)
    assert s.pile == 6


@pytest.mark.rules("nile_artefacts.rewards.first_player")
def test_the_first_player_token_passes_left_after_the_rewards() -> None:
    """Seed: the First Player token goes to the player on the left (seat 0 -> 1 of 3)."""
    s = all_done(offer_phase(3))
    assert s.phase == PH_DEAL
    assert (s.first, s.round) == (1, 2)


@pytest.mark.rules("nile_artefacts.end.trigger")
def test_turning_the_last_monument_of_the_pile_means_one_more_round() -> None:
    """Seed: the last pile card triggers the end; one last round is played, then the game ends."""
    s = offer_phase(2)
    levels = ((3, 0), *s.levels[1:])
    s = evolve(s, levels=levels, phase_levels=levels, pile=1)
    s = all_done(s)
    s = game().apply(s, game().chance_outcomes(s)[0][0])
    assert (s.pile, s.final_round, s.round) == (0, 2, 2)
    rng = random.Random(0)
    while s.phase != PH_OVER:
        assert s.round == 2
        if game().current_player(s) is CHANCE:
            s = game().apply(s, game().sample_chance(s, rng))
        else:
            s = game().apply(s, game().legal_actions(s)[-1])
    assert s.round == 2


@pytest.mark.rules("nile_artefacts.end.incomplete")
def test_incomplete_monuments_pay_5_and_2_at_the_end() -> None:
    """Seed: at the end each Worshiper on an incomplete Monument earns 5 at level 2 and 2 at level 1.
    By hand: Monument 0 at levels (2, 1, 0) pays (5, 2, 0), Monument 1 at (1, 1, 2) pays (2, 2, 5); the other three
    stay at level 0: (7, 4, 5)."""
    s = offer_phase(3)
    assert s.levels[2:] == ((0, 0, 0),) * 3 and s.scores == (0, 0, 0)
    levels = ((2, 1, 0), (1, 1, 2), *s.levels[2:])
    s = evolve(s, levels=levels, phase_levels=levels, pile=0, final_round=1)
    s = all_done(s)
    assert s.phase == PH_OVER
    assert s.scores == (7, 4, 5)


@pytest.mark.rules("nile_artefacts.end.winner", "nile_artefacts.end.tie_break")
def test_most_points_wins_and_a_tie_goes_to_most_cards() -> None:
    """Seed: most points wins; a tie goes to the player with most Artifact cards in front of them."""
    s = evolve(offer_phase(3), phase=PH_OVER, scores=(20, 20, 25), hands=((1,), (2, 3), ()))
    r = ranking(s)
    assert r.places == ((2,), (1,), (0,))
    s = evolve(s, hands=((1,), (2,), ()))
    assert ranking(s).places == ((2,), (0, 1))
    assert ranking(s).open_tie
    assert [d.kind for d in game().diagnostics(s)].count("open_tie") == 1


@pytest.mark.rules("nile_artefacts.ref.model_cap")
def test_a_game_that_never_ends_is_stopped_at_the_cap_and_reported() -> None:
    """NA-012: nobody ever offers, so no Monument completes; the model stops at max_rounds with no_progress."""
    g = game()
    s = g.setup(g.config(2))
    rng = random.Random(2)
    while s.phase != PH_OVER:
        if g.current_player(s) is CHANCE:
            s = g.apply(s, g.sample_chance(s, rng))
        elif s.phase == PH_OFFER:
            s = g.apply(s, Done())
        else:
            s = g.apply(s, rng.choice(g.legal_actions(s)))
    assert s.round == s.params.max_rounds
    assert "no_progress" in [d.kind for d in g.diagnostics(s)]


@pytest.mark.rules("nile_artefacts.round_setup.draw")
@pytest.mark.parametrize(("reading", "dealt"), [("reshuffle", 8), ("stop", 0)])
def test_an_empty_pile_is_reshuffled_or_not_and_reported(reading: str, dealt: int) -> None:
    """NA-007: round 2's deal from an empty pile with every unheld card in the discard: 8 cards (reshuffle) or
    none (stop); either way a supply_exhausted diagnostic, never a crash."""
    s = offer_phase(2, {"deck_exhausted": reading})
    discard = list(s.deck)
    for space in s.board:
        for k in space:
            discard[k] += 1
    s = evolve(s, deck=(0,) * len(discard), discard=tuple(discard), board=((),) * len(s.board))
    s = all_done(s)
    rng = random.Random(0)
    while game().current_player(s) is CHANCE:
        s = game().apply(s, game().sample_chance(s, rng))
    assert s.round == 2
    assert sum(len(b) for b in s.board) == dealt
    assert "supply_exhausted" in [d.kind for d in game().diagnostics(s)]
    assert game().invariants(s) == ()

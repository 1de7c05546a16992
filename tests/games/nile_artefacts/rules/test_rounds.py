"""Rewards, the end of the game and the tie-break (expected values from seed 001's tables and hand calculation)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from nilerules.core import CHANCE
from nilerules.games import load_game
from nilerules.games.nile_artefacts.actions import Done, Reveal
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.names import monument_names
from nilerules.games.nile_artefacts.scoring import ranking
from nilerules.games.nile_artefacts.state import PH_DEAL, PH_OFFER, PH_OVER, PH_REVEAL, NAState


@cache
def game() -> NileArtefactsGame:
    g: NileArtefactsGame = load_game("nile_artefacts")
    return g


def offer_phase(
    players: int,
    readings: dict[str, str] | None = None,
    levels: Sequence[Sequence[int]] = (),
    **extra: Any,
) -> NAState:
    """Round 1's offering phase, written in the position format: the first five Monuments of the data visible,
    ``levels[i]`` the seats' levels on the i-th of them (0 when not given), no cards in hand, seat 0 to offer;
    ``extra`` adds position keys."""
    g = game()
    rows = [list(r) for r in levels] + [[0] * players for _ in range(5 - len(levels))]
    data: dict[str, Any] = {
        "phase": "offerings",
        "round": 1,
        "monuments": list(monument_names(g.params(g.config(players)))[:5]),
        **{str(seat): {"levels": [row[seat] for row in rows]} for seat in range(players)},
        **extra,
    }
    return g.position(g.config(players, readings=readings), data)


def all_done(s: NAState) -> NAState:
    while s.phase == PH_OFFER:
        s = game().apply(s, Done())
    return s


@pytest.mark.rules("nile_artefacts.rewards.completed")
def test_a_completed_monument_pays_10_5_2_0_to_every_player() -> None:
    """Seed reward table: levels 3/2/1/0 earn 10/5/2/0 points, whatever the Monument; the breakdown files each under
    the level it was earned at."""
    s = offer_phase(4, levels=[(3, 2, 1, 0)])
    assert s.scores == (0, 0, 0, 0) and s.levels[1:] == ((0, 0, 0, 0),) * 4
    s = all_done(s)
    assert s.scores == (10, 5, 2, 0)
    by_level = [{k: v for k, v in seat.items() if v} for seat in game().score_breakdown(s)]
    assert by_level == [{"completed_level_3": 10}, {"completed_level_2": 5}, {"completed_level_1": 2}, {}]
    assert list(s.completed) == [(0, 0, 0, 1), (0, 0, 1, 0), (0, 1, 0, 0), (1, 0, 0, 0)]


@pytest.mark.rules("nile_artefacts.rewards.completed")
def test_an_incomplete_monument_pays_nothing_in_the_reward_phase() -> None:
    """Only Monuments with a Worshiper on the top level score in the reward phase."""
    s = all_done(offer_phase(2, levels=[(2, 2)]))
    assert s.scores == (0, 0)
    assert len(s.visible) == 5


@pytest.mark.rules("nile_artefacts.rewards.replace")
def test_completed_monuments_are_replaced_from_the_pile_with_new_worshipers_at_the_bottom() -> None:
    """Seed: discard completed Monuments, refill to 5 from the pile, a Worshiper per player at the bottom."""
    s = offer_phase(2, levels=[(3, 0)])
    gone = s.visible[0]
    s = all_done(s)
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
    s = all_done(offer_phase(2, levels=[(3, 0)], monument_pile=1))
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
    s = offer_phase(3, levels=[(2, 1, 0), (1, 1, 2)], monument_pile=0, last_round=1)
    assert s.levels[2:] == ((0, 0, 0),) * 3 and s.scores == (0, 0, 0)
    s = all_done(s)
    assert s.phase == PH_OVER
    assert s.scores == (7, 4, 5)


@pytest.mark.rules("nile_artefacts.end.winner", "nile_artefacts.end.tie_break")
def test_most_points_wins_and_a_tie_goes_to_most_cards() -> None:
    """Seed: most points wins; a tie goes to the player with most Artifact cards in front of them."""

    def end(cards: tuple[list[str], list[str]]) -> NAState:
        seats = {"0": {"score": 20, "cards": cards[0]}, "1": {"score": 20, "cards": cards[1]}, "2": {"score": 25}}
        return game().position(game().config(3), {"phase": "over", **seats})

    r = ranking(end((["eye/nile@6"], ["eye/nile@8", "eye/desert@2"])))
    assert r.places == ((2,), (1,), (0,))
    s = end((["eye/nile@6"], ["eye/nile@8"]))
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
    p = game().params(game().config(2))
    every_card = [name for name, count in zip(p.cards, p.card_count, strict=True) for _ in range(count)]
    s = offer_phase(2, {"deck_exhausted": reading}, discard=every_card)
    assert s.left == 0
    s = all_done(s)
    rng = random.Random(0)
    while game().current_player(s) is CHANCE:
        s = game().apply(s, game().sample_chance(s, rng))
    assert s.round == 2
    assert sum(len(b) for b in s.board) == dealt
    assert "supply_exhausted" in [d.kind for d in game().diagnostics(s)]
    assert game().invariants(s) == ()

"""Sobek's rounds (``games/sobek/rules/rounds.py``): the round end, sets kept, the game's end, and SOB-018's
``lowest_chooses`` (the lowest scorer chooses who starts the next round).

Expected values are hand counts from seed 002's sentences (cited in each docstring), never the code's output.
"""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.core import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.sobek.actions import (
    ChooseStart,
    Done,
    Take,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.rules.common import ZERO
from nilerules.games.sobek.state import (
    FISH,
    HORIZONTAL,
    IVORY,
    K_HPHASE,
    OVER,
    WHEAT,
    Pending,
    PlayedSet,
    SobekState,
)
from tests.games.sobek.positions import hand_of, plain, position, valued


def scored(game: SobekGame, hand: tuple[int, ...], readings: dict[str, str] | None = None,
           **changes: object) -> SobekState:
    """The round scored: seat 1, the last to choose horizontal sets, is done (seat 0, done before, holds ``hand``)."""
    base: dict[str, object] = {"hands": (hand, ZERO), "row": (), "phase": HORIZONTAL,
                               "pending": Pending(K_HPHASE, 1), "hphase_left": (1,)}
    base.update(changes)
    return game.apply(position(game, 2, readings or {}, **base), Done())


GAME: SobekGame = load_game("sobek")


def last_choice_of_round_one(reading: str, scores: tuple[int, int, int], start: int = 0) -> SobekState:
    """A 3-player round 1 at its end: seat 2, the last to choose horizontal sets, has nothing left to play."""
    position: dict[str, Any] = {
        "phase": "horizontal", "row": [], "start_player": start, "horizontal_left": [2],
        "pending": {"choice": "horizontal_sets", "seat": 2},
        "seats": {str(p): {"score": s} for p, s in enumerate(scores)},
    }
    state: SobekState = GAME.position(GAME.config(3, readings={"round_start": reading}), position)
    return state


def to_first_decision(state: SobekState) -> SobekState:
    """Round 2's draws, each the first outcome listed (who starts does not depend on what is drawn)."""
    while GAME.current_player(state) == CHANCE:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    return state


@pytest.mark.rules("sobek.end.hand_to_corruption", "sobek.end.penalty_applied", "sobek.end.set_scoring")
def test_round_end_hand_to_corruption_then_score_then_penalty(game: SobekGame) -> None:
    """Seed: hands to corruption; sets scored (2 valued Ivory + 1 plain = 6 scarabs x 3 = 18 points); the most
    corrupt (seat 0: 2 cards left in hand) moves back one lot from 18 (3rd symbol, ankh) to the ankh on 13."""
    ivory = PlayedSet(IVORY, (valued(IVORY), valued(IVORY), plain(IVORY)))
    after = scored(game, hand_of(plain(FISH), plain(WHEAT)), sets=((ivory,), ()), scores=(0, 0))
    assert after.scores == (13, 0)
    assert after.round == 1 and after.corruption == (ZERO, ZERO) and after.sets == ((), ())


@pytest.mark.rules("sobek.end.sets_cleared")
def test_sets_kept_between_rounds_score_again_under_keep(game: SobekGame) -> None:
    """Reading 'keep': the Ivory set stays on the table; 'discard' clears it. Either way it scores this round, by
    hand: 3 scarabs (one valued Ivory, reference) x 3 cards = 9; both piles are empty, so both players tie as most
    corrupt (seed: all tied players are penalised), but 9 points is no full lot of 10: no move back."""
    ivory = PlayedSet(IVORY, (valued(IVORY), plain(IVORY), plain(IVORY)))
    for reading, expected in (("discard", ((), ())), ("keep", ((ivory,), ()))):
        after = scored(game, ZERO, {"sets_between_rounds": reading}, sets=((ivory,), ()), scores=(0, 0))
        assert after.sets == expected
        assert after.scores == (9, 0)


@pytest.mark.rules("sobek.game_end.rounds", "sobek.theme.rounds", "sobek.theme.goal")
def test_the_game_ends_after_three_rounds_and_most_points_win(game: SobekGame) -> None:
    """Seed: 3 rounds; the most money wins."""
    after = scored(game, ZERO, round=2, scores=(30, 40))
    assert after.phase == OVER and game.current_player(after) is None
    assert game.ranking(after).places == ((1,), (0,))
    with pytest.raises(IllegalAction):
        game.apply(after, Take(0))


@pytest.mark.rules("sobek.game_end.early")
def test_more_than_100_points_ends_the_game_after_the_round(game: SobekGame) -> None:
    """Seed: more than 100 points ends the game early (checked after the penalty, BGA); exactly 100 does not."""
    assert scored(game, ZERO, round=0, scores=(101, 40)).phase == OVER
    assert scored(game, ZERO, round=0, scores=(100, 40)).phase != OVER


@pytest.mark.finding("SOB-018")
@pytest.mark.rules("sobek.turn.next_player")
def test_the_lowest_scorer_chooses_any_seat_and_that_seat_starts_round_two() -> None:
    """Scores 10, 5, 0: seat 2 is lowest and chooses among all three seats, its own included; choosing seat 0 (the
    leader) gives seat 0 the first turn of round 2 after the deal."""
    after = GAME.apply(last_choice_of_round_one("lowest_chooses", (10, 5, 0)), Done())
    assert GAME.current_player(after) == 2
    assert GAME.legal_actions(after) == (ChooseStart(0), ChooseStart(1), ChooseStart(2))
    first = to_first_decision(GAME.apply(after, ChooseStart(0)))
    assert (first.round, first.start_player, GAME.current_player(first)) == (1, 0, 0)


@pytest.mark.finding("SOB-018")
@pytest.mark.rules("sobek.turn.next_player")
def test_a_tie_for_lowest_goes_to_the_first_from_the_previous_start_player() -> None:
    """Scores 0, 5, 0 with seat 1 the start player: seats 0 and 2 tie; from seat 1 on the order is 1, 2, 0, so seat
    2 chooses (the same tie rule as `lowest_score`, not Yucata's draw)."""
    after = GAME.apply(last_choice_of_round_one("lowest_chooses", (0, 5, 0), start=1), Done())
    assert GAME.current_player(after) == 2


@pytest.mark.finding("SOB-018")
@pytest.mark.rules("sobek.turn.next_player")
@pytest.mark.parametrize("reading", ["rotate", "lowest_score"])
def test_the_choice_is_no_move_under_the_other_readings(reading: str) -> None:
    """Under `rotate` and `lowest_score` nobody chooses: round 2's deal follows the end of round 1 (chance moves), and
    `{start = 0}` is refused there; round 2's start player is seat 1 (left of seat 0) or seat 2 (lowest)."""
    after = GAME.apply(last_choice_of_round_one(reading, (10, 5, 0)), Done())
    assert GAME.current_player(after) == CHANCE
    with pytest.raises(IllegalAction):
        GAME.apply(after, ChooseStart(0))
    assert to_first_decision(after).start_player == {"rotate": 1, "lowest_score": 2}[reading]


@pytest.mark.finding("SOB-018")
def test_the_choice_is_written_as_the_positions_page_writes_it() -> None:
    """docs/positions.md: `{start = 2}`; the pending choice is `start_player`."""
    assert str(GAME.action("{start = 2}")) == "{start = 2}"
    assert GAME.action("{start = 2}") == ChooseStart(2)
    after = GAME.apply(last_choice_of_round_one("lowest_chooses", (10, 5, 0)), Done())
    assert GAME.position_data(after)["pending"] == {"choice": "start_player", "seat": 2}


@pytest.mark.finding("SOB-018")
@pytest.mark.parametrize(("reading", "changes"), [
    ("rotate", {}),
    ("lowest_chooses", {"round": 1}),
    ("lowest_chooses", {"row": ["fish"]}),
])
def test_a_written_start_choice_outside_its_reading_or_moment_is_refused(reading: str, changes: dict[str, Any]) -> None:
    """The choice exists only under `lowest_chooses`, between rounds (round 2 on, no card along the Nile): a written
    position with it elsewhere is refused by the invariants, so `{start = 0}` cannot become legal under `rotate`."""
    from nilerules.errors import NileRulesError

    position: dict[str, Any] = {"round": 2, "row": [], "pending": {"choice": "start_player", "seat": 0}, **changes}
    with pytest.raises(NileRulesError, match="start_player"):
        GAME.position(GAME.config(3, readings={"round_start": reading}), position)
    assert GAME.position(GAME.config(3, readings={"round_start": "lowest_chooses"}),
                         {**position, "round": 2, "row": []}).pending is not None


@pytest.mark.finding("SOB-018")
def test_the_choice_met_in_play_keeps_every_invariant() -> None:
    """The state the rules reach when the lowest scorer is to choose (the end of round 1, every seat done with its
    horizontal sets: none is left to choose them) is one the invariants accept; the stateful test found them
    refusing it ("no seat left to choose horizontal sets"), and the choice is also written out and read back."""
    from nilerules.games.sobek.invariants import invariants

    state = GAME.position(GAME.config(3, readings={"round_start": "lowest_chooses"}),
                          {"phase": "horizontal", "row": [], "horizontal_left": [2],
                           "pending": {"choice": "horizontal_sets", "seat": 2},
                           "seats": {"0": {"score": 10}, "1": {"score": 5}, "2": {"score": 0}}})
    state = GAME.apply(state, Done())
    assert GAME.current_player(state) == 2 and ChooseStart(0) in GAME.legal_actions(state)
    assert not invariants(state)
    assert GAME.position(state.config, GAME.position_data(state)) == state

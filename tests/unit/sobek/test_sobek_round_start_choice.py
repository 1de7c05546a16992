"""SOB-018's `lowest_chooses`: the lowest scorer chooses who starts the next round (the rule the reference's Yucata
line presupposes: “several players tied for lowest score → random choice of who picks the next start player”).

Expected values are hand counts on written end-of-round positions: the scores are written, no set or corruption
changes them (empty hands and piles: every seat ties as most corrupt with no set points, a penalty of 0).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from nilerules.analysis.claims import claim_problems
from nilerules.core import CHANCE
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.sobek.actions import ChooseStart, Done
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.state import SobekState

GAME: SobekGame = load_game("sobek")
READINGS = ("rotate", "lowest_score", "lowest_chooses")


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


@pytest.mark.rules("sobek.turn.next_player")
def test_the_lowest_scorer_chooses_any_seat_and_that_seat_starts_round_two() -> None:
    """Scores 10, 5, 0: seat 2 is lowest and chooses among all three seats, its own included; choosing seat 0 (the
    leader) gives seat 0 the first turn of round 2 after the deal."""
    after = GAME.apply(last_choice_of_round_one("lowest_chooses", (10, 5, 0)), Done())
    assert GAME.current_player(after) == 2
    assert GAME.legal_actions(after) == (ChooseStart(0), ChooseStart(1), ChooseStart(2))
    first = to_first_decision(GAME.apply(after, ChooseStart(0)))
    assert (first.round, first.start_player, GAME.current_player(first)) == (1, 0, 0)


@pytest.mark.rules("sobek.turn.next_player")
def test_a_tie_for_lowest_goes_to_the_first_from_the_previous_start_player() -> None:
    """Scores 0, 5, 0 with seat 1 the start player: seats 0 and 2 tie; from seat 1 on the order is 1, 2, 0, so seat
    2 chooses (the same tie rule as `lowest_score`, not Yucata's draw)."""
    after = GAME.apply(last_choice_of_round_one("lowest_chooses", (0, 5, 0), start=1), Done())
    assert GAME.current_player(after) == 2


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


def test_the_choice_is_written_as_the_positions_page_writes_it() -> None:
    """docs/positions.md: `{start = 2}`; the pending choice is `start_player`."""
    assert str(GAME.action("{start = 2}")) == "{start = 2}"
    assert GAME.action("{start = 2}") == ChooseStart(2)
    after = GAME.apply(last_choice_of_round_one("lowest_chooses", (10, 5, 0)), Done())
    assert GAME.position_data(after)["pending"] == {"choice": "start_player", "seat": 2}


def test_the_choice_claim_holds_only_under_lowest_chooses() -> None:
    """SOB-018's claim for the wording its reason offers (“the player with the lowest score chooses who starts the
    next round”) holds under `lowest_chooses` and fails under the two readings that have no choice."""
    amb = GAME.spec.ambiguities["round_start"]
    (claim,) = [c for c in amb.claims if c.reading == "lowest_chooses"]
    assert claim_problems(GAME, amb, claim, None) == []
    for reading in READINGS[:2]:
        assert claim_problems(GAME, amb, dataclasses.replace(claim, reading=reading), None) != []


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

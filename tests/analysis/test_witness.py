"""The end position of a witness replay names the parts of the position where two readings' replays differ (issue
11: a witness whose replays differ only in state the moves and scores do not show says so)."""

from __future__ import annotations

from typing import Any

from nilerules.analysis.witness import EndPosition, end_words, parted, position_of, position_parts
from nilerules.core.codec import dumps


def _end(position: dict[str, Any] | None, scores: tuple[int, ...] = (0, 0), moves: tuple[str, ...] = ('"done"',),
         mover: str = "seat 0") -> EndPosition:
    return EndPosition((), 3, mover, moves, scores, (0, 1), False, "", dumps(position) if position is not None else "")


BASE = {"round": 2, "row": ["fish"], "seats": {"0": {"score": 4, "hand": {"fish": 1}}, "1": {"score": 4}}}


def test_replays_that_differ_only_in_the_position_name_the_parts_and_the_seats() -> None:
    """By hand: seat 0's and seat 1's ``sets`` are written under one reading only (left out when empty), and seat
    1's ``corruption`` differs; the row differs at the top level; the moves and scores are the same."""
    keep = {**BASE, "row": ["fish", "wheat"], "seats": {
        "0": {"score": 4, "hand": {"fish": 1}, "sets": [{"goods": "fish"}]},
        "1": {"score": 4, "sets": [{"goods": "wheat"}], "corruption": {"fish": 2}},
    }}
    own, other = _end(BASE), _end(keep)
    assert position_parts(other, own) == ("corruption (seat 1)", "row", "sets (seats 0, 1)")
    assert end_words(other, own) == (
        "the same moves and scores; position differs in: corruption (seat 1), row, sets (seats 0, 1)"
    )
    assert parted([own, other])


def test_seats_written_at_the_top_level_are_seats_too() -> None:
    """docs/positions.md: seats are string keys; a game may write them at the top (Nile Artefacts): ``"1"`` ->
    seat 1's ``coins``."""
    a = {"phase": "deal", "0": {"coins": 2}, "1": {"coins": 2}}
    b = {"phase": "deal", "0": {"coins": 2}, "1": {"coins": 3}}
    assert position_parts(_end(b), _end(a)) == ("coins (seat 1)",)


def test_identical_replays_are_the_same_position_and_not_parted() -> None:
    """The same moves, scores and position under both readings: nothing to name, and ``parted`` is False."""
    own, other = _end(BASE), _end(dict(BASE))
    assert position_parts(other, own) == ()
    assert end_words(other, own) == "the same position"
    assert not parted([own, other])


def test_moves_and_scores_come_first_and_the_position_after() -> None:
    """Different scores (by hand: [4, 5] against [4, 4]) are said first, then the parts of the position."""
    other = {**BASE, "seats": {"0": {"score": 4, "hand": {"fish": 1}}, "1": {"score": 5}}}
    assert end_words(_end(other, scores=(4, 5)), _end(BASE, scores=(4, 4))) == (
        "scores so far [4, 5]; position differs in: score (seat 1)"
    )


def test_a_game_without_positions_compares_moves_and_scores_only() -> None:
    """No ``position_data``: the position is empty and never named; the moves still part the replays."""
    assert position_of(object(), None) == ""  # type: ignore[arg-type]
    a, b = _end(None), _end(None, moves=('"pass"',))
    assert position_parts(a, b) == ()
    assert parted([a, b])
    assert not parted([a, _end(None)])


def test_the_config_table_is_left_out_of_the_position() -> None:
    """A position that writes its config (readings differ by design between the replays) is compared without it."""

    class Writes:
        def position_data(self, state: Any) -> dict[str, Any]:
            return {"config": {"readings": {"x": state}}, "phase": "play"}

    game: Any = Writes()
    assert position_of(game, "a") == position_of(game, "b") == dumps({"phase": "play"})

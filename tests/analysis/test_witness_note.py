"""The note a finding carries when play never met a difference and its witness decides (issue 11): replayed under
every reading, a witness whose positions differ while the moves and scores agree is not said to differ only in what
the check reports; the class stays what paired games and the moves, scores and winners measure."""

from __future__ import annotations

from typing import Any

from nilerules.analysis.impact import Counts, classify
from nilerules.analysis.witness import EndPosition, effect, parted
from nilerules.core.codec import dumps

ONLY_THE_CHECK = "the difference is only in what the check reports"


def _end(position: dict[str, Any], scores: tuple[int, ...] = (6, 4, 3), moves: tuple[str, ...] = ('{"take":0}',),
         terminal: bool = False, winners: tuple[int, ...] = (0,)) -> EndPosition:
    mover = "nobody" if terminal else "seat 2"
    return EndPosition((), 117, mover, () if terminal else moves, scores, winners, terminal, "", dumps(position))


KEEP = {"seats": {"1": {"curses": 1, "corruption": {"fish": 1}}}}
"""By hand, SOB-013's situation: seat 1 holds a Curse token in its corruption pile when Embalming empties it."""
EMPTIED = {"seats": {"1": {}}}
"""The same position with the pile emptied, the Curse token discarded (reading ``discarded``)."""


def _classify(shows: Any) -> Any:
    return classify("curse_tokens", "stay", {"discarded": {"all": Counts(4)}}, "witness", "4 games", shows)


def test_replays_that_part_only_in_the_position_are_the_position_effect() -> None:
    """The same mover, moves and scores, different positions: ``position`` (parted), weaker than the moves."""
    ends = [_end(KEEP), _end(EMPTIED)]
    assert effect(ends) == "position"
    assert parted(ends)


def test_the_effects_from_the_strongest_difference_to_none() -> None:
    """By hand: different winners at the end of both games, then scores, then legal moves, then the position, then
    nothing; a stronger difference hides the weaker ones."""
    assert effect([_end(KEEP, terminal=True), _end(EMPTIED, terminal=True, winners=(1,))]) == "winner"
    assert effect([_end(KEEP), _end(EMPTIED, scores=(6, 5, 3))]) == "scores"
    assert effect([_end(KEEP), _end(EMPTIED, moves=('{"take":1}',))]) == "moves"
    assert effect([_end(KEEP), _end(dict(KEEP))]) == "none"
    assert not parted([_end(KEEP), _end(dict(KEEP))])


def test_a_witness_parting_only_in_the_position_keeps_the_class_and_says_where_it_parts() -> None:
    """No paired game differed and the check has a witness: the class is "no difference seen", rare, whether the
    replays part in the position or not at all (positions make no class); only the note tells them apart."""
    position, alike = _classify("position"), _classify("none")
    assert (position.cls, position.rare) == (alike.cls, alike.rare) == ("no difference seen", True)
    assert ONLY_THE_CHECK in alike.note
    assert ONLY_THE_CHECK not in position.note
    assert "only in the position" in position.note


def test_a_witness_that_changes_the_moves_still_makes_the_class() -> None:
    """The classes are unchanged: a witness whose replays part in the moves makes 'changes play only'."""
    assert _classify("moves").cls == "changes play only"
    assert _classify("scores").cls == "changes scores"

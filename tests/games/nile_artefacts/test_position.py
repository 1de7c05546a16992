"""The documented Nile Artefacts example position (docs/positions.md) builds, scores and plays as the doc says.

Expected values are the doc's own hand reading of the position (itself read from the rule document).
"""

from __future__ import annotations

import pytest

from nilerules.errors import InvalidState, PositionError
from nilerules.games.nile_artefacts import make_game
from nilerules.games.nile_artefacts.actions import Buy, Done, Offer
from tests.helpers import documented_position, written_state

GAME = make_game()


@pytest.mark.rules("nile_artefacts.offerings.check_monuments", "nile_artefacts.offerings.choose_type")
def test_the_documented_example_builds_scores_and_offers_as_the_doc_says() -> None:
    """Four Monuments advance when seat 0 offers its three cards as eyes; no Buy with 2 Coins; the breakdown by the
    bundled reward table: one Monument completed at level 3 (10) for seat 0, one at level 2 (5) for seat 1."""
    state = written_state(GAME, documented_position("Nile Artefacts"))
    assert GAME.invariants(state) == ()
    assert (state.stock, state.pile) == (30 - 2, 18 - 6 - 6)
    legal = GAME.legal_actions(state)
    assert Buy() not in legal and Done() in legal
    assert len([a for a in legal if isinstance(a, Offer)]) == 3 * 6
    for name in ("eye/nile@1", "eye/desert@4", "cat/nile@3"):
        state = GAME.apply(state, GAME.action_from_data({"offer": name, "as": ["eye"]}))
    after = GAME.apply(state, Done())
    moved = [after.levels[i][0] - state.levels[i][0] for i in range(5)]
    assert [1, 1, 0, 1, 1] == moved  # noqa: SIM300 - expected first, as everywhere
    levels = {"completed_level_1": 0, "completed_level_2": 0, "completed_level_3": 0, "incomplete_monuments": 0}
    expected = ({**levels, "completed_level_3": 10}, {**levels, "completed_level_2": 5})
    assert expected == GAME.score_breakdown(after)


def test_a_bad_key_or_name_is_a_position_error_naming_it() -> None:
    """Unknown keys, unknown card names and cards placed under the wrong space name their key."""
    data = documented_position("Nile Artefacts")
    for change, key in (
        ({"colour": "red"}, "colour"),
        ({"board": {"space_3": ["eye/nile@1"]}}, "board.space_3[0]"),
        ({"discard": ["unicorn/nile@1"]}, "discard[0]"),
        ({"0": {"boat": "space_99"}}, "0.boat"),
        ({"phase": "lunch"}, "phase"),
        ({"0": ["eye/nile@1"]}, "0"),
        ({"offering": [{"card": "eye/nile@1", "as": ["unicorn"]}]}, "offering[0].as"),
        ({"monuments": ["same:2|same:3|same:4", "same:2|same:3|same:4"]}, "monuments"),
    ):
        with pytest.raises(PositionError) as caught:
            written_state(GAME, {**data, **change})
        assert key == caught.value.key


def test_a_position_that_is_not_a_table_is_a_position_error() -> None:
    """A list where the position's keys should be is refused with a PositionError, not an internal error."""
    with pytest.raises(PositionError):
        GAME.position(GAME.config(2), ["phase", "offerings"])  # type: ignore[arg-type]


def test_too_many_copies_of_a_card_are_refused_by_conservation() -> None:
    """The card data has one eye/nile@1 (seat 0 holds it): three more in the discard would leave the pile negative."""
    with pytest.raises(PositionError):
        written_state(GAME, {**documented_position("Nile Artefacts"), "discard": ["eye/nile@1"] * 3})


def test_a_position_breaking_an_invariant_is_refused() -> None:
    """A Worshiper above the top level breaks the levels invariant (InvalidState), or is refused as a bad level."""
    data = documented_position("Nile Artefacts")
    with pytest.raises((InvalidState, PositionError)):
        written_state(GAME, {**data, "0": {**data["0"], "levels": [9, 0, 0, 0, 0]}})

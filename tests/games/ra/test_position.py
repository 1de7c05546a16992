"""Ra's public position format (docs/positions.md, issue 13): the documented example builds, shows its legal moves
and scores as worked out by hand; bad keys are named; actions are written with names."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.errors import InvalidState, MalformedAction, PositionError
from nilerules.games.ra import make_game
from nilerules.games.ra.actions import Deal, DrawTile
from nilerules.games.ra.state import TRADER
from tests.helpers import documented_position, written_state

GAME = make_game()


def test_documented_example_builds_and_lists_its_legal_moves() -> None:
    """docs/positions.md: seat 2 (no God tile) may draw or invoke Ra; seat 0 holds 2 crates (2 Traders claimed by
    seat 1 x its 1 Trader, seed 000's rule)."""
    state = written_state(GAME, documented_position("Ra"))
    assert GAME.invariants(state) == ()
    assert GAME.current_player(state) == 2
    assert [GAME.action_to_data(a) for a in GAME.legal_actions(state)] == ["draw", "invoke_ra"]
    assert state.crates == (2, 0, 0)


def test_documented_example_scores_the_epoch_as_worked_by_hand() -> None:
    """docs/positions.md, by hand from the reference's scoring: drawing the last Ra tile scores 30, 19 and 6."""
    state = written_state(GAME, documented_position("Ra"))
    for raw in ("draw", {"draw": "ra"}):
        state = GAME.apply(state, GAME.action_from_data(raw))
    assert state.epoch == 2
    assert GAME.scores(state) == (30, 19, 6)
    zero = {c: 0 for c in ("pharaohs", "nile_flood", "civilizations", "gods", "gold", "traders", "crates",
                           "monuments", "sun_disks")}
    assert GAME.score_breakdown(state) == (
        {**zero, "start": 10, "pharaohs": 5, "nile_flood": 4, "civilizations": 5, "gold": 3, "traders": 1, "crates": 2},
        {**zero, "start": 10, "pharaohs": 5, "gods": 2, "traders": 2},
        {**zero, "start": 10, "pharaohs": -2, "civilizations": -5, "gold": 3},
    )


def test_an_empty_position_is_the_dealt_setup() -> None:
    """Only what differs from the default needs writing: {} is the setup with seat i holding disk set i."""
    config = GAME.config(3)
    state = GAME.position(config, {})
    dealt = GAME.apply(GAME.setup(config), Deal(GAME.params(config).disk_sets))
    assert state.bag == dealt.bag and state.up == dealt.up and state.score == dealt.score


@pytest.mark.parametrize(("data", "key"), [
    ({"seats": {"0": {"pharaoh": 26}}}, "seats"),
    ({"seats": {"0": {"pharoah": 1}}}, "seats.0.pharoah"),
    ({"auction_track": ["gold", 23]}, "auction_track[1]"),
    ({"phase": "auction"}, "phase"),
    ({"epoch": 4}, "epoch"),
    ({"seats": {"3": {}}}, "seats.3"),
    ({"phase": "bid"}, "auction"),
    ({"to_move": "0"}, "to_move"),
    ({"seats": {"0": {"sun_disks": [2, 2]}}}, "seats.0.sun_disks"),
    ({"config": {"players": 4}}, "config.players"),
])
def test_bad_keys_are_named(data: dict[str, Any], key: str) -> None:
    """A PositionError names the key path of what is wrong (25 Pharaohs in the reference's tile mix)."""
    with pytest.raises(PositionError) as err:
        GAME.position(GAME.config(3), data)
    assert err.value.key == key


def test_a_position_breaking_an_invariant_is_refused() -> None:
    """Sun disks are conserved: seat 0 holding seat 1's disk 3 too is an InvalidState naming the disks."""
    with pytest.raises(InvalidState, match="sun disk"):
        GAME.position(GAME.config(3), {"seats": {"0": {"sun_disks": [2, 3, 5, 8, 13]}}})


def test_actions_are_written_with_names() -> None:
    """Issue 13: {"draw": "trader"}, never a bare kind number."""
    assert GAME.action_to_data(DrawTile(TRADER)) == {"draw": "trader"}
    assert GAME.action_from_data({"god": "gold"}) == GAME.action_from_data({"type": "PlayGod", "kind": 2})


def test_an_old_deal_is_translated_in_the_codec() -> None:
    """Logs before version 3 wrote the deal as an order of the spec's disk sets: decoding gives today's Deal of those
    sets (the 2-player sets of specs/ra.toml, [2, 5, 6, 9] and [3, 4, 7, 8], swapped), so apply never sees an old
    form; an order that is no player count's permutation is refused at decoding."""
    swapped = Deal(((3, 4, 7, 8), (2, 5, 6, 9)))
    assert GAME.action_from_data({"type": "Deal", "order": [1, 0]}) == swapped
    assert GAME.action_from_data({"deal_order": [1, 0]}) == swapped
    for order in ([0, 0], [0], [0, 1, 2, 3, 4, 5]):
        with pytest.raises(MalformedAction, match="an old deal"):
            GAME.action_from_data({"type": "Deal", "order": order})


@pytest.mark.parametrize("raw", [{"draw": 23}, {"bid": 17}, {"bid": True}, "fold", {"god": "gold", "bid": 3},
                                 {"type": "DrawTile", "kind": 99}, {"deal": [[0]]}])
def test_malformed_actions_are_refused_in_one_line(raw: Any) -> None:
    with pytest.raises(MalformedAction) as err:
        GAME.action_from_data(raw)
    assert "\n" not in str(err.value)

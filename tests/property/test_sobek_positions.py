"""Issue 13: every state reached in seeded random play round-trips through the position format, and the score
breakdown sums to the scores."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nilerules.checks import load
from tests.helpers import seeded_states

GAME = load("sobek").game
READINGS: tuple[dict[str, str], ...] = (
    {},
    {"green_deal": "once", "event_choice": "blind"},
    {"market_row": "row_of_all", "track_end": "stop"},
    {"horizontal_sets": "different_kinds", "horizontal_events": "triggers", "goods_total": "green_extra"},
    {"scribe_chooser": "scribe_player", "thief_backs": "kind_known", "priest_characters": "may"},
)


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from((2, 3, 4)), which=st.integers(0, len(READINGS) - 1), seed=st.integers(0, 10_000))
def test_every_state_of_a_random_game_round_trips_through_its_position(players: int, which: int, seed: int) -> None:
    """``position(state_config(s), position_data(s)) == s`` for every state of a seeded random game, and the
    written position is plain JSON (names, not codes)."""
    for state in seeded_states(GAME, GAME.config(players, readings=READINGS[which]), seed):
        data = GAME.position_data(state)
        assert json.loads(json.dumps(data)) == data
        assert GAME.position(GAME.state_config(state), data) == state


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from((2, 3, 4)), which=st.integers(0, len(READINGS) - 1), seed=st.integers(0, 10_000))
def test_score_breakdown_sums_to_the_scores(players: int, which: int, seed: int) -> None:
    """Each seat's breakdown sums to its score, at every step of a seeded random game."""
    for state in seeded_states(GAME, GAME.config(players, readings=READINGS[which]), seed)[::7]:
        breakdown = GAME.score_breakdown(state)
        assert [sum(b.values()) for b in breakdown] == list(GAME.scores(state))


@pytest.mark.rules("sobek.end.set_scoring")
def test_breakdown_splits_a_set_into_goods_characters_and_prosperity() -> None:
    """Seed: a set scores scarabs x cards, characters and Prosperity tokens included. A Fish set of the Thief, two
    Fish with scarabs (1 each, reference/assumed) and an amulet with one Prosperity token: 2 scarabs x 5 = 10, of
    which 2 x 3 (goods cards and the amulet) = 6 to Fish sets, 2 x 1 to characters, 2 x 1 to Prosperity."""
    data = {"phase": "horizontal", "horizontal_left": [1], "pending": {"choice": "horizontal_sets", "seat": 1},
            "seats": {"0": {"sets": [{"goods": "fish", "cards": ["thief", "fish_scarabs", "fish_scarabs", "amulet"],
                                      "prosperity": 1}]}, "1": {"corruption": {"wheat": 1}}}}
    state = GAME.position(GAME.config(2), data)
    from nilerules.games.sobek.actions import Done

    after = GAME.apply(state, Done())
    row = GAME.score_breakdown(after)[0]
    assert (row["sets_fish"], row["characters"], row["events_prosperity"]) == (6, 2, 2)
    assert after.scores[0] == 10

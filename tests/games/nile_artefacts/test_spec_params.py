"""Bad shapes of the Nile Artefacts params reach the game as one SpecError naming the key, never a crash in game code.

Issue 10's fuzz found ``params.reward_points.value[0]`` deleted crashing inside the game; these cases build the
edited spec directly (past the generic schema checks of ``specs.py``) so that the game's own parsing is what is
tested. Expected messages follow from the rules' shapes: four reward values for levels 0..3, three incomplete values
for levels 0..2, one card count per supported player count.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from nilerules.core.readings import fields_match
from nilerules.errors import SpecError
from nilerules.games.nile_artefacts import make_game
from nilerules.games.nile_artefacts.params import Readings, readings_of
from nilerules.specs import Spec, bundled_spec_path, load_spec

SPEC = load_spec(bundled_spec_path("nile_artefacts"))


def edited(**values: Any) -> Spec:
    params = dict(SPEC.params)
    for name, value in values.items():
        params[name] = dataclasses.replace(params[name], value=value)
    return dataclasses.replace(SPEC, params=params)


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"reward_points": [2, 5, 10]}, "params.reward_points.value"),
        ({"reward_points": [0, 2, "5", 10]}, "params.reward_points.value[2]"),
        ({"reward_points": [0, 2, 5.5, 10]}, "params.reward_points.value[2]"),
        ({"incomplete_points": [0, 2]}, "params.incomplete_points.value"),
        ({"cards_per_round": [8, 9]}, "params.cards_per_round.value"),
        ({"costs": [3]}, "params.costs.value"),
        ({"costs": [3, -1]}, "params.costs.value[1]"),
        ({"coin_supply": -30}, "params.coin_supply.value"),
        ({"river_spaces": 10**9}, "params.river_spaces.value"),
        ({"river_spaces": "9"}, "params.river_spaces.value"),
        ({"coin_spaces": [2, 50]}, "params.coin_spaces.value[1]"),
        ({"monument_layout": [6]}, "params.monument_layout.value"),
        ({"monument_layout": [10, 10]}, "params.monument_layout.value"),
        ({"monuments": [["type:eye", "same:3"], ["diff:2", "same:2", "same:3"]]}, "params.monuments.value"),
        ({"monuments": [["type:eye", "same:x", "same:3"]]}, "params.monuments.value[0]"),
        ({"monuments": "type:eye"}, "params.monuments.value"),
        ({"artifact_cards": ["eye/nile@1", 7]}, "params.artifact_cards.value"),
        ({"artifact_cards": ["eye/nile@99"]}, "params.artifact_cards.value[0]"),
        ({"artifact_cards": ["eye/nile@x"]}, "params.artifact_cards.value[0]"),
        ({"max_rounds": 0}, "params.max_rounds.value"),
        ({"player_counts": [2, 3, 4, 4]}, "params.player_counts.value"),
        ({"starting_coins": 20}, "params.starting_coins.value"),
    ],
)
def test_a_bad_param_shape_is_a_spec_error_naming_the_key(values: dict[str, Any], key: str) -> None:
    """Each malformed value is reported with its key path (SpecError), not as an error inside the rules."""
    with pytest.raises(SpecError) as caught:
        make_game(edited(**values))
    assert key in [k for k, _ in caught.value.problems]
    assert "\n" not in str(caught.value)


def test_every_problem_is_collected_before_raising() -> None:
    """Two bad params give one SpecError listing both keys."""
    with pytest.raises(SpecError) as caught:
        make_game(edited(reward_points=[1], costs="3"))
    keys = [k for k, _ in caught.value.problems]
    assert "params.reward_points.value" in keys and "params.costs.value" in keys


def test_the_fuzz_reproducer_plays_or_refuses_cleanly() -> None:
    """Issue 10: reward_points with its first value deleted, then a 2-player game: a SpecError at load time."""
    with pytest.raises(SpecError):
        make_game(edited(reward_points=SPEC.params["reward_points"].value[1:]))


def test_the_readings_record_has_one_field_per_ambiguity_in_spec_order() -> None:
    """``params.Readings`` names exactly the spec's ambiguities, in the order of specs/nile_artefacts.toml (their
    codes NA-001, NA-002, ...), each field typed with exactly the names of its readings in the spec."""
    assert fields_match(Readings, SPEC.ambiguities) == []
    assert list(Readings._fields) == sorted(SPEC.ambiguities, key=lambda a: SPEC.ambiguities[a].code)


def test_readings_of_gives_the_config_readings() -> None:
    """Every field of ``readings_of(config)`` is the reading the config chose (a default, or one given)."""
    game = make_game(SPEC)
    config = game.config(3, readings={"final_tie": "most_coins", "card_sharing": "split"})
    chosen = readings_of(config)
    assert chosen.final_tie == "most_coins"
    assert chosen.card_sharing == "split"
    assert chosen.tie_count == SPEC.ambiguities["tie_count"].default
    assert dict(zip(Readings._fields, chosen, strict=True)) == config.readings_dict()

"""Component data of Nile Artefacts: the text formats and the spec's parameters, checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.core import Config
from nilerules.errors import QueryError, SpecError
from nilerules.games.nile_artefacts.names import condition_text, parse_card, parse_condition, parse_hand
from nilerules.games.nile_artefacts.params import make_params
from nilerules.specs import bundled_spec_path, load_spec, parse_spec

SPEC_TEXT = Path(bundled_spec_path("nile_artefacts")).read_text(encoding="utf-8")


@pytest.mark.rules("nile_artefacts.conditions.header")
def test_every_monument_condition_round_trips_through_its_text() -> None:
    """Each of the 54 level conditions prints back to the text it was read from."""
    spec = load_spec(bundled_spec_path("nile_artefacts"))
    for levels in spec.value("monuments"):
        for text in levels:
            assert condition_text(parse_condition(text)) == text


def test_assumed_data_has_the_seed_shape() -> None:
    """Seed shape: 54 cards over 6 types and 3 regions, some green cards give 2 Artifacts; 18 Monuments of 3
    levels using every kind of condition in the seed's table."""
    p = make_params(load_spec(bundled_spec_path("nile_artefacts")), Config("nile_artefacts", 4))
    assert p.total_cards == 54
    assert {t for types in p.card_types for t in types} == set(range(6))
    assert set(p.card_region) == {0, 1, 2}
    doubles = [k for k in range(len(p.card_types)) if p.is_double(k)]
    assert doubles and all(p.card_region[k] == 2 for k in doubles)
    assert len(p.monuments) == 18
    assert {c[0] for m in p.monuments for c in m} == set(range(7))
    assert p.cards_per_round == 12


def test_card_and_hand_text_is_parsed_or_rejected_by_name() -> None:
    """'cat+ankh/fields@9' is cat and ankh, fields, space 9; bad names are rejected naming the value."""
    assert parse_card("cat+ankh/fields@9") == ((2, 5), 2, 9)
    assert parse_hand("eye/nile, bird/desert,") == (((0,), 0), ((4,), 1))
    with pytest.raises(ValueError, match="'lizard'"):
        parse_card("lizard/nile")
    with pytest.raises(ValueError, match="expected"):
        parse_card("eye")
    with pytest.raises(QueryError, match="'swamp'"):
        parse_hand("eye/swamp")
    with pytest.raises(ValueError, match="condition 'each:nile'"):
        parse_condition("each:nile")
    with pytest.raises(ValueError, match="expected type:T"):
        parse_condition("most:3")


def test_bad_component_data_is_a_spec_error_naming_the_entry() -> None:
    """A card on a space off the river, a non-green double card and a bad condition are each named."""
    text = SPEC_TEXT.replace('"eye/nile@1"', '"eye/nile@12"', 1).replace('"eye/desert@4"', '"eye+cat/desert@4"', 1)
    text = text.replace('["same:2", "same:3", "same:4"]', '["same:2", "same:3", "most:4"]', 1)
    spec = parse_spec(text, "edited.toml")
    with pytest.raises(SpecError) as err:
        make_params(spec, Config("nile_artefacts", 2))
    keys = [key for key, _ in err.value.problems]
    assert keys == ["params.artifact_cards.value[0]", "params.artifact_cards.value[3]", "params.monuments.value[3]"]

"""Ra's params and readings (``games/ra/params.py``): one ``Readings`` field per ambiguity of the spec, and each
reading reaching the rules through the one field of ``RaParams`` that ``make_params`` derives from it."""

from __future__ import annotations

import dataclasses

import pytest

from nilerules.core.readings import fields_match
from nilerules.games.ra import make_game
from nilerules.games.ra.params import RaParams, Readings, make_params, readings_of

GAME = make_game()
SPEC = GAME.spec

DERIVED = {
    "pharaoh_all_tie": ("pharaoh_all_tie_share", "share"),
    "sun_all_tie": ("sun_all_tie_share", "share"),
    "winner_tiebreak": ("winner_tiebreak_highest_disk", "highest_disk"),
    "supply_exhausted": ("supply_exhausted_capped", "capped"),
    "crates_per_claim": ("crates_per_claim_per_tile", "per_tile"),
    "crate_exchange": ("crate_exchange_pooled", "pooled"),
    "god_takes_disaster": ("god_takes_disaster_allowed", "allowed"),
    "invoke_empty_track": ("invoke_empty_track_allowed", "allowed"),
    "drought_order": ("drought_order_floods_first", "floods_first"),
    "last_ra": ("last_ra_at_once", "at_once"),
    "full_track_bid": ("full_track_bid_forced", "forced"),
    "gods_after_epoch": ("gods_after_epoch_keep", "keep"),
    "epoch_starter": ("epoch_starter_highest_disk", "highest_disk"),
    "bag_empty": ("bag_empty_game_ends", "game_ends"),
    "disaster_lot": ("disaster_lot_with_lot", "with_lot"),
    "track_at_epoch_end": ("track_at_epoch_end_stay", "stay"),
}
"""By hand from the field docstrings of RaParams: the bool each ambiguity sets, and the reading that makes it true."""

CRATES = {"as_printed": (30, 10), "value_forty": (10, 10), "shifted": (5, 30)}
"""RA-004 by hand from specs/ra.toml: 30 Small and 10 Large as printed; 'value_forty' makes the value 40 with the 10
Large (worth 3 each) as printed, so 40 - 30 = 10 Small; 'shifted' reads the 5 after 'Docks boards' as the Small
count and the 30 as the Large count."""


def test_the_readings_record_has_one_field_per_ambiguity() -> None:
    """Every ambiguity of specs/ra.toml has its field, typed with exactly the names of its readings in the spec."""
    assert fields_match(Readings, SPEC.ambiguities) == []


def test_a_reading_added_to_the_spec_is_missing_from_the_readings_record() -> None:
    """The check fails on a deliberately broken pair: a copy of the spec whose RA-001 has a third reading ('split',
    made up here) that ``Readings.pharaoh_all_tie`` does not name."""
    amb = SPEC.ambiguities["pharaoh_all_tie"]
    added = dataclasses.replace(amb, readings=(*amb.readings, dataclasses.replace(amb.readings[0], name="split")))
    broken = {**SPEC.ambiguities, "pharaoh_all_tie": added}
    assert fields_match(Readings, broken) == ["the field 'pharaoh_all_tie' lacks the readings ['split'] of the spec"]


def test_each_reading_flag_is_named_after_its_ambiguity_and_reading() -> None:
    """Every bool of RaParams is ``<ambiguity id>_<reading>`` for an ambiguity and a reading of specs/ra.toml, so a
    search for the ambiguity's id finds the rules that branch on it (issue 33)."""
    flags = [f.name for f in dataclasses.fields(RaParams) if f.type in (bool, "bool")]
    named = {f"{a}_{r}" for a, amb in SPEC.ambiguities.items() for r in amb.reading_names()}
    assert sorted(field for field, _ in DERIVED.values()) == sorted(flags)
    assert [f for f in flags if f not in named] == []


def test_readings_of_gives_the_config_readings() -> None:
    config = GAME.config(3, readings={"last_ra": "final_auction"})
    readings = readings_of(config)
    assert readings.last_ra == "final_auction"
    assert readings._asdict() == dict(config.readings)


@pytest.mark.parametrize(("amb", "reading"), [(a, r) for a in SPEC.ambiguities
                                              for r in SPEC.ambiguities[a].reading_names()])
def test_each_reading_changes_only_its_own_params(amb: str, reading: str) -> None:
    """Under any reading of one ambiguity, the params differ from the defaults' only in that ambiguity's field(s)."""
    default = make_params(SPEC, GAME.config(4, ("traders",)))
    chosen = make_params(SPEC, GAME.config(4, ("traders",), {amb: reading}))
    changed = {f.name for f in dataclasses.fields(default) if getattr(default, f.name) != getattr(chosen, f.name)}
    if amb == "crate_counts":
        assert (chosen.small_crates, chosen.large_crates) == CRATES[reading]
        assert changed <= {"small_crates", "large_crates"}
    else:
        field, true_under = DERIVED[amb]
        assert getattr(chosen, field) is (reading == true_under)
        assert changed <= {field}


def test_the_game_caches_params_per_config() -> None:
    config = GAME.config(2)
    assert GAME.params(config) is GAME.params(GAME.config(2))

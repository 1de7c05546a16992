"""Sobek's params and readings records (``games/sobek/params.py``): one field per ambiguity, the config's choice."""

from __future__ import annotations

from nilerules.core.readings import fields_match
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.params import Readings, make_params, readings_of


def test_readings_record_has_one_field_per_ambiguity_of_the_spec(game: SobekGame) -> None:
    """Every ambiguity of specs/sobek.toml has its field, typed with exactly the names of its readings in the spec, and
    no field names anything else."""
    assert fields_match(Readings, game.spec.ambiguities) == []


def test_readings_of_holds_the_chosen_reading_and_the_defaults(game: SobekGame) -> None:
    """A reading chosen in the config is its field; the others are the spec's defaults."""
    config = game.config(3, readings={"green_deal": "once"})
    chosen = readings_of(config)
    assert chosen.green_deal == "once"
    assert chosen.amulet_only == game.spec.ambiguities["amulet_only"].default


def test_params_are_built_once_per_config_and_are_the_specs(game: SobekGame) -> None:
    """``game.params(config)`` is ``make_params(spec, config)``, the same object for equal configs."""
    config = game.config(2)
    assert game.params(config) == make_params(game.spec, config)
    assert game.params(game.config(2)) is game.params(config)

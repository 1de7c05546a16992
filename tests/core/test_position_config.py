"""A position document's ``[config]`` table and the caller's configuration (issue 24): ``core.game.position_config``
reads the table with the caller's values for what it leaves out, and refuses one that names another configuration
(``game.position(game.config(3), doc)`` ignored the document's ``players = 2``). On the toy game, whose values are
its own spec's (tests/toys/nim.toml: 2 or 3 players, the ``bonus`` module, the reading ``last_stone``)."""

from __future__ import annotations

import re

import pytest

from nilerules.core.game import position_config
from nilerules.errors import InvalidConfig, PositionError
from nilerules.specs import load_spec
from tests.toys.nim import SPEC_PATH, NimGame

GAME = NimGame(load_spec(SPEC_PATH))


def test_without_a_given_config_the_table_is_completed_by_the_defaults() -> None:
    """Nothing written: the fewest players, no module, the default readings (``wins`` for ``last_stone``)."""
    assert position_config(GAME, {}) == GAME.config(2)
    assert position_config(GAME, {"config": {"players": 3}}) == GAME.config(3)


def test_a_table_that_agrees_with_the_given_config_gives_it() -> None:
    """Every key written agrees, or is left out: the caller's configuration."""
    given = GAME.config(3, ("bonus",), {"last_stone": "loses"})
    for table in ({}, {"players": 3}, {"modules": ["bonus"]}, {"readings": {"last_stone": "loses"}},
                  {"players": 3, "modules": ["bonus"], "readings": {"last_stone": "loses"}}):
        assert given == position_config(GAME, {"config": table}, given)


def test_a_table_that_names_another_config_is_refused_naming_the_key() -> None:
    """Players, modules or a reading that differ from the caller's: PositionError on that key, both values said."""
    given = GAME.config(3, ("bonus",), {"last_stone": "loses"})
    cases = [
        ({"players": 2}, "position config.players: the document is for 2 players, the configuration given for 3"),
        ({"modules": []}, "position config.modules: the document names the modules [], the configuration given "
                          "['bonus']"),
        ({"readings": {"last_stone": "wins"}}, "position config.readings.last_stone: the document reads 'wins', the "
                                               "configuration given 'loses'"),
    ]
    for table, message in cases:
        with pytest.raises(PositionError, match=re.escape(message)):
            position_config(GAME, {"config": table}, given)
    with pytest.raises(InvalidConfig, match="unknown reading 'maybe'"):
        position_config(GAME, {"config": {"readings": {"last_stone": "maybe"}}}, given)
    with pytest.raises(PositionError, match=re.escape("config.'colour': unknown key (players, modules, readings)")):
        position_config(GAME, {"config": {"colour": "red"}}, given)

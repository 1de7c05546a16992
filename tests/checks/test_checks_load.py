"""``nilerules.checks.load``: the game, its spec and its checks from one reading of the spec file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from unittest import mock

import pytest

from nilerules.checks import load
from nilerules.games import GAME_IDS, load_spec_for


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_load_parses_the_bundled_spec_once(game_id: str) -> None:
    """Issue 33: the spec is parsed once per load (it was parsed twice: for the checks and for the game); every TOML
    parse counts, whoever makes it."""
    with mock.patch("tomllib.loads", wraps=tomllib.loads) as parse:
        module = load(game_id)
    assert parse.call_count == 1
    assert game_id == module.game.spec.game


def test_an_edited_copy_is_parsed_once_beside_the_bundled_spec_its_schema_is_checked_against(tmp_path: Path) -> None:
    """An edited copy: the copy once, and the bundled spec once (its params' schema is the edit's bound)."""
    copy = tmp_path / "ra.toml"
    copy.write_text(Path(load_spec_for("ra").path).read_text(encoding="utf-8"), encoding="utf-8")
    with mock.patch("tomllib.loads", wraps=tomllib.loads) as parse:
        load("ra", copy)
    assert parse.call_count == 2

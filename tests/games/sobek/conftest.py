"""Fixtures for the Sobek unit tests."""

from __future__ import annotations

import pytest

from nilerules.games import load_game
from nilerules.games.sobek.game import SobekGame


@pytest.fixture(scope="session")
def game() -> SobekGame:
    loaded: SobekGame = load_game("sobek")
    return loaded

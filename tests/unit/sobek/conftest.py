"""Fixtures for the Sobek unit tests."""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.games.sobek.game import SobekGame


@pytest.fixture(scope="session")
def game() -> SobekGame:
    loaded: SobekGame = load("sobek").game
    return loaded

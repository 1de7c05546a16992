"""What the Nile Artefacts tests share to write their situations (on ``nilerules.games.nile_artefacts.situations``):
the Artifact types and regions by code, in the order of the names table, and the game."""

from __future__ import annotations

from functools import cache

from nilerules.games import load_game
from nilerules.games.nile_artefacts.game import NileArtefactsGame

EYE, STATUE, CAT, FIGURE, BIRD, ANKH = range(6)
"""The Artifact types by code (``names.TYPE_NAMES``)."""
NILE, DESERT, FIELDS = range(3)
"""The regions by code (``names.REGION_NAMES``)."""


@cache
def game() -> NileArtefactsGame:
    g: NileArtefactsGame = load_game("nile_artefacts")
    return g

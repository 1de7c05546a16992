"""Situations the Nefertiti rules tests share, written with names (on ``nilerules.games.nefertiti.situations``)."""

from __future__ import annotations

from typing import Any

from nilerules.core.types import Config
from nilerules.games.nefertiti.actions import Done, Pick, UseCharacter
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import CHAIR, CUP, ROYAL_SCRIBE, STATUETTE
from nilerules.games.nefertiti.state import NefState

ROYAL_SCRIBE_SETUP: tuple[int, tuple[str, ...]] = (5, ("harbor", "characters"))
"""The players and modules of seed 004's Royal Scribe example."""


def royal_scribe_example(game: NefertitiGame, config: Config) -> NefState:
    """Seed 004's Royal Scribe example played under ``config``: seat 0 (a Royal Seal; 3 chairs, 2 statuettes and a
    cup in hand; seat 1 holds the other statuette) uses the Royal Scribe on the 3 chairs, 1 statuette and the cup."""
    doc: dict[str, Any] = {
        "characters": {"royal_scribe": 1},
        "seats": {"0": {"seals": 1, "hand": {"chair": 3, "statuette": 2, "cup": 1}}, "1": {"hand": {"statuette": 1}}},
    }
    state = game.position(config, doc)
    for action in (UseCharacter(ROYAL_SCRIBE), Pick(CHAIR), Pick(CHAIR), Pick(CHAIR), Pick(STATUETTE), Pick(CUP),
                   Done()):
        state = game.apply(state, action)
    return state

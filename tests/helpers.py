"""Helpers shared by the generic tests: which games are present, where the seeds are."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from nilerules.games import GameModule, available, load

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("NILERULES_SEEDS", ROOT.parent / "shared" / "seeds"))


@cache
def loaded(game_id: str) -> GameModule:
    return load(game_id)


def games() -> tuple[str, ...]:
    return available()


def game(game_id: str) -> Any:
    return loaded(game_id).game

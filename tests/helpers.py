"""Helpers shared by the generic tests: which games are present, where the seeds are, each game's documented example
position."""

from __future__ import annotations

import os
import re
import tomllib
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


def documented_position(heading: str) -> dict[str, Any]:
    """The first TOML block of the section ``## <heading>`` of docs/positions.md: that game's example position."""
    text = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```toml\n(.*?)```", section, re.S)
    assert block is not None, heading
    return tomllib.loads(block.group(1))

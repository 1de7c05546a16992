"""Issue 13: each game's documented example position (docs/positions.md) builds and scores, with its breakdown,
from the command line (`nilerules score GAME position.toml`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.fuzz.harness import run_cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"
TITLES = {"Ra": "ra", "Nile Artefacts": "nile_artefacts", "Sobek": "sobek", "Nefertiti": "nefertiti"}


def documented_positions() -> list[tuple[str, str]]:
    """(game id, TOML text) of every ```toml block, the game taken from the section heading above it."""
    text = DOC.read_text(encoding="utf-8") if DOC.is_file() else ""
    found = []
    for match in re.finditer(r"```toml\n(.*?)```", text, re.S):
        heading = text.rfind("\n## ", 0, match.start())
        title = text[heading + 4 : text.index("\n", heading + 4)]
        game = next((g for name, g in TITLES.items() if title.startswith(name)), None)
        if game is not None:
            found.append((game, match.group(1)))
    return found


@pytest.mark.parametrize(("game", "toml"), documented_positions())
def test_documented_position_scores_with_its_breakdown(tmp_path: Path, game: str, toml: str) -> None:
    """The example position builds (exit 0) and its breakdown sums, seat by seat, to the scores."""
    path = tmp_path / "position.toml"
    path.write_text(toml, encoding="utf-8")
    outcome = run_cli(["score", game, str(path), "--json"])
    assert outcome.code == 0, outcome.err
    data = json.loads(outcome.out)
    assert data["input"] == "position"
    assert [sum(seat.values()) for seat in data["breakdown"]] == data["scores"]


def test_every_game_documents_a_position() -> None:
    """docs/positions.md has an example position for each of the four games."""
    assert sorted({game for game, _ in documented_positions()}) == sorted(TITLES.values())

"""The observation layouts of docs/interop.md, one table per game, between the markers the document keeps.

Usage:
    python tools/interop_layouts.py            print the four tables (with their markers)
    python tools/interop_layouts.py --write    put them into docs/interop.md in place (written whole, then replaced)

``tests/interop/test_docs.py`` checks that the document holds what this prints.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from pathlib import Path

from nilerules.games import GAME_IDS, load_game
from nilerules.interop.layouts import markdown

DOCS = Path(__file__).resolve().parents[1] / "docs" / "interop.md"


def section(game_id: str) -> str:
    """A game's table between its markers."""
    game = load_game(game_id)
    return f"<!-- layout: {game_id} -->\n**{game.info.title}**\n\n{markdown(game)}\n<!-- /layout -->"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="replace the tables in docs/interop.md")
    args = parser.parse_args()
    if not args.write:
        print("\n\n".join(section(g) for g in GAME_IDS))
        return
    text = DOCS.read_text(encoding="utf-8")
    for game_id in GAME_IDS:
        pattern = rf"<!-- layout: {game_id} -->\n.*?<!-- /layout -->"
        match = re.search(pattern, text, re.S)
        if match is None:
            raise SystemExit(f"docs/interop.md has no markers for {game_id}")
        text = text[: match.start()] + section(game_id) + text[match.end() :]
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=DOCS.parent, delete=False) as out:
        out.write(text)
    os.replace(out.name, DOCS)


if __name__ == "__main__":
    main()

"""The README's `play` / `show` example is what the commands print (issue 24: it named `bag_empty=epoch_ends`, while
specs/ra.toml's default for bag_empty is `game_ends`): each line the README shows is the command's line at that
place, a line ending in `...` a prefix of it, a lone `...` standing for lines left out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nilerules.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def shown_as_in_readme(readme: list[str], actual: list[str]) -> None:
    """Each README line matches the next actual line (ending in `...`: a prefix; a lone `...`: skip to a match)."""
    at = 0
    skipping = False
    for line in readme:
        if line.strip() == "...":
            skipping = True
            continue
        head = line[:-3] if line.endswith("...") else None

        def matches(candidate: str, head: str | None = head, line: str = line) -> bool:
            return candidate.startswith(head) if head is not None else candidate == line

        while skipping and at < len(actual) and not matches(actual[at]):
            at += 1
        assert at < len(actual) and matches(actual[at]), (line, actual[at : at + 3])
        at, skipping = at + 1, False


def test_readme_show_example_is_the_real_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`play ra --players 3 --seed 7`, then `show game.json --at 4`, and the last line of `show game.json`."""
    text = README.read_text(encoding="utf-8")
    at = re.search(r"\$ nilerules show game\.json --at 4\n(.*?)(?=\$ |```)", text, re.S)
    assert at is not None, "the README's `show --at 4` example"
    log = tmp_path / "game.json"
    assert main(["play", "ra", "--players", "3", "--seed", "7", "--out", str(log)]) == 0
    capsys.readouterr()
    assert main(["show", str(log), "--at", "4"]) == 0
    shown_as_in_readme(at.group(1).splitlines(), capsys.readouterr().out.splitlines())
    last = re.search(r"\$ nilerules show game\.json \| tail -1[^\n]*\n(.*?)```", text, re.S)
    assert last is not None, "the README's `show` example"
    assert main(["show", str(log)]) == 0
    assert capsys.readouterr().out.splitlines()[-1:] == last.group(1).splitlines()

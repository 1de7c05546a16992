"""Issue 13, "Positions in questions": `nilerules query GAME legal --position FILE` shows each game's documented
example position's legal moves by name (docs/positions.md), says which readings disagree, and refuses bad input in
one line with exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_positions_docs import documented_positions
from tests.fuzz.harness import run_cli

NEFERTITI_MARKETS = {"gizeh", "louqsor", "akhet_aton", "abou_simbel", "harbor"}
"""The market names of docs/positions.md's Nefertiti section."""


def _legal(tmp_path: Path, game: str, toml: str) -> dict[str, Any]:
    path = tmp_path / "position.toml"
    path.write_text(toml, encoding="utf-8")
    outcome = run_cli(["query", game, "legal", "--position", str(path), "--json"])
    assert outcome.code == 0, outcome.err
    data: dict[str, Any] = json.loads(outcome.out)["data"]
    return data


def _expected_moves(game: str, moves: list[Any]) -> None:
    """What the documented example says may be done (docs/positions.md, the sentence after each example)."""
    if game == "ra":  # "Seat 2 may `draw` or `invoke_ra` (it holds no God tile)."
        assert sorted(moves) == ["draw", "invoke_ra"]
    elif game == "sobek":  # "Seat 1 may play a horizontal set of its three Wheat, or be done."
        assert sorted(map(json.dumps, moves)) == sorted(map(json.dumps, [{"horizontal": "wheat"}, "done"]))
    elif game == "nile_artefacts":
        # "Seat 0 may offer any of its three cards, each counting as any of the six types ..., or be done; with 2
        # Coins it cannot buy": 3 x 6 offers and done
        offers = [m for m in moves if isinstance(m, dict) and "offer" in m]
        cards = {"eye/nile@1", "eye/desert@4", "cat/nile@3"}
        assert {m["offer"] for m in offers} == cards
        assert len({(m["offer"], tuple(m["as"])) for m in offers}) == len(cards) * 6
        assert len(moves) == len(offers) + 1
    else:  # Nefertiti, seat 0's turn: Servants placed on markets named as the section names them
        assert moves
        assert all(isinstance(m, dict) and m.get("place") in NEFERTITI_MARKETS for m in moves)


@pytest.mark.parametrize(("game", "toml"), documented_positions())
def test_documented_position_shows_its_legal_moves_by_name(tmp_path: Path, game: str, toml: str) -> None:
    """Each game's documented example builds (exit 0); its legal moves are the ones the documentation names, with
    names, not codes; every other reading of every ambiguity is tried, one at a time."""
    data = _legal(tmp_path, game, toml)
    assert data["position"]["mover"].startswith("seat ")
    _expected_moves(game, data["position"]["moves"])
    assert {r["ambiguity"] for r in data["readings"]} <= set(data["config"]["readings"])
    assert all(r["reading"] != data["config"]["readings"][r["ambiguity"]] for r in data["readings"])


def test_ra_009_an_empty_auction_track_invoke_only_under_allowed(tmp_path: Path) -> None:
    """RA-009 'May Ra be invoked over an empty auction track?' ('Invoke Ra: start an auction voluntarily.'): at the
    first turn of a 3-player game, with nothing on the auction track, `allowed` (the position's default) lists
    `invoke_ra` beside `draw`, `forbidden` ('at least one tile must be on the auction track') does not; it is the
    one reading that disagrees."""
    data = _legal(tmp_path, "ra", "[config]\nplayers = 3\n")
    assert sorted(data["position"]["moves"]) == ["draw", "invoke_ra"]
    found = [(d["code"], d["readings"], d["only_under_position_reading"], d["only_under_reading"], d["mover_differs"])
             for d in data["disagreements"]]
    assert found == [("RA-009", ["allowed", "forbidden"], ["invoke_ra"], [], False)]


def test_the_text_names_the_disagreeing_reading(tmp_path: Path) -> None:
    """Without --json the answer is words: the moves by name and the reading that disagrees, with what it lacks."""
    path = tmp_path / "empty.toml"
    path.write_text("[config]\nplayers = 3\n", encoding="utf-8")
    outcome = run_cli(["query", "ra", "legal", "--position", str(path)])
    assert outcome.code == 0, outcome.err
    assert "draw, invoke_ra" in outcome.out
    assert "RA-009 invoke_empty_track=forbidden (the position's: allowed): not invoke_ra" in outcome.out


@pytest.mark.parametrize(
    ("argv", "toml", "message"),
    [
        (["query", "ra", "legal"], 'auction_track = ["no_such_tile"]\n', "auction_track[0]"),
        (["query", "ra", "legal"], "[config]\nplayers = 9\n", "players"),
        (["query", "ra", "legal"], "this is not toml", "not a valid TOML position"),
        (["query", "ra", "sun-ties"], "[config]\nplayers = 3\n", "takes no --position"),
    ],
)
def test_bad_position_or_query_is_one_line_exit_2(tmp_path: Path, argv: list[str], toml: str, message: str) -> None:
    """A position the game cannot build, or a query that is not about a situation, is refused in one line."""
    path = tmp_path / "bad.toml"
    path.write_text(toml, encoding="utf-8")
    outcome = run_cli([*argv, "--position", str(path)])
    assert outcome.code == 2
    assert len(outcome.err.splitlines()) == 1
    assert message in outcome.err


def test_legal_without_a_position_is_refused() -> None:
    """`legal` is about a situation: without --position it says so, exit 2."""
    outcome = run_cli(["query", "sobek", "legal"])
    assert outcome.code == 2
    assert "needs --position" in outcome.err


def test_readme_example_is_the_real_output(tmp_path: Path) -> None:
    """The README's `query ra legal --position empty-track.toml` example prints what the command prints."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    pattern = r"\$ cat empty-track\.toml\n(.*?)\$ nilerules query ra legal --position empty-track\.toml\n(.*?)```"
    match = re.search(pattern, readme, re.S)
    assert match is not None, "the README's legal example"
    path = tmp_path / "empty-track.toml"
    path.write_text(match.group(1), encoding="utf-8")
    outcome = run_cli(["query", "ra", "legal", "--position", str(path)])
    assert (outcome.code, outcome.out) == (0, match.group(2))

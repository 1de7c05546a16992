"""Issue 10, "every figure is derived": an edited copy of specs/nile_artefacts.toml changes what the checks and
queries of Nile Artefacts say.

Each edit sets numeric params to other valid values; the game is loaded with the copy (``nilerules.games.load``),
every check and every query runs, and the outputs that state an edited number state the new one. Expected values are
worked out by hand from the edit (the cap, the Coin supply, the visible Monuments) or are a fresh run of the rules on
the edited data (the documented position's scores).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from nilerules.analysis.queries import run_query
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget
from nilerules.checks.nile_artefacts.queries import QUERIES
from tests.helpers import edited_game

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

SMALL = Budget(playouts=8, examples=16, rlimit=5_000_000)


QUERY_ARGS = {
    "random-games": ["games=3", "players=3"],
    "condition-odds": ["cards=2"],
    "offering-divergence": ["hand=eye/nile,cat/nile,bird/nile", "monuments=same:3;diff:3"],
}


def everything(module: GameModule, checks: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The chosen checks' results (all by default) and every Nile Artefacts query's answer."""
    out: dict[str, Any] = {
        amb: check(module.game, SMALL) for amb, check in module.checks.items() if checks is None or amb in checks
    }
    if checks is None:
        for name in QUERIES:
            out[f"query:{name}"] = run_query(module, name, QUERY_ARGS.get(name, []))
    return out


@pytest.fixture(scope="module")
def bundled() -> dict[str, Any]:
    return everything(load("nile_artefacts"))


def test_every_check_and_query_runs_on_an_edit_of_every_numeric_param(tmp_path: Path, bundled: dict[str, Any]) -> None:
    """All numeric params edited at once to other valid values: every check and query still answers, the NA-001
    witness faces as many Monuments as are visible (4), and the round cap and Coin supply stated are the new ones."""
    module = edited_game(
        tmp_path,
        "nile_artefacts",
        cards_per_round=[7, 10, 11],
        coin_supply=25,
        costs=[2, 4],
        starting_coins=1,
        river_spaces=10,
        coin_spaces=[3, 6, 9],
        monument_layout=[5, 4],
        reward_points=[0, 3, 6, 12],
        incomplete_points=[0, 1, 4],
        max_rounds=30,
    )
    out = everything(module)
    assert set(out) == set(bundled)
    assert len(out["type_choice"].data["monument_conditions"]) == 4
    assert "cap of 30 rounds" in out["endless_game"].verdict.summary
    if out["coin_stock"].verdict.kind == "witness":
        assert "all 25 Coins" in out["coin_stock"].verdict.summary
    assert out["query:random-games"].data != bundled["query:random-games"].data


def test_the_round_cap_edit_reaches_the_endless_game_finding(tmp_path: Path) -> None:
    """max_rounds 40 -> 25: the stalling game stops after 25 rounds under both readings (hand: the cap is the end)."""
    out = everything(edited_game(tmp_path, "nile_artefacts", max_rounds=25), ("endless_game", "port_start"))
    assert "cap of 25 rounds" in out["endless_game"].verdict.summary
    assert {"stopped after 25 rounds"} == {text.split(",")[0] for _, text in out["endless_game"].outcomes}


def test_the_coin_supply_edit_reaches_the_coin_stock_finding(tmp_path: Path) -> None:
    """coin_supply 30 -> 12: the stock runs out sooner, and the finding names 12 Coins."""
    out = everything(edited_game(tmp_path, "nile_artefacts", coin_supply=12), ("coin_stock",))
    assert out["coin_stock"].verdict.kind == "witness"
    assert "all 12 Coins" in out["coin_stock"].verdict.summary


def test_the_incomplete_points_edit_changes_the_score_at_the_cap(tmp_path: Path) -> None:
    """incomplete_points [0, 2, 5] -> [0, 3, 6]: the stalling game's players end at level 1 on the Monuments they
    offered to, so score_at_cap gives 3 per such Monument instead of 2 (bundled: 2 Monuments, 4 points; edited: 6);
    no_score_at_cap stays at 0."""
    base = dict(everything(load("nile_artefacts"), ("endless_game",))["endless_game"].outcomes)
    module = edited_game(tmp_path, "nile_artefacts", incomplete_points=[0, 3, 6])
    out = dict(everything(module, ("endless_game",))["endless_game"].outcomes)
    assert base["no_score_at_cap"] == out["no_score_at_cap"]
    old = [int(x) for x in re.findall(r"-?\d+", base["score_at_cap"].split("scores")[1])]
    new = [int(x) for x in re.findall(r"-?\d+", out["score_at_cap"].split("scores")[1])]
    assert [3 * x // 2 for x in old] == new


def test_the_visible_monuments_edit_reaches_the_offering_witnesses(tmp_path: Path) -> None:
    """monument_layout [6, 5] -> [6, 3]: the offering met in play faces 3 Monuments (hand: 3 are visible)."""
    out = everything(edited_game(tmp_path, "nile_artefacts", monument_layout=[6, 3]), ("type_choice",))
    assert len(out["type_choice"].data["monument_conditions"]) == 3


@pytest.mark.rules("nile_artefacts.end.tie_break")
def test_the_tie_break_check_takes_a_player_count_that_seats_two(tmp_path: Path) -> None:
    """player_counts [2, 3, 4] -> [1, 3, 4] (found by the what-if sweep: NA-010 built seat 1 in a 1-player game):
    the written tie-break end uses the fewest count that seats two, 3 players. By hand: seat 0 holds two 2-Artifact
    cards (2 cards, 4 Artifacts), seat 1 three one-type cards (3 cards, 3 Artifacts), seat 2 nothing, all on 0
    points; counting cards ranks seat 1, seat 0, seat 2; counting Artifacts seat 0, seat 1, seat 2. (Seeded play of
    this budget finds no such tie, so the check writes the end.)"""
    module = edited_game(tmp_path, "nile_artefacts", player_counts=[1, 3, 4])
    result = module.checks["tie_count"](module.game, SMALL)
    assert result.verdict.kind == "witness"
    assert dict(result.outcomes) == {
        "cards": "tie-break counts [2, 3, 0]: places seat 1 then seat 0 then seat 2",
        "artifacts": "tie-break counts [4, 3, 0]: places seat 0 then seat 1 then seat 2",
    }

"""Exploration at scale on the toy game: violations are caught, divergences counted, and the figures do not depend on
where the chunks ran.

Expected values come from the toy's rules (tests/toys/nim.py): under `last_stone=loses` the winner is the seat after
the one who took the last stone, so with the same moves the two readings always name different winners.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.analysis.explore import ExploreBudget, explore, explore_configs, witnessed
from nilerules.analysis.parallel import Execution
from nilerules.checks import GameModule
from nilerules.cli import main
from nilerules.errors import InvalidConfig
from tests.toys import broken, nim

BUDGET = ExploreBudget(games=120, random_combinations=3, seed=5)


def toy(game: nim.NimGame | None = None) -> GameModule:
    return GameModule(game or nim.make_game(), nim.CHECKS, nim.QUERIES)


def test_every_paired_game_of_the_toy_diverges_on_last_stone() -> None:
    """Swapping wins/loses with the same moves always changes the winner: every pair diverges; no violations."""
    (result,) = explore([toy()], BUDGET).games
    ((amb, pairs, diverged, first),) = result.divergences
    assert ("last_stone", BUDGET.games, BUDGET.games) == (amb, pairs, diverged)
    assert first is not None and result.violations == ()
    assert result.games == BUDGET.games


def test_configs_are_the_covering_array_the_base_configs_and_the_random_combinations() -> None:
    """The toy: 2 covering rows (one per reading), 4 base configs (2 or 3 players, with or without the bonus), and
    3 random combinations = 9 configs."""
    assert len(explore_configs(nim.make_game(), BUDGET)) == 2 + 4 + 3


@pytest.mark.parametrize(("cls", "kind"), [(broken.Stuck, "stuck"), (broken.NeverEnds, "non_termination")])
def test_a_broken_toy_shows_its_violation(cls: type, kind: str) -> None:
    """The toys built with a hole report it as a violation with a reproducible first example."""
    game = cls(nim.make_game().spec)
    (result,) = explore([toy(game)], BUDGET).games
    kinds = {k: (n, example) for k, n, example in result.violations}
    assert kind in kinds and kinds[kind][0] > 0


def test_figures_are_identical_on_one_and_two_processes() -> None:
    """The per-game figures (not the timing) are the same for --jobs 1 and --jobs 2."""
    one = explore([toy()], BUDGET, Execution(jobs=1, progress=False))
    two = explore([toy()], BUDGET, Execution(jobs=2, progress=False))
    assert one.games == two.games


def test_a_divergence_is_new_only_without_a_witness_in_the_baseline() -> None:
    """Baseline with a witness for last_stone: nothing new; with an unknown verdict: last_stone is new."""
    seen = {"games": {"nim": {"findings": [{"ambiguity": "last_stone", "verdict": "witness"}]}}}
    unseen = {"games": {"nim": {"findings": [{"ambiguity": "last_stone", "verdict": "unknown"}]}}}
    assert {"nim": {"last_stone"}} == witnessed(seen)
    assert explore([toy()], BUDGET, baseline=seen).games[0].new_divergences == ()
    assert explore([toy()], BUDGET, baseline=unseen).games[0].new_divergences == ("last_stone",)


def test_budget_rejects_zero_games() -> None:
    """games=0 is bad input naming the key and the value."""
    with pytest.raises(InvalidConfig, match="games: expected 1"):
        ExploreBudget(games=0)


def test_explore_command_writes_its_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`nilerules explore --game ra` states its budget and writes games played, rate, violations, new divergences."""
    out = tmp_path / "explore.json"
    assert main(["explore", "--game", "ra", "--games", "40", "--random", "1", "--jobs", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert "40 games per game" in text
    assert {"games_played", "games_per_second", "violations", "new_divergences", "budget"} <= set(data)
    assert data["per_game"][0]["games"] == 40


def test_explore_rejects_a_baseline_that_is_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A --baseline that is not JSON is bad input (exit 2, one line)."""
    bad = tmp_path / "findings.json"
    bad.write_text("not json", encoding="utf-8")
    assert main(["explore", "--game", "ra", "--games", "2", "--baseline", str(bad), "--out", str(tmp_path / "x")]) == 2
    assert "baseline" in capsys.readouterr().err

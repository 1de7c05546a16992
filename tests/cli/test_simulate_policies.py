"""`simulate --policies` (one policy per seat), wins shared 1/k, `--extremes` logs, and `strong` where policies are
accepted (play, explore)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.analysis.explore import ExploreBudget, explore
from nilerules.cli import main
from nilerules.errors import InvalidConfig
from tests.cli.test_cli import assert_one_line_error, run
from tests.toys import tally


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["--players", "3", "--policies", "strong,greedy"], ("2 policies given for 3 players",)),
        (["--policies", "greedy,random,greedy"], ("3 policies given for 2 players",)),
        (["--players", "3", "--policies", "strong,clever,greedy"], ("unknown policy 'clever'",)),
        (["--policy", "greedy", "--policies", "greedy,greedy"], ("not allowed with",)),
    ],
)
def test_bad_policies_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], needles: tuple[str]) -> None:
    """A count that is not --players (given or the game's smallest, 2 for Sobek), an unknown name, or both options:
    one line, exit 2."""
    code, _, err = run(capsys, "simulate", "sobek", "--games", "2", *argv)
    assert_one_line_error(code, err, *needles)


def test_simulate_with_a_policy_per_seat_names_them_and_shares_wins(capsys: pytest.CaptureFixture[str]) -> None:
    """--policies puts one policy at each seat; the wins by seat add up to the games (a shared first place is split)."""
    code, out, _ = run(
        capsys, "simulate", "sobek", "--players", "3", "--games", "6", "--policies", "greedy,random,random", "--json",
        "--jobs", "1",
    )
    data = json.loads(out)
    assert code == 0 and data["policies"] == ["greedy", "random", "random"] and data["policy"] == "greedy,random,random"
    assert sum(data["wins_by_seat"]) == pytest.approx(6)


def test_extremes_logs_replay_to_the_stated_scores(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--extremes writes the lowest-score, highest-score and first tied games' logs, named by seed; each replays to
    the scores simulate states, the lowest holds min_score, the highest max_score, the tied one a shared top (40 random
    games: a shared first place is rare in Sobek, about one game in 35 of this seed's run under SOB-018's default)."""
    out_dir = tmp_path / "extremes"
    code, out, _ = run(
        capsys, "simulate", "sobek", "--players", "3", "--games", "40", "--seed", "3", "--json", "--jobs", "1",
        "--extremes", str(out_dir),
    )
    data = json.loads(out)
    assert code == 0 and set(data["extremes"]) == {"lowest", "highest", "tied"}
    for kind, extreme in data["extremes"].items():
        assert 3 <= extreme["seed"] < 43
        log = out_dir / f"{kind}-seed-{extreme['seed']}.json"
        code, replayed, _ = run(capsys, "replay", str(log), "--json")
        assert code == 0 and json.loads(replayed)["scores"] == extreme["scores"]
    assert min(data["extremes"]["lowest"]["scores"]) == data["min_score"]
    assert max(data["extremes"]["highest"]["scores"]) == data["max_score"]
    tied = data["extremes"]["tied"]["scores"]
    assert tied.count(max(tied)) > 1
    assert sorted(p.name for p in out_dir.iterdir()) == sorted(
        f"{k}-seed-{e['seed']}.json" for k, e in data["extremes"].items()
    )


def test_extremes_into_a_file_is_refused_before_any_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An --extremes folder that is a file: one line, exit 2."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = run(capsys, "simulate", "sobek", "--games", "2", "--extremes", str(blocker))
    assert_one_line_error(code, err, "is a file")


def test_play_accepts_a_strong_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """play --policies with a strong seat writes a log that replays to the scores it printed."""
    log = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "sobek", "--seed", "2", "--policies", "strong,greedy", "--out", str(log))
    assert code == 0
    code, replayed, _ = run(capsys, "replay", str(log), "--json")
    assert code == 0 and str(json.loads(replayed)["scores"]) in out


def test_explore_plays_the_policies_it_is_given() -> None:
    """explore with policies ('strong',): every example names it; the default stays random and greedy in turn."""
    budget = ExploreBudget(games=4, random_combinations=0, seed=1, policies=("strong",))
    (result,) = explore([tally.make_module()], budget).games
    examples = [e for _, _, _, e in result.divergences if e is not None]
    assert examples and {e.policy for e in examples} == {"strong"}
    assert "random and greedy play in turn" in ExploreBudget().describe()
    with pytest.raises(InvalidConfig, match="policies"):
        ExploreBudget(policies=("clever",))


def test_explore_refuses_an_unknown_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """explore --policy clever: one line, exit 2."""
    code, _, err = run(capsys, "explore", "--game", "sobek", "--games", "1", "--policy", "clever")
    assert_one_line_error(code, err, "invalid choice")


def test_play_help_names_strong(capsys: pytest.CaptureFixture[str]) -> None:
    """`play --help` offers strong among the policies."""
    assert main(["play", "--help"]) == 0
    assert "strong" in capsys.readouterr().out

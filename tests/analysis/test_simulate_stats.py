"""simulate's spread: per-seat quantiles and histograms, the text histogram and --plot (stats on real playouts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.analysis.simulate import simulate
from nilerules.cli import main
from tests.toys import nim


def test_nim_scores_by_seat_match_the_wins() -> None:
    """Dice Nim gives the winner 1 and everyone else 0, so each seat's scores add up to its wins, and every seat's
    histogram counts one score per game."""
    game = nim.make_game()
    summary = simulate(game, game.config(3), 40, 7)
    assert [sum(s) for s in summary.scores_by_seat] == list(summary.wins_by_seat)
    assert [len(s) for s in summary.scores_by_seat] == [40, 40, 40]
    data = summary.to_data()
    assert [sum(h["counts"]) for h in data["score_histograms"]] == [40, 40, 40]
    assert [list(q) for q in data["score_quantiles"]] == [["min", "p10", "p25", "p50", "p75", "p90", "max"]] * 3
    for seat, q in enumerate(data["score_quantiles"]):
        assert (q["min"], q["max"]) == (min(summary.scores_by_seat[seat]), max(summary.scores_by_seat[seat]))


def test_simulate_json_gives_quantiles_and_a_histogram_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """sobek, 3 players, 12 games: three quantile rows and three histograms on the same bins, 12 scores each."""
    assert main(["simulate", "sobek", "--players", "3", "--games", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["score_quantiles"]) == 3
    hists = data["score_histograms"]
    assert len({(h["low"], h["width"], len(h["counts"])) for h in hists}) == 1
    assert [sum(h["counts"]) for h in hists] == [12, 12, 12]


def test_simulate_text_shows_quantiles_and_a_histogram(capsys: pytest.CaptureFixture[str]) -> None:
    """The text names the quantiles, one line per seat, and bars of '#' for the pooled scores."""
    assert main(["simulate", "sobek", "--players", "2", "--games", "10"]) == 0
    out = capsys.readouterr().out
    assert "score quantiles by seat: min, p10, p25, p50, p75, p90, max" in out
    assert "  seat 0: " in out and "  seat 1: " in out
    assert "|#" in out


def test_simulate_plot_writes_an_svg_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--plot FILE.svg writes one SVG with a legend entry per seat; the same run writes the same bytes."""
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    assert main(["simulate", "sobek", "--players", "2", "--games", "8", "--plot", str(first)]) == 0
    assert main(["simulate", "sobek", "--players", "2", "--games", "8", "--plot", str(second)]) == 0
    text = first.read_text(encoding="utf-8")
    assert text.startswith("<svg") and "seat 0" in text and "seat 1" in text
    assert text == second.read_text(encoding="utf-8")
    assert "wrote" in capsys.readouterr().err


def test_simulate_plot_into_a_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    """An --plot path whose parent is a file is bad input (exit 2), refused before any game is played."""
    blocker = tmp_path / "afile"
    blocker.write_text("x", encoding="utf-8")
    assert main(["simulate", "sobek", "--games", "5", "--plot", str(blocker / "p.svg")]) == 2

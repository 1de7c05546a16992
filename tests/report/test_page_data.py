"""What report.html shows beyond findings.json: witness games step by step (analysis/page.py) on the toy game."""

from __future__ import annotations

from typing import Any

from nilerules.analysis.page import (
    apply_delta,
    distribution_games,
    position_delta,
    position_of,
    score_distributions,
    seat_scores,
    witness_game,
)
from nilerules.checks.model import Budget
from nilerules.core.log import make_log
from tests.toys import nim


def test_position_delta_sets_one_nested_field_and_appends_to_a_grown_list() -> None:
    """Coins 3 -> 5 is one set at ["0", "coins"]; a history [a] -> [a, b] appends [b]; a dropped key is deleted."""
    before: dict[str, Any] = {"0": {"coins": 3, "boat": "port"}, "history": ["a"], "offer": [1]}
    after: dict[str, Any] = {"0": {"coins": 5, "boat": "port"}, "history": ["a", "b"]}
    ops = position_delta(before, after)
    assert ops == [["s", ["0", "coins"], 5], ["a", ["history"], ["b"]], ["d", ["offer"]]]
    assert apply_delta(before, ops) == after
    assert before["0"]["coins"] == 3  # the earlier position is left as it was


def test_position_delta_of_a_count_vector_changes_single_items() -> None:
    """Counts [0, 0, 2, 0] -> [0, 1, 2, 0]: one item changed, so one set at index 1 (not the whole list)."""
    ops = position_delta({"hand": [0, 0, 2, 0]}, {"hand": [0, 1, 2, 0]})
    assert ops == [["s", ["hand", 1], 1]]


def test_position_delta_replaces_a_list_that_mostly_changed() -> None:
    """[1, 2] -> [3, 4]: both items changed (more than half), so the list is replaced whole."""
    assert position_delta({"row": [1, 2]}, {"row": [3, 4]}) == [["s", ["row"], [3, 4]]]


def test_witness_game_records_each_move_its_mover_and_the_position_after_it() -> None:
    """Dice Nim, 2 players: roll 3 (chance), seat 0 takes 1, seat 1 takes 2; the pile ends at 0 with 1 and 2 taken."""
    game = nim.make_game()
    config = game.config(2)
    actions: list[nim.NimAction] = [nim.Roll(3), nim.Take(1), nim.Take(2)]
    state = game.setup(config)
    for a in actions:
        state = game.apply(state, a)
    wgame = witness_game(game, make_log(game, config, actions, state))
    assert [s["mover"] for s in wgame.steps] == ["chance", 0, 1]
    assert (wgame.error, wgame.truncated, wgame.form) == ("", False, "state")
    position = dict(wgame.start)
    for step in wgame.steps:
        position = apply_delta(position, step["ops"])
    assert (position["pile"], position["taken"]) == (0, [1, 2])
    assert position == position_of(game, state)[1]


def test_witness_game_reports_a_log_that_stops_replaying() -> None:
    """A log whose second move is illegal (take 2 from a pile of 1) keeps the first step and names step 1."""
    game = nim.make_game()
    config = game.config(2)
    state = game.apply(game.setup(config), nim.Roll(1))
    log = make_log(game, config, [nim.Roll(1), nim.Take(2)], state)
    wgame = witness_game(game, log)
    assert len(wgame.steps) == 1
    assert wgame.error.startswith("step 1:")


def test_score_distributions_flip_the_nim_winner_in_every_game() -> None:
    """Dice Nim's moves never depend on the last-stone reading, so the same seed gives the same game under both
    readings and the winner moves one seat on: every game's scores differ, and each reading has one point per game."""
    game = nim.make_game()
    budget = Budget.quick()
    dist = score_distributions(game, "last_stone", budget)
    games = distribution_games(budget)
    assert games == 10  # the quick budget plays 20 playouts per estimate (analysis/model.py): half of them
    assert (dist.games, dist.differ, dist.failed) == (games, games, 0)
    assert [name for name, _ in dist.scores] == ["wins", "loses"]
    for _, scores in dist.scores:
        assert (sum(scores), len(scores)) == (games, games * dist.players)


def test_seat_scores_split_a_flat_list_game_by_game() -> None:
    """Two games of three seats, [1, 2, 3, 4, 5, 6]: seat 0 has 1 and 4, seat 1 has 2 and 5, seat 2 has 3 and 6."""
    assert seat_scores([1, 2, 3, 4, 5, 6], 3) == ((1, 4), (2, 5), (3, 6))

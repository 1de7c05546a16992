"""Application points (issue 29, item 1): a paired game follows the base game move for move up to the first step
where the readings give another mover, other legal moves, another chance distribution, another successor or other
scores, and only from there goes on under its own reading. On the Lamp toy (tests/toys/lamp.py) the steps are known
by construction; on the four games, a placebo: wherever no application point was met, the same moves replayed under
the other reading give the same game and the same result."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.analysis.impact import (
    STRONG,
    PairItem,
    _Trajectory,
    application_point,
    evidence,
    follow,
    game_counts,
    measure,
    play,
)
from nilerules.core.configs import every_config
from nilerules.core.game import Game
from nilerules.core.types import Config
from nilerules.games import load_game
from tests.analysis.placebo import replay_problems
from tests.toys.lamp import make_game

LAMP_TURN = 3
"""tests/toys/lamp.toml: 'the fourth turn of the game is the lamp turn' (``lamp_turn``, counted from 0)."""


def _item(game: Any, base: Config, amb: str, reading: str, seed: int, policy: str, sims: int = 0) -> PairItem:
    changed = game.config(base.players, base.modules, {**base.readings_dict(), amb: reading})
    return PairItem(amb, reading, base, changed, seed, policy, sims)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("policy", ["random", "greedy", STRONG])
def test_the_lamp_applies_at_the_lamp_turn_and_nowhere_else(players: int, policy: str) -> None:
    """By the toy's text, the coins come first (one toss per seat, action indices 0..players-1), then the turns: the
    lamp turn is action index ``players + 3``, where 'light' adds a third legal move; no earlier step differs, so
    the paired game is the base game up to there, whoever plays."""
    game = make_game()
    base = game.config(players)
    sims = 4 if policy == STRONG else 0
    for seed in range(3):
        trajectory = play(game, base, seed, policy, sims, keep=True)
        item = _item(game, base, "lamp", "light", seed, policy, sims)
        point, kind = application_point(game, trajectory, item.changed)
        assert (players + LAMP_TURN, "moves") == (point, kind)
        outcome = follow(game, item, trajectory, point, kind)
        assert outcome.arises
        assert outcome.part_step == -1 or outcome.part_step >= point


@pytest.mark.parametrize("players", [2, 3])
def test_the_weighted_coin_applies_at_the_first_toss(players: int) -> None:
    """By the toy's text, the first action is a toss, whose distribution 'weighted' changes (heads 2/3, not 1/2)."""
    game = make_game()
    base = game.config(players)
    trajectory = play(game, base, 7, "random", keep=True)
    assert application_point(game, trajectory, _item(game, base, "coin", "weighted", 7,
                                                                          "random").changed) == (0, "chance")


def test_a_reading_no_game_reaches_never_applies_and_changes_nothing() -> None:
    """By the toy's text, 'late' speaks of a turn after the last, which no game has: no application point, and the
    paired game is the base game itself (no parting, the same scores and winner)."""
    game = make_game()
    base = game.config(2)
    for policy in ("random", "greedy"):
        for seed in range(4):
            trajectory = play(game, base, seed, policy, keep=True)
            item = _item(game, base, "late", "bonus", seed, policy)
            point, kind = application_point(game, trajectory, item.changed)
            assert (point, kind) == (-1, "")
            outcome = follow(game, item, trajectory, point, kind)
            assert (outcome.arises, outcome.part_step, outcome.scores_differ,
                                                 outcome.winner_differs) == (False, -1, False, False)


def test_greedy_lamp_changes_the_winner_unless_the_lamp_seat_already_won() -> None:
    """Hand calculation from the toy's text, 2 players: greedy seats step on every turn (3 each), and under 'light'
    seat 1 (turn 3 is seat 3 mod 2) lights for 3 instead of stepping for 1. Base: each seat its coin + 3, so the
    lamp seat gains 2: the winner changes unless seat 1 already won alone (seat 0 tails, seat 1 heads); the scores
    change in every game, and the situation arises in every game."""
    game = make_game()
    base = game.config(2)
    items = [_item(game, base, "lamp", "light", seed, "greedy") for seed in range(12)]
    outcomes = measure(game, items)
    for o in outcomes:
        coins = play(game, base, o.item.seed, "greedy").final.coins
        assert (True, True, coins != (1, 2)) == (o.arises, o.scores_differ, o.winner_differs)
    counts = game_counts(outcomes)["lamp"]["greedy"]
    expected_winner = sum(play(game, base, s, "greedy").final.coins != (1, 2) for s in range(12))
    assert (12, 12, 12, expected_winner) == (counts.games, counts.arises, counts.scores, counts.winner)
    data = counts.to_data()
    assert (data["games"], data["arises"]["trials"], data["winner"]["trials"]) == (12, 12, 12)


def test_the_evidence_is_a_game_where_the_readings_parted() -> None:
    """The evidence names a strong game where the lamp applied (action index 2 + 3 with 2 players, by the toy's
    text) and the readings parted (a strong seat on the lamp turn lights: its scores differ)."""
    game = make_game()
    base = game.config(2)
    outcomes = measure(game, [_item(game, base, "lamp", "light", seed, STRONG, 4) for seed in range(2)])
    found = evidence(outcomes)
    assert found is not None
    assert (found.policy, found.step, found.reading, found.kind, found.players) == (STRONG, 5, "light", "moves", 2)
    assert found.seed in (0, 1)
    assert evidence(outcomes, "random") is None


# -- the placebo ----------------------------------------------------------------------------------------------------
def placebo_problems(game: Game[Any, Any], base: _Trajectory, config: Config, point: int) -> list[str]:
    """Replay ``base``'s actions from ``config``'s setup (``placebo.replay_problems``): before ``point`` (the whole
    game when it is -1) each state must be the base state under ``config`` and have the same mover and legal moves;
    with no point the replay must end with the same scores and winners."""
    return replay_problems(game, game, base, config, point, game.setup(config),
                           "state is not the base state under the other reading")


@pytest.mark.slow  # whole games of the four games under every reading: nox -s compiled, about five times cheaper
@pytest.mark.parametrize("game_id", ["ra", "sobek", "nefertiti", "nile_artefacts"])
def test_placebo_the_same_moves_replay_alike_wherever_no_rule_applied(game_id: str) -> None:
    """The placebo: for one random and one greedy game per config, and every reading the text leaves open, the base
    game's moves replayed under that reading give the same states (under that reading), movers and legal moves up to
    the first application point, and when there is none the same scores and winners. A pair can only part where a
    rule read a reading."""
    game = load_game(game_id)
    met = 0
    for k, config in enumerate(every_config(game)):
        for policy in ("random", "greedy"):
            trajectory = play(game, config, 1000 + k, policy, keep=True)
            for amb_id, amb in sorted(game.spec.ambiguities.items()):
                for reading in amb.open_readings():
                    if reading == config.reading(amb_id):
                        continue
                    changed = game.config(config.players, config.modules, {**config.readings_dict(),
                                                                            amb_id: reading})
                    point, _ = application_point(game, trajectory, changed)
                    met += point >= 0
                    assert placebo_problems(game, trajectory, changed, point) == [], (amb_id, reading, point)
    assert met > 0


def test_the_placebo_catches_a_missed_application_point() -> None:
    """A detector that missed the lamp (claiming no application point) is caught by the placebo: replayed under
    'light', the base game's moves meet other legal moves at the lamp turn (2 coins + 3 turns, by the toy's text)."""
    game = make_game()
    trajectory = play(game, game.config(2), 3, "greedy", keep=True)
    changed = game.config(2, (), {"lamp": "light"})
    assert placebo_problems(game, trajectory, changed, -1) == ["step 5: other legal moves"]
    assert placebo_problems(game, trajectory, changed, application_point(game, trajectory, changed)[0]) == []

"""The checks kit (nilerules.checks.kit) on the Dice Tally toy, whose readings matter in ways known by construction
(tests/toys/tally.py): ``wait=wait_too`` adds a legal move, ``bonus=plus`` changes scores only, ``overflow`` never
matters in the real toy. Expected values come from the toy's rules read by hand."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from nilerules.checks.kit import (
    constructed_witness,
    depends,
    find_divergence,
    find_scripted,
    open_readings,
    per_reading,
    play_witness,
    situation_result,
)
from nilerules.core.log import replay
from nilerules.core.playout import playout
from nilerules.core.seeded import first_decision, log_of, play_until, replay_actions, seeded_steps, under
from nilerules.core.types import Config
from nilerules.core.verdicts import Unknown, Witness
from nilerules.errors import InvalidConfig
from tests.toys.tally import Pass, Roll, TallyAction, TallyGame, TallyState, make_game

GAME = make_game()


class ShiftedTally(TallyGame):
    """A deliberately different game: under ``overflow=keep`` every roll counts one more (the same move then gives
    different positions), and positions can be written and read back (for the constructed witnesses)."""

    def apply(self, state: TallyState, action: TallyAction) -> TallyState:
        after = super().apply(state, action)
        if isinstance(action, Roll) and state.config.reading("overflow") == "keep":
            return TallyState(after.config, (*after.tallies[:-1], after.tallies[-1] + 1), after.passes)
        return after

    def position_data(self, state: TallyState) -> dict[str, Any]:
        return {"tallies": list(state.tallies), "passes": state.passes}

    def position(self, config: Config, data: dict[str, Any]) -> TallyState:
        return TallyState(config, tuple(data["tallies"]), data["passes"])


SHIFTED = ShiftedTally(GAME.spec)


def words(before: TallyState, after: TallyState | None) -> str:
    return f"moves {[type(a).__name__ for a in GAME.legal_actions(before)]}, tallies {list((after or before).tallies)}"


def test_seeded_steps_play_the_playout_of_record_for_a_named_policy() -> None:
    """A named policy plays the same game as core.playout.playout for the same seed (differential)."""
    config = GAME.config(3, readings={"wait": "wait_too"})
    for seed in range(5):
        for policy in ("random", "greedy"):
            steps = tuple(step.action for step in seeded_steps(GAME, config, seed, policy))
            assert steps == playout(GAME, config, seed, policy).actions


def test_seeded_steps_refuse_an_unknown_policy_and_steering_without_random_play() -> None:
    config = GAME.config(2)
    with pytest.raises(InvalidConfig, match="unknown policy 'clever'"):
        next(seeded_steps(GAME, config, 1, "clever"))
    with pytest.raises(InvalidConfig, match="needs random play"):
        next(seeded_steps(GAME, config, 1, "greedy", prefer=lambda a: True))


def test_first_decision_is_after_every_roll() -> None:
    """Each of the 3 seats rolls once (chance) before the first pass: the first decision has 3 tallies, 0 passes."""
    state = first_decision(GAME, GAME.config(3), 7)
    assert (len(state.tallies), state.passes, GAME.current_player(state)) == (3, 0, 0)


def test_play_until_stops_at_the_first_decision_where_the_condition_holds() -> None:
    """With 2 seats and 2 turns each (the spec's ``turns``), the third pass is made at passes == 2: 2 rolls + 2
    passes lead there."""
    state, actions = play_until(GAME, GAME.config(2), 3, lambda s: s.passes == 2)
    assert (state.passes, len(actions)) == (2, 4)
    assert replay_actions(GAME, GAME.config(2), actions) == state


def test_readings_helpers() -> None:
    """``under`` changes one reading; ``depends`` names the non-default readings of other ambiguities; every toy
    reading is open (none is marked contradicted)."""
    config = GAME.config(2)
    changed = under(GAME, config, "wait", "wait_too")
    assert changed.reading("wait") == "wait_too" and changed.reading("bonus") == config.reading("bonus")
    assert depends(GAME, "wait", {"wait": "wait_too", "bonus": "plus", "order": "high"}) == (("bonus", "plus"),)
    assert open_readings(GAME, "wait") == ("pass_only", "wait_too")
    assert per_reading(GAME, "wait", str.upper) == (("pass_only", "PASS_ONLY"), ("wait_too", "WAIT_TOO"))


def test_find_divergence_parts_on_the_legal_moves_at_the_first_decision() -> None:
    """``wait``: after the 2 rolls of a 2-player game, ``wait_too`` offers Wait beside Pass: the readings part there
    (kind "moves"), and the log ends before that decision."""
    found = find_divergence(GAME, "wait", [GAME.config(2)], range(3), words)
    assert found is not None
    assert (found.kind, found.step, len(found.actions), found.seed) == ("moves", 2, 2, 0)
    assert all(isinstance(a, Roll) for a in found.actions)
    outcomes = dict(found.outcomes)
    assert outcomes["pass_only"].startswith("moves ['Pass']")
    assert outcomes["wait_too"].startswith("moves ['Pass', 'Wait']")
    assert replay(GAME, found.log(GAME)) == found.state


def test_find_divergence_meets_nothing_where_only_the_scores_differ() -> None:
    """``bonus`` changes scoring, never a position or a legal move: lockstep play never parts."""
    assert find_divergence(GAME, "bonus", [GAME.config(2), GAME.config(3)], range(5), words) is None


def test_find_divergence_parts_on_positions_after_the_same_move() -> None:
    """In the deliberately shifted game, ``overflow=keep`` counts the first roll one more: the same chance outcome
    gives different positions at step 0 (kind "position"), and the log ends after that roll."""
    found = find_divergence(SHIFTED, "overflow", [SHIFTED.config(2)], range(1), words)
    assert found is not None
    assert (found.kind, found.step, len(found.actions)) == ("position", 0, 1)
    roll = found.actions[0]
    assert isinstance(roll, Roll)
    assert dict(found.outcomes) == {"cap": f"moves [], tallies [{roll.value}]", "keep": f"moves [], tallies "
                                    f"[{roll.value + 1}]"}


def test_find_scripted_finds_the_score_difference_at_the_end_of_a_scripted_tail() -> None:
    """``bonus``: from the first decision, passing to the end; ``bonus=plus`` adds bonus_points (2 in tally.toml) to
    each score, so the outcomes differ by 2 per seat."""
    points = GAME.spec.int("bonus_points")

    def tail(state: TallyState) -> list[TallyAction] | None:
        if GAME.current_player(state) != 0 or state.passes:
            return None
        return [Pass()] * (GAME.spec.int("turns") * state.config.players)

    found = find_scripted(GAME, "bonus", [GAME.config(2)], range(1), tail, lambda s, r: str(list(GAME.scores(s))))
    assert found is not None and found.kind == "scripted"
    final = replay_actions(GAME, found.config, found.actions)
    base = list(GAME.scores(final))
    assert dict(found.outcomes) == {"none": str(base), "plus": str([s + points for s in base])}
    result = play_witness(GAME, "bonus", found, "scores differ", "one seeded game")
    assert isinstance(result.verdict, Witness) and result.witness_log == log_of(GAME, found.config, found.actions)


def test_constructed_witness_writes_the_position_and_says_unknown_when_nothing_parts() -> None:
    """A written position of two tallies 3 and 5 with every pass made: under ``order=low`` the lower tally scores
    more (faces + 1 - tally: 4 and 2 with a six-sided die), so the readings part; ``overflow`` (both tallies within
    the die's faces, no roll left to play) does not."""
    config = SHIFTED.config(2)
    position = {"tallies": [3, 5], "passes": 4}

    def scores(state: TallyState, reading: str) -> str:
        return str(list(SHIFTED.scores(state)))

    result = constructed_witness(SHIFTED, "order", config, position, [], scores, "order", "one position")
    assert isinstance(result.verdict, Witness) and result.constructed
    assert dict(result.outcomes) == {"high": "[3, 5]", "low": "[4, 2]"}
    assert result.data["position"] == position and result.data["actions"] == []
    flat = constructed_witness(SHIFTED, "overflow", config, position, [], scores, "overflow", "one position")
    assert isinstance(flat.verdict, Unknown)


def test_situation_result_is_a_witness_only_when_the_outcomes_differ() -> None:
    assert isinstance(situation_result((("a", "x"), ("b", "y")), "s", {}).verdict, Witness)
    assert isinstance(situation_result((("a", "x"), ("b", "x")), "s", {}).verdict, Unknown)


def test_steering_prefers_the_marked_move_about_half_the_time() -> None:
    """With ``prefer`` marking Wait under ``wait_too``, about half of the decisions (those where the coin says so)
    take Wait, and the others a uniform pick of Pass/Wait: 3/4 Wait overall; over 400 decisions at least 60 %."""
    config = GAME.config(2, readings={"wait": "wait_too"})
    picks = [
        type(step.action).__name__
        for seed in range(100)
        for step in seeded_steps(GAME, config, seed, prefer=lambda a: type(a).__name__ == "Wait")
        if GAME.current_player(step.state) == 0 or GAME.current_player(step.state) == 1
    ]
    assert len(picks) == 400
    assert picks.count("Wait") >= 240


@pytest.mark.parametrize(
    ("game", "ambiguity"),
    [(GAME, "wait"), (SHIFTED, "overflow")],
)
def test_a_lockstep_witness_recomputes_its_figures_from_its_log(game: TallyGame, ambiguity: str) -> None:
    """Each reading's stated outcome is what replaying the witness log from setup under that reading gives, for a
    divergence on the legal moves (wait) and on the positions (the shifted overflow)."""
    found = find_divergence(game, ambiguity, [game.config(2)], range(3), words)
    assert found is not None
    result = play_witness(game, ambiguity, found, "differs", "three seeded games")
    assert result.figures is not None
    assert [(r, result.figures(r)) for r, _ in result.outcomes] == list(result.outcomes)


def test_figures_from_another_position_do_not_recompute() -> None:
    """A deliberately broken witness: outcomes worded from a position its log does not reach are told apart."""
    found = find_divergence(SHIFTED, "overflow", [SHIFTED.config(2)], range(1), words)
    assert found is not None
    roll = found.actions[0]
    assert isinstance(roll, Roll)
    elsewhere = roll.value + 10  # no six-sided roll gives it
    wrong = dataclasses.replace(
        found, outcomes=(("cap", f"moves [], tallies [{elsewhere}]"), ("keep", f"moves [], tallies [{elsewhere + 1}]"))
    )
    figures = play_witness(SHIFTED, "overflow", wrong, "differs", "one game").figures
    assert figures is not None
    assert [figures(r) for r in ("cap", "keep")] == [f"moves [], tallies [{roll.value}]",
                                                     f"moves [], tallies [{roll.value + 1}]"]
    assert [figures(r) for r in ("cap", "keep")] != [o for _, o in wrong.outcomes]

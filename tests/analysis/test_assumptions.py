"""Assumed data, measured (analysis/assumptions.py): a step of an assumed value played against the value itself in
paired seeded games — on the Dice Tally toy (tests/toys/tally.py), whose assumed numbers matter in ways known by
construction, and on a variant of it with a head start for seat 0 that decides who wins."""

from __future__ import annotations

import json
from dataclasses import replace

from nilerules.analysis.assumptions import (
    NO_DIFFERENCE,
    NOT_MEASURED,
    assumption_chunks,
    measure_game,
    shifted,
    spec_with,
    step_of,
    variants,
)
from nilerules.analysis.impact import impact_trials
from nilerules.analysis.runner import analyse
from nilerules.checks import GameModule
from nilerules.checks.model import Budget
from nilerules.report import json as json_report
from nilerules.report import markdown
from nilerules.specs import Param, Schema, Spec
from tests.toys import tally
from tests.toys.tally import TallyGame, TallyState

BUDGET = Budget(playouts=400, examples=30, strong_trials=0)
"""50 paired games per changed value (an eighth of the playouts), random and greedy: enough that a difference with a
chance of 11/36 per game is met with near certainty (1 - (25/36)^50 > 0.99999999). No strong trials: these tests are
about the context's figures (strong play's are tested in test_strong_impact.py)."""


class HeadStartGame(TallyGame):
    """Dice Tally where seat 0 adds the assumed ``head_start`` to its tally."""

    def scores(self, state: TallyState) -> tuple[int, ...]:
        base = super().scores(state)
        if len(state.tallies) < state.config.players:
            return base
        return (base[0] + self.spec.int("head_start"), *base[1:])


def head_start_spec(value: int = 1) -> Spec:
    spec = tally.make_game().spec
    why = "the toy's text gives no number"
    param = Param("head_start", value, "assumed", why, "", (), Schema("int", min=0, max=20))
    return replace(spec, params={**spec.params, "head_start": param})


def impacts(game: TallyGame) -> dict[str, tuple[str, int, int, int]]:
    """param -> (class, games whose scores differed, games whose winner differed, games) over both steps."""
    out = {}
    for i in measure_game(game, BUDGET):
        scores = sum(v.counts.scores for v in i.values)
        winner = sum(v.counts.winner for v in i.values)
        trials = sum(v.counts.trials for v in i.values)
        out[i.param] = (i.cls, scores, winner, trials)
    return out


def test_a_step_is_one_below_ten_and_a_tenth_from_ten_up_within_the_bounds() -> None:
    """The issue's 'the value ±1, or ±10 % for large values, within the param's schema bounds'."""
    assert [step_of(n) for n in (0, 9, 10, 40, 100)] == [1, 1, 1, 4, 10]
    assert shifted({"2": [6, 40], "3": [0]}, -1, 0, 30) == {"2": [5, 30], "3": [0]}
    assert shifted([9, 100], 1, 1, 1000) == [10, 110]


def test_a_parameter_without_a_number_or_at_its_bounds_is_not_varied_and_says_why() -> None:
    """A list of names holds no number; a value at both bounds has no room for a step."""
    spec = head_start_spec()
    text = Param("names", ["a", "b"], "assumed", "", "", (), Schema("list[str]"))
    fixed = Param("fixed", 3, "assumed", "", "", (), Schema("int", min=3, max=3))
    assert variants(spec, text) == ((), "it holds no number")
    assert variants(spec, fixed) == ((), "its bounds leave no room for a step")
    low = Param("low", 0, "assumed", "", "", (), Schema("int", min=0, max=20))
    assert [v.value for v in variants(spec, low)[0]] == [1]


def test_a_head_start_for_seat_0_changes_the_winner() -> None:
    """By construction: a step of the head start moves seat 0's score in every game (so the scores differ in every
    pair) and decides the winner whenever seat 1's tally is equal to or one above seat 0's (11 in 36 two-player
    games)."""
    found = impacts(HeadStartGame(head_start_spec()))
    cls, scores, winner, trials = found["head_start"]
    assert (cls, scores) == ("changes the winner", trials)
    assert 0 < winner < trials
    assert trials == 2 * impact_trials(tally.make_game(), BUDGET)


def test_assumed_numbers_the_defaults_never_read_make_no_difference() -> None:
    """By construction: bonus_points only counts under the non-default reading bonus=plus and seven_points only for
    a tally of seven, which a six-sided roll never gives; neither changes anything in play."""
    found = impacts(tally.make_game())
    assert found["bonus_points"][:3] == (NO_DIFFERENCE, 0, 0)
    assert found["seven_points"][:3] == (NO_DIFFERENCE, 0, 0)


def test_the_number_of_turns_changes_play_only() -> None:
    """By construction: one turn more or less changes how many passes the game has, never a tally or a score."""
    cls, scores, winner, trials = impacts(tally.make_game())["turns"]
    assert (cls, scores, winner) == ("changes play only", 0, 0)
    assert trials > 0


def test_a_value_the_game_refuses_is_reported_not_measured() -> None:
    """A game whose rules reject the changed value: the error is kept, and no figure is made up."""

    class Strict(TallyGame):
        def setup(self, config):  # type: ignore[no-untyped-def]
            if self.spec.int("turns") != 2:
                raise ValueError("turns must be 2")
            return super().setup(config)

    spec = tally.make_game().spec
    only_turns = replace(spec, params={k: p for k, p in spec.params.items() if k in ("die_faces", "turns")})
    (turns,) = measure_game(Strict(only_turns), BUDGET)
    assert turns.cls == NOT_MEASURED
    assert turns.why_not().endswith("ValueError: turns must be 2")


def test_a_changed_spec_differs_only_in_that_value_and_its_digest() -> None:
    spec = tally.make_game().spec
    changed = spec_with(spec, "turns", 3)
    assert (changed.int("turns"), changed.int("die_faces"), changed.rules) == (3, 6, spec.rules)
    assert changed.digest != spec.digest


def test_the_report_shows_each_assumed_value_with_what_a_step_changes() -> None:
    """The markdown's assumed-data table and findings.json's assumptions[].impact say the same class."""
    module = GameModule(HeadStartGame(head_start_spec()), tally.CHECKS, tally.QUERIES)
    analysis = analyse(module, BUDGET)
    text = markdown.render([analysis], BUDGET)
    row = next(line for line in text.splitlines() if line.startswith("| Dice Tally | `head_start`"))
    assert "| changes the winner |" in row
    doc = json.loads(json_report.render([analysis], BUDGET))
    by_name = {p["name"]: p for p in doc["games"]["tally"]["assumptions"]}
    assert by_name["head_start"]["impact"]["class"] == "changes the winner"
    assert by_name["bonus_points"]["impact"]["class"] == NO_DIFFERENCE
    assert len(assumption_chunks(module.game, module.game, BUDGET)) == impact_trials(module.game, BUDGET)


def test_a_changed_game_is_built_from_the_game_at_hand_even_when_two_specs_share_a_digest() -> None:
    """Two in-memory specs that differ only in head_start keep the same digest; each changed game keeps its own
    head_start and the changed turns."""
    from nilerules.analysis.assumptions import game_with

    one, five = HeadStartGame(head_start_spec(1)), HeadStartGame(head_start_spec(5))
    assert one.spec.digest == five.spec.digest
    (_down, up) = variants(one.spec, one.spec.params["turns"])[0]
    assert [game_with(g, up).spec.int("head_start") for g in (one, five)] == [1, 5]
    assert game_with(five, up).spec.int("turns") == tally.make_game().spec.int("turns") + 1

"""Wording to paste is executable (issue 19, item 4): each claim a wording makes is run against the model under the
reading it adopts. The runner is tested on the Dice Tally toy (whose rules are read by hand from tests/toys/tally.py)
with claims that hold and claims that do not; then every claim of every bundled spec that is about a written position
is run (claims about a finding's witness run with the bundled report, in tests/analysis/test_bundled_witnesses.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from nilerules.analysis.claims import claim_problems, wording_problems
from nilerules.core.types import Config
from nilerules.wording import parse_claims
from tests.helpers import games, loaded
from tests.toys.tally import TallyGame, TallyState, make_game


class WrittenTally(TallyGame):
    """The toy with written positions and a score breakdown (its one category: the tally as scored)."""

    def position_data(self, state: TallyState) -> dict[str, Any]:
        return {"phase": "roll" if len(state.tallies) < state.config.players else "pass",
                "tallies": list(state.tallies), "passes": state.passes}

    def position(self, config: Config, data: dict[str, Any]) -> TallyState:
        return TallyState(config, tuple(data["tallies"]), data["passes"])

    def score_breakdown(self, state: TallyState) -> tuple[dict[str, int], ...]:
        return tuple({"tally": s} for s in self.scores(state))


GAME = WrittenTally(make_game().spec)
WAIT = GAME.spec.ambiguities["wait"]
"""TAL-003, wording: "Write: 'On your turn, pass (you may not wait).'", default pass_only."""


def claims(*items: dict[str, Any]) -> Any:
    found: list[tuple[str, str]] = []
    parsed = parse_claims(list(items), "claims", lambda k, w: found.append((k, w)))
    assert found == []
    return parsed


AT_FIRST_PASS = {"at": "position", "players": 2, "position": {"tallies": [3, 5], "passes": 0}}
"""Both seats have rolled (3 and 5), no pass made yet: seat 0 is to pass."""


def test_a_claim_the_model_keeps_gives_no_problem() -> None:
    """Under pass_only, seat 0 may pass and may not wait; it is seat 0's turn in the pass phase; scores are the
    tallies (3 and 5: no bonus under the default reading of TAL-001)."""
    claim = claims({
        **AT_FIRST_PASS,
        "says": "you may not wait",
        "expect": {"legal": [{"type": "Pass"}], "not_legal": [{"type": "Wait"}], "to_move": "seat 0",
                   "phase": "pass", "scores": [3, 5], "points": {"1": {"tally": 5}}, "winners": [1]},
    })[0]
    assert claim_problems(GAME, WAIT, claim, None) == []


def test_a_claim_the_model_breaks_is_reported_with_what_the_model_does() -> None:
    """The same words checked under wait_too (a reading the wording does not adopt) fail: Wait is legal there. A
    claim whose words are not in the wording, and wrong scores and turn, are reported too."""
    claim = claims({
        **AT_FIRST_PASS,
        "says": "you may never pass",
        "reading": "wait_too",
        "expect": {"not_legal": [{"type": "Wait"}], "to_move": "seat 1", "scores": [4, 5],
                   "points": {"0": {"tally": 4}}, "winners": [0]},
    })[0]
    assert claim_problems(GAME, WAIT, claim, None) == [
        "TAL-003 “you may never pass”: these words are not in the finding's wording",
        'TAL-003 “you may never pass”: {"type":"Wait"} is a legal move there',
        "TAL-003 “you may never pass”: seat 0 is to move there, not seat 1",
        "TAL-003 “you may never pass”: the scores there are [3, 5], not [4, 5]",
        "TAL-003 “you may never pass”: seats [1] are first there, not [0]",
        "TAL-003 “you may never pass”: seat 0 has 3 tally, not 4",
    ]


def test_the_claims_moves_are_played_first_and_an_illegal_one_is_reported() -> None:
    """After the first pass it is seat 1's turn; a Wait under pass_only cannot be played."""
    expect = {"to_move": "seat 1"}
    after = claims({**AT_FIRST_PASS, "says": "pass", "actions": [{"type": "Pass"}], "expect": expect})[0]
    assert claim_problems(GAME, WAIT, after, None) == []
    illegal = claims({**AT_FIRST_PASS, "says": "pass", "actions": [{"type": "Wait"}], "expect": expect})[0]
    problems = claim_problems(GAME, WAIT, illegal, None)
    assert len(problems) == 1 and "cannot be played there" in problems[0]


def test_a_witness_claim_without_a_witness_is_reported() -> None:
    claim = claims({"says": "pass", "expect": {"to_move": "seat 0"}})[0]
    problems = claim_problems(GAME, WAIT, claim, None)
    assert problems == ["TAL-003 “pass”: the claim is about the witness, and the finding has none"]


def test_a_claim_that_claims_nothing_is_refused_by_the_spec() -> None:
    found: list[tuple[str, str]] = []
    parse_claims([{"says": "x", "expect": {}}], "claims", lambda k, w: found.append((k, w)))
    assert found == [("claims[0].expect", "claims nothing: name at least one of legal, not_legal, to_move, phase, "
                                          "points, scores, winners")]


OVERFLOW = GAME.spec.ambiguities["overflow"]
"""TAL-004, wording: "Write nothing: a tally never exceeds the die.", default cap (a tally is capped at the die's
faces, tests/toys/tally.py ``score``)."""


def test_a_claim_in_a_variant_is_checked_in_the_rules_with_those_values() -> None:
    """By hand: with 8 faces (tally.toml says 6) a tally of 7 is under the cap, so tallies 7 and 5 score [7, 5]; with
    one turn each (tally.toml says 2) two passes of two seats end the game. The same claims without the variant (the
    deliberately wrong ones) fail: 7 is capped at the spec's 6 faces, and seat 0 still has a turn."""
    seven = {"at": "position", "players": 2, "position": {"tallies": [7, 5], "passes": 2}, "says": "a tally never "
             "exceeds the die", "expect": {"scores": [7, 5], "to_move": "nobody"}}
    faces, turns = GAME.spec.int("die_faces") + 2, GAME.spec.int("turns") - 1
    right = claims({**seven, "variant": {"die_faces": faces, "turns": turns}})[0]
    assert claim_problems(GAME, OVERFLOW, right, None) == []
    wrong = claims(seven)[0]
    assert claim_problems(GAME, OVERFLOW, wrong, None) == [
        "TAL-004 “a tally never exceeds the die”: seat 0 is to move there, not nobody",
        "TAL-004 “a tally never exceeds the die”: the scores there are [6, 5], not [7, 5]",
    ]


@pytest.mark.parametrize(("variant", "problem"), [
    ({"turnz": 1}, "the claim's variant does not fit the spec (variant.turnz: 'turnz' is not a parameter of the "
                   "spec)"),
    ({"turns": 0}, "the claim's variant does not fit the spec (variant.turns: expected an integer in 1..20, found "
                   "0)"),
    ({"die_faces": "six"}, "the claim's variant does not fit the spec (variant.die_faces: expected an integer, found "
                           "'six')"),
])
def test_a_variant_the_spec_refuses_is_one_line(variant: dict[str, Any], problem: str) -> None:
    """tally.toml: turns and die_faces are integers in 1..20; there is no parameter turnz."""
    claim = claims({**AT_FIRST_PASS, "says": "pass", "variant": variant, "expect": {"to_move": "seat 0"}})[0]
    assert claim_problems(GAME, WAIT, claim, None) == [f"TAL-003 “pass”: {problem}"]


def test_a_variant_that_is_not_a_table_is_refused_by_the_spec() -> None:
    found: list[tuple[str, str]] = []
    parse_claims([{"says": "x", "variant": 3, "expect": {"to_move": "seat 0"}}], "claims",
                 lambda k, w: found.append((k, w)))
    assert found == [("claims[0].variant", "expected a table of parameter = value (as in the spec's [params])")]


@pytest.mark.parametrize("game_id", games())
def test_every_written_position_claim_of_the_bundled_specs_holds(game_id: str) -> None:
    """Claims about written positions need no report: each holds in the model under the reading it adopts."""
    game = loaded(game_id).game
    only_positions = {
        a: dataclasses.replace(amb, claims=tuple(c for c in amb.claims if c.at == "position"))
        for a, amb in game.spec.ambiguities.items()
    }
    spec = dataclasses.replace(game.spec, ambiguities=only_positions)
    assert wording_problems(type(game)(spec)) == []


@pytest.mark.parametrize("game_id", games())
def test_every_wording_carries_its_claims(game_id: str) -> None:
    """Each finding's wording to paste makes its claims as data (at least one)."""
    spec = loaded(game_id).game.spec
    assert [a.code for a in spec.ambiguities.values() if not a.claims] == []


def test_a_claim_that_holds_only_in_its_variant_is_a_wording_the_model_does_not_play() -> None:
    """Issue 32, item 5: a wording's claims must hold under the spec's own (assumed) values. The variant claim of the
    test above (8 faces, one turn) holds only in its variant, so TAL-004's wording checked by it states a rule the
    toy does not play: the two problems of the plain claim are reported, marked as under the spec's values; a
    placement that says the wording goes only in a variant (RA-015's) excuses it."""
    from nilerules.analysis.claims import assumed_data_problems

    seven = {"at": "position", "players": 2, "position": {"tallies": [7, 5], "passes": 2}, "says": "a tally never "
             "exceeds the die", "expect": {"scores": [7, 5], "to_move": "nobody"}}
    variant = {"die_faces": GAME.spec.int("die_faces") + 2, "turns": GAME.spec.int("turns") - 1}
    amb = dataclasses.replace(OVERFLOW, claims=claims({**seven, "variant": variant}))
    problems = assumed_data_problems(GAME, amb)
    assert [p.split(" (under the spec's values")[0] for p in problems] == [
        "TAL-004 “a tally never exceeds the die”: seat 0 is to move there, not nobody",
        "TAL-004 “a tally never exceeds the die”: the scores there are [6, 5], not [7, 5]",
    ]
    excused = dataclasses.replace(amb, placement="After the tally rule, only in a variant with more faces.")
    assert assumed_data_problems(GAME, excused) == []


def test_a_player_count_the_wording_names_needs_a_claim_played_there() -> None:
    """A wording naming 'two players' with claims at three players only is reported; at two, it is not; numbers as
    words, digits and 'N-player' are read alike."""
    from nilerules.analysis.claims import assumed_data_problems, mentioned_players

    assert mentioned_players("With two players, a 3-player game and five-player rules; three or four players") == (
        2, 3, 4, 5)
    at_two = claims({**AT_FIRST_PASS, "says": "pass", "expect": {"to_move": "seat 0"}})
    amb = dataclasses.replace(WAIT, wording="With two players, pass.", claims=at_two)
    assert assumed_data_problems(GAME, amb) == []
    at_three = claims({**AT_FIRST_PASS, "players": 3, "says": "pass", "expect": {"to_move": "seat 0"}})
    assert assumed_data_problems(GAME, dataclasses.replace(amb, claims=at_three)) == [
        "TAL-003: the wording names 2 players, and no claim is played with 2 players under the spec's values"]


def test_sob_024s_old_wording_fails_under_the_models_data() -> None:
    """The regression of issue 32: SOB-024's wording 'With two players, the last round is the short one', checked only
    in a variant (the deck lasting the game, [2, 2, 1]), does not hold under the bundled data, where the last round
    has five deliveries like the others: nine cards taken from its first delivery do not end it (by hand: 5
    deliveries of 9)."""
    from nilerules.analysis.claims import assumed_data_problems

    game = loaded("sobek").game
    amb = game.spec.ambiguities["two_player_rounds"]
    last = amb.claims[0]
    old = claims({"says": "With two players, the last round is the short one", "at": "position", "players": 2,
                  "variant": {"deck_reformed": "once", "deliveries": [2, 2, 2], "deliveries_two_players": [2, 2, 1]},
                  "position": dict(last.position), "actions": list(last.actions[:1 + 9 + 9 + 9 + 9]),
                  "expect": {"phase": "horizontal"}})
    wording = "With two players, the last round is the short one."
    problems = assumed_data_problems(game, dataclasses.replace(amb, wording=wording, claims=old))
    assert any("the phase there is" in p and "under the spec's values" in p for p in problems)
    assert any("names 2 players" in p for p in problems)


@pytest.mark.parametrize("game_id", games())
def test_every_wording_holds_under_the_specs_assumed_values(game_id: str) -> None:
    """Issue 32, item 5: every wording's claims hold without a variant (unless placed only in a variant), and every
    player count and module a wording names has a claim played there (a claim about the witness is checked with its
    game in tests/analysis/test_bundled_witnesses.py)."""
    from nilerules.analysis.claims import assumed_data_problems

    game = loaded(game_id).game
    assert [p for amb in game.spec.ambiguities.values() for p in assumed_data_problems(game, amb)] == []

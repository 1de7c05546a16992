"""The evidence game the page opens per finding (``analysis.page``): the moves up to the application point, then each
reading's continuation, on the Coin Toss toy (tests/toys/toss.py), whose rules make every figure a hand calculation:
2 seats roll a die each, then take turns (3 each); a take is worth 1 point, or ``take_two`` = 2 under ``take=two``;
the greedy player always takes; a score is the roll plus the points taken.
"""

from __future__ import annotations

from nilerules.analysis.page import impact_evidence, witness_evidence
from nilerules.checks.model import Budget
from nilerules.core.log import make_log
from tests.toys.toss import Roll, Take, make_game


def test_the_application_point_and_each_readings_continuation_are_replayed() -> None:
    """Rolls 4 and 2, then seat 0 takes: at that point 'one' gives 4 + 1 = 5 and 'two' 4 + 2 = 6 to seat 0; greedy
    play then takes 5 more turns (seat 1 three, seat 0 two): 'one' ends 5 + 2 = 7 to 2 + 3 = 5, 'two' 6 + 4 = 10 to
    2 + 6 = 8; seat 0 wins both; the continuations make the same moves."""
    game = make_game()
    config = game.config(2)
    actions = (Roll(4), Roll(2), Take())
    state = game.setup(config)
    for a in actions:
        state = game.apply(state, a)
    evidence = witness_evidence(game, "take", make_log(game, config, actions, state), Budget.quick())
    assert evidence is not None
    data = evidence.to_data()
    assert (data["step"], data["policy"], data["origin"], len(data["before"])) == (3, "greedy", "witness", 3)
    got = {c["reading"]: (c["at_scores"], c["scores"], c["winners"], len(c["moves"])) for c in data["continuations"]}
    assert got == {"one": ([5, 2], [7, 5], [0], 5), "two": ([6, 2], [10, 8], [0], 5)}
    assert data["continuations"][0]["moves"] == data["continuations"][1]["moves"]


def test_an_impact_evidence_record_replays_its_game_to_the_step_then_each_reading() -> None:
    """{policy greedy, seed 7, 2 players, step 2, reading two}: the base game's two rolls, then the point where no seat
    has taken (both readings give the same scores there); greedy seats take 3 times each, so 'two' ends every seat
    3 points above 'one' (3 takes x (2 - 1))."""
    game = make_game()
    record = {"policy": "greedy", "seed": 7, "step": 2, "reading": "two",
              "config": {"players": 2, "modules": [], "readings": {}}}
    evidence = impact_evidence(game, "take", record, Budget.quick())
    assert evidence is not None
    data = evidence.to_data()
    assert (data["step"], data["seed"], data["origin"]) == (2, 7, "impact")
    one, two = data["continuations"]
    assert (one["reading"], two["reading"]) == ("one", "two")
    assert one["at_scores"] == two["at_scores"]
    assert [b - a for a, b in zip(one["scores"], two["scores"], strict=True)] == [3, 3]


def test_a_record_this_version_cannot_read_gives_no_evidence() -> None:
    """An unknown policy, a reading the ambiguity does not have, or a config without players: None, not an error."""
    game = make_game()
    good = {"policy": "greedy", "seed": 7, "step": 2, "reading": "two", "config": {"players": 2}}
    for bad in ({"policy": "wild"}, {"reading": "three"}, {"config": {"modules": []}}, {"step": -1}):
        assert impact_evidence(game, "take", {**good, **bad}, Budget.quick()) is None, bad
    assert impact_evidence(game, "take", good, Budget.quick()) is not None


def test_the_pages_continuation_is_the_game_the_measurement_counted() -> None:
    """For random play on Coin Toss (seeds 0-9, reading take=two against one), the evidence replayed from the
    record the measurement would keep (its seed, config, application point) ends where the measured pair ended: the
    scores differ and the winner differs exactly when the measured pair says so, and nothing parts before the
    point."""
    from nilerules.analysis.impact import PairItem, application_point, follow, play

    game = make_game()
    base_config = game.config(2)
    changed = game.config(2, readings={"take": "two"})
    for seed in range(10):
        base = play(game, base_config, seed, "random", keep=True)
        point, kind = application_point(game, base, changed)
        outcome = follow(game, PairItem("take", "two", base_config, changed, seed, "random"), base, point, kind)
        record = {"policy": "random", "seed": seed, "step": point, "reading": "two", "kind": kind,
                  "config": {"players": 2, "modules": []}}
        evidence = impact_evidence(game, "take", record, Budget.quick())
        assert evidence is not None and point >= 0, seed
        own, other = evidence.continuations
        assert (own.scores != other.scores, own.winners != other.winners) == (
            outcome.scores_differ, outcome.winner_differs
        ), seed
        assert own.at_scores == other.at_scores or kind == "successor", seed


def test_a_witness_log_that_does_not_replay_gives_no_evidence() -> None:
    """A log whose third move is a second roll where seat 0 must move (refused by toss.turn.move): None, not an
    error, so the page is still written."""
    game = make_game()
    config = game.config(2)
    state = game.setup(config)
    for a in (Roll(4), Roll(2)):
        state = game.apply(state, a)
    log = make_log(game, config, (Roll(4), Roll(2), Roll(3)), state)
    assert witness_evidence(game, "take", log, Budget.quick()) is None

"""Assumed values measured where they apply (issue 29, item 1 for assumed data): a changed value of an assumed
parameter is paired on the readings' own base game, and the changed game follows it move for move up to the first
step where the rules bound to the changed value give another mover, other legal moves, another chance distribution,
another successor or other scores; a value the set-up reads applies at setup.

On the Coin Toss toy (tests/toys/toss.py) the steps are known from its text: 'throw points away' costs
``throw_cost`` (assumed), so that value applies at the first throw and nowhere else; ``turns`` ('three turns each')
decides when the game ends. The placebo: wherever no application point was met, the base game's moves replayed by the
rules with the changed value give the same positions, movers, legal moves and, with no point at all, the same result.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from nilerules.analysis import impact
from nilerules.analysis.assumptions import (
    AssumptionChunk,
    Variant,
    assumption_chunks,
    assumption_impacts,
    game_variants,
    game_with,
    measure_assumptions,
    measure_variant,
)
from nilerules.analysis.impact import STRONG, PairItem, _Trajectory, application_point, impact_chunks, play, trials
from nilerules.checks.model import Budget
from nilerules.core.configs import every_config
from nilerules.core.game import Game
from nilerules.core.types import Config
from nilerules.games import load_game
from nilerules.specs import Spec
from tests.analysis.placebo import replay_problems
from tests.toys import toss
from tests.toys.toss import Throw, TossGame, TossState

BUDGET = Budget(playouts=64, examples=30, strong_trials=4, strong_simulations=4)


def assumed(spec: Spec, *names: str) -> Spec:
    """``spec`` with the named params marked ``assumed`` (so they are varied) and every other param not."""
    return replace(spec, params={
        n: replace(p, provenance="assumed" if n in names else ("seed" if p.provenance == "assumed" else p.provenance))
        for n, p in spec.params.items()
    })


def variant(game: Game[Any, Any], param: str, direction: int) -> Variant:
    return next(v for v in game_variants(game.spec) if (v.param, v.direction) == (param, direction))


def item_for(v: Variant, config: Config, seed: int, policy: str, sims: int = 0) -> PairItem:
    return PairItem(v.param, v.words, config, config, seed, policy, sims)


def value_placebo_problems(game: Game[Any, Any], changed: Game[Any, Any], base: _Trajectory, config: Config,
                           point: int) -> list[str]:
    """Replay ``base``'s actions by ``changed``'s rules from the base game's first position (rebased): before
    ``point`` (the whole game when it is -1) each position must be the base one rebased, with the same mover and
    legal moves; with no point, the same scores and winners at the end."""
    state = changed.rebase(base.states[0], config)
    if point != 0 and changed.setup(config) != state:
        return ["setup: the changed set-up differs although no point was met there"]
    return replay_problems(changed, game, base, config, point, state,
                           "position is not the base one under the changed value")


@pytest.mark.parametrize("direction", [-1, 1])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_throws_cost_applies_at_the_first_throw_and_nowhere_else(policy: str, direction: int) -> None:
    """By the toy's text a throw costs ``throw_cost``: the changed cost applies where the base game first throws (the
    position after it differs: ``successor``); a game with no throw (greedy seats take, by the toy's text) never
    meets it, and its pair is the base game itself."""
    game = toss.make_game()
    v = variant(game, "throw_cost", direction)
    changed = game_with(game, v)
    for seed in range(6):
        config = game.config(2)
        base = play(game, config, seed, policy, keep=True)
        throws = [i for i, a in enumerate(base.actions) if isinstance(a, Throw)]
        expected = (throws[0], "successor") if throws else (-1, "")
        assert expected == application_point(game, base, config, under=changed)
        outcome = measure_variant(game, v, item_for(v, config, seed, policy), base).outcome
        assert outcome is not None
        assert (outcome.arises, outcome.point) == (bool(throws), expected[0])
        if not throws:
            assert (outcome.part_step, outcome.scores_differ, outcome.winner_differs) == (-1, False, False)
        else:
            assert outcome.scores_differ  # by hand: the thrower's points move by one step of the cost
        assert value_placebo_problems(game, changed, base, config, expected[0]) == []


def test_fewer_turns_end_the_game_earlier_and_more_turns_apply_at_its_end() -> None:
    """By the toy's text, 'three turns each' after one roll per seat: with 2 turns the game ends after 2 + 2 × 2 = 6
    actions, where the base game has a mover (``mover`` at step 6); with 4 the base game's end (2 + 3 × 2 = 8 actions)
    is where the changed rules still have a mover (``mover`` at step 8)."""
    game = TossGame(assumed(toss.make_game().spec, "turns"))
    config = game.config(2)
    base = play(game, config, 3, "random", keep=True)
    assert len(base.actions) == 8
    for direction, step in ((-1, 6), (1, 8)):
        changed = game_with(game, variant(game, "turns", direction))
        assert (step, "mover") == application_point(game, base, config, under=changed)
        assert value_placebo_problems(game, changed, base, config, step) == []


class StartGame(TossGame):
    """Coin Toss where every seat starts with the assumed ``start_points``: the set-up reads it."""

    def setup(self, config: Config) -> TossState:
        return replace(super().setup(config), points=(self.spec.int("start_points"),) * config.players)


def start_spec() -> Spec:
    from nilerules.specs import Param, Schema

    spec = toss.make_game().spec
    param = Param("start_points", 1, "assumed", "the toy's text gives no number", "", (), Schema("int", min=0, max=9))
    return replace(spec, params={**spec.params, "start_points": param})


def test_a_value_the_set_up_reads_applies_at_setup_in_every_game_and_says_so() -> None:
    """start_points is read by the set-up only: every pair applies at setup (two whole games), and the impact counts
    them as such (``at_setup`` equals the games where it applied: all of them); every seat starts alike, so the
    scores shift alike and the winner never changes (by hand)."""
    game = StartGame(start_spec())
    outcomes = []
    for chunk in assumption_chunks(game, game, BUDGET):
        found = measure_assumptions(game, chunk).variants
        outcomes += [o for o in found if o.variant.param == "start_points"]
    assert outcomes and all(o.outcome is not None and (o.outcome.point, o.outcome.point_kind) == (0, "setup")
                            for o in outcomes)
    (start,) = [i for i in assumption_impacts(game, BUDGET, outcomes) if i.param == "start_points"]
    for value in start.values:
        assert (value.counts.arises, value.at_setup, value.counts.winner) == (value.counts.trials,) * 2 + (0,)
        assert value.to_data()["at_setup"] == value.counts.trials


def test_the_placebo_catches_a_missed_application_point() -> None:
    """A detector that missed the first throw (claiming no point) is caught: replayed with the changed cost, the
    position after the first throw is not the base game's (the thrower's points differ)."""
    game = toss.make_game()
    changed = game_with(game, variant(game, "throw_cost", 1))
    config = game.config(2)
    games = (play(game, config, seed, "random", keep=True) for seed in range(20))
    base = next(b for b in games if any(isinstance(a, Throw) for a in b.actions))
    first = next(i for i, a in enumerate(base.actions) if isinstance(a, Throw))
    expected = [f"step {first + 1}: the replayed position is not the base one under the changed value"]
    assert expected == value_placebo_problems(game, changed, base, config, -1)


def test_assumed_values_share_every_trial_and_its_base_game() -> None:
    """Every trial (strong ones included: no cap) gives one chunk holding that trial's reading pairs; measuring it
    plays its base game once (``impact.play`` is never called for the pairs) and gives the same pairs as the
    readings' own chunks."""
    game = toss.make_game()
    paired = impact_chunks(game, game, BUDGET)
    chunks = assumption_chunks(game, game, BUDGET, paired)
    assert len(chunks) == len(trials(game, BUDGET))
    assert sum(1 for c in chunks if c.policy == STRONG) == BUDGET.strong_trials
    assert [c.items for c in chunks if c.items] == [c.items for c in paired]
    expected = [impact.measure(game, c.items) for c in paired]
    original = impact.play
    try:
        impact.play = _refuse  # type: ignore[assignment]
        got = [measure_assumptions(game, c).pairs for c in chunks if c.items]
    finally:
        impact.play = original
    assert expected == got


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the base game was played again")


@pytest.mark.slow  # every assumed value of the four games over a random and a greedy game per config
@pytest.mark.parametrize("game_id", ["ra", "sobek", "nefertiti", "nile_artefacts"])
def test_placebo_assumed_values_replay_alike_wherever_they_did_not_apply(game_id: str) -> None:
    """The placebo on the four games: for one random and one greedy game per config and every changed assumed
    value, the base game's moves replayed by the rules with the changed value give the same positions, movers and
    legal moves up to the first application point, and with none the same scores and winners."""
    game = load_game(game_id)
    met = 0
    for k, config in enumerate(every_config(game)):
        for policy in ("random", "greedy"):  # random Ra games never fill the Ra track (ra_track); greedy ones do
            base = play(game, config, 2000 + k, policy, keep=True)
            for v in game_variants(game.spec):
                try:
                    changed = game_with(game, v)
                    point, _ = application_point(game, base, config, under=changed)
                except Exception:  # a value the game refuses is reported, not measured (test_assumptions.py)
                    continue
                met += point >= 0
                assert value_placebo_problems(game, changed, base, config, point) == [], (v.param, v.words, point)
    assert met > 0


def test_an_assumption_chunk_without_reading_pairs_still_measures_its_values() -> None:
    """A trial with no reading pairs (a game whose readings the text all decides) still measures its changed values
    on its own base game."""
    game = toss.make_game()
    config = game.config(2)
    chunk = AssumptionChunk(game, game_variants(game.spec), config, 5, "random")
    found = measure_assumptions(game, chunk)
    assert found.pairs == () and len(found.variants) == len(game_variants(game.spec))


def test_the_lever_measures_values_on_fewer_strong_trials_and_keeps_the_base_games_shared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``ASSUMED_STRONG_TRIALS`` at 2, the strong trials after the second still carry their reading pairs but no
    changed value, and throw_cost's strong figures count 2 games (of the budget's 4)."""
    from nilerules.analysis import assumptions

    monkeypatch.setattr(assumptions, "ASSUMED_STRONG_TRIALS", 2)
    game = toss.make_game()
    paired = impact_chunks(game, game, BUDGET)
    chunks = assumption_chunks(game, game, BUDGET, paired)
    strong = [c for c in chunks if c.policy == STRONG]
    assert [bool(c.variants) for c in strong] == [True, True, False, False]
    assert all(c.items for c in strong)
    values = [v for c in chunks for v in measure_assumptions(game, c).variants]
    (cost,) = [i for i in assumption_impacts(game, BUDGET, values) if i.param == "throw_cost"]
    assert {v.of((STRONG,)).trials for v in cost.values} == {2}
    assert "and 2 games with every seat playing the strong player" in cost.budget

"""Impact among competent players (issue 20, item 4): the strong trials of ``analysis.impact`` beside the random and
greedy ones, on the Coin Toss toy (tests/toys/toss.py), whose readings matter to different players by construction:
a thrown point's destination only to random players (nobody else throws), a take's worth to every player but, for
greedy and strong ones (who take on every turn), every seat alike."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from nilerules.analysis.findings import Finding
from nilerules.analysis.impact import NOT_MET, STRONG, measure, work_items
from nilerules.analysis.runner import GameAnalysis, analyse
from nilerules.checks import GameModule
from nilerules.checks.model import Budget
from nilerules.report import html, markdown
from nilerules.report import json as json_report
from tests.toys import toss
from tests.toys.toss import Take, TossGame, TossState

STRONG_TRIALS = 6
BUDGET = Budget(playouts=200, examples=30, strong_trials=STRONG_TRIALS, strong_simulations=8)
"""25 random and greedy paired games per reading (an eighth of the playouts) and 6 strong ones."""
Z = 1.959963984540054
"""The 95 % normal quantile of the Wilson interval."""


def analysis(budget: Budget = BUDGET, module: GameModule | None = None) -> GameAnalysis:
    return analyse(module or toss.make_module(), budget)


def findings(budget: Budget = BUDGET) -> dict[str, Finding]:
    return {f.ambiguity: f for f in analysis(budget).findings}


def test_a_reading_only_random_play_meets_is_said_to_be_so() -> None:
    """By construction, only a random seat throws: under 'gift' the next seat gains what is thrown, which reorders
    seats, so random play changes the winner; greedy and strong seats always take, so their paired games never part.
    The class is random play's, marked, and the finding says in how many strong games the situation could have
    arisen (a throw is the only place the rule applies, and no strong seat throws: in none)."""
    impact = findings()["throw"].impact
    assert impact is not None
    views = {v.play: v for v in impact.views()}
    assert (impact.cls, impact.shown_by, impact.unmet_by_strong) == ("changes the winner", "random", True)
    assert (views[STRONG].cls, impact.games(STRONG).games, impact.games(STRONG).arises) == (NOT_MET, STRONG_TRIALS, 0)
    assert views["greedy"].cls == NOT_MET
    assert views["random"].cls == "changes the winner"
    words = impact.unmet_words()
    assert f"The situation arose in none of {STRONG_TRIALS} games of strong play" in words
    assert views["random"].words() in words


def test_the_class_is_the_strongest_effect_any_play_meets() -> None:
    """By construction, strong (and greedy) seats take on every turn, so 'two' applies in every game (a take is its
    application point) and adds the same to every seat: strong play shows changes scores, every seat alike, in all
    its games; random seats take different numbers of times, so among them the same reading changes the winner. The
    class is the strongest effect met (random play's: never weaker than a figure the finding shows), and the figures
    name strong play first, then random, then greedy."""
    impact = findings()["take"].impact
    assert impact is not None
    assert (impact.cls, impact.shown_by, impact.alike, impact.unmet_by_strong) == (
        "changes the winner", "random", False, False
    )
    assert [v.play for v in impact.views()] == [STRONG, "random", "greedy"]
    strong = impact.play_view(STRONG)
    assert (strong.cls, strong.rate.hits, strong.rate.trials) == ("changes scores", STRONG_TRIALS, STRONG_TRIALS)
    assert impact.play_view("random").cls == "changes the winner"
    assert impact.how_often().startswith(f"strong play: arose in {STRONG_TRIALS} of {STRONG_TRIALS} ")


def test_without_strong_trials_the_class_is_random_and_greedy_plays() -> None:
    """The same reading with no strong trials: the class is what random and greedy play show (random play changes the
    winner), as before strong play was measured, and no strong figure is given."""
    impact = findings(replace(BUDGET, strong_trials=0))["take"].impact
    assert impact is not None
    assert (impact.cls, impact.shown_by, impact.strong_trials()) == ("changes the winner", "random", 0)
    assert [v.play for v in impact.views()] == ["random", "greedy"]


def test_strong_trials_leave_the_random_and_greedy_pairs_as_they_were() -> None:
    """The strong trials come after the random and greedy ones, with their own items: the pairs before them (seeds,
    policies, outcomes) are the same with or without strong play."""
    game = toss.make_game()
    without = measure(game, work_items(game, replace(BUDGET, strong_trials=0)))
    with_strong = measure(game, work_items(game, BUDGET))
    assert with_strong[: len(without)] == without
    assert {o.item.policy for o in with_strong[len(without) :]} == {STRONG}


class PayingToss(TossGame):
    """A deliberately broken Coin Toss in which a throw pays the thrower instead of costing it: strong and greedy
    seats then throw too, so the 'gift' reading is met in strong play and nothing may say otherwise."""

    def apply(self, state: TossState, action: object) -> TossState:  # type: ignore[override]
        after = super().apply(state, action)  # type: ignore[arg-type]
        if isinstance(action, Take) or not isinstance(self.current_player(state), int):
            return after
        mover = self.current_player(state)
        assert isinstance(mover, int)
        cost = self.spec.int("throw_cost")
        points = list(after.points)
        points[mover] += 2 * cost  # from -cost to +cost
        return replace(after, points=tuple(points))

    def greedy_action(self, state: TossState, rng: object) -> object:  # type: ignore[override]
        return self.legal_actions(state)[1]  # the throw


def test_a_reading_strong_play_meets_is_not_marked() -> None:
    """The broken game's strong seats throw, so 'gift' moves points in strong play: the class is strong play's and
    neither the mark nor the sentence appears."""
    module = GameModule(PayingToss(toss.make_game().spec), toss.CHECKS, toss.QUERIES)
    found = {f.ambiguity: f for f in analysis(module=module).findings}
    impact = found["throw"].impact
    assert impact is not None
    assert (impact.shown_by, impact.unmet_by_strong, impact.unmet_words()) == (STRONG, False, "")
    lines = markdown.render([analysis(module=module)], BUDGET).splitlines()
    row = next(line for line in lines if line.startswith("| TOS-001 |"))
    assert "strong play never met it" not in row
    start = next(i for i, line in enumerate(lines) if line.startswith("### TOS-001"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("#"))
    assert not any(line.startswith("- **Strong play never met it**") for line in lines[start:end])
    # and the other way round here: strong seats throw (it pays more than a take), so 'take' is the reading random
    # play meets and strong play never does
    assert found["take"].impact is not None and found["take"].impact.unmet_by_strong


def test_the_report_says_it_in_the_table_the_finding_the_json_and_the_page() -> None:
    """ambiguities.md: the summary row carries the mark and strong play's cell first, the finding says the counts;
    findings.json: each play's class; report.html: the mark and the sentence."""
    found = analysis()
    text = markdown.render([found], BUDGET)
    impact = findings()["throw"].impact
    assert impact is not None
    row = next(line for line in text.splitlines() if line.startswith("| TOS-001 |"))
    cells = [c.strip() for c in row.strip("|").split(" | ")]
    assert cells[4] == "changes the winner, strong play never met it"
    assert cells[5].startswith(f"0/{STRONG_TRIALS} (0–")
    assert cells[6] == f"arose 0/{STRONG_TRIALS}"
    assert cells[7].startswith("arose ") and ", winner " in cells[7] and " · arose 0/" in cells[7]
    assert f"- **Strong play never met it**: {impact.unmet_words()}" in text.splitlines()
    doc = json.loads(json_report.render([found], BUDGET))
    data = next(f for f in doc["games"]["toss"]["findings"] if f["ambiguity"] == "throw")["impact"]
    assert {k: v["class"] for k, v in data["by_play"].items()} == {
        STRONG: NOT_MET, "random": "changes the winner", "greedy": NOT_MET
    }
    assert data["unmet_by_strong"] == impact.unmet_words()
    page = html.render([found], BUDGET, {"toss": toss.make_game()})
    assert impact.unmet_words() in page


def test_the_budget_words_say_the_interval_the_strong_trials_buy() -> None:
    """With n strong games and none differing, the Wilson interval's upper end is z² / (n + z²) (hand algebra:
    the centre and the half-width are equal at zero hits): 32 % for 8 games, here for the budget's 6."""
    assert round(100 * Z**2 / (8 + Z**2)) == 32
    high = round(100 * Z**2 / (STRONG_TRIALS + Z**2))
    impact = findings()["take"].impact
    assert impact is not None
    assert f"and {STRONG_TRIALS} games with every seat playing the strong player" in impact.budget
    assert f"arises in at most {high} % of such games (95 %)" in impact.budget


def test_the_assumed_data_uses_the_same_strong_trials() -> None:
    """throw_cost (assumed) only matters when someone throws (the toy's text): random play meets a step of it, strong
    play never, in every strong trial (a changed value is measured where it applies, on the readings' base games);
    the assumed-data table gives strong play's cell: the value never applied in its games."""
    found = analysis()
    (cost,) = [i for i in found.assumption_impacts if i.param == "throw_cost"]
    for value in cost.values:
        strong, random_play = value.of((STRONG,)), value.of(("random",))
        assert (strong.trials, strong.arises, strong.play, strong.scores) == (STRONG_TRIALS, 0, 0, 0)
        assert random_play.scores > 0
    text = markdown.render([found], BUDGET)
    row = next(line for line in text.splitlines() if "| `throw_cost` |" in line)
    assert f"| arose 0/{STRONG_TRIALS} |" in row


def test_strong_trials_give_the_same_report_on_two_processes_and_on_dask() -> None:
    """The strong trials are chunks like the others (their result depends only on the chunk): the findings are the
    same text in process, on 2 local processes and, when the dask extra is installed, on a two-worker cluster."""
    import importlib.util

    from nilerules.analysis.parallel import IN_PROCESS, Execution
    from nilerules.analysis.runner import analyse_games

    expected = json_report.render(analyse_games([toss.make_module()], BUDGET, IN_PROCESS), BUDGET)
    two = Execution(jobs=2, progress=False)
    assert expected == json_report.render(analyse_games([toss.make_module()], BUDGET, two), BUDGET)
    if importlib.util.find_spec("dask") is None:
        return
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = Execution(scheduler=cluster.scheduler_address, progress=False)
        assert expected == json_report.render(analyse_games([toss.make_module()], BUDGET, on_dask), BUDGET)


def test_a_winner_that_changes_without_a_score_is_met_too() -> None:
    """A ranking reading (who wins a tie) can change the winner with the same moves and scores: random games that
    show only that, beside strong games that show nothing, make strong play's never-met sentence too (counts by
    hand: 13 random games, a tie in 3, 2 of them with another winner; 1 strong game, no tie)."""
    from nilerules.analysis.impact import Counts, GameCounts, classify

    readings = {"first_seat": {"all": Counts(14, 0, 0, 2, arises=3), "random": Counts(13, 0, 0, 2, arises=3),
                               STRONG: Counts(1)}}
    games = {"random": GameCounts(13, 3, 0, 0, 2), STRONG: GameCounts(1)}
    impact = classify("ties", "shared", readings, "witness", "", games=games)
    assert (impact.cls, impact.shown_by, impact.unmet_by_strong) == ("changes the winner", "random", True)
    assert "random: the winner in 2 of 3" in impact.unmet_words()
    assert "arose in none of 1 game of strong play" in impact.unmet_words()


def test_the_coin_toss_toy_keeps_the_game_contract() -> None:
    """The toy is a game like the others (chance outcomes, legal moves, refusals, logs that replay), under every
    reading, for random and strong play."""
    from nilerules.testing.conformance import run_conformance

    game = toss.make_game()
    configs = [game.config(n, readings=r) for n in (2, 3) for r in ({}, {"throw": "gift", "take": "two"})]
    assert run_conformance(game, configs, range(3)) == []
    assert run_conformance(game, configs[:1], range(2), policy=STRONG) == []


def test_a_budget_by_name_and_a_bad_one(capsys: pytest.CaptureFixture[str]) -> None:
    """--budget thorough is a budget (1,000 strong games per game, issue 29), the default 100, quick none; a name
    that is not one is refused in one line with exit 2, on the command line and by the impact query."""
    from nilerules.cli import main

    assert (Budget.named("thorough").strong_trials, Budget().strong_trials, Budget.named("quick").strong_trials) == (
        1000, 100, 0)
    assert Budget.named("default") == Budget()
    code = main(["report", "--budget", "lavish", "--out", "/nonexistent/x", "--quiet"])
    err = capsys.readouterr().err
    assert (code, len(err.strip().splitlines())) == (2, 1) and "lavish" in err
    code = main(["query", "ra", "impact", "--param", "ambiguity=RA-001", "--param", "budget=lavish"])
    err = capsys.readouterr().err
    assert (code, len(err.strip().splitlines())) == (2, 1) and "lavish" in err

"""Impact measured in paired games, witnesses replayed under each reading, and the editor's report that opens with
them — on the Dice Tally toy (tests/toys/tally.py), whose readings matter in ways known by construction."""

from __future__ import annotations

from dataclasses import replace

from nilerules.analysis.findings import Finding
from nilerules.analysis.impact import impact_chunks, measure, work_items
from nilerules.analysis.runner import analyse
from nilerules.analysis.witness import Refusal, end_words, replay_under
from nilerules.checks.model import Budget
from nilerules.core.log import GameLog, make_log, replay
from nilerules.report import json as json_report
from nilerules.report import markdown
from tests.toys import tally
from tests.toys.tally import Pass, Roll, Wait


def findings() -> dict[str, Finding]:
    return {f.ambiguity: f for f in analyse(tally.make_module(), Budget.quick()).findings}


def log_of(readings: dict[str, str], actions: list[object]) -> GameLog:
    game = tally.make_game()
    config = game.config(2, readings=readings)
    state = game.setup(config)
    for action in actions:
        state = game.apply(state, action)  # type: ignore[arg-type]
    return make_log(game, config, actions, state)


def test_impact_classes_are_the_ones_built_into_the_toy() -> None:
    """By construction (tests/toys/tally.py): the bonus shifts every seat alike, 'low' reverses the ranking, 'wait'
    only adds a move, 'overflow' is proved never to matter, 'sevens' only matters for a roll a d6 never gives, and
    the text rules out the only alternative of 'ties'."""
    found = findings()
    assert {amb: f.impact_class for amb, f in found.items()} == {
        "bonus": "changes scores",
        "order": "changes the winner",
        "wait": "changes play only",
        "overflow": "never matters",
        "sevens": "no difference seen",
        "ties": "the text decides",
    }


def test_a_bonus_for_every_seat_is_marked_every_seat_alike_and_a_reversal_is_not() -> None:
    """+bonus_points to every seat moves all scores by the same amount; faces + 1 - tally does not."""
    found = findings()
    bonus, order = found["bonus"].impact, found["order"].impact
    assert bonus is not None and order is not None
    assert (bonus.alike, order.alike) == (True, False)
    (plus,) = bonus.readings
    assert (0, 0, plus.counts.trials) == (plus.counts.play, plus.counts.winner, plus.counts.scores)


def test_a_witness_play_never_meets_is_rare_and_constructed() -> None:
    """A tally of seven needs a hand-built position: the finding says constructed, rare, and no difference seen (no
    game)."""
    f = findings()["sevens"]
    assert f.impact is not None
    assert (f.impact.rare, f.constructed, f.witness_log, f.impact.cls) == (True, True, None, "no difference seen")


def test_never_matters_needs_the_checks_proof() -> None:
    """'overflow' parts no pair of games and its check is a proof: never matters, not rare."""
    f = findings()["overflow"]
    assert f.impact is not None
    assert (f.impact.cls, f.impact.rare, f.impact.readings[0].counts.play) == ("never matters", False, 0)


def test_wait_parts_the_games_at_the_first_players_turn() -> None:
    """With 2 players, steps 0 and 1 are the two rolls; the first turn (step 2) offers Wait only under wait_too."""
    game = tally.make_game()
    items = [i for i in work_items(game, Budget.quick(), ["wait"]) if i.base.players == 2]
    outcomes = measure(game, items)
    assert {(2, "moves", False)} == {(o.part_step, o.part_kind, o.scores_differ) for o in outcomes}


def test_measure_gives_the_same_outcomes_chunked_or_whole() -> None:
    """The measurement is a pure function of its work items: chunks concatenate to the whole."""
    game = tally.make_game()
    module = tally.make_module()
    whole = measure(game, work_items(game, Budget.quick()))
    chunks = impact_chunks(module, game, Budget.quick())
    assert whole == tuple(o for c in chunks for o in measure(game, c.items))


def test_replay_under_gives_each_readings_end_position() -> None:
    """Rolls 3 and 5 (hand computation, d6): 'high' scores [3, 5], seat 1 wins; 'low' scores 7 - t = [4, 2], seat 0
    wins; 'plus' adds bonus_points = 2 to each: [5, 7]."""
    game = tally.make_game()
    log = log_of({}, [Roll(3), Roll(5), Pass(), Pass(), Pass(), Pass()])
    high, low = replay_under(game, log), replay_under(game, log, {"order": "low"})
    plus = replay_under(game, log, {"bonus": "plus"})
    assert (high.scores, high.winners) == ((3, 5), (1,))
    assert (low.scores, low.winners) == ((4, 2), (0,))
    assert plus.scores == (5, 7)
    assert end_words(low, high) == "game over, scores [4, 2], seat 0 wins"


def test_replay_under_stops_where_the_log_becomes_illegal() -> None:
    """A Wait at step 2 is legal under wait_too only: replayed under pass_only, two steps apply and it says so."""
    game = tally.make_game()
    log = log_of({"wait": "wait_too"}, [Roll(2), Roll(6), Wait()])
    end = replay_under(game, log, {"wait": "pass_only"})
    assert (end.steps, end.stopped.startswith("step 2")) == (2, True)
    assert replay_under(game, log).stopped == ""


def test_where_a_log_becomes_illegal_is_said_with_the_step_the_move_and_the_rule() -> None:
    """The same Wait, refused by tests/toys/tally.py under pass_only with rule tally.turn.pass: the words name the
    step (2, counted from 0 after setup), the move as the log writes it ({"type": "Wait"}) and the rule's id, and
    nothing of the rule's summary or quote (a rule's summary says what the rule is about, not why this move fails:
    given a summary, the words stay the same). No code or dataclass form (``Wait()``) is in the words, though
    findings.json's ``stopped`` keeps it."""
    game = tally.make_game()
    log = log_of({"wait": "wait_too"}, [Roll(2), Roll(6), Wait()])
    end = replay_under(game, log, {"wait": "pass_only"})
    assert end.refused == Refusal(2, "Wait", "tally.turn.pass")
    said = "the log becomes illegal at step 2: rule tally.turn.pass refuses Wait"
    assert end_words(end) == said
    assert "Wait()" in end.stopped and "Wait()" not in end_words(end)
    rule = game.spec.rule("tally.turn.pass")
    summarised = replace(game.spec, rules=tuple(
        replace(r, summary="Pass on your turn.") if r is rule else r for r in game.spec.rules))
    again = replay_under(tally.make_game(summarised), log, {"wait": "pass_only"})
    assert end_words(again) == said
    assert replay_under(game, log).refused is None


def test_every_witness_log_replays_from_setup() -> None:
    """Each finding's witness log (from play or the check) replays exactly, final digest included."""
    game = tally.make_game()
    logs = [f.witness_log for f in findings().values() if f.witness_log is not None]
    assert len(logs) == 3
    for log in logs:
        replay(game, log)


def test_the_report_opens_with_every_finding_sorted_by_impact() -> None:
    """The first table of ambiguities.md is the summary, from 'changes the winner' down to 'never matters', then the
    findings the text decides."""
    analysis = analyse(tally.make_module(), Budget.quick())
    text = markdown.render([analysis], Budget.quick())
    lines = text.splitlines()
    first_table = next(i for i, line in enumerate(lines) if line.startswith("|"))
    header = (
        "| code | rank | game | title | class | strong play: winner changed (95 %) | strong play (95 % interval) "
        "| random · greedy |"
    )
    assert lines[first_table].startswith(header)
    assert not any(line.startswith("### ") for line in lines[:first_table])
    codes = [line.split(" | ")[0].strip("| ") for line in lines[first_table + 2 : first_table + 8]]
    assert codes == ["TAL-002", "TAL-001", "TAL-003", "TAL-005", "TAL-004", "TAL-006"]
    assert markdown.render([analysis], Budget.quick()) == text


def test_the_report_names_documents_and_says_when_the_text_decides() -> None:
    """meta.documents names each file; a contradicted reading is flagged; data blobs stay out of the markdown."""
    analysis = analyse(tally.make_module(), Budget.quick())
    text = markdown.render([analysis], Budget.quick())
    assert "*the reference rules of the base game Tally*" in text
    assert "**The text decides against it:** “Your tally is your score”: a tie" in text
    assert "tally.txt" not in text and "Witness as data" not in text


def test_findings_json_carries_impact_witness_and_readings() -> None:
    """findings.json holds the class, the witness log and each reading's end position (replayed: 'low' gives
    7 - tally where 'high' gives the tally)."""
    import json

    analysis = analyse(tally.make_module(), Budget.quick())
    doc = json.loads(json_report.render([analysis], Budget.quick()))
    order = next(f for f in doc["games"]["tally"]["findings"] if f["ambiguity"] == "order")
    assert order["impact"]["class"] == "changes the winner"
    assert order["witness_log"].startswith("{")
    high, low = (r["end"]["scores"] for r in order["readings"])
    assert [7 - s for s in high] == low  # 'low' scores faces + 1 - tally with a six-sided die
    ties = next(f for f in doc["games"]["tally"]["findings"] if f["ambiguity"] == "ties")
    assert [r["contradicted"][:26] for r in ties["readings"] if r["contradicted"]] == ["“Your tally is your score”"]
    assert (ties["impact"]["class"], ties["impact"]["readings"]) == ("the text decides", [])


def test_impact_is_measured_against_the_readings_the_text_leaves_open_only() -> None:
    """No paired game is played for a reading the text rules out (TAL-006's 'first_seat'); the others are."""
    items = work_items(tally.make_game(), Budget.quick())
    assert {i.reading for i in items if i.ambiguity == "ties"} == set()
    assert {i.reading for i in items if i.ambiguity == "order"} == {"low"}


def test_the_impact_query_agrees_with_the_report() -> None:
    """`query GAME impact --param ambiguity=CODE` runs the same check and pairs as the report: the same figures."""
    from nilerules.analysis.findings import with_impact_query

    module = tally.make_module()
    query = with_impact_query(module.queries, module.checks)["impact"]
    answer = query.run(module.game, {"ambiguity": "TAL-001", "budget": "quick"})
    impact = findings()["bonus"].impact
    assert impact is not None
    assert impact.to_data() == answer.data["impact"]


def test_a_witness_met_only_by_the_search_is_a_game_and_rare() -> None:
    """With no measured pair (as when the measured games meet nothing), the searched pairs supply the witness: a
    game from setup; the class is what it shows ('low' reverses a ranking of unequal tallies), marked rare."""
    from nilerules.analysis.findings import build_finding, needs_search
    from nilerules.analysis.impact import impact_trials

    game, budget = tally.make_game(), Budget.quick()
    result = tally.CHECKS["order"](game, budget)
    items = work_items(game, budget, ["order"], search=True)
    assert budget.seed + impact_trials(game, budget) == min(i.seed for i in items)
    assert needs_search(result, (), "order")
    f = build_finding(game, game.spec.ambiguities["order"], result, (), budget, measure(game, items))
    assert f.impact is not None
    assert (f.witness_source, f.impact.rare, f.impact.cls) == ("play", True, "changes the winner")
    replay(game, f.witness_log)  # type: ignore[arg-type]

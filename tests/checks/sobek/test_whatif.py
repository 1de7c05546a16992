"""Issue 10, "every figure is derived": an edited copy of specs/sobek.toml changes what the checks and queries say.

Each edit sets a numeric param to another valid value; the game is loaded with the copy, every check and every query
runs, and the outputs that state the edited number state the new one (expected values by hand from the edit).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget
from nilerules.checks.sobek.queries import QUERIES as SOBEK_QUERIES
from tests.helpers import edited_game


def everything(module: GameModule) -> dict[str, Any]:
    """Every check's result and every Sobek query's answer (default parameters)."""
    out: dict[str, Any] = {amb: check(module.game, Budget.quick()) for amb, check in module.checks.items()}
    for name, query in module.queries.items():
        if name not in SOBEK_QUERIES:  # generic queries (impact) are tested by their own module
            continue
        params = {"games": 2} if name == "reading-impact" else {}
        out[f"query:{name}"] = query.run(module.game, params)
    return out


@pytest.fixture(scope="module")
def bundled() -> dict[str, Any]:
    return everything(load("sobek"))


def test_penalty_step_edit_changes_the_penalty_findings(tmp_path: Path, bundled: dict[str, Any]) -> None:
    """penalty_step 10 -> 5: the numbered-space witness's 23 set points (the document's example sets) are four lots
    of 5; the marker ends on 25 + 4 x 5 = 45 (hand count): numbered_type 45 -> 40 -> 35 -> 30 -> 25, no_move stays,
    previous_symbol 44 -> 39 -> 34 -> 29."""
    module = edited_game(tmp_path, "sobek", penalty_step=5)
    out = everything(module)
    result = out["penalty_on_number"]
    assert "23 set points (4 lots of 5)" in result.verdict.summary
    assert dict(result.outcomes) == {"numbered_type": "45 -> 25", "no_move": "45 -> 45",
                                     "previous_symbol": "45 -> 29"}
    assert "23 set points (2 lots of 10)" in bundled["penalty_on_number"].verdict.summary
    assert "23 set points = 4 lot(s)" in out["query:corruption-penalty"].text


def test_scribe_limit_edit_changes_the_scribe_finding(tmp_path: Path) -> None:
    """scribe_hand_limit 6 -> 4: the Scribe's victim reduces down to 4 cards (each reading's outcome says so)."""
    out = everything(edited_game(tmp_path, "sobek", scribe_hand_limit=4))
    assert out["scribe_chooser"].verdict.kind == "witness"
    assert all(outcome.endswith("down to 4") for _, outcome in out["scribe_chooser"].outcomes)


def test_early_end_and_track_edits_change_the_track_findings(tmp_path: Path) -> None:
    """early_end_points 100 -> 90, track_spaces 100 -> 120: a stopped marker (last space 119) can now pass 90, so the
    track-end finding no longer says the early end is unreachable under 'stop'."""
    out = everything(edited_game(tmp_path, "sobek", early_end_points=90, track_spaces=120))
    result = out["track_end"]
    assert result.verdict.data["early_end_points"] == 90
    assert result.verdict.data["early_end_reachable"] == {"lap": True, "stop": True}
    assert "more than 90 points" in out["query:early-end"].text


def test_scarab_edit_changes_the_set_points_in_findings(tmp_path: Path, bundled: dict[str, Any]) -> None:
    """Ivory scarabs 3 -> 4: the zero-corruption witness set of three Ivory with scarabs scores 4 x 3 x 3 = 36."""
    scarabs = {"ivory": 4, "ebony": 2, "marble": 2, "cattle": 1, "fish": 1, "wheat": 1, "amulet": 0}
    module = edited_game(tmp_path, "sobek", scarabs=scarabs)
    out = everything(module)
    assert "seat 0 scored 36 with a set" in out["zero_corruption"].verdict.summary
    assert "seat 0 scored 27 with a set" in bundled["zero_corruption"].verdict.summary


def test_set_minimum_edit_runs_every_check_with_larger_sets(tmp_path: Path) -> None:
    """set_minimum 3 -> 4: every check still runs (its positions hold sets of four, valid under the edit), the
    amulet-only witness holds four amulets, and the extension witness (met in seeded play, or else hand-built) adds
    four cards to a played set."""
    out = everything(edited_game(tmp_path, "sobek", set_minimum=4))
    assert out["amulet_only"].verdict.data["amulets"] == 4
    assert out["amulet_only"].verdict.data["position"]["seats"]["0"]["hand"] == {"amulet": 4}
    extension = out["extension_event"]
    if extension.witness_log is None:
        assert "4 Fish added to a played Fish set" in extension.verdict.summary
    else:  # the log ends with the addition: onto a played set, its cards, done
        actions = list(extension.witness_log.actions)
        start = max(i for i, a in enumerate(actions) if isinstance(a, dict) and a.get("onto", -1) >= 0)
        added = actions[start + 1 : -1]
        assert actions[-1] == "done"
        assert len(added) == 4
        assert all(isinstance(a, dict) and "add" in a for a in added)


def test_curse_weight_edit_changes_deceit(tmp_path: Path, bundled: dict[str, Any]) -> None:
    """curse_cards 2 -> 3: in the Deceit witness, 'count_two' scores each Curse token held as 3 cards more than
    'cards_only' does (2 with the bundled spec): the document's 'counts as 2 cards', edited."""
    for outputs, weight in ((everything(edited_game(tmp_path, "sobek", curse_cards=3)), 3), (bundled, 2)):
        found = {r: re.match(r"seat \d+ scores (\d+) \(Curse tokens held: (\d+)\)", o)
                 for r, o in outputs["deceit_curses"].outcomes}
        assert all(found.values()), outputs["deceit_curses"].outcomes
        two, only = found["count_two"], found["cards_only"]
        assert two is not None and only is not None
        curses = int(two.group(2))
        assert curses > 0
        assert int(two.group(1)) - int(only.group(1)) == weight * curses


STATED_SCORES = re.compile(r"scores \[(-?\d+(?:, -?\d+)*)\]")


@pytest.mark.rules("sobek.end.corrupt_tie_scarabs")
def test_the_corruption_tie_witness_states_the_scores_its_log_replays_to(tmp_path: Path) -> None:
    """delivery_size 9 -> 10 (found by the what-if sweep: SOB-001 stated the scores before the round was scored,
    while its witness log ends after it): seeded play now reaches the divergence, and the scores each reading
    states first are those of a fresh replay of the witness log under that reading."""
    from nilerules.analysis.witness import replay_under

    module = edited_game(tmp_path, "sobek", delivery_size=10)
    result = module.checks["corruption_scarabs"](module.game, Budget.quick())
    assert result.witness_log is not None
    for reading, outcome in result.outcomes:
        stated = STATED_SCORES.search(outcome)
        assert stated is not None, outcome
        fresh = replay_under(module.game, result.witness_log, {"corruption_scarabs": reading})
        assert [int(x) for x in stated.group(1).split(", ")] == list(fresh.scores)


@pytest.mark.rules("sobek.turn.next_player")
def test_the_round_start_witness_reaches_round_two_where_the_readings_part() -> None:
    """SOB-018 (found by the what-if sweep: its log stopped before round 2, so both readings replayed to one
    position): the witness log now runs through the scoring of round 1 to where the readings part. By hand from the
    rules: seat 0 started round 1; under the default, ``lowest_chooses``, the log stops at the lowest scorer's choice
    of who starts (ties to the first from seat 0), any seat; under ``rotate`` and ``lowest_score`` the same log ends at
    round 2's deal (chance), the start passed to the left, seat 1, or to that lowest scorer. Each reading states that
    seat and those scores."""
    import json

    from nilerules.analysis.witness import replay_under

    module = load("sobek")
    result = module.checks["round_start"](module.game, Budget.quick())
    log = result.witness_log
    assert log is not None
    ends = {r: replay_under(module.game, log, {"round_start": r}) for r, _ in result.outcomes}
    assert all(not e.stopped for e in ends.values())
    scores = ends["rotate"].scores
    assert scores == ends["lowest_score"].scores == ends["lowest_chooses"].scores
    lowest = next(p for p in range(len(scores)) if scores[p] == min(scores))
    assert {r: e.mover for r, e in ends.items()} == {"rotate": "chance", "lowest_score": "chance",
                                                    "lowest_chooses": f"seat {lowest}"}
    assert ends["lowest_chooses"].moves == tuple(f'{{"start":{p}}}' for p in range(len(scores)))
    starts = {r: json.loads(ends[r].position)["start_player"] for r in ("rotate", "lowest_score")}
    assert starts == {"rotate": 1, "lowest_score": lowest}
    said = {"rotate": "seat 1", "lowest_score": f"seat {lowest}", "lowest_chooses": f"chosen by seat {lowest}, the "
            "lowest score"}
    assert dict(result.outcomes) == {r: f"round 2 start player: {w} (scores {list(scores)})" for r, w in said.items()}

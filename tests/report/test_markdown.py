"""ambiguities.md, the editor's page (report/markdown.py): the summary table first, then one section per finding with
everything issue 11 requires of it, said once; what the page leaves out stays in findings.json.

On the Dice Tally toy (tests/toys/tally.py), whose findings are known by construction: TAL-004 is answered by a
source and proved, TAL-005's witness is a hand-built position play never meets, TAL-002's 'low' reading is ruled out
by the text."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from functools import cache
from typing import Any

from nilerules.analysis.findings import Finding
from nilerules.analysis.runner import GameAnalysis, analyse
from nilerules.analysis.witness import replay_under
from nilerules.checks.model import Budget
from nilerules.core.codec import dumps
from nilerules.core.log import make_log
from nilerules.report import json as json_report
from nilerules.report import markdown
from tests.toys import tally

BUDGET = Budget.quick()


@cache
def analysis() -> GameAnalysis:
    return analyse(tally.make_module(), BUDGET)


def sections(text: str) -> dict[str, list[str]]:
    """code -> the lines of its section (from its heading to the next heading)."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("#"):
            current = None
        if line.startswith("### "):
            current = out.setdefault(line.split()[1], [])
        if current is not None:
            current.append(line)
    return out


def test_the_summary_table_comes_before_every_section() -> None:
    """Issue 11 §4: 'First, one table of every finding sorted by impact'."""
    lines = markdown.render([analysis()], BUDGET).splitlines()
    header = "| code | rank | game | title | class | strong play"
    table = next(i for i, line in enumerate(lines) if line.startswith(header))
    first_section = next(i for i, line in enumerate(lines) if line.startswith("### "))
    assert table < first_section
    rows = [line for line in lines[table + 2 :] if line.startswith("| TAL-")]
    assert len(rows) == len(analysis().findings)


def test_every_section_has_its_quote_readings_witness_or_proof_and_wording() -> None:
    """Issue 11 §4: 'the quote with its document and section, the readings and what each gives in the witness, the
    witness in words, the wording to paste' — for every finding, none left out."""
    text = markdown.render([analysis()], BUDGET)
    found = sections(text)
    assert sorted(found) == sorted(f.code for f in analysis().findings)
    for f in analysis().findings:
        lines = found[f.code]
        quote = [line for line in lines if line.startswith("> ")]
        assert quote == [f"> {f.quote} — *{analysis().spec.document(f.document)}*, “{f.section}”"], f.code
        for r in f.readings:
            assert any(line.startswith(f"- **`{r.name}`**") and r.description in line for line in lines), (f.code, r)
        assert any(line.startswith(("- **Witness**", "- **Proof**", "- **No witness")) for line in lines), f.code
        assert f"- **Wording to paste**: {f.recommendation}" in lines, f.code


def test_a_witness_from_a_game_names_the_game_and_what_each_reading_gives() -> None:
    """TAL-002 (order): its witness replays under 'high' and 'low', and the page gives each reading's result after
    the arrow; 'low' reverses the ranking (scores faces + 1 - tally), so the two readings give different scores."""
    lines = sections(markdown.render([analysis()], BUDGET))["TAL-002"]
    order = next(f for f in analysis().findings if f.code == "TAL-002")
    high, low = (r.end for r in order.readings)
    assert high is not None and low is not None
    assert any(line.startswith("- **`high`** (default)") and f"scores {list(high.scores)}" in line for line in lines)
    assert any(line.startswith("- **`low`**") and f"scores {list(low.scores)}" in line for line in lines)
    witness = next(line for line in lines if line.startswith("- **Witness**"))
    assert "2 players" in witness or "3 players" in witness


def test_marks_rare_constructed_answered_and_the_text_decides() -> None:
    """TAL-005's witness is hand-built and never met in play (rare, constructed); TAL-004 is answered by the toy's
    FAQ; TAL-006's 'first_seat' is contradicted by 'Your tally is your score', so the text decides and the finding
    comes after the open questions."""
    text = markdown.render([analysis()], BUDGET)
    found = sections(text)
    row = next(line for line in text.splitlines() if line.startswith("| TAL-005 "))
    assert "rare" in row and "constructed" in row
    assert any(line.startswith("- **Witness**, rare (constructed; ")
               for line in found["TAL-005"])
    assert "answered by a source" in next(line for line in text.splitlines() if line.startswith("| TAL-004 "))
    assert "- **Answered by a source**: the toy's FAQ" in found["TAL-004"]
    decided = "**The text decides against it:** “Your tally is your score”: a tie"
    assert any(decided in line for line in found["TAL-006"])
    rows = [line.split(" | ")[0][2:] for line in text.splitlines() if line.startswith("| TAL-")]
    assert rows[-1] == "TAL-006" and "the text decides" in next(
        line for line in text.splitlines() if line.startswith("| TAL-006 "))


def test_what_is_said_once_at_the_top_is_not_repeated_per_finding() -> None:
    """'every other reading at its default' is said in the key (after the table, before the first game's section),
    never in a section; a witness that needs no other reading says nothing about it."""
    found = analysis()
    text = markdown.render([found], BUDGET)
    head, _, body = text.partition(f"## {found.title}\n")
    assert "with every other reading at its default unless it says what it depends on" in head
    assert "at its default" not in body and "at their defaults" not in body and "depends on" not in body


def test_the_same_outcome_for_every_reading_is_said_once() -> None:
    """When the check reports one outcome for all readings (and the witness does not replay), the page says it once,
    after the readings, instead of after each."""
    f = next(f for f in analysis().findings if f.code == "TAL-001")
    same = replace(f, readings=tuple(replace(r, outcome="3 points", end=None) for r in f.readings))
    lines = markdown._finding(same, analysis().spec)
    assert sum("3 points" in line for line in lines) == 1
    assert any("Every reading gives: 3 points." in line for line in lines)


def test_a_witness_that_becomes_illegal_under_a_reading_is_said_in_words() -> None:
    """A log with a Wait (legal under wait_too only, tests/toys/tally.py) as TAL-003's witness: the page says of
    pass_only where the log becomes illegal, by step, move and rule (tally.turn.pass, quoted from tally.toml), not
    by the recorded error with its dataclass form (``Wait()``)."""
    game = tally.make_game()
    config = game.config(2, readings={"wait": "wait_too"})
    actions = [tally.Roll(2), tally.Roll(6), tally.Wait()]
    state = game.setup(config)
    for action in actions:
        state = game.apply(state, action)
    log = make_log(game, config, actions, state)
    f = next(f for f in analysis().findings if f.code == "TAL-003")
    ends = {r.name: replay_under(game, log, {"wait": r.name}) for r in f.readings}
    found = replace(f, witness_log=log, readings=tuple(replace(r, end=ends[r.name]) for r in f.readings))
    line = next(line for line in markdown._finding(found, analysis().spec) if line.startswith("- **`pass_only`**"))
    assert "the log becomes illegal at step 2: rule tally.turn.pass refuses Wait" in line
    assert "On your turn" not in line
    assert "Wait()" not in line


def test_nothing_the_page_leaves_out_is_missing_from_findings_json() -> None:
    """Every field of a finding is in findings.json (rule_ids under 'rules'), and every assumed parameter carries
    its measured impact."""
    doc = json.loads(json_report.render([analysis()], BUDGET))
    game = doc["games"]["tally"]
    names = {f.name for f in fields(Finding)} - {"rule_ids"} | {"rules"}
    for f in game["findings"]:
        assert names <= set(f), names - set(f)
    assert all(p["impact"] is not None for p in game["assumptions"])


def test_the_page_is_byte_identical_when_rendered_twice() -> None:
    assert markdown.render([analysis()], BUDGET) == markdown.render([analyse(tally.make_module(), BUDGET)], BUDGET)


def test_a_witness_names_the_other_readings_it_depends_on() -> None:
    """Issue 11 §2: 'A witness names every reading it depends on, in the report itself' — read from its game's
    config, and from the check when the position is hand-built (no config to read)."""
    from nilerules.core.log import make_log
    from tests.toys.tally import Pass, Roll

    found = {f.code: f for f in analysis().findings}
    game = tally.make_game()
    config = game.config(2, readings={"bonus": "plus"})
    state = game.setup(config)
    actions: list[Roll | Pass] = [Roll(3), Roll(5), Pass()]
    for action in actions:
        state = game.apply(state, action)
    played = replace(found["TAL-002"], witness_log=make_log(game, config, actions, state))
    hand_built = replace(found["TAL-005"], depends_on=(("wait", "wait_too"),))
    spec = analysis().spec
    assert any("depends on `bonus=plus`" in line for line in markdown._finding(played, spec))
    assert any("depends on `wait=wait_too`" in line for line in markdown._finding(hand_built, spec))


def test_a_reading_that_adds_a_move_says_only_the_move_it_adds() -> None:
    """TAL-003 (wait): by the toy's rules a seat may only pass under 'pass_only' and may also wait under 'wait_too';
    the page counts the default's one legal move and names only what 'wait_too' adds."""
    lines = sections(markdown.render([analysis()], BUDGET))["TAL-003"]
    default = next(line for line in lines if line.startswith("- **`pass_only`**"))
    other = next(line for line in lines if line.startswith("- **`wait_too`**"))
    assert default.endswith("to move: 1 legal move.")
    assert other.endswith("to move (also Wait).")


def test_the_assumed_data_and_the_hole_detectors_follow_the_findings() -> None:
    """Issue 11 §4: 'Then the assumed data and the hole detectors, each with its impact where it can be measured':
    after the last finding's section, every assumed parameter of the toy with what a step changes, then the
    detectors."""
    text = markdown.render([analysis()], BUDGET)
    lines = text.splitlines()
    last_section = max(i for i, line in enumerate(lines) if line.startswith("### "))
    assumed = lines.index("## Assumed data")
    holes = lines.index("## Rules holes (generic detectors)")
    assert last_section < assumed < holes
    rows = [line for line in lines[assumed:holes] if line.startswith("| Dice Tally |")]
    assert [row.split(" | ")[1] for row in rows] == [f"`{p.name}`" for p in analysis().assumptions]
    assert all(row.count(" | ") == 7 for row in rows)


def test_a_witness_found_only_by_the_search_is_not_said_to_be_met_in_play() -> None:
    """A game witness from the further searched pairs is rare (the measured games never met it): its label says
    where it was found."""
    f = next(f for f in analysis().findings if f.code == "TAL-003")
    assert f.impact is not None and f.witness_source == "play"
    lines = markdown._finding(f, analysis().spec)
    searched = markdown._finding(replace(f, impact=replace(f.impact, rare=True)), analysis().spec)
    assert any(line.startswith("- **Witness** (met in play)") for line in lines)
    assert any(line.startswith("- **Witness**, rare (met in the witness search)") for line in searched)


def _with_words(code: str, words: dict[str, str]) -> Finding:
    """A toy finding whose check reports ``words`` for its readings (the toy's checks report none where the witness
    replays), its witness and ends unchanged."""
    f = next(f for f in analysis().findings if f.code == code)
    return replace(f, readings=tuple(replace(r, outcome=words[r.name]) for r in f.readings))


def _reading_line(lines: list[str], name: str) -> str:
    return next(line for line in lines if line.startswith(f"- **`{name}`**"))


def test_the_checks_words_come_first_and_the_replay_adds_only_what_they_do_not_say() -> None:
    """TAL-002 (order): the replay ends both games, 'high' with scores [1, 4] and seat 1 winning, 'low' (faces + 1 -
    tally) with [6, 3] and seat 0 winning. Beside the check's words the page adds the scores and the winners, and
    leaves out scores the words already state."""
    f = _with_words("TAL-002", {"high": "the higher tally ranks first", "low": "scores [6, 3] after reversing"})
    high, low = (r.end for r in f.readings)
    assert high is not None and low is not None and (high.scores, low.scores) == ((1, 4), (6, 3))
    lines = markdown._finding(f, analysis().spec)
    assert _reading_line(lines, "high").endswith(
        "→ the higher tally ranks first; replayed: scores [1, 4], seat 1 wins."
    )
    assert _reading_line(lines, "low").endswith("→ scores [6, 3] after reversing; replayed: seat 0 wins.")


def test_moves_the_checks_words_tell_apart_are_not_repeated_from_the_replay() -> None:
    """TAL-003 (wait): by the toy's rules the replay parts on the legal moves (Pass; Pass or Wait). Words that tell
    the readings apart are shown alone; words that do not are followed by the moves the replay shows."""
    lines = markdown._finding(_with_words("TAL-003", {"pass_only": "may pass", "wait_too": "may wait"}),
                              analysis().spec)
    assert _reading_line(lines, "pass_only").endswith("→ may pass.")
    assert _reading_line(lines, "wait_too").endswith("→ may wait.")
    same = markdown._finding(_with_words("TAL-003", {"pass_only": "a seat moves", "wait_too": "a seat moves"}),
                             analysis().spec)
    assert _reading_line(same, "pass_only").endswith("→ a seat moves; replayed: seat 0 to move: 1 legal move.")
    assert _reading_line(same, "wait_too").endswith("→ a seat moves; replayed: seat 0 to move (also Wait).")


def _rare_unknown(positions: tuple[dict[str, Any], dict[str, Any]]) -> Finding:
    """TAL-003 as a rare, unknown finding whose two replays have the same mover, moves and scores and the given
    positions (own reading first)."""
    f = next(f for f in analysis().findings if f.code == "TAL-003")
    assert f.impact is not None
    own = f.readings[0].end
    assert own is not None
    readings = tuple(replace(r, end=replace(own, position=dumps(p)), in_witness="", outcome=f"{r.name} words")
                     for r, p in zip(f.readings, positions, strict=True))
    return replace(f, readings=readings, impact=replace(f.impact, cls="no difference seen", rare=True, note="a note"))


def test_a_witness_that_parts_only_in_the_position_names_the_parts_instead_of_the_check() -> None:
    """By hand: seat 1's curses differ (1 against 0) and nothing else: the note names that part; replays whose
    positions are the same keep 'the difference is in what the check reports'."""
    kept, emptied = {"seats": {"1": {"curses": 1}}}, {"seats": {"1": {"curses": 0}}}
    parted = next(line for line in markdown._finding(_rare_unknown((kept, emptied)), analysis().spec)
                  if line.startswith("- **Witness**"))
    alike = next(line for line in markdown._finding(_rare_unknown((kept, kept)), analysis().spec)
                 if line.startswith("- **Witness**"))
    assert parted.endswith(
        "Replayed, the witness parts the readings only in the position (same moves and scores): curses (seat 1)."
    )
    assert "what the check reports" not in parted
    assert alike.endswith("Replayed, the witness gives the same under every reading: the difference is in what the "
                          "check reports.")


def test_figures_from_a_written_position_are_never_printed_beside_a_game_as_its_own() -> None:
    """Issue 32, item 4 (SOB-007's 'places [[0, 1]]' came from a written 2-player position while its witness was a
    game met in play): a check whose words come from a written position, shown beside a game, labels each reading's
    words with their source, gives what the game itself gives apart, and writes the position out. TAL-002's game
    replays to scores [1, 4] under 'high' and [6, 3] under 'low' (as in the test above)."""
    position = {"tallies": [3, 3], "passes": 2}
    f = replace(_with_words("TAL-002", {"high": "places [[0, 1]]", "low": "places [[0], [1]]"}),
                figures_from="position", witness={"players": 2, "modules": [], "position": position, "actions": []})
    assert f.witness_source == "play" and f.witness_log is not None
    lines = markdown._finding(f, analysis().spec)
    assert _reading_line(lines, "high").endswith(
        "→ in a written position (constructed): places [[0, 1]]; "
        "in the witness game: game over, scores [1, 4], seat 1 wins.")
    assert _reading_line(lines, "low").endswith(
        "→ in a written position (constructed): places [[0], [1]]; "
        "in the witness game: game over, scores [6, 3], seat 0 wins.")
    witness = next(line for line in lines if line.startswith("- **Witness**"))
    assert "The check's figures come from a written position (constructed)" in witness
    assert f"2 players: `{dumps(position)}`" in witness
    from_the_game = markdown._finding(replace(f, figures_from="game"), analysis().spec)
    assert not any("in a written position" in line for line in from_the_game)


def test_the_header_says_what_each_kind_of_witness_is_with_counts() -> None:
    """Issue 32, item 8: the header said every finding has 'a game from setup' while some witnesses are written
    positions. Five findings made from TAL-002's: a game the check found, a game met in play, one met in play beside
    figures from a written position, a written position (constructed), and a proof; counted by hand."""
    f = next(f for f in analysis().findings if f.code == "TAL-002")
    assert f.witness_log is not None
    made = [
        replace(f, witness_source="check"),
        replace(f, witness_source="play"),
        replace(f, witness_source="play", figures_from="position"),
        replace(f, witness_log=None, witness_source="", constructed=True, verdict="witness"),
        replace(f, witness_log=None, witness_source="", verdict="proof"),
    ]
    text = markdown.witness_kinds([replace(analysis(), findings=tuple(made))])
    assert text == (
        "Of the findings, 3 witnesses are games from setup, replayable move by move (1 found by the check, 2 met in "
        "seeded paired play or the witness search; beside 1 of them the check's figures come from its own written "
        "position, and say so); 1 witness is a written position (*constructed*: built by hand or decoded from a "
        "solver model, written out, reachability from setup not shown); 1 finding has a proof that the readings "
        "agree; 0 neither.")
    assert markdown.witness_kinds([analysis()]) in markdown.render([analysis()], BUDGET)

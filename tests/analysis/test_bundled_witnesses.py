"""Every witness in the bundled report is a game: its log replays from setup (final digest included), and each
reading's end position in findings.json is what replaying the log under that reading gives (issue 11). A witness
that is not a game must be labelled constructed. A witness log replays to positions that differ under its readings
(who moves, the legal moves, the scores or the position itself); a finding says the difference is only in what the
check reports exactly when they do not."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.analysis.runner import analyse_games
from nilerules.analysis.witness import parted, replay_under
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.core.log import replay
from nilerules.errors import NileRulesError
from nilerules.games import GAME_IDS

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

ONLY_THE_CHECK = "the difference is only in what the check reports"
"""What a finding's impact note says when its witness replays alike under every reading (analysis.impact.classify)."""

ONLY_IN_THE_CHECK = frozenset({"NEF-023"})
"""Findings whose readings do not change play, so their witness replays alike under every reading: NEF-023 (the
Deben coins) is about the components, and its readings say so ('every setup can be laid out and play is unchanged';
'one_deben_each' only decides which setups can be laid out), so its difference is only in what the check reports."""


@pytest.fixture(scope="module")
def bundled() -> list[tuple[Any, Any]]:
    """Quick budget, all four games: each game's module and its analysis."""
    modules = [load(g) for g in GAME_IDS]
    return list(zip(modules, analyse_games(modules, Budget.quick()), strict=True))


@pytest.mark.slow
def test_every_witness_of_the_bundled_report_replays_from_setup(bundled: list[tuple[Any, Any]]) -> None:
    """Every witness log replays exactly, and under each reading gives its end."""
    problems, replayed = [], 0
    for module, analysis in bundled:
        for f in analysis.findings:
            if f.witness_log is None:
                if f.verdict == "witness" and not f.constructed:
                    problems.append(f"{f.code}: a witness that is neither a game nor labelled constructed")
                continue
            try:
                replay(module.game, f.witness_log)
            except NileRulesError as exc:
                problems.append(f"{f.code}: the witness log does not replay: {exc}")
                continue
            for r in f.readings:
                if r.end != replay_under(module.game, f.witness_log, {f.ambiguity: r.name}):
                    problems.append(f"{f.code}: reading {r.name}'s end position is not its replay")
            replayed += 1
    assert problems == []
    assert replayed > 0


@pytest.mark.slow
def test_every_witness_log_replays_to_positions_that_differ_under_its_readings(
    bundled: list[tuple[Any, Any]],
) -> None:
    """A witness log whose replays under every reading give the same mover, legal moves, scores and position shows
    no difference to an editor; only findings whose readings do not change play may (ONLY_IN_THE_CHECK): every
    other log runs to where its readings part (the seven Nefertiti logs that stopped one move short now end just
    after the move that parts them). The note 'only in what the check reports' is given exactly to those, so a
    witness that parts only in the position (SOB-013's Curse tokens, RA-004's and RA-007's crate supply) does not
    carry it."""
    alike, noted = set(), set()
    for _, analysis in bundled:
        for f in analysis.findings:
            if f.impact is not None and ONLY_THE_CHECK in f.impact.note:
                noted.add(f.code)
            if f.witness_log is None or f.verdict != "witness":
                continue
            ends = [r.end for r in f.readings]
            assert all(e is not None for e in ends), f.code
            if not parted(ends):
                alike.add(f.code)
    assert sorted(alike) == sorted(ONLY_IN_THE_CHECK)
    assert sorted(noted) == sorted(ONLY_IN_THE_CHECK)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_witness_met_in_play_states_only_figures_its_replay_gives(game_id: str) -> None:
    """Every figure a witness met in play states for a reading is what its log, replayed from setup under that
    reading, gives (``CheckResult.figures``); a witness whose figures come from a hand-built position is labelled
    constructed and writes that position out."""
    module = load(game_id)
    problems = []
    for amb_id, check in module.checks.items():
        result = check(module.game, Budget.quick())
        code = module.game.spec.ambiguities[amb_id].code
        if result.verdict.kind != "witness":
            continue
        if result.constructed:
            if "position" not in result.verdict.data:
                problems.append(f"{code}: a constructed witness that does not write its position out")
            if result.figures is None:
                continue  # its figures come from the checker's own builder: WRITTEN_NOT_RECOMPUTED
        if (result.witness_log is None and not result.constructed) or result.figures is None:
            problems.append(f"{code}: a witness met in play with no log or no way to recompute its figures")
            continue
        for reading, outcome in result.outcomes:
            if result.figures(reading) != outcome:
                problems.append(f"{code}: {reading}: the stated {outcome!r} is not what the replay gives, "
                                f"{result.figures(reading)!r}")
    assert problems == []


@pytest.mark.slow
def test_every_wording_claim_about_a_witness_holds(bundled: list[tuple[Any, Any]]) -> None:
    """Each claim a wording makes about its finding's witness holds there, under the reading the wording adopts."""
    from nilerules.analysis.claims import wording_problems

    problems = []
    for module, analysis in bundled:
        problems += wording_problems(module.game, analysis.findings)
    assert problems == []


WRITTEN_NOT_RECOMPUTED = frozenset({"NEF-001"})
"""Constructed witnesses whose words per reading are computed by the check on the state it builds, not yet from the
position it writes out (``kit.written_figures``): the report labels their figures as coming from that written
position, and this list may only shrink. NEF-001's words are Z3's closure table: the showcase's status the check
itself compares with the rules on its written position (it raises when they disagree), the listed patterns' status
comes from the table alone (a solver model's figures, labelled so). The figures of SOB-002 to SOB-007, SOB-010,
SOB-014, SOB-027, NEF-020, NEF-026, NEF-029 and the kit's ``constructed_witness`` are recomputed from the written
data (issue 32, item 4)."""
WITHOUT_PLAYERS: frozenset[str] = frozenset()
"""Constructed witnesses whose written position does not say its player count and modules, so that it cannot be
built again from the finding alone (NEF-020, NEF-026 and NEF-029 said none before issue 32): none may."""


@pytest.mark.slow
def test_a_constructed_witness_states_figures_its_written_position_gives() -> None:
    """A constructed witness's figures are recomputed from the position it writes out, under each reading, with its
    written moves (``CheckResult.figures`` from ``kit.written_figures``), except the listed ones, which may only
    shrink."""
    problems, unrecomputed = [], set()
    for game_id in GAME_IDS:
        module = load(game_id)
        for amb_id, check in module.checks.items():
            result = check(module.game, Budget.quick())
            code = module.game.spec.ambiguities[amb_id].code
            if result.verdict.kind != "witness" or not result.constructed:
                continue
            if result.figures is None:
                unrecomputed.add(code)
                continue
            for reading, outcome in result.outcomes:
                if result.figures(reading) != outcome:
                    problems.append(f"{code}: {reading}: {outcome!r} is not what the written position gives")
    assert problems == []
    assert sorted(unrecomputed) == sorted(WRITTEN_NOT_RECOMPUTED)


@pytest.mark.slow
def test_every_finding_names_where_its_figures_come_from(bundled: list[tuple[Any, Any]]) -> None:
    """Issue 32, item 4: each finding's per-reading figures name their source (``figures_from``), and the source is
    the one they were computed on: the witness game (the check's own log, replayed above to each reading's end), a
    written position (it builds under every reading and its written moves play there), a solver model (written as a
    position likewise), or the proof. In the markdown, figures from a position or a model are never printed beside
    a game as if the game gave them: each reading's line names the position, and the witness line writes it out
    (SOB-007's 'places [[0, 1]]' came from a written 2-player position beside a game met in play)."""
    from nilerules.analysis.findings import FIGURE_SOURCES
    from nilerules.checks.kit import build_position, under
    from nilerules.core.codec import dumps
    from nilerules.report import markdown

    problems, unplayed = [], set()
    for module, analysis in bundled:
        game = module.game
        for f in analysis.findings:
            lines = markdown._finding(f, analysis.spec)
            text = "\n".join(lines)
            if f.figures_from == "game":
                if f.witness_source != "check" or f.witness_log is None:
                    problems.append(f"{f.code}: figures from a game that is not the witness shown")
            elif f.figures_from in ("position", "model"):
                written = f.witness
                if not isinstance(written.get("position"), dict):
                    problems.append(f"{f.code}: figures from a position the finding does not write out")
                    continue
                if dumps(written["position"]) not in text:
                    problems.append(f"{f.code}: the markdown does not write out the position its figures come from")
                if f.witness_log is not None:
                    label = f"in {FIGURE_SOURCES[f.figures_from]}: "
                    for r in f.readings:
                        line = next(x for x in lines if x.startswith(f"- **`{r.name}`**"))
                        if r.outcome and label + r.outcome not in line and "→ as `" not in line:
                            problems.append(f"{f.code}: {r.name}'s figures are printed beside the game unlabelled")
                if not isinstance(written.get("players"), int):
                    unplayed.add(f.code)
                    continue
                config = game.config(int(written["players"]), tuple(written.get("modules") or ()))
                for r in f.readings:
                    try:
                        state = build_position(game, under(game, config, f.ambiguity, r.name), written["position"])
                        for raw in written.get("actions") or ():
                            state = game.apply(state, game.action_from_data(raw))
                    except NileRulesError as exc:
                        problems.append(f"{f.code}: the written position does not play under {r.name}: {exc}")
            elif f.figures_from == "proof":
                if f.verdict != "proof" and f.kind != "contradiction":
                    problems.append(f"{f.code}: figures from a proof, verdict {f.verdict}")
            elif f.figures_from:
                problems.append(f"{f.code}: figures from {f.figures_from!r}, which the report cannot recompute")
    assert problems == []
    assert sorted(unplayed) == sorted(WITHOUT_PLAYERS)

"""Every witness in the bundled report is a game: its log replays from setup (final digest included), and each
reading's end position in findings.json is what replaying the log under that reading gives (issue 11). A witness
that is not a game must be labelled constructed."""

from __future__ import annotations

import pytest

from nilerules.analysis.model import Budget
from nilerules.analysis.runner import analyse_games
from nilerules.analysis.witness import replay_under
from nilerules.core.log import replay
from nilerules.errors import NileRulesError
from nilerules.games import GAME_IDS, load


@pytest.mark.slow
def test_every_witness_of_the_bundled_report_replays_from_setup() -> None:
    """Quick budget, all four games: every witness log replays exactly, and under each reading gives its end."""
    modules = [load(g) for g in GAME_IDS]
    analyses = analyse_games(modules, Budget.quick())
    problems, replayed = [], 0
    for module, analysis in zip(modules, analyses, strict=True):
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

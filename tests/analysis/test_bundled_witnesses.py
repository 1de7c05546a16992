"""Every witness in the bundled report is a game: its log replays from setup (final digest included), and each
reading's end position in findings.json is what replaying the log under that reading gives (issue 11)."""

from __future__ import annotations

import pytest

from nilerules.analysis.model import Budget
from nilerules.analysis.runner import analyse_games
from nilerules.analysis.witness import replay_under
from nilerules.core.log import replay
from nilerules.games import GAME_IDS, load


@pytest.mark.slow
def test_every_witness_of_the_bundled_report_replays_from_setup() -> None:
    """Quick budget, all four games: every witness log replays exactly, and under each reading gives its end."""
    modules = [load(g) for g in GAME_IDS]
    analyses = analyse_games(modules, Budget.quick())
    replayed = 0
    for module, analysis in zip(modules, analyses, strict=True):
        for f in analysis.findings:
            if f.witness_log is None:
                assert f.constructed or f.verdict != "witness", f"{f.code}: a witness neither a game nor constructed"
                continue
            replay(module.game, f.witness_log)
            for r in f.readings:
                assert r.end == replay_under(module.game, f.witness_log, {f.ambiguity: r.name}), (f.code, r.name)
            replayed += 1
    assert replayed > 0

"""Readings the rule document itself rules out (issue 15): each is marked ``contradicted`` with the quote, and the
model shows why the quoted sentence could never apply under it."""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.core import playout
from nilerules.documents import fold, quoted_spans, read_document
from nilerules.games.sobek.rules import track
from tests.unit.sobek.sobek_positions import position

MODULE = load("sobek")
GAME = MODULE.game


def _text(name: str) -> str:
    return " ".join(read_document(name).split())


def _document() -> str:
    return _text("002_bee3e532ffed5adf.txt")


def _reference() -> str:
    return _text("reference/sobek.md")


EARLY_END_SENTENCE = "The game can end early if one player gets more than 100 points."


@pytest.mark.rules("sobek.game_end.early")
def test_track_end_stop_is_not_marked_ruled_out_by_the_text() -> None:
    """Issue 19: the early-end sentence rules ``stop`` out only together with the assumed 100-space track (no source
    gives the track's length: ``params.track_spaces`` is assumed), so no reading of SOB-005 is marked contradicted and
    the finding is an open question; the sentence it leans on is the document's."""
    amb = GAME.spec.ambiguities["track_end"]
    assert [r.contradicted for r in amb.readings] == ["", ""]
    assert GAME.spec.params["track_spaces"].provenance == "assumed"
    assert EARLY_END_SENTENCE in _document()


@pytest.mark.rules("sobek.game_end.early")
def test_under_stop_no_marker_ever_passes_the_early_end_total() -> None:
    """Bundled spec: a track of 100 spaces (0..99, assumed) and an early end above 100 points (the document): a
    marker on 95 that scores 10 stops on 99, which is not more than 100, so the game does not end early."""
    config = {"track_end": "stop", "early_end": "immediately"}
    state = position(GAME, 2, config, scores=(95, 0))
    after = track.move_marker(state, 0, 95 + 10, 0)
    assert after.scores[0] == 99
    assert after.early_end is False
    for seed in range(3):
        final = playout(GAME, GAME.config(3, readings={"track_end": "stop"}), seed, "greedy").final
        assert max(final.scores) <= 99
        assert final.early_end is False


def test_track_end_check_says_the_early_end_is_unreachable_under_stop() -> None:
    """The finding's outcome for ``stop`` says no marker can pass the early-end total; under ``lap`` 94 + 7 = 101
    passes 100 (hand count: the marker starts half a penalty step before the last space, 99 - 5)."""
    result = MODULE.checks["track_end"](GAME, Budget.quick())
    outcomes = dict(result.outcomes)
    assert outcomes["lap"] == "marker at 101; more than 100 points: True"
    assert "no marker can pass 100 under this reading (it stops on 99)" in outcomes["stop"]
    assert result.verdict.data["early_end_reachable"] == {"lap": True, "stop": False}


@pytest.mark.parametrize("amb", sorted(GAME.spec.ambiguities))
def test_every_contradicted_reading_quotes_the_document(amb: str) -> None:
    """A reading marked contradicted quotes a sentence that is in the rule document (or the reference facts)."""
    text = _document()
    for reading in GAME.spec.ambiguities[amb].readings:
        if reading.contradicted:
            quotes = quoted_spans(reading.contradicted)
            assert quotes, (amb, reading.name)
            for quote in quotes:
                assert fold(quote) in fold(text) or fold(quote) in fold(_reference()), (amb, reading.name, quote)

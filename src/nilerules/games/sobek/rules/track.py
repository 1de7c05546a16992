"""The score track: a marker moved (and the move booked to a score category of the ledger), and the early end
that passing ``params.early_end`` points may trigger (when it is looked at is the ``early_end`` reading)."""

from __future__ import annotations

from nilerules.core import rule
from nilerules.games.sobek import scoring
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules.common import (
    changed,
    put_int,
)
from nilerules.games.sobek.state import (
    C_TRACK,
    OVER,
    SobekState,
)


def book(ledger: tuple[tuple[int, ...], ...], p: int, category: int, points: int) -> tuple[tuple[int, ...], ...]:
    """The score ledger with ``points`` more booked to seat ``p``'s ``category``."""
    if points == 0:
        return ledger
    row = list(ledger[p])
    row[category] += points
    return (*ledger[:p], tuple(row), *ledger[p + 1 :])


def move_marker(state: SobekState, p: int, score: int, category: int) -> SobekState:
    """Move a score marker (kept on a space of the track), booking the move to ``category`` (a negative category:
    the caller has booked it), then the immediate early-end check if read so."""
    rd = readings_of(state.config)
    clamped = scoring.clamp(score, state.params.track_spaces, rd.track_end)
    log = state.log
    if clamped != score and "track_stop" not in log:
        log = (*log, "track_stop")
    if clamped != state.scores[p] or log is not state.log or score != state.scores[p]:
        ledger = state.ledger
        if category >= 0:
            ledger = book(ledger, p, category, score - state.scores[p])
        ledger = book(ledger, p, C_TRACK, clamped - score)
        state = changed(state, scores=put_int(state.scores, p, clamped), log=log, ledger=ledger)
    if rd.early_end != "immediately":  # check_early_end would return the state unchanged
        return state
    return check_early_end(state, "immediately")


def check_early_end(state: SobekState, moment: str) -> SobekState:
    """More than ``early_end`` points ends the game; the reading says when this is looked at."""
    if readings_of(state.config).early_end != moment or state.early_end:
        return state
    if max(state.scores) > state.params.early_end:
        if moment == "immediately":
            return changed(state, early_end=True, phase=OVER, pending=None, draws=())
        return changed(state, early_end=True)
    return state


rule("sobek.game_end.early")(check_early_end)

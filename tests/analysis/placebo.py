"""The placebo both application-point measurements are checked with (readings in ``test_application_points.py``,
assumed values in ``test_assumed_application_points.py``): a pair of games may part only where a rule read what
changed, so before the first application point the base game's moves, replayed by the changed rules, meet the base
game's positions, movers and legal moves, and with no point they end alike."""

from __future__ import annotations

from typing import Any

from nilerules.analysis.impact import _Trajectory
from nilerules.core.game import Game
from nilerules.core.types import CHANCE, Config


def replay_problems(changed: Game[Any, Any], judge: Game[Any, Any], base: _Trajectory, config: Config, point: int,
                    state: Any, unlike: str) -> list[str]:
    """Replay ``base``'s actions by ``changed``'s rules from ``state``: before ``point`` (the whole game when it is
    -1) each position must be the base one rebased under ``config`` (else ``step N: the replayed <unlike>``), with
    the same mover and legal moves; with no point, the same scores and winners at the end as ``judge`` gives the
    base game. The first problem found, or none."""
    upto = len(base.actions) if point < 0 else point
    for step in range(upto):
        if state != changed.rebase(base.states[step], config):
            return [f"step {step}: the replayed {unlike}"]
        mover = changed.current_player(state)
        if mover != base.movers[step]:
            return [f"step {step}: mover {mover!r} against {base.movers[step]!r}"]
        if mover is not CHANCE and changed.legal_actions(state) != base.legal[step]:
            return [f"step {step}: other legal moves"]
        try:
            state = changed.apply(state, base.actions[step])
        except Exception as exc:  # an illegal move is a problem found, not a crash of the test
            return [f"step {step}: {base.actions[step]!r} is not legal under the changed rules ({exc})"]
    if point < 0:
        if changed.current_player(state) != judge.current_player(base.final):
            return ["the replay does not end where the base game ends"]
        if changed.scores(state) != judge.scores(base.final):
            return [f"scores {changed.scores(state)} against {judge.scores(base.final)}"]
        if changed.ranking(state).winners != judge.ranking(base.final).winners:
            return ["other winners"]
    return []

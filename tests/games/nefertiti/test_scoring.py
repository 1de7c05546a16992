"""``scoring.final_scores`` keeps the fields it last scored and their scores (for the strong player's rollouts,
which ask after every step): its answers must be those of the scoring itself (``_final_scores``) at every state,
also when the states asked about alternate between two games (issue 20, item 6)."""

from __future__ import annotations

from nilerules.core.playout import playout
from nilerules.games.nefertiti import make_game
from nilerules.games.nefertiti.scoring import _final_scores, final_scores

GAME = make_game()


def _states(players: int, seed: int) -> list[object]:
    result = playout(GAME, GAME.config(players, ("harbor",)), seed=seed)
    state = GAME.setup(result.config)
    states = [state]
    for action in result.actions:
        state = GAME.apply(state, action)
        states.append(state)
    return states


def test_final_scores_memo_answers_as_the_scoring_at_every_state() -> None:
    """Expected: the uncached scoring of the same state; two games interleaved, each state asked twice."""
    first, second = _states(3, 11), _states(4, 12)
    asked = 0
    for a, b in zip(first, second, strict=False):
        for state in (a, a, b, a, b, b):
            assert _final_scores(state) == final_scores(state)  # type: ignore[arg-type]
            asked += 1
    assert asked > 100
    assert any(final_scores(s) != (0,) * len(final_scores(s)) for s in first)  # type: ignore[arg-type]

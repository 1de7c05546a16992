"""End-of-game scoring and the ranking with its tie-breaks."""

from __future__ import annotations

from nilerules.core import Ranking, rank_by_keys, rule
from nilerules.games.nile_artefacts.params import readings_of
from nilerules.games.nile_artefacts.state import NAState, clone


@rule("nile_artefacts.end.incomplete")
def final_scoring(state: NAState, count_incomplete: bool) -> NAState:
    """Worshipers on Monuments still visible (incomplete) score 5 at level 2 and 2 at level 1 (a new state, or
    ``state`` itself when incomplete Monuments do not count)."""
    if not count_incomplete:
        return state
    points = state.params.incomplete_points
    scores = list(state.scores)
    for row in state.levels:
        for seat, level in enumerate(row):
            scores[seat] = scores[seat] + points[min(level, len(points) - 1)]
    scored = clone(state)
    scored.scores = tuple(scores)
    return scored


def tie_count(state: NAState, seat: int) -> int:
    """Artifact cards in front of the player (reading ``tie_count``: cards, or Artifacts with doubles twice)."""
    hand = state.hands[seat]
    if readings_of(state.config).tie_count == "cards":
        return len(hand)
    return sum(len(state.params.card_types[k]) for k in hand)


@rule("nile_artefacts.end.winner", "nile_artefacts.end.tie_break")
def ranking(state: NAState) -> Ranking:
    """Most points, then most Artifact cards in front of the player, then (reading ``final_tie``) most Coins."""
    n = state.config.players
    steps: tuple[str, ...] = ("nile_artefacts.end.winner", "nile_artefacts.end.tie_break")
    keys: dict[int, tuple[int, ...]]
    if readings_of(state.config).final_tie == "most_coins":
        keys = {p: (state.scores[p], tie_count(state, p), state.coins[p]) for p in range(n)}
        steps = (*steps, "final_tie=most_coins")
    else:
        keys = {p: (state.scores[p], tie_count(state, p)) for p in range(n)}
    return rank_by_keys(keys, steps)

"""The strong player's inner loop, compiled with the playouts (``setup.py``'s ``HOT_MODULES``): a rollout and the
value where it stops. ``core.search`` (plain Python: its budget and policy records travel to worker processes) holds
the search and calls these; they take the budget's numbers as plain arguments."""

from __future__ import annotations

import math
import random
from typing import Any, Final

from nilerules.core.chance import random_index
from nilerules.core.game import Game
from nilerules.core.types import CHANCE

_CHANCE: Final = CHANCE
"""The chance player, held by this compiled module (see ``core.playout``)."""


def evaluate(
    game: Game[Any, Any], state: Any, terminal: bool, margin_weight: float, estimated: bool = False
) -> tuple[float, ...]:
    """Each seat's value of ``state`` in 0..1: ``1 - margin_weight`` times its win share (1/k for each of k seats
    sharing first place: by the ranking when ``terminal``, else by the points) plus ``margin_weight`` times its margin
    over the best other seat, squashed as ``(1 + tanh(margin / scale)) / 2`` with ``scale = 1 + mean |points|``. The
    points are the scores, or before the end, when ``estimated``, the game's ``estimate`` (the scores and what is
    already held for the end)."""
    scores = game.estimate(state) if estimated and not terminal else game.scores(state)
    players = len(scores)
    if terminal:
        winners = tuple(game.ranking(state).winners)
    else:
        top = max(scores)
        winners = tuple(seat for seat in range(players) if scores[seat] == top)
    share = 1.0 / len(winners) if winners else 0.0
    scale = 1.0 + sum(abs(s) for s in scores) / players
    values = []
    for seat in range(players):
        best_other = max((scores[j] for j in range(players) if j != seat), default=0)
        squashed = 0.5 + 0.5 * math.tanh((scores[seat] - best_other) / scale)
        won = share if seat in winners else 0.0
        values.append((1.0 - margin_weight) * won + margin_weight * squashed)
    return tuple(values)


def play_on(
    game: Game[Any, Any],
    state: Any,
    rng: random.Random,
    uniform: bool,
    limit: int,
    scorings: int,
    margin_weight: float,
    estimated: bool = False,
) -> tuple[float, ...]:
    """Play on from ``state``, every seat uniformly at random (``uniform``) or by the game's greedy choice, chance
    sampled, to the end of the game, ``limit`` actions, or the ``scorings``-th change of the scores (0: never), and
    evaluate where it stops (``core.search.rollout``; a cut-off by the game's estimate when ``estimated``)."""
    current_player, legal_actions, sample_chance = game.current_player, game.legal_actions, game.sample_chance
    apply, greedy, scores = game.apply, game.greedy_action, game.scores
    steps = changes = 0
    last = scores(state) if scorings else ()
    while (mover := current_player(state)) is not None:
        if steps >= limit:
            return evaluate(game, state, False, margin_weight, estimated)
        if scorings:
            now = scores(state)
            if now != last:
                changes, last = changes + 1, now
                if changes >= scorings:
                    return evaluate(game, state, False, margin_weight, estimated)
        if mover is _CHANCE:
            action = sample_chance(state, rng)
        elif uniform:
            legal = legal_actions(state)
            action = legal[random_index(rng, len(legal))]
        else:
            action = greedy(state, rng)
        state = apply(state, action)
        steps += 1
    return evaluate(game, state, True, margin_weight)

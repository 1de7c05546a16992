"""Sobek's own search for a witness in play, and the result record its checks return: the two parts of the checks
that the shared kit (``nilerules.checks.kit``) does not cover without changing the report.

``in_play`` is kept, on the kit's seeded play, because neither of the kit's searches finds the same witnesses:
``find_scripted`` tries the policies in the outer loop and the seeds inside (``in_play``: each seed, greedy then
random), tries every position of a game (``in_play``: only the first where ``stop`` holds), and skips a position where
the scripted moves are not legal under some reading (``in_play``: each reading acts on its own position, and a move it
cannot make is its outcome, e.g. the Queen that cannot be played); ``find_divergence`` stops where the readings part
by themselves, not at a situation the check names. ``result`` is kept because the kit's ``situation_result`` does not
mark a hand-built witness constructed and ``play_witness`` writes the witness data into the result's data too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import product
from typing import Any

from nilerules.checks.kit import Outcomes, differ, log_of, play_until, replay_actions, under
from nilerules.checks.model import Budget, CheckResult, Method
from nilerules.core import CHANCE, Unknown, Witness
from nilerules.core.log import GameLog
from nilerules.core.types import Config
from nilerules.errors import IllegalAction, NileRulesError
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.situations import SEED
from nilerules.games.sobek.state import SobekState

POLICIES = ("greedy", "random")
"""The policies ``in_play`` tries at each seed, in this order."""


def in_play(
    game: SobekGame, amb: str, players: int, budget: Budget, stop: Callable[[SobekState], bool],
    act: Callable[[SobekState, list[Any]], str], summary: str,
) -> CheckResult | None:
    """A witness from reachable play: seeded greedy and random games (as many seeds as the budget's playouts, each
    seed under both policies) up to the first decision where ``stop`` holds; the same moves replayed under each
    reading of ``amb`` (they agree up to there, or the seed is skipped), then ``act`` says what each reading does (the
    moves it makes, recorded in the list it is given, end the witness log: replayed under each reading, the log shows
    the difference). None when no seed reaches a divergence."""
    names = game.spec.ambiguities[amb].reading_names()
    config = game.config(players)
    for seed, policy in product(range(SEED, SEED + budget.playouts), POLICIES):
        state, actions = play_until(game, config, seed, stop, policy)
        if game.is_terminal(state) or game.current_player(state) is CHANCE or not stop(state):
            continue
        outcomes = []
        moves: list[Any] = []
        for name in names:
            try:
                other = replay_actions(game, under(game, config, amb, name), actions)
            except NileRulesError:
                break
            if game.position_data(other) != game.position_data(state):
                break
            made: list[Any] = []
            outcomes.append((name, act(other, made)))
            if name == game.spec.ambiguities[amb].default:
                moves = made
        if len(outcomes) == len(names) and differ(tuple(outcomes)):
            log = log_of(game, config, [*actions, *moves])
            return result(tuple(outcomes), f"{summary} (seeded {policy} play, seed {seed}, after {len(actions)} "
                          "steps)", {"seed": seed, "policy": policy},
                          f"seeded greedy and random games, seeds {SEED}.. (up to {budget.playouts} each)",
                          "playout", witness_log=log, figures=acted(game, log, amb, len(actions), act))
    return None


def unplayable(step: int, what: str = "seeded game") -> str:
    """A reading's outcome when a move of the witness log is illegal under it: a true statement (the log was played
    under the default reading, and a move another reading refuses is a place where the readings part), said plainly.
    A log that runs to where its readings part (``rounds.first_parting``) meets it only at its last step."""
    return f"step {step} of the {what} cannot be played under this reading: the readings have parted by then"


def log_state(game: SobekGame, log: GameLog, amb: str, reading: str, steps: int | None = None) -> tuple[
        SobekState, int | None]:
    """The position the first ``steps`` moves of ``log`` (all by default) reach from setup under ``reading`` of
    ``amb`` (``replayed``: with the index of the first move not possible there, if one is not)."""
    actions = [game.action_from_data(raw) for raw in log.actions[:steps]]
    return replayed(game, under(game, log.config, amb, reading), actions)


def acted(
    game: SobekGame, log: GameLog, amb: str, steps: int, act: Callable[[SobekState, list[Any]], str],
) -> Callable[[str], str]:
    """``CheckResult.figures`` for an ``in_play`` witness: the first ``steps`` moves of its log (the seeded game up
    to the decision in point) replayed from setup under the reading, then what ``act`` does there (its moves end the
    log under the default reading)."""
    def figures(reading: str) -> str:
        state, failed = log_state(game, log, amb, reading, steps)
        if failed is not None:
            return unplayable(failed, "witness log")
        return act(state, [])

    return figures


def described(game: SobekGame, log: GameLog, amb: str, describe: Callable[[SobekState], str]) -> Callable[[str], str]:
    """``CheckResult.figures`` for a witness whose outcome describes the position its whole log reaches."""
    def figures(reading: str) -> str:
        state, failed = log_state(game, log, amb, reading)
        if failed is not None:
            return unplayable(failed)
        return describe(state)

    return figures


def replayed(game: SobekGame, config: Config, actions: Sequence[Any]) -> tuple[SobekState, int | None]:
    """The position ``actions`` lead to from setup under ``config``, and None; or, when one of them is not possible
    there, the position before it and its index."""
    state: SobekState = game.setup(config)
    for index, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except IllegalAction:
            return state, index
    return state, None


def result(
    outcomes: Outcomes, summary: str, data: Mapping[str, Any], searched: str, method: Method = "situation",
    constructed: bool = True, witness_log: GameLog | None = None, said: Mapping[str, Any] | None = None,
    figures: Callable[[str], str] | None = None,
) -> CheckResult:
    """A witness when the readings' outcomes differ (a hand-built position unless a log from setup is given).
    ``said``: the figures the finding's sentences are rendered from (``CheckResult.data``; a sentence whose figure
    is not there is left out)."""
    if differ(outcomes):
        return CheckResult(Witness(summary, data), method, outcomes, searched, dict(said or {}),
                           witness_log=witness_log, constructed=constructed and witness_log is None,
                           figures=figures)
    return CheckResult(Unknown(f"no difference in this situation: {summary}", "one situation"), method, outcomes,
                       searched, dict(said or {}))

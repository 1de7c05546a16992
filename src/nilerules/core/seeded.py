"""Seeded play over the Game protocol: a game from setup with chance sampled from one seeded generator and the moves
of a named policy, the first move, or a callable; the position where a condition first holds; the position a list of
actions leads to. Used by the checks' kit (``checks/kit/play.py`` searches on it) and by rules tests, which reach a
position by play without loading the checks (``nilerules.testing`` re-exports it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from nilerules.core.chance import random_index
from nilerules.core.game import Game
from nilerules.core.log import GameLog, make_log
from nilerules.core.playout import POLICIES
from nilerules.core.types import CHANCE, Config
from nilerules.errors import InvalidConfig

PolicyName = str
"""A name of ``nilerules.core.playout.POLICIES`` ("random", "greedy", ...) or ``"first"`` (the first legal move)."""
Policy = PolicyName | Callable[[Any, Any, random.Random], Any]
Prefer = Callable[[Any], bool]


@dataclass(frozen=True, slots=True)
class Step:
    """The position before the ``index``-th action of a seeded game, and that action."""

    index: int
    state: Any
    action: Any


def _chooser(game: Game[Any, Any], policy: Policy, prefer: Prefer | None) -> Callable[[Any, random.Random], Any]:
    """The move chooser of ``policy`` at player decisions (chance is sampled by the caller)."""
    legal_actions = game.legal_actions
    if prefer is not None:
        if policy != "random":
            raise InvalidConfig(f"steering toward preferred moves needs random play, not {policy!r}")

        def steered(state: Any, rng: random.Random) -> Any:
            legal = legal_actions(state)
            preferred = [a for a in legal if prefer(a)]
            pool = preferred if preferred and rng.random() < 0.5 else legal
            return pool[random_index(rng, len(pool))]

        return steered
    if policy == "random":
        return lambda state, rng: (legal := legal_actions(state))[random_index(rng, len(legal))]
    if policy == "first":
        return lambda state, rng: legal_actions(state)[0]
    if isinstance(policy, str):
        try:
            named = POLICIES[policy]
        except KeyError:
            known = ", ".join([*POLICIES, "first"])
            raise InvalidConfig(f"unknown policy {policy!r} (policies: {known})") from None
        return lambda state, rng: named(game, state, rng)
    chosen = policy
    return lambda state, rng: chosen(game, state, rng)


def policy_name(policy: Policy) -> str:
    return policy if isinstance(policy, str) else getattr(policy, "__name__", "custom")


def seeded_steps(
    game: Game[Any, Any],
    config: Config,
    seed: int,
    policy: Policy = "random",
    prefer: Prefer | None = None,
    limit: int | None = None,
) -> Iterator[Step]:
    """Seeded play from setup, one :class:`Step` per action, until the game ends or ``limit`` actions (default: the
    game's maximum length). Chance is sampled with ``random.Random(seed)`` (``game.sample_chance``); at a player
    decision the move is the policy's, or, when ``prefer`` marks some legal moves, one of those half of the time
    (uniformly among them) and a uniformly random legal move otherwise. A named policy plays the same game as
    ``core.playout.playout`` for the same seed."""
    rng = random.Random(seed)
    choose = _chooser(game, policy, prefer)
    bound = game.info.max_game_length if limit is None else limit
    state = game.setup(config)
    index = 0
    while index < bound and (mover := game.current_player(state)) is not None:
        action = game.sample_chance(state, rng) if mover is CHANCE else choose(state, rng)
        yield Step(index, state, action)
        state = game.apply(state, action)
        index += 1


def play_until(
    game: Game[Any, Any],
    config: Config,
    seed: int,
    stop: Callable[[Any], bool],
    policy: Policy = "first",
    limit: int = 20_000,
) -> tuple[Any, list[Any]]:
    """Seeded play from setup to the first player decision where ``stop(state)`` holds (or the end of the game, or
    ``limit`` actions): the state there and the actions that led to it."""
    actions: list[Any] = []
    state = game.setup(config)
    for step in seeded_steps(game, config, seed, policy, limit=limit):
        state = step.state
        if game.current_player(state) is not CHANCE and stop(state):
            return state, actions
        actions.append(step.action)
        state = game.apply(state, step.action)
    return state, actions


def decisions(game: Game[Any, Any], config: Config, seed: int, limit: int | None = None) -> list[Any]:
    """The states of a game from setup, every move and chance draw chosen by ``random.Random(seed).choice`` (chance
    by ``sample_chance``), where a seat chooses among several moves: to the end, or over the first ``limit`` actions."""
    rng = random.Random(seed)
    state = game.setup(config)
    found = []
    steps = 0
    while (limit is None or steps < limit) and not game.is_terminal(state):
        steps += 1
        if game.current_player(state) is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        if len(legal) > 1:
            found.append(state)
        state = game.apply(state, rng.choice(legal))
    return found


def first_decision(game: Game[Any, Any], config: Config, seed: int) -> Any:
    """A set-up game, chance resolved with ``random.Random(seed)``, at the first player decision."""
    return play_until(game, config, seed, lambda state: True)[0]


def replay_actions(game: Game[Any, Any], config: Config, actions: Iterable[Any]) -> Any:
    """The position ``actions`` lead to from setup (IllegalAction when one is not legal there)."""
    state = game.setup(config)
    for action in actions:
        state = game.apply(state, action)
    return state


def log_of(game: Game[Any, Any], config: Config, actions: Sequence[Any]) -> GameLog:
    """A log from setup of ``actions`` (a witness as a game: ``nilerules show``/``replay`` take it)."""
    return make_log(game, config, actions, replay_actions(game, config, actions))


def under(game: Game[Any, Any], config: Config, ambiguity: str, reading: str) -> Config:
    """``config`` with the reading of ``ambiguity`` changed to ``reading`` (validated like any config)."""
    return game.config(config.players, config.modules, {**config.readings_dict(), ambiguity: reading})

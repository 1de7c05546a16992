"""Seeded playouts: the same seed gives the same game on every run and machine."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nilerules.core.chance import random_index
from nilerules.core.game import Game
from nilerules.core.log import GameLog, make_log
from nilerules.core.types import CHANCE, Config
from nilerules.errors import InvalidConfig

Policy = Callable[[Game[Any, Any], Any, random.Random], Any]


def random_policy(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """Uniformly random among the legal actions."""
    return rng.choice(game.legal_actions(state))


def greedy_policy(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """The game's own simple greedy choice."""
    return game.greedy_action(state, rng)


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


class StuckState(Exception):
    """A playout reached a non-terminal state where the player to move has no legal action."""

    def __init__(self, state: Any, step: int) -> None:
        self.state = state
        self.step = step
        super().__init__(f"stuck at step {step}: not terminal, but no legal action")


@dataclass(frozen=True, slots=True)
class Playout:
    """The result of one seeded playout."""

    config: Config
    seed: int
    policy: str
    actions: tuple[Any, ...]
    final: Any
    truncated: bool
    """True when the playout hit its step limit before the game ended."""

    @property
    def length(self) -> int:
        return len(self.actions)


def playout(
    game: Game[Any, Any],
    config: Config,
    seed: int,
    policy: str | Policy = "random",
    max_steps: int | None = None,
) -> Playout:
    """Play one game from setup to the end (or ``max_steps``), sampling chance with the seeded generator."""
    if isinstance(policy, str):
        try:
            choose = POLICIES[policy]
        except KeyError:
            raise InvalidConfig(f"unknown policy {policy!r} (policies: {', '.join(POLICIES)})") from None
        name = policy
    else:
        choose, name = policy, getattr(policy, "__name__", "custom")
    limit = game.info.max_game_length if max_steps is None else max_steps
    rng = random.Random(seed)
    state = game.setup(config)
    actions: list[Any] = []
    uniform = choose is random_policy
    # the game's methods looked up once: this loop runs a million times a second
    current_player, legal_actions = game.current_player, game.legal_actions
    sample_chance, apply = game.sample_chance, game.apply
    # current_player is None exactly when the game is over (the conformance suite checks it for every game)
    while (mover := current_player(state)) is not None:
        if len(actions) >= limit:
            return Playout(config, seed, name, tuple(actions), state, True)
        if mover is CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = legal_actions(state)
            if not legal:
                raise StuckState(state, len(actions))
            action = legal[random_index(rng, len(legal))] if uniform else choose(game, state, rng)
        state = apply(state, action)
        actions.append(action)
    return Playout(config, seed, name, tuple(actions), state, False)



def playout_log(game: Game[Any, Any], result: Playout) -> GameLog:
    return make_log(game, result.config, result.actions, result.final)

"""Seeded playouts: the same seed gives the same game on every run and machine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from nilerules.core.chance import random_index
from nilerules.core.game import Game
from nilerules.core.log import GameLog, make_log
from nilerules.core.search import SearchPolicy
from nilerules.core.types import CHANCE, Config
from nilerules.errors import InvalidConfig

_CHANCE: Final = CHANCE
"""The chance player, held by this (compiled) module: ``CHANCE`` itself is read from the plain-Python module
``core.types`` through a dictionary on every step of a playout."""

Policy = Callable[[Game[Any, Any], Any, random.Random], Any]
PolicySpec = str | Policy
"""A policy by its name in ``POLICIES``, or the function itself."""


def random_policy(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """Uniformly random among the legal actions."""
    return rng.choice(game.legal_actions(state))


def greedy_policy(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """The game's own simple greedy choice."""
    return game.greedy_action(state, rng)


POLICIES: Final[dict[str, Policy]] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "strong": SearchPolicy(),
    "omniscient": SearchPolicy(name="omniscient", sees="all"),
}
"""The policies by name: uniformly random, the game's greedy choice, the search-based player (``nilerules.core.search``,
with the default ``SearchBudget``), which sees what its seat sees (it searches determinizations of its observation),
and the same search seeing the true state, every hand included (``omniscient``: for comparison, docs/strength.md).
In Ra and Nile Artefacts, which hide nothing, ``strong`` and ``omniscient`` play the same moves."""


def resolve_policy(policy: PolicySpec) -> tuple[Policy, str]:
    """A policy and its name, from a name in ``POLICIES`` or a policy function."""
    if isinstance(policy, str):
        try:
            return POLICIES[policy], policy
        except KeyError:
            raise InvalidConfig(f"unknown policy {policy!r} (policies: {', '.join(POLICIES)})") from None
    return policy, getattr(policy, "__name__", "custom")


def seat_policies(policy: PolicySpec | Sequence[PolicySpec], players: int) -> tuple[tuple[Policy, str], ...]:
    """One (policy, name) per seat: ``policy`` for every seat, or a sequence of exactly ``players`` policies."""
    if isinstance(policy, str) or callable(policy):
        return (resolve_policy(policy),) * players
    chosen = tuple(policy)
    if len(chosen) != players:
        raise InvalidConfig(f"{len(chosen)} policies given for {players} players: give one per seat")
    return tuple(resolve_policy(p) for p in chosen)


def policy_label(names: Sequence[str]) -> str:
    """A set of seat policies in words: one name when every seat plays alike, else the names in seat order."""
    return names[0] if len(set(names)) == 1 else ",".join(names)


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
    policy: PolicySpec | Sequence[PolicySpec] = "random",
    max_steps: int | None = None,
) -> Playout:
    """Play one game from setup to the end (or ``max_steps``), sampling chance with the seeded generator.

    ``policy`` is one policy for every seat, or a sequence of one per seat (seat order); one generator serves chance
    and every seat's choices, so the same seed and policies give the same game."""
    seats = seat_policies(policy, config.players)
    choosers = tuple(p for p, _ in seats)
    uniform = tuple(p is random_policy for p in choosers)
    name = policy_label([n for _, n in seats])
    limit = game.info.max_game_length if max_steps is None else max_steps
    rng = random.Random(seed)
    state = game.setup(config)
    actions: list[Any] = []
    # the game's methods looked up once: this loop runs a million times a second
    current_player, legal_actions = game.current_player, game.legal_actions
    sample_chance, apply = game.sample_chance, game.apply
    # current_player is None exactly when the game is over (the conformance suite checks it for every game)
    while (mover := current_player(state)) is not None:
        if len(actions) >= limit:
            return Playout(config, seed, name, tuple(actions), state, True)
        if mover is _CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = legal_actions(state)
            if not legal:
                raise StuckState(state, len(actions))
            action = legal[random_index(rng, len(legal))] if uniform[mover] else choosers[mover](game, state, rng)
        state = apply(state, action)
        actions.append(action)
    return Playout(config, seed, name, tuple(actions), state, False)


def playout_log(game: Game[Any, Any], result: Playout) -> GameLog:
    return make_log(game, result.config, result.actions, result.final)

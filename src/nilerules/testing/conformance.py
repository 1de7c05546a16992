"""The conformance suite every game must pass, as plain functions that raise ConformanceError.

Each check takes a game and a seeded playout (or a state along it), so that users can run the suite in their own CI:

    from nilerules.testing import run_conformance
    failures = run_conformance(game, configs=[game.config(3)], seeds=range(5))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from nilerules.core.codec import dumps
from nilerules.core.configs import covering_readings as covering_readings
from nilerules.core.configs import every_config as every_config
from nilerules.core.game import Game
from nilerules.core.log import log_from_json, log_to_json, make_log, replay
from nilerules.core.playout import POLICIES, StuckState
from nilerules.core.types import CHANCE, Config
from nilerules.errors import IllegalAction, MalformedAction, NileRulesError


class ConformanceError(AssertionError):
    """A game broke the contract of the Game protocol; the message says which clause and where."""


@dataclass(frozen=True, slots=True)
class Failure:
    """One failed clause, with the config and seed that reproduce it."""

    clause: str
    config: Config
    seed: int
    message: str


def _data(game: Game[Any, Any], state: Any) -> str:
    return dumps(game.state_to_data(state))


def check_state(game: Game[Any, Any], state: Any) -> None:
    """Clauses that hold in every single state."""
    mover = game.current_player(state)
    terminal = game.is_terminal(state)
    legal = game.legal_actions(state)
    outcomes = game.chance_outcomes(state)
    if terminal != (mover is None):
        raise ConformanceError(f"is_terminal is {terminal} but current_player is {mover!r}")
    if terminal and (legal or outcomes):
        raise ConformanceError("a terminal state offers actions or chance outcomes")
    if mover is CHANCE:
        if legal:
            raise ConformanceError("legal_actions must be empty at a chance node")
        total = sum((p for _, p in outcomes), Fraction(0))
        if total != 1 or any(p <= 0 for _, p in outcomes):
            raise ConformanceError(f"chance probabilities must be positive and sum to 1, got {total}")
        if len({dumps(game.action_to_data(a)) for a, _ in outcomes}) != len(outcomes):
            raise ConformanceError("chance outcomes are not unique")
    elif mover is not None:
        if outcomes:
            raise ConformanceError("chance_outcomes must be empty when a player is to move")
        if not isinstance(mover, int) or not 0 <= mover < game.state_config(state).players:
            raise ConformanceError(f"current_player {mover!r} is not a seat")
        if not legal:
            raise ConformanceError("stuck: not terminal, but the player to move has no legal action")
        if len(set(legal)) != len(legal):
            raise ConformanceError(f"legal_actions has duplicates: {legal!r}"[:300])
        if game.legal_actions(state) != legal:
            raise ConformanceError("legal_actions is not deterministic")
    violations = game.invariants(state)
    if violations:
        raise ConformanceError(f"invariant violated: {'; '.join(violations)}")
    scores = game.scores(state)
    if len(scores) != game.state_config(state).players or not all(isinstance(s, int) for s in scores):
        raise ConformanceError(f"scores must be one int per player, got {scores!r}")
    text = _data(game, state)
    back = game.state_from_data(game.state_to_data(state))
    if back != state or _data(game, back) != text:
        raise ConformanceError("state does not round-trip through JSON")
    if game.legal_actions(back) != legal:
        raise ConformanceError("legal_actions differ on the JSON round-tripped state (order not canonical)")


def check_step(game: Game[Any, Any], state: Any, action: Any) -> Any:
    """Clauses about one step: purity, determinism, action JSON; returns the next state."""
    before = _data(game, state)
    data = game.action_to_data(action)
    if game.action_from_data(data) != action:
        raise ConformanceError(f"action {action!r} does not round-trip through JSON")
    first = game.apply(state, action)
    if _data(game, state) != before:
        raise ConformanceError(f"apply mutated its input state (action {action!r})")
    second = game.apply(state, action)
    if first != second:
        raise ConformanceError(f"apply is not deterministic (action {action!r})")
    return first


def check_rejects_foreign(game: Game[Any, Any], state: Any, foreign: Any) -> None:
    """An action from elsewhere that is not legal here must raise IllegalAction (or MalformedAction)."""
    mover = game.current_player(state)
    if mover is None:
        legal: Sequence[Any] = ()
    elif mover is CHANCE:
        legal = [a for a, _ in game.chance_outcomes(state)]
    else:
        legal = game.legal_actions(state)
    if foreign in legal:
        return
    try:
        game.apply(state, foreign)
    except (IllegalAction, MalformedAction):
        return
    raise ConformanceError(f"apply accepted {foreign!r}, which is not legal here")


PROBES = 2
"""Actions from elsewhere tried at each state of a conformance game (see :func:`check_game`)."""
POOL = 64
"""At most this many distinct actions (player moves and chance outcomes) are kept to probe with."""


def check_game(
    game: Game[Any, Any], config: Config, seed: int, policy: str = "random", probes: int = PROBES
) -> int:
    """Play one seeded game, checking every clause at every step; returns its length.

    At every state, ``probes`` actions met elsewhere in the game (player moves from other states and chance outcomes
    from other chance nodes, chosen with a generator of their own) are tried: each that is neither a legal move nor
    a chance outcome there must be refused (``apply`` accepts exactly the legal moves and the listed outcomes)."""
    rng = random.Random(seed)
    probe_rng = random.Random(f"probes {seed}")
    choose = POLICIES[policy]
    state = game.setup(config)
    actions: list[Any] = []
    pool: dict[str, Any] = {}
    limit = game.info.max_game_length
    while True:
        check_state(game, state)
        if game.is_terminal(state):
            break
        if len(actions) >= limit:
            raise ConformanceError(f"no end within the declared maximum of {limit} actions")
        if game.current_player(state) is CHANCE:
            action = game.sample_chance(state, rng)
            if action not in [a for a, _ in game.chance_outcomes(state)]:
                raise ConformanceError(f"sample_chance gave {action!r}, not one of chance_outcomes")
        else:
            action = choose(game, state, rng)
        known = list(pool.values())
        for foreign in probe_rng.sample(known, min(probes, len(known))):
            check_rejects_foreign(game, state, foreign)
        if len(pool) < POOL:
            pool.setdefault(dumps(game.action_to_data(action)), action)
        state = check_step(game, state, action)
        actions.append(action)
    log = make_log(game, config, actions, state)
    text = log_to_json(log)
    if log_from_json(text) != log:
        raise ConformanceError("the game log does not round-trip through JSON")
    try:
        replayed = replay(game, log_from_json(text))
    except NileRulesError as exc:
        raise ConformanceError(f"replay failed: {exc}") from None
    if replayed != state:
        raise ConformanceError("replay does not reproduce the final state")
    return len(actions)


def run_conformance(
    game: Game[Any, Any], configs: Iterable[Config], seeds: Iterable[int], policy: str = "random"
) -> list[Failure]:
    """Run the whole suite over configs × seeds; returns every failure (empty when the game conforms)."""
    failures: list[Failure] = []
    seeds = tuple(seeds)
    for config in configs:
        for seed in seeds:
            try:
                check_game(game, config, seed, policy)
            except ConformanceError as exc:
                failures.append(Failure(type(exc).__name__, config, seed, str(exc)))
            except StuckState as exc:
                failures.append(Failure("stuck", config, seed, str(exc)))
            except Exception as exc:  # a crash is a failure of the contract too, reported with its seed
                failures.append(Failure("crash", config, seed, f"{type(exc).__name__}: {exc}"[:500]))
    return failures

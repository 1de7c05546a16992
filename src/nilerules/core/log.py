"""Whole game logs: the game, its config and readings, and every action including chance outcomes.

A log round-trips through canonical JSON, and ``replay`` reproduces the final state exactly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from nilerules.core import jsonio
from nilerules.core.codec import dumps, from_data, to_data
from nilerules.core.game import Game
from nilerules.core.types import CHANCE, Config, Mover
from nilerules.errors import IllegalAction, MalformedAction, NileRulesError, ReplayError

LOG_FORMAT = "nilerules-log/1"


@dataclass(frozen=True, slots=True)
class GameLog:
    """A replayable record of one game."""

    game: str
    version: int
    spec_digest: str
    config: Config
    actions: tuple[Any, ...]
    """Actions as JSON data (``game.action_to_data``), in the order they were applied."""
    final_digest: str


def state_digest(game: Game[Any, Any], state: Any) -> str:
    """A short fingerprint of a state's canonical JSON."""
    text = dumps(game.state_to_data(state))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def make_log(game: Game[Any, Any], config: Config, actions: Sequence[Any], final: Any) -> GameLog:
    data = tuple(game.action_to_data(a) for a in actions)
    return GameLog(game.info.id, game.info.version, game.spec.digest, config, data, state_digest(game, final))


def log_to_json(log: GameLog) -> str:
    return dumps(
        {
            "format": LOG_FORMAT,
            "game": log.game,
            "version": log.version,
            "spec_digest": log.spec_digest,
            "config": to_data(log.config),
            "actions": list(log.actions),
            "final_digest": log.final_digest,
        }
    )


def log_from_json(text: str) -> GameLog:
    """Parse a log; anything malformed is a ReplayError naming what is wrong."""
    data = jsonio.loads(text, "log", ReplayError)
    if not isinstance(data, dict):
        raise ReplayError("log must be a JSON object")
    if data.get("format") != LOG_FORMAT:
        raise ReplayError(f"log format is {data.get('format')!r}, expected {LOG_FORMAT!r}")
    missing = [k for k in ("game", "version", "spec_digest", "config", "actions", "final_digest") if k not in data]
    if missing:
        raise ReplayError(f"log lacks {', '.join(missing)}")
    if not isinstance(data["actions"], list):
        raise ReplayError("log 'actions' must be an array")
    try:
        config = from_data(Config, data["config"], "$.config")
    except MalformedAction as exc:
        raise ReplayError(f"log config: {exc}") from None
    for key in ("game", "spec_digest", "final_digest"):
        if not isinstance(data[key], str):
            raise ReplayError(f"log {key!r} must be a string")
    if isinstance(data["version"], bool) or not isinstance(data["version"], int):
        raise ReplayError("log 'version' must be an integer")
    return GameLog(
        data["game"], data["version"], data["spec_digest"], config, tuple(data["actions"]), data["final_digest"]
    )


def replay_steps(game: Game[Any, Any], log: GameLog, *, check_spec: bool = True) -> Iterator[tuple[Mover, Any, Any]]:
    """Replay a log step by step: ``(who moved, the action, the state after it)`` for each logged action.

    The final digest is checked after the last step; any mismatch or illegal step is a ReplayError.
    """
    if log.game != game.info.id:
        raise ReplayError(f"log is for game {log.game!r}, not {game.info.id!r}")
    if log.version != game.info.version:
        raise ReplayError(f"log was written by {log.game} rules version {log.version}, these are {game.info.version}")
    if check_spec and log.spec_digest != game.spec.digest:
        raise ReplayError(f"log was written with another spec (digest {log.spec_digest[:12]}…); pass that --spec")
    try:
        config = game.config(log.config.players, log.config.modules, dict(log.config.readings))
    except NileRulesError as exc:
        raise ReplayError(f"log config: {exc}") from None
    if len(log.actions) > game.info.max_game_length:
        raise ReplayError(
            f"log has {len(log.actions)} actions; a {game.info.id} game ends within {game.info.max_game_length}"
        )
    state = game.setup(config)
    for index, raw in enumerate(log.actions):
        mover = game.current_player(state)
        try:
            action = game.action_from_data(raw)
        except MalformedAction as exc:
            raise ReplayError(f"step {index}: {exc}") from None
        except (LookupError, TypeError, ValueError, ArithmeticError, RecursionError):
            # a game's decoder meeting data of the wrong shape: at the edge, that is a malformed log
            text = dumps(raw) if _jsonable(raw) else repr(raw)
            raise ReplayError(f"step {index}: not a {game.info.id} action: {text[:120]}") from None
        try:
            state = game.apply(state, action)
        except (MalformedAction, IllegalAction) as exc:
            raise ReplayError(f"step {index}: {exc}") from None
        yield mover, action, state
    digest = state_digest(game, state)
    if digest != log.final_digest:
        raise ReplayError(f"replayed final state {digest} differs from the logged {log.final_digest}")


def _jsonable(data: Any) -> bool:
    try:
        dumps(data)
    except (TypeError, ValueError):
        return False
    return True


def replay(game: Game[Any, Any], log: GameLog, *, check_spec: bool = True) -> Any:
    """Replay a log and return the final state; any mismatch or illegal step is a ReplayError."""
    last: tuple[Mover, Any, Any] | None = None
    for last in replay_steps(game, log, check_spec=check_spec):  # noqa: B007 - the last step is the result
        pass
    if last is not None:
        return last[2]
    # an empty log (its digest was checked against the setup by replay_steps)
    return game.setup(game.config(log.config.players, log.config.modules, dict(log.config.readings)))

def moves_at(game: Game[Any, Any], state: Any) -> tuple[str, tuple[str, ...]]:
    """Who is to move (``"seat N"``, ``"chance"`` or ``"nobody"``) and the legal moves, or the chance outcomes as
    ``[outcome, "p/q"]``, each as canonical JSON with names (``game.action_to_data``)."""
    mover = game.current_player(state)
    if mover is None:
        return "nobody", ()
    if mover is CHANCE:
        return "chance", tuple(
            dumps([game.action_to_data(a), to_data(p)])
            for a, p in game.chance_outcomes(state)
        )
    return f"seat {mover}", tuple(
        dumps(game.action_to_data(a)) for a in game.legal_actions(state)
    )

"""What the HTML report shows beyond findings.json: witness games replayed step by step, and score distributions.

Two pieces of analysis that report/html.py only draws:

- ``witness_game``: replay a witness log from setup and record, for every move, who made it, the move (as the game
  writes it in logs) and the position after it. Positions are the game's public position form (``position_data``)
  where the game has one, else its state as data. To keep the page small, each step stores only what changed in the
  position (``position_delta``).
- ``score_distributions``: for one ambiguity, the same seeded random games played under each of its readings (common
  seeds, one player count), with every seat's final score; the share of seeds whose final scores differ from the
  default reading's.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nilerules.analysis.witness import written_position
from nilerules.checks.model import Budget
from nilerules.core.game import Game
from nilerules.core.log import GameLog
from nilerules.core.playout import StuckState, playout
from nilerules.core.types import CHANCE
from nilerules.errors import NileRulesError

MAX_WITNESS_STEPS = 1500
"""At most this many moves of a witness are shown (every game declares a maximum length far below it)."""
MAX_DISTRIBUTION_GAMES = 30
"""Games per reading for a score distribution: half the budget's playouts, capped here to keep the report quick."""


def distribution_games(budget: Budget) -> int:
    """Games per reading for a score distribution under ``budget``."""
    return max(1, min(budget.playouts // 2, MAX_DISTRIBUTION_GAMES))


@dataclass(frozen=True, slots=True)
class WitnessGame:
    """A witness log replayed: the position at setup, then one entry per move (mover, move, what changed)."""

    players: int
    modules: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    """The readings the log was played under that are not the defaults."""
    form: str
    """"position" (the game's public position form) or "state" (its internal state as data)."""
    start: Mapping[str, Any]
    start_scores: tuple[int, ...]
    steps: tuple[Mapping[str, Any], ...]
    """Each: ``mover`` (a seat number or "chance"), ``action`` (data), ``ops`` (what changed in the position, see
    ``position_delta``) and ``scores`` (every seat's score so far, as ``game.scores`` gives it)."""
    truncated: bool
    error: str
    """Why the replay stopped early ('' when it did not)."""

    def to_data(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "modules": list(self.modules),
            "readings": [list(r) for r in self.readings],
            "form": self.form,
            "start": dict(self.start),
            "start_scores": list(self.start_scores),
            "steps": [dict(s) for s in self.steps],
            "truncated": self.truncated,
            "error": self.error,
        }


def position_of(game: Game[Any, Any], state: Any) -> tuple[str, dict[str, Any]]:
    """The position as a person would write it (``witness.written_position``), else the state as data without its
    config."""
    written = written_position(game, state)
    if written is not None:
        return "position", written
    raw = game.state_to_data(state)
    if not isinstance(raw, dict):
        return "state", {"state": raw}
    return "state", {k: v for k, v in raw.items() if k not in ("config", "type")}


def position_delta(before: Any, after: Any, path: tuple[str | int, ...] = ()) -> list[list[Any]]:
    """What changed from ``before`` to ``after``, as a list of operations on paths into the position.

    ``["s", path, value]`` sets the value at ``path``; ``["a", path, items]`` appends ``items`` to the list at ``path``;
    ``["d", path]`` deletes the key at ``path``. Tables are compared key by key and lists of one length item by item
    (when at most half of them changed), so a move that changes one field of one seat costs one short operation
    rather than a copy of the whole seat.
    """
    ops: list[list[Any]] = []
    if before == after:
        return ops
    if isinstance(before, dict) and isinstance(after, dict):
        for key, value in after.items():
            if key not in before:
                ops.append(["s", [*path, key], value])
            else:
                ops.extend(position_delta(before[key], value, (*path, key)))
        ops.extend(["d", [*path, key]] for key in before if key not in after)
        return ops
    if isinstance(before, list) and isinstance(after, list):
        if len(after) > len(before) and after[: len(before)] == before:
            return [["a", list(path), after[len(before) :]]]
        if len(after) == len(before):
            changed = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
            if 2 * len(changed) <= len(after):
                for i in changed:
                    ops.extend(position_delta(before[i], after[i], (*path, i)))
                return ops
    return [["s", list(path), after]]


def apply_delta(position: Any, ops: Sequence[Sequence[Any]]) -> Any:
    """The inverse of ``position_delta`` (what the page's script does to step forward); ``position`` is not changed."""
    out = copy.deepcopy(position)
    for op in ops:
        kind, path = op[0], list(op[1])
        if not path:
            out = copy.deepcopy(op[2]) if kind == "s" else [*out, *op[2]]
            continue
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if kind == "s":
            parent[last] = copy.deepcopy(op[2])
        elif kind == "a":
            parent[last] = [*parent[last], *op[2]]
        else:
            del parent[last]
    return out


def witness_game(game: Game[Any, Any], log: GameLog) -> WitnessGame:
    """Replay ``log`` from setup, recording each move and what it changed in the position.

    A log that stops replaying (another spec, an illegal step) gives the steps up to there and the reason in
    ``error``; the page shows both rather than failing the whole report.
    """
    config = log.config
    defaults = {amb_id: amb.default for amb_id, amb in game.spec.ambiguities.items()}
    readings = tuple((k, v) for k, v in config.readings if defaults.get(k) != v)
    steps: list[dict[str, Any]] = []
    error = ""
    try:
        state = game.setup(game.config(config.players, config.modules, dict(config.readings)))
    except NileRulesError as exc:
        return WitnessGame(config.players, config.modules, readings, "state", {}, (), (), False, f"setup: {exc}")
    form, position = position_of(game, state)
    start, start_scores = position, tuple(game.scores(state))
    for index, raw in enumerate(log.actions[:MAX_WITNESS_STEPS]):
        mover = game.current_player(state)
        try:
            action = game.action_from_data(raw)
            state = game.apply(state, action)
        except NileRulesError as exc:
            error = f"step {index}: {exc}"
            break
        _, after = position_of(game, state)
        steps.append(
            {
                "mover": "chance" if mover is CHANCE else mover,
                "action": game.action_to_data(action),
                "ops": position_delta(position, after),
                "scores": list(game.scores(state)),
            }
        )
        position = after
    truncated = len(log.actions) > MAX_WITNESS_STEPS and not error
    return WitnessGame(
        config.players, config.modules, readings, form, start, start_scores, tuple(steps), truncated, error
    )


@dataclass(frozen=True, slots=True)
class ScoreDistribution:
    """Every seat's final score in the same seeded games under each reading of one ambiguity."""

    ambiguity: str
    players: int
    policy: str
    seeds: tuple[int, int]
    """First and last seed played (the same seeds under every reading)."""
    scores: tuple[tuple[str, tuple[int, ...]], ...]
    """Per reading (default first): the final scores of every seat of every game that finished."""
    differ: int
    """Seeds whose final scores (seat by seat) differ from the default reading's game."""
    games: int
    failed: int
    """Games that got stuck (not counted in ``scores``)."""

    @property
    def share_differ(self) -> float:
        return self.differ / self.games if self.games else 0.0

    def describe(self) -> str:
        return (
            f"{self.games} {self.policy} games per reading, {self.players} players, seeds "
            f"{self.seeds[0]}..{self.seeds[1]} (the same seeds under every reading)"
            + (f"; {self.failed} games got stuck and are left out" if self.failed else "")
        )


def distribution_players(game: Game[Any, Any]) -> int:
    """The player count a distribution is measured at: the middle of the supported counts (scores at different
    player counts are not comparable, so one count is used)."""
    counts = game.info.player_counts
    return int(counts[len(counts) // 2])


def score_distributions(game: Game[Any, Any], ambiguity: str, budget: Budget) -> ScoreDistribution:
    """Play the same seeded random games under each reading of ``ambiguity`` (every other reading at its default)."""
    amb = game.spec.ambiguities[ambiguity]
    names = [amb.default, *(r for r in amb.reading_names() if r != amb.default)]
    players = distribution_players(game)
    games = distribution_games(budget)
    seeds = range(budget.seed, budget.seed + games)
    finals: dict[str, list[tuple[int, ...] | None]] = {}
    for name in names:
        config = game.config(players, (), {ambiguity: name})
        row: list[tuple[int, ...] | None] = []
        for seed in seeds:
            try:
                row.append(tuple(game.scores(playout(game, config, seed).final)))
            except StuckState:
                row.append(None)
        finals[name] = row
    base = finals[amb.default]
    differ = sum(
        1 for i in range(games) if any(finals[n][i] is not None and finals[n][i] != base[i] for n in names[1:])
    )
    failed = sum(1 for n in names for s in finals[n] if s is None)
    scores = tuple((n, tuple(v for s in finals[n] if s is not None for v in s)) for n in names)
    return ScoreDistribution(ambiguity, players, "random", (seeds[0], seeds[-1]), scores, differ, games, failed)


def seat_scores(scores: Sequence[int], players: int) -> tuple[tuple[int, ...], ...]:
    """Split a flat list of final scores (game by game, seat by seat) into one list per seat."""
    return tuple(tuple(scores[seat::players]) for seat in range(players))

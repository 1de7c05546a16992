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
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nilerules.analysis.witness import written_position
from nilerules.checks.model import Budget
from nilerules.core.game import Game
from nilerules.core.log import GameLog
from nilerules.core.playout import StuckState, playout
from nilerules.core.types import CHANCE, Config
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


# -- the evidence: one game where the situation arose, and each reading's continuation -------------------------------
EVIDENCE_POLICIES = ("random", "greedy", "strong")
"""How every seat plays a continuation: the policies of the paired games (``analysis.impact``)."""
WITNESS_CONTINUATION = "greedy"
"""How the continuations of a witness game are played when the impact names no evidence game (a cheap player: the
witness is the situation, the continuation shows where each reading leads from it)."""


@dataclass(frozen=True, slots=True)
class Continuation:
    """One reading's game from the application point to its end."""

    reading: str
    default: bool
    moves: tuple[tuple[str, str], ...]
    """Each move after the application point: (who, the move in words)."""
    at_scores: tuple[int, ...]
    """Every seat's score at the application point under this reading."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    ended: bool
    """The game reached its end (else it stopped at the game's length bound, or a move was refused)."""
    error: str
    """Why this reading's game could not reach the application point or go on ('' when it could)."""

    def to_data(self) -> dict[str, Any]:
        return {
            "reading": self.reading,
            "default": self.default,
            "moves": [list(m) for m in self.moves],
            "at_scores": list(self.at_scores),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ended": self.ended,
            "error": self.error,
        }


@dataclass(frozen=True, slots=True)
class EvidenceGame:
    """A game where an ambiguity's situation arose: the moves up to the application point (the same under every
    reading), the point itself, then each reading's continuation played on from it."""

    ambiguity: str
    origin: str
    """``impact`` (the measured paired game the impact names) or ``witness`` (the finding's witness game)."""
    policy: str
    simulations: int
    seed: int
    players: int
    modules: tuple[str, ...]
    step: int
    """Moves played before the application point."""
    before: tuple[tuple[str, str], ...]
    """The moves up to the application point: (who, the move in words)."""
    at: str
    """Who is to move at the application point, and with which moves."""
    continuations: tuple[Continuation, ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "ambiguity": self.ambiguity,
            "origin": self.origin,
            "policy": self.policy,
            "simulations": self.simulations,
            "seed": self.seed,
            "players": self.players,
            "modules": list(self.modules),
            "step": self.step,
            "before": [list(m) for m in self.before],
            "at": self.at,
            "continuations": [c.to_data() for c in self.continuations],
        }


def _who(game: Game[Any, Any], state: Any) -> str:
    mover = game.current_player(state)
    return "chance" if mover is CHANCE else ("nobody" if mover is None else f"seat {mover}")


def evidence_game(
    game: Game[Any, Any],
    ambiguity: str,
    config: Config,
    prefix: Sequence[Any],
    readings: Sequence[str],
    *,
    policy: str,
    seed: int,
    simulations: int = 0,
    origin: str,
) -> EvidenceGame:
    """Replay ``prefix`` (actions, as the game's own values) from setup under ``config``: the application point; then,
    for each of ``readings`` of ``ambiguity``, replay the prefix under that reading and play on with every seat under
    ``policy`` to the end (at most the game's maximum length). Every continuation starts from a generator seeded with
    ``seed + len(prefix)``, so the readings share their chance draws and choices while their games agree."""
    from nilerules.analysis import impact
    from nilerules.analysis.witness import words

    if policy not in EVIDENCE_POLICIES:
        raise ValueError(f"unknown policy {policy!r} (policies: {', '.join(EVIDENCE_POLICIES)})")
    prefix = list(prefix)[:MAX_WITNESS_STEPS]
    default = game.spec.ambiguities[ambiguity].default
    state = game.setup(config)
    before: list[tuple[str, str]] = []
    for action in prefix:
        before.append((_who(game, state), words(game.action_to_data(action))))
        state = game.apply(state, action)
    legal = game.legal_actions(state) if game.current_player(state) not in (None, CHANCE) else ()
    at = _who(game, state) + (
        f" to move, {len(legal)} legal moves: " + ", ".join(words(game.action_to_data(a)) for a in legal[:8])
        + (", …" if len(legal) > 8 else "")
        if legal else (" to draw" if game.current_player(state) is CHANCE else ": the game is over")
    )
    choose = impact._choose(game, policy, simulations)  # the measurement's own players
    limit = min(game.info.max_game_length, MAX_WITNESS_STEPS)
    out = []
    for reading in readings:
        moves: list[tuple[str, str]] = []
        error = ""
        at_scores: tuple[int, ...] = ()
        try:
            here = game.config(config.players, config.modules, {**config.readings_dict(), ambiguity: reading})
            state = game.setup(here)
            for index, action in enumerate(prefix):
                try:
                    state = game.apply(state, action)
                except NileRulesError as exc:
                    raise NileRulesError(f"move {index + 1} before the application point is refused: {exc}") from None
            at_scores = tuple(game.scores(state))
            state = _play_on(game, state, random.Random(seed + len(prefix)), choose, limit - len(prefix), moves)
        except NileRulesError as exc:
            error = str(exc)
        ended = not error and game.current_player(state) is None
        scores = tuple(game.scores(state)) if not error else ()
        winners = tuple(game.ranking(state).winners) if ended else ()
        out.append(Continuation(reading, reading == default, tuple(moves), at_scores, scores, winners, ended, error))
    return EvidenceGame(
        ambiguity, origin, policy, simulations, seed, config.players, config.modules, len(prefix), tuple(before), at,
        tuple(out),
    )


def evidence_config(game: Game[Any, Any], data: Any) -> Config | None:
    """The config an evidence record names: ``{"players", "modules", "readings"}`` (None when it is not one)."""
    if not isinstance(data, Mapping) or isinstance(data.get("players"), bool) or not isinstance(
        data.get("players"), int
    ):
        return None
    try:
        return game.config(
            data["players"], tuple(data.get("modules", ()) or ()), dict(data.get("readings", {}) or {})
        )
    except (NileRulesError, TypeError, ValueError):
        return None


def impact_evidence(
    game: Game[Any, Any], ambiguity: str, record: Mapping[str, Any], budget: Budget
) -> EvidenceGame | None:
    """The evidence game of an ``impact.evidence`` record ({policy, seed, config, step, reading}) replayed as the
    measurement played it (``analysis.impact.follow``): the base game under ``config`` (every reading at its
    default) played by ``policy`` from ``seed``; up to ``step`` (the application point) both readings share its
    moves; from there the base reading's continuation is the base game's own, and ``reading``'s goes on from the base
    position re-read under it (``Game.rebase``), drawing from where the base game's generator stood. None when the
    record is not one this version reads."""
    from nilerules.analysis import impact

    config = evidence_config(game, record.get("config"))
    policy, seed, step, reading = (record.get(k) for k in ("policy", "seed", "step", "reading"))
    amb = game.spec.ambiguities.get(ambiguity)
    if (
        config is None or amb is None or policy not in EVIDENCE_POLICIES or not isinstance(seed, int)
        or isinstance(step, bool) or not isinstance(step, int) or step < 0 or reading not in amb.reading_names()
    ):
        return None
    simulations = budget.strong_simulations if policy == "strong" else 0
    base = _base_game(game, config, seed, str(policy), simulations)
    if step > len(base.actions):
        return None
    changed = game.config(config.players, config.modules, {**config.readings_dict(), ambiguity: str(reading)})
    setup = record.get("kind") == "setup"
    start = game.setup(changed) if setup else game.rebase(base.states[step], changed)
    rng = random.Random(seed)
    if step < len(base.rngs):
        rng.setstate(base.rngs[step])
    choose = impact._choose(game, str(policy), simulations)  # the measurement's own players
    moves: list[tuple[str, str]] = []
    state = _play_on(game, start, rng, choose, min(game.info.max_game_length, MAX_WITNESS_STEPS) - step, moves)
    prefix, ours = base.actions[:step], base.states[step]
    before, at = _before(game, config, prefix), _at(game, ours)
    own = config.reading(ambiguity)
    rest = [(_who(game, s), _words(game, a)) for s, a in zip(base.states[step:], base.actions[step:], strict=False)]
    ended = game.current_player(base.final) is None
    continuations = (
        Continuation(own, own == amb.default, tuple(rest), tuple(game.scores(ours)), tuple(game.scores(base.final)),
                     tuple(game.ranking(base.final).winners) if ended else (), ended, ""),
        Continuation(str(reading), reading == amb.default, tuple(moves), tuple(game.scores(start)),
                     tuple(game.scores(state)),
                     tuple(game.ranking(state).winners) if game.current_player(state) is None else (),
                     game.current_player(state) is None, ""),
    )
    return EvidenceGame(ambiguity, "impact", str(policy), simulations, seed, config.players, config.modules, step,
                        before, at, continuations)


BASE_GAMES_KEPT = 4
"""Base games an evidence replay keeps in this process: findings whose evidence is the same base game (the first
strong game where several situations arose) replay it once."""
_bases: dict[tuple[Any, ...], Any] = {}


def _base_game(game: Game[Any, Any], config: Config, seed: int, policy: str, simulations: int) -> Any:
    """``impact.play(..., keep=True)``, kept for the next evidence of the same base game (a pure function of its
    key, so keeping it changes no output)."""
    from nilerules.analysis import impact

    key = (game.info.id, game.info.version, game.spec.digest, config, seed, policy, simulations)
    found = _bases.get(key)
    if found is None:
        found = impact.play(game, config, seed, policy, simulations, keep=True)
        while len(_bases) >= BASE_GAMES_KEPT:
            _bases.pop(next(iter(_bases)))
        _bases[key] = found
    return found


def _play_on(
    game: Game[Any, Any], state: Any, rng: random.Random, choose: Any, room: int, moves: list[tuple[str, str]]
) -> Any:
    """Play on from ``state`` with every seat choosing by ``choose(state, legal, rng)`` and chance drawn from ``rng``,
    to the end, a state with no legal move, or ``room`` moves, appending each move (who, in words) to ``moves`` as it
    is played (a refused move leaves those before it); the state where it stopped."""
    while (mover := game.current_player(state)) is not None and len(moves) < room:
        if mover is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            if not legal:
                break
            action = choose(state, legal, rng)
        moves.append((_who(game, state), _words(game, action)))
        state = game.apply(state, action)
    return state


def _words(game: Game[Any, Any], action: Any) -> str:
    from nilerules.analysis.witness import words

    return words(game.action_to_data(action))


def _before(game: Game[Any, Any], config: Config, prefix: Sequence[Any]) -> tuple[tuple[str, str], ...]:
    """The moves of ``prefix`` from setup under ``config``: (who, the move in words)."""
    state, out = game.setup(config), []
    for action in list(prefix)[:MAX_WITNESS_STEPS]:
        out.append((_who(game, state), _words(game, action)))
        state = game.apply(state, action)
    return tuple(out)


def _at(game: Game[Any, Any], state: Any) -> str:
    """Who is to move in ``state``, and with which moves (the first eight)."""
    mover = game.current_player(state)
    if mover is None:
        return "the game is over"
    if mover is CHANCE:
        return "chance to draw"
    legal = game.legal_actions(state)
    shown = ", ".join(_words(game, a) for a in legal[:8]) + (", …" if len(legal) > 8 else "")
    return f"{_who(game, state)} to move, {len(legal)} legal moves: {shown}"


def witness_evidence(game: Game[Any, Any], ambiguity: str, log: GameLog, budget: Budget) -> EvidenceGame | None:
    """Until the impact names an evidence game: the finding's witness game as the situation (its last position is
    where the readings part), continued under every reading by ``WITNESS_CONTINUATION`` from the budget's seed. None
    when the log does not replay."""
    amb = game.spec.ambiguities.get(ambiguity)
    if amb is None:
        return None
    try:
        config = game.config(log.config.players, log.config.modules, log.config.readings_dict())
        actions = [game.action_from_data(raw) for raw in log.actions]
    except NileRulesError:
        return None
    try:  # a log that does not replay under its own config (another spec) has no evidence
        return evidence_game(game, ambiguity, config, actions, amb.reading_names(), policy=WITNESS_CONTINUATION,
                             seed=budget.seed, origin="witness")
    except NileRulesError:
        return None

"""The Game protocol every game implements, and the config validation they share."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from nilerules.core import chance as _chance
from nilerules.core import written as _written
from nilerules.core.codec import from_data, to_data
from nilerules.core.seen import Observation, Seen
from nilerules.core.types import CHANCE, Config, GameInfo, Mover, Ranking
from nilerules.errors import (
    IllegalAction,
    InvalidConfig,
    InvalidState,
    MalformedAction,
    NileRulesError,
    PositionError,
)
from nilerules.specs import Spec

S = TypeVar("S")
A = TypeVar("A")

DiagnosticKind = Literal["supply_exhausted", "open_tie", "no_progress"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """Something a game noticed about a state that the hole detectors report (a pile drawn empty, an open tie)."""

    kind: DiagnosticKind
    rule_id: str
    detail: str


@runtime_checkable
class Game(Protocol[S, A]):
    """What every game offers. All methods are pure: they never mutate their arguments."""

    info: GameInfo
    spec: Spec
    state_type: Any
    action_type: Any

    def config(
        self,
        players: int,
        modules: Sequence[str] = (),
        readings: Mapping[str, str] | None = None,
    ) -> Config: ...

    def setup(self, config: Config) -> S: ...

    def current_player(self, state: S) -> Mover: ...

    def legal_actions(self, state: S) -> tuple[A, ...]: ...

    def chance_outcomes(self, state: S) -> tuple[tuple[A, Fraction], ...]: ...

    def sample_chance(self, state: S, rng: random.Random) -> A: ...

    def apply(self, state: S, action: A) -> S: ...

    def is_terminal(self, state: S) -> bool: ...

    def scores(self, state: S) -> tuple[int, ...]: ...

    def ranking(self, state: S) -> Ranking: ...

    def invariants(self, state: S) -> tuple[str, ...]: ...

    def diagnostics(self, state: S) -> tuple[Diagnostic, ...]: ...

    def greedy_action(self, state: S, rng: random.Random) -> A: ...

    def estimate(self, state: S) -> tuple[int, ...]:
        """Per seat, ``scores`` plus the points of what the seat already holds and a later scoring will count (Ra:
        the Pharaohs, scored again at the epoch's end; the Monuments and sun disks, scored only at the game's end);
        ``GameBase``: the scores alone. What a search values a rollout cut off before the end by
        (``core.rollout.evaluate``); never a rule, and no score."""
        ...

    def state_config(self, state: S) -> Config: ...

    # -- what a seat sees (core/seen.py) -------------------------------------------------------------------
    def observation(self, state: S, seat: int) -> Observation:
        """What ``seat`` sees of ``state``: equal for two states that differ only in what the seat cannot see
        (``GameBase``: the whole position, for a game that hides nothing)."""
        ...

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A full state that gives ``seat`` the same observation as ``state``, what the seat cannot see dealt
        again at random from what is unaccounted for; ``state`` itself (the same object, whatever the generator)
        exactly when the seat sees all of it (``GameBase``: always, for a game that hides nothing)."""
        ...

    def rebase(self, state: S, config: Config) -> S:
        """The same position under ``config`` (the same players and modules, other readings): what the rules would
        do here had the game been played under ``config`` so far. Where the readings give the same mover, legal
        moves, chance outcomes, successors and scores, a state and its rebase go on alike (``analysis.impact``'s
        application points; tests/analysis/test_application_points.py is the placebo)."""
        ...

    # -- positions written by hand (docs/positions.md) ---------------------------------------------------
    def position(self, config: Config, data: Mapping[str, Any]) -> S:
        """The state a position document describes under ``config`` (PositionError names a bad key, InvalidState
        a broken invariant)."""
        ...

    def position_data(self, state: S) -> dict[str, Any]:
        """The state written with names: ``position(state_config(s), position_data(s)) == s``."""
        ...

    def score_breakdown(self, state: S) -> tuple[dict[str, int], ...]:
        """Per seat, points by category; each seat's values sum to its entry of ``scores``."""
        ...

    # -- JSON, as the logs write it ----------------------------------------------------------------------
    def action(self, text_or_data: Any) -> A:
        """An action from its written form (``GameBase.action``): JSON or TOML text, a bare name, or the data."""
        ...

    def action_to_data(self, action: A) -> Any:
        """The action's JSON, with names (as logs and docs/positions.md write it)."""
        ...

    def action_from_data(self, data: Any) -> A:
        """The action a JSON value describes (MalformedAction otherwise)."""
        ...

    def state_to_data(self, state: S) -> Any:
        """The state's JSON (what ``play --state-out`` writes)."""
        ...

    def state_from_data(self, data: Any) -> S:
        """The state a JSON value describes."""
        ...


class GameBase(Generic[S, A]):
    """Shared plumbing for games: config validation, JSON, the default chance sampler.

    Subclasses supply the rules by delegating to their pure module-level functions.
    """

    info: GameInfo
    state_type: Any
    action_type: Any

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    # -- configuration ---------------------------------------------------------------------------------
    def config(
        self,
        players: int,
        modules: Sequence[str] = (),
        readings: Mapping[str, str] | None = None,
    ) -> Config:
        """Validate and complete a configuration; readings not given take the spec's default."""
        return make_config(self.info, self.spec, players, modules, readings)

    # -- defaults that games may override ----------------------------------------------------------------
    def chance_outcomes(self, state: S) -> tuple[tuple[A, Fraction], ...]:
        return ()

    def sample_chance(self, state: S, rng: random.Random) -> A:
        return _chance.sample(self.chance_outcomes(state), rng)

    def invariants(self, state: S) -> tuple[str, ...]:
        return ()

    def diagnostics(self, state: S) -> tuple[Diagnostic, ...]:
        return ()

    def greedy_action(self, state: S, rng: random.Random) -> A:
        legal: tuple[A, ...] = self.legal_actions(state)  # type: ignore[attr-defined]
        return rng.choice(legal)

    def estimate(self, state: S) -> tuple[int, ...]:
        """The scores alone: a game whose points are all scored as they are won needs nothing more."""
        scores: tuple[int, ...] = self.scores(state)  # type: ignore[attr-defined]
        return scores

    # -- what a seat sees: a game that hides something overrides ``seen``, ``seen_view`` and ``determinize`` --------
    seen: tuple[Seen, ...] = ()
    """What lies where and who sees it (``core.seen.Seen``, citing the rules); empty for a game that hides
    nothing."""

    def seen_view(self, state: S, seat: int, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` sees of ``state`` as JSON data: the position data (``data``, when the caller has it
        already), with what the seat cannot see replaced by what it can. Here: the whole position."""
        if data is not None:
            return data
        try:
            found: dict[str, Any] = self.position_data(state)  # type: ignore[attr-defined]
        except (AttributeError, NotImplementedError):  # a game without a position format: its state's JSON
            found = {"state": self.state_to_data(state)}
        return found

    def observation(self, state: S, seat: int) -> Observation:
        """What ``seat`` sees of ``state`` (``seen_view``, frozen: ``core.seen.Observation``)."""
        return Observation.of(self.info.id, seat, self.seen_view(state, seat))

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """``state`` itself: in a game that hides nothing, every seat sees the whole state (what no one has seen
        yet is a chance node, not part of it). Draws nothing from ``rng``."""
        return state

    def rebase(self, state: S, config: Config) -> S:
        """The state with its ``config`` replaced (and its ``params``, when it has them, by ``self.params(config)``),
        through the state's ``_replace`` or ``dataclasses.replace``; a game whose state derives more from its config
        overrides this."""
        changes: dict[str, Any] = {"config": config}
        if hasattr(state, "params"):
            changes["params"] = self.params(config)  # type: ignore[attr-defined]
        replace = getattr(state, "_replace", None)
        if replace is not None:
            rebased: S = replace(**changes)
            return rebased
        return dataclasses.replace(state, **changes)  # type: ignore[type-var]

    # -- JSON --------------------------------------------------------------------------------------------
    def state_to_data(self, state: S) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> S:
        result: S = from_data(self.state_type, data)
        return result

    def action_to_data(self, action: A) -> Any:
        return to_data(action)

    def action_from_data(self, data: Any) -> A:
        result: A = from_data(self.action_type, data)
        return result

    def action(self, text_or_data: Any) -> A:
        """An action from its written form, with names as the logs and docs/positions.md write it: JSON text
        (``'{"take": 0}'``, ``'"done"'``), a TOML inline value (``'{take = 0}'``), a bare name (``"done"``), or that
        data already parsed (``{"take": 0}``); ``str(action)`` is such a text. Whether the action is legal in a state
        is ``apply``'s question; a value that is not an action of this game raises MalformedAction saying what it
        was."""
        data = _written.parse(text_or_data) if isinstance(text_or_data, str) else text_or_data
        try:
            return self.action_from_data(data)
        except NileRulesError:
            raise
        except (LookupError, TypeError, ValueError, ArithmeticError, RecursionError) as exc:
            raise MalformedAction(
                f"{self.info.id}: {_written.text(data)[:80]!r} is not an action ({type(exc).__name__})"
            ) from None


def refused(
    game_id: str,
    actions: type | tuple[type, ...],
    rule_id: str,
    reason: str,
    state: Any,
    action: Any,
    legal: Sequence[Any] = (),
) -> MalformedAction | IllegalAction:
    """What a game's ``apply`` raises for an action it cannot apply in ``state``: MalformedAction when ``action`` is
    not one of the game's ``actions`` at all (a name, JSON text or data passed in place of an action: the message
    says what was passed and to parse it with ``game.action``), else IllegalAction naming the rule that forbids it
    and listing the ``legal`` moves there. Called on the failure path only, so a legal move costs nothing more."""
    if isinstance(action, actions):
        return IllegalAction(rule_id, reason, state, action, legal)
    return not_an_action(game_id, action)


def refusal(
    game: Game[Any, Any], actions: type | tuple[type, ...], error: IllegalAction, state: Any, action: Any
) -> MalformedAction | IllegalAction:
    """``refused`` for the IllegalAction ``error`` that a game's rules raised applying ``action`` in ``state``: a
    value that is no action of the game at all becomes MalformedAction (``not_an_action``), an action of the game
    the same IllegalAction (rule, reason) listing the moves there (``moves_here``). For a game whose ``apply``
    delegates to its rules and converts their error on the way out (the failure path only)."""
    if not isinstance(action, actions):
        return not_an_action(game.info.id, action)
    return refused(game.info.id, actions, error.rule_id, error.reason, state, action, moves_here(game, state))


def moves_here(game: Game[Any, Any], state: Any) -> tuple[Any, ...]:
    """What may be applied in ``state``: the chance outcomes at a chance node, else the legal moves (none when the
    game is over)."""
    if game.is_terminal(state):
        return ()
    if game.current_player(state) is CHANCE:
        return tuple(outcome for outcome, _ in game.chance_outcomes(state))
    return tuple(game.legal_actions(state))


def not_an_action(game_id: str, value: Any) -> MalformedAction:
    """MalformedAction for ``value`` given to ``apply`` in place of one of ``game_id``'s actions."""
    shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
    kinds = ((bool, "a boolean"), (str, "a string"), (Mapping, "a table"), (list, "a list"), (int | float, "a number"),
             (type(None), "None"))
    kind = next((name for types, name in kinds if isinstance(value, types)), None)
    if kind is not None:  # written-out data: what game.action reads
        return MalformedAction(
            f"{game_id}: apply was given {kind}, {shown}, not an action: parse it first with game.action({shown})"
        )
    return MalformedAction(f"{game_id}: apply was given a {type(value).__name__}, {shown}, not a {game_id} action")


def make_config(
    info: GameInfo,
    spec: Spec,
    players: int,
    modules: Sequence[str] = (),
    readings: Mapping[str, str] | None = None,
) -> Config:
    """Check a configuration against a game's properties and spec; fill in default readings."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in info.player_counts:
        counts = ", ".join(map(str, info.player_counts))
        raise InvalidConfig(f"{info.id}: {players!r} players is not supported (supported: {counts})")
    chosen = set(modules) | set(info.required_modules.get(players, ()))
    for module in sorted(chosen):
        if module not in info.modules:
            known = ", ".join(info.modules) or "none"
            raise InvalidConfig(f"{info.id}: unknown module {module!r} (modules: {known})")
    readings = dict(readings or {})
    resolved: list[tuple[str, str]] = []
    for amb_id in sorted(readings):
        if amb_id not in spec.ambiguities:
            raise InvalidConfig(f"{info.id}: unknown ambiguity {amb_id!r} (see `nilerules rules {info.id}`)")
    for amb_id, amb in sorted(spec.ambiguities.items()):
        choice = readings.get(amb_id, amb.default)
        if choice not in amb.reading_names():
            options = ", ".join(amb.reading_names())
            raise InvalidConfig(f"{info.id}: unknown reading {choice!r} for {amb_id!r} (readings: {options})")
        resolved.append((amb_id, choice))
    return Config(info.id, players, tuple(sorted(chosen)), tuple(resolved))


POSITION_CONFIG_KEYS = ("players", "modules", "readings")
"""The keys of a position document's ``config`` table (docs/positions.md)."""


def position_config(game: Game[Any, Any], data: Mapping[str, Any], given: Config | None = None) -> Config:
    """The configuration a position document's ``config`` table names (players, modules, readings).

    A key left out is ``given``'s, or without ``given`` the fewest players, no modules, the spec's default readings.
    With ``given`` (the caller's configuration: ``game.position(config, doc)``), a table that names another
    configuration is a PositionError naming the first key that disagrees: a document is never built under a
    configuration other than the one it states. A malformed table is a PositionError, an unknown value InvalidConfig.
    """
    if not isinstance(data, Mapping):
        raise PositionError("", f"expected a table of position keys, got {type(data).__name__}")
    raw = data.get("config", {})
    if not isinstance(raw, dict):
        raise PositionError("config", f"expected a table, got {_short(raw)}")
    unknown = sorted(set(raw) - set(POSITION_CONFIG_KEYS))
    if unknown:
        raise PositionError(f"config.{_short(unknown[0], 40)}", f"unknown key ({', '.join(POSITION_CONFIG_KEYS)})")
    players = raw.get("players", game.info.player_counts[0] if given is None else given.players)
    modules = raw.get("modules", [] if given is None else list(given.modules))
    readings = raw.get("readings", {})
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise PositionError("config.modules", f"expected a list of module names, got {_short(modules)}")
    if not isinstance(readings, dict) or not all(isinstance(v, str) for v in readings.values()):
        raise PositionError("config.readings", f"expected a table of readings, got {_short(readings)}")
    if given is None:
        return game.config(players, modules, readings)
    written = game.config(players, modules, {**given.readings_dict(), **readings})
    if written.players != given.players:
        raise PositionError("config.players", f"the document is for {written.players} players, the configuration "
                                              f"given for {given.players}")
    if written.modules != given.modules:
        raise PositionError("config.modules", f"the document names the modules {list(written.modules)!r}, the "
                                              f"configuration given {list(given.modules)!r}")
    for ambiguity, reading in written.readings:
        if reading != given.reading(ambiguity):
            raise PositionError(f"config.readings.{ambiguity}", f"the document reads {reading!r}, the configuration "
                                                                f"given {given.reading(ambiguity)!r}")
    return given


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_state(game: Any, state: Any) -> Any:
    """Validate a state read from outside (a file, a hand-written position) before anything scores it.

    Its configuration must be one the game supports under its spec (players, modules, known readings), and it must
    keep every invariant of the game; otherwise :class:`InvalidState` names the first problem. Returns ``state``.
    """
    try:
        config = game.state_config(state)
        remade = make_config(game.info, game.spec, config.players, config.modules, dict(config.readings))
    except InvalidConfig as exc:
        raise InvalidState(f"the state's configuration is not valid: {exc}") from None
    if remade != config:
        raise InvalidState(f"the state's configuration does not name every reading: {config.readings!r}"[:300])
    carried = getattr(state, "params", None)
    if carried is not None and carried != getattr(game.setup(config), "params", None):
        # a state carries the numbers of the rules it was played under; they must be this spec's (and so in bounds)
        raise InvalidState(
            f"the state's rule parameters differ from {game.spec.path.rsplit('/', 1)[-1]}'s: pass the --spec it was "
            "played under"
        )
    try:
        broken = tuple(game.invariants(state))
    except (LookupError, TypeError, ValueError, ArithmeticError) as exc:  # shapes the invariants cannot even read
        raise InvalidState(f"the state is malformed ({type(exc).__name__} while checking its invariants)") from None
    if broken:
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        raise InvalidState(f"the state breaks an invariant of {game.info.id}: {broken[0]}{more}"[:300])
    return state


def check_state_data(game: Any, data: Any) -> None:
    """Before decoding a state's JSON: its ``config`` must be valid for the game, and any rule parameters it carries
    (``params``) must be the ones this spec gives for that config — decoding builds tables from them, so a state file
    with a huge ``river_spaces`` would otherwise cost unbounded work. Raises :class:`InvalidState`."""
    from nilerules.errors import NileRulesError

    if not isinstance(data, dict) or "config" not in data:
        raise InvalidState(f"not a {game.info.id} state: no 'config'")
    try:
        config = from_data(Config, data["config"], "$.config")
        config = make_config(game.info, game.spec, config.players, config.modules, dict(config.readings))
    except NileRulesError as exc:
        raise InvalidState(f"the state's configuration is not valid: {exc}") from None
    if "params" in data:
        expected = game.state_to_data(game.setup(config))
        if not isinstance(expected, dict) or data["params"] != expected.get("params"):
            raise InvalidState(
                f"the state's rule parameters differ from {game.spec.path.rsplit('/', 1)[-1]}'s: pass the --spec it "
                "was played under"
            )

"""A situation read from a document: a play log (its final state), a state, or a written position (docs/positions.md).

``situation`` tells the three apart and builds the state, checked by the game's invariants; ``build_position``
builds a written position under a given configuration (``query GAME legal`` builds the same position under each
reading). The command line reads and parses the file; everything after the parse lives here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from nilerules.core.game import check_state, check_state_data
from nilerules.core.log import LOG_FORMAT, log_from_json, replay
from nilerules.core.types import Config
from nilerules.errors import InvalidState, NileRulesError, PositionError

SituationKind = Literal["log", "state", "position"]
CONFIG_KEYS = ("players", "modules", "readings")
"""The keys of a position's ``[config]`` table."""
DECODE_ERRORS = (LookupError, TypeError, ValueError, ArithmeticError, RecursionError)
"""What decoding a hostile document may raise inside a game's own decoder; at the edge each is bad input."""


@dataclass(frozen=True, slots=True)
class Situation:
    """A state read from a document, with the position that describes it."""

    kind: SituationKind
    state: Any
    config: Config
    """The configuration the state is built under (the position's ``[config]`` table, or the state's own)."""
    written: Mapping[str, Any] | None
    """The position's own keys as written (everything but ``[config]``); None for a log or a state."""

    def body(self, game: Any) -> Mapping[str, Any]:
        """The position's own keys: as written, or else the state written with names (``game.position_data``);
        empty for a game without a position format. InvalidState when the state cannot be written."""
        if self.written is not None:
            return self.written
        if not hasattr(game, "position_data"):
            return {}
        try:
            data = game.position_data(self.state)
        except DECODE_ERRORS as exc:
            raise InvalidState(f"the state cannot be written as a position ({type(exc).__name__})") from None
        return {k: v for k, v in data.items() if k != "config"} if isinstance(data, dict) else {}


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def position_config(game: Any, data: Mapping[str, Any]) -> Config:
    """The configuration a position's ``[config]`` table names (players, modules, readings; each may be left out:
    the fewest players, no modules, the spec's default readings)."""
    raw = data.get("config", {})
    if not isinstance(raw, dict):
        raise PositionError("config", f"expected a table, got {_short(raw)}")
    unknown = sorted(set(raw) - set(CONFIG_KEYS))
    if unknown:
        raise PositionError(f"config.{_short(unknown[0], 40)}", f"unknown key ({', '.join(CONFIG_KEYS)})")
    players = raw.get("players", game.info.player_counts[0])
    modules = raw.get("modules", [])
    readings = raw.get("readings", {})
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise PositionError("config.modules", f"expected a list of module names, got {_short(modules)}")
    if not isinstance(readings, dict) or not all(isinstance(v, str) for v in readings.values()):
        raise PositionError("config.readings", f"expected a table of readings, got {_short(readings)}")
    config: Config = game.config(players, modules, readings)
    return config


def build_position(game: Any, config: Config, body: Mapping[str, Any], source: str = "the document") -> Any:
    """The state a written position describes under ``config``, checked by the game's invariants (a PositionError
    names a bad key; InvalidState a broken invariant or a shape the game's builder cannot read)."""
    try:
        state = game.position(config, body)
    except NileRulesError:
        raise
    except DECODE_ERRORS as exc:
        raise InvalidState(f"{source}: not a {game.info.id} position ({type(exc).__name__})") from None
    return check_state(game, state)


def situation(game: Any, data: Any, text: str, source: str) -> Situation:
    """What a parsed document holds: a play log (``format`` key: replayed to its end), a state (``type`` key) or a
    written position (anything else, for a game with a position format). ``text`` is the document as read (a log is
    decoded from it); ``source`` names it in messages."""
    if not isinstance(data, dict):
        raise InvalidState(f"{source}: expected a play log, a state or a position (a JSON object or TOML table)")
    if data.get("format") == LOG_FORMAT:
        state = replay(game, log_from_json(text))
        return Situation("log", state, game.state_config(state), None)
    if "type" in data:
        check_state_data(game, data)
        try:
            state = game.state_from_data(data)
        except NileRulesError:
            raise
        except DECODE_ERRORS as exc:
            raise InvalidState(f"{source}: not a {game.info.id} state ({type(exc).__name__})") from None
        check_state(game, state)
        return Situation("state", state, game.state_config(state), None)
    if not hasattr(game, "position"):
        raise InvalidState(f"{source}: not a play log or a {game.info.id} state (no 'format' or 'type' key)")
    config = position_config(game, data)
    body = {k: v for k, v in data.items() if k != "config"}
    return Situation("position", build_position(game, config, body, source), config, body)

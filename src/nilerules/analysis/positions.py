"""A situation read from a document: a play log (its final state), a state, or a written position (docs/positions.md).

``situation`` tells the three apart and builds the state, checked by the game's invariants; ``build_position``
builds a written position under a given configuration (``query GAME legal`` builds the same position under each
reading). The command line reads and parses the file; everything after the parse lives here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from nilerules.core.game import POSITION_CONFIG_KEYS, check_state, check_state_data
from nilerules.core.game import position_config as core_position_config
from nilerules.core.log import LOG_FORMAT, log_from_json, replay
from nilerules.core.types import Config
from nilerules.errors import InvalidConfig, InvalidState, MalformedAction, NileRulesError, PositionError, ReplayError

SituationKind = Literal["log", "state", "position"]
CONFIG_KEYS = POSITION_CONFIG_KEYS
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


def position_config(game: Any, data: Mapping[str, Any]) -> Config:
    """The configuration a position's ``[config]`` table names (players, modules, readings; each may be left out:
    the fewest players, no modules, the spec's default readings): ``core.game.position_config``."""
    return core_position_config(game, data)


def build_position(game: Any, config: Config, body: Mapping[str, Any], source: str | None = None) -> Any:
    """The state a written position describes under ``config``, checked by the game's invariants (a PositionError
    names a bad key; InvalidState a broken invariant or a shape the game's builder cannot read, after ``source``
    when given)."""
    try:
        state = game.position(config, body)
    except NileRulesError:
        raise
    except DECODE_ERRORS as exc:
        where = f"{source}: " if source else ""
        raise InvalidState(f"{where}not a {game.info.id} position ({type(exc).__name__})") from None
    return check_state(game, state)


def situation(game: Any, data: Any, text: str, source: str) -> Situation:
    """What a parsed document holds: a play log (``format`` key: replayed to its end), a state (``type`` key) or a
    written position (anything else, for a game with a position format). ``text`` is the document as read (a log is
    decoded from it); ``source`` names it first in every error (the file on the command line, as the README says)."""
    try:
        return _situation(game, data, text)
    except PositionError as exc:
        raise PositionError(exc.key, exc.what, source) from None
    except (InvalidState, InvalidConfig, ReplayError, MalformedAction) as exc:
        raise type(exc)(f"{source}: {exc}") from None


def _situation(game: Any, data: Any, text: str) -> Situation:
    if not isinstance(data, dict):
        raise InvalidState("expected a play log, a state or a position (a JSON object or TOML table)")
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
            raise InvalidState(f"not a {game.info.id} state ({type(exc).__name__})") from None
        check_state(game, state)
        return Situation("state", state, game.state_config(state), None)
    if not hasattr(game, "position"):
        raise InvalidState(f"not a play log or a {game.info.id} state (no 'format' or 'type' key)")
    config = position_config(game, data)
    body = {k: v for k, v in data.items() if k != "config"}
    return Situation("position", build_position(game, config, body), config, body)

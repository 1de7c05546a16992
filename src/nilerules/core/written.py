"""Actions as people write them: the short text form of docs/positions.md, shown by ``str`` and ``repr`` and read by
``game.action``.

An action's JSON (``game.action_to_data``) is a bare name (``"done"``) or a small table with names
(``{"set": "fish", "onto": 0}``). ``text(data)`` writes it as docs/positions.md does, a TOML inline value without the
quotes around a bare name (``done``, ``{set = "fish", onto = 0}``); ``parse(text)`` reads that back, or JSON text as
the logs write it (``{"take": 0}``, ``"done"``). Which data is an action of which game stays the game's question
(``action_from_data``): nothing here knows a game.
"""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from nilerules.core import jsonio
from nilerules.errors import MalformedAction

MAX_TEXT: Final = 2000
"""Longest written action read (the longest real one, Ra's deal of five disk sets, is under 100 characters)."""
_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")


def text(data: Any) -> str:
    """``data`` (an action's JSON) in the short form of docs/positions.md: a bare name as it is, a table as a TOML
    inline table (``{take = 0}``), lists and strings inside as TOML writes them."""
    if isinstance(data, str) and _BARE_KEY.fullmatch(data):
        return data
    return _value(data)


def _value(data: Any) -> str:
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, str):
        return json.dumps(data, ensure_ascii=False)
    if isinstance(data, Mapping):
        items = ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in data.items())
        return "{" + items + "}" if items else "{}"
    if isinstance(data, Sequence):
        return "[" + ", ".join(_value(v) for v in data) + "]"
    return str(data)


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else json.dumps(name, ensure_ascii=False)


def shown(action: object, data: Any) -> str:
    """The ``repr`` of an action whose JSON is ``data``: its class and its written form, ``<Take {take = 0}>``."""
    return f"<{type(action).__name__} {text(data)}>"


def named(action: object, to_data: Callable[[Any], Any], from_data: Callable[[Any], Any]) -> str | None:
    """``str`` of a game's action: the written form of its JSON (``to_data``), or None when its codes name nothing
    (an action built by hand, ``Bid(0)``: ``to_data`` fails or writes a name that ``from_data`` reads back as
    another action). Never raises, since a ``repr`` must not."""
    try:
        data = to_data(action)
        if from_data(data) != action:
            return None
    except (LookupError, TypeError, ValueError, AttributeError, MalformedAction):
        return None
    return text(data)


def fields(action: object) -> str:
    """The dataclass form with the rules' codes (``Bid(disk=0)``), for an action whose codes name nothing."""
    shown_fields = dataclasses.fields(action) if dataclasses.is_dataclass(action) else ()
    values = ", ".join(f"{f.name}={getattr(action, f.name)!r}" for f in shown_fields)
    return f"{type(action).__name__}({values})"


def parse(written: str) -> Any:
    """The JSON data of a written action: JSON text (``{"take": 0}``, ``"done"``), a TOML inline value as
    docs/positions.md writes it (``{take = 0}``), or else a bare name (``done``) as the string itself.

    MalformedAction (naming the text) when it is longer than ``MAX_TEXT`` or looks like a table or a list that
    neither JSON nor TOML reads."""
    stripped = written.strip()
    if len(stripped) > MAX_TEXT:
        raise MalformedAction(f"an action written in {len(stripped)} characters (at most {MAX_TEXT})")

    def refuse(message: str) -> Exception:
        return MalformedAction(message)

    try:
        return jsonio.loads(stripped, repr(stripped[:60]), refuse)
    except MalformedAction:
        pass
    try:
        return tomllib.loads(f"value = {stripped}")["value"]
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        pass
    if stripped[:1] in ("{", "[", '"'):
        raise MalformedAction(f"{_short(stripped)} is neither JSON nor a TOML inline value (docs/positions.md)")
    return stripped


def _short(value: str, limit: int = 80) -> str:
    shown_text = repr(value)
    return shown_text if len(shown_text) <= limit else shown_text[: limit - 4] + "...'"


__all__ = ["MAX_TEXT", "fields", "named", "parse", "shown", "text"]

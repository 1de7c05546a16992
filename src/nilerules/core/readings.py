"""How the rules read the chosen readings: one record per game, one field per ambiguity, looked up once per config.

Each game declares, in its ``params.py``, a ``Readings`` NamedTuple whose fields are the ambiguity ids of its spec (in
the spec's order) holding the chosen reading's name, and a ``readings_of(config)`` built on :func:`record`. The rules
branch on a field (``if readings_of(state.config).final_tie == "last_round": ...``), so a reading reaches the rules
in one way in every game and a search for ``.final_tie`` lists every rule that the reading changes.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from nilerules.core.types import Config

R = TypeVar("R", bound=tuple[str, ...])

_BY_READINGS: Final[dict[tuple[type, tuple[tuple[str, str], ...]], Any]] = {}
_BY_CONFIG: Final[dict[int, tuple[Config, type, Any]]] = {}
"""By the config's identity (the entry holds the config, so its identity is not reused while the entry is here)."""
_LIMIT: Final = 4096


def record(config: Config, cls: type[R]) -> R:
    """``cls`` (a NamedTuple class whose fields are ambiguity ids) filled with ``config``'s readings; the same object
    for every config with the same readings. A KeyError names a field that the config does not choose."""
    entry = _BY_CONFIG.get(id(config))
    if entry is not None and entry[0] is config and entry[1] is cls:
        cached: R = entry[2]
        return cached
    key = (cls, config.readings)
    known = _BY_READINGS.get(key)
    if known is None:
        fields: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009 (a NamedTuple class attribute)
        known = cls(*(config.reading(name) for name in fields))
        _BY_READINGS[key] = known
    found: R = known
    if len(_BY_CONFIG) >= _LIMIT:
        _BY_CONFIG.clear()
    _BY_CONFIG[id(config)] = (config, cls, found)
    return found


def fields_match(cls: type[tuple[str, ...]], ambiguity_ids: tuple[str, ...] | list[str]) -> list[str]:
    """Problems between a ``Readings`` record and a spec's ambiguity ids (a game's test asserts there are none)."""
    fields: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009 (a NamedTuple class attribute)
    problems = [f"no field for the ambiguity {a!r}" for a in ambiguity_ids if a not in fields]
    problems += [f"the field {f!r} names no ambiguity of the spec" for f in fields if f not in ambiguity_ids]
    return problems

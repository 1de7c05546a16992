"""How the rules read the chosen readings: one record per game, one field per ambiguity, looked up once per config.

Each game declares, in its ``params.py``, a ``Readings`` NamedTuple whose fields are the ambiguity ids of its spec (in
the spec's order) holding the chosen reading's name, each typed ``Literal`` of that ambiguity's reading names (so mypy
rejects a comparison with a name that is no reading; :func:`fields_match` holds the record to the spec), and a
``readings_of(config)`` built on :func:`record`. The rules branch on a field (``if readings_of(state.config).final_tie
== "last_round": ...``), so a reading reaches the rules in one way in every game and a search for ``final_tie`` lists
every rule that the reading changes. Where the hot path tests a bool instead, the bool is derived once per config and
named ``<ambiguity id>_<reading>`` (Ra's ``RaParams.pharaoh_all_tie_share``, Nile Artefacts'
``Ctx.pair_mix_both_types``), so the same search finds it.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, Final, Literal, Protocol, TypeVar

from nilerules.core.types import Config

R = TypeVar("R", bound=tuple[str, ...])
N = TypeVar("N", bound=str)

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


def one_of(names: tuple[N, ...], name: str) -> N:
    """``name`` as one of ``names``, an ambiguity's reading names typed as its ``Literal`` (a game's params give them,
    ``typing.get_args`` of the alias): how a reading name read from the spec reaches a helper of the rules typed by
    that ``Literal``. A ValueError names a name that is none of them."""
    for known in names:
        if known == name:
            return known
    raise ValueError(f"{name!r} is not one of the readings {', '.join(names)}")


class _Ambiguity(Protocol):
    """What :func:`fields_match` reads of a spec's ambiguity (``specs.Ambiguity``)."""

    def reading_names(self) -> tuple[str, ...]: ...


def fields_match(cls: type[tuple[str, ...]], ambiguities: Mapping[str, _Ambiguity]) -> list[str]:
    """Problems between a ``Readings`` record and a spec's ambiguities (by id; a game's test asserts there are none):
    one field per ambiguity, each typed ``Literal`` of exactly the names of that ambiguity's readings (the spec is the
    authority), so that mypy's strict equality rejects a comparison with a name that is no reading."""
    fields: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009 (a NamedTuple class attribute)
    problems = [f"no field for the ambiguity {a!r}" for a in ambiguities if a not in fields]
    problems += [f"the field {f!r} names no ambiguity of the spec" for f in fields if f not in ambiguities]
    hints = typing.get_type_hints(cls)
    for name in (f for f in fields if f in ambiguities):
        hint = hints[name]
        if typing.get_origin(hint) is not Literal:
            problems.append(f"the field {name!r} is typed {hint!r}, not a Literal of its readings")
            continue
        typed: tuple[str, ...] = typing.get_args(hint)
        spec = ambiguities[name].reading_names()
        missing = [r for r in spec if r not in typed]
        unknown = [r for r in typed if r not in spec]
        if missing:
            problems.append(f"the field {name!r} lacks the readings {missing!r} of the spec")
        if unknown:
            problems.append(f"the field {name!r} names readings the spec lacks: {unknown!r}")
    return problems

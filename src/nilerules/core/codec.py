"""Canonical JSON for states, actions and logs, driven by type hints.

Supported: ``int``, ``str``, ``bool``, ``None``, ``Fraction`` (as ``"n/d"``), enums (by value), ``tuple[X, ...]``,
fixed ``tuple[X, Y]``, ``frozenset[X]`` (sorted by its encoding), frozen dataclasses (tagged with ``"type"``) and
unions of them. Encoding is deterministic: keys are sorted and nothing depends on hash order.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from nilerules.errors import MalformedAction

JSON = Any
T = TypeVar("T")


def to_data(value: Any) -> JSON:
    """Encode a value into plain JSON data."""
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    if isinstance(value, frozenset):
        items = [to_data(v) for v in value]
        return sorted(items, key=dumps)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JSON] = {"type": type(value).__name__}
        for f in _fields(type(value)):
            out[f.name] = to_data(getattr(value, f.name))
        return out
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {value!r} as JSON")


def dumps(data: JSON) -> str:
    """Canonical JSON text: sorted keys, no spaces, ASCII only."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def encode(value: Any) -> str:
    return dumps(to_data(value))


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


@cache
def _hints(cls: type) -> dict[str, Any]:
    module = __import__(cls.__module__, fromlist=["_"])
    return typing.get_type_hints(cls, vars(module))


def from_data(tp: Any, data: JSON, where: str = "$") -> Any:
    """Decode ``data`` as type ``tp``; a mismatch raises MalformedAction naming the JSON path."""

    def fail(what: str) -> typing.NoReturn:
        raise MalformedAction(f"{where}: {what}, got {data!r}"[:300])

    if tp is Any:
        return data
    origin = get_origin(tp)
    if tp is type(None) or tp is None:
        if data is not None:
            fail("expected null")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            fail("expected a boolean")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            fail("expected an integer")
        return data
    if tp is str:
        if not isinstance(data, str):
            fail("expected a string")
        return data
    if tp is Fraction:
        if not isinstance(data, str):
            fail("expected a fraction 'n/d'")
        try:
            return Fraction(data)
        except (ValueError, ZeroDivisionError):
            fail("expected a fraction 'n/d'")
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(data)
        except ValueError:
            fail(f"expected one of {[m.value for m in tp]}")
    if origin is Literal:
        if data not in get_args(tp):
            fail(f"expected one of {list(get_args(tp))}")
        return data
    if origin in (Union, types.UnionType):
        options = get_args(tp)
        if isinstance(data, dict) and "type" in data:
            for option in options:
                if isinstance(option, type) and option.__name__ == data["type"]:
                    return from_data(option, data, where)
        for option in options:
            try:
                return from_data(option, data, where)
            except MalformedAction:
                continue
        fail(f"expected one of {[getattr(o, '__name__', repr(o)) for o in options]}")
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(data, list):
            fail("expected an array")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            fail(f"expected an array of {len(args)}")
        return tuple(from_data(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True)))
    if origin is frozenset:
        if not isinstance(data, list):
            fail("expected an array")
        (arg,) = get_args(tp)
        return frozenset(from_data(arg, v, f"{where}[{i}]") for i, v in enumerate(data))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            fail(f"expected an object of type {tp.__name__}")
        if data.get("type") != tp.__name__:
            fail(f"expected type {tp.__name__!r}")
        hints = _hints(tp)
        names = {f.name for f in _fields(tp)}
        extra = set(data) - names - {"type"}
        if extra:
            fail(f"unknown fields {sorted(extra)}")
        kwargs = {}
        for f in _fields(tp):
            if f.name not in data:
                fail(f"missing field {f.name!r}")
            kwargs[f.name] = from_data(hints[f.name], data[f.name], f"{where}.{f.name}")
        try:
            return tp(**kwargs)
        except (TypeError, ValueError) as exc:
            fail(f"invalid {tp.__name__}: {exc}")
    raise TypeError(f"cannot decode type {tp!r}")


def decode(tp: type[T] | Any, text: str) -> Any:
    from nilerules.core import jsonio

    return from_data(tp, jsonio.loads(text, "JSON", MalformedAction))

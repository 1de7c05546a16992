"""Reading JSON from outside (states, logs, positions, baselines) with limits on size, nesting depth and integers.

``json.loads`` alone lets a few bytes of input cost unbounded work or escape as the wrong exception: a document nested
100,000 deep raises ``RecursionError``, an integer of thousands of digits hits Python's int-string limit
(``ValueError``), and ``NaN`` / ``Infinity`` are accepted. Here each of those is the caller's one-line error.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from nilerules.specs import not_regular

MAX_BYTES: Final = 32_000_000
"""Largest JSON document read (a long logged game is well under 1 MB; a full findings.json a few hundred kB)."""
MAX_DEPTH: Final = 64
"""Deepest nesting of arrays and objects (states and logs need fewer than 10 levels)."""
MAX_INT_DIGITS: Final = 30
"""Longest integer literal, in digits (every number nilerules writes fits in 64 bits)."""

ErrorFactory = Callable[[str], Exception]


class _Refused(Exception):
    """Internal: a literal the limits refuse (turned into the caller's error)."""


def _parse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise _Refused(f"an integer of {len(digits)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 64:
        raise _Refused(f"a number literal of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"a number out of range ({text[:20]!r})")
    return value


def _parse_constant(text: str) -> float:
    raise _Refused(f"{text} (not JSON)")


def _depth(data: Any) -> int:
    """Nesting depth of parsed JSON, without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in value)
    return deepest


def loads(text: str, source: str, error: ErrorFactory) -> Any:
    """Parse ``text`` (from ``source``, named in messages) within the limits; any problem is ``error(message)``."""
    if len(text) > MAX_BYTES:
        raise error(f"{source}: larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except _Refused as exc:
        raise error(f"{source}: refused {exc}") from None
    except json.JSONDecodeError as exc:
        raise error(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except RecursionError:
        raise error(f"{source}: nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # a limit of the parser itself
        raise error(f"{source}: not valid JSON ({str(exc)[:100]})") from None
    if _depth(data) > MAX_DEPTH:
        raise error(f"{source}: nested deeper than {MAX_DEPTH} levels")
    return data


def read_text(path: str | Path, error: ErrorFactory, max_bytes: int = MAX_BYTES) -> str:
    """A UTF-8 text file of at most ``max_bytes`` bytes; a missing, unreadable, huge or non-UTF-8 file is ``error``."""
    name = repr(str(path))[:200]
    try:
        kind = not_regular(Path(path))
        if kind:
            raise error(f"cannot read {name}: {kind}, not a regular file")
        with Path(path).open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise error(f"cannot read {name}: {exc.strerror or type(exc).__name__}") from None
    if len(raw) > max_bytes:
        raise error(f"cannot read {name}: larger than {max_bytes} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"cannot read {name}: not UTF-8 text") from None


def load_file(path: str | Path, error: ErrorFactory) -> Any:
    """Read and parse a JSON file within the limits."""
    return loads(read_text(path, error), repr(str(path))[:200], error)


__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS", "load_file", "loads", "read_text"]

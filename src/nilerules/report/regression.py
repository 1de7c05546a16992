"""The CI regression mode: compare a fresh analysis with a baseline findings.json, every field of every finding.

A baseline is comparable only when it was written by the same nilerules version with the same budget: figures from
seeded searches are then reproducible exactly, so any difference is a change in the rules, the readings or the
specs. ``differences`` walks the two documents and names each field that changed (finding, field, old -> new).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nilerules.errors import NileRulesError
from nilerules.report.json import FORMAT

_IDENTITIES = ("code", "detector", "name", "rule")
"""Keys that identify an item of a list, so lists of findings, detectors and readings are matched by identity."""

_CUT = 120


class BaselineError(NileRulesError, ValueError):
    """The baseline file is not a findings.json this version can read, or was written under other conditions."""


def load_baseline(doc: Any, path: str) -> Mapping[str, Any]:
    """Check that parsed JSON is a findings document (``doc`` comes from the bounded JSON reader)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BaselineError(f"{path}: not a {FORMAT} file")
    if not isinstance(doc.get("games"), dict):
        raise BaselineError(f"{path}: 'games' must be an object of games")
    return doc


def incompatibility(baseline: Mapping[str, Any], current: Mapping[str, Any]) -> str | None:
    """Why the two documents cannot be compared field by field (another version or budget), or None."""
    for key, what in (("nilerules", "nilerules version"), ("budget", "budget")):
        old, new = baseline.get(key), current.get(key)
        if old != new:
            return f"the baseline was written with {what} {_short(old)}, this run uses {_short(new)}"
    return None


def differences(baseline: Mapping[str, Any], current: Mapping[str, Any]) -> list[str]:
    """One line per field that differs: ``game:item: path: old -> new``, or an item that appeared or vanished.

    Only the games present in ``current`` are compared, so a check of one game ignores the others.
    """
    lines: list[str] = []
    old_games = baseline.get("games", {})
    for game_id, game in sorted(current.get("games", {}).items()):
        if game_id not in old_games:
            lines.append(f"{game_id}: new game (not in the baseline)")
            continue
        _walk(old_games[game_id], game, game_id, lines)
    return lines


def _walk(old: Any, new: Any, where: str, lines: list[str]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            path = f"{where}.{key}"
            if key not in new:
                lines.append(f"{path}: gone (was {_short(old[key])})")
            elif key not in old:
                lines.append(f"{path}: new ({_short(new[key])})")
            else:
                _walk(old[key], new[key], path, lines)
        return
    if isinstance(old, list) and isinstance(new, list):
        identity = _identity(old, new)
        if identity is None:
            flat = not any(isinstance(i, dict | list) for i in [*old, *new])
            if flat or len(old) != len(new):
                if old != new or [type(i) for i in old] != [type(i) for i in new]:
                    lines.append(f"{where}: {_short(old)} -> {_short(new)}")
                return
            if len(old) != len(new):
                lines.append(f"{where}: {_short(old)} -> {_short(new)}")
                return
            for index, (a, b) in enumerate(zip(old, new, strict=True)):
                _walk(a, b, f"{where}[{index}]", lines)
            return
        olds, news = _keyed(old, identity), _keyed(new, identity)
        for key in [*olds, *(k for k in news if k not in olds)]:
            path = f"{where}:{key}" if identity in ("code", "detector") else f"{where}[{key}]"
            if key not in news:
                lines.append(f"{path}: gone")
            elif key not in olds:
                lines.append(f"{path}: new")
            else:
                _walk(olds[key], news[key], path, lines)
        return
    if old != new or type(old) is not type(new):
        lines.append(f"{where}: {_short(old)} -> {_short(new)}")


def _identity(old: Sequence[Any], new: Sequence[Any]) -> str | None:
    items = [*old, *new]
    if not items or not all(isinstance(i, dict) for i in items):
        return None
    for key in _IDENTITIES:
        values = [i.get(key) for i in items]
        if all(isinstance(v, str) for v in values) and all(
            len({i[key] for i in side}) == len(side) for side in (old, new)
        ):
            return key
    return None


def _keyed(items: Sequence[Mapping[str, Any]], identity: str) -> dict[str, Mapping[str, Any]]:
    return {str(i[identity]): i for i in items}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _CUT else text[: _CUT - 1] + "…"

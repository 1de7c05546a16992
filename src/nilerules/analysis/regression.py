"""The CI regression mode: compare a fresh analysis with a baseline findings.json."""

from __future__ import annotations

import json
from typing import Any

from nilerules.errors import NileRulesError
from nilerules.report.json import FORMAT, fingerprint


class BaselineError(NileRulesError, ValueError):
    """The baseline file is not a findings.json this version can read."""


def load_baseline(text: str, path: str) -> Any:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BaselineError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BaselineError(f"{path}: not a {FORMAT} file")
    return doc


def differences(baseline: Any, current: Any) -> list[str]:
    """One line per finding or detector whose verdict or summary changed, appeared or vanished.

    Only the games present in ``current`` are compared, so a check of one game ignores the others.
    """
    games = tuple(current.get("games", {}))
    old = {k: v for k, v in fingerprint(baseline).items() if k.split(":", 1)[0] in games}
    new = fingerprint(current)
    lines = []
    for key in sorted(set(old) | set(new)):
        if key not in new:
            lines.append(f"{key}: gone (was {old[key][0]})")
        elif key not in old:
            lines.append(f"{key}: new ({new[key][0]}: {new[key][1]})")
        elif old[key] != new[key]:
            was, now = old[key], new[key]
            what = f"{was[0]} -> {now[0]}" if was[0] != now[0] else "same verdict, different result"
            lines.append(f"{key}: {what}: {now[1]}")
    return lines

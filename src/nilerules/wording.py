"""The wording to paste, as data: the sentences a finding recommends, where they go, why, and the claims they make.

- ``wording`` is the text an editor pastes into the rulebook; ``placement`` says where it goes (what it replaces or
  follows); ``reason`` is a list of sentences saying why. Any of them may quote the documents, in typographic double
  quotes (“…”), verbatim.
- A sentence may carry figures through placeholders: ``{name}`` is a figure of the check's result (its ``data``),
  ``{params.name}`` a parameter of the spec. A sentence whose figure the result does not have is left out, so a
  sentence about a result is rendered from the result, and an edited spec changes it or removes it.
- ``claims`` are what the wording says must happen in a situation (a written position, or the finding's witness),
  checked against the model under the recommended reading by ``nilerules.analysis.claims`` (in a ``variant`` of the
  spec's parameters, for a wording placed only in a variant of the game).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

_FIELD = re.compile(r"^(params\.)?[a-z][a-z0-9_]*$")
CLAIM_AT: Final = ("witness", "position")
ClaimAt = Literal["witness", "position"]


def template_fields(text: str) -> tuple[str, ...]:
    """The placeholders of a sentence (``{name}`` or ``{params.name}``); ValueError names a malformed one."""
    names: list[str] = []
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise ValueError(f"a brace that opens no placeholder ({exc})") from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if spec or conversion or not _FIELD.match(name):
            raise ValueError(f"placeholder {{{name}}}: expected {{name}} or {{params.name}}, lower-case, no format")
        names.append(name)
    return tuple(names)


def render(text: str, data: Mapping[str, Any], params: Mapping[str, Any]) -> str | None:
    """The sentence with its placeholders filled from ``data`` (the check's figures) and ``params`` (the spec's
    values); None when one of its figures is missing (the sentence is then left out)."""
    values: dict[str, str] = {}
    for name in template_fields(text):
        source, key = (params, name.split(".", 1)[1]) if name.startswith("params.") else (data, name)
        if key not in source or isinstance(source[key], (dict, list)):
            return None
        values[name] = _words(source[key])
    out: list[str] = []
    for literal, field_name, _, _ in string.Formatter().parse(text):
        out.append(literal)
        if field_name is not None:
            out.append(values[field_name])
    return "".join(out)


def _words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True, slots=True)
class Expect:
    """What must hold in a claim's situation (each field optional; an empty Expect claims nothing and is refused)."""

    legal: tuple[Any, ...] = ()
    """Moves (JSON data with names, as ``game.action_to_data`` writes them) that must be legal there."""
    not_legal: tuple[Any, ...] = ()
    """Moves that must not be legal there."""
    to_move: str | None = None
    """Who moves next: ``"seat N"``, ``"chance"`` or ``"nobody"``."""
    phase: str | None = None
    """The ``phase`` of the position written with names (``game.position_data``)."""
    points: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """By seat (``"0"``, ``"1"``…), points by category of ``game.score_breakdown``."""
    scores: tuple[int, ...] | None = None
    """Every seat's score."""
    winners: tuple[int, ...] | None = None
    """The seats in first place (``game.ranking``), more than one when they share it."""

    def empty(self) -> bool:
        return not (
            self.legal or self.not_legal or self.to_move or self.phase or self.points or self.scores
            or self.winners is not None
        )


@dataclass(frozen=True, slots=True)
class Claim:
    """One thing the wording says must happen, in one situation, under the reading it recommends."""

    says: str
    """The words of the wording (or its placement or reason) that make this claim: a verbatim part of them."""
    at: ClaimAt
    """``witness``: the position the finding's witness reaches (its log replayed from setup, or its written
    position) under the reading; ``position``: the written ``position`` below."""
    expect: Expect
    reading: str = ""
    """The reading the wording adopts (default: the ambiguity's default)."""
    position: Mapping[str, Any] = field(default_factory=dict)
    """A position written with names (``docs/positions.md``); its config's readings are replaced by the reading's."""
    players: int = 0
    """The player count of a written position (required with ``at = "position"``)."""
    modules: tuple[str, ...] = ()
    actions: tuple[Any, ...] = ()
    """Moves (JSON data with names) played from the situation before the expectations are checked."""
    variant: Mapping[str, Any] = field(default_factory=dict)
    """Parameter name -> value (as in the spec's ``[params]``): the situation is built in the rules with these values
    instead of the spec's (for a wording placed only in a variant of the game)."""


def parse_claims(items: Any, key: str, add: Callable[[str, str], None]) -> tuple[Claim, ...]:
    """Claims from a spec's ``[[ambiguities.<id>.claims]]`` array; every problem goes to ``add(key, what)``."""
    if not isinstance(items, list):
        add(key, "expected an array of tables ([[...claims]])")
        return ()
    claims = []
    for index, item in enumerate(items):
        where = f"{key}[{index}]"
        if not isinstance(item, dict):
            add(where, "expected a table")
            continue
        known = {"says", "at", "expect", "reading", "position", "players", "modules", "actions", "variant"}
        for name in sorted(set(item) - known):
            add(f"{where}.{name}", "unknown key")
        says, at = item.get("says"), item.get("at", "witness")
        if not isinstance(says, str) or not says.strip():
            add(f"{where}.says", "expected the words of the wording this claim pins")
            says = ""
        if at not in CLAIM_AT:
            add(f"{where}.at", f"expected one of {', '.join(CLAIM_AT)}")
            at = "witness"
        position = item.get("position", {})
        players = item.get("players", 0)
        if at == "position" and (not isinstance(position, dict) or not position):
            add(f"{where}.position", "at = 'position' needs a written position")
        if at == "position" and (isinstance(players, bool) or not isinstance(players, int) or players < 1):
            add(f"{where}.players", "at = 'position' needs the player count")
            players = 0
        modules = item.get("modules", [])
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            add(f"{where}.modules", "expected a list of module names")
            modules = []
        actions = item.get("actions", [])
        if not isinstance(actions, list):
            add(f"{where}.actions", "expected a list of moves")
            actions = []
        reading = item.get("reading", "")
        if not isinstance(reading, str):
            add(f"{where}.reading", "expected a reading name")
            reading = ""
        variant = item.get("variant", {})
        if not isinstance(variant, dict):
            add(f"{where}.variant", "expected a table of parameter = value (as in the spec's [params])")
            variant = {}
        expect = _expect(item.get("expect"), f"{where}.expect", add)
        claims.append(Claim(says, at, expect, reading, position if isinstance(position, dict) else {},
                            players if isinstance(players, int) else 0, tuple(modules), tuple(actions), variant))
    return tuple(claims)


def _expect(item: Any, key: str, add: Callable[[str, str], None]) -> Expect:
    if not isinstance(item, dict):
        add(key, "expected a table of what must hold (legal, not_legal, to_move, phase, points, scores, winners)")
        return Expect()
    for name in sorted(set(item) - {"legal", "not_legal", "to_move", "phase", "points", "scores", "winners"}):
        add(f"{key}.{name}", "unknown key")
    legal, not_legal = item.get("legal", []), item.get("not_legal", [])
    for name, value in (("legal", legal), ("not_legal", not_legal)):
        if not isinstance(value, list):
            add(f"{key}.{name}", "expected a list of moves")
    to_move, phase = item.get("to_move"), item.get("phase")
    if to_move is not None and not (isinstance(to_move, str) and re.match(r"^(seat [0-9]|chance$|nobody$)", to_move)):
        add(f"{key}.to_move", "expected 'seat N', 'chance' or 'nobody'")
        to_move = None
    if phase is not None and not isinstance(phase, str):
        add(f"{key}.phase", "expected a phase name")
        phase = None
    points = item.get("points", {})
    if not isinstance(points, dict) or not all(
        isinstance(v, dict) and all(isinstance(n, int) and not isinstance(n, bool) for n in v.values())
        for v in points.values()
    ):
        add(f"{key}.points", "expected, by seat, a table of category = points")
        points = {}
    scores = item.get("scores")
    if scores is not None and not (isinstance(scores, list) and all(isinstance(s, int) for s in scores)):
        add(f"{key}.scores", "expected a list of scores")
        scores = None
    winners = item.get("winners")
    if winners is not None and not (
        isinstance(winners, list) and winners and all(isinstance(s, int) and not isinstance(s, bool) for s in winners)
    ):
        add(f"{key}.winners", "expected a non-empty list of seats")
        winners = None
    expect = Expect(
        tuple(legal) if isinstance(legal, list) else (),
        tuple(not_legal) if isinstance(not_legal, list) else (),
        to_move,
        phase,
        points,
        tuple(scores) if scores is not None else None,
        tuple(sorted(winners)) if winners is not None else None,
    )
    if expect.empty():
        add(key, "claims nothing: name at least one of legal, not_legal, to_move, phase, points, scores, winners")
    return expect

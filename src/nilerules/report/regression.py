"""The CI regression mode: compare a fresh analysis with a baseline findings.json, every field of every finding.

A baseline is comparable only when it was written by the same nilerules version with the same budget: figures from
seeded searches are then reproducible exactly, so any difference is a change in the rules, the readings or the
specs. :func:`compare` walks the two documents and sorts each field that changed into what a reader needs first:

1. ``inputs``: each game's params, readings (with the default) and rules version, old -> new: the cause;
2. ``findings``: each finding, detector or assumed datum that appeared, vanished, or whose class, verdict, default or
   recommendation changed: the consequence an editor acts on;
3. ``figures``: counts, and frequencies that moved beyond sampling noise (a frequency as ``hits/trials``);
4. ``details``: the rest: texts, interval bounds, witnesses and their logs, end positions;
5. ``noise``: what moved within sampling noise, which is not a change and does not fail a check: a frequency whose
   two 95 % Wilson intervals overlap (``analysis.montecarlo.moved``), and a finding's impact (its class, flags,
   texts and evidence, all derived from its counts) when none of the finding's frequencies moved beyond noise and
   its verdict, default and recommendation are unchanged.

Inputs, verdicts, witnesses and wording are compared exactly; only frequencies (and what derives from them) are
judged against sampling noise, since the same seeds under an edited spec play other games.

``differences`` gives every field as one line (``game.path: old -> new``), in the document's order.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from nilerules.analysis.montecarlo import MOVED_TEST, moved
from nilerules.checks.model import Budget
from nilerules.errors import NileRulesError
from nilerules.report.json import FORMAT
from nilerules.specs import differing_parts

_IDENTITIES = ("code", "detector", "name", "reading", "rule")
"""Keys that identify an item of a list, so lists of findings, detectors and readings are matched by identity."""

_CUT = 120

Section = Literal["inputs", "findings", "figures", "details", "noise"]
SECTIONS: Final[tuple[Section, ...]] = ("inputs", "findings", "figures", "details")
"""The sections of changes: any of them fails a check."""
NOISE: Final = "noise"
"""The section of what moved within sampling noise: listed, not a change."""
HEADINGS: Final[Mapping[Section, str]] = {
    "inputs": "inputs that changed",
    "findings": "findings whose class, verdict, default or recommendation changed (or that appeared or vanished)",
    "figures": f"figures that changed (a frequency only when it moved beyond sampling noise: {MOVED_TEST})",
    "details": "details that changed (texts, interval bounds, witnesses, end positions)",
    "noise": "within sampling noise, not a change (a frequency whose two 95 % Wilson intervals overlap; a finding's "
    "class and texts when none of its frequencies moved)",
}
HEADLINE_FIELDS: Final = ("class", "verdict", "default", "recommendation")
"""The fields of a finding, detector or assumed datum that the ``findings`` section reports."""
WITNESS_KEYS: Final = frozenset(
    {"witness", "witness_log", "witness_words", "witness_source", "end", "in_witness", "constructed", "depends_on"}
)
"""Keys whose contents describe a witness (a game, its log, its end position): compared, shown under details."""
BOUNDS: Final = frozenset({"low", "high", "rate"})
"""The keys of a frequency (``hits``, ``trials``, ``rate``, ``low``, ``high``) derived from its counts."""
TRIALS: Final = ("trials", "playouts")
"""The key that counts a frequency's trials beside ``hits`` (a detector counts ``playouts``)."""
BUDGET_BOUNDS: Final[Mapping[str, tuple[int, int]]] = {
    "playouts": (0, 100_000),
    "examples": (0, 100_000),
    "rlimit": (1, 1_000_000_000),
    "seed": (0, 2**63 - 1),
}
"""What a baseline's budget may ask for when `check` takes it from the baseline (500 times the default budget's
playouts and examples at most: every work-size input has an upper bound)."""
STRONG_BOUNDS: Final[Mapping[str, tuple[int, int]]] = {"strong_trials": (1, 10_000), "strong_simulations": (1, 100_000)}
"""The strong play a baseline's budget may ask for (both keys or neither: a budget without strong play has none)."""


class BaselineError(NileRulesError, ValueError):
    """The baseline file is not a findings.json this version can read, or cannot be compared with this run."""


def load_baseline(doc: Any, path: str) -> Mapping[str, Any]:
    """Check that parsed JSON is a findings document of this format (``doc`` comes from the bounded JSON reader)."""
    if not isinstance(doc, dict) or not str(doc.get("format", "")).startswith(FORMAT.split("/")[0] + "/"):
        raise BaselineError(f"{path}: not a findings.json (no 'format': {FORMAT!r})")
    if doc["format"] != FORMAT:
        raise BaselineError(
            f"{path}: written in format {doc['format']!r}, this nilerules writes {FORMAT!r} "
            "(write a new baseline with `nilerules report`)"
        )
    if not isinstance(doc.get("games"), dict):
        raise BaselineError(f"{path}: 'games' must be an object of games")
    return doc


def budget_of(baseline: Mapping[str, Any], path: str) -> Budget:
    """The budget a baseline was written with, each figure checked against :data:`BUDGET_BOUNDS`."""
    data = baseline.get("budget")
    keys = (set(BUDGET_BOUNDS), set(BUDGET_BOUNDS) | set(STRONG_BOUNDS))
    if not isinstance(data, dict) or set(data) not in keys:
        wanted = ", ".join(BUDGET_BOUNDS) + f" (and {' and '.join(STRONG_BOUNDS)}, or neither)"
        raise BaselineError(f"{path}: 'budget' must hold {wanted}, found {_short(data)}")
    for key, (low, high) in {**BUDGET_BOUNDS, **STRONG_BOUNDS}.items():
        value = data.get(key, low)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BaselineError(f"{path}: budget.{key} must be an integer in {low}..{high}, found {_short(value)}")
    strong = {"strong_trials": data.get("strong_trials", 0), "strong_simulations": data.get("strong_simulations", 1)}
    return Budget(
        playouts=data["playouts"], examples=data["examples"], rlimit=data["rlimit"], seed=data["seed"], **strong
    )


def incompatibility(baseline: Mapping[str, Any], current: Mapping[str, Any]) -> str | None:
    """Why the two documents cannot be compared field by field (another version or budget), or None."""
    for key, what in (("nilerules", "nilerules version"), ("budget", "budget")):
        old, new = baseline.get(key), current.get(key)
        if old != new:
            return f"the baseline was written with {what} {_short(old)}, this run uses {_short(new)}"
    return None


@dataclass(frozen=True, slots=True)
class Scope:
    """Which games a check compares, against which of the baseline's games."""

    games: tuple[str, ...]
    """The games analysed and compared, in the order of ``known``."""
    baseline_games: tuple[str, ...]
    """Every game the baseline holds, those of ``known`` first in that order."""

    @property
    def unchecked(self) -> tuple[str, ...]:
        """The baseline's games this check does not compare."""
        return tuple(g for g in self.baseline_games if g not in self.games)


def check_scope(baseline: Mapping[str, Any], asked: Sequence[str], known: Sequence[str], path: str) -> Scope:
    """The games to compare: ``asked`` (named with --game or --spec), else every game of the baseline.

    A game asked for that the baseline does not hold, or (when none is asked for) a baseline game this nilerules does
    not know, cannot be compared: a :class:`BaselineError`.
    """
    stored = [str(g) for g in baseline.get("games", {})]
    held = tuple([g for g in known if g in stored] + [g for g in stored if g not in known])
    if not held:
        raise BaselineError(f"{path}: the baseline holds no game")
    wanted = [g for g in known if g in asked] if asked else [g for g in known if g in held]
    missing = [g for g in (asked or held) if g not in held or g not in known]
    if missing:
        what = "this nilerules does not know" if not asked else "the baseline does not hold"
        them = "it" if len(missing) == 1 else "them"
        raise BaselineError(
            f"{path}: cannot compare {', '.join(missing)}: {what} {them} (the baseline holds {', '.join(held)})"
        )
    return Scope(tuple(wanted), held)


@dataclass(frozen=True, slots=True)
class Change:
    """One field that differs between the baseline and this run."""

    game: str
    item: str
    """What the field belongs to: ``params.god_points``, a finding's code, ``detector open_tie``, ``assumed X``."""
    field: str
    """The field inside the item (empty when the item itself appeared or vanished, or is the value)."""
    old: Any
    new: Any
    status: Literal["changed", "new", "gone"]
    section: Section

    def line(self) -> str:
        """The change as one line: ``game: item field old -> new``."""
        where = f"{self.game}: {self.item}" + (f" {self.field}" if self.field else "")
        if self.status == "new":
            return f"{where} new" + (f": {_show(self.new)}" if self.new is not None else "")
        if self.status == "gone":
            return f"{where} gone" + (f" (was {_show(self.old)})" if self.old is not None else "")
        old, new = _show(self.old, cut=False), _show(self.new, cut=False)
        if len(old) > _CUT or len(new) > _CUT:
            old, new = differing_parts(old, new)  # two long values cut alike would look the same: show where they part
        return f"{where} {old} -> {new}"

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "item": self.item,
            "field": self.field,
            "status": self.status,
            "old": self.old,
            "new": self.new,
            "section": self.section,
        }


@dataclass(frozen=True, slots=True)
class Comparison:
    """Every change between a baseline and this run, sorted into :data:`SECTIONS`, and what moved within sampling
    noise (:data:`NOISE`)."""

    scope: Scope
    changes: tuple[Change, ...]
    """Every field that differs, the noise included."""

    def section(self, name: Section) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.section == name)

    @property
    def failing(self) -> tuple[Change, ...]:
        """The changes that fail a check: every one but those within sampling noise."""
        return tuple(c for c in self.changes if c.section != NOISE)

    def lines(self, details: bool = False) -> list[str]:
        """The changes for people: the inputs first, then the findings, the figures, and (``details``) the rest;
        without ``details``, a line counts what it leaves out; last, what moved within sampling noise."""
        out = []
        if self.failing:
            for name in SECTIONS[:3] + (SECTIONS[3:] if details else ()):
                changes = self.section(name)
                out.append(f"{HEADINGS[name]}:" + ("" if changes else " none"))
                out += [f"  {c.line()}" for c in changes]
            hidden = len(self.section("details"))
            if hidden and not details:
                out.append(
                    f"and {hidden} more difference{'' if hidden == 1 else 's'} in texts, interval bounds, witnesses "
                    "and end positions (--details lists them)"
                )
        noise = self.section(NOISE)
        shown = [c for c in noise if details or c.field == "class" or _is_counts(c)]
        if noise:
            out.append(f"{HEADINGS[NOISE]}:")
            out += [f"  {c.line()}" for c in shown]
        if len(shown) < len(noise):
            hidden = len(noise) - len(shown)
            what = "text or flag that follows" if hidden == 1 else "texts and flags that follow"
            out.append(f"and {hidden} more {what} the figures within noise (--details lists them)")
        return out

    def to_data(self) -> dict[str, Any]:
        return {
            "games": list(self.scope.games),
            "baseline_games": list(self.scope.baseline_games),
            "not_checked": list(self.scope.unchecked),
            "differences": len(self.failing),
            **{name: [c.to_data() for c in self.section(name)] for name in SECTIONS},
            "moved_test": MOVED_TEST,
            "within_noise": [c.to_data() for c in self.section(NOISE)],
        }


def compare(baseline: Mapping[str, Any], current: Mapping[str, Any], scope: Scope) -> Comparison:
    """Every field that differs in the games of ``scope``, each sorted into its section."""
    old_games, new_games = baseline.get("games", {}), current.get("games", {})
    changes: list[Change] = []
    for game_id in scope.games:
        if game_id not in new_games:
            raise ValueError(f"{game_id!r} was not analysed")  # scope comes from check_scope: a bug, not input
        game = [
            _change(game_id, leaf) for leaf in _leaves(old_games.get(game_id, {}), new_games[game_id], ())
        ]
        explained = any(c.section == "inputs" and c.item.startswith(("params.", "readings.")) for c in game)
        game = [c if c.item != "spec data" or not explained else _as(c, "details") for c in game]
        changes += _once(_impact_noise(game))
    order = {name: i for i, name in enumerate((*SECTIONS, NOISE))}
    return Comparison(scope, tuple(sorted(changes, key=lambda c: order[c.section])))


def _impact_noise(changes: list[Change]) -> list[Change]:
    """A finding's impact (class, flags, texts, evidence: all derived from its counts) as noise when none of the
    finding's frequencies moved beyond noise and its verdict, default and recommendation did not change."""
    moved_items = {
        c.item for c in changes
        if (c.section == "findings" and c.field != "class") or (c.section == "figures" and _is_counts(c))
    }
    return [
        _as(c, NOISE)
        if c.item not in moved_items and c.section != NOISE and (c.field == "class" or c.field.startswith("impact."))
        else c
        for c in changes
    ]


def _is_counts(c: Change) -> bool:
    return all(isinstance(v, dict) and set(v) == {"hits", "trials"} for v in (c.old, c.new))


def differences(baseline: Mapping[str, Any], current: Mapping[str, Any]) -> list[str]:
    """One line per field that differs: ``game.item: path: old -> new``, or an item that appeared or vanished.

    Only the games present in ``current`` are compared, so a check of one game ignores the others.
    """
    lines: list[str] = []
    old_games = baseline.get("games", {})
    for game_id, game in sorted(current.get("games", {}).items()):
        if game_id not in old_games:
            lines.append(f"{game_id}: new game (not in the baseline)")
            continue
        for leaf in _leaves(old_games[game_id], game, ()):
            where = game_id + "".join(_segment(s) for s in leaf.path)
            if leaf.status == "gone":
                lines.append(f"{where}: gone" + (f" (was {_short(leaf.old)})" if leaf.keyed else ""))
            elif leaf.status == "new":
                lines.append(f"{where}: new" + (f" ({_short(leaf.new)})" if leaf.keyed else ""))
            else:
                lines.append(f"{where}: {_short(leaf.old)} -> {_short(leaf.new)}")
    return lines


# -- walking the two documents ---------------------------------------------------------------------------------------
Segment = tuple[str, str]
"""One step of a path: ("key", name), ("id", identity key + "=" + value) or ("index", position)."""


@dataclass(frozen=True, slots=True)
class _Leaf:
    path: tuple[Segment, ...]
    old: Any
    new: Any
    status: Literal["changed", "new", "gone"]
    keyed: bool = False
    """An object key that appeared or vanished (its value is shown), rather than a list item matched by identity."""
    parent: tuple[Any, Any] = (None, None)
    """The objects holding the field, old and new (to read a frequency's counts beside a changed bound)."""


def _segment(s: Segment) -> str:
    kind, text = s
    if kind == "key":
        return f".{text}"
    if kind == "index":
        return f"[{text}]"
    identity, _, value = text.partition("=")
    return f":{value}" if identity in ("code", "detector") else f"[{value}]"


def _leaves(old: Any, new: Any, path: tuple[Segment, ...], parent: tuple[Any, Any] = (None, None)) -> Iterator[_Leaf]:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            here = (*path, ("key", str(key)))
            if key not in new:
                yield _Leaf(here, old[key], None, "gone", keyed=True)
            elif key not in old:
                yield _Leaf(here, None, new[key], "new", keyed=True)
            else:
                yield from _leaves(old[key], new[key], here, (old, new))
        return
    if isinstance(old, list) and isinstance(new, list):
        identity = _identity(old, new)
        if identity is None:
            flat = not any(isinstance(i, dict | list) for i in [*old, *new])
            if flat or len(old) != len(new):
                if old != new or [type(i) for i in old] != [type(i) for i in new]:
                    yield _Leaf(path, old, new, "changed", parent=parent)
                return
            for index, (a, b) in enumerate(zip(old, new, strict=True)):
                yield from _leaves(a, b, (*path, ("index", str(index))), (old, new))
            return
        olds, news = _keyed(old, identity), _keyed(new, identity)
        for key in [*olds, *(k for k in news if k not in olds)]:
            here = (*path, ("id", f"{identity}={key}"))
            if key not in news:
                yield _Leaf(here, olds[key], None, "gone")
            elif key not in olds:
                yield _Leaf(here, None, news[key], "new")
            else:
                yield from _leaves(olds[key], news[key], here, (old, new))
        return
    if old != new or type(old) is not type(new):
        yield _Leaf(path, old, new, "changed", parent=parent)


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


# -- sorting the changes ---------------------------------------------------------------------------------------------
_ITEMS: Final = {"findings": "", "holes": "detector ", "assumptions": "assumed "}
"""The lists of a game whose items the ``findings`` section names, and how a line names an item of each."""


def _change(game: str, leaf: _Leaf) -> Change:
    path = leaf.path
    head = path[0][1] if path else ""
    if head == "inputs" and len(path) > 1:
        item = ".".join(s[1] for s in path[1:3])
        return Change(game, item, _path(path[3:]), leaf.old, leaf.new, leaf.status, "inputs")
    if head == "spec_digest":
        return Change(game, "spec data", "sha256", leaf.old, leaf.new, leaf.status, "inputs")
    if head in _ITEMS and len(path) > 1:
        item = _ITEMS[head] + path[1][1].partition("=")[2]
        field = _path(path[2:])
        if not field:  # the item appeared or vanished: said with its headline fields
            old, new = _headline(leaf.old), _headline(leaf.new)
            return Change(game, item, "", old, new, leaf.status, "findings")
        if field == "impact.class":
            field = "class"  # a finding's class, a detector's or an assumed datum's
        rate = _frequency(path[2:], leaf)
        if rate is not None:
            return Change(game, item, *rate)
        return Change(game, item, field, leaf.old, leaf.new, leaf.status, _section(path[2:], field, leaf))
    return Change(game, _path(path), "", leaf.old, leaf.new, leaf.status, "details")


def _frequency(path: tuple[Segment, ...], leaf: _Leaf) -> tuple[str, Any, Any, Literal["changed"], Section] | None:
    """A field of a frequency (both sides hold ``hits`` and ``trials``, or a detector's ``playouts``). When it moved
    beyond sampling noise (``moved``): its counts as ``hits/trials`` under figures, its rate and interval bounds under
    details; else its counts once under noise, whichever of its fields changed. None for any other field."""
    old, new = leaf.parent
    key = path[-1][1] if path[-1][0] == "key" else ""
    if key not in (*BOUNDS, "hits", *TRIALS) or not all(_counts(p) is not None for p in (old, new)):
        return None
    before, after = _counts(old), _counts(new)
    assert before is not None and after is not None
    counts = [{"hits": hits, "trials": trials} for hits, trials in (before, after)]
    if not moved(before, after):
        return _path(path[:-1]), counts[0], counts[1], "changed", NOISE
    if key in BOUNDS:
        return _path(path), leaf.old, leaf.new, "changed", "details"
    return _path(path[:-1]), counts[0], counts[1], "changed", "figures"


def _counts(side: Any) -> tuple[int, int] | None:
    """A frequency's ``(hits, trials)``, or None when ``side`` is not one."""
    if not isinstance(side, dict) or not isinstance(side.get("hits"), int) or isinstance(side["hits"], bool):
        return None
    trials = [side[k] for k in TRIALS if isinstance(side.get(k), int) and not isinstance(side[k], bool)]
    return (side["hits"], trials[0]) if len(trials) == 1 and 0 <= side["hits"] <= trials[0] else None


def _section(path: tuple[Segment, ...], field: str, leaf: _Leaf) -> Section:
    """Where a field inside a finding, detector or assumed datum goes."""
    if field in HEADLINE_FIELDS:
        return "findings"
    keys = {s[1] for s in path if s[0] == "key"}
    if keys & WITNESS_KEYS or "value" in keys:
        return "details"  # a witness, or an assumed value (the inputs say it)
    if path[-1] == ("key", "default") and any(s[0] == "id" for s in path):
        return "details"  # a reading's default mark: the finding's default says it
    values = [v for v in (leaf.old, leaf.new) if v is not None]
    return "figures" if values and all(_numbers(v) for v in values) else "details"


def _numbers(value: Any) -> bool:
    """A number, a flag, or a list or table of them (a figure, not a text)."""
    if isinstance(value, dict):
        return all(_numbers(v) for v in value.values())
    if isinstance(value, list):
        return all(_numbers(v) for v in value)
    return isinstance(value, int | float)


def _once(changes: list[Change]) -> list[Change]:
    """Each change once (a frequency whose hits and trials both changed gives one line)."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for c in changes:
        key = (c.item, c.field, c.section)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _headline(item: Any) -> dict[str, Any] | None:
    """What the ``findings`` section says of an item that appeared or vanished."""
    if not isinstance(item, dict):
        return None
    impact = item.get("impact")
    out = {"class": impact.get("class")} if isinstance(impact, dict) and "class" in impact else {}
    out.update({k: item[k] for k in ("verdict", "default") if k in item})
    return out or None


def _as(c: Change, section: Section) -> Change:
    return Change(c.game, c.item, c.field, c.old, c.new, c.status, section)


def _path(path: Sequence[Segment]) -> str:
    return "".join(_segment(s) for s in path).lstrip(".")


def _show(value: Any, cut: bool = True) -> str:
    """A value on one line: a plain string as it is, anything else as compact JSON; cut to about 120 characters
    (``cut``)."""
    if isinstance(value, str) and value and value.isprintable() and value.strip() == value:
        text = value
    elif isinstance(value, dict) and set(value) == {"hits", "trials"}:
        text = f"{value['hits']}/{value['trials']}"
    elif isinstance(value, dict) and value and all(isinstance(v, str) for v in value.values()):
        text = ", ".join(f"{k} {v}" for k, v in value.items())
    else:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))
    return text if not cut or len(text) <= _CUT else text[: _CUT - 1] + "…"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _CUT else text[: _CUT - 1] + "…"

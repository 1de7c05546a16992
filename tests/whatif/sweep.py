"""The what-if sweep (issue 10): edit one number of a spec param, load the game on the edited copy, and check that
everything an editor runs still tells the truth about the edited rules.

An edit moves one int inside a param's value (the ``index``-th, in the order the value is written) by one step, up
when the schema's ``max`` allows it, else down; a param that sets another's length (Sobek's ``rounds``) resizes that
param too (its last item repeated, or dropped). The game may refuse an edit with a SpecError (a cross-param rule of
its parser, e.g. more valued cards than cards); then the other direction is tried, then two steps and so on, and
every refusal is recorded with its message (a refusal must name the edited param's key).

On an accepted edit, :func:`run_edit` checks:

- (a) the report: every check runs (none ends in "the check crashed"), every finding is built, and the three report
  files render; every query runs with its defaults (``impact`` with a finding code of the edited param's rules and
  ``budget=quick``; a query that needs a position is skipped); in ``quick`` mode the queries' work sizes
  (``playouts``, ``games``) are capped, so a CI run stays short;
- (b) a random playout of every config (every player count, with and without modules) ends before the game's
  declared maximum length;
- (c) every finding with a witness log: the log replays on the edited rules, and each reading's stated end position
  (``ReadingOutcome.end``, what the report prints) equals a fresh ``replay_under`` of the log under that reading, its
  words equal a fresh ``end_words``; a witness found in play ends in positions that differ under its readings, and
  a note saying the difference is only in what the check reports is given only to a witness whose replays coincide
  (``analysis.witness.parted``: moves, scores and the position itself, the measure the note is decided by).

Expected values are never the code's own earlier output: (c) compares the report's statement with an independent
fresh replay of the witness under the edited spec.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nilerules.analysis.parallel import Execution
from nilerules.analysis.queries import run_query
from nilerules.analysis.runner import GameAnalysis, analyse
from nilerules.analysis.witness import end_words, parted, replay_under
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget
from nilerules.core.log import replay
from nilerules.core.playout import playout
from nilerules.errors import NileRulesError, SpecError
from nilerules.games import GAME_IDS
from nilerules.report import report_files
from nilerules.specs import Param, Spec, bundled_spec_path, load_spec
from nilerules.testing.conformance import every_config

QUICK_WORK = {"playouts": 20, "games": 10}
"""Work-size query params capped in quick mode (CI): the query's code paths run, on fewer games."""
PLAYOUT_SEED = 7
MAX_STEPS = 10
"""Edits tried per param: one step up, one down, then two, ... up to this many (a parser may allow only some values,
e.g. Sobek's track of a multiple of 5 spaces)."""

ONLY_THE_CHECK = "the difference is only in what the check reports"
"""What a finding's impact note says when its witness replays alike under every reading (analysis.impact.classify)."""
STATED_SCORES = re.compile(r"\bscores(?: [a-z ]{1,30})? \[(-?\d+(?:, -?\d+)*)\]")
"""Scores a check states for a reading in its words (``scores [10, 8, 11]``, ``scores after the epoch [..]``)."""

Path_ = tuple[str | int, ...]
"""Where an int sits inside a param's value: keys of tables and indices of lists."""


def int_paths(value: Any, at: Path_ = ()) -> list[Path_]:
    """The places of every int inside ``value`` (bools are not numbers), in the order the value is written."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [at]
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in int_paths(item, (*at, i))]
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in int_paths(item, (*at, key))]
    return []


def numeric_params(spec: Spec) -> list[Param]:
    """The params an editor can edit as numbers: a schema that is not ``custom`` and at least one int inside."""
    return [
        p for p in spec.params.values() if p.schema is not None and p.schema.type != "custom" and int_paths(p.value)
    ]


def _get(value: Any, path: Path_) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: Path_, new: int) -> Any:
    """A deep copy of ``value`` with the int at ``path`` replaced."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, list):
        return [_set(item, rest, new) if i == head else item for i, item in enumerate(value)]
    return {key: _set(item, rest, new) if key == head else item for key, item in value.items()}


def _resized(value: list[Any], length: int) -> list[Any]:
    return value[:length] if len(value) >= length else value + [value[-1]] * (length - len(value))


@dataclass(frozen=True)
class Edit:
    """One edit: ``param`` at ``path`` from ``old`` to ``new`` (and the params whose length followed)."""

    game: str
    param: str
    path: Path_
    old: int
    new: int
    values: dict[str, Any] = field(compare=False)
    """Every param value the edit changes (the param's, and any resized one)."""
    label: str = ""
    """Words for a hand-written edit (``pharaoh_points = [6, -2]``), instead of the path and step."""

    def __str__(self) -> str:
        if self.label:
            return f"{self.game} {self.label}"
        where = "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in self.path)
        resized = sorted(set(self.values) - {self.param})
        also = f" (resized {', '.join(resized)})" if resized else ""
        return f"{self.game} {self.param}{where}: {self.old} -> {self.new}{also}"


def candidate_edits(spec: Spec, name: str, index: int = 0) -> list[Edit]:
    """The edits of the ``index``-th int of param ``name`` (modulo its count): one step up, one down, then two, ...
    up to ``MAX_STEPS``, those within the schema's bounds.

    A param that sets the length of others (``length = "<name>"`` in their schema) resizes them: a list grows by
    repeating its last item, or shrinks from the end."""
    param = spec.params[name]
    assert param.schema is not None
    paths = int_paths(param.value)
    path = paths[index % len(paths)]
    old = _get(param.value, path)
    low, high = param.schema.min, param.schema.max
    out = []
    for new in [old + sign * step for step in range(1, MAX_STEPS + 1) for sign in (1, -1)]:
        if (low is not None and new < low) or (high is not None and new > high):
            continue
        values = {name: _set(param.value, path, new)}
        if isinstance(param.value, int):
            for other in spec.params.values():
                if other.schema is not None and other.schema.length == name and isinstance(other.value, list):
                    values[other.name] = _resized(other.value, new)
        out.append(Edit(spec.game, name, path, old, new, values))
    return out


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(type(value))


def edited_text(game: str, values: dict[str, Any]) -> str:
    """The bundled spec's text with ``[params.NAME]``'s ``value`` replaced for each name (the rest kept as written)."""
    text = bundled_spec_path(game).read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    for name, value in values.items():
        header = f"\n[params.{name}]\n"
        start = text.index(header) + 1
        nxt = text.find("\n[", start + 1)
        end = len(text) if nxt == -1 else nxt + 1
        body = {**doc["params"][name], "value": value}
        table = f"[params.{name}]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in body.items()) + "\n"
        text = text[:start] + table + text[end:]
    return text


def write_edit(edit: Edit, folder: Path) -> Path:
    path = folder / f"{edit.game}__{edit.param}.toml"
    path.write_text(edited_text(edit.game, edit.values), encoding="utf-8")
    return path


def load_edited(edit: Edit, folder: Path) -> GameModule:
    """The game on the edited copy, its set-up run for every config (where a parser's cross-param rules apply)."""
    module = load(edit.game, write_edit(edit, folder))
    for config in every_config(module.game):
        module.game.setup(config)
    return module


@dataclass
class Outcome:
    """What one param's sweep gave: the edit run (None when refused), the refusals met, the problems found."""

    game: str
    param: str
    edit: Edit | None = None
    refusals: list[tuple[Edit, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        if self.edit is None:
            shown = " | ".join(f"{e}: {m[:300]}" for e, m in self.refusals[:2])
            more = len(self.refusals) - 2
            head = f"{self.game} {self.param}: REFUSED every way: {shown}" + (f" (and {more} more)" if more > 0 else "")
            return "\n    ".join([head, *self.problems])
        head = f"{self.edit}: " + ("ok" if not self.problems else f"{len(self.problems)} problems")
        return "\n    ".join([head, *self.problems])


def choose(spec: Spec, name: str, folder: Path, index: int = 0) -> tuple[GameModule | None, Outcome]:
    """The first candidate edit the game accepts, loaded; refusals are recorded, and a refusal whose message does
    not name the edited param's key (or any error other than a SpecError) is a problem."""
    outcome = Outcome(spec.game, name)
    for edit in candidate_edits(spec, name, index):
        try:
            module = load_edited(edit, folder)
        except SpecError as exc:
            outcome.refusals.append((edit, str(exc)))
            named = {key.split(".")[1] for key, _ in exc.problems if key.startswith("params.")}
            if not named & set(edit.values):
                outcome.problems.append(f"{edit}: refused without naming params.{name}: {exc}")
            continue
        except NileRulesError as exc:
            outcome.problems.append(f"{edit}: load/setup raised {type(exc).__name__}: {exc}")
            continue
        outcome.edit = edit
        return module, outcome
    return None, outcome


def _impact_code(module: GameModule, name: str) -> str:
    """A finding code about the edited param (an ambiguity citing one of its rules), else the first code."""
    spec: Spec = module.game.spec
    rules = set(spec.params[name].rules)
    ambs = sorted(spec.ambiguities.values(), key=lambda a: a.code)
    return next((a.code for a in ambs if rules & set(a.rules)), ambs[0].code)


def check_report(module: GameModule, name: str, problems: list[str], *, render: bool = True) -> GameAnalysis:
    """(a) the report: every check (none crashed), every finding, and (``render``) the three files rendered."""
    budget = Budget.quick()
    analysis = analyse(module, budget, Execution(jobs=1, progress=False))
    for f in analysis.findings:
        if "the check crashed" in f.summary:
            problems.append(f"check {f.code}: {f.summary}")
    if render:
        try:
            report_files([analysis], budget)
        except Exception as exc:
            problems.append(f"report: {type(exc).__name__}: {exc}")
    return analysis


def check_queries(module: GameModule, name: str, quick: bool, problems: list[str]) -> None:
    """(a) every query that needs no position, with its defaults (work sizes capped when ``quick``)."""
    for qname, query in sorted(module.queries.items()):
        if query.position == "required":
            continue
        raw = [f"ambiguity={_impact_code(module, name)}", "budget=quick"] if qname == "impact" else []
        if quick:
            raw += [f"{p.name}={min(int(p.default), QUICK_WORK[p.name])}" for p in query.params if p.name in QUICK_WORK]
        try:
            result = run_query(module, qname, raw)
            if not result.text:
                problems.append(f"query {qname} {' '.join(raw)}: empty answer")
        except Exception as exc:
            problems.append(f"query {qname} {' '.join(raw)}: {type(exc).__name__}: {exc}")


def check_playouts(module: GameModule, problems: list[str]) -> None:
    """(b) a random and a greedy game of every config reach their end."""
    game = module.game
    for config, policy in itertools.product(every_config(game), ("random", "greedy")):
        where = f"playout {config.players}p {list(config.modules)} {policy} seed {PLAYOUT_SEED}"
        try:
            result = playout(game, config, PLAYOUT_SEED, policy)
        except Exception as exc:
            problems.append(f"{where}: {type(exc).__name__}: {exc}")
            continue
        if result.truncated or not game.is_terminal(result.final):
            problems.append(
                f"{where}: not over after {result.length} steps (max_game_length {game.info.max_game_length})"
            )


def check_witnesses(module: GameModule, analysis: GameAnalysis, problems: list[str]) -> int:
    """(c) every finding's per-reading outcomes against a fresh replay of its witness; returns the replays done."""
    game = module.game
    done = 0
    for f in analysis.findings:
        log = f.witness_log
        if log is None:
            continue
        try:
            replay(game, log)
        except NileRulesError as exc:
            problems.append(f"{f.code}: its witness log ({f.witness_source}) does not replay on the edited spec: {exc}")
            continue
        if any(r.end is None for r in f.readings):
            problems.append(f"{f.code}: a reading has no stated end position ({f.witness_words})")
            continue
        ends = {}
        for r in f.readings:
            fresh = replay_under(game, log, {f.ambiguity: r.name})
            ends[r.name] = fresh
            done += 1
            if fresh != r.end:
                problems.append(f"{f.code} reading {r.name}: stated end {r.end} != fresh replay {fresh}")
        for r in f.readings if f.figures_from == "game" else ():  # a written position's figures are not the log's
            for match in STATED_SCORES.finditer(r.outcome):
                stated = tuple(int(x) for x in match.group(1).split(", "))
                if len(stated) == len(ends[r.name].scores) and stated != ends[r.name].scores:
                    problems.append(
                        f"{f.code} reading {r.name}: the check states {match.group(0)!r}, its witness log replays to "
                        f"scores {list(ends[r.name].scores)} ({r.in_witness})"
                    )
        own = ends.get(log.config.readings_dict().get(f.ambiguity, ""))
        for r in f.readings:
            fresh = ends[r.name]
            words = end_words(fresh, own if own is not fresh else None)
            if words != r.in_witness:
                problems.append(f"{f.code} reading {r.name}: stated {r.in_witness!r} != fresh {words!r}")
        alike = not parted(list(ends.values()))  # the measure the witness note is decided by (analysis.witness)
        if f.verdict == "witness" and f.witness_source == "play" and alike:
            problems.append(f"{f.code}: a witness found in play ends in the same position under every reading")
        if f.impact is not None and ONLY_THE_CHECK in f.impact.note and not alike:
            problems.append(
                f"{f.code}: its note says the difference is only in what the check reports, but its witness replays "
                f"apart under its readings ({'; '.join(r.in_witness for r in f.readings if r.in_witness)})"
            )
    return done


def _run(module: GameModule, outcome: Outcome, quick: bool, queries: bool, render: bool) -> Outcome:
    analysis = check_report(module, outcome.param, outcome.problems, render=render)
    if queries:
        check_queries(module, outcome.param, quick, outcome.problems)
    check_playouts(module, outcome.problems)
    check_witnesses(module, analysis, outcome.problems)
    return outcome


def run_edit(
    game: str, name: str, folder: Path, *, index: int = 0, quick: bool = False, queries: bool = True,
    render: bool = True,
) -> Outcome:
    """Edit param ``name`` of ``game`` (its ``index``-th int) and run (a), (b), (c) on the edited rules (the
    queries and the rendering of the report's files can be left out, for CI's cost)."""
    spec = load_spec(bundled_spec_path(game))
    module, outcome = choose(spec, name, folder, index)
    return outcome if module is None else _run(module, outcome, quick, queries, render)


def run_values(
    game: str, values: dict[str, Any], folder: Path, *, quick: bool = True, queries: bool = True, render: bool = True
) -> Outcome:
    """A hand-written edit (for the params the issue names) run like a swept one."""
    name = next(iter(values))
    label = ", ".join(f"{k} = {_toml(v)}" for k, v in values.items())
    edit = Edit(game, name, (), 0, 0, values, label)
    return _run(load_edited(edit, folder), Outcome(game, name, edit), quick, queries, render)


def every_param() -> Iterator[tuple[str, str]]:
    """(game, param) for every numeric param of every bundled spec."""
    for game in GAME_IDS:
        for param in numeric_params(load_spec(bundled_spec_path(game))):
            yield game, param.name

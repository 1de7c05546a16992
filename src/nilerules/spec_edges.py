"""Loading and validating ``specs/<game>.edges.toml``: for every rule of a spec, what it touches and, for every kind
of edge case those touches make applicable, a verdict (issue 31; the format is in docs/edges.md).

Validation reads the game's spec (its rule ids, finding codes and assumed params) and its documents (a ``decided``
quote is verbatim in the document it names; a span in “…” inside ``why``, ``proof``, ``searched`` or ``wording`` is
verbatim in a document of the spec), collects every problem with its key path, and raises one :class:`SpecError`.
A probe's expression is not compiled here (the ask engine sits above this layer): ``nilerules edges`` compiles it.

The file is written against the game's bundled spec. Loaded against an edited copy (a what-if: Sobek's ``rounds``
from 3 to 4), an ``assumed`` entry's ``variant`` may no longer fit the edited values (a list of one item per round
now one short) while it fits the bundled ones: that is no fault of the file, so it loads, and the entry keeps its
variant with :attr:`Edge.variant_unfit` saying why it cannot be run under this spec. A variant that does not fit
the bundled values either is an error of the file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, cast

from nilerules.documents import Document, load_documents, quoted_spans
from nilerules.errors import MissingDocument, SpecError
from nilerules.specs import Param, Spec, bundled_spec_path, load_spec, variant_problems

Kind = Literal[
    "below_zero", "tie", "exhausted", "full", "retrigger", "visibility", "new_vs_old", "phase_carry", "player_count",
    "source", "exception", "cleanup",
]
Verdict = Literal["decided", "finding", "assumed", "unreachable", "unknown"]

TOUCHES: Final[Mapping[str, Kind]] = {
    "changes_quantity": "below_zero",
    "compares": "tie",
    "draws": "exhausted",
    "fills": "full",
    "triggers": "retrigger",
    "hidden": "visibility",
    "module_component": "new_vs_old",
    "temporary": "phase_carry",
    "player_count": "player_count",
    "scores_from": "source",
    "exception": "exception",
    "end_check": "cleanup",
}
"""What a rule may touch, and the kind of edge case each touch makes applicable."""
KINDS: Final[tuple[Kind, ...]] = tuple(TOUCHES.values())
VERDICTS: Final[tuple[Verdict, ...]] = ("decided", "finding", "assumed", "unreachable", "unknown")
POLICIES: Final = ("random", "greedy")
"""The seeded-play policies a probe may name."""
MAX_EDGES_BYTES: Final = 2_000_000
"""An edges file larger than this is refused (a game's file is a few tens of kB)."""
MAX_PROBE_TEXT: Final = 2_000
"""Longest probe expression."""

_COMMON: Final = ("rule", "kind", "verdict", "probe", "players", "modules", "policies", "probe_note", "note")
_BY_VERDICT: Final[Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "decided": (("seed", "quote", "why"), ()),
    "finding": ((), ("finding", "question", "readings", "default", "wording", "why")),
    "assumed": (("param", "why"), ("variant",)),
    "unreachable": (("proof",), ("solver",)),
    "unknown": (("searched",), ()),
}
"""Per verdict: the keys it requires and the keys it may have (beside the common ones)."""
_INLINE_FINDING: Final = ("question", "readings", "default", "wording", "why")
CHECKED_TEXTS: Final = ("why", "proof", "searched", "wording")
"""The texts in which a span set in “…” must be verbatim in a document of the spec."""


@dataclass(frozen=True, slots=True)
class RuleTouches:
    """A rule of the spec and what it touches (reads or writes)."""

    id: str
    touches: tuple[str, ...]

    def kinds(self) -> tuple[Kind, ...]:
        """The kinds of edge case its touches make applicable, in the order of :data:`KINDS`."""
        wanted = {TOUCHES[t] for t in self.touches if t in TOUCHES}
        return tuple(k for k in KINDS if k in wanted)


@dataclass(frozen=True, slots=True)
class Edge:
    """One (rule, kind) entry and its verdict; the fields a verdict does not use are empty."""

    rule: str
    kind: Kind
    verdict: Verdict
    seed: str = ""
    quote: str = ""
    why: str = ""
    finding: str = ""
    """An existing finding code of the spec (``RA-003``); empty for an inline question."""
    question: str = ""
    readings: tuple[str, ...] = ()
    default: str = ""
    wording: str = ""
    param: str = ""
    variant: Mapping[str, Any] | None = None
    variant_unfit: tuple[str, ...] = ()
    """Why ``variant`` does not fit the spec it was loaded against, though it fits the bundled spec the file is
    written for (an edited param changed what fits: ``deliveries: expected a list of length 4, found 3 items``);
    empty when it fits. Such a variant is not examined (``nilerules edges``) and the report says so."""
    proof: str = ""
    solver: str = ""
    searched: str = ""
    probe: str = ""
    players: tuple[int, ...] = ()
    modules: tuple[str, ...] = ()
    policies: tuple[str, ...] = ()
    probe_note: str = ""
    note: str = ""

    @property
    def key(self) -> tuple[str, Kind]:
        return (self.rule, self.kind)

    @property
    def is_new_question(self) -> bool:
        """A finding this pass raised (an inline question), not one the spec already had."""
        return self.verdict == "finding" and not self.finding


@dataclass(frozen=True, slots=True)
class EdgesFile:
    """A validated edges file of one game."""

    path: str
    game: str
    rules: tuple[RuleTouches, ...]
    edges: tuple[Edge, ...]
    skip: Mapping[str, str]
    """Rule id -> why the rule reads and writes nothing (flavour rules are skipped without an entry)."""
    missing: tuple[tuple[str, str], ...] = ()
    """What is not accounted for, as (key, what): a rule without an entry, an applicable kind without an edge (only
    when loaded with ``complete=False``; otherwise these are errors)."""

    def unfit_variants(self) -> tuple[Edge, ...]:
        """The entries whose variant does not fit the spec at hand (:attr:`Edge.variant_unfit`)."""
        return tuple(e for e in self.edges if e.variant_unfit)

    def new_questions(self) -> tuple[Edge, ...]:
        """The inline findings (questions this pass raised), one per question text, in the file's order."""
        seen: dict[str, Edge] = {}
        for e in self.edges:
            if e.is_new_question and e.question not in seen:
                seen[e.question] = e
        return tuple(seen.values())

    def edge(self, rule: str, kind: str) -> Edge:
        for e in self.edges:
            if e.rule == rule and e.kind == kind:
                return e
        raise KeyError((rule, kind))

    def counts(self) -> dict[str, dict[str, int]]:
        """Kind -> verdict -> how many entries (every kind and verdict listed, zeros included)."""
        table: dict[str, dict[str, int]] = {k: dict.fromkeys(VERDICTS, 0) for k in KINDS}
        for e in self.edges:
            table[e.kind][e.verdict] += 1
        return table


def edges_path(game: str) -> Path:
    """The edges file shipped beside the game's bundled spec."""
    return bundled_spec_path(game).with_name(f"{game}.edges.toml")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


class _Problems:
    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def add(self, key: str, what: str) -> None:
        self.items.append((key, what))

    def text(self, data: Mapping[str, Any], key: str, name: str) -> str:
        value = data.get(name, "")
        if not isinstance(value, str):
            self.add(f"{key}.{name}", f"expected a string, got {_short(value)}")
            return ""
        if name in data and not value.strip():
            self.add(f"{key}.{name}", "expected a non-empty string")
        return value

    def strs(self, data: Mapping[str, Any], key: str, name: str) -> tuple[str, ...]:
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            self.add(f"{key}.{name}", f"expected a list of non-empty strings, got {_short(value)}")
            return ()
        return tuple(value)


def _tables(doc: dict[str, Any], name: str, problems: _Problems) -> list[tuple[str, dict[str, Any]]]:
    """The ``[[name]]`` tables of ``doc``, each with the key its problems are named by; what is not a table is a
    problem (and skipped)."""
    raw = doc.get(name, [])
    if not isinstance(raw, list):
        problems.add(name, f"expected [[{name}]] tables")
        return []
    found: list[tuple[str, dict[str, Any]]] = []
    for index, item in enumerate(raw):
        key = _entry_key(name, index, item)
        if isinstance(item, dict):
            found.append((key, item))
        else:
            problems.add(key, "expected a table")
    return found


def _entry_key(table: str, index: int, data: Any) -> str:
    """``rule[3] (ra.auction.bid)`` / ``edge[7] (ra.auction.bid tie)``: where an entry is, and what it names."""
    if not isinstance(data, dict):
        return f"{table}[{index}]"
    named = [v for v in (data.get("id" if table == "rule" else "rule"), data.get("kind") if table == "edge" else None)
             if isinstance(v, str) and v]
    return f"{table}[{index}]" + (f" ({' '.join(named)})" if named else "")


def parse_edges(
    text: str,
    spec: Spec,
    path: str = "<string>",
    documents: Mapping[str, Document] | None = None,
    complete: bool = True,
    written_for: Spec | None = None,
) -> EdgesFile:
    """Validate an edges file's text against ``spec`` and its documents (default: the documents the spec names, from
    the package's documents folder). Every problem is collected before one :class:`SpecError` is raised. With
    ``complete=False`` a rule or applicable kind without an entry is not an error but listed in
    :attr:`EdgesFile.missing` (``nilerules edges`` reports it and exits 1).

    ``written_for`` is the spec the file is written against (default: the game's bundled spec, read only when a
    variant does not fit ``spec``): a variant that fits its values but not ``spec``'s is kept and marked
    (:attr:`Edge.variant_unfit`), not an error."""
    problems = _Problems()
    reference = _Reference(spec, written_for)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(path, [("", f"not valid TOML: {exc}")]) from None
    except (RecursionError, ValueError) as exc:
        raise SpecError(path, [("", f"not valid TOML: {str(exc)[:100]}")]) from None
    if documents is None:
        try:
            documents = load_documents((*spec.seeds, *spec.references))
        except MissingDocument as exc:
            raise SpecError(path, [("", str(exc))]) from None
    for name in doc:
        if name not in ("rule", "edge", "skip"):
            problems.add(name, "unknown key (expected [[rule]], [[edge]] and [skip])")

    spec_rules = {r.id: r for r in spec.rules}
    rules: list[RuleTouches] = []
    for key, item in _tables(doc, "rule", problems):
        for name in item:
            if name not in ("id", "touches", "note"):
                problems.add(f"{key}.{name}", "unknown key")
        rule_id = problems.text(item, key, "id")
        if "id" not in item:
            problems.add(f"{key}.id", "missing")
        elif rule_id not in spec_rules:
            problems.add(f"{key}.id", f"{_short(rule_id)} is not a rule of {spec.path}")
        elif spec_rules[rule_id].kind == "flavour":
            problems.add(f"{key}.id", f"{rule_id!r} is a flavour rule (skipped without an entry)")
        if any(r.id == rule_id for r in rules):
            problems.add(f"{key}.id", f"{rule_id!r} is listed twice")
        touches = problems.strs(item, key, "touches")
        if "touches" not in item or not touches:
            problems.add(f"{key}.touches", "expected at least one touch (a rule that touches nothing goes in [skip])")
        for touch in touches:
            if touch not in TOUCHES:
                problems.add(f"{key}.touches", f"unknown touch {touch!r} (expected one of {', '.join(TOUCHES)})")
        rules.append(RuleTouches(rule_id, tuple(t for t in touches if t in TOUCHES)))

    skip: dict[str, str] = {}
    raw_skip = doc.get("skip", {})
    if not isinstance(raw_skip, dict):
        problems.add("skip", "expected a table (rule id = why it reads and writes nothing)")
        raw_skip = {}
    for rule_id, why in raw_skip.items():
        key = f"skip.{_short(rule_id)}"
        if rule_id not in spec_rules:
            problems.add(key, f"{_short(rule_id)} is not a rule of {spec.path}")
        if not isinstance(why, str) or not why.strip():
            problems.add(key, f"expected why the rule reads and writes nothing, got {_short(why)}")
        elif any(r.id == rule_id for r in rules):
            problems.add(key, f"{rule_id!r} is both skipped and listed under [[rule]]")
        skip[rule_id] = why if isinstance(why, str) else ""

    missing: list[tuple[str, str]] = []
    """What the completeness check finds (a rule without an entry, an applicable kind without an edge)."""
    for rule in spec.rules:
        if rule.kind != "flavour" and rule.id not in skip and not any(r.id == rule.id for r in rules):
            missing.append((f"rule ({rule.id})", "the spec's rule has no [[rule]] entry and is not in [skip]"))

    touches_of = {r.id: r for r in rules}
    edges: list[Edge] = []
    claimed: set[tuple[Any, Any]] = set()
    """(rule, kind) pairs with an entry, usable or not (a bad verdict is one problem, not also a missing edge)."""
    for key, item in _tables(doc, "edge", problems):
        claimed.add((item.get("rule"), item.get("kind")))
        edge = _edge(problems, item, key, spec, documents, touches_of, reference)
        if edge is None:
            continue
        if any(e.key == edge.key for e in edges):
            problems.add(key, f"a second entry for ({edge.rule}, {edge.kind})")
            continue
        edges.append(edge)

    for listed in rules:
        for kind in listed.kinds():
            if (listed.id, kind) not in claimed:
                what = f"no [[edge]] for kind {kind!r} (its touches make it applicable)"
                missing.append((f"rule ({listed.id})", what))

    if problems.items or (missing and complete):
        raise SpecError(path, [*problems.items, *(missing if complete else [])])
    return EdgesFile(path, spec.game, tuple(rules), tuple(edges), skip, tuple(missing))


def _edge(
    problems: _Problems,
    item: Mapping[str, Any],
    key: str,
    spec: Spec,
    documents: Mapping[str, Document],
    touches_of: Mapping[str, RuleTouches],
    reference: _Reference,
) -> Edge | None:
    """One ``[[edge]]`` table read and checked; None when its rule, kind or verdict is unusable."""
    rule = problems.text(item, key, "rule")
    kind = problems.text(item, key, "kind")
    verdict = problems.text(item, key, "verdict")
    usable = True
    for name in ("rule", "kind", "verdict"):
        if name not in item:
            problems.add(f"{key}.{name}", "missing")
            usable = False
    if kind and kind not in KINDS:
        problems.add(f"{key}.kind", f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
        usable = False
    if verdict and verdict not in VERDICTS:
        problems.add(f"{key}.verdict", f"unknown verdict {verdict!r} (expected one of {', '.join(VERDICTS)})")
        usable = False
    if rule and rule not in touches_of:
        problems.add(f"{key}.rule", f"{rule!r} has no [[rule]] entry (its touches say which kinds apply)")
        usable = False
    elif usable and kind not in touches_of[rule].kinds():
        touches = ", ".join(touches_of[rule].touches)
        problems.add(f"{key}.kind", f"{kind!r} is not implied by the rule's touches ({touches})")
    if not usable:
        return None
    required, optional = _BY_VERDICT[verdict]
    for name in item:
        if name not in (*_COMMON, *required, *optional):
            problems.add(f"{key}.{name}", f"unknown key for verdict {verdict!r}")
    for name in required:
        if name not in item:
            problems.add(f"{key}.{name}", f"missing (verdict {verdict!r} needs {', '.join(required)})")
    texts = {n: problems.text(item, key, n) for n in (
        "seed", "quote", "why", "finding", "question", "default", "wording", "param", "proof", "solver", "searched",
        "probe", "probe_note", "note",
    )}
    readings = problems.strs(item, key, "readings")
    if verdict == "decided":
        seed, quote = texts["seed"], texts["quote"]
        if seed and seed not in documents:
            problems.add(f"{key}.seed", f"{seed!r} is not one of the spec's seeds or references")
        elif seed and quote and not documents[seed].contains(quote):
            problems.add(f"{key}.quote", f"not verbatim in {seed}: {_short(quote)}")
    if verdict == "finding":
        code = texts["finding"]
        inline = [n for n in _INLINE_FINDING if n in item]
        if code:
            if code not in {a.code for a in spec.ambiguities.values()}:
                problems.add(f"{key}.finding", f"{code!r} is not a finding code of {spec.path}")
            for name in inline:
                if name != "why":
                    problems.add(f"{key}.{name}", "an existing finding carries its own question (drop this key)")
        else:
            for name in _INLINE_FINDING:
                if name not in item:
                    problems.add(f"{key}.{name}", "missing (a new question needs question, readings, default, "
                                                  "wording and why; or finding = an existing code)")
            if "readings" in item and len(readings) < 2:
                problems.add(f"{key}.readings", "a question needs at least two readings")
            if len(set(readings)) != len(readings):
                problems.add(f"{key}.readings", "two readings have the same name")
            if texts["default"] and readings and texts["default"] not in readings:
                problems.add(f"{key}.default", f"{texts['default']!r} is not one of its readings")
    variant: Mapping[str, Any] | None = None
    unfit: tuple[str, ...] = ()
    if verdict == "assumed":
        param = texts["param"]
        if param and param not in {p.name for p in spec.assumed()}:
            problems.add(f"{key}.param", f"{param!r} is not an assumed param of {spec.path}")
        if "variant" in item:
            raw = item["variant"]
            if not isinstance(raw, dict) or not raw:
                problems.add(f"{key}.variant", f"expected a table of param = value, got {_short(raw)}")
            else:
                variant = dict(raw)
                found = variant_problems(spec.params, variant, "variant")
                written = reference.params() if found else None
                if found and written is not None and not variant_problems(written, variant, "variant"):
                    unfit = tuple(f"{where.removeprefix('variant.')}: {what}" for where, what in found)
                else:
                    for where, what in found:
                        problems.add(f"{key}.{where}", what)
    if verdict == "unreachable" and texts["solver"]:
        module, colon, function = texts["solver"].partition(":")
        if not colon or not module.startswith("nilerules.solver") or not function.isidentifier():
            problems.add(f"{key}.solver", f"expected 'nilerules.solver.<module>:<function>', got {texts['solver']!r}")
    for name in CHECKED_TEXTS:
        for span in quoted_spans(texts[name]):
            if not any(d.contains(span) for d in documents.values()):
                problems.add(f"{key}.{name}", f"the span in “…” is not verbatim in any document: {_short(span)}")
    probe = texts["probe"]
    if len(probe) > MAX_PROBE_TEXT:
        problems.add(f"{key}.probe", f"longer than {MAX_PROBE_TEXT} characters")
    if probe and texts["probe_note"]:
        problems.add(f"{key}.probe_note", "an entry with a probe needs no probe_note")
    players = _players(problems, item, key)
    modules = problems.strs(item, key, "modules")
    policies = problems.strs(item, key, "policies")
    for policy in policies:
        if policy not in POLICIES:
            problems.add(f"{key}.policies", f"unknown policy {policy!r} (expected one of {', '.join(POLICIES)})")
    if (players or modules or policies) and not probe:
        problems.add(key, "players, modules and policies say how a probe runs: this entry has no probe")
    return Edge(
        rule=rule, kind=cast(Kind, kind), verdict=cast(Verdict, verdict), seed=texts["seed"], quote=texts["quote"],
        why=texts["why"], finding=texts["finding"], question=texts["question"], readings=readings,
        default=texts["default"], wording=texts["wording"], param=texts["param"], variant=variant,
        variant_unfit=unfit, proof=texts["proof"], solver=texts["solver"], searched=texts["searched"], probe=probe,
        players=players, modules=modules, policies=policies, probe_note=texts["probe_note"], note=texts["note"],
    )


class _Reference:
    """The params of the spec an edges file is written for: ``written_for``'s, else the bundled spec of the game
    (read once, when first asked; None when there is none, or it cannot be read, or it is ``spec`` itself)."""

    def __init__(self, spec: Spec, written_for: Spec | None) -> None:
        self._spec = spec
        self._params: Mapping[str, Param] | None = written_for.params if written_for is not None else None
        self._read = written_for is not None

    def params(self) -> Mapping[str, Param] | None:
        if not self._read:
            self._read = True
            path = bundled_spec_path(self._spec.game)
            if path.is_file() and path.resolve() != Path(self._spec.path).resolve():
                try:
                    self._params = load_spec(path).params
                except SpecError:
                    self._params = None
        return self._params


MAX_PLAYERS: Final = 8
"""The largest player count a probe may name (every game here plays at most 6)."""


def _players(problems: _Problems, item: Mapping[str, Any], key: str) -> tuple[int, ...]:
    value = item.get("players", [])
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_PLAYERS for v in value
    ):
        problems.add(f"{key}.players", f"expected a list of player counts 1..{MAX_PLAYERS}, got {_short(value)}")
        return ()
    return tuple(value)


def load_edges(
    path: str | Path,
    spec: Spec,
    documents: Mapping[str, Document] | None = None,
    complete: bool = True,
    written_for: Spec | None = None,
) -> EdgesFile:
    """Load and validate an edges file against its game's spec (``complete``, ``written_for``: see
    :func:`parse_edges`); a missing file is a SpecError naming it."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_EDGES_BYTES + 1)
    except FileNotFoundError:
        raise SpecError(str(path), [("", f"no edges file for {spec.game!r} (expected {path})")]) from None
    except OSError as exc:
        raise SpecError(str(path), [("", f"cannot read: {exc.strerror or type(exc).__name__}")]) from None
    if len(raw) > MAX_EDGES_BYTES:
        raise SpecError(str(path), [("", f"larger than {MAX_EDGES_BYTES} bytes")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(str(path), [("", f"not UTF-8 text ({exc.reason})")]) from None
    return parse_edges(text, spec, str(path), documents, complete, written_for)


__all__ = [
    "KINDS",
    "TOUCHES",
    "VERDICTS",
    "Edge",
    "EdgesFile",
    "Kind",
    "RuleTouches",
    "Verdict",
    "edges_path",
    "load_edges",
    "parse_edges",
]

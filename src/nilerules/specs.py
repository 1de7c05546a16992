"""Loading and validating ``specs/<game>.toml``: the rule catalogue, readings of ambiguous rules, component data.

Validation collects every problem (with the file and the key path) before raising one :class:`SpecError`.
"""

from __future__ import annotations

import hashlib
import json
import re
import stat
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, TypeVar, cast

from nilerules.errors import SpecError
from nilerules.wording import Claim, parse_claims, template_fields

RuleKind = Literal["mechanical", "data", "flavour"]
Provenance = Literal["seed", "sourced", "assumed"]
FindingKind = Literal["ambiguity", "contradiction", "data_gap", "rules_hole"]

RULE_KINDS: Final = ("mechanical", "data", "flavour")
PROVENANCES: Final = ("seed", "sourced", "assumed")
FINDING_KINDS: Final = ("ambiguity", "contradiction", "data_gap", "rules_hole")
_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_CODE = re.compile(r"^[A-Z]{2,4}-[0-9]{3}$")
AUDIT_QUESTIONS: Final = (
    "none", "scope", "timing", "whose", "limits", "players", "interactions", "may_must", "terms", "conflicts",
    "examples",
)
"""What the second pass asks of each sentence (``none``: no question applies, e.g. flavour text)."""
_AUDIT = re.compile(
    r"^(" + "|".join(AUDIT_QUESTIONS) + r"): "
    r"(clear\b.+|[A-Z]{2,4}-[0-9]{3}\b.*|assumed [a-z_][a-z0-9_]*\b.*|open — .+)$"
)


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One catalogued rule: a stable id, where it is written, and what it says."""

    id: str
    seed: str
    section: str
    quote: str
    summary: str
    kind: RuleKind
    audit: tuple[str, ...] = ()
    """The second pass: ``"<question>: <answer>"``, the answer being ``clear (why)``, a finding code, or
    ``assumed <param>``."""


@dataclass(frozen=True, slots=True)
class Schema:
    """What a parameter's value must look like: its type, shape and bounds (``docs/spec-format.md``)."""

    type: str
    """``int``, ``str``, ``custom``, ``list[T]``, ``map[T]`` (string keys), ``by_players[T]`` (player-count keys)."""
    length: int | str | None = None
    """Exact length of the outermost list: a number, ``"players"`` (the player count of the enclosing
    ``by_players`` key), or the name of another parameter (its value if an int, else its length)."""
    keys: tuple[str, ...] | None = None
    """The exact keys of the outermost table."""
    min: int | None = None
    """Lower bound of every int inside."""
    max: int | None = None
    """Upper bound of every int inside."""
    choices: tuple[str, ...] | None = None
    """The allowed values of every string inside."""

    def fields(self) -> dict[str, Any]:
        """The fields as written in the spec (for comparing an edited spec with the bundled one)."""
        out: dict[str, Any] = {"type": self.type}
        for name in ("length", "keys", "min", "max", "choices"):
            value = getattr(self, name)
            if value is not None:
                out[name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True, slots=True)
class Param:
    """One datum (a count, a table, a layout) with its provenance."""

    name: str
    value: Any
    provenance: Provenance
    source: str
    description: str
    rules: tuple[str, ...]
    schema: Schema | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """One named way of reading an ambiguous passage."""

    name: str
    description: str
    contradicted: str = ""
    """When the text itself rules this reading out: the quote that does (the report says the text decides)."""
    sourced: str = ""
    """When a source gives or presupposes this reading: its words in “…” (a seed, or a reference fact tagged [src] or
    [seed]), naming the source. The default then follows a sourced reading, a seed's before a reference's, or the
    finding says why not (``Ambiguity.why_default``); ``citations.default_source_problems`` checks it."""


@dataclass(frozen=True, slots=True)
class Ambiguity:
    """An unclear or incomplete passage: its readings, the default, and the clarification we recommend."""

    id: str
    code: str
    title: str
    kind: FindingKind
    rules: tuple[str, ...]
    quote: str
    readings: tuple[Reading, ...]
    default: str
    wording: str
    """The text to paste into the rulebook (``nilerules.wording``: quotes in “…”, figures through placeholders)."""
    placement: str = ""
    """Where the wording goes: what it replaces or follows."""
    reason: tuple[str, ...] = ()
    """Why, sentence by sentence; a sentence whose figure the check's result lacks is left out."""
    claims: tuple[Claim, ...] = ()
    """What the wording says must happen, as situations the model is checked against."""
    answered_by: str = ""
    """A published ruling or FAQ that already answers the question (the finding is marked answered by a source)."""
    seed: str = ""
    """The document the quote stands in (default: the first cited rule's)."""
    section: str = ""
    """The section the quote stands in (default: the first cited rule's)."""
    why_default: str = ""
    """Why the default is not a reading a source gives (``Reading.sourced``), with the evidence quoted in “…”; empty
    when the default follows the sources."""

    def reading_names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.readings)

    def open_readings(self) -> tuple[str, ...]:
        """The readings the text does not rule out (not ``contradicted``)."""
        return tuple(r.name for r in self.readings if not r.contradicted)


@dataclass(frozen=True, slots=True, eq=False)
class Spec:
    """A validated spec file."""

    path: str
    digest: str
    game: str
    title: str
    designers: tuple[str, ...]
    seeds: tuple[str, ...]
    references: tuple[str, ...]
    rules: tuple[RuleEntry, ...]
    params: Mapping[str, Param]
    ambiguities: Mapping[str, Ambiguity]
    documents: Mapping[str, str] = field(default_factory=dict)
    """What each seed or reference file is, for people ("the Traders module for Ra"); optional ``meta.documents``."""
    data: Mapping[str, Any] = field(default_factory=dict, repr=False)
    """The file as data (the parsed TOML): what :attr:`digest` hashes and :func:`edited_values` compares, so that
    comments, key order and formatting change nothing."""

    def document(self, name: str) -> str:
        """A seed or reference file named by what it is (the file name when ``meta.documents`` does not say)."""
        return self.documents.get(name, name)

    def rule(self, rule_id: str) -> RuleEntry:
        for entry in self.rules:
            if entry.id == rule_id:
                return entry
        raise KeyError(rule_id)

    def rule_ids(self, kind: RuleKind | None = None) -> tuple[str, ...]:
        return tuple(r.id for r in self.rules if kind is None or r.kind == kind)

    def value(self, name: str) -> Any:
        """The raw value of a parameter; a missing one is a SpecError naming the key."""
        try:
            return self.params[name].value
        except KeyError:
            raise SpecError(self.path, [(f"params.{name}", "missing parameter")]) from None

    def int(self, name: str) -> int:
        value = self.value(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SpecError(self.path, [(f"params.{name}.value", f"expected an integer, got {_short(value)}")])
        return value

    def typed(self, name: str, check: Callable[[Any], bool], expected: str) -> Any:
        """The value of a parameter, checked by ``check``; ``expected`` says in words what it should be."""
        value = self.value(name)
        if not check(value):
            raise SpecError(self.path, [(f"params.{name}.value", f"expected {expected}, got {_short(value)}")])
        return value

    def assumed(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params.values() if p.provenance == "assumed")


T = TypeVar("T")

MAX_SPEC_BYTES: Final = 4_000_000
"""A spec file larger than this is refused (the bundled ones are well under 200 kB)."""
SCHEMA_FIELDS: Final = ("type", "length", "keys", "min", "max", "choices")
MAX_TYPE_TEXT: Final = 300
"""Longest ``type`` string."""
MAX_PLAYERS: Final = 99
"""The largest player count a ``by_players`` key may name."""


def _short(value: Any) -> str:
    """``repr`` of a found value, cut to about 80 characters (error messages stay one short line)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


_PLAIN_KEY = re.compile(r"^[A-Za-z0-9_.-]{1,80}$")


def _k(name: str) -> str:
    """A key as it appears in a key path: plain names as they are, anything else quoted with ``repr`` and cut."""
    return name if _PLAIN_KEY.match(name) else _short(name)


TypeTree = tuple[Any, ...]
"""A parsed ``type``: ``("int",)``, ``("str",)``, ``("custom",)``, ``("list" | "map" | "by_players", inner)``,
``("tuple", (inner, ...))`` or ``("record", ((name, inner), ...))``."""


def _split(text: str) -> list[str] | None:
    """Split at the commas outside brackets (None when the brackets do not balance)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
            if depth < 0:
                return None
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if depth:
        return None
    parts.append(text[start:])
    return [p.strip() for p in parts]


@cache
def parse_type(text: str) -> TypeTree | None:
    """The tree of a ``type`` string, or None when it is not one (grammar in docs/spec-format.md)."""
    text = text.strip()
    if len(text) > MAX_TYPE_TEXT:
        return None
    if text in ("int", "str", "custom"):
        return (text,)
    head, sep, rest = text.partition("[")
    if not sep or not rest.endswith("]") or head not in ("list", "map", "by_players", "tuple", "record"):
        return None
    args = _split(rest[:-1])
    if not args or any(not a for a in args):
        return None
    if head in ("list", "map", "by_players"):
        inner = parse_type(args[0]) if len(args) == 1 else None
        return None if inner is None else (head, inner)
    if head == "tuple":
        items = [parse_type(a) for a in args]
        return None if any(i is None for i in items) else ("tuple", tuple(items))
    fields = []
    for arg in args:
        name, colon, field_type = arg.partition(":")
        inner = parse_type(field_type)
        if not colon or not _NAME.match(name.strip()) or inner is None:
            return None
        fields.append((name.strip(), inner))
    return ("record", tuple(fields))


def _type_text(tree: TypeTree) -> str:
    if len(tree) == 1:
        return str(tree[0])
    if tree[0] == "tuple":
        return f"tuple[{','.join(_type_text(t) for t in tree[1])}]"
    if tree[0] == "record":
        return f"record[{','.join(f'{n}:{_type_text(t)}' for n, t in tree[1])}]"
    return f"{tree[0]}[{_type_text(tree[1])}]"


def _has_int(tree: TypeTree) -> bool:
    return "'int'" in repr(tree)


class _ValueChecker:
    """Checks one parameter's value against its schema, recording each problem with its key path."""

    def __init__(self, schema: Schema, params: Mapping[str, Any], problems: list[tuple[str, str]]) -> None:
        self.schema = schema
        self.params = params
        self.problems = problems

    def _length(self, players: int | None) -> int | None:
        length = self.schema.length
        if length is None or isinstance(length, int):
            return length
        if length == "players":
            return players
        other = self.params.get(length)
        if isinstance(other, bool):
            return None
        if isinstance(other, int):
            return other
        return len(other) if isinstance(other, list) else None

    def check(
        self, value: Any, tree: TypeTree, key: str, first_list: bool, first_table: bool, players: int | None
    ) -> None:
        """``first_list`` / ``first_table``: no list / table encloses this value (``length`` / ``keys`` apply)."""
        s = self.schema
        kind = tree[0]
        if kind == "custom":
            return
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                self.problems.append((key, f"expected an integer, found {_short(value)}"))
            elif (s.min is not None and value < s.min) or (s.max is not None and value > s.max):
                self.problems.append((key, f"expected an integer in {s.min}..{s.max}, found {_short(value)}"))
            return
        if kind == "str":
            if not isinstance(value, str):
                self.problems.append((key, f"expected a string, found {_short(value)}"))
            elif s.choices is not None and value not in s.choices:
                self.problems.append((key, f"expected one of {', '.join(s.choices)}, found {_short(value)}"))
            return
        if kind == "tuple":
            if not isinstance(value, list) or len(value) != len(tree[1]):
                self.problems.append((key, f"expected {_type_text(tree)}, found {_short(value)}"))
                return
            for i, (item, item_type) in enumerate(zip(value, tree[1], strict=True)):
                self.check(item, item_type, f"{key}[{i}]", False, first_table, players)
            return
        if kind == "record":
            names = [n for n, _ in tree[1]]
            if not isinstance(value, dict) or sorted(value) != sorted(names):
                self.problems.append((key, f"expected a table with keys {', '.join(names)}, found {_short(value)}"))
                return
            for name, field_type in tree[1]:
                self.check(value[name], field_type, f"{key}.{name}", first_list, False, players)
            return
        inner = tree[1]
        if kind == "list":
            if not isinstance(value, list):
                self.problems.append((key, f"expected a list ({_type_text(tree)}), found {_short(value)}"))
                return
            want = self._length(players) if first_list else None
            if want is not None and len(value) != want:
                self.problems.append((key, f"expected a list of length {want}, found {len(value)} items"))
            elif not value:
                self.problems.append((key, "expected a non-empty list, found []"))
            for i, item in enumerate(value):
                self.check(item, inner, f"{key}[{i}]", False, first_table, players)
            return
        if not isinstance(value, dict):
            self.problems.append((key, f"expected a table ({_type_text(tree)}), found {_short(value)}"))
            return
        if first_table and s.keys is not None:
            missing = [k for k in s.keys if k not in value]
            extra = [k for k in value if k not in s.keys]
            if missing:
                self.problems.append((key, f"missing key {_short(missing[0])} (expected keys {', '.join(s.keys)})"))
            if extra:
                self.problems.append((key, f"unknown key {_short(extra[0])} (expected keys {', '.join(s.keys)})"))
        for name, item in value.items():
            count = players
            if kind == "by_players":
                if not (name.isascii() and name.isdigit() and 1 <= int(name) <= MAX_PLAYERS):
                    self.problems.append((f"{key}.{_short(name)}", f"expected a player count 1..{MAX_PLAYERS} as key"))
                    continue
                count = int(name)
            self.check(item, inner, f"{key}.{_k(name)}", first_list, False, count)


def variant_problems(params: Mapping[str, Param], variant: Mapping[str, Any], key: str) -> list[tuple[str, str]]:
    """What is wrong with a claim's ``variant`` (parameter name -> value) for a spec with ``params``, as (key path,
    what) under ``key`` (the variant's own key path): a name that is not a parameter, a value outside its
    parameter's schema, or a parameter whose length the variant changes and whose value then no longer fits. The
    schemas read the variant's values in place of the spec's. Empty when the variant fits."""
    problems: list[tuple[str, str]] = []
    values = {n: p.value for n, p in params.items()}
    values.update({n: v for n, v in variant.items() if n in params})
    for name in sorted(variant):
        if name not in params:
            problems.append((f"{key}.{_k(name)}", f"{_short(name)} is not a parameter of the spec"))
    for name, param in sorted(params.items()):
        schema = param.schema
        tree = parse_type(schema.type) if schema is not None else None
        if schema is None or tree is None:
            continue
        if name in variant:
            _ValueChecker(schema, values, problems).check(variant[name], tree, f"{key}.{name}", True, True, None)
        elif isinstance(schema.length, str) and schema.length in variant:
            found: list[tuple[str, str]] = []
            _ValueChecker(schema, values, found).check(param.value, tree, f"params.{name}.value", True, True, None)
            problems += [(f"{key}.{schema.length}", f"with it, {where}: {what}") for where, what in found]
    return problems


def _schema(problems: _Collector, entry: Mapping[str, Any], key: str) -> Schema | None:
    """Read a parameter's schema fields (``type`` required; ``min``/``max`` required when it holds integers)."""
    type_ = problems.text(entry, key, "type")
    if "type" not in entry:
        return None
    tree = parse_type(type_)
    if tree is None:
        expected = "int, str, custom, list[T], map[T], by_players[T], tuple[T,...] or record[name:T,...]"
        problems.add(f"{key}.type", f"expected {expected}, found {_short(type_)}")
        return None
    bounds: dict[str, int | None] = {}
    for name in ("min", "max"):
        value = entry.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            problems.add(f"{key}.{name}", f"expected an integer, found {_short(value)}")
            value = None
        bounds[name] = value
    if _has_int(tree) and (bounds["min"] is None or bounds["max"] is None):
        problems.add(key, "a parameter holding integers declares both 'min' and 'max'")
    length = entry.get("length")
    if length is not None and not (
        (isinstance(length, int) and not isinstance(length, bool) and length >= 1) or isinstance(length, str)
    ):
        problems.add(f"{key}.length", f"expected a length >= 1, 'players' or a parameter name, found {_short(length)}")
        length = None
    keys = problems.strs(entry, key, "keys") if "keys" in entry else None
    choices = problems.strs(entry, key, "choices") if "choices" in entry else None
    return Schema(type_, length, keys, bounds["min"], bounds["max"], choices)


class _Collector:
    """Walks a parsed TOML document, recording each problem with its key path."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []

    def add(self, key: str, what: str) -> None:
        self.problems.append((key, what))

    def table(self, data: Any, key: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.add(key, f"expected a table, got {type(data).__name__}")
            return {}
        return cast(dict[str, Any], data)

    def keys(self, data: Mapping[str, Any], key: str, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        required = tuple(required)
        allowed = set(required) | set(optional)
        for name in required:
            if name not in data:
                self.add(f"{key}.{_k(name)}" if key else _k(name), "missing")
        for name in data:
            if name not in allowed:
                self.add(f"{key}.{_k(name)}" if key else _k(name), "unknown key")

    def text(self, data: Mapping[str, Any], key: str, name: str, default: str | None = None) -> str:
        value = data.get(name, default)
        if value is None:
            return ""
        if not isinstance(value, str):
            self.add(f"{key}.{name}", f"expected a string, got {_short(value)}")
            return ""
        return value

    def strs(self, data: Mapping[str, Any], key: str, name: str) -> tuple[str, ...]:
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add(f"{key}.{name}", f"expected a list of strings, got {_short(value)}")
            return ()
        return tuple(value)

    def choice(self, data: Mapping[str, Any], key: str, name: str, allowed: tuple[str, ...]) -> str:
        value = self.text(data, key, name)
        if name in data and value not in allowed:
            self.add(f"{key}.{name}", f"expected one of {', '.join(allowed)}, got {_short(data[name])}")
        return value


def problems_entry_keys(doc: Mapping[str, Any], name: str) -> tuple[str, ...]:
    """The keys written under ``[params.<name>]`` (empty when it is not a table)."""
    params = doc.get("params")
    entry = params.get(name) if isinstance(params, dict) else None
    return tuple(entry) if isinstance(entry, dict) else ()


def _parse(path: str, raw: bytes) -> Spec:
    problems = _Collector()
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SpecError(path, [("", f"not UTF-8 text ({exc.reason})")]) from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(path, [("", f"not valid TOML: {exc}")]) from None
    except RecursionError:
        raise SpecError(path, [("", "not valid TOML: nested too deep")]) from None
    except ValueError as exc:  # an integer with more digits than Python converts
        raise SpecError(path, [("", f"not valid TOML: {str(exc)[:100]}")]) from None
    problems.keys(doc, "", ("meta", "rules"), ("params", "ambiguities"))

    meta = problems.table(doc.get("meta", {}), "meta")
    problems.keys(meta, "meta", ("id", "title", "designers", "seeds"), ("references", "documents"))
    game = problems.text(meta, "meta", "id")
    if game and not _NAME.match(game):
        problems.add("meta.id", f"expected a lower-case game id, got {_short(game)}")
    title = problems.text(meta, "meta", "title")
    designers = problems.strs(meta, "meta", "designers")
    seeds = problems.strs(meta, "meta", "seeds")
    references = problems.strs(meta, "meta", "references")
    sources = set(seeds) | set(references)
    documents: dict[str, str] = {}
    for name, what in sorted(problems.table(meta.get("documents", {}), "meta.documents").items()):
        if name not in sources:
            problems.add(f"meta.documents.{name}", "not one of meta.seeds or meta.references")
        if not isinstance(what, str) or not what.strip():
            problems.add(f"meta.documents.{name}", f"expected what the document is, in words, got {what!r}")
        else:
            documents[name] = what

    rules: list[RuleEntry] = []
    seen: set[str] = set()
    raw_rules = doc.get("rules", [])
    if not isinstance(raw_rules, list):
        problems.add("rules", "expected an array of tables ([[rules]])")
        raw_rules = []
    for index, item in enumerate(raw_rules):
        key = f"rules[{index}]"
        entry = problems.table(item, key)
        rule_id = problems.text(entry, key, "id")
        if rule_id:
            key = f"rules[{index}] ({_k(rule_id)})"
        problems.keys(entry, key, ("id", "seed", "section", "quote", "kind"), ("summary", "audit"))
        if rule_id:
            if not _ID.match(rule_id) or (game and not rule_id.startswith(game + ".")):
                problems.add(f"{key}.id", f"expected '{_k(game)}.<section>.<name>', got {_short(rule_id)}")
            if rule_id in seen:
                problems.add(f"{key}.id", f"duplicate rule id {_short(rule_id)}")
            seen.add(rule_id)
        seed = problems.text(entry, key, "seed")
        if seed and seed not in sources:
            problems.add(f"{key}.seed", f"{_short(seed)} is not one of meta.seeds or meta.references")
        quote = problems.text(entry, key, "quote")
        if "quote" in entry and not quote.strip():
            problems.add(f"{key}.quote", "empty quote")
        kind = problems.choice(entry, key, "kind", RULE_KINDS)
        audit = problems.strs(entry, key, "audit")
        for line in audit:
            if not _AUDIT.match(line):
                problems.add(
                    f"{key}.audit",
                    f"expected '<question>: clear (why) | <CODE> | assumed <param>' with a question among "
                    f"{', '.join(AUDIT_QUESTIONS)}, got {_short(line[:80])}",
                )
        rules.append(
            RuleEntry(
                id=rule_id,
                seed=seed,
                section=problems.text(entry, key, "section"),
                quote=quote,
                summary=problems.text(entry, key, "summary"),
                kind=cast(RuleKind, kind),
                audit=audit,
            )
        )

    params: dict[str, Param] = {}
    for name, item in sorted(problems.table(doc.get("params", {}), "params").items()):
        key = f"params.{_k(name)}"
        entry = problems.table(item, key)
        problems.keys(entry, key, ("value", "provenance", "source", "type"), ("description", "rules", *SCHEMA_FIELDS))
        provenance = problems.choice(entry, key, "provenance", PROVENANCES)
        source = problems.text(entry, key, "source")
        if "source" in entry and not source.strip():
            problems.add(f"{key}.source", "empty: say the seed quote, the address, or the reason for the assumption")
        cited = problems.strs(entry, key, "rules")
        for rule_id in cited:
            if rule_id not in seen:
                problems.add(f"{key}.rules", f"unknown rule id {_short(rule_id)}")
        params[name] = Param(
            name=name,
            value=entry.get("value"),
            provenance=cast(Provenance, provenance),
            source=source,
            description=problems.text(entry, key, "description"),
            rules=cited,
            schema=_schema(problems, entry, key),
        )
    values = {name: p.value for name, p in params.items()}
    for name, param in params.items():
        if param.schema is not None and "value" in problems_entry_keys(doc, name):
            checker = _ValueChecker(param.schema, values, problems.problems)
            tree = parse_type(param.schema.type)
            assert tree is not None  # _schema returned None otherwise
            checker.check(param.value, tree, f"params.{name}.value", True, True, None)
    cited_by_params = {rule_id for p in params.values() for rule_id in p.rules}
    for entry_ in rules:
        if entry_.kind == "data" and entry_.id and entry_.id not in cited_by_params:
            problems.add(f"rules ({entry_.id}).kind", "a 'data' rule must be cited by a parameter's 'rules' list")

    ambiguities: dict[str, Ambiguity] = {}
    codes: set[str] = set()
    for amb_id, item in sorted(problems.table(doc.get("ambiguities", {}), "ambiguities").items()):
        key = f"ambiguities.{_k(amb_id)}"
        if not _NAME.match(amb_id):
            problems.add(key, "expected a lower-case snake_case name")
        entry = problems.table(item, key)
        problems.keys(
            entry,
            key,
            ("code", "title", "kind", "rules", "quote", "readings", "default", "wording"),
            ("answered_by", "placement", "reason", "claims", "seed", "section", "why_default"),
        )
        code = problems.text(entry, key, "code")
        if code and not _CODE.match(code):
            problems.add(f"{key}.code", f"expected a code like 'RA-007', got {_short(code)}")
        if code in codes:
            problems.add(f"{key}.code", f"duplicate finding code {_short(code)}")
        codes.add(code)
        cited = problems.strs(entry, key, "rules")
        for rule_id in cited:
            if rule_id not in seen:
                problems.add(f"{key}.rules", f"unknown rule id {_short(rule_id)}")
        readings: list[Reading] = []
        for name, reading in problems.table(entry.get("readings", {}), f"{key}.readings").items():
            rkey = f"{key}.readings.{_k(name)}"
            if not _NAME.match(name):
                problems.add(rkey, "expected a lower-case snake_case name")
            body = problems.table(reading, rkey)
            problems.keys(body, rkey, ("description",), ("contradicted", "sourced"))
            readings.append(
                Reading(name, problems.text(body, rkey, "description"), problems.text(body, rkey, "contradicted"),
                        problems.text(body, rkey, "sourced"))
            )
        if "readings" in entry and len(readings) < 2:
            problems.add(f"{key}.readings", "an ambiguity needs at least two readings")
        default = problems.text(entry, key, "default")
        if default and readings and default not in {r.name for r in readings}:
            problems.add(f"{key}.default", f"{_short(default)} is not one of its readings")
        wording = problems.text(entry, key, "wording")
        placement = problems.text(entry, key, "placement")
        reason = problems.strs(entry, key, "reason")
        for name, texts in (("wording", (wording,)), ("placement", (placement,)), ("reason", reason)):
            for text in texts:
                try:
                    template_fields(text)
                except ValueError as exc:
                    problems.add(f"{key}.{name}", str(exc))
        claims = parse_claims(entry.get("claims", []), f"{key}.claims", problems.add)
        for index, claim in enumerate(claims):
            if claim.reading and claim.reading not in {r.name for r in readings}:
                problems.add(f"{key}.claims[{index}].reading", f"{_short(claim.reading)} is not one of its readings")
            for where, what in variant_problems(params, claim.variant, f"{key}.claims[{index}].variant"):
                problems.add(where, what)
        where = problems.text(entry, key, "seed")
        if where and where not in (*seeds, *references):
            problems.add(f"{key}.seed", f"{_short(where)} is not one of meta.seeds or meta.references")
        ambiguities[amb_id] = Ambiguity(
            id=amb_id,
            code=code,
            title=problems.text(entry, key, "title"),
            kind=cast(FindingKind, problems.choice(entry, key, "kind", FINDING_KINDS)),
            rules=cited,
            quote=problems.text(entry, key, "quote"),
            readings=tuple(readings),
            default=default,
            wording=wording,
            placement=placement,
            reason=reason,
            claims=claims,
            answered_by=problems.text(entry, key, "answered_by"),
            seed=where,
            section=problems.text(entry, key, "section"),
            why_default=problems.text(entry, key, "why_default"),
        )

    if problems.problems:
        raise SpecError(path, problems.problems)
    return Spec(
        path=path,
        digest=data_digest(doc),
        game=game,
        title=title,
        designers=designers,
        seeds=seeds,
        references=references,
        rules=tuple(rules),
        params=params,
        ambiguities=ambiguities,
        documents=documents,
        data=doc,
    )


def data_digest(doc: Mapping[str, Any]) -> str:
    """The SHA-256 of a spec as data: its parsed TOML as canonical JSON (sorted keys), so that two files that say
    the same (one with a comment more, keys in another order, other spacing) have the same digest."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class SpecEdit:
    """One value of an edited spec that differs from the bundled spec's (compared as data)."""

    key: str
    """The key path: ``params.god_points.value``, ``ambiguities.final_tie.default``, ``rules[ra.gods.points].quote``."""
    old: Any
    """The bundled value (None: the key is new)."""
    new: Any
    """The edited value (None: the key is gone)."""

    def line(self) -> str:
        """``key: old -> new``; of two long texts, only the part that differs (with a little context)."""
        if self.old is None:
            return f"{self.key}: new {_shown(self.new)}"
        if self.new is None:
            return f"{self.key}: gone (was {_shown(self.old)})"
        old, new = differing_parts(_shown(self.old, cut=False), _shown(self.new, cut=False))
        return f"{self.key}: {old} -> {new}"


def edited_values(spec: Spec, bundled: Spec) -> tuple[SpecEdit, ...]:
    """Every value of ``spec`` that differs from ``bundled`` as data (comments, key order and formatting are not
    values), in the file's order: the params, readings, defaults, rules and texts an editor changed."""
    return tuple(_edits(bundled.data, spec.data, ""))


def edits_from_bundled(spec: Spec) -> tuple[SpecEdit, ...]:
    """:func:`edited_values` against the bundled spec of the same game; none when ``spec`` is the bundled file or
    says the same."""
    bundled = bundled_spec_path(spec.game) if spec.game else None
    if bundled is None or not bundled.is_file() or bundled.resolve() == Path(spec.path).resolve():
        return ()
    return edited_values(spec, _parse(str(bundled), _read_spec(bundled)))


def _edits(old: Any, new: Any, key: str) -> Iterable[SpecEdit]:
    if isinstance(old, dict) and isinstance(new, dict):
        for name in [*old, *(k for k in new if k not in old)]:
            here = f"{key}.{name}" if key else str(name)
            if name not in new:
                yield SpecEdit(here, old[name], None)
            elif name not in old:
                yield SpecEdit(here, None, new[name])
            else:
                yield from _edits(old[name], new[name], here)
        return
    if isinstance(old, list) and isinstance(new, list) and _ided(old) and _ided(new):
        olds, news = {i["id"]: i for i in old}, {i["id"]: i for i in new}
        for ident in [*olds, *(i for i in news if i not in olds)]:
            yield from _edits(olds.get(ident), news.get(ident), f"{key}[{ident}]")
        return
    if old is None or new is None:
        yield SpecEdit(key, old, new)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and any(
        isinstance(i, dict | list) for i in old
    ):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from _edits(a, b, f"{key}[{index}]")
    elif old != new or type(old) is not type(new):
        yield SpecEdit(key, old, new)


def _ided(items: list[Any]) -> bool:
    """A list of tables each with a distinct string ``id`` (the ``[[rules]]``): matched by id, not by place."""
    ids = [i.get("id") for i in items if isinstance(i, dict)]
    return len(ids) == len(items) and all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids)


_CUT: Final = 100
"""How much of a value a line shows around the first place two values differ."""


def _shown(value: Any, cut: bool = True) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if not cut or len(text) <= _CUT else text[: _CUT - 1] + "…"


def differing_parts(old: str, new: str, context: int = 30) -> tuple[str, str]:
    """Two texts cut to the part where they differ: from a little before the first difference to a little after the
    last, with ``…`` where something is left out; short texts whole."""
    if len(old) <= _CUT and len(new) <= _CUT:
        return old, new
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    begin = max(0, start - context)

    def cut(text: str) -> str:
        stop = min(len(text), len(text) - end + context)
        return ("…" if begin else "") + text[begin:stop] + ("…" if stop < len(text) else "")

    return cut(old), cut(new)


def load_spec(path: str | Path) -> Spec:
    """Load and validate a spec file; every problem is reported with the file and key path.

    An edited copy of a bundled spec must keep the bundled parameters' schema (type, shape, bounds): the bounds are
    what keeps the work finite, so they are not the editor's to change.
    """
    path = Path(path)
    spec = _parse(str(path), _read_spec(path))
    bundled = bundled_spec_path(spec.game) if spec.game else None
    if bundled is not None and bundled.is_file() and bundled.resolve() != path.resolve():
        _same_schema(spec, _parse(str(bundled), _read_spec(bundled)))
    return spec


def not_regular(path: Path) -> str:
    """What ``path`` is when it is an existing file that is not a regular one (``"a named pipe"``, ``"a directory"``,
    ...), else empty: such a file is refused before it is opened, since reading a named pipe waits for a writer
    (a missing file is left to ``open``, which says so)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return ""
    if stat.S_ISREG(mode):
        return ""
    kinds = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISDIR, "a directory"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))
    return next((what for test, what in kinds if test(mode)), "a special file")


def _read_spec(path: Path) -> bytes:
    kind = not_regular(path)
    if kind:
        raise SpecError(str(path), [("", f"cannot read: {kind}, not a regular file")])
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_SPEC_BYTES + 1)
    except OSError as exc:
        raise SpecError(str(path), [("", f"cannot read: {exc.strerror or type(exc).__name__}")]) from None
    if len(raw) > MAX_SPEC_BYTES:
        raise SpecError(str(path), [("", f"larger than {MAX_SPEC_BYTES} bytes")])
    return raw


def _same_schema(spec: Spec, bundled: Spec) -> None:
    """Each parameter of the bundled spec is present in ``spec`` with the same schema fields."""
    problems: list[tuple[str, str]] = []
    for name, param in bundled.params.items():
        mine = spec.params.get(name)
        if mine is None:
            problems.append((f"params.{name}", "missing (the bundled spec has it)"))
        elif param.schema is not None and (mine.schema is None or mine.schema.fields() != param.schema.fields()):
            found = _short(mine.schema.fields() if mine.schema else None)
            expected = _short(param.schema.fields())
            what = f"the schema is fixed by the bundled spec: expected {expected}, got {found}"
            problems.append((f"params.{name}", what))
    for name in spec.params:
        if name not in bundled.params:
            problems.append((f"params.{name}", "unknown parameter (not in the bundled spec)"))
    for amb_id, amb in bundled.ambiguities.items():
        edited = spec.ambiguities.get(amb_id)
        if edited is None:
            problems.append((f"ambiguities.{amb_id}", "missing (the game's rules read it; keep every ambiguity)"))
        elif set(edited.reading_names()) != set(amb.reading_names()):
            problems.append((
                f"ambiguities.{amb_id}.readings",
                f"expected the readings the game implements ({', '.join(amb.reading_names())}), "
                f"got {_short(list(edited.reading_names()))}",
            ))
    for amb_id in spec.ambiguities:
        if amb_id not in bundled.ambiguities:
            problems.append((f"ambiguities.{amb_id}", "unknown ambiguity (the game's rules do not read it)"))
    if problems:
        raise SpecError(spec.path, problems)


def parse_spec(text: str, path: str = "<string>") -> Spec:
    """Validate spec text (for tests and tools)."""
    return _parse(path, text.encode("utf-8"))


def bundled_spec_path(game: str) -> Path:
    """The spec shipped with the package (or, in a source checkout, the one in ``specs/``)."""
    try:
        candidate = Path(str(resources.files("nilerules.bundled_specs").joinpath(f"{game}.toml")))
        if candidate.is_file():
            return candidate
    except ModuleNotFoundError:  # pragma: no cover - only in a broken install
        pass
    return Path(__file__).resolve().parents[2] / "specs" / f"{game}.toml"


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def normalise(text: str) -> str:
    """Fold white space and typographic quotes, for matching quotes against seed text."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split())


def seed_sentences(text: str) -> tuple[str, ...]:
    """The seed's text cut into sentences and lines (the unit every rule catalogue must account for)."""
    parts = (normalise(p) for p in _SENTENCE_END.split(text))
    return tuple(p for p in parts if p and p != "---")


def unaccounted_sentences(spec: Spec, seed: str, text: str) -> tuple[str, ...]:
    """Sentences of ``seed`` that no catalogued rule's quote touches (a quote may span or sit inside one)."""
    quotes = [normalise(r.quote) for r in spec.rules if r.seed == seed]
    missing = []
    for sentence in seed_sentences(text):
        if not any(q and (q in sentence or sentence in q) for q in quotes):
            missing.append(sentence)
    return tuple(missing)


def misquoted_rules(spec: Spec, seed: str, text: str) -> tuple[str, ...]:
    """Ids of rules citing ``seed`` whose quote is not verbatim in it (white space and quote marks folded)."""
    body = normalise(text)
    return tuple(r.id for r in spec.rules if r.seed == seed and normalise(r.quote) not in body)

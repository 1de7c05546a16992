"""Loading and validating ``specs/<game>.toml``: the rule catalogue, readings of ambiguous rules, component data.

Validation collects every problem (with the file and the key path) before raising one :class:`SpecError`.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, TypeVar, cast

from nilerules.errors import SpecError

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
    r"^(" + "|".join(AUDIT_QUESTIONS) + r"): (clear\b.+|[A-Z]{2,4}-[0-9]{3}\b.*|assumed [a-z_][a-z0-9_]*\b.*)$"
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
class Param:
    """One datum (a count, a table, a layout) with its provenance."""

    name: str
    value: Any
    provenance: Provenance
    source: str
    description: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    """One named way of reading an ambiguous passage."""

    name: str
    description: str
    contradicted: str = ""
    """When the text itself rules this reading out: the quote that does (the report says the text decides)."""


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
    recommendation: str
    answered_by: str = ""
    """A published ruling or FAQ that already answers the question (the finding is marked answered by a source)."""

    def reading_names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.readings)


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
            raise SpecError(self.path, [(f"params.{name}.value", f"expected an integer, got {value!r}")])
        return value

    def typed(self, name: str, check: Callable[[Any], bool], expected: str) -> Any:
        """The value of a parameter, checked by ``check``; ``expected`` says in words what it should be."""
        value = self.value(name)
        if not check(value):
            raise SpecError(self.path, [(f"params.{name}.value", f"expected {expected}, got {value!r}")])
        return value

    def assumed(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params.values() if p.provenance == "assumed")


T = TypeVar("T")


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
                self.add(f"{key}.{name}" if key else name, "missing")
        for name in data:
            if name not in allowed:
                self.add(f"{key}.{name}" if key else name, "unknown key")

    def text(self, data: Mapping[str, Any], key: str, name: str, default: str | None = None) -> str:
        value = data.get(name, default)
        if value is None:
            return ""
        if not isinstance(value, str):
            self.add(f"{key}.{name}", f"expected a string, got {value!r}")
            return ""
        return value

    def strs(self, data: Mapping[str, Any], key: str, name: str) -> tuple[str, ...]:
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add(f"{key}.{name}", f"expected a list of strings, got {value!r}")
            return ()
        return tuple(value)

    def choice(self, data: Mapping[str, Any], key: str, name: str, allowed: tuple[str, ...]) -> str:
        value = self.text(data, key, name)
        if name in data and value not in allowed:
            self.add(f"{key}.{name}", f"expected one of {', '.join(allowed)}, got {data[name]!r}")
        return value


def _parse(path: str, raw: bytes) -> Spec:
    problems = _Collector()
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SpecError(path, [("", f"not UTF-8 text ({exc.reason})")]) from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(path, [("", f"not valid TOML: {exc}")]) from None
    problems.keys(doc, "", ("meta", "rules"), ("params", "ambiguities"))

    meta = problems.table(doc.get("meta", {}), "meta")
    problems.keys(meta, "meta", ("id", "title", "designers", "seeds"), ("references", "documents"))
    game = problems.text(meta, "meta", "id")
    if game and not _NAME.match(game):
        problems.add("meta.id", f"expected a lower-case game id, got {game!r}")
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
            key = f"rules[{index}] ({rule_id})"
        problems.keys(entry, key, ("id", "seed", "section", "quote", "kind"), ("summary", "audit"))
        if rule_id:
            if not _ID.match(rule_id) or (game and not rule_id.startswith(game + ".")):
                problems.add(f"{key}.id", f"expected '{game}.<section>.<name>' in lower case, got {rule_id!r}")
            if rule_id in seen:
                problems.add(f"{key}.id", f"duplicate rule id {rule_id!r}")
            seen.add(rule_id)
        seed = problems.text(entry, key, "seed")
        if seed and seed not in sources:
            problems.add(f"{key}.seed", f"{seed!r} is not one of meta.seeds or meta.references")
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
                    f"{', '.join(AUDIT_QUESTIONS)}, got {line[:80]!r}",
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
        key = f"params.{name}"
        entry = problems.table(item, key)
        problems.keys(entry, key, ("value", "provenance", "source"), ("description", "rules"))
        provenance = problems.choice(entry, key, "provenance", PROVENANCES)
        source = problems.text(entry, key, "source")
        if "source" in entry and not source.strip():
            problems.add(f"{key}.source", "empty: say the seed quote, the address, or the reason for the assumption")
        cited = problems.strs(entry, key, "rules")
        for rule_id in cited:
            if rule_id not in seen:
                problems.add(f"{key}.rules", f"unknown rule id {rule_id!r}")
        params[name] = Param(
            name=name,
            value=entry.get("value"),
            provenance=cast(Provenance, provenance),
            source=source,
            description=problems.text(entry, key, "description"),
            rules=cited,
        )
    cited_by_params = {rule_id for p in params.values() for rule_id in p.rules}
    for entry_ in rules:
        if entry_.kind == "data" and entry_.id and entry_.id not in cited_by_params:
            problems.add(f"rules ({entry_.id}).kind", "a 'data' rule must be cited by a parameter's 'rules' list")

    ambiguities: dict[str, Ambiguity] = {}
    codes: set[str] = set()
    for amb_id, item in sorted(problems.table(doc.get("ambiguities", {}), "ambiguities").items()):
        key = f"ambiguities.{amb_id}"
        if not _NAME.match(amb_id):
            problems.add(key, "expected a lower-case snake_case name")
        entry = problems.table(item, key)
        problems.keys(
            entry,
            key,
            ("code", "title", "kind", "rules", "quote", "readings", "default", "recommendation"),
            ("answered_by",),
        )
        code = problems.text(entry, key, "code")
        if code and not _CODE.match(code):
            problems.add(f"{key}.code", f"expected a code like 'RA-007', got {code!r}")
        if code in codes:
            problems.add(f"{key}.code", f"duplicate finding code {code!r}")
        codes.add(code)
        cited = problems.strs(entry, key, "rules")
        for rule_id in cited:
            if rule_id not in seen:
                problems.add(f"{key}.rules", f"unknown rule id {rule_id!r}")
        readings: list[Reading] = []
        for name, reading in problems.table(entry.get("readings", {}), f"{key}.readings").items():
            rkey = f"{key}.readings.{name}"
            if not _NAME.match(name):
                problems.add(rkey, "expected a lower-case snake_case name")
            body = problems.table(reading, rkey)
            problems.keys(body, rkey, ("description",), ("contradicted",))
            readings.append(
                Reading(name, problems.text(body, rkey, "description"), problems.text(body, rkey, "contradicted"))
            )
        if "readings" in entry and len(readings) < 2:
            problems.add(f"{key}.readings", "an ambiguity needs at least two readings")
        default = problems.text(entry, key, "default")
        if default and readings and default not in {r.name for r in readings}:
            problems.add(f"{key}.default", f"{default!r} is not one of its readings")
        ambiguities[amb_id] = Ambiguity(
            id=amb_id,
            code=code,
            title=problems.text(entry, key, "title"),
            kind=cast(FindingKind, problems.choice(entry, key, "kind", FINDING_KINDS)),
            rules=cited,
            quote=problems.text(entry, key, "quote"),
            readings=tuple(readings),
            default=default,
            recommendation=problems.text(entry, key, "recommendation"),
            answered_by=problems.text(entry, key, "answered_by"),
        )

    if problems.problems:
        raise SpecError(path, problems.problems)
    return Spec(
        path=path,
        digest=hashlib.sha256(raw).hexdigest(),
        game=game,
        title=title,
        designers=designers,
        seeds=seeds,
        references=references,
        rules=tuple(rules),
        params=params,
        ambiguities=ambiguities,
        documents=documents,
    )


def load_spec(path: str | Path) -> Spec:
    """Load and validate a spec file; every problem is reported with the file and key path."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SpecError(str(path), [("", f"cannot read: {exc.strerror}")]) from None
    return _parse(str(path), raw)


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

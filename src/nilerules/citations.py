"""A spec's citations checked against its documents: each quote verbatim in the document it names, under the section
it names; every span a text for people sets in quotation marks is a quote; every audit "clear" quotes the words that
decide it.

Each function returns the problems it finds as short lines (empty when all is well), so a test can assert ``== []``
and print what is wrong. The documents come from :func:`nilerules.documents.load_documents`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from nilerules.documents import (
    QUOTED,
    Document,
    fold,
    is_described_place,
    parts,
    quoted_spans,
    straight_quoted,
    unfound,
)
from nilerules.specs import Ambiguity, Spec


@dataclass(frozen=True, slots=True)
class Text:
    """A text of a spec meant for people, with where it is (for the problem's line)."""

    where: str
    text: str


def headings(spec: Spec, document: str) -> tuple[str, ...]:
    """The sections the spec names for a document (the headings a quote there can stand under)."""
    return tuple(sorted({r.section for r in spec.rules if r.seed == document and not is_described_place(r.section)}))


def where_quoted(spec: Spec, amb: Ambiguity) -> tuple[str, str]:
    """The document and section an ambiguity's quote stands in: its own, else its first cited rule's."""
    first = spec.rule(amb.rules[0]) if amb.rules else None
    return amb.seed or (first.seed if first else ""), amb.section or (first.section if first else "")


def rule_problems(spec: Spec, docs: Mapping[str, Document]) -> list[str]:
    """Rules whose quote is not verbatim in their document, or does not stand under their section."""
    problems = []
    for rule in spec.rules:
        doc = docs.get(rule.seed)
        if doc is None:
            problems.append(f"{rule.id}: its document {rule.seed!r} is not available")
        elif not doc.contains(rule.quote):
            problems.append(f"{rule.id}: the quote is not in {rule.seed}: {rule.quote[:80]!r}")
        elif not doc.stands_under(rule.quote, rule.section, headings(spec, rule.seed)):
            found = doc.sections_of(rule.quote, headings(spec, rule.seed))
            problems.append(f"{rule.id}: the quote stands under {found}, not {rule.section!r}")
    return problems


def ambiguity_problems(spec: Spec, docs: Mapping[str, Document]) -> list[str]:
    """Findings whose quote is not verbatim in the document the report names, or not under the section it names."""
    problems = []
    for amb in spec.ambiguities.values():
        document, section = where_quoted(spec, amb)
        doc = docs.get(document)
        if doc is None:
            problems.append(f"{amb.code}: its document {document!r} is not available")
        elif not doc.contains(amb.quote):
            elsewhere = [name for name, d in docs.items() if d.contains(amb.quote)]
            also = f" (it is in {', '.join(elsewhere)})" if elsewhere else ""
            problems.append(f"{amb.code}: the quote is not in {document}{also}: {amb.quote[:80]!r}")
        elif not doc.stands_under(amb.quote, section, headings(spec, document)):
            found = doc.sections_of(amb.quote, headings(spec, document))
            problems.append(f"{amb.code}: the quote stands under {found}, not {section!r}")
    return problems


def human_texts(spec: Spec) -> tuple[Text, ...]:
    """Every text of a spec written for people (titles, summaries, descriptions, wordings, reasons, audit answers,
    sources), with where it is."""
    texts: list[Text] = []
    for rule in spec.rules:
        texts.append(Text(f"{rule.id}.summary", rule.summary))
        texts += [Text(f"{rule.id}.audit[{i}]", line) for i, line in enumerate(rule.audit)]
    for amb in spec.ambiguities.values():
        texts += [Text(f"{amb.code}.title", amb.title), Text(f"{amb.code}.wording", amb.wording),
                  Text(f"{amb.code}.placement", amb.placement), Text(f"{amb.code}.answered_by", amb.answered_by)]
        texts += [Text(f"{amb.code}.reason[{i}]", s) for i, s in enumerate(amb.reason)]
        texts.append(Text(f"{amb.code}.why_default", amb.why_default))
        for r in amb.readings:
            texts += [Text(f"{amb.code}.{r.name}.description", r.description),
                      Text(f"{amb.code}.{r.name}.contradicted", r.contradicted),
                      Text(f"{amb.code}.{r.name}.sourced", r.sourced)]
    for name, param in spec.params.items():
        texts += [Text(f"params.{name}.source", param.source), Text(f"params.{name}.description", param.description)]
    return tuple(t for t in texts if t.text)


def quoted_problems(texts: Iterable[Text], docs: Mapping[str, Document]) -> list[str]:
    """Spans set in “…” that no document of the spec contains verbatim."""
    return [f"{t.where}: not in any document: {q[:80]!r}" for t in texts for q in unfound(t.text, docs.values())]


def straight_problems(texts: Iterable[Text]) -> list[str]:
    """Spans in straight quotation marks: a quote goes in “…” (verbatim), a reading name in backticks, and a
    paraphrase in no quotation marks at all."""
    return [f"{t.where}: in straight quotation marks: {q[:80]!r}" for t in texts for q in straight_quoted(t.text)]


_CLEAR = re.compile(r"^[a-z_]+: clear\b(.*)$", re.S)


def audit_problems(spec: Spec, docs: Mapping[str, Document]) -> list[str]:
    """Audit answers "clear" that do not quote, verbatim, the words that decide the question, or do not say how they
    decide it: ``"<question>: clear “<words>” — <how they decide it>"`` (more quotes may follow the first)."""
    problems = []
    for rule in spec.rules:
        for line in rule.audit:
            m = _CLEAR.match(line)
            if m is None:
                continue
            body = m.group(1)
            spans = quoted_spans(body)
            how = body.rsplit("”", 1)[-1].lstrip(" ,;")
            if not spans:
                problems.append(f"{rule.id}: a clear that quotes no words: {line[:90]!r}")
            elif not how.startswith("—") or len(how.strip("— .")) < 3:
                problems.append(f"{rule.id}: a clear that does not say how its words decide (“…” — how): "
                                f"{line[:90]!r}")
            for q in spans:
                if not any(d.contains(q) for d in docs.values()):
                    problems.append(f"{rule.id}: the audit's words are not in any document: {q[:80]!r}")
    return problems


def assumed_clear_problems(spec: Spec) -> list[str]:
    """Audit answers "clear" on a rule that an assumed param governs (the param lists the rule) that do not name the
    param: each says whether its deciding words depend on the assumption (then the answer is ``assumed <param>``, an
    open question the model plays one way) or why they do not (issue 32, item 7)."""
    governing: dict[str, list[str]] = {}
    for name, param in sorted(spec.params.items()):
        if param.provenance == "assumed":
            for rule_id in param.rules:
                governing.setdefault(rule_id, []).append(name)
    problems = []
    for rule in spec.rules:
        for line in rule.audit:
            if _CLEAR.match(line) is None:
                continue
            for name in governing.get(rule.id, ()):
                if re.search(rf"\b{re.escape(name)}\b", line) is None:
                    problems.append(f"{rule.id}: a clear that does not say whether it rests on assumed {name}: "
                                    f"{line[:70]!r}")
    return problems


def contradicted_problems(spec: Spec, docs: Mapping[str, Document]) -> list[str]:
    """Readings marked as ruled out by the text whose mark quotes no words of a document."""
    problems = []
    for amb in spec.ambiguities.values():
        for r in amb.readings:
            if r.contradicted and not quoted_spans(r.contradicted):
                problems.append(f"{amb.code}.{r.name}: ruled out by the text, but quotes no words of it")
    return problems


_ITEM = re.compile(r"\s*(- |\d+\. )")
"""A line that opens a list item (``- `` or ``1. ``)."""
_TAG = re.compile(r"\[(src|seed|impl|gap)\b[^\]]*\]")
"""A reference fact's tag (reference/README.md): ``[src]`` (with or without the source named) and ``[seed]`` are
sources; ``[impl]`` (what implementations do) is a cross-check, not an authority; ``[gap]`` is not known."""


def fact_tags(doc: Document, quote: str) -> tuple[str, ...]:
    """The tags of the fact a reference document states in ``quote``: those of its sentence, else of the heading it
    stands under (``## Auction [src]``), else of the paragraph that opens its list (``Then, for every player
    [src]:``), else of its bullet or paragraph; empty when the quote is not in the document or is untagged."""
    number = doc.line_of(quote)
    if number is None:
        return ()
    lines = doc.text.splitlines()

    def opens(line: str) -> bool:
        return _ITEM.match(line) is not None or line.startswith("#")

    first = number - 1
    while first > 0 and not opens(lines[first]) and lines[first - 1].strip() and not lines[first - 1].startswith("#"):
        first -= 1
    last = number
    while last < len(lines) and lines[last].strip() and not opens(lines[last]):
        last += 1
    block = fold(" ".join(line.strip() for line in lines[first:last]))
    at = max(block.find(parts(quote)[0]), 0)
    start = max(block.rfind(". ", 0, at) + 2, 0) if block.rfind(". ", 0, at) >= 0 else 0
    end = block.find(". ", at)
    sentence = block[start:] if end < 0 else block[start:end + 1]
    heading_at = next((i for i in range(number - 1, -1, -1) if lines[i].startswith("#")), -1)
    heading = lines[heading_at] if heading_at >= 0 else ""
    intro = ""
    if _ITEM.match(lines[first]):
        above = [i for i in range(heading_at + 1, first) if lines[i].strip() and not _ITEM.match(lines[i])
                 and not lines[i].startswith(" ")]
        intro = lines[above[-1]] if above else ""
    for text in (sentence, heading, intro, block):
        tags = tuple(m.group(1) for m in _TAG.finditer(text))
        if tags:
            return tags
    return ()


def sources_of(text: str, docs: Mapping[str, Document]) -> tuple[str, ...]:
    """The documents whose words ``text`` quotes as a source: a seed that holds a quoted span, or a reference file
    that holds it as a fact tagged [src] or [seed]."""
    found: list[str] = []
    for quote in quoted_spans(text):
        for name, doc in docs.items():
            if not doc.contains(quote):
                continue
            if not name.endswith(".md") or {"src", "seed"} & set(fact_tags(doc, quote)):
                found.append(name)
    return tuple(dict.fromkeys(found))


def default_source_problems(spec: Spec, docs: Mapping[str, Document]) -> list[str]:
    """Issue 32, item 6, defaults follow the evidence: a reading marked ``sourced`` quotes a source (a seed, or a
    reference fact tagged [src] or [seed]) and is not ruled out by the text; where a reading is sourced, the default
    is a sourced reading, and where a seed gives one, a seed's (the seeds are the authority: reference/README.md);
    a finding answered by a source has its default sourced. Otherwise ``why_default`` says why not, quoting the
    evidence."""
    problems = []
    seeds = {name for name in docs if not name.endswith(".md")}
    for amb in spec.ambiguities.values():
        given: dict[str, tuple[str, ...]] = {}
        for r in amb.readings:
            if not r.sourced:
                continue
            given[r.name] = sources_of(r.sourced, docs)
            if not given[r.name]:
                problems.append(f"{amb.code}.{r.name}: marked sourced, but quotes no seed and no [src] fact of a "
                                "reference")
            if r.contradicted:
                problems.append(f"{amb.code}.{r.name}: marked sourced and ruled out by the text")
        by_seed = {name for name, where in given.items() if seeds & set(where)}
        wanted = by_seed or {name for name, where in given.items() if where}
        if amb.answered_by and amb.default not in given:
            problems.append(f"{amb.code}: answered by a source, but its default `{amb.default}` is not marked sourced")
        if wanted and amb.default not in wanted and not (amb.why_default and quoted_spans(amb.why_default)):
            which = "a seed" if by_seed else "a source"
            problems.append(f"{amb.code}: the default `{amb.default}` is not what {which} gives "
                            f"({', '.join(f'`{n}`' for n in sorted(wanted))}), and why_default does not say why")
    return problems


def contradiction_problems(spec: Spec, docs: Mapping[str, Document]) -> list[str]:
    """Findings whose heading says contradiction without showing one: a contradiction quotes, besides the finding's
    own quote, a second passage (in “…” in its reasons, its readings or its source) that a document holds verbatim
    and that the quote does not contain, the other side of the contradiction."""
    problems = []
    for amb in spec.ambiguities.values():
        if amb.kind != "contradiction":
            continue
        texts = [*amb.reason, amb.answered_by, *(r.description for r in amb.readings),
                 *(r.contradicted for r in amb.readings)]
        own = fold(amb.quote)
        other = [q for t in texts for q in quoted_spans(t)
                 if fold(q) not in own and any(d.contains(q) for d in docs.values())]
        if not other:
            problems.append(f"{amb.code}: its heading says contradiction, and it quotes no second passage")
    return problems


RESULT_WORDS = re.compile(
    r"\b(Z3 (shows|proves|finds)|proved|proves|in \d+ of \d+|never (ran|met|happened|occur)|at least \d+|"
    r"at most \d+|seeded [a-z ]*play (never|always)|\d+ (of|in) \d+ (paired |seeded )?games)\b",
    re.I,
)
"""Words that report a solver, search or simulation outcome: a sentence saying them is rendered from the result
it reports (a placeholder of the check's figures), never typed."""


def typed_results(spec: Spec) -> list[str]:
    """Sentences of a finding's wording, placement, reason or reading descriptions that report a result in typed
    words (no placeholder in the sentence): an edited spec would leave them saying what is no longer true. Words
    inside a quotation of the documents (“…”) are the documents' own, not a result the report claims, and are not
    looked at."""
    from nilerules.wording import template_fields

    problems = []
    for amb in spec.ambiguities.values():
        texts = [("wording", amb.wording), ("placement", amb.placement), *(("reason", s) for s in amb.reason)]
        texts += [(f"{r.name}.description", r.description) for r in amb.readings]
        for where, text in texts:
            unquoted = QUOTED.sub(lambda m: "“" + " " * len(m.group(1)) + "”", text)  # same length, same places
            cuts = [(0, 0), *((b.start(), b.end()) for b in _SENTENCE_BREAK.finditer(unquoted)), (len(text), 0)]
            for (_, start), (end, _) in itertools.pairwise(cuts):
                sentence = text[start:end]
                m = RESULT_WORDS.search(unquoted[start:end])
                if m and not template_fields(sentence):
                    problems.append(f"{amb.code}.{where}: a result in typed words ({m.group(0)!r}): {sentence[:90]!r}")
    return problems


_SENTENCE_BREAK = re.compile(r"(?<=[.;])\s+")
"""Where a finding's text is cut into sentences for :func:`typed_results` (outside quotations)."""

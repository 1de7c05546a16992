"""The rule documents as text to quote from: a quote is a verbatim span of the document it names.

Matching folds what a copy from a rulebook changes without changing the words: runs of white space and line breaks,
a word hyphenated across a line break, typographic quotes, dashes and the ellipsis character. An elision is written
``[…]`` (or ``[...]``): each part is then found in order, each after the one before. Paraphrase is never set in
quotation marks: a span in quotation marks in a text meant for people is a quote, and must be found.

A document's sections are the headings the spec names for it (``section`` of its rules): a quote stands in the
section whose heading is the last one, as a line of its own, before the quote.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from nilerules.errors import MissingDocument

ELISIONS = ("[…]", "[...]")
"""How a quote marks words left out."""

_TYPOGRAPHIC = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u00ad": None}
)
_HYPHENATED = re.compile(r"(?<=[A-Za-z])-[ \t]*\n[ \t]*(?=[a-z])")
_SPACE = re.compile(r"\s+")
QUOTED = re.compile(r"“([^“”]+)”")
"""A decisive quote in an audit answer or a span quoted in prose: between typographic double quotes."""


def fold(text: str) -> str:
    """``text`` with the differences a verbatim copy may have folded away (see the module docstring)."""
    text = text.replace("\u2026", "...").translate(_TYPOGRAPHIC)
    text = _HYPHENATED.sub("-", text)
    return _SPACE.sub(" ", text).strip()


def parts(quote: str) -> tuple[str, ...]:
    """The folded parts of a quote between its elisions (one part when nothing is left out)."""
    text = quote
    for mark in ELISIONS:
        text = text.replace(mark, "\0")
    return tuple(p for p in (fold(piece) for piece in text.split("\0")) if p)


@dataclass(frozen=True, slots=True)
class Span:
    """Where a quote stands in a document's folded text: from the first part's start to the last part's end."""

    start: int
    end: int


@dataclass(frozen=True)
class Document:
    """A rule document (a seed or a reference file) by its name in the specs, with its text folded for quoting."""

    name: str
    text: str
    folded: str = field(init=False)
    _lines: tuple[tuple[int, str], ...] = field(init=False, repr=False)
    """The lines that may be headings, by where they start in the folded text: every line of a text document, the
    ``#`` lines of a Markdown one (without their marks)."""
    _numbers: tuple[tuple[int, int], ...] = field(init=False, repr=False)
    """Every non-empty line of the text as (where it starts in the folded text, its number in the file from 1)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "folded", fold(self.text))
        lines: list[tuple[int, str]] = []
        numbers: list[tuple[int, int]] = []
        cursor = 0
        markdown = self.name.endswith(".md")
        for number, raw in enumerate(self.text.splitlines(), start=1):
            line = fold(raw)
            if not line:
                continue
            at = self.folded.find(line, cursor)
            if at < 0:
                continue
            cursor = at + len(line)
            numbers.append((at, number))
            if not markdown:
                lines.append((at, line))
            elif line.startswith("#"):
                title = line.lstrip("#").lstrip()
                lines.append((at + len(line) - len(title), title))
        object.__setattr__(self, "_lines", tuple(lines))
        object.__setattr__(self, "_numbers", tuple(numbers))

    def find(self, quote: str) -> Span | None:
        """The first place the quote stands (each part after the one before), or None when it is not verbatim."""
        return next(iter(self.find_all(quote)), None)

    def find_all(self, quote: str) -> tuple[Span, ...]:
        """Every place the quote stands (by where its first part starts)."""
        pieces = parts(quote)
        found: list[Span] = []
        if not pieces:
            return ()
        start = self.folded.find(pieces[0])
        while start >= 0:
            end = self._rest(pieces[1:], start + len(pieces[0]))
            if end is not None:
                found.append(Span(start, end))
            start = self.folded.find(pieces[0], start + 1)
        return tuple(found)

    def _rest(self, pieces: Sequence[str], cursor: int) -> int | None:
        for piece in pieces:
            at = self.folded.find(piece, cursor)
            if at < 0:
                return None
            cursor = at + len(piece)
        return cursor

    def line_of(self, quote: str) -> int | None:
        """The number (from 1) of the line of the file where the quote first starts; None when it is not verbatim."""
        span = self.find(quote)
        if span is None:
            return None
        found = None
        for at, number in self._numbers:
            if at > span.start:
                break
            found = number
        return found

    def contains(self, quote: str) -> bool:
        return self.find(quote) is not None

    def heading_at(self, position: int, headings: Iterable[str]) -> str | None:
        """Which of ``headings`` (each matched as a line of the document, see :func:`heads`) is the last before
        ``position``."""
        wanted = [fold(h) for h in headings]
        last = None
        for at, line in self._lines:
            if at > position:
                break
            for heading in wanted:
                if heads(line, heading):
                    last = heading
        return last

    def sections_of(self, quote: str, headings: Iterable[str]) -> tuple[str | None, ...]:
        """The heading (one of ``headings``) each place the quote stands is under (None: before every heading)."""
        listed = tuple(headings)
        return tuple(self.heading_at(span.start, listed) for span in self.find_all(quote))

    def stands_under(self, quote: str, section: str, headings: Iterable[str]) -> bool:
        """Whether the quote stands somewhere under the heading ``section`` (one of ``headings``): the last heading
        before where it starts, or a heading inside it (a quote may begin with its heading). A section written in
        parentheses ("(page header)", "(credits)") describes a place that is not under a heading of its own: only
        the quote is then checked."""
        if is_described_place(section):
            return self.find(quote) is not None
        wanted = fold(section)
        listed = tuple(headings)
        for span in self.find_all(quote):
            if self.heading_at(span.start, listed) == wanted:
                return True
            if any(span.start <= at < span.end and heads(line, wanted) for at, line in self._lines):
                return True
        return False

    def is_heading(self, heading: str) -> bool:
        """Whether ``heading`` heads a line of the document (see :func:`heads`)."""
        wanted = fold(heading)
        return any(heads(line, wanted) for _, line in self._lines)


def is_described_place(section: str) -> bool:
    """A section written in parentheses names a place in words (a page header, the credits), not a heading."""
    return section.startswith("(") and section.endswith(")")


_AFTER_HEADING = (":", " [", " (", " -")


def heads(line: str, heading: str) -> bool:
    """Whether a (folded) heading line is the heading: the heading itself, or the heading followed by a note (a
    Markdown heading "## A turn: exactly one action [src]" heads the section "A turn")."""
    return line == heading or (line.startswith(heading) and line[len(heading):].startswith(_AFTER_HEADING))


def documents_folder() -> Path:
    """Where the rule documents are: in a source checkout ``specs/documents/`` beside the source (so a checkout
    reads its own documents, whatever else is installed), else installed beside the bundled specs
    (``nilerules.bundled_specs/documents``). The seeds stand there by file name, the reference files under
    ``reference/``, as the specs name them."""
    checkout = Path(__file__).resolve().parents[2] / "specs" / "documents"
    if checkout.is_dir():
        return checkout
    try:
        return Path(str(resources.files("nilerules.bundled_specs").joinpath("documents")))
    except ModuleNotFoundError:  # pragma: no cover - only in a broken install
        return checkout


def document_path(name: str, folder: Path | None = None) -> Path:
    """The file of the document a spec names (``002_….txt``, ``reference/sobek.md``) in ``folder`` (default: the
    bundled documents, :func:`documents_folder`)."""
    return (documents_folder() if folder is None else folder) / name


def read_document(name: str, folder: Path | None = None) -> str:
    """The text of the document a spec names; a missing file is an error that names it (``MissingDocument``)."""
    path = document_path(name, folder)
    if not path.is_file():
        raise MissingDocument(f"the document {name!r} is not at {str(path)!r}")
    return path.read_text(encoding="utf-8")


def load_documents(names: Iterable[str], folder: Path | None = None) -> dict[str, Document]:
    """The documents a spec names, read from ``folder`` (default: the bundled documents). A missing file is an error
    that names it, never left out."""
    return {name: Document(name, read_document(name, folder)) for name in names}


@cache
def bundled_document(name: str) -> Document:
    """A document of the package's documents folder, read once per process."""
    return Document(name, read_document(name))


def anchor(name: str, line: int | None = None) -> str:
    """The id of a document (and of one of its lines) on the report's documents page: letters, digits and dashes."""
    base = "doc-" + re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")
    return base if line is None else f"{base}-L{line}"


def passage_line(name: str, quote: str) -> int | None:
    """The line of the bundled document ``name`` where ``quote`` starts (None: no such document, or not verbatim)."""
    try:
        return bundled_document(name).line_of(quote)
    except MissingDocument:
        return None


def quoted_spans(text: str) -> tuple[str, ...]:
    """The spans of ``text`` set in typographic double quotes (“…”): each is a quote, and must be found."""
    return tuple(m.group(1) for m in QUOTED.finditer(text))


# -- a spec's quotes, checked against its documents --------------------------------------------------------------
_STRAIGHT = re.compile(r"""(?:^|(?<=[\s(\[]))(['"])(?=\S)(.+?)(?<=\S)\1(?=$|[\s.,;:)\]!?])""")
"""A span set in straight quotation marks ('…' or "…"), told from an apostrophe by the spaces around it."""


def straight_quoted(text: str) -> tuple[str, ...]:
    """Spans of ``text`` in straight quotation marks: quotes are set in “…” (and reading names in backticks), so a
    straight-quoted span is either a quote in the wrong marks or a paraphrase set as a quote."""
    outside = QUOTED.sub(lambda m: "“" + "x" * len(m.group(1)) + "”", text)  # the document's own marks inside a quote
    return tuple(text[m.start(2) : m.end(2)] for m in _STRAIGHT.finditer(outside))


def unfound(text: str, documents: Iterable[Document]) -> tuple[str, ...]:
    """The spans of ``text`` set in “…” that no document contains verbatim."""
    docs = tuple(documents)
    return tuple(q for q in quoted_spans(text) if not any(d.contains(q) for d in docs))

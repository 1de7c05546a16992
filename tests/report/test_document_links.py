"""A finding's source links to the passage it quotes: documents.html holds every document the specs name, a line an
anchor, and each finding's link (markdown, page, findings.json's ``line``) lands on the line where its quote begins
(issue 32). Expected lines: the quote found by hand in specs/documents/ (the test reads the file line by line)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from nilerules.documents import anchor, fold, read_document
from tests.helpers import QUICK_REPORT_GAMES, quick_report


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The files of the run's one quick report of Ra and Sobek, written by the command line
    (``tests.helpers.quick_report``)."""
    folder = quick_report(tmp_path_factory)
    return {path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_the_tie_sentence_is_linked_at_its_line(files: dict[str, str]) -> None:
    """SOB-001 quotes "In the event of a tie it is the player with the most scarabs.", which stands on line 78 of
    the Sobek document (the paragraph "Then the corruption penalty is applied. ..."), counted in the file itself."""
    text = read_document("002_bee3e532ffed5adf.txt").splitlines()
    line = next(i for i, t in enumerate(text, start=1) if "In the event of a tie it is the player with the most" in t)
    doc = json.loads(files["findings.json"])
    found = next(f for f in doc["games"]["sobek"]["findings"] if f["code"] == "SOB-001")
    assert found["line"] == line
    href = f"documents.html#{anchor('002_bee3e532ffed5adf.txt', line)}"
    assert f"({href})" in files["ambiguities.md"]
    assert f'href="{href}"' in files["report.html"]


def test_every_link_lands_on_a_line_that_holds_the_start_of_its_quote(files: dict[str, str]) -> None:
    """For every finding: its anchor exists on documents.html, and the text of that line (with the lines after it,
    for a quote that runs on) begins the quote's first words."""
    page = files["documents.html"]
    lines = {m.group(1): unescape(re.sub(r"<[^>]+>", "", m.group(2))) for m in
             re.finditer(r'<span class="line" id="([^"]+)"><span class="n">\d+</span>(.*?)</span>', page)}
    doc = json.loads(files["findings.json"])
    assert sorted(doc["games"]) == sorted(QUICK_REPORT_GAMES)
    checked = 0
    for f in (f for game in QUICK_REPORT_GAMES for f in doc["games"][game]["findings"]):
        if not f["document"] or f["line"] is None:
            continue
        key = anchor(f["document"], f["line"])
        assert key in lines, f["code"]
        ids = list(lines)
        following = " ".join(lines[i] for i in ids[ids.index(key) : ids.index(key) + 6])
        first = fold(re.split(r"\[(?:…|\.\.\.)\]", f["quote"])[0]).split()[:4]
        assert " ".join(first) in fold(following), f["code"]
        checked += 1
    assert checked >= 10

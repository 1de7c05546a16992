"""ambiguities.md opens with the table, the key to reading it after (issue 24: a 250-word legend came first); in
report.html a finding is reached by its code in either case (`#ra-009` and `#RA-009`).

On the toy games (tests/toys), whose finding codes are in their specs: NIM-001, TAL-001...
"""

from __future__ import annotations

import re
from collections import Counter

from nilerules.analysis.runner import analyse
from nilerules.checks import GameModule
from nilerules.checks.model import Budget
from nilerules.report import html, markdown
from tests.toys import nim, tally


def test_the_table_comes_before_the_key_and_the_key_before_the_first_game() -> None:
    """The summary table's heading and first row come first; 'How to read it' and the budget follow the table."""
    found = analyse(tally.make_module(), Budget.quick())
    lines = markdown.render([found], Budget.quick()).splitlines()
    table = lines.index("## Every finding, by impact")
    first_row = next(i for i, line in enumerate(lines) if line.startswith("| TAL-"))
    key = next(i for i, line in enumerate(lines) if line.startswith("**How to read it.**"))
    budget = next(i for i, line in enumerate(lines) if line.startswith("Budget: "))
    game = lines.index(f"## {found.title}")
    assert table < first_row < key < budget < game
    assert all(not line.startswith("|") for line in lines[key:game])


def test_a_finding_is_reached_by_its_code_in_either_case() -> None:
    """NIM-001's section has the id nim-001 (the page's own links) and NIM-001; no id is used twice."""
    module = GameModule(nim.make_game(), nim.CHECKS, nim.QUERIES)
    page = html.render([analyse(module, Budget.quick())], Budget.quick(), {"nim": module.game})
    ids = Counter(re.findall(r'\bid="([^"]+)"', page))
    assert ids["nim-001"] == 1 and ids["NIM-001"] == 1
    assert [i for i, n in ids.items() if n > 1] == []
    assert 'href="#nim-001"' in page

"""Any expression an editor may type: an answer, or one line naming the problem and exit 2 (the edge's contract of
tests/fuzz/harness.py: exit 0, 1 or 2, one ``nilerules: error:`` line, never the last-resort ``bug:`` line)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.harness import run_cli

TOKENS = st.sampled_from([
    "seats", "s", "x", ".", "score", "place", "hand", "fish", "round", "phase", "config", "readings", "exists",
    "all", "map", "filter", "size", "max", "min", "sum", "has", "int", "double", "(", ")", "[", "]", "{", "}", ",",
    ":", "?", "0", "1", "-1", "99999999999999999999", "1.5", "3u", '"x"', "'", '"', "true", "null", "b\"x\"", "+",
    "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||", "!", "in", " ", "é", "\\", "\t", "$",
])


@given(st.lists(TOKENS, max_size=14).map("".join), st.sampled_from(["--can", "--max"]))
def test_any_expression_fails_cleanly_or_is_answered(expression: str, question: str) -> None:
    """One seeded game and no guided search per example: what is checked is the edge, not the search."""
    run_cli(["ask", "sobek", question, expression, "--games", "1", "--guided", "0", "--jobs", "1"])

"""Issue 15's second pass: every catalogued Nefertiti rule carries an audit entry, and every answer in it points at
something that exists (a finding code of this spec, or one of its params)."""

from __future__ import annotations

import re

from nilerules.games import load

SPEC = load("nefertiti").game.spec


def test_every_rule_has_an_audit_entry() -> None:
    """No catalogued rule is left without its audit lines."""
    assert [r.id for r in SPEC.rules if not r.audit] == []


def test_audit_answers_name_existing_findings_and_params() -> None:
    """A finding code in an audit line is one of the spec's codes; 'assumed X' names a param of the spec."""
    codes = {a.code for a in SPEC.ambiguities.values()}
    for rule in SPEC.rules:
        for line in rule.audit:
            answer = line.split(": ", 1)[1]
            for code in re.findall(r"\bNEF-[0-9]{3}\b", answer):
                assert code in codes, (rule.id, line)
            assumed = re.match(r"assumed ([a-z_][a-z0-9_]*)", answer)
            if assumed:
                assert assumed.group(1) in SPEC.params, (rule.id, line)


def test_every_finding_is_reached_by_the_audit() -> None:
    """Each finding code is the answer to some audit question (the pass and the findings agree)."""
    mentioned = {c for r in SPEC.rules for line in r.audit for c in re.findall(r"\bNEF-[0-9]{3}\b", line)}
    assert {a.code for a in SPEC.ambiguities.values()} <= mentioned

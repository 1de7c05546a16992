"""Every sentence of every seed is accounted for; every quote is verbatim; every mechanical rule is pinned; every
catalogued rule records the second pass (issue 15), and the audit and the findings agree."""

from __future__ import annotations

import re

import pytest

from nilerules.core.registry import unpinned_rules
from nilerules.documents import read_document
from nilerules.specs import AUDIT_QUESTIONS, misquoted_rules, unaccounted_sentences
from tests.helpers import ROOT, games, loaded


def _seed_text(name: str) -> str:
    return read_document(name)


@pytest.mark.parametrize("game_id", games())
def test_every_seed_sentence_is_catalogued(game_id: str) -> None:
    """Each sentence or line of the game's seed contains (or lies inside) a catalogued quote."""
    spec = loaded(game_id).game.spec
    for seed in spec.seeds:
        assert unaccounted_sentences(spec, seed, _seed_text(seed)) == ()


@pytest.mark.parametrize("game_id", games())
def test_every_quote_is_verbatim(game_id: str) -> None:
    """Quotes match the seed or reference text they cite (white space and quote marks folded)."""
    spec = loaded(game_id).game.spec
    for source in (*spec.seeds, *spec.references):
        assert misquoted_rules(spec, source, _seed_text(source)) == ()


@pytest.mark.parametrize("game_id", games())
def test_every_mechanical_rule_is_pinned_by_a_test(game_id: str) -> None:
    """Each mechanical rule id appears in some test's @pytest.mark.rules marker."""
    spec = loaded(game_id).game.spec
    assert unpinned_rules(spec, ROOT / "tests") == ()


_FINDING_CODE = re.compile(r"\b[A-Z]{2,4}-[0-9]{3}\b")


@pytest.mark.parametrize("game_id", games())
def test_every_rule_has_an_audit_entry(game_id: str) -> None:
    """Issue 15: no catalogued rule is left without its '<question>: <answer>' lines, each asking a known question."""
    spec = loaded(game_id).game.spec
    assert [r.id for r in spec.rules if not r.audit] == []
    assert [(r.id, line) for r in spec.rules for line in r.audit if line.split(":")[0] not in AUDIT_QUESTIONS] == []


@pytest.mark.parametrize("game_id", games())
def test_audit_answers_name_existing_findings_and_params(game_id: str) -> None:
    """A finding code in an audit answer is one of the spec's codes; 'assumed X' names a param of the spec."""
    spec = loaded(game_id).game.spec
    codes = {a.code for a in spec.ambiguities.values()}
    for rule in spec.rules:
        for line in rule.audit:
            answer = line.split(": ", 1)[1]
            for code in _FINDING_CODE.findall(answer):
                assert code in codes, (rule.id, line)
            assumed = re.match(r"assumed ([a-z_][a-z0-9_]*)", answer)
            if assumed:
                assert assumed.group(1) in spec.params, (rule.id, line)


@pytest.mark.parametrize("game_id", games())
def test_every_finding_is_reached_by_the_audit(game_id: str) -> None:
    """Each finding code is the answer to some audit question (the second pass and the findings agree)."""
    spec = loaded(game_id).game.spec
    mentioned = {c for r in spec.rules for line in r.audit for c in _FINDING_CODE.findall(line)}
    assert {a.code for a in spec.ambiguities.values()} <= mentioned

"""The checks and queries of Nefertiti: each check finds a witness and says what it searched; the named queries answer,
refuse bad parameters, and count as worked by hand."""

from __future__ import annotations

import json

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.nefertiti.queries import QUERIES
from nilerules.errors import QueryError
from nilerules.games import load_game

MODULE = load("nefertiti")

GAME = load_game("nefertiti")


@pytest.mark.parametrize("amb_id", sorted(MODULE.checks))
def test_each_check_finds_a_witness(amb_id: str) -> None:
    """Every ambiguity's check separates its readings (a witness), deterministically."""
    first = MODULE.checks[amb_id](GAME, Budget.quick())
    second = MODULE.checks[amb_id](GAME, Budget.quick())
    assert first.verdict.kind == "witness"
    assert first == second
    assert {r for r, _ in first.outcomes} == set(GAME.spec.ambiguities[amb_id].reading_names())
    assert len({o for _, o in first.outcomes}) > 1


@pytest.mark.parametrize("amb_id", sorted(MODULE.checks))
def test_a_check_of_one_situation_says_so(amb_id: str) -> None:
    """Brief: an 'exhaustive' label claims a whole finite domain; a check that built one situation is 'situation',
    and a proof never rests on one situation."""
    result = MODULE.checks[amb_id](GAME, Budget.quick())
    if result.searched.startswith("one situation"):
        assert result.method == "situation", (result.method, result.searched)
        assert result.verdict.kind != "proof"
    if result.method == "exhaustive":
        assert not result.searched.startswith("one "), result.searched


def test_neutral_closure_check_counts_thirteen_disagreements() -> None:
    """Hand count over the standing multisets (4+4 Servants, 2+2 neutrals, close at 3 colours or 4 pawns): the
    readings disagree on the 3-pawn multisets with one Servant and two neutrals (4 same-colour-neutral cases under
    neutral_pawn_each, 2 mixed ones under neutral_one_color), and on the 4-pawn ones that stop being reachable."""
    result = MODULE.checks["neutral_three_colors"](GAME, Budget.quick())
    assert result.data["disagreeing"] == 13
    rows = {tuple(r["counts"]): tuple(r["status"]) for r in result.data["rows"]}
    assert rows[(1, 0, 1, 1)] == ("closes", "open", "closes")
    assert rows[(1, 0, 2, 0)] == ("open", "open", "closes")


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_queries_answer_with_defaults(name: str) -> None:
    """Each named query runs with its default parameters and returns text and JSON-able data."""
    result = MODULE.queries[name].run(GAME, {})
    assert result.text
    json.dumps(result.data)


def test_queries_reject_bad_parameters() -> None:
    """Bad query parameters raise QueryError naming the parameter."""
    with pytest.raises(QueryError):
        MODULE.queries["amon-priest-ranks"].run(GAME, {"scores": "a,b"})
    with pytest.raises(QueryError):
        MODULE.queries["foreign-bonus"].run(GAME, {"type": "camel"})


def test_deben_budget_query_counts_setup_deben() -> None:
    """Hand count: 5 players need 8+8+8+9+9 = 42 + 4 market Deben + 1 on the Harbor = 47 > 30 + 8 coins."""
    data = MODULE.queries["deben-budget"].run(GAME, {}).data
    assert data["5+harbor"] == 47 and data["coins"] == 38

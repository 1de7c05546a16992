"""The question kinds as records (``nilerules.analysis.ask.kinds``): every difference between kinds is read there."""

from __future__ import annotations

import pytest

from nilerules.analysis.ask import Question
from nilerules.analysis.ask.kinds import KINDS
from nilerules.cli import build_parser
from nilerules.errors import QueryError


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_kind_is_asked_by_its_own_option(name: str) -> None:
    """The command line's question options are the records' (``nilerules ask GAME --how-often EXPR``)."""
    kind = KINDS[name]
    args = build_parser().parse_args(["ask", "ra", kind.option, "true"])
    assert getattr(args, name) == "true"
    assert [k for k in KINDS if getattr(args, k) is not None] == [name]


def test_max_prefers_larger_values_and_min_smaller_ones() -> None:
    """Hand check: 3 beats 2 for ``max``, 2 beats 3 for ``min``; the first value beats nothing."""
    assert (KINDS["max"].better(3, 2), KINDS["max"].better(2, 3)) == (True, False)
    assert (KINDS["min"].better(2, 3), KINDS["min"].better(3, 2)) == (True, False)
    assert KINDS["min"].better(7, None)


def test_an_unknown_kind_is_refused_naming_the_kinds() -> None:
    """A kind that has no record is refused at the edge, listing the kinds that exist."""
    with pytest.raises(QueryError, match="questions: can, how_often, max, min"):
        Question("most", "1")  # type: ignore[arg-type]


def test_only_a_share_never_climbs_and_only_can_stops_at_its_first_find() -> None:
    """docs/ask.md: no guided search for ``--how-often``; ``--can`` stops when a game holds EXPR."""
    assert {k.name for k in KINDS.values() if not k.climbs} == {"how_often"}
    assert {k.name for k in KINDS.values() if k.stops_when_found} == {"can"}
    assert {k.name: k.wants for k in KINDS.values()} == {"can": "bool", "how_often": "bool", "max": "int", "min": "int"}

"""Running named queries with parameters given as text (``--param name=value``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nilerules.analysis.findings import with_impact_query
from nilerules.analysis.legal import with_legal_query
from nilerules.analysis.positions import Situation
from nilerules.checks import GameModule
from nilerules.checks.model import POSITION_PARAM, Query, QueryResult
from nilerules.errors import QueryError

MAX_TEXT = 2000
"""Longest text value of a query parameter."""


def parse_params(query: Query, raw: Sequence[str]) -> dict[str, Any]:
    """Turn ``name=value`` strings into typed values; unknown names and bad values are QueryErrors."""
    known = {p.name: p for p in query.params}
    values: dict[str, Any] = {p.name: p.default for p in query.params}
    for item in raw:
        name, sep, text = item.partition("=")
        if not sep:
            raise QueryError(f"--param {item[:80]!r}: expected name=value")
        if name not in known:
            names = ", ".join(known) or "none"
            raise QueryError(f"query {query.name!r} has no parameter {name[:80]!r} (parameters: {names})")
        kind = known[name].type
        if len(text) > MAX_TEXT:
            raise QueryError(f"--param {name}: at most {MAX_TEXT} characters, got {len(text)}")
        if kind == "int":
            try:
                values[name] = int(text)
            except ValueError:
                raise QueryError(f"--param {name}: expected an integer, got {text[:40]!r}") from None
            low, high = known[name].int_bounds()
            if not low <= values[name] <= high:
                raise QueryError(f"--param {name}: expected an integer in {low}..{high}, got {values[name]}")
        elif kind == "bool":
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise QueryError(f"--param {name}: expected true or false, got {text[:40]!r}")
            values[name] = text.lower() in ("true", "1", "yes")
        else:
            values[name] = text
    return values


def queries_of(module: GameModule) -> Mapping[str, Query]:
    """Every query a game answers: its own, plus the generic ``impact`` (analysis.findings) and ``legal``
    (analysis.legal)."""
    return with_legal_query(with_impact_query(module.queries, module.checks))


def query_for(module: GameModule, name: str, with_position: bool = False) -> Query:
    """The query ``name``, refusing a position it does not take and asking for one it requires (QueryErrors)."""
    queries = queries_of(module)
    try:
        query = queries[name]
    except KeyError:
        names = ", ".join(sorted(queries))
        raise QueryError(f"unknown query {name!r} for {module.game.info.id} (queries: {names})") from None
    if with_position and not query.takes_position:
        raise QueryError(f"query {name!r} is not about a situation: it takes no --position")
    if not with_position and query.position == "required":
        raise QueryError(f"query {name!r} needs --position FILE (a position, a state or a play log)")
    return query


def run_query(
    module: GameModule, name: str, raw: Sequence[str] = (), situation: Situation | None = None
) -> QueryResult:
    """Run query ``name`` with ``--param`` strings; a query that takes a position receives ``situation`` in its
    params under ``POSITION_PARAM``."""
    query = query_for(module, name, situation is not None)
    params = parse_params(query, raw)
    if query.takes_position:
        params[POSITION_PARAM] = situation
    return query.run(module.game, params)

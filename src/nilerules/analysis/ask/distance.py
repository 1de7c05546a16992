"""How far a position is from satisfying a question's bool expression: 0 exactly when it holds, else positive.

What the guided search climbs for ``--can`` (`nilerules.analysis.ask.engine`). Each part of the expression is
evaluated by celpy's interpreter, as the whole is (`nilerules.analysis.ask.language`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from celpy import celtypes

from nilerules.analysis.ask.language import (
    MAX_DEPTH,
    RELATIONS,
    EvaluationError,
    Expression,
    Tree,
    recursion_room,
    run,
    unwrap,
)

FAR = 1e9
"""The distance of a part that cannot be measured and does not hold."""
_FLIP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def distance(expression: Expression, values: Mapping[str, Any]) -> float:
    """How far the position is from satisfying a bool expression: 0 exactly when it holds, else positive.

    Comparisons of numbers measure their gap (``score >= 60`` at 52 is 8 away), ``&&`` adds, ``||`` takes the
    nearer side, ``exists`` the nearest item and ``all`` the sum over items; any other part counts 0 or 1. A part
    that cannot be evaluated counts `FAR`.
    """
    with recursion_room(4 * MAX_DEPTH + 200):
        return _distance(expression.tree, dict(values), False)


def _truth(tree: Tree, values: dict[str, Any]) -> bool | None:
    try:
        result = run(tree, values)
    except EvaluationError:
        return None
    return bool(result) if isinstance(result, celtypes.BoolType) else None


def _distance(tree: Tree, values: dict[str, Any], negated: bool) -> float:
    node = unwrap(tree)
    kind = node.data
    if kind == "paren_expr":
        return _distance(node.children[0], values, negated)
    if kind in ("conditionalor", "conditionaland"):
        left, right = (_distance(c, values, negated) for c in node.children)
        conjunction = (kind == "conditionaland") != negated
        return left + right if conjunction else min(left, right)
    if kind == "unary" and node.children[0].data == "unary_not":
        return _distance(node.children[1], values, not negated)
    if kind == "relation" and node.children[0].data != "relation_in":
        return _gap(node, values, negated)
    if kind == "member_dot_arg" and str(node.children[1]) in ("exists", "all") and len(node.children) > 2:
        return _quantifier(node, values, negated)
    truth = _truth(node, values)
    if truth is None:
        return FAR
    return 0.0 if truth != negated else 1.0


def _number(tree: Tree, values: dict[str, Any]) -> float | None:
    try:
        value = run(tree, values)
    except EvaluationError:
        return None
    if isinstance(value, celtypes.BoolType) or not isinstance(value, int | float):
        return None
    return float(value)


def _gap(node: Tree, values: dict[str, Any], negated: bool) -> float:
    left_op, right = node.children
    op = RELATIONS[left_op.data]
    if negated:
        op = _FLIP[op]
    a, b = _number(left_op.children[0], values), _number(right, values)
    if a is None or b is None:
        truth = _truth(node, values)
        return FAR if truth is None else (0.0 if truth != negated else 1.0)
    holds = {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op]
    if holds:
        return 0.0
    if op in ("<", "<="):
        return a - b + (1.0 if op == "<" else 0.0) or 1.0
    if op in (">", ">="):
        return b - a + (1.0 if op == ">" else 0.0) or 1.0
    return abs(a - b) if op == "==" else 1.0


def _quantifier(node: Tree, values: dict[str, Any], negated: bool) -> float:
    target, name = node.children[0], str(node.children[1])
    var_tree, body = node.children[2].children
    var = str(unwrap(var_tree).children[0])
    try:
        items = run(target, values)
    except EvaluationError:
        return FAR
    if not isinstance(items, list):
        return FAR
    parts = [_distance(body, {**values, var: item}, negated) for item in items]
    existential = (name == "exists") != negated
    if existential:
        return min(parts, default=1.0)
    return sum(parts)

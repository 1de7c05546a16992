"""The rule registry: ``@rule("ra.auction.bid")`` binds an implementing function to catalogued rule ids.

Loading a game checks both ways: every implementation cites an id that the spec catalogues, and every mechanical rule
of the spec has an implementation.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import ParamSpec, TypeVar

from nilerules.errors import NileRulesError, SpecError
from nilerules.specs import Spec

P = ParamSpec("P")
R = TypeVar("R")
_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")


class RegistrationError(NileRulesError, TypeError):
    """A ``@rule`` decorator was misused: a malformed id, or an id bound twice."""


@dataclass(frozen=True, slots=True)
class Implementation:
    """Where a rule is implemented."""

    rule_id: str
    qualname: str
    module: str


_BY_ID: dict[str, Implementation] = {}


def rule(*rule_ids: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Mark a function as the implementation of the given rule ids (each id may be bound once)."""
    if not rule_ids:
        raise RegistrationError("@rule needs at least one rule id")
    for rule_id in rule_ids:
        if not _ID.match(rule_id):
            raise RegistrationError(f"malformed rule id {rule_id!r}: expected '<game>.<section>.<name>'")

    def bind(fn: Callable[P, R]) -> Callable[P, R]:
        for rule_id in rule_ids:
            impl = Implementation(rule_id, fn.__qualname__, fn.__module__)
            previous = _BY_ID.get(rule_id)
            if previous is not None and previous != impl:
                raise RegistrationError(
                    f"rule id {rule_id!r} is bound twice: {previous.module}.{previous.qualname} "
                    f"and {impl.module}.{impl.qualname}"
                )
            _BY_ID[rule_id] = impl
        # the registry is the record: the function itself is returned untouched, so compiled (mypyc) functions,
        # which have no ``__dict__``, can be registered too
        return fn

    return bind


def implementations(game: str) -> dict[str, Implementation]:
    """Every registered implementation of ``game``'s rules, by rule id."""
    prefix = game + "."
    return {k: v for k, v in sorted(_BY_ID.items()) if k.startswith(prefix)}


def validate_implementations(spec: Spec) -> None:
    """Both ways: implementations cite catalogued ids; catalogued mechanical rules are implemented."""
    impls = implementations(spec.game)
    catalogued = set(spec.rule_ids())
    mechanical = spec.rule_ids("mechanical")
    problems: list[tuple[str, str]] = []
    for rule_id, impl in impls.items():
        if rule_id not in catalogued:
            problems.append((f"rules ({rule_id})", f"cited by {impl.module}.{impl.qualname} but not catalogued"))
    for rule_id in mechanical:
        if rule_id not in impls:
            problems.append((f"rules ({rule_id})", "mechanical rule with no implementation citing it"))
    if problems:
        raise SpecError(spec.path, problems)


def pinned_rules(test_paths: Iterable[Path]) -> dict[str, tuple[str, ...]]:
    """Rule ids pinned by tests: ``@pytest.mark.rules("id", ...)`` markers, read from the test sources."""
    pinned: dict[str, list[str]] = {}
    for path in sorted(test_paths):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.ClassDef):
                continue
            for deco in node.decorator_list:
                if (
                    isinstance(deco, ast.Call)
                    and isinstance(deco.func, ast.Attribute)
                    and deco.func.attr == "rules"
                ):
                    for arg in deco.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            pinned.setdefault(arg.value, []).append(f"{path.name}::{node.name}")
    return {k: tuple(v) for k, v in sorted(pinned.items())}


def unpinned_rules(spec: Spec, tests_dir: Path) -> tuple[str, ...]:
    """Mechanical rules of ``spec`` that no test under ``tests_dir`` pins."""
    pinned = pinned_rules(tests_dir.rglob("test_*.py"))
    return tuple(r for r in spec.rule_ids("mechanical") if r not in pinned)

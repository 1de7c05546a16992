"""The build: which modules run compiled (mypyc) must match what setup.py asks for, never silently fall back."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest

import nilerules
from nilerules.build import build_label, compiled_modules
from tests.helpers import ROOT

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too


def _hot_modules() -> set[str]:
    """The modules setup.py compiles, read from its HOT_MODULES table (not imported: setup.py runs setup())."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "HOT_MODULES" for t in node.targets):
            table = ast.literal_eval(node.value)
            return {f"nilerules.{package.replace('/', '.')}.{m}" for package, modules in table.items() for m in modules}
    raise AssertionError("setup.py has no HOT_MODULES table")


def test_the_build_is_what_it_should_be() -> None:
    compiled = set(compiled_modules())
    if os.environ.get("NILERULES_EXPECT_COMPILED") == "1":
        # `nox -s compiled` installs with `pip install .`: every hot module must really be compiled
        assert compiled == _hot_modules()
        assert build_label() == f"mypyc-compiled build, {len(compiled)} modules"
    elif Path(nilerules.__file__).resolve().is_relative_to(ROOT / "src"):
        # an editable install runs the sources themselves
        assert compiled == set()
        assert build_label() == "pure-Python build"
    else:
        pytest.skip("a regular install without NILERULES_EXPECT_COMPILED=1: nothing says which build it should be")


def test_hot_modules_exist() -> None:
    for name in _hot_modules():
        assert (ROOT / "src" / Path(*name.split("."))).with_suffix(".py").is_file(), name


def _imported_by(module: str) -> set[str]:
    """Every module named by the import statements of ``module``'s source (at any depth: in functions too, since mypy
    and so mypyc follow those as well)."""
    path = ROOT / "src" / Path(*module.split("."))
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    named = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            named |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return named


def _is_source(module: str) -> bool:
    path = ROOT / "src" / Path(*module.split("."))
    return (path / "__init__.py").is_file() or path.with_suffix(".py").is_file()


def test_the_compiled_modules_type_check_with_the_build_requirements_alone() -> None:
    """mypyc type-checks every module the compiled ones import, inside pip's isolated build environment, which holds
    only the build requirements (setuptools, mypy). A compiled module that reached the test kit (hypothesis) or the
    report (jinja2, matplotlib) failed that check and silently installed pure Python: CI of 2026-12-01, where
    `nilerules.games` imported the analysis layer's queries. z3 is allowed (mypy ignores its missing import), and so is
    typing_extensions, a requirement of mypy itself (imported for the type checker only: ``checks.GameModule``'s
    type parameter has a default)."""
    seen = set(_hot_modules())
    todo = list(seen)
    third_party = set()
    while todo:
        for name in _imported_by(todo.pop()):
            top = name.split(".")[0]
            if top == "nilerules":
                # `from package import module` names package.module; every enclosing package is imported too
                parts = name.split(".")
                for enclosing in (".".join(parts[:i]) for i in range(1, len(parts) + 1)):
                    if _is_source(enclosing) and enclosing not in seen:
                        seen.add(enclosing)
                        todo.append(enclosing)
            elif top not in sys.stdlib_module_names and top != "__future__":
                third_party.add(top)
    assert third_party <= {"z3", "typing_extensions"}
    assert not {name for name in seen if name.startswith(("nilerules.testing", "nilerules.report"))}

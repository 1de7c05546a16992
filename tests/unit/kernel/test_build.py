"""The build: which modules run compiled (mypyc) must match what setup.py asks for, never silently fall back."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

import nilerules
from nilerules.build import build_label, compiled_modules
from tests.helpers import ROOT


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

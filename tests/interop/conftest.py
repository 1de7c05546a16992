"""The interop tests need OpenSpiel and PettingZoo (``pip install -e '.[dev,openspiel,pettingzoo]'``; nox's ``tests``
session installs them). Where a package is missing the tests that need it fail, saying what to install, unless it
truly cannot be installed there (OpenSpiel has wheels for Linux and macOS only) or NILERULES_ALLOW_NO_INTEROP=1:
then they are skipped with a warning (listed at the end of the run, under pytest-xdist too) and a closing banner."""

from __future__ import annotations

import importlib
import os
import sys
import warnings
from types import ModuleType
from typing import Any

import pytest

INSTALLABLE = {"pyspiel": sys.platform in ("linux", "darwin"), "pettingzoo": True}
"""Where each package can be installed from the registry (open-spiel: manylinux and macOS wheels only)."""
EXTRA = {"pyspiel": "openspiel", "pettingzoo": "pettingzoo"}
_SKIPPED: set[str] = set()


def require(module: str) -> ModuleType:
    """Import ``module``, or fail the test (skip it, loudly, where the package cannot be installed)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        message = f"{module} is not installed: pip install -e '.[{EXTRA[module]}]' (nox -s tests installs it)"
        if INSTALLABLE[module] and os.environ.get("NILERULES_ALLOW_NO_INTEROP") != "1":
            pytest.fail(message, pytrace=False)
        _SKIPPED.add(module)
        warnings.warn(pytest.PytestWarning(f"INTEROP TEST SKIPPED: {message}"), stacklevel=2)
        pytest.skip(message)


@pytest.fixture(scope="session")
def pyspiel() -> ModuleType:
    """pyspiel, with the four games registered."""
    module = require("pyspiel")
    importlib.import_module("nilerules.interop.openspiel")
    return module


@pytest.fixture(scope="session")
def pettingzoo_test() -> ModuleType:
    """pettingzoo.test (api_test, seed_test)."""
    require("pettingzoo")
    return importlib.import_module("pettingzoo.test")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _SKIPPED:
        banner = "!" * 78
        terminalreporter.write_line(banner)
        terminalreporter.write_line(f"INTEROP TESTS SKIPPED: {', '.join(sorted(_SKIPPED))} not installed")
        terminalreporter.write_line(banner)

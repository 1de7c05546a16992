"""Which modules of this installation run compiled by mypyc, and which run as plain Python.

A regular install (``pip install .``) compiles the playout loop and the games' rule modules with mypyc (see setup.py);
an editable install, ``NILERULES_PURE=1`` or a failed compile leaves everything as plain Python. Both run the same
source and give the same games; only the speed differs.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

VERSION = "0.1.0"
"""The version of nilerules (``nilerules.__version__``), written into every findings.json."""

_ROOT = Path(__file__).resolve().parent


def compiled_modules() -> tuple[str, ...]:
    """The dotted names of nilerules modules that import from a compiled extension (it shadows the .py), sorted."""
    found = set()
    for path in _ROOT.rglob("*"):
        # EXTENSION_SUFFIXES lists the most specific suffix first (".cpython-311-x86_64-linux-gnu.so" before ".so")
        suffix = next((s for s in EXTENSION_SUFFIXES if path.name.endswith(s)), None)
        if suffix is not None:
            parts = path.relative_to(_ROOT).with_name(path.name[: -len(suffix)]).parts
            found.add(".".join(("nilerules", *parts)))
    return tuple(sorted(found))


def build_label() -> str:
    """A short description of this build, for speed figures: which kind of build produced them."""
    compiled = compiled_modules()
    return f"mypyc-compiled build, {len(compiled)} modules" if compiled else "pure-Python build"

"""Packaging glue.

- The bundled specs live in the top-level specs/ folder and install as ``nilerules.bundled_specs``.
- A regular install (``pip install .``) compiles the playout loop and the rule modules with mypyc (part of mypy): the
  same typed source, compiled to a C extension, with the same behaviour and about twice the speed. The compiled
  modules are listed in ``COMPILED``; everything else stays plain Python.
- ``NILERULES_PURE=1`` skips compiling. So does an editable install (``pip install -e .``): the sources you edit are
  the code that runs, and coverage sees them. If compiling fails (no C compiler, a mypy that rejects the code), the
  install warns and falls back to the pure-Python modules, which are always installed beside the extensions.
- ``NILERULES_EXPECT_COMPILED=1`` (set by ``nox -s compiled``) turns that fallback into a failed install, so the cause
  is printed where the build ran rather than discovered later by a test.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

HOT_MODULES = {
    "core": ("chance", "legal_memo", "native", "playout", "readings", "rollout"),
    "games/ra": ("scoring", "game"),
    "games/ra/rules": ("__init__", "scratch", "traders", "epochs", "gods", "disasters", "auction", "turn", "start"),
    "games/sobek": ("sobstate", "params", "scoring", "game"),
    "games/sobek/rules": (
        "common", "pending", "track", "events", "sets", "market", "characters", "draws", "rounds", "turn"
    ),
    "games/nefertiti": ("cards", "nefstate", "scoring"),
    "games/nefertiti/rules": (
        "__init__",
        "common",
        "chance",
        "turn",
        "neutral_pawns",
        "closing",
        "refill",
        "harbor",
        "characters",
    ),
    "games/nile_artefacts": ("state", "scoring", "game"),
    "games/nile_artefacts/rules": ("__init__", "conditions", "supply", "offerings", "navigation", "rounds"),
}
COMPILED = [f"src/nilerules/{package}/{module}.py" for package, modules in HOT_MODULES.items() for module in modules]


def _wants_compiled() -> bool:
    if os.environ.get("NILERULES_PURE", "") not in ("", "0"):
        return False
    editable = {"editable_wheel", "develop"} & set(sys.argv)
    return not editable


def _fall_back(reason: str) -> None:
    """Install pure Python after a failed compile, or fail the install when a compiled build was asked for."""
    if os.environ.get("NILERULES_EXPECT_COMPILED") == "1":
        raise SystemExit(f"nilerules: NILERULES_EXPECT_COMPILED=1 but {reason}")
    print(f"nilerules: {reason}; installing pure Python", file=sys.stderr)


def _mypyc_extensions() -> list[Any]:
    if not _wants_compiled():
        return []
    try:
        from mypyc.build import mypycify

        # one C file per module (multi_file), so that build_extension below compiles them on every core
        return list(mypycify(COMPILED, opt_level="3", group_name="nilerules", multi_file=True))
    except BaseException as exc:  # mypycify exits on a type error; any failure means: install pure Python
        _fall_back(f"mypyc cannot compile ({exc!r}; its type errors are printed above)")
        return []


class OptionalBuildExt(build_ext):
    """Build the mypyc extensions if possible; on any failure remove what was built and install pure Python."""

    def build_extension(self, ext: Any) -> None:
        """Compile an extension's C files in parallel, one compiler process per core, largest first (the compiler
        itself is single-threaded, and one file of about 200,000 lines took 75 s of one core)."""
        serial = self.compiler.compile

        def parallel(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) < 2:
                return list(serial(sources, *args, **kwargs))
            largest_first = sorted(sources, key=lambda source: -Path(source).stat().st_size)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                compiled = pool.map(lambda source: serial([source], *args, **kwargs), largest_first)
                objects = dict(zip(largest_first, compiled, strict=True))
            return [obj for source in sources for obj in objects[source]]

        self.compiler.compile = parallel
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile

    def run(self) -> None:
        # an in-tree build/ folder may hold extensions of modules no longer compiled: they would shadow the .py files
        wanted = {Path(output).resolve() for output in self.get_outputs()}
        for suffix in EXTENSION_SUFFIXES:
            for stale in Path(self.build_lib, "nilerules").rglob(f"*{suffix}"):
                if stale.resolve() not in wanted:
                    stale.unlink()
        try:
            super().run()
        except Exception as exc:
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            _fall_back(f"compiling failed ({exc})")


setup(
    packages=[*find_packages("src"), "nilerules.bundled_specs"],
    package_dir={"": "src", "nilerules.bundled_specs": "specs"},
    ext_modules=_mypyc_extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
)

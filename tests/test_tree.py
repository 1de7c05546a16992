"""The test tree's layers (tests/README.md): a rules test, under ``tests/games/<game>/``, loads the game and never the
checks, the solver or z3, so that a test of one rule runs on the rules alone.

Two checks, one static and one of what really loads: every import in a rules test file (at module level or inside a
test, through ``tests.*`` helper modules too) stays below the checks; and importing every rules test file in a fresh
interpreter leaves z3, the checks, the solver and the analysis unloaded. The rules tests still living under
``tests/unit/<game>/`` count as rules tests unless ``NOT_YET_MOVED`` names them (a list that only shrinks).

One exception, named file by file in ``SITUATIONS_USERS``: a rules test that builds its positions with its game's
situation builders (``checks/<game>/situations.py``: ``dealt``, ``place``, ``situation``, ...) imports them and nothing
else above the rules; importing them loads the checks (and for Ra and Sobek z3), until those builders move below the
checks. That list only shrinks too.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
GAME_IDS = ("ra", "nile_artefacts", "sobek", "nefertiti")

ABOVE_THE_RULES = (
    "z3",
    "nilerules.checks",
    "nilerules.solver",
    "nilerules.analysis",
    "nilerules.report",
    "nilerules.interop",
    "nilerules.cli",
)
"""Modules a rules test must not import (nor any module it imports from ``tests``)."""
LOADS_THE_CHECKS = ("tests.helpers.loaded", "tests.helpers.edited_game", "tests.helpers.game")
"""Helpers of tests/helpers.py that import the checks when called (a rules test uses ``edited_rules``,
``load_game``)."""

SITUATION_BUILDERS = re.compile(r"^nilerules\.checks\.(ra|nile_artefacts|sobek|nefertiti)(\.situations(\.\w+)?)?$")
"""What a file of ``SITUATIONS_USERS`` may import above the rules: its game's situation builders."""
SITUATIONS_USERS: frozenset[str] = frozenset({
})
"""Rules test files (and their helper modules) that import their game's situation builders from the checks."""

NOT_YET_MOVED: frozenset[str] = frozenset()
"""Files under tests/unit/<game>/ that test the checks and still wait for their move to tests/checks/<game>/."""


def rules_test_files() -> list[Path]:
    """Every Python file of tests/games/, and of tests/unit/<game>/ not in ``NOT_YET_MOVED``."""
    found = sorted((TESTS / "games").rglob("*.py"))
    for game_id in GAME_IDS:
        found += [p for p in sorted((TESTS / "unit" / game_id).glob("*.py"))
                  if p.relative_to(ROOT).as_posix() not in NOT_YET_MOVED]
    return found


def imports(path: Path, everywhere: bool = True) -> list[tuple[int, str]]:
    """Every module ``path`` imports (line, dotted name), and each imported name as ``module.name``: anywhere in the
    file, or (``everywhere=False``, for a helper module) only what importing it runs, its module-level imports outside
    ``if TYPE_CHECKING:`` (a helper's function that imports the checks is named in ``LOADS_THE_CHECKS``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str]] = []
    nodes = ast.walk(tree) if everywhere else iter(tree.body)
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def module_file(name: str) -> Path | None:
    """The file of a ``tests.*`` module, if ``name`` is one."""
    if not name.startswith("tests."):
        return None
    path = ROOT.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def problems(path: Path, seen: set[Path] | None = None, everywhere: bool = True) -> list[str]:
    """The imports above the rules in ``path`` and in the ``tests.*`` modules it imports, transitively (those at
    import time only)."""
    seen = set() if seen is None else seen
    if path in seen:
        return []
    seen.add(path)
    out: list[str] = []
    where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    for line, name in imports(path, everywhere):
        if any(name == m or name.startswith(m + ".") for m in ABOVE_THE_RULES):
            out.append(f"{where}:{line} imports {name}")
        elif name in LOADS_THE_CHECKS:
            out.append(f"{where}:{line} imports {name}, which loads the checks")
        elif (helper := module_file(name)) is not None:
            out += problems(helper, seen, everywhere=False)
    return out


def beyond_situations(path: Path) -> list[str]:
    """The problems of ``path``, but for an import of its game's situation builders when ``SITUATIONS_USERS`` names
    it (then the situation builders are expected, and anything else above the rules is not)."""
    found = problems(path)
    if path.relative_to(ROOT).as_posix() in SITUATIONS_USERS:
        found = [p for p in found if not SITUATION_BUILDERS.match(p.split(" imports ")[1].split(",")[0])]
    return found


def test_rules_tests_import_nothing_above_the_rules() -> None:
    """No rules test file, nor a helper module it imports from tests/, imports the checks, the solver or z3 (a file of
    ``SITUATIONS_USERS``: nothing but its game's situation builders)."""
    found = [p for path in rules_test_files() for p in beyond_situations(path)]
    assert found == []


def test_the_lists_only_name_files_that_exist_and_still_need_them() -> None:
    """Every file the lists excuse exists and does import above the rules, and a file of ``SITUATIONS_USERS`` does
    import its game's situation builders (a stale entry fails: the lists shrink)."""
    stale = sorted(name for name in NOT_YET_MOVED if not (ROOT / name).is_file() or not problems(ROOT / name))
    stale += sorted(name for name in SITUATIONS_USERS
                    if not (ROOT / name).is_file() or problems(ROOT / name) == beyond_situations(ROOT / name))
    assert stale == []


def test_importing_the_rules_tests_loads_no_checks_and_no_z3() -> None:
    """A fresh interpreter that imports every rules test file (but ``SITUATIONS_USERS``) has not loaded z3, the checks,
    the solver or the analysis (module-level code included: ``MODULE = load(...)`` at import would load them)."""
    modules = [p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".") for p in rules_test_files()
               if p.name not in ("__init__.py", "conftest.py")
               and p.relative_to(ROOT).as_posix() not in SITUATIONS_USERS]
    script = (
        "import importlib, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"above = sorted(m for m in sys.modules if m.startswith({ABOVE_THE_RULES!r}))\n"
        "print(above)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"


def test_the_static_check_finds_imports_above_the_rules(tmp_path: Path) -> None:
    """The checker is not blind: a file importing the checks (inside a function too), a helper that loads them, and
    z3 is flagged three times; one importing the rules only is not."""
    broken = tmp_path / "broken.py"
    broken.write_text("import z3\nfrom tests.helpers import edited_game\n\n\ndef f():\n"
                      "    from nilerules.checks.kit import under\n", encoding="utf-8")
    fine = tmp_path / "fine.py"
    fine.write_text("from nilerules.games import load_game\nfrom tests.helpers import edited_rules\n", encoding="utf-8")
    assert [p.split(" imports ")[1] for p in problems(broken)] == [
        "z3", "tests.helpers.edited_game, which loads the checks", "nilerules.checks.kit", "nilerules.checks.kit.under"]
    assert problems(fine) == []

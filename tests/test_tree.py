"""The test tree's layers (tests/README.md): a rules test, under ``tests/games/<game>/``, loads the game and never the
checks, the solver or z3, so that a test of one rule runs on the rules alone.

Two checks, one static and one of what really loads: every import in a rules test file (at module level or inside a
test, through ``tests.*`` helper modules too) stays below the checks; and importing every rules test file in a fresh
interpreter leaves z3, the checks, the solver and the analysis unloaded. There is no exception: a rules test builds
its positions with its game's situation builders (``nilerules.games.<game>.situations``) and plays with
``nilerules.core.seeded``, both below the checks.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

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
LOADS_THE_CHECKS = ("tests.helpers.loaded", "tests.helpers.edited_game", "tests.helpers.game",
                    "tests.helpers.quick_report")
"""Helpers of tests/helpers.py that import the checks when called (a rules test uses ``edited_rules``,
``load_game``); ``test_every_helper_that_imports_above_the_rules_is_named`` keeps the list whole."""


def rules_test_files(tests: Path = TESTS) -> list[Path]:
    """Every Python file of tests/games/."""
    return sorted((tests / "games").rglob("*.py"))


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


def above_the_rules(tests: Path = TESTS) -> list[str]:
    """The imports above the rules of every rules test file of ``tests`` (and of the helper modules they import)."""
    return [p for path in rules_test_files(tests) for p in problems(path)]


def test_rules_tests_import_nothing_above_the_rules() -> None:
    """No rules test file, nor a helper module it imports from tests/, imports the checks, the solver or z3."""
    assert above_the_rules() == []


def test_importing_the_rules_tests_loads_no_checks_and_no_z3() -> None:
    """A fresh interpreter that imports every rules test file has not loaded z3, the checks, the solver or the
    analysis (module-level code included: ``MODULE = load(...)`` at import would load them)."""
    modules = [p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".") for p in rules_test_files()
               if p.name not in ("__init__.py", "conftest.py")]
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


def imported_above_when_called(path: Path, module: str) -> list[str]:
    """The module-level functions of the helper module ``path`` (named ``module``) whose body imports something above
    the rules: calling one loads it although importing the module does not."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        names = [alias.name for n in ast.walk(node) if isinstance(n, ast.Import) for alias in n.names]
        names += [n.module for n in ast.walk(node) if isinstance(n, ast.ImportFrom) and n.module]
        if any(name == m or name.startswith(m + ".") for name in names for m in ABOVE_THE_RULES):
            found.append(f"{module}.{node.name}")
    return found


def test_every_helper_that_imports_above_the_rules_is_named() -> None:
    """Each function of tests/helpers.py that imports the checks, the CLI, ... when called is in ``LOADS_THE_CHECKS``
    (a rules test calling it would load them, and only the list says so)."""
    found = imported_above_when_called(TESTS / "helpers.py", "tests.helpers")
    assert [name for name in found if name not in LOADS_THE_CHECKS] == []


def test_the_helper_scan_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    """The scan is not blind: a helper importing the command line or the checks inside its body is found, one
    importing the rules only is not, nor a module-level import (the static check sees those)."""
    helpers = tmp_path / "helpers.py"
    helpers.write_text("from nilerules.analysis import runner\n\n\ndef report():\n    from nilerules.cli import main\n"
                       "\n\ndef rules():\n    from nilerules.games import load_game\n\n\n"
                       "def checks():\n    import nilerules.checks.kit\n", encoding="utf-8")
    assert imported_above_when_called(helpers, "tests.h") == ["tests.h.report", "tests.h.checks"]


def test_the_rule_has_no_exception_for_situation_builders(tmp_path: Path) -> None:
    """The rule is strict: a rules test importing its game's situation builders from the checks (where they lived
    before issue 33) is flagged like any other import of the checks; the same builders from the game are not."""
    rules = tmp_path / "games" / "ra" / "rules"
    rules.mkdir(parents=True)
    (rules / "test_auction.py").write_text("from nilerules.checks.ra.situations import dealt\n", encoding="utf-8")
    (tmp_path / "games" / "ra" / "test_scoring.py").write_text(
        "from nilerules.games.ra.situations import dealt\n", encoding="utf-8")
    # a problem names its file relative to the checkout when tmp_path lies inside it (nox's TMPDIR is under .nox/)
    assert [problem.rsplit("/", 1)[-1] for problem in above_the_rules(tmp_path)] == [
        "test_auction.py:1 imports nilerules.checks.ra.situations",
        "test_auction.py:1 imports nilerules.checks.ra.situations.dealt",
    ]

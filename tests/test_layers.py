"""The import layers of the package: arrows only run down (../shared/STYLE.md, "Layout").

Every import in every module of ``src/nilerules`` counts, at module level or inside a function, under
``TYPE_CHECKING`` or not: an import that runs up is an arrow up, whenever it runs.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "nilerules"

LAYERS: dict[str, int] = {
    "errors": 0,
    "specs": 0,
    "spec_edges": 0,
    "wording": 0,
    "documents": 0,
    "citations": 0,
    "build": 0,
    "core": 0,
    "games": 1,
    "solver": 2,
    "checks": 3,
    "analysis": 4,
    "testing": 4,
    "report": 5,
    "interop": 5,
    "cli": 6,
    "__init__": 6,
    "__main__": 6,
}
"""The layer of each top-level module or package of nilerules (lower is further down)."""

GAME_IDS = ("ra", "nile_artefacts", "sobek", "nefertiti")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def imported(path: Path) -> list[tuple[int, str]]:
    """Every nilerules module that ``path`` imports (line, dotted name), relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if name == "nilerules" or name.startswith("nilerules.")]


def top(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def game_of(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) > 2 and parts[1] in ("games", "checks", "solver") and parts[2] in GAME_IDS:
        return parts[2]
    return None


def existing(name: str) -> bool:
    """Whether ``name`` is a module or package of the source tree (``from x import y`` also names attributes)."""
    relative = Path(*name.split(".")[1:])
    return (SRC / relative).with_suffix(".py").exists() or (SRC / relative / "__init__.py").exists()


def arrows_up() -> list[str]:
    problems = []
    for path in sorted(SRC.rglob("*.py")):
        here = module_name(path)
        layer = LAYERS.get(top(here))
        assert layer is not None, f"{here}: its top-level module has no layer in LAYERS"
        for line, target in imported(path):
            if target == "nilerules" or not existing(target):
                if target == "nilerules" and layer < LAYERS["__init__"]:
                    problems.append(f"{here}:{line} imports the package facade")
                continue
            there = LAYERS.get(top(target))
            assert there is not None, f"{target}: its top-level module has no layer in LAYERS"
            if there > layer:
                problems.append(f"{here}:{line} imports {target} (layer {there} above {layer})")
            mine, theirs = game_of(here), game_of(target)
            if mine is not None and theirs is not None and mine != theirs:
                problems.append(f"{here}:{line} imports another game's module {target}")
    return problems


def test_arrows_only_run_down() -> None:
    """No module imports one of a higher layer, and no game's module imports another game's."""
    assert arrows_up() == []


def test_the_layer_check_sees_an_arrow_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: a rules module that imports the analysis, or another game, is reported."""
    tree = tmp_path / "nilerules"
    for package in ("games/ra", "games/sobek", "analysis"):
        (tree / package).mkdir(parents=True)
        (tree / package / "__init__.py").write_text("")
    (tree / "__init__.py").write_text("")
    (tree / "analysis" / "impact.py").write_text("")
    (tree / "games" / "sobek" / "rules.py").write_text("")
    (tree / "games" / "ra" / "rules.py").write_text(
        "def f():\n    from nilerules.analysis import impact\n    from nilerules.games.sobek import rules\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "SRC", tree)
    assert arrows_up() == [
        "nilerules.games.ra.rules:2 imports nilerules.analysis (layer 4 above 1)",
        "nilerules.games.ra.rules:2 imports nilerules.analysis.impact (layer 4 above 1)",
        "nilerules.games.ra.rules:3 imports another game's module nilerules.games.sobek",
        "nilerules.games.ra.rules:3 imports another game's module nilerules.games.sobek.rules",
    ]


SITUATIONS_MAY_IMPORT = ("nilerules.core", "nilerules.errors")
"""What a game's situation builders (``games/<game>/situations.py``) may import besides their own game."""


def situations_beyond_the_rules() -> list[str]:
    """The imports of each game's situation builders other than the kernel, the errors and the game itself (the
    checks and the rules tests both build on them, so they stand on the rules alone)."""
    problems = []
    for game_id in GAME_IDS:
        path = SRC / "games" / game_id / "situations.py"
        if not path.is_file():
            problems.append(f"{module_name(path)} is missing")
            continue
        allowed = (*SITUATIONS_MAY_IMPORT, f"nilerules.games.{game_id}")
        problems += [f"{module_name(path)}:{line} imports {target}" for line, target in imported(path)
                     if not any(target == a or target.startswith(a + ".") for a in allowed)]
    return problems


def test_situation_builders_import_only_the_kernel_and_their_game() -> None:
    """Every game has its situation builders, and they import nothing but ``nilerules.core``, ``nilerules.errors``
    and their own game."""
    assert situations_beyond_the_rules() == []


def test_the_situations_check_sees_a_stray_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: situation builders importing the spec loader (allowed to the rules, not to them) or the
    checks' kit are reported, a game without them too; the kernel, the errors and the game's own rules are not."""
    games = tmp_path / "nilerules" / "games"
    for game_id in GAME_IDS[:3]:
        (games / game_id).mkdir(parents=True)
    (games / "ra" / "situations.py").write_text(
        "from nilerules.core.seeded import replay_actions\nfrom nilerules.errors import PositionError\n"
        "from nilerules.games.ra import rules\n", encoding="utf-8")
    (games / "nile_artefacts" / "situations.py").write_text("import nilerules.specs\n", encoding="utf-8")
    (games / "sobek" / "situations.py").write_text(
        "def f():\n    from nilerules.checks.kit import under\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "SRC", tmp_path / "nilerules")
    assert situations_beyond_the_rules() == [
        "nilerules.games.nile_artefacts.situations:1 imports nilerules.specs",
        "nilerules.games.sobek.situations:2 imports nilerules.checks.kit",
        "nilerules.games.sobek.situations:2 imports nilerules.checks.kit.under",
        "nilerules.games.nefertiti.situations is missing",
    ]


def test_loading_a_game_loads_no_solver_and_no_analysis() -> None:
    """``load_game`` imports the rules only: neither z3, nor the solver, nor the checks of a game, nor the analysis."""
    code = (
        "import sys, nilerules\n"
        "for g in nilerules.GAME_IDS: nilerules.load_game(g)\n"
        "bad = sorted(m for m in sys.modules if m == 'z3' or m.startswith(('nilerules.analysis', 'nilerules.solver',"
        " 'nilerules.report', 'nilerules.checks.')))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

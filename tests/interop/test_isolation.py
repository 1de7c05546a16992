"""The core library does not import OpenSpiel or PettingZoo: only their adapter modules do."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

THIRD_PARTY = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def imported_after(code: str) -> list[str]:
    """The third-party modules of the adapters that are imported once ``code`` has run in a fresh interpreter."""
    probe = f"{code}\nimport sys\nprint(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {THIRD_PARTY!r})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return [name for name in out.stdout.strip().split(",") if name]


def test_nilerules_and_the_shared_interop_modules_import_neither_library() -> None:
    """``import nilerules``, loading every game, and ``nilerules.interop`` (spaces, seats) import none of them."""
    code = (
        "import nilerules, nilerules.interop\n"
        "for g in nilerules.GAME_IDS: nilerules.interop.action_space(nilerules.load_game(g), nilerules.load_game(g)"
        ".config(2))"
    )
    assert imported_after(code) == []


def test_each_adapter_imports_its_own_library_only(pyspiel: ModuleType, pettingzoo_test: ModuleType) -> None:
    """The check itself sees an import: the OpenSpiel adapter brings pyspiel and not PettingZoo, and the other way
    round."""
    openspiel = {name.split(".")[0] for name in imported_after("import nilerules.interop.openspiel")}
    pettingzoo = {name.split(".")[0] for name in imported_after("import nilerules.interop.pettingzoo")}
    assert "pyspiel" in openspiel and "pettingzoo" not in openspiel
    assert "pettingzoo" in pettingzoo and "pyspiel" not in pettingzoo

"""tools/strength.py: a search budget override the budget refuses ends in argparse's error (exit 2) naming the field,
before any game is played, not in a traceback."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_tool", ROOT / "tools" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--candidates", "-1"], "candidates: expected 0 to 100000, got -1"),
        (["--simulations", "0"], "simulations: expected 1 to 100000, got 0"),
        (["--depth", "-3"], "depth: expected 0 to 1000000, got -3"),
    ],
)
def test_a_refused_budget_override_is_one_error_and_exit_2(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as stop:
        _tool().main([*argv, "--games", "1", "--out", str(tmp_path / "s.json")])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err
    assert not (tmp_path / "s.json").exists()

"""tools/coverage.py: rule coverage as a developer's tool, outside the editor's report (issue 10)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coverage_tool", ROOT / "tools" / "coverage.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_coverage_tool_lists_rule_implementation_and_pinning_test(tmp_path: Path) -> None:
    """A test file pinning a Ra rule with @pytest.mark.rules appears beside that rule and its implementing function."""
    (tmp_path / "test_pin.py").write_text(
        'import pytest\n\n@pytest.mark.rules("ra.scoring.tiebreak")\ndef test_x() -> None:\n    pass\n'
    )
    lines = _tool().coverage_lines("ra", tmp_path)
    row = next(line for line in lines if line.startswith("ra.scoring.tiebreak "))
    assert "nilerules.games.ra." in row and row.endswith("<- test_pin.py::test_x")
    assert lines[-1].endswith(f"1 pinned by tests under {tmp_path}")


def test_coverage_tool_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game name is one line on stderr and exit 2."""
    assert _tool().main(["nogame"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_coverage_tool_names_a_test_file_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tests folder holding a non-UTF-8 test file (it crashed `report --tests`) is one line and exit 2."""
    (tmp_path / "test_bad.py").write_bytes(b"\xff\xfe not utf-8")
    assert _tool().main(["ra", "--tests", str(tmp_path)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_report_no_longer_takes_a_tests_folder(capsys: pytest.CaptureFixture[str]) -> None:
    """`report --tests` is gone: the report does not read the working directory (issue 10)."""
    from nilerules.cli import main

    assert main(["report", "--tests", "tests"]) == 2
    assert "unrecognized arguments: --tests" in capsys.readouterr().err

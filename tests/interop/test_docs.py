"""The two examples of docs/interop.md run as written (the MCTS one with fewer games and simulations)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from types import ModuleType

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
MCTS_SIZE = "GAMES, SIMULATIONS = 30, 20"


def example(name: str) -> str:
    """The code block after ``<!-- example: name -->`` in docs/interop.md."""
    found = re.search(rf"<!-- example: {name} -->\n```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert found is not None, name
    return found.group(1)


def run(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"{DOCS}", "exec"), {"__name__": "__interop_example__"})
    return out.getvalue()


def test_mcts_example_runs(pyspiel: ModuleType) -> None:
    """MCTS against two random bots in Ra: one game of 3 simulations a move; the line it prints says a share."""
    code = example("mcts")
    assert MCTS_SIZE in code
    printed = run(code.replace(MCTS_SIZE, "GAMES, SIMULATIONS = 1, 3"))
    line = r"MCTS, 3 simulations a move, won (\d+)% \(± \d+%\) of 1 games against 2 random bots\n"
    found = re.fullmatch(line, printed)
    assert found is not None, printed
    assert int(found.group(1)) in range(101)


def test_pettingzoo_example_runs(pettingzoo_test: ModuleType) -> None:
    """The random-agent loop plays a whole game: every agent ends, and the rewards (rank-based) sum to 0."""
    printed = run(example("pettingzoo")).splitlines()
    ends = [re.fullmatch(r"(player_\d) ends with reward (-?[\d.]+)", line) for line in printed]
    assert all(ends) and sorted(m.group(1) for m in ends if m) == ["player_0", "player_1", "player_2"]
    assert abs(sum(float(m.group(2)) for m in ends if m)) < 1e-9

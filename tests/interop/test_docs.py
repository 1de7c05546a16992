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


LEARNER_SIZE = "TRAIN, EVALUATE = 3000, 500"


def test_learner_example_runs(pyspiel: ModuleType) -> None:
    """The REINFORCE example at 2 training games and 2 evaluation games: it trains and prints its two win shares,
    each with its n and Wilson interval."""
    code = example("learner")
    assert LEARNER_SIZE in code
    printed = run(code.replace(LEARNER_SIZE, "TRAIN, EVALUATE = 2, 2"))
    share = r"(\d+)% \(95 % Wilson interval (\d+)% to (\d+)%, n = 2\)"
    line = rf"Ra, 2 players, against a random seat: the linear policy won {share} untrained, {share} after 2 games of "
    found = re.fullmatch(line + r"training\n", printed)
    assert found is not None, printed
    first, low, high = (int(found.group(i)) for i in (1, 2, 3))
    assert low <= first <= high


def test_the_layout_tables_are_the_code_s() -> None:
    """Each game's table in docs/interop.md is what tools/interop_layouts.py prints from the layouts the code
    builds, and (as the document says) no reading or module changes a layout's size."""
    import importlib.util

    from nilerules.games import GAME_IDS, load_game
    from nilerules.interop.layouts import layout
    from tests.interop.cases import all_modules

    spec = importlib.util.spec_from_file_location("interop_layouts", DOCS.parents[1] / "tools" / "interop_layouts.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    text = DOCS.read_text(encoding="utf-8")
    for game_id in GAME_IDS:
        assert tool.section(game_id) in text, f"regenerate: python tools/interop_layouts.py --write ({game_id})"
        game = load_game(game_id)
        for players in game.info.player_counts:
            last = {a: amb.reading_names()[-1] for a, amb in sorted(game.spec.ambiguities.items())}
            sizes = {
                layout(game, config).size
                for config in (game.config(players), game.config(players, all_modules(game_id), readings=last))
            }
            assert len(sizes) == 1, (game_id, players, sizes)

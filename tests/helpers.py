"""Helpers shared by the generic tests: which games are present, where the seeds are, each game's documented example
position (and the state it describes) and action forms (and the check that every move met reads back in one), a
game loaded from an edited copy of its spec, the states of a seeded random game, a check's witness from seeded play.

Importing this module loads no checks and no z3 (rules tests under tests/games use it): ``loaded``, ``game``,
``edited_game`` and ``quick_report`` load the checks when called (``tests/test_tree.py``'s ``LOADS_THE_CHECKS``);
``edited_rules`` gives the game alone."""

from __future__ import annotations

import os
import random
import re
import time
import tomllib
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nilerules.core import CHANCE, Config, Witness, written
from nilerules.core.game import moves_here, position_config
from nilerules.core.log import replay_steps
from nilerules.games import available, load_game
from nilerules.specs import bundled_spec_path

if TYPE_CHECKING:
    from nilerules.checks import GameModule

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ROOT / "specs" / "documents"
"""The rule documents in the checkout: the seeds by file name, the reference files under ``reference/``."""


@cache
def loaded(game_id: str) -> GameModule:
    """The game with its checks and queries (loads the checks)."""
    from nilerules.checks import load

    return load(game_id)


def games() -> tuple[str, ...]:
    return available()


def game(game_id: str) -> Any:
    return loaded(game_id).game


def documented_position(heading: str) -> dict[str, Any]:
    """The first TOML block of the section ``## <heading>`` of docs/positions.md: that game's example position."""
    text = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```toml\n(.*?)```", section, re.S)
    assert block is not None, heading
    return tomllib.loads(block.group(1))


def written_state(game: Any, data: dict[str, Any]) -> Any:
    """The state a written position describes, built under the configuration its own ``config`` table names
    (``core.game.position_config``: the fewest players, no modules and the default readings where it is silent)."""
    return game.position(position_config(game, data), data)


def toml_value(value: Any) -> str:
    """A value as TOML: a str is taken as TOML text already; ints and lists of them as Python writes them; a dict as
    an inline table with bare keys."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return repr(value)


def edited_spec(tmp_path: Path, game_id: str, **values: Any) -> Path:
    """A copy of the game's bundled spec with each ``[params.<name>] value`` replaced (``toml_value``)."""
    text = bundled_spec_path(game_id).read_text(encoding="utf-8")
    for name, value in values.items():
        found = re.search(rf"(\[params\.{name}\]\n(?:(?!\n\[).)*?\nvalue = )[^\n]*", text, flags=re.S)
        assert found is not None, name
        text = text[: found.end(1)] + toml_value(value) + text[found.end() :]
    path = tmp_path / f"{game_id}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def edited_rules(tmp_path: Path, game_id: str, **values: Any) -> Any:
    """The game alone (``load_game``, no checks) from a copy of its spec with params replaced (``edited_spec``)."""
    return load_game(game_id, edited_spec(tmp_path, game_id, **values))


def edited_game(tmp_path: Path, game_id: str, **values: Any) -> GameModule:
    """The game with its checks (``checks.load``) from a copy of its spec with params replaced (``edited_spec``)."""
    from nilerules.checks import load

    return load(game_id, edited_spec(tmp_path, game_id, **values))


def spec_with_line_edited(tmp_path: Path, game_id: str, pattern: str, replacement: str) -> Path:
    """A copy of the game's bundled spec with one line edited (``pattern``, a multi-line regex, must match once)."""
    text, count = re.subn(pattern, replacement, bundled_spec_path(game_id).read_text(encoding="utf-8"), flags=re.M)
    assert count == 1, pattern
    path = tmp_path / f"{game_id}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def seeded_states(game: Any, config: Config, seed: int) -> list[Any]:
    """Every state of one seeded random game, setup to end: moves by ``rng.choice`` of the legal actions, chance by the
    game's ``sample_chance``, both from ``random.Random(seed)``."""
    rng = random.Random(seed)
    state = game.setup(config)
    out = [state]
    while (mover := game.current_player(state)) is not None:
        action = game.sample_chance(state, rng) if mover is CHANCE else rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        out.append(state)
    return out


def seeded_witness_steps(game: Any, found: Any, readings: list[str]) -> list[Any]:
    """Assert that the check result ``found`` is a witness from seeded play (a log from setup, not constructed) whose
    outcomes name ``readings`` in order and differ; return the steps of its log replayed (``replay_steps``)."""
    assert isinstance(found.verdict, Witness)
    assert not found.constructed and found.witness_log is not None
    assert [r for r, _ in found.outcomes] == readings
    assert len({o for _, o in found.outcomes}) == 2
    return list(replay_steps(game, found.witness_log))


def documented_actions(heading: str) -> list[str]:
    """The action forms docs/positions.md writes in the section ``## <heading>``: each span in backticks of its
    paragraph 'Actions are written with the same names: ...', up to 'Logs written' (the older forms), that is an
    action (a table or a quoted name), with the page's line breaks inside a span joined."""
    text = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    section = " ".join(text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0].split())
    paragraph = section.split("Actions are written with the same names:", 1)[1].split("Logs written", 1)[0]
    return [span for span in re.findall(r"`([^`]+)`", paragraph) if span[:1] in ("{", '"')]


def written_like(written: Any, documented: Any) -> bool:
    """Whether the parsed written form of an action has the shape of a documented one: a name is that very name at
    the top (``"pass"``), a table has the same keys with values alike (a string for a string, a whole number for a
    whole number, the same boolean), a list's items are each like the documented list's first item."""
    if isinstance(documented, dict):
        return (isinstance(written, dict) and written.keys() == documented.keys()
                and all(_value_like(written[k], documented[k]) for k in documented))
    return written == documented


def _value_like(written: Any, documented: Any) -> bool:
    if isinstance(documented, bool):
        return written is documented
    if isinstance(documented, int):
        return isinstance(written, int) and not isinstance(written, bool)
    if isinstance(documented, str):
        return isinstance(written, str)
    if isinstance(documented, list):
        return isinstance(written, list) and all(_value_like(w, documented[0]) for w in written)
    return written_like(written, documented)


def documented_kinds_met(game: Any, states: Iterable[Any], heading: str,
                         kind: Callable[[Any], Any] = type) -> set[Any]:
    """Assert, for every move and chance outcome ``a`` of ``states``, that ``game.action(str(a)) == a`` and that
    ``str(a)`` has the shape of one of the action forms of docs/positions.md's section ``heading``
    (``documented_actions``, ``written_like``); the kinds of action met (``kind(a)``)."""
    documented = [written.parse(form) for form in documented_actions(heading)]
    met = set()
    for state in states:
        for action in moves_here(game, state):
            text = str(action)
            assert action == game.action(text), text
            assert any(written_like(written.parse(text), form) for form in documented), text
            met.add(kind(action))
    return met


def made_once(tmp_path_factory: Any, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name`` that ``make(folder)`` fills, made once per test run even under pytest-xdist: the workers of
    one run share their base temporary folder's parent, the first to come makes the folder while the others wait on
    its lock. Without xdist it is the run's own temporary folder (never shared with another run)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder, lock, done = shared / name, shared / f"{name}.lock", shared / f"{name}.done"
    while not done.exists():
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            time.sleep(0.5)
            continue
        os.close(fd)
        try:
            if not done.exists():
                folder.mkdir(exist_ok=True)
                make(folder)
                done.touch()
        finally:
            lock.unlink()
    return folder


QUICK_REPORT_GAMES = ("ra", "sobek")
"""The games of ``quick_report``."""


def quick_report(tmp_path_factory: Any) -> Path:
    """The folder of one quick-budget report of Ra and Sobek, written by the command line with both bundled specs
    passed as ``--spec`` (``nilerules report --budget quick --spec ra.toml --spec sobek.toml --out DIR``): made once
    per test run and shared by the xdist workers (``made_once``) and by every test file that reads a written report
    (the check baseline, the document links), so that the run pays for one quick analysis of the two games."""
    from nilerules.cli import main

    def write(out: Path) -> None:
        specs = [str(bundled_spec_path(g)) for g in QUICK_REPORT_GAMES]
        argv = ["report", "--budget", "quick", "--quiet", "--out", str(out)]
        for spec in specs:
            argv += ["--spec", spec]
        assert main(argv) == 0

    return made_once(tmp_path_factory, "quick-report", write)

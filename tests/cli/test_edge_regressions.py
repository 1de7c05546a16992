"""Regression tests for the edge of the program (issue 10): hangs, lost files, broken messages, the CLI's own face.

Each test reproduces one class of failure the issue lists; the expected behaviour is the issue's "what to build".
"""

from __future__ import annotations

import io
import json
import os
import random
import sys
from pathlib import Path

import pytest

from nilerules import __version__
from nilerules.cli import MAX_GAMES, main
from nilerules.core.chance import random_index
from nilerules.core.files import OutputError, write_atomic, write_set
from nilerules.specs import bundled_spec_path
from tests.fuzz.harness import run_cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> str:
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("nilerules: error: "), err
    assert not lines[0].startswith("nilerules: error: nilerules"), "doubled prefix"
    return lines[0]


# -- hangs and work bounds -------------------------------------------------------------------------------------
def test_random_index_refuses_an_empty_range() -> None:
    """`random_index(rng, 0)` looped forever (getrandbits(0) is always 0); n <= 0 is now an error."""
    for n in (0, -3):
        with pytest.raises(ValueError, match="n > 0"):
            random_index(random.Random(1), n)


def test_nefertiti_without_base_characters_finishes(tmp_path: Path) -> None:
    """All five `base_characters` set to 0 made `simulate` never return; now it answers (a result or one line)."""
    text = bundled_spec_path("nefertiti").read_text(encoding="utf-8")
    start = text.index("[params.base_characters]\n")
    line = text.index("\nvalue = ", start) + 1
    end = text.index("\n", line)
    names = json.loads(json.dumps(__import__("tomllib").loads(text)["params"]["base_characters"]["value"]))
    zero = "{ " + ", ".join(f"{k} = 0" for k in names) + " }"
    path = tmp_path / "nef.toml"
    path.write_text(text[:line] + "value = " + zero + text[end:], encoding="utf-8")
    outcome = run_cli(["simulate", "nefertiti", "--games", "2", "--spec", str(path)])
    assert outcome.code in (0, 2)


def test_games_beyond_the_bound_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate sobek --games 9223372036854775808` hung; --games is bounded by MAX_GAMES."""
    code, _, err = run(capsys, "simulate", "sobek", "--games", "9223372036854775808")
    assert f"1..{MAX_GAMES}" in one_line_error(code, err)


def test_query_parameter_beyond_its_bound_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A query's work-size parameter has an upper bound too (default bound of an int parameter)."""
    code, _, err = run(capsys, "query", "ra", "pharaoh-ties", "--param", "playouts=99999999999")
    assert "playouts" in one_line_error(code, err)


# -- states checked before scoring ------------------------------------------------------------------------------
def _final_state(tmp_path: Path, game: str, seed: int = 4) -> Path:
    state = tmp_path / f"{game}.state.json"
    log = str(tmp_path / "log.json")
    assert main(["play", game, "--seed", str(seed), "--out", log, "--state-out", str(state)]) == 0
    return state


def _leaves(data: object, path: tuple[object, ...] = ()) -> list[tuple[tuple[object, ...], int]]:
    """Every integer leaf of a JSON document, with its path."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [(path, data)]
    if isinstance(data, dict):
        return [leaf for k, v in data.items() for leaf in _leaves(v, (*path, k))]
    if isinstance(data, list):
        return [leaf for i, v in enumerate(data) for leaf in _leaves(v, (*path, i))]
    return []


def _set(data: object, path: tuple[object, ...], value: object) -> None:
    for key in path[:-1]:
        data = data[key]  # type: ignore[index]
    data[path[-1]] = value  # type: ignore[index]


@pytest.mark.parametrize("game", ["ra", "nile_artefacts", "sobek", "nefertiti"])
def test_states_with_huge_or_negative_counts_are_refused_or_scored_quickly(tmp_path: Path, game: str) -> None:
    """Huge values in a state (`river_spaces`, gift counts) hung `score`; negative ones crashed. Each integer of a
    final state set to 10**15 or -1 in turn: scored, or refused in one line, always within the time limit."""
    path = _final_state(tmp_path, game)
    original = json.loads(path.read_text())
    leaves = _leaves(original)
    for index in range(0, len(leaves), max(1, len(leaves) // 12)):
        for value in (10**15, -1):
            data = json.loads(json.dumps(original))
            _set(data, leaves[index][0], value)
            path.write_text(json.dumps(data))
            run_cli(["score", game, str(path)])


def test_nefertiti_state_with_amon_priest_out_of_range_is_refused(tmp_path: Path) -> None:
    """A Nefertiti state whose `amon_priest` names no seat passed the invariants and crashed scoring; refused now."""
    path = _final_state(tmp_path, "nefertiti")
    data = json.loads(path.read_text())
    data["amon_priest"] = 10**15
    path.write_text(json.dumps(data))
    outcome = run_cli(["score", "nefertiti", str(path)])
    assert outcome.code == 2 and "amon_priest" in outcome.err


@pytest.mark.parametrize("where", [("hands", 0), ("completed", 0, 0)])
def test_nile_artefacts_state_with_an_entry_deleted_is_refused(tmp_path: Path, where: tuple[object, ...]) -> None:
    """A Nile Artefacts state with one seat's hand, or one level of `completed`, deleted passed the invariants and
    crashed scoring (fuzz suite)."""
    path = _final_state(tmp_path, "nile_artefacts")
    data = json.loads(path.read_text())
    target = data
    for key in where[:-1]:
        target = target[key]
    del target[where[-1]]
    path.write_text(json.dumps(data))
    outcome = run_cli(["score", "nile_artefacts", str(path)])
    assert outcome.code == 2 and "one entry per seat" in outcome.err


def test_ra_state_with_a_bag_count_lowered_and_a_tuple_shortened_is_refused(tmp_path: Path) -> None:
    """A Ra state breaking conservation was scored and crashed; now InvalidState names the first broken invariant."""
    path = _final_state(tmp_path, "ra")
    data = json.loads(path.read_text())
    bag = next(k for k in data if "bag" in k)
    counts = data[bag]
    assert isinstance(counts, list) and counts
    first = next(i for i, c in enumerate(counts) if isinstance(c, int) and c > 0) if any(counts) else 0
    counts[first] = counts[first] - 1 if counts[first] else 5
    path.write_text(json.dumps(data))
    outcome = run_cli(["score", "ra", str(path)])
    assert outcome.code == 2 and ("invariant" in outcome.err or "state" in outcome.err)
    data[bag] = counts[:-1]
    path.write_text(json.dumps(data))
    assert run_cli(["score", "ra", str(path)]).code == 2


# -- files written whole ---------------------------------------------------------------------------------------
def test_out_under_a_file_is_refused_before_the_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`play ra --policy greedy --out afile/x` crashed after playing; it is refused first, in one line."""
    (tmp_path / "afile").write_text("x")
    code, out, err = run(capsys, "play", "ra", "--policy", "greedy", "--out", str(tmp_path / "afile" / "x"))
    assert "is a file, not a folder" in one_line_error(code, err) and out == ""


def test_report_out_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`report --out FILE` is refused before any analysis runs."""
    (tmp_path / "r").write_text("x")
    code, _, err = run(capsys, "report", "--game", "ra", "--budget", "quick", "--out", str(tmp_path / "r"))
    assert "not a folder" in one_line_error(code, err)


def test_write_set_failure_leaves_the_previous_set_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while writing the second file (disk full) leaves both old files as they were, and no temp files."""
    write_set(tmp_path, {"ambiguities.md": "old md", "findings.json": "old json"})
    real = os.fsync
    calls = {"n": 0}

    def failing_fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(OutputError, match="No space left"):
        write_set(tmp_path, {"ambiguities.md": "new md", "findings.json": "new json"})
    assert (tmp_path / "ambiguities.md").read_text() == "old md"
    assert (tmp_path / "findings.json").read_text() == "old json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ambiguities.md", "findings.json"]


def test_write_atomic_interrupted_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during `play --out` over an existing log left 0 bytes; now the old log stays."""
    target = tmp_path / "game.json"
    target.write_text("old log")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new log")
    assert target.read_text() == "old log"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# -- messages and the CLI's face -------------------------------------------------------------------------------
def test_out_name_stdout_cannot_encode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An `--out` name that stdout cannot encode crashed the success message; it is escaped instead."""
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["play", "ra", "--seed", "1", "--out", str(tmp_path / "jeu-\u00e9\u2603.json")]) == 0
    stdout.flush()
    assert b"wrote" in raw.getvalue()
    assert (tmp_path / "jeu-\u00e9\u2603.json").is_file()


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """`nilerules --version` prints the package version."""
    code, out, _ = run(capsys, "--version")
    assert (code, out.strip()) == (0, f"nilerules {__version__}")


def test_usage_errors_have_no_doubled_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    """`nilerules: error: nilerules simulate: ...` is gone: the prefix once, the command named in the hint."""
    code, _, err = run(capsys, "simulate", "ra", "--games", "x")
    line = one_line_error(code, err)
    assert "--games must be an integer" in line and "`nilerules simulate --help`" in line


def test_every_option_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    """Every option of every command says what it does (`--policy` had no help)."""
    from nilerules.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, command in sub.choices.items():  # type: ignore[union-attr]
        for action in command._actions:
            if action.dest != "help":
                assert action.help, f"{name} {action.option_strings or action.dest} has no help"


def test_exit_3_does_not_exist() -> None:
    """The CLI's exit codes are 0, 1 and 2 only (README)."""
    import nilerules.cli as cli

    assert not hasattr(cli, "EXIT_INTERNAL")
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "There is no other exit code" in readme


# -- states, logs and positions people can pass (issue 10, issue 13) ------------------------------------------
@pytest.mark.parametrize("game", ["ra", "nile_artefacts", "sobek", "nefertiti"])
def test_score_reads_a_log_a_state_and_a_position_alike(tmp_path: Path, game: str) -> None:
    """`score GAME game.json` on a play log was refused; a log, the state `play --state-out` wrote and the position
    written from that state all score the same (the log's final state is the state)."""
    log, state = tmp_path / "game.json", tmp_path / "final.json"
    assert main(["play", game, "--seed", "5", "--out", str(log), "--state-out", str(state)]) == 0
    results = {}
    for name, path in (("log", log), ("state", state)):
        outcome = run_cli(["score", game, str(path), "--json"])
        assert outcome.code == 0, outcome.err
        data = json.loads(outcome.out)
        assert data["input"] == name
        results[name] = (data["scores"], data["places"])
    from nilerules.checks import load

    loaded = load(game).game
    if hasattr(loaded, "position_data"):
        position = tmp_path / "position.json"
        final = loaded.state_from_data(json.loads(state.read_text()))
        position.write_text(json.dumps(loaded.position_data(final)))
        outcome = run_cli(["score", game, str(position), "--json"])
        assert outcome.code == 0, outcome.err
        data = json.loads(outcome.out)
        results["position"] = (data["scores"], data["places"])
    assert len(set(map(repr, results.values()))) == 1, results


@pytest.mark.parametrize("game", ["ra", "sobek"])
def test_score_breakdown_table_sums_to_the_scores(tmp_path: Path, game: str) -> None:
    """The breakdown printed by `score --json` sums, per seat, to that seat's score (issue 13)."""
    log = tmp_path / "game.json"
    assert main(["play", game, "--seed", "2", "--out", str(log)]) == 0
    data = json.loads(run_cli(["score", game, str(log), "--json"]).out)
    assert [sum(seat.values()) for seat in data["breakdown"]] == data["scores"]


def test_show_prints_each_move_and_the_position_after_it(tmp_path: Path) -> None:
    """`show LOG` lists every move numbered with who made it; `--at N` stops after move N; `--at` past the end is
    refused in one line."""
    log = tmp_path / "game.json"
    assert main(["play", "ra", "--seed", "1", "--out", str(log)]) == 0
    moves = len(json.loads(log.read_text())["actions"])
    full = run_cli(["show", str(log)])

    def numbered(text: str) -> list[str]:
        return [line.strip() for line in text.splitlines() if line[:5].strip().rstrip(".").isdigit()]

    assert len(numbered(full.out)) == moves and numbered(full.out)[0].startswith("1. chance:")
    short = run_cli(["show", str(log), "--at", "3"])
    assert [line.split(".")[0] for line in numbered(short.out)] == ["1", "2", "3"]
    assert "phase:" in short.out
    assert run_cli(["show", str(log), "--at", str(moves + 1)]).code == 2


def test_every_query_default_is_within_its_bounds() -> None:
    """Each query's integer parameters have a finite upper bound that admits the documented default."""
    from nilerules.checks import load
    from nilerules.games import GAME_IDS

    for game in GAME_IDS:
        for query in load(game).queries.values():
            for param in query.params:
                if param.type == "int":
                    low, high = param.int_bounds()
                    assert low <= param.default <= high, (game, query.name, param.name)


@pytest.mark.parametrize("game", ["ra", "nile_artefacts", "sobek", "nefertiti"])
def test_state_carrying_other_rule_parameters_is_refused_before_decoding(tmp_path: Path, game: str) -> None:
    """A huge `river_spaces` inside a Nile Artefacts state hung `score` while the state was decoded: the parameters a
    state carries must be the spec's, checked before decoding (games without embedded parameters are unaffected)."""
    path = _final_state(tmp_path, game)
    data = json.loads(path.read_text())
    if "params" not in data:
        pytest.skip(f"{game} states carry no parameters")
    numbers = [leaf for leaf in _leaves(data["params"]) if leaf[1] > 0]
    _set(data["params"], numbers[-1][0], 10**12)
    path.write_text(json.dumps(data))
    outcome = run_cli(["score", game, str(path)])
    assert outcome.code == 2 and "rule parameters differ" in outcome.err

"""The command line: outputs, exit codes (0 ok, 1 check failed, 2 bad input) and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nilerules.checks import load
from nilerules.cli import main
from tests.helpers import ROOT, games

FIRST = games()[0] if games() else "ra"
REQUIRED_QUERIES = {  # the issues name these queries and ask for at least two more per game
    "ra": (("crate-supply", "pharaoh-ties", "sun-ties"), 5),
    "nefertiti": (("neutral-closure", "foreign-bonus", "amon-priest-ranks"), 5),
    "sobek": (("corruption-tie", "corruption-penalty", "guild-move"), 5),
    "nile_artefacts": (("best-offering", "offering-divergence"), 4),
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nilerules: error:"), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0]


def test_games_lists_all_four(capsys: pytest.CaptureFixture[str]) -> None:
    """`games --json` names the four games of the design."""
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    assert [g["id"] for g in json.loads(out)] == ["ra", "nile_artefacts", "sobek", "nefertiti"]


@pytest.mark.parametrize("game_id", games())
def test_rules_lists_catalogue_and_ambiguities(capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    """`rules GAME --json` gives every catalogued rule and every ambiguity."""
    code, out, _ = run(capsys, "rules", game_id, "--json")
    data = json.loads(out)
    assert code == 0 and data["rules"] and data["ambiguities"]


@pytest.mark.parametrize("game_id", games())
def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    """The same seed prints the same summary; every game ended."""
    first = run(capsys, "simulate", game_id, "--games", "3", "--seed", "5", "--json")
    second = run(capsys, "simulate", game_id, "--games", "3", "--seed", "5", "--json")
    assert first == second and first[0] == 0
    assert json.loads(first[1])["truncated"] == 0


def test_play_then_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A written log replays to the same scores."""
    log = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", FIRST, "--seed", "3", "--out", str(log))
    assert code == 0
    code, out, _ = run(capsys, "replay", str(log), "--json")
    assert code == 0 and json.loads(out)["terminal"] is True


def test_corrupted_log_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A truncated log: one line, exit 2."""
    log = tmp_path / "game.json"
    run(capsys, "play", FIRST, "--seed", "3", "--out", str(log))
    log.write_text(log.read_text()[:-40])
    assert_one_line_error(*run(capsys, "replay", str(log))[::2], "log")


def test_missing_file_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A log path that does not exist."""
    assert_one_line_error(*run(capsys, "replay", str(tmp_path / "nope.json"))[::2], "cannot read")


def test_score_rejects_bad_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A state file that is JSON but not a state of the game."""
    bad = tmp_path / "state.json"
    bad.write_text('{"type": "Nothing"}')
    assert_one_line_error(*run(capsys, "score", FIRST, str(bad))[::2])
    bad.write_text("{")
    assert_one_line_error(*run(capsys, "score", FIRST, str(bad))[::2], "not valid JSON")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["simulate", "chess"], "invalid choice"),
        (["simulate", FIRST, "--players", "9"], "9 players is not supported"),
        (["simulate", FIRST, "--module", "dragons"], "unknown module 'dragons'"),
        (["simulate", FIRST, "--reading", "nope=x"], "unknown ambiguity 'nope'"),
        (["simulate", FIRST, "--reading", "broken"], "expected AMBIGUITY=READING"),
        (["simulate", FIRST, "--games", "0"], "--games must be in 1..10000000, got 0"),
        (["query", FIRST, "no-such-query"], "unknown query 'no-such-query'"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    """Bad arguments, configs and queries each give one readable line and exit 2."""
    assert_one_line_error(*run(capsys, *argv)[::2], needle)


def test_malformed_spec_names_file_and_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An edited spec with a misspelt key: exit 2, the file and the key in the message."""
    spec = tmp_path / "edited.toml"
    text = (ROOT / "specs" / f"{FIRST}.toml").read_text(encoding="utf-8")
    spec.write_text(text.replace("[meta]\n", "[meta]\ncolour = 'red'\n", 1), encoding="utf-8")
    assert_one_line_error(*run(capsys, "rules", FIRST, "--spec", str(spec))[::2], str(spec), "meta.colour")
    spec.write_text("[meta\n", encoding="utf-8")
    assert_one_line_error(*run(capsys, "rules", FIRST, "--spec", str(spec))[::2], "not valid TOML")


@pytest.mark.slow  # every query at its default sizes: hundreds of games each
@pytest.mark.parametrize("game_id", games())
def test_query_list_and_every_query_runs(capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    """The queries each issue names exist (with at least two more), and every query runs with its defaults (impact
    with the first finding code, the one parameter without a default)."""
    code, out, _ = run(capsys, "query", game_id, "--list", "--json")
    assert code == 0
    names = [q["name"] for q in json.loads(out)]
    required, at_least = REQUIRED_QUERIES[game_id]
    assert set(required) <= set(names) and len(names) >= at_least
    situated = {q["name"] for q in json.loads(out) if q["position"] == "required"}  # run in test_query_position
    first_code = min(a.code for a in load(game_id).game.spec.ambiguities.values())
    needed = {"impact": ["--param", f"ambiguity={first_code}", "--param", "budget=quick"]}  # no default ambiguity
    for name in [n for n in names if n not in situated]:
        code, out, err = run(capsys, "query", game_id, name, "--json", *needed.get(name, []))
        assert (code, err) == (0, ""), name
        assert json.loads(out)["text"]


@pytest.mark.slow  # two reports and two checks of a game
def test_report_is_byte_identical_and_check_detects_change(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Two quick reports of one game are byte-identical; check passes on it and fails on an edited baseline."""
    a, b = tmp_path / "a", tmp_path / "b"
    assert run(capsys, "report", "--game", FIRST, "--budget", "quick", "--out", str(a))[0] == 0
    assert run(capsys, "report", "--game", FIRST, "--budget", "quick", "--out", str(b))[0] == 0
    for name in ("ambiguities.md", "findings.json", "report.html"):
        assert (a / name).read_bytes() == (b / name).read_bytes()
    baseline = a / "findings.json"
    assert run(capsys, "check", "--game", FIRST, "--budget", "quick", "--baseline", str(baseline))[0] == 0
    doc = json.loads(baseline.read_text())
    finding = doc["games"][FIRST]["findings"][0]
    finding["verdict"] = "proof" if finding["verdict"] != "proof" else "witness"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "check", "--game", FIRST, "--budget", "quick", "--baseline", str(edited))
    assert code == 1 and finding["code"] in out
    edited.write_text("[]")
    assert_one_line_error(*run(capsys, "check", "--game", FIRST, "--baseline", str(edited))[::2], "not a")

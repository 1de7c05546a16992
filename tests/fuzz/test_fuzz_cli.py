"""Fuzzing the command line's edge (issue 10): mutated specs, logs, states and argv through ``nilerules.cli.main``.

Each example asserts the contract in ``harness.check_contract``: exit 0, 1 or 2; exit 2 is one line on stderr and never
the last-resort bug line; an answer within the time limit. The CI profile runs few examples; ``nox -s explore`` many.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from nilerules.games import GAME_IDS
from tests.fuzz.harness import Case, played, replace_table, run_cli, spec_doc, spec_text

BAD_SCALARS = st.sampled_from(
    [-1, 0, 1, 2, -(10**6), 10**12, 10**40, 1.5, -0.0, float("inf"), "x", "", "-2", True, False, [], {}, [0], {"a": 1}]
)
"""Values that are wrong in some way for most parameters (type, sign, size, shape)."""
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every position inside a JSON-like value (lists by index, tables by key), the root included."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, (*prefix, i))
    return found


def mutate(value: Any, where: tuple[Any, ...], how: str, new: Any) -> Any:
    """A copy of ``value`` with the item at ``where`` replaced (``how == "set"``) or deleted (``"delete"``)."""
    if not where:
        return None if how == "delete" else new
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    head, rest = where[0], where[1:]
    if rest:
        copy[head] = mutate(copy[head], rest, how, new)
    elif how == "delete":
        del copy[head]
    else:
        copy[head] = new
    return copy


@st.composite
def mutated_spec(draw: st.DrawFn) -> Case:
    """A bundled spec with one parameter (value or schema field), reading or ambiguity damaged."""
    game = draw(st.sampled_from(GAME_IDS))
    doc, text = spec_doc(game), spec_text(game)
    kind = draw(st.sampled_from(["value", "value", "value", "field", "drop_param", "drop_ambiguity", "default"]))
    if kind == "drop_ambiguity":
        amb = draw(st.sampled_from(sorted(doc["ambiguities"])))
        out = text
        readings = doc["ambiguities"][amb]["readings"]
        for header in [f"ambiguities.{amb}"] + [f"ambiguities.{amb}.readings.{r}" for r in readings]:
            out = replace_table(out, header, None)
        return Case(game, out, f"ambiguity {amb} deleted")
    if kind == "default":
        amb = draw(st.sampled_from(sorted(doc["ambiguities"])))
        body = {k: v for k, v in doc["ambiguities"][amb].items() if k != "readings"}
        body["default"] = draw(st.sampled_from(["nope", "", *doc["ambiguities"][amb]["readings"]]))
        return Case(game, replace_table(text, f"ambiguities.{amb}", body), f"{amb}.default = {body['default']!r}")
    name = draw(st.sampled_from(sorted(doc["params"])))
    table = dict(doc["params"][name])
    if kind == "drop_param":
        return Case(game, replace_table(text, f"params.{name}", None), f"params.{name} deleted")
    if kind == "field":
        field = draw(st.sampled_from(["type", "min", "max", "length", "keys", "value"]))
        if draw(st.booleans()):
            table.pop(field, None)
            what = f"params.{name}.{field} deleted"
        else:
            table[field] = draw(BAD_SCALARS)
            what = f"params.{name}.{field} = {table[field]!r}"
        return Case(game, replace_table(text, f"params.{name}", table), what)
    where = draw(st.sampled_from(paths(table["value"])))
    how = draw(st.sampled_from(["set", "set", "delete"])) if where else "set"
    new = draw(BAD_SCALARS | JSONISH)
    table["value"] = mutate(table["value"], where, how, new)
    if table["value"] is None:
        table.pop("value")
    what = f"params.{name}.value{list(where)}: " + (f"set {new!r}" if how == "set" else "deleted")
    return Case(game, replace_table(text, f"params.{name}", table), what)


@given(case=mutated_spec(), command=st.sampled_from(["simulate", "play", "rules", "query"]), seed=st.integers(0, 50))
def test_mutated_specs_fail_cleanly(
    tmp_path_factory: pytest.TempPathFactory, case: Case, command: str, seed: int
) -> None:
    """A spec with one damaged entry: the game runs, or exit 2 with one line naming the problem."""
    game, text = case.game, case.text
    path = tmp_path_factory.mktemp("spec") / f"{game}.toml"
    path.write_text(text, encoding="utf-8")
    argv = {
        "simulate": ["simulate", game, "--games", "1", "--seed", str(seed)],
        "play": ["play", game, "--seed", str(seed), "--out", str(path.with_suffix(".log"))],
        "rules": ["rules", game],
        "query": ["query", game, "--list"],
    }[command]
    run_cli([*argv, "--spec", str(path)])


def _json_mutation(draw: st.DrawFn, data: Any) -> tuple[Any, str]:
    where = draw(st.sampled_from(paths(data)))
    how = draw(st.sampled_from(["set", "set", "delete"])) if where else "set"
    new = draw(BAD_SCALARS | JSONISH)
    return mutate(data, where, how, new), f"{list(where)}: {how} {new!r}" if how == "set" else f"{list(where)} deleted"


@st.composite
def mutated_document(draw: st.DrawFn, kind: str) -> Case:
    """A log or final state written by `play`, damaged: a value changed or deleted, the text cut, or hostile JSON."""
    game = draw(st.sampled_from(GAME_IDS))
    log, state = played(game)
    text = log if kind == "log" else state
    how = draw(st.sampled_from(["value", "value", "value", "value", "cut", "deep", "bigint", "raw"]))
    if how == "cut":
        cut = draw(st.integers(0, len(text)))
        return Case(game, text[:cut], f"cut at {cut}")
    if how == "deep":
        depth = draw(st.sampled_from([65, 1000, 100_000]))
        return Case(game, "[" * depth + "]" * depth, f"nested {depth} deep")
    if how == "bigint":
        digits = draw(st.sampled_from([31, 5000]))
        return Case(game, text.replace("1", "9" * digits, 1), f"an integer of {digits} digits")
    if how == "raw":
        raw = draw(st.text(max_size=40))
        return Case(game, raw, f"text {raw!r}")
    data, what = _json_mutation(draw, json.loads(text))
    return Case(game, json.dumps(data), what)


@given(case=mutated_document("log"), command=st.sampled_from(["replay", "show", "score"]))
def test_mutated_logs_fail_cleanly(tmp_path_factory: pytest.TempPathFactory, case: Case, command: str) -> None:
    """A damaged play log: replayed, shown or scored, or exit 2 with one line."""
    game, text = case.game, case.text
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(text, encoding="utf-8")
    argv = {"replay": ["replay", str(path)], "show": ["show", str(path), "--at", "3"],
            "score": ["score", game, str(path)]}[command]
    run_cli(argv)


@given(case=mutated_document("state"))
def test_mutated_states_fail_cleanly(tmp_path_factory: pytest.TempPathFactory, case: Case) -> None:
    """A damaged state: scored only if it keeps the game's invariants, else exit 2 with one line."""
    game, text = case.game, case.text
    path = tmp_path_factory.mktemp("state") / "state.json"
    path.write_text(text, encoding="utf-8")
    run_cli(["score", game, str(path)])


WORDS = st.sampled_from([
    "games", "rules", "simulate", "play", "replay", "show", "score", "query", "report", "check", *GAME_IDS,
    "--games", "--seed", "--players", "--module", "--reading", "--policy", "--json", "--spec", "--out", "--at",
    "--list", "--param", "--budget", "--state-out", "--version", "--help", "random", "greedy", "quick",
    "0", "1", "2", "3", "5", "-1", "9223372036854775808", "1e3", "x", "", "\n", "é", "pharaoh_all_tie=nobody",
    "players=3", "games=0", "games=99999999999", "/", "/nonexistent/x", "nope=x",
])


@given(argv=st.lists(WORDS, max_size=7))
def test_odd_argv_fails_cleanly(argv: list[str]) -> None:
    """Any argument list: a result, or exit 2 with one line (reports and long simulations left out for time)."""
    assume(not {"report", "check"} & set(argv))
    assume("--games" not in argv and not any(w.startswith("games=") for w in argv))
    run_cli(argv)

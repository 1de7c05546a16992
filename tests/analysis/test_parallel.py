"""The execution layer: the same chunks give the same output in process, on local processes and on a Dask cluster.

Expected values are either the plain sequential loop the layer replaces (each game seeded ``seed + i``, played with
`playout` here, independently of the chunking) or the in-process run (``--jobs 1``) the issue names as the reference.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import io
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from nilerules.analysis.montecarlo import estimate
from nilerules.analysis.parallel import (
    FINALS_CHUNK,
    SCHEDULER_ENV,
    Execution,
    GameRef,
    chunk_ranges,
    game_source,
    run_chunks,
    using,
)
from nilerules.analysis.queries import run_query
from nilerules.analysis.runner import analyse_games
from nilerules.analysis.simulate import simulate
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget
from nilerules.cli import main
from nilerules.core import batch
from nilerules.core.batch import final_states, running_with
from nilerules.core.playout import Playout, playout
from nilerules.errors import InvalidConfig, NileRulesError
from nilerules.games import load_game
from nilerules.report import json as json_report
from tests.toys import nim

TWO = Execution(jobs=2, progress=False)
HAS_DASK = importlib.util.find_spec("distributed") is not None


def _square(n: int) -> int:
    return n * n


def _long(p: Playout) -> bool:
    return p.length > 4


def toy() -> GameModule:
    return GameModule(nim.make_game(), nim.CHECKS, nim.QUERIES)


def test_chunk_ranges_cover_every_index_once_in_order() -> None:
    """10 indices in chunks of 4: 0-3, 4-7, 8-9 (hand count)."""
    assert [range(0, 4), range(4, 8), range(8, 10)] == chunk_ranges(10, 4)
    assert chunk_ranges(0, 4) == []


def test_run_chunks_returns_results_in_item_order_on_processes() -> None:
    """Squares of 0..19 come back in item order whichever worker finishes first."""
    assert [n * n for n in range(20)] == run_chunks(_square, list(range(20)), TWO)


def test_execution_rejects_a_job_count_out_of_bounds() -> None:
    """--jobs 0 is bad input naming the key and the value."""
    with pytest.raises(InvalidConfig, match=r"jobs: .*0"):
        Execution(jobs=0)


def test_scheduler_comes_from_the_environment_when_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """NILERULES_SCHEDULER names the cluster when --scheduler is absent; --scheduler wins when both are given."""
    monkeypatch.setenv(SCHEDULER_ENV, "tcp://example:8786")
    assert Execution.from_options(None, None).scheduler == "tcp://example:8786"
    assert Execution.from_options(None, "tcp://other:1").scheduler == "tcp://other:1"


def test_a_registered_game_travels_as_its_id_and_spec_path() -> None:
    """Workers get (game id, spec path) and load the game themselves; a toy game travels as itself."""
    module = load("ra")
    source = game_source(module)
    assert isinstance(source, GameRef) and source.game_id == "ra"
    loaded = source.load()  # the module this process first registered for that spec (an earlier test may have)
    assert (loaded.game.info.id, loaded.game.spec.digest) == ("ra", module.game.spec.digest)
    assert source.load() is loaded  # loaded once per process
    toy_module = toy()
    assert game_source(toy_module) is toy_module


def test_a_game_bound_to_a_spec_in_memory_travels_as_itself_whatever_its_label() -> None:
    """A spec bound in memory (``nilerules edges`` labels a variant's spec "PATH (variant stalls=[...])") is no file:
    the game travels as itself. A label longer than a file name may be (255 bytes) once made ``is_file`` raise
    ENAMETOOLONG, and `nilerules edges nefertiti` ended in "bug: OSError" after 33 minutes."""
    module = load("ra")
    label = f"{module.game.spec.path} (variant {'x' * 600})"
    game = type(module.game)(dataclasses.replace(module.game.spec, path=label))
    bound = GameModule(game, {}, {})
    assert game_source(bound) is bound


def test_a_bare_game_never_stands_for_its_module() -> None:
    """A game wrapped without its checks (as simulate, estimate and final_states wrap a bare game) travels as its ref
    but is not what the ref loads: a later analysis in this process (or in workers forked from it) gets the game's
    checks (a report after `final_states` under --jobs 2 once found no Sobek check at all)."""
    module = load("sobek")
    ref = game_source(GameModule(module.game, {}, {}))
    assert isinstance(ref, GameRef)
    assert set(ref.load().checks) == set(module.game.spec.ambiguities)


def test_simulate_matches_the_sequential_loop_for_one_and_two_jobs() -> None:
    """Game i plays seed 1 + i: the summed scores equal those of a plain loop over playout, for 1 and 2 jobs."""
    game = nim.make_game()
    config = game.config(2)
    games = 600  # more than two chunks
    totals = [0, 0]
    for i in range(games):
        for seat, score in enumerate(game.scores(playout(game, config, 1 + i).final)):
            totals[seat] += score
    one = simulate(game, config, games, seed=1)
    two = simulate(toy(), config, games, seed=1, execution=TWO)
    assert tuple(t / games for t in totals) == one.mean_scores
    assert one.to_data() == two.to_data()


@pytest.mark.slow  # 1,040 games of Ra; under coverage test_simulate_json_is_the_same_for_every_job_count covers it
def test_simulate_of_a_real_game_is_identical_on_two_processes() -> None:
    """Ra, 3 players, 520 games: the summary is the same on 1 job and 2 jobs."""
    module = load("ra")
    config = module.game.config(3)
    assert simulate(module, config, 520, 7).to_data() == simulate(module, config, 520, 7, execution=TWO).to_data()


def test_estimate_counts_the_same_on_processes_and_in_process() -> None:
    """A picklable event is counted on 2 processes; a lambda falls back to in process; all three agree."""
    game = nim.make_game()
    config = game.config(2)
    expected = sum(playout(game, config, 3 + i).length > 4 for i in range(300))
    assert expected == estimate(game, [config], _long, 300, seed=3, execution=TWO).hits
    assert expected == estimate(game, [config], lambda p: p.length > 4, 300, seed=3, execution=TWO).hits


def test_analysis_is_byte_identical_for_one_and_two_jobs() -> None:
    """The rendered findings of Ra and the toy game (quick budget) are the same text for --jobs 1 and --jobs 2."""
    modules = [load("ra"), toy()]
    budget = Budget.quick()
    one = json_report.render(analyse_games(modules, budget), budget)
    two = json_report.render(analyse_games(modules, budget, TWO), budget)
    assert one == two


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """Captured stderr is not a terminal: a run prints nothing there."""
    run_chunks(_square, list(range(5)), Execution(jobs=1, progress=True))
    assert capsys.readouterr().err == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_counts_units_and_quiet_silences_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the bar reports the weighted total (3 chunks of 5 games: 15 games); quiet shows nothing."""
    monkeypatch.setattr("nilerules.analysis.parallel.PROGRESS_DELAY", 0.0)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    run_chunks(_square, [1, 2, 3], Execution(jobs=1), sizes=[5, 5, 5], unit="games")
    assert "15/15" in terminal.getvalue()
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    run_chunks(_square, [1, 2, 3], Execution.from_options(1, None, quiet=True), sizes=[5, 5, 5])
    assert quiet.getvalue() == ""


def test_simulate_json_is_the_same_for_every_job_count(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --json` prints the same data for --jobs 1 and --jobs 2, and nothing else on stdout."""
    outputs = []
    for jobs in ("1", "2"):
        assert main(["simulate", "ra", "--games", "300", "--seed", "4", "--jobs", jobs, "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("game_id", ["ra", *(pytest.param(g, marks=pytest.mark.slow)  # whole games: nox -s compiled
                                              for g in ("nile_artefacts", "sobek", "nefertiti"))])
def test_final_states_on_two_processes_are_the_sequential_loops_states(game_id: str) -> None:
    """Under `using(--jobs 2)` a game's query gets the final states of the plain loop over its seeds (played here with
    `playout`), in seed order: the states travel back from the workers whole."""
    game = load_game(game_id)
    config = game.config(3)
    seeds = range(11, 11 + 2 * FINALS_CHUNK + 3)
    expected = [playout(game, config, seed, "greedy").final for seed in seeds]
    with using(TWO):
        assert final_states(game, config, seeds, "greedy") == expected


def test_the_games_queries_that_play_many_games_play_them_through_final_states() -> None:
    """Ra's and Sobek's game-playing queries ask `final_states` for their games (how --jobs reaches them): a runner
    that records its calls sees every policy and player count the query names."""
    calls: list[tuple[str, int, int, str]] = []

    def recording(game: Any, config: Any, seeds: Any, policy: str) -> list[Any]:
        calls.append((game.info.id, config.players, len(seeds), policy))
        return batch.in_process(game, config, seeds, policy)

    with running_with(recording):
        run_query(load("ra"), "winner-ties", ["players=3", "playouts=4"])
        run_query(load("sobek"), "reading-impact", ["games=3"])
    assert ("ra", 3, 4, "random") in calls and ("ra", 3, 4, "greedy") in calls
    assert [c for c in calls if c[0] == "sobek"] == [("sobek", 3, 3, "greedy")] * len(
        load_game("sobek").spec.ambiguities["corruption_scarabs"].reading_names()
    )


def test_query_json_is_the_same_for_every_job_count(capsys: pytest.CaptureFixture[str]) -> None:
    """`query ra pharaoh-ties --json` prints the same data for --jobs 1 and --jobs 2."""
    outputs = []
    for jobs in ("1", "2"):
        argv = ["query", "ra", "pharaoh-ties", "--param", "players=2", "--param", "playouts=60", "--jobs", jobs]
        assert main([*argv, "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]


def test_cli_rejects_jobs_zero_as_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """--jobs 0 exits 2 with one line naming jobs."""
    assert main(["simulate", "ra", "--games", "3", "--jobs", "0"]) == 2
    assert "jobs" in capsys.readouterr().err


def test_missing_dask_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the extra, --scheduler says which extra to install (a NileRulesError, so exit 2 on the CLI)."""
    real = importlib.import_module

    def no_dask(name: str, package: str | None = None) -> Any:
        if name.startswith("dask"):
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr("nilerules.analysis.parallel.importlib.import_module", no_dask)
    with pytest.raises(NileRulesError, match=r"nilerules\[dask\]"):
        run_chunks(_square, [1, 2], Execution(scheduler="tcp://127.0.0.1:1"))


_DASK_CHILD = """
import sys
from dask.distributed import LocalCluster
from nilerules.analysis.parallel import IN_PROCESS, Execution
from nilerules.analysis.runner import analyse_games
from nilerules.analysis.simulate import simulate
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.report import json as json_report

module = load("ra")
config = module.game.config(3)
budget = Budget.quick()
with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
    on_dask = Execution(scheduler=cluster.scheduler_address, progress=False)
    games = simulate(module, config, 520, 7).to_data()
    games_same = games == simulate(module, config, 520, 7, execution=on_dask).to_data()
    expected = json_report.render(analyse_games([module], budget, IN_PROCESS), budget)
    report_same = expected == json_report.render(analyse_games([module], budget, on_dask), budget)
print(f"simulate {'same' if games_same else 'DIFFERENT'}; analysis {'same' if report_same else 'DIFFERENT'}")
"""
"""The Dask comparison, run in a child process of its own (see the test's docstring)."""


@pytest.mark.skipif(not HAS_DASK, reason="the optional dask extra is not installed (pip install 'nilerules[dask]')")
def test_dask_cluster_of_two_workers_gives_the_in_process_output() -> None:
    """A LocalCluster with two workers, through dask.distributed.Client: simulate and the analysis match --jobs 1.

    The cluster runs in a child Python without coverage's variables: under ``coverage run`` with thread concurrency, a
    CI worker once died in the cluster's event-loop thread (a crash of the tracer, not a failed comparison), and a
    crash there took the whole pytest-xdist worker down. In a child, a crash is this test's failure only, and it is
    retried once only when the child died by a signal; a comparison that differs fails at once.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COVERAGE_", "COV_CORE_"))}
    for attempt in (1, 2):
        run = subprocess.run(
            [sys.executable, "-c", _DASK_CHILD], capture_output=True, text=True, env=env, timeout=600, check=False
        )
        if run.returncode >= 0 or attempt == 2:
            break
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    assert run.stdout.strip().splitlines()[-1] == "simulate same; analysis same"

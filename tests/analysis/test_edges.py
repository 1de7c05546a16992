"""The boundary pass (`nilerules.analysis.edges`): each probe runs under each of its configs (and an assumed entry's
variant), an unreachable entry whose probe is met is a contradiction, a missing entry fails the pass, and a probe
the view cannot read is refused before any game is played.

Each test runs a deliberately small or broken edges file of Ra (``complete=False`` lets it leave rules out), with a
tiny budget; the expected outcomes come from the rules by hand (in each docstring), not from a run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.analysis.edges import EdgesBudget, examine
from nilerules.checks import GameModule, load
from nilerules.errors import InvalidConfig, SpecError
from nilerules.spec_edges import EdgesFile, parse_edges
from nilerules.specs import bundled_spec_path

TINY = EdgesBudget(games=2, guided=0, seconds=5, seed=0)


@pytest.fixture(scope="module")
def ra() -> GameModule:
    return load("ra")


def edges_of(module: GameModule, text: str) -> EdgesFile:
    return parse_edges(text, module.game.spec, "test.edges.toml", complete=False)


BID = """
[[rule]]
id = "ra.base.bid"
touches = ["compares"]

[[edge]]
rule = "ra.base.bid"
kind = "tie"
verdict = "unreachable"
proof = "distinct disks"
probe = "{probe}"
"""


def test_an_unreachable_entry_whose_probe_is_met_is_a_contradiction(ra: GameModule) -> None:
    """A broken file: 'unreachable' with a probe that holds after the first move of any game (moves >= 1): found in
    game 1 (seed 0), so the pass fails and names the entry."""
    result = examine(ra, edges_of(ra, BID.format(probe="moves >= 1")), TINY)
    [probe] = result.probes
    assert (probe.found, probe.contradicts, result.failed) == (True, True, True)
    assert probe.runs[0].origin == "seed 0"
    assert [(p.edge.rule, p.edge.kind) for p in result.contradictions] == [("ra.base.bid", "tie")]
    assert "unreachable entries whose probe was found: 1" in result.lines()


def test_a_probe_never_met_reports_its_games_and_bound(ra: GameModule) -> None:
    """Crates are never negative (they are only added, then all returned): not found in 2 games, whose 95 % bound is
    1 - 0.05 ** (1 / 2) = 77.64 % rounded up (hand calculation); no contradiction (the file's missing rules aside)."""
    text = BID.format(probe="seats.exists(s, s.crates < 0)")
    result = examine(ra, edges_of(ra, text), TINY)
    [run] = result.probes[0].runs
    assert (run.found, run.games, run.guided) == (False, 2, 0)
    assert "at most 77.64 % at 95 %" in run.summary()
    assert run.to_data()["upper_bound"] == pytest.approx(1 - 0.05 ** 0.5, abs=1e-6)
    assert result.contradictions == ()


def test_a_missing_entry_fails_the_pass(ra: GameModule) -> None:
    """ra.base.bid listed as comparing and changing a quantity, with an edge for 'tie' only: 'below_zero' is missing,
    and every other rule of the spec too."""
    text = BID.format(probe="false").replace('["compares"]', '["compares", "changes_quantity"]')
    result = examine(ra, edges_of(ra, text), TINY)
    assert result.failed and not result.contradictions
    assert ("rule (ra.base.bid)", "no [[edge]] for kind 'below_zero' (its touches make it applicable)") in (
        result.edges.missing
    )
    assert any(k == "rule (ra.base.draw)" for k, _ in result.edges.missing)


def test_an_assumed_variant_runs_under_its_own_values(ra: GameModule) -> None:
    """An assumed entry with a variant runs twice per config: the spec's values, then the variant's. With a Ra track
    of one space at 2 players (the variant), the first Ra tile drawn ends the first epoch, so when the second epoch
    begins at most one Ra tile is out of play: the probe holds in the first game under the variant."""
    text = """
[[rule]]
id = "ra.base.ra_track"
touches = ["player_count"]

[[edge]]
rule = "ra.base.ra_track"
kind = "player_count"
verdict = "assumed"
param = "ra_track"
why = "from implementations"
variant = { ra_track = { "2" = 1, "3" = 8, "4" = 9, "5" = 10 } }
probe = "round == 2 && out_of_play.ra <= 1"
players = [2]
"""
    result = examine(ra, edges_of(ra, text), TINY)
    runs = result.probes[0].runs
    assert [r.variant for r in runs] == [None, {"ra_track": {"2": 1, "3": 8, "4": 9, "5": 10}}]
    assert runs[1].found and runs[1].origin == "seed 0"
    assert "variant ra_track=" in runs[1].label()


def test_a_variant_that_no_longer_fits_an_edited_spec_is_not_run_and_is_named(tmp_path: Path) -> None:
    """Sobek with 4 rounds (deliveries resized to one item a round): a variant of 3 deliveries (specs/sobek.toml:
    ``deliveries`` has ``length = "rounds"``) fits the bundled spec but not this one. The entry loads; its probe runs
    under the spec's own values only (one run, not two), and the result names the variant with the reason. The
    probe (one move made) holds after the first move of any game, so the run is cheap."""
    text = bundled_spec_path("sobek").read_text(encoding="utf-8")
    for name, value in (("rounds", 4), ("deliveries", [6] * 4), ("deliveries_two_players", [5] * 4)):
        at = text.index("\nvalue = ", text.index(f"\n[params.{name}]\n")) + 1
        text = text[:at] + f"value = {value}" + text[text.index("\n", at):]
    path = tmp_path / "sobek.toml"
    path.write_text(text, encoding="utf-8")
    sobek = load("sobek", path)
    entry = """
[[rule]]
id = "sobek.market.deliveries"
touches = ["draws"]

[[edge]]
rule = "sobek.market.deliveries"
kind = "exhausted"
verdict = "assumed"
param = "deck_reformed"
why = "assumed"
variant = { deck_reformed = "once", deliveries = [2, 2, 2] }
probe = "moves >= 1"
"""
    result = examine(sobek, edges_of(sobek, entry), TINY)
    [probe] = result.probes
    assert [r.variant for r in probe.runs] == [None]
    assert probe.edge.variant_unfit == ("deliveries: expected a list of length 4, found 3 items",)
    lines = result.lines()
    unfit = "variant deck_reformed=\"once\", deliveries=[2,2,2] does not fit: deliveries: expected a list of length 4"
    assert f"    {unfit}, found 3 items: not run" in lines
    assert "variants not examined (they do not fit this spec's values): 1" in lines
    assert result.to_data()["unfit_variants"] == [{
        "rule": "sobek.market.deliveries", "kind": "exhausted",
        "variant": {"deck_reformed": "once", "deliveries": [2, 2, 2]},
        "why": ["deliveries: expected a list of length 4, found 3 items"],
    }]


def test_a_probe_the_view_cannot_read_is_refused_before_playing(ra: GameModule) -> None:
    """'seats.exists(s, s.cratez < 0)' names no field of the view: a SpecError names the entry; a non-bool probe too."""
    with pytest.raises(SpecError, match=r"ra\.base\.bid tie\)\.probe.*cratez"):
        examine(ra, edges_of(ra, BID.format(probe="seats.exists(s, s.cratez < 0)")), TINY)
    with pytest.raises(SpecError, match=r"\.probe"):
        examine(ra, edges_of(ra, BID.format(probe="moves")), TINY)


def test_a_probe_with_a_player_count_the_game_lacks_is_refused(ra: GameModule) -> None:
    """Ra plays 2 to 5: a probe for 7 players is refused before any game."""
    text = BID.format(probe="moves >= 1") + "players = [7]\n"
    with pytest.raises(SpecError, match="players"):
        examine(ra, edges_of(ra, text), TINY)


def test_a_solver_function_that_does_not_exist_is_refused(ra: GameModule) -> None:
    """An unreachable entry citing 'nilerules.solver:nope' (no such function) is refused before any game."""
    cited = 'proof = "x"\nsolver = "nilerules.solver:nope"'
    text = BID.format(probe="false").replace('proof = "distinct disks"', cited)
    with pytest.raises(SpecError, match=r"\.solver.*nilerules\.solver:nope"):
        examine(ra, edges_of(ra, text), TINY)


def test_the_budget_is_bounded() -> None:
    """0 games, or more than 10,000, is refused."""
    with pytest.raises(InvalidConfig):
        EdgesBudget(games=0)
    with pytest.raises(InvalidConfig):
        EdgesBudget(guided=10_001)


def test_the_bundled_ra_file_tallies_every_entry(ra: GameModule) -> None:
    """The kind × verdict table of Ra's file adds up to its number of entries, and no entry is missing."""
    from nilerules.spec_edges import edges_path, load_edges

    edges = load_edges(edges_path("ra"), ra.game.spec)
    assert sum(sum(row.values()) for row in edges.counts().values()) == len(edges.edges)
    assert edges.missing == ()


def test_the_result_does_not_depend_on_the_number_of_processes(ra: GameModule) -> None:
    """The same probes in process and in two worker processes give the same data (the ask engine draws every game
    before any is played); the variant's game travels to the workers with its own values."""
    from nilerules.analysis.parallel import Execution

    text = """
[[rule]]
id = "ra.base.draw"
touches = ["draws"]

[[edge]]
rule = "ra.base.draw"
kind = "exhausted"
verdict = "assumed"
param = "ra_track"
why = "from implementations"
variant = { ra_track = { "2" = 1, "3" = 8, "4" = 9, "5" = 10 } }
probe = "round == 2 && out_of_play.ra <= 1"
players = [2]
"""
    budget = EdgesBudget(games=2, guided=4, seconds=60, seed=3)
    one = examine(ra, edges_of(ra, text), budget, Execution(jobs=1, progress=False)).to_data()
    two = examine(ra, edges_of(ra, text), budget, Execution(jobs=2, progress=False)).to_data()
    assert one == two
    assert one["probes"][0]["runs"][1]["found"] is True


@pytest.mark.parametrize("game", ["ra", "nile_artefacts", "sobek", "nefertiti"])
def test_every_bundled_probe_reads_the_view(game: str) -> None:
    """Each probe of each bundled edges file compiles, as a bool, against the view of every config it names (and
    its solver functions exist): `nilerules edges GAME` would refuse the file otherwise. No game is played."""
    from nilerules.analysis.edges import bundled_edges, check_probes

    module = load(game)
    edges = bundled_edges(module.game.spec)
    assert edges is not None, f"specs/{game}.edges.toml is missing"
    check_probes(module, edges)

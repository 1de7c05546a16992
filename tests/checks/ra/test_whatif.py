"""What-if: an editor edits a number in a copy of specs/ra.toml; every check and query runs on the edited rules and
the figures they state move with the edit (issue 10, 'every figure is derived').

Expected values are hand calculations from the edited numbers (for example Pharaohs +6 and -2 make an all-tie worth
+4 to everyone), never copied from the code's output.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.ra import QUERIES
from nilerules.core.log import replay
from nilerules.core.verdicts import Proof, Witness
from nilerules.errors import SpecError
from tests.helpers import edited_game

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

BUNDLED = load("ra")
QUICK = Budget.quick()


EDITS: list[dict[str, str]] = [
    {"pharaoh_points": "[6, -2]"},
    {"sun_disk_points": "[6, -5]"},
    {"small_crates": "31", "large_crates": "9"},
    {"god_points": "4", "gold_points": "2"},
    {"auction_track": "9", "disaster_discards": "3"},
    {"ra_track": '{ "2" = 5, "3" = 7, "4" = 8, "5" = 9 }'},
    {"monument_identical_points": "[0, 0, 0, 6, 10, 15]", "trader_points": "2", "crate_total": "43"},
]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: "+".join(e))
def test_every_check_and_query_runs_on_an_edited_spec(tmp_path: Path, edit: dict[str, str]) -> None:
    """Each edit keeps the spec valid: every check returns a verdict naming every reading, every witness log replays
    from setup on the edited rules, and every query answers."""
    module = edited_game(tmp_path, "ra", **edit)
    for amb, check in module.checks.items():
        result = check(module.game, QUICK)
        assert result.verdict.kind in ("witness", "proof", "unknown"), amb
        if result.verdict.kind != "unknown":
            assert sorted(r for r, _ in result.outcomes) == sorted(module.game.spec.ambiguities[amb].reading_names())
        if result.witness_log is not None:
            replay(module.game, result.witness_log)
    for name, query in QUERIES.items():
        answer = query.run(module.game, {"players": 3, "playouts": 2, "rlimit": 1_000_000})
        assert answer.text, name


def test_pharaoh_ties_query_counts_the_all_ties_of_the_edited_points(tmp_path: Path) -> None:
    """Issue 10's reproducer: with Pharaohs +6/-2 the all-tie is worth +4, and play does not depend on the points
    (random and greedy policies never read scores), so the same seeded games tie as often as with +5/-2."""
    module = edited_game(tmp_path, "ra", pharaoh_points="[6, -2]")
    args: dict[str, Any] = {"players": 3, "playouts": 40, "rlimit": 1_000_000}
    before = BUNDLED.queries["pharaoh-ties"].run(BUNDLED.game, args).data["3"]
    after = module.queries["pharaoh-ties"].run(module.game, args)
    assert before["random"]["all_tied_epochs"] > 0
    assert before["random"] == after.data["3"]["random"]
    assert "+6 -2 = +4" in after.text and "+3" not in after.text


def test_pharaoh_check_states_the_edited_shift(tmp_path: Path) -> None:
    """RA-001 on +6/-2: every player's Pharaoh points under 'share' are 6 - 2 = 4, under 'nobody' 0; the summary
    says +4, never the bundled +3."""
    module = edited_game(tmp_path, "ra", pharaoh_points="[6, -2]")
    result = module.checks["pharaoh_all_tie"](module.game, QUICK)
    assert isinstance(result.verdict, Witness)
    players = result.verdict.data["players"]
    outcomes = dict(result.outcomes)
    assert f"Pharaoh points {[4] * players}" in outcomes["share"]
    assert f"Pharaoh points {[0] * players}" in outcomes["nobody"]
    assert "+4" in result.verdict.summary and "+3" not in result.verdict.summary


def test_pharaoh_check_is_a_proof_when_bonus_and_penalty_cancel(tmp_path: Path) -> None:
    """With Pharaohs +2/-2 an all-tie gives 'share' 2 - 2 = 0, the same as 'nobody': the readings never differ."""
    module = edited_game(tmp_path, "ra", pharaoh_points="[2, -2]")
    assert isinstance(module.checks["pharaoh_all_tie"](module.game, QUICK).verdict, Proof)


def test_report_and_query_agree_on_ra_001() -> None:
    """Issue 11: the report's verdict on RA-001 and the pharaoh-ties query's verdict are the same verdict."""
    report = BUNDLED.checks["pharaoh_all_tie"](BUNDLED.game, Budget())
    query = BUNDLED.queries["pharaoh-ties"].run(BUNDLED.game, {"players": 3, "playouts": 2, "rlimit": 5_000_000})
    assert query.verdict == report.verdict


def test_report_and_query_agree_on_ra_002() -> None:
    """The sun-ties query returns the report's verdict on RA-002 (a proof with the bundled points)."""
    report = BUNDLED.checks["sun_all_tie"](BUNDLED.game, Budget())
    query = BUNDLED.queries["sun-ties"].run(BUNDLED.game, {"players": 3, "playouts": 2, "rlimit": 5_000_000})
    assert query.verdict == report.verdict
    assert isinstance(query.verdict, Proof)


def test_sun_tie_check_turns_into_a_witness_when_the_points_no_longer_cancel(tmp_path: Path) -> None:
    """RA-002 on sun-disk points +6/-5: an all-tie gives 'share' 6 - 5 = +1 each and 'nobody' 0, so the readings
    differ (the bundled +5/-5 cancel, a proof)."""
    assert isinstance(BUNDLED.checks["sun_all_tie"](BUNDLED.game, QUICK).verdict, Proof)
    module = edited_game(tmp_path, "ra", sun_disk_points="[6, -5]")
    result = module.checks["sun_all_tie"](module.game, QUICK)
    assert isinstance(result.verdict, Witness)
    assert dict(result.outcomes)["share"] == "+6 -5 = +1 for everyone"


def test_crate_figures_follow_the_edited_supply(tmp_path: Path) -> None:
    """31 Small + 9 Large (value 3): 40 pieces worth 31 + 27 = 58; the supply check and query say so."""
    module = edited_game(tmp_path, "ra", small_crates="31", large_crates="9")
    result = module.checks["supply_exhausted"](module.game, QUICK)
    assert "31 Small + 9 Large crates (40 pieces, worth 58)" in result.verdict.summary
    supply = module.queries["crate-supply"].run(module.game, {"players": 3, "playouts": 2, "rlimit": 1_000_000})
    assert supply.data["3"]["supply"] == {"small": 31, "large": 9, "value": 58}


def test_value_forty_reading_follows_the_edited_total(tmp_path: Path) -> None:
    """RA-004 value_forty: Small = total value - 3 x Large; with 43 that is 43 - 30 = 13 Small, 10 Large."""
    module = edited_game(tmp_path, "ra", crate_total="43")
    p = module.game.params(module.game.config(3, ("traders",), {"crate_counts": "value_forty"}))
    assert (p.small_crates, p.large_crates) == (13, 10)


def test_gods_check_prices_gods_with_the_edited_points(tmp_path: Path) -> None:
    """RA-013: the kept God tiles are valued at the edited 4 points each."""
    module = edited_game(tmp_path, "ra", god_points="4")
    result = module.checks["gods_after_epoch"](module.game, QUICK)
    keep = dict(result.outcomes)["keep"]
    gods = [int(g) for g in keep.split("God tiles [")[1].split("]")[0].split(", ")]
    assert f"worth {[4 * g for g in gods]}" in keep


def test_last_ra_check_counts_the_edited_ra_track(tmp_path: Path) -> None:
    """RA-011 with a 3-player Ra track of 7: the witness has 6 of 7 Ra tiles on the track before the last draw."""
    module = edited_game(tmp_path, "ra", ra_track='{ "2" = 5, "3" = 7, "4" = 8, "5" = 9 }')
    result = module.checks["last_ra"](module.game, QUICK)
    players = result.verdict.data["players"]  # type: ignore[union-attr]
    length = {2: 5, 3: 7, 4: 8, 5: 9}[players]
    assert f"{length - 1} of {length} Ra tiles" in result.verdict.summary


def test_bag_empty_is_a_proof_until_the_ra_tracks_outgrow_the_ra_tiles(tmp_path: Path) -> None:
    """RA-015 by hand: 3 epochs x Ra tracks of 6, 8, 9, 10 draw at most 30 = the bag's 30 Ra tiles, so the bag never
    runs out (a proof). With a 3-player track of 11, 33 > 30: no proof, and the bag can run out only in epoch 3 (2
    ended epochs x 11 = 22 Ra tiles out, 8 on the track), the last, where both readings end the game: the hand-built
    position is there and does not separate them. With a track of 16 it runs out in epoch 2 (16 out, 14 on the track),
    and the readings differ (a witness)."""
    assert isinstance(BUNDLED.checks["bag_empty"](BUNDLED.game, QUICK).verdict, Proof)
    for track, epoch, ra_out, separated in ((11, 3, 22, False), (16, 2, 16, True)):
        (tmp_path / str(track)).mkdir()
        module = edited_game(tmp_path / str(track), "ra", ra_track=f'{{ "2" = 6, "3" = {track}, "4" = 9, "5" = 10 }}')
        result = module.checks["bag_empty"](module.game, QUICK)
        assert result.constructed and result.data["players"] == 3
        position = result.data["position"]
        assert (position["epoch"], position["out_of_play"]["ra"], position["ra_track"]) == (epoch, ra_out, 30 - ra_out)
        assert isinstance(result.verdict, Witness) == separated
        assert (len({text for _, text in result.outcomes}) > 1) == separated


@pytest.mark.rules("ra.base.disks")
def test_a_centre_disk_that_is_also_dealt_is_refused_naming_params_center_disk(tmp_path: Path) -> None:
    """center_disk 1 -> 16 (found by the what-if sweep: the refusal named only params.disk_sets): each sun disk exists
    once (reference: 'Sun disks numbered 1-16. Disk 1 starts face up in the centre'), and 16 is dealt only in the
    5-player sets ([2, 7, 16]), so the SpecError names params.center_disk and the 5-player disk sets, nothing else."""
    with pytest.raises(SpecError) as caught:
        edited_game(tmp_path, "ra", center_disk=16)
    assert [key for key, _ in caught.value.problems] == ["params.disk_sets.value.5", "params.center_disk.value"]
    assert "the centre disk 16 is also dealt in the disk sets of 5 players" in str(caught.value)

"""Every ambiguity check of Ra runs with the quick budget and returns the verdict worked out by hand, the queries
answer, and the findings of issue 15's second pass (RA-016, RA-017) have witnesses from play."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from nilerules.analysis.findings import rendered
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.ra import QUERIES
from nilerules.core.verdicts import Proof, Witness
from nilerules.games import load_game
from nilerules.solver import ra as zra
from tests.helpers import edited_game

MODULE = load("ra")


RA_QUERIES = QUERIES


GAME = load_game("ra")


def test_every_ambiguity_has_a_check() -> None:
    """Spec: each ambiguity of specs/ra.toml has exactly one check, and no check lacks an ambiguity."""
    assert sorted(MODULE.checks) == sorted(GAME.spec.ambiguities)


@pytest.mark.parametrize("ambiguity", sorted(GAME.spec.ambiguities))
def test_check_gives_a_verdict_with_an_outcome_per_reading(ambiguity: str) -> None:
    """Quick budget: each check is a witness or a proof, and names every reading's outcome. A witness must show the
    readings giving different outcomes (else it is no witness). The proofs: RA-002, the reference's arithmetic
    +5 - 5 = 0 when all sun-disk totals tie; RA-015, the bag never runs out (by hand: 3 epochs x a Ra track of at
    most 10 = 30, the bag's 30 Ra tiles)."""
    result = MODULE.checks[ambiguity](GAME, Budget.quick())
    expected = Proof if ambiguity in ("sun_all_tie", "bag_empty") else Witness
    assert isinstance(result.verdict, expected)
    assert sorted(r for r, _ in result.outcomes) == sorted(GAME.spec.ambiguities[ambiguity].reading_names())
    if expected is Witness:
        assert len({text for _, text in result.outcomes}) > 1, result.outcomes
    assert result == MODULE.checks[ambiguity](GAME, Budget.quick())


@pytest.mark.rules("ra.traders.example")
def test_per_claim_check_reproduces_the_seed_example() -> None:
    """Seed example by hand: player 0 holds 1 Trader; player 1 claims 2: per_tile 2 crates, per_claim 1."""
    outcomes = dict(MODULE.checks["crates_per_claim"](GAME, Budget.quick()).outcomes)
    assert outcomes["per_tile"].startswith("crates [2, 0, 0];")
    assert outcomes["per_claim"].startswith("crates [1, 0, 0];")


@pytest.mark.rules("ra.traders.crates.supply_exhausted")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_smallest_exhaustion_is_two_full_auctions(players: int) -> None:
    """By hand: one claim owes nothing; with two, the first claimer gets a*b crates, which exceeds 30 Small + 10 Large
    (value 60) only at 61+, so a = b = 8 (the track holds 8): 2 claims, 16 Traders."""
    from nilerules.checks.ra.common import supply_question

    verdict, data = zra.smallest_exhaustion(supply_question(GAME, players), 3, 5_000_000)
    assert isinstance(verdict, Witness)
    assert (data["claims_needed"], data["traders"]) == (2, 16)


@pytest.mark.parametrize(("players", "most"), [(2, 100), (3, 133), (4, 150), (5, 160)])
def test_most_crates_one_epoch(players: int, most: int) -> None:
    """By hand: the total is the sum over pairs of players of N_p * N_q with 20 Traders: even splits give
    10*10, 7*7+7*6+7*6, 6*25, 10*16."""
    from nilerules.checks.ra.common import supply_question

    _, data = zra.most_crates(supply_question(GAME, players), 5_000_000)
    assert data["most"] == most


@pytest.mark.parametrize("name", sorted(RA_QUERIES))
def test_named_queries_answer(name: str) -> None:
    """Each of Ra's named queries runs with a tiny budget for one player count and returns text and data."""
    result = RA_QUERIES[name].run(GAME, {"players": 4, "playouts": 3, "rlimit": 1_000_000})
    assert result.text and "4" in result.data


def test_queries_report_hand_checked_figures_for_four_players() -> None:
    """By hand from the reference and seed 000, 4 players: disk sets {2,6,13} {3,7,12} {4,8,11} {5,9,10} total
    21, 22, 23, 24; the supply is 30 Small + 10 Large = 60 in value; the smallest exhaustion is 2 claims of 8
    Traders (8 x 8 = 64 > 60); the most crates in one epoch is 6 pairs x 5 x 5 = 150 (20 Traders split evenly)."""
    args = {"players": 4, "playouts": 3, "rlimit": 1_000_000}
    sun = MODULE.queries["sun-ties"].run(GAME, args).data["4"]
    assert sun["starting_totals"] == [21, 22, 23, 24]
    supply = MODULE.queries["crate-supply"].run(GAME, args).data["4"]
    assert supply["supply"] == {"small": 30, "large": 10, "value": 60}
    assert (supply["smallest"]["claims_needed"], supply["smallest"]["traders"]) == (2, 16)
    assert supply["most_crates_one_epoch"]["most"] == 150
    assert supply["fewest_traders_by_claims"]["2"] == 16


def test_required_queries_exist() -> None:
    """The brief's three editor questions (crate supply, Pharaoh ties, sun-disk ties) are named queries."""
    assert {"crate-supply", "pharaoh-ties", "sun-ties"} <= set(MODULE.queries)


def test_checks_cover_every_supported_player_count() -> None:
    """The checks' player counts are the game's (GameInfo)."""
    from nilerules.checks.ra.common import PLAYER_COUNTS

    assert GAME.info.player_counts == PLAYER_COUNTS


@pytest.mark.rules("ra.scoring.pharaohs")
def test_ra_001_reason_after_a_pharaoh_edit_says_what_the_rerun_proof_proves(tmp_path: Path) -> None:
    """Issue 29: with the fewest's Pharaoh penalty -2 made -3, RA-001's proof is rerun on the edited points and its
    sentence says what it proves: every score moves by the same 5 - 3 = 2 points (by hand) at that scoring, so the
    ranking right after it is the same, with the points +5 and -3 named; never the old claim that no ranking can
    change (strong play may still part afterwards). With an rlimit too small for Z3 the proof does not complete and
    the sentence is left out."""
    module = edited_game(tmp_path, "ra", pharaoh_points="[5, -3]")
    amb = module.game.spec.ambiguities["pharaoh_all_tie"]
    result = module.checks["pharaoh_all_tie"](module.game, Budget.quick())
    proved = [s for s in rendered(module.game.spec, amb.reason, result.data) if "Z3" in s]
    assert len(proved) == 1
    assert "by the same 2 points, so the ranking right after that scoring is the same under both readings" in proved[0]
    assert "Pharaoh points +5 for the most and -3 for the fewest" in proved[0]
    assert "no ranking can change" not in proved[0] and "ranking cannot change" not in result.verdict.summary
    assert "by the same +2 at that scoring" in result.verdict.summary
    starved = module.checks["pharaoh_all_tie"](module.game, replace(Budget.quick(), rlimit=1))
    assert [s for s in rendered(module.game.spec, amb.reason, starved.data) if "Z3" in s] == []
    assert "the Z3 proof that every score moves alike did not complete" in starved.verdict.summary


@pytest.mark.parametrize("amb", ["disaster_lot", "track_at_epoch_end"])
def test_new_findings_have_witnesses_from_play(amb: str) -> None:
    """Both new findings are met in seeded play (not constructed) and their witness logs replay from setup."""
    from nilerules.core.log import replay

    result = MODULE.checks[amb](GAME, Budget.quick())
    assert result.verdict.kind == "witness" and not result.constructed
    assert result.witness_log is not None
    replay(GAME, result.witness_log)

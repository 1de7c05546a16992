"""Issue 19 for Ra: what the findings say about their results is rendered from the checks' figures (an edited spec copy
changes the sentences or leaves them out), each witness met in play states only what its log gives, the wordings'
claims hold in the model and fail where the model does otherwise, and what the findings say of their sources is what
the reference says.

Expected values are worked out by hand: the crates a set of Trader claims owes (per Trader claimed, one crate for each
Trader another player holds, seed 000), the supply's worth (30 Small crates of 1 and 10 Large of 3), and the tags and
sentences of the reference (../shared/reference/ra.md).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest

from nilerules.analysis.claims import claim_game, claim_problems
from nilerules.analysis.findings import rendered
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.ra.common import log_figures
from nilerules.checks.ra.supply import _crates_scored
from nilerules.core.log import make_log
from nilerules.documents import read_document
from nilerules.games.ra.state import RA
from nilerules.wording import parse_claims
from tests.helpers import edited_game

SMALL = Budget(playouts=8, examples=16, rlimit=5_000_000)


@cache
def bundled() -> GameModule:
    return load("ra")


def sentences(module: GameModule, ambiguity: str, result: CheckResult | None = None) -> str:
    """The wording, placement and reason of a finding as the report renders them from its check's figures."""
    amb = module.game.spec.ambiguities[ambiguity]
    result = result or module.checks[ambiguity](module.game, SMALL)
    return " ".join(rendered(module.game.spec, (amb.wording, amb.placement, *amb.reason), result.data))


# -- RA-005: the Z3 sentence ------------------------------------------------------------------------------------
def test_ra005_says_what_z3_settles_and_not_two_full_auctions() -> None:
    """Hand, 3 players, supply worth 30 + 3 x 10 = 60, lots of at most 8 (the auction track): two claims owe at most
    8 x 8 = 64 > 60 (7 x 8 = 56 is not enough), so 16 Traders; three claims of a, b, c Traders owe ab + ac + bc, at
    most 13^2 / 3 < 57 for 13 Traders and 4 x 5 + 4 x 5 + 5 x 5 = 65 for 14: 14 Traders, no lot filling the track.
    The old sentence ('at least two full auctions') is false and gone."""
    text = sentences(bundled(), "supply_exhausted")
    assert "only with at least 2 claims of Traders, and with 2 claims only with at least 16 Traders" in text
    assert "With 3 claims, 14 Traders are enough" in text
    assert "(worth 60)" in text
    assert "full auctions" not in text


def test_ra005_sentence_follows_an_edited_supply(tmp_path: Path) -> None:
    """small_crates 30 -> 60 in a spec copy (supply worth 90). Hand: two claims owe at most 64 < 90, so at least three;
    three claims of 16 Traders owe at most 16^2 / 3 < 86, of 17 (6, 6, 5) 36 + 30 + 30 = 96 > 90: 17 Traders. Z3 does
    not settle four claims within its budget, so the sentence about one claim more is left out."""
    module = edited_game(tmp_path, "ra", small_crates=60)
    text = sentences(module, "supply_exhausted")
    assert "(worth 90) only with at least 3 claims of Traders, and with 3 claims only with at least 17 Traders" in text
    assert "With 4 claims" not in text


def test_ra005_old_sentence_is_a_typed_result() -> None:
    """The bundled RA-005 carries no typed result, and putting its old sentence back is found (the checker's broken
    case; tests/specs/test_quotes.py::test_typed_results_are_found holds the same sentence for the kernel)."""
    from nilerules.citations import typed_results

    spec = bundled().game.spec
    assert typed_results(spec) == []
    amb = spec.ambiguities["supply_exhausted"]
    old = dataclasses.replace(amb, reason=("Z3 shows that running out takes at least two full auctions of Traders in "
                                           "one epoch, and seeded random and greedy play never ran out.",))
    found = typed_results(dataclasses.replace(spec, ambiguities={**spec.ambiguities, "supply_exhausted": old}))
    assert len(found) == 1 and found[0].startswith("RA-005.reason")


def test_ra002_proof_sentence_goes_when_the_points_no_longer_cancel(tmp_path: Path) -> None:
    """Bundled: +5 and -5 cancel, so both readings give 0 and Z3 proves it for 2-5 players, every total up to 136
    (1 + 2 + ... + 16, every disk). sun_disk_points [5, -4] in a spec copy: 'share' gives +1, 'nobody' 0, nothing is
    proved, and the sentence that says so is left out."""
    assert "proved with Z3 for 2, 3, 4 and 5 players and every total up to 136" in sentences(bundled(), "sun_all_tie")
    module = edited_game(tmp_path, "ra", sun_disk_points=[5, -4])
    assert "proved" not in sentences(module, "sun_all_tie")


def test_ra015_arithmetic_sentence_follows_the_ra_track(tmp_path: Path) -> None:
    """Bundled: 3 epochs of at most 10 Ra tiles (5 players) draw at most 30, the bag's 30. With a 5-player Ra track of
    11 in a spec copy, 33 > 30: nothing is proved and the sentence is left out."""
    assert "draws at most 30 of the bag's 30 Ra tiles" in sentences(bundled(), "bag_empty")
    module = edited_game(tmp_path, "ra", ra_track={"2": 6, "3": 8, "4": 9, "5": 11})
    text = sentences(module, "bag_empty")
    assert "draws at most" not in text and "No rule is needed" not in text


# -- witnesses: figures from the log ------------------------------------------------------------------------------
def test_ra005_figures_are_recomputed_from_the_log_and_a_shorter_log_gives_others() -> None:
    """Hand: player 0 wins 8 Traders, then player 1 wins 8: player 0 is owed 8 x 8 = 64 crates; capped, it receives
    the supply's 60. The figures replay the witness log; the same describer over the log cut before the second claim's
    last bid (the deliberately broken case) gives other words, so a witness whose log is not the one its figures came
    from is caught."""
    module = bundled()
    result = module.checks["supply_exhausted"](module.game, SMALL)
    assert result.figures is not None and result.witness_log is not None
    assert result.figures("unlimited").startswith("crates [64, 0, 0];")
    assert result.figures("capped").startswith("crates [60, 0, 0];")
    assert [(r, result.figures(r)) for r, _ in result.outcomes] == list(result.outcomes)
    log = result.witness_log
    game = module.game
    actions = [game.action_from_data(a) for a in log.actions]
    cut = next(i for i in range(len(actions) - 1, 0, -1) if log.actions[i] not in ("pass", "draw"))
    short = make_log(game, log.config, actions[:cut], game.setup(log.config))
    broken = log_figures(game, "supply_exhausted", short, _crates_scored(1))
    assert broken("unlimited") != result.figures("unlimited")


def test_no_ra_witness_is_constructed_and_each_recomputes() -> None:
    """With the bundled spec every Ra witness is met in play (none hand-built) and carries the way to recompute it."""
    module = bundled()
    for amb_id, check in module.checks.items():
        result = check(module.game, Budget.quick())
        if result.verdict.kind == "witness":
            assert not result.constructed and result.figures is not None, amb_id


# -- wordings the model does not keep -----------------------------------------------------------------------------
FULL_TRACK = {"auction_track": ["funeral", "funeral", "drought", "drought", "nile", "nile", "nile", "nile"],
              "seats": {"0": {"god": 1}}}


def test_ra012_old_wording_states_a_rule_the_model_does_not_follow() -> None:
    """The old RA-012 wording said 'When the auction track is full, the player to move must invoke Ra'; the reference
    lets a player holding a God tile play it instead (“Play one or more God tiles”), and so does the model: the
    claim of the old words fails, naming the God move, and the new wording's claims hold."""
    module = bundled()
    amb = module.game.spec.ambiguities["full_track_bid"]
    old = dataclasses.replace(amb, wording="When the auction track is full, the player to move must invoke Ra, but "
                                           "need not bid if everyone else passes.")
    claim = parse_claims([{"says": "the player to move must invoke Ra", "at": "position", "players": 3,
                           "position": FULL_TRACK, "expect": {"not_legal": [{"god": "nile"}]}}],
                         "claims", lambda k, w: None)[0]
    assert claim_problems(module.game, old, claim, None) == [
        'RA-012 “the player to move must invoke Ra”: {"god":"nile"} is a legal move there']
    assert [p for c in amb.claims for p in claim_problems(module.game, amb, c, None)] == []
    assert "must invoke Ra" not in amb.wording


def test_ra015_claim_is_a_position_its_variant_can_reach_and_not_the_published_game() -> None:
    """RA-015's wording is placed only in a variant: its claim is written in four epochs with a 5-player Ra track of
    11, in epoch 3 (not the last, where both readings end the game), its Ra tiles out of play those of the 2 ended
    epochs (2 x 11), the rest of the 30 on the Ra track, and it holds. Without the variant (the deliberately broken
    case) the published rules refuse the position: 22 Ra tiles out in epoch 3 overfill 2 ended epochs of 10."""
    game = bundled().game
    amb = game.spec.ambiguities["bag_empty"]
    (claim,) = amb.claims
    p = claim_game(game, claim).params(game.config(claim.players))
    epoch, ra_out = claim.position["epoch"], claim.position["out_of_play"]["ra"]
    assert epoch < p.epochs
    assert ra_out == (epoch - 1) * p.ra_track and ra_out + claim.position["ra_track"] == p.tiles[RA]
    assert claim_problems(game, amb, claim, None) == []
    broken = claim_problems(game, amb, dataclasses.replace(claim, variant={}), None)
    assert len(broken) == 1 and "22 Ra tiles out of play, more than 2 ended epochs of 10 place" in broken[0]


@pytest.mark.parametrize(("ambiguity", "other"), [
    ("supply_exhausted", "capped"), ("crates_per_claim", "per_claim"), ("full_track_bid", "forced"),
    ("gods_after_epoch", "keep"), ("epoch_starter", "next_player"), ("track_at_epoch_end", "stay"),
    ("bag_empty", "epoch_ends"), ("disaster_lot", "before_lot"), ("drought_order", "choose"),
])
def test_a_wordings_claims_fail_under_the_reading_it_does_not_adopt(ambiguity: str, other: str) -> None:
    """Each of these wordings makes a claim that the other reading breaks (so its claims pin the adopted reading):
    the claims are run with the other reading and at least one fails."""
    module = bundled()
    amb = module.game.spec.ambiguities[ambiguity]
    assert amb.claims
    failed = [p for c in amb.claims for p in claim_problems(module.game, amb, dataclasses.replace(c, reading=other),
                                                            None)]
    assert failed != []


# -- titles, sources, the tokens ------------------------------------------------------------------------------
def test_ra004_asks_its_question_and_claims_no_contradiction() -> None:
    """RA-004's default adds the printed counts up to the setup's 40 (30 + 10, seed 000), so the finding asks which
    count goes with which label instead of calling the counts a contradiction."""
    amb = bundled().game.spec.ambiguities["crate_counts"]
    spec = bundled().game.spec
    assert spec.int("small_crates") + spec.int("large_crates") == spec.int("crate_total")
    assert amb.title.endswith("?") and "not add up" not in amb.title
    assert amb.kind != "contradiction"


def _reference() -> str:
    return read_document("reference/ra.md")


def _line(text: str, words: str) -> str:
    return next(line for line in text.splitlines() if words in line)


def test_what_the_findings_say_of_their_sources_is_what_the_reference_says() -> None:
    """RA-011: the reference's last-Ra line is tagged [impl] (no 'three implementations agree' there, that is the Ra
    track's line); RA-013: the epoch-end discard line is Z-Man's ([src: Z-Man]) and names Gods, and no document gives
    the walkthrough's 'kept' list; RA-017: the reference says nothing of the auction track at an epoch's end, nor of
    what implementations do with it; RA-010: it gives 'Floods/Niles' with no order."""
    ref = _reference()
    spec = bundled().game.spec
    words = {a.code: " ".join((a.wording, a.placement, *a.reason, *(r.description for r in a.readings)))
             for a in spec.ambiguities.values()}
    last_ra = _line(ref, "When the last Ra tile of an epoch is drawn")
    assert "[impl]" in last_ra and "three implementations agree" not in last_ra
    assert "tagged [impl]" in words["RA-011"] and "three public implementations" not in words["RA-011"]
    discard = _line(ref, "Then Gods, Gold, Civilizations and Floods are discarded")
    assert "[src: Z-Man]" in discard
    assert "Z-Man" in words["RA-013"] and "gamerspaper" not in words["RA-013"]
    epoch_end = ref.split("## Epoch end and scoring", 1)[1].split("\n## ", 1)[0]
    assert "auction track" not in epoch_end and "implementation" not in epoch_end
    assert "implementations clear" not in words["RA-017"]
    assert "Drought: Floods/Niles" in ref and "first" not in _line(ref, "Drought: Floods/Niles")
    assert "Rio Grande" not in words["RA-010"]


def test_the_point_tokens_question_is_an_assumed_param() -> None:
    """The audit of the tokens' setup step no longer leaves its question open: it names an assumed param (points in
    full when the tokens run out), whose source says why."""
    spec = bundled().game.spec
    tokens = spec.rule("ra.traders.setup.tokens")
    assert tokens.audit == (
        "limits: assumed score_tokens (no sentence says what happens when the point tokens of the general supply run "
        "out; the substitute-material sentence is said of the crate supply)",
    )
    assert spec.params["score_tokens"].provenance == "assumed"

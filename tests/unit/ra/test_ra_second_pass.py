"""The second pass over the Traders module and the base rules (issue 15; the audit entries are checked for every game in
tests/unit/test_spec_catalogue.py): the Traders module's example and explicit sentences hold under every reading they do
not dispute, the readings the text rules out are marked, and the two new findings (RA-016, RA-017) branch as worked out
by hand."""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.ra.situations import claims_actions
from nilerules.checks.ra.supply import EXAMPLE_CLAIMS
from nilerules.games.ra.actions import DRAWS, INVOKE_ACTION, PASS_ACTION, Bid
from nilerules.games.ra.state import PHARAOH, RA, TRADER, RaState

MODULE = load("ra")
GAME = MODULE.game
SPEC = GAME.spec
EVERY_READING = [(amb, r) for amb in sorted(SPEC.ambiguities) for r in SPEC.ambiguities[amb].reading_names()]


def test_the_readings_the_text_rules_out_are_marked() -> None:
    """The Traders module rules out once-per-claim crates (its Example), a capped supply (use a substitute), Small
    crates only (Large crates are scored), the shifted counts and the value reading ('all 40 of the Goods Crates'
    counts pieces), the reference's full-track discard rules out a forced bid there, its God sentence ('one tile
    of your choice from the auction track (not a God tile, not a Ra tile)') rules out forbidding a disaster, and its
    epoch-end sentence ('Then Gods, Gold, Civilizations and Floods are discarded') rules out keeping God tiles (RA-013:
    the walkthrough once cited for keeping them is not among the documents, issue 19 item 6)."""
    marked = {(amb_id, name) for amb_id, amb in SPEC.ambiguities.items()
              for reading in amb.readings if reading.contradicted for name in (reading.name,)}
    assert marked == {("crates_per_claim", "per_claim"), ("supply_exhausted", "capped"),
                      ("crate_exchange", "small_only"), ("crate_counts", "shifted"), ("crate_counts", "value_forty"),
                      ("full_track_bid", "forced"), ("god_takes_disaster", "forbidden"), ("gods_after_epoch", "keep")}


def _claims_state(amb: str, reading: str) -> RaState:
    config = GAME.config(3, ("traders",), {amb: reading})
    state: RaState = GAME.setup(config)
    for a in claims_actions(GAME, config, EXAMPLE_CLAIMS):
        state = GAME.apply(state, a)
    return state


@pytest.mark.rules("ra.traders.example", "ra.traders.claim.claimer_nothing")
@pytest.mark.parametrize(("amb", "reading"), EVERY_READING)
def test_the_traders_example_holds_under_every_reading_that_does_not_dispute_it(amb: str, reading: str) -> None:
    """Seed 000's Example: player 0 holds 1 Trader; player 1 wins two Traders in one auction: player 1 gets no crate,
    player 0 two (two per Trader held). Only RA-006's per_claim disputes it (one crate): it is marked contradicted."""
    crates = _claims_state(amb, reading).crates
    if (amb, reading) == ("crates_per_claim", "per_claim"):
        assert crates == (1, 0, 0)
        assert next(r for r in SPEC.ambiguities[amb].readings if r.name == reading).contradicted
    else:
        assert crates == (2, 0, 0)


@pytest.mark.rules("ra.traders.scoring.discard", "ra.traders.scoring.points")
@pytest.mark.parametrize(("amb", "reading"), EVERY_READING)
def test_traders_and_crates_leave_at_every_epoch_end_under_every_reading(amb: str, reading: str) -> None:
    """Seed 000: 'All Trader tiles are discarded from play at the end of each Epoch, and all Goods Crates ... are
    returned to the supply'; the epoch scores 1 per Trader and the crates' value: player 0 holds 1 Trader and 2
    crates, player 1 holds 2 Traders: 3 and 2 points of Traders and crates. A Trader left on the auction track
    leaves too (RA-017's stay keeps only other tiles)."""
    state = _claims_state(amb, reading)
    p = state.params
    data = GAME.position_data(state)
    data["phase"], data["ra_track"] = "draw", p.ra_track - 1
    data["auction_track"] = ["trader", "gold"]
    state = GAME.apply(GAME.position(state.config, data), DRAWS[RA])
    if (amb, reading) == ("last_ra", "final_auction"):
        state = GAME.apply(GAME.apply(GAME.apply(state, PASS_ACTION), PASS_ACTION), PASS_ACTION)
    assert [x[TRADER] for x in state.held] == [0, 0, 0] and state.crates == (0, 0, 0) and state.track[TRADER] == 0
    points = {(e.player, e.category): e.points for e in state.events if e.category in ("traders", "crates")}
    per_claim = (amb, reading) == ("crates_per_claim", "per_claim")
    assert points == {(0, "traders"): p.trader_points, (0, "crates"): 1 if per_claim else 2,
                      (1, "traders"): 2 * p.trader_points}


@pytest.mark.rules("ra.base.disasters", "ra.base.win")
@pytest.mark.parametrize(("reading", "kept"), [("with_lot", 1), ("before_lot", 2)])
def test_a_funeral_and_the_pharaohs_of_its_own_lot(reading: str, kept: int) -> None:
    """RA-016 by hand: player 0 holds 1 Pharaoh and wins a Funeral with 2 Pharaohs (invoking, both others pass, the
    forced bid). with_lot: 3 Pharaohs, 2 discarded, 1 left; before_lot: the 1 held goes, the 2 won stay."""
    config = GAME.config(3, readings={"disaster_lot": reading})
    state = GAME.position(config, {"seats": {"0": {"pharaoh": 1}}, "auction_track": ["funeral", "pharaoh", "pharaoh"]})
    for action in (INVOKE_ACTION, PASS_ACTION, PASS_ACTION, Bid(2)):
        state = GAME.apply(state, action)
    assert state.held[0][PHARAOH] == kept
    assert GAME.invariants(state) == ()


@pytest.mark.rules("ra.base.epoch_end", "ra.traders.scoring.discard")
@pytest.mark.parametrize(("reading", "track"), [("discard", []), ("stay", ["gold"])])
def test_the_auction_track_at_the_end_of_an_epoch(reading: str, track: list[str]) -> None:
    """RA-017 by hand: a Gold and a Trader lie on the track when the last Ra tile is drawn: discard leaves it empty;
    stay keeps the Gold for epoch 2, and the Trader leaves anyway (seed 000: 'All Trader tiles are discarded')."""
    config = GAME.config(3, ("traders",), {"track_at_epoch_end": reading})
    ra_track = GAME.params(config).ra_track
    state = GAME.position(config, {"phase": "draw", "ra_track": ra_track - 1, "auction_track": ["gold", "trader"]})
    state = GAME.apply(state, DRAWS[RA])
    assert state.epoch == 2
    assert GAME.position_data(state)["auction_track"] == track


@pytest.mark.parametrize("amb", ["disaster_lot", "track_at_epoch_end"])
def test_new_findings_have_witnesses_from_play(amb: str) -> None:
    """Both new findings are met in seeded play (not constructed) and their witness logs replay from setup."""
    from nilerules.core.log import replay

    result = MODULE.checks[amb](GAME, Budget.quick())
    assert result.verdict.kind == "witness" and not result.constructed
    assert result.witness_log is not None
    replay(GAME, result.witness_log)

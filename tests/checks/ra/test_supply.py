"""The supply checks of Ra (``checks/ra/supply.py``): a Z3 budget too small to answer gives Unknown (never a witness it
did not find), and the Traders module's example holds under every reading that does not dispute it (issue 15's second
pass; hand-worked)."""

from __future__ import annotations

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.ra.supply import EXAMPLE_CLAIMS
from nilerules.games import load_game
from nilerules.games.ra.actions import DRAWS, PASS_ACTION
from nilerules.games.ra.situations import claims_actions
from nilerules.games.ra.state import RA, TRADER, RaState

MODULE = load("ra")

GAME = load_game("ra")

SPEC = GAME.spec

EVERY_READING = [(amb, r) for amb in sorted(SPEC.ambiguities) for r in SPEC.ambiguities[amb].reading_names()]


def _claims_state(amb: str, reading: str) -> RaState:
    config = GAME.config(3, ("traders",), {amb: reading})
    state: RaState = GAME.setup(config)
    for a in claims_actions(GAME, config, EXAMPLE_CLAIMS):
        state = GAME.apply(state, a)
    return state


@pytest.mark.parametrize("amb", ["crate_counts", "supply_exhausted", "crate_exchange"])
def test_starved_solver_gives_unknown(amb: str) -> None:
    """With rlimit 1, Z3 cannot settle the smallest exhaustion, so the verdict is unknown with its budget."""
    result = MODULE.checks[amb](MODULE.game, Budget(playouts=2, examples=2, rlimit=1))
    assert result.verdict.kind == "unknown"
    assert "rlimit 1" in result.verdict.budget  # type: ignore[union-attr]


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

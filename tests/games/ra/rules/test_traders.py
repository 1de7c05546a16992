"""The Traders module (``games/ra/rules/traders.py``, seed 000): Traders and crates claimed, paid and leaving play, with
hand-worked examples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nilerules.games.ra import make_game, scoring
from nilerules.games.ra.actions import DRAW_ACTION, DRAWS, GODS_BY_KIND
from nilerules.games.ra.rules import supply_holds
from nilerules.games.ra.situations import place, play_claims, run
from nilerules.games.ra.state import (
    GOD,
    RA,
    TRADER,
    ra_tiles,
)
from tests.games.ra.positions import fresh

GAME = make_game()


@pytest.mark.rules("ra.traders.example", "ra.traders.claim.crates_to_others", "ra.traders.claim.claimer_nothing",
                   "ra.traders.claim.docks")
def test_seed_example_two_traders_in_one_auction() -> None:
    """Seed 000's example: two Traders won in one auction: the claimer gets no crates; every other player gets
    two crates per Trader they hold (players 0 and 2 hold 1 and 2 Traders: 2 and 4 crates)."""
    s, _ = play_claims(fresh(3, traders=True), [(0, 1), (2, 2)])
    assert s.crates == (2, 0, 0)
    s, _ = play_claims(s, [(1, 2)])
    assert s.crates == (2 + 2 * 1, 0, 2 * 2)
    assert [x[TRADER] for x in s.held] == [1, 2, 2]


@pytest.mark.rules("ra.traders.claim.crates_to_others")
def test_a_god_tile_claiming_a_trader_pays_the_others() -> None:
    """Seed 000: a claim by God tile counts too: players 1 and 2 hold 2 and 1 Traders; player 0 takes one with a God."""
    before = place(fresh(3, traders=True), held={0: {GOD: 1}, 1: {TRADER: 2}, 2: {TRADER: 1}}, track={TRADER: 1})
    s = GAME.apply(before, GODS_BY_KIND[TRADER])
    assert tuple(a - b for a, b in zip(s.crates, before.crates, strict=True)) == (0, 2, 1)
    assert s.held[0][TRADER] == 1


@pytest.mark.rules("ra.traders.crates.no_limit", "ra.traders.crates.supply_exhausted")
def test_crates_beyond_the_supply_are_still_given_and_diagnosed() -> None:
    """Seed 000: no limit per Docks board; an exhausted supply is a substitute, so all 64 crates are given
    (8 Traders held x 8 claimed, by hand), and diagnostics report supply_exhausted."""
    s, _ = play_claims(fresh(3, traders=True), [(0, 8), (1, 8)])
    assert s.crates == (64, 0, 0)
    found = GAME.diagnostics(s)
    assert [(d.kind, d.rule_id) for d in found] == [("supply_exhausted", "ra.traders.crates.supply_exhausted")]


@pytest.mark.rules("ra.traders.crates.exchange")
def test_supply_holds_with_large_crates_as_change() -> None:
    """By hand: 30 Small + 10 Large (value 3): one player with 60 is 10 Large + 30 Small; 61 is too many;
    31 and 29 fit (10 Large between them, 30 Small); small_only: more than 30 never fits."""
    p = GAME.params(GAME.config(3, ("traders",)))
    assert supply_holds([60, 0, 0], p) and not supply_holds([61, 0, 0], p)
    assert supply_holds([31, 29, 0], p)
    assert not supply_holds([2, 2, 2], replace(p, small_crates=5, large_crates=0))
    q = GAME.params(GAME.config(3, ("traders",), {"crate_exchange": "small_only"}))
    assert supply_holds([30, 0, 0], q) and not supply_holds([31, 0, 0], q)


@pytest.mark.rules("ra.traders.scoring.points", "ra.traders.scoring.discard")
def test_traders_and_crates_score_every_epoch_then_leave_play() -> None:
    """Seed 000: 1 point per Trader and per crate at each epoch's end; Traders discarded, crates returned.
    By hand: player 0 has 1 Trader and 2 crates, player 1 has 2 Traders: +3 and +2 besides base scoring."""
    s, _ = play_claims(fresh(3, traders=True), [(0, 1), (1, 2)])
    assert s.crates == (2, 0, 0)
    before = [scoring.epoch_points(s.held, (0, 0, 0), s.params)[p] - scoring.trader_points(s.held[p], 0, s.params)[0]
              for p in range(3)]
    s = run(place(s, ra_on_track=8 - ra_tiles(s) - 1), [DRAW_ACTION, DRAWS[RA]])
    assert s.epoch == 2
    gained = [sum(e.points for e in s.events if e.player == p and e.category in ("traders", "crates"))
              for p in range(3)]
    assert gained == [3, 2, 0]
    assert [sum(e.points for e in s.events if e.player == p) for p in range(3)] == [
        before[p] + gained[p] for p in range(3)]
    assert [x[TRADER] for x in s.held] == [0, 0, 0] and s.crates == (0, 0, 0) and s.out[TRADER] == 3

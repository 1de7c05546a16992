"""Ra's epoch and final scoring (``games/ra/scoring.py``, reference/ra.md), with hand-worked examples."""

from __future__ import annotations

import pytest

from nilerules.games.ra import make_game, scoring
from nilerules.games.ra.actions import DRAW_ACTION, DRAWS
from nilerules.games.ra.situations import place, run
from nilerules.games.ra.state import (
    CIVS,
    FLOOD,
    GOD,
    GOLD,
    MONUMENTS,
    NILE,
    PHARAOH,
    RA,
    TRADER,
)
from tests.games.ra.positions import fresh

GAME = make_game()


def hold(**counts: int) -> list[int]:
    row = [0] * 24
    names = {"god": GOD, "gold": GOLD, "pharaoh": PHARAOH, "nile": NILE, "flood": FLOOD, "trader": TRADER}
    for name, c in counts.items():
        if name.startswith("civ"):
            row[CIVS[int(name[3:])]] = c
        elif name.startswith("mon"):
            row[MONUMENTS[int(name[3:])]] = c
        else:
            row[names[name]] = c
    return row


@pytest.mark.rules("ra.scoring.gods_gold", "ra.scoring.pharaohs", "ra.scoring.nile_flood",
                   "ra.scoring.civilizations", "ra.traders.scoring.points")
def test_epoch_scoring_worked_example() -> None:
    """Hand-worked from the reference table, 3 players:
    P0: 2 Gods (4) + 1 Gold (3) + most Pharaohs 3 (+5) + 2 Niles & 1 Flood (3) + 3 civ kinds (+5) = 20;
    P1: fewest Pharaohs 1 (-2), 3 Niles without Flood (0), no civilization (-5) = -7;
    P2: 2 Pharaohs (0), 2 Floods (2), two of one civ kind (0), 1 Trader (1) and 4 crates (4) = 7."""
    p = GAME.params(GAME.config(3, ("traders",)))
    held = [hold(god=2, gold=1, pharaoh=3, nile=2, flood=1, civ0=1, civ2=1, civ4=1),
            hold(pharaoh=1, nile=3), hold(pharaoh=2, flood=2, civ3=2, trader=1)]
    assert scoring.epoch_points(held, (0, 0, 4), p) == [20, -7, 7]


@pytest.mark.rules("ra.scoring.pharaohs")
def test_tied_pharaoh_players_all_get_the_bonus_and_all_tie_readings() -> None:
    """Reference: tied players all get the bonus/penalty: 3,3,1 gives +5,+5,-2. All tied: RA-001 share +3, nobody 0."""
    p = GAME.params(GAME.config(3))
    assert scoring.most_fewest_points([3, 3, 1], 5, -2, True) == [5, 5, -2]
    assert scoring.most_fewest_points([2, 2, 2], 5, -2, True) == [3, 3, 3]
    assert scoring.most_fewest_points([2, 2, 2], 5, -2, False) == [0, 0, 0]
    assert p.pharaoh_most == 5 and p.pharaoh_fewest == -2


@pytest.mark.rules("ra.scoring.monuments")
def test_final_monument_scoring_worked_examples() -> None:
    """Reference, by hand: fortress x3, obelisk x1, palace x5 = 3 kinds (3) + 5 + 15 = 23; all 8 kinds once = 15;
    7 kinds with one of them 4 times = 10 + 10 = 20; none = 0."""
    p = GAME.params(GAME.config(3))
    assert scoring.monument_points(hold(mon0=3, mon1=1, mon2=5), p) == 23
    assert scoring.monument_points(hold(**{f"mon{i}": 1 for i in range(8)}), p) == 15
    assert scoring.monument_points(hold(**{f"mon{i}": 1 for i in range(6)}, mon6=4), p) == 20
    assert scoring.monument_points(hold(), p) == 0


@pytest.mark.rules("ra.scoring.sun_disks")
def test_final_sun_disk_scoring() -> None:
    """Reference: 3-player starting totals 28, 30, 32: +5 to 32, -5 to 28; ties share (32, 32, 28: +5, +5, -5)."""
    p = GAME.params(GAME.config(3))
    assert scoring.sun_disk_points([28, 30, 32], p) == [-5, 0, 5]
    assert scoring.sun_disk_points([32, 32, 28], p) == [5, 5, -5]


@pytest.mark.rules("ra.scoring.epoch_discard")
def test_gods_gold_civilizations_floods_leave_pharaohs_niles_monuments_stay() -> None:
    """Reference (Z-Man): after scoring, Gods, Gold, Civilizations and Floods are discarded; the rest stay."""
    s = place(fresh(3, traders=True),
              held={1: {GOD: 1, GOLD: 1, CIVS[0]: 1, FLOOD: 1, PHARAOH: 2, NILE: 3, MONUMENTS[3]: 1}}, ra_on_track=7)
    s = run(s, [DRAW_ACTION, DRAWS[RA]])
    kept = s.held[1]
    assert (kept[GOD], kept[GOLD], kept[CIVS[0]], kept[FLOOD]) == (0, 0, 0, 0)
    assert (kept[PHARAOH], kept[NILE], kept[MONUMENTS[3]]) == (2, 3, 1)


@pytest.mark.rules("ra.scoring.most_points", "ra.scoring.tiebreak")
def test_ranking_keeps_open_ties_unless_the_tiebreak_reading_is_chosen() -> None:
    """Reference: most points wins; no tie-break stated (RA-003): ties stay grouped; 'highest_disk' splits them."""
    p = GAME.params(GAME.config(3))
    r = scoring.rank([20, 25, 25], [13, 12, 11], p)
    assert r.places == ((1, 2), (0,)) and r.open_tie
    q = GAME.params(GAME.config(3, readings={"winner_tiebreak": "highest_disk"}))
    assert scoring.rank([20, 25, 25], [13, 12, 11], q).places == ((1,), (2,), (0,))

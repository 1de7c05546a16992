"""Nefertiti's checks of issue 15's items: the witnesses of the readings the text leaves open (NEF-015, NEF-029 to
NEF-031, the Deben coins), from play or constructed and labelled so.

Expected values come from the expansion's sentences and examples, or hand counts (named).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.analysis.witness import position_parts, replay_under
from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.nefertiti.characters import check_wandering_thief_bought
from nilerules.checks.nefertiti.harbor import check_papyrus_seal_supply
from nilerules.checks.nefertiti.neutral import check_amon_priest_neutral
from nilerules.core import CHANCE, replay
from nilerules.core.log import replay_steps
from nilerules.core.seeded import under
from nilerules.errors import SpecError
from nilerules.games import load_game
from nilerules.games.nefertiti.actions import Swap
from nilerules.games.nefertiti.names import (
    HARBOR,
    LOUQSOR,
)
from nilerules.games.nefertiti.rules import characters, neutral_pawns
from nilerules.games.nefertiti.situations import CLOSED_MARKET_SETUP, closed_market_doc, situation
from nilerules.games.nefertiti.state import CLOSED, P_RESOLVE, NefState, evolve
from tests.helpers import spec_with_line_edited

MODULE = load("nefertiti")

GAME = load_game("nefertiti")


def under_reading(state: NefState, ambiguity: str, reading: str) -> NefState:
    """The same position under another reading of one ambiguity."""
    return evolve(state, config=under(GAME, state.config, ambiguity, reading))


RED_SERVANT_RED_NEUTRAL_BLACK_NEUTRAL = (1, 0, 1, 1)

BOTH_SERVANTS_ONE_NEUTRAL = (1, 1, 1, 0)


@pytest.mark.rules("nefertiti.two.giza_three_colors")
def test_neutral_one_color_is_marked_contradicted_and_the_showcase_is_genuinely_open() -> None:
    """Issue 15 item 1: neutral_one_color leaves red Servant + black neutral + red neutral open, which the text lists
    as closing; the finding's showcase is a multiset on which the readings the text allows disagree."""
    amb = GAME.spec.ambiguities["neutral_three_colors"]
    assert [r.name for r in amb.readings if r.contradicted] == ["neutral_one_color"]
    result = MODULE.checks["neutral_three_colors"](GAME, Budget.quick())
    showcase = tuple(result.data["showcase"])
    assert showcase not in (RED_SERVANT_RED_NEUTRAL_BLACK_NEUTRAL, BOTH_SERVANTS_ONE_NEUTRAL)
    allowed = {r.name for r in amb.readings if not r.contradicted}
    closes = {neutral_pawns.colours_two_player(*showcase, r) >= 3 for r in allowed}
    assert len(closes) == 2
    assert "rules out neutral_one_color" in result.verdict.summary


def test_one_servant_and_two_same_colour_neutrals_split_the_allowed_readings() -> None:
    """Hand count: a Servant of one colour with both neutral pawns of one colour is 2 of the 4 pawn kinds (open under
    'listed') and 1 + 2 colours under 'neutral_pawn_each' (closes); four such multisets."""
    rows = {
        tuple(r["counts"]): tuple(r["status"])
        for r in MODULE.checks["neutral_three_colors"](GAME, Budget.quick()).data["rows"]
    }
    for counts in ((1, 0, 2, 0), (1, 0, 0, 2), (0, 1, 2, 0), (0, 1, 0, 2)):
        listed, _one_colour, pawn_each = rows[counts]
        assert (listed, pawn_each) == ("open", "closes")


def test_harbor_trigger_witness_replays_from_setup_through_the_draw_where_the_readings_part() -> None:
    """The check's witness is a seeded game whose log ends with the refill's chance draw where the readings part (the
    same draw, different positions): by the seed's Harbor example, a refill that adds no foreign card to a Harbor
    holding its threshold of cards and a pawn gives no distribution under this_refill, while since_last (a foreign
    card added at any time since the last distribution) distributes. Replayed under since_last, the log ends on the
    Harbor's distribution; under the log's own reading it does not."""
    result = MODULE.checks["harbor_trigger_added"](GAME, Budget.quick())
    assert result.witness_log is not None
    steps = list(replay_steps(GAME, result.witness_log))
    mover, draw, end = steps[-1]
    assert mover is CHANCE
    before = steps[-2][2]
    dock = end.markets[HARBOR]
    assert (end.refill_added, end.harbor_added_since >= 1) == (0, True)
    assert (len(dock.cards) >= end.params.harbor_threshold, bool(dock.pawns)) == (True, True)
    distributes = {}
    for r in ("this_refill", "since_last"):
        after = GAME.apply(under_reading(before, "harbor_trigger_added", r), draw)
        distributes[r] = after.phase == P_RESOLVE and after.res_market == HARBOR
    assert distributes == {"this_refill": False, "since_last": True}
    assert (end.phase == P_RESOLVE and end.res_market == HARBOR) is False
    assert dict(result.outcomes) == {"this_refill": "no distribution", "since_last": "distribution"}
    own, other = replay_under(GAME, result.witness_log), replay_under(GAME, result.witness_log, {
        "harbor_trigger_added": "since_last"})
    assert (own.steps, other.steps) == (len(steps), len(steps))
    assert "phase" in position_parts(other, own)


@pytest.mark.rules("nefertiti.trader.exchange")
def test_trader_reaches_the_closed_market_only_under_all_markets() -> None:
    """'exchange ... with cards on the board': under all_markets the necklace on the closed Louqsor can be taken for a
    chair; under open_only it cannot (the Trader branches on its own ambiguity, NEF-022)."""
    base = situation(GAME, *CLOSED_MARKET_SETUP, closed_market_doc("trader"))
    assert base.markets[LOUQSOR].status == CLOSED
    reach = {}
    for r in ("all_markets", "open_only"):
        s = under_reading(base, "trader_markets", r)
        reach[r] = any(isinstance(a, Swap) and a.market == LOUQSOR for a in characters.trader_actions(s))
    assert reach == {"all_markets": True, "open_only": False}
    result = MODULE.checks["trader_markets"](GAME, Budget.quick())
    assert result.verdict.kind == "witness"
    if result.witness_log is not None:
        at: NefState = replay(GAME, result.witness_log)
        assert any(m.status == CLOSED for m in at.markets[:4])


@pytest.mark.rules("nefertiti.contents.deben")
def test_deben_coins_finding_counts_the_setup() -> None:
    """Hand count: 4 players 8+9+9+10 = 36 + 4 market Deben = 40; 5 players 8+8+8+9+9 = 42 + 4 + 1 on the Harbor = 47;
    the boxes hold 30 + 8 = 38 coins. The finding and the query agree."""
    result = MODULE.checks["deben_coins"](GAME, Budget.quick())
    assert result.verdict.kind == "witness"
    needed = {(row["players"], tuple(row["modules"])): row["deben"] for row in result.data["needed"]}
    assert (needed[(4, ())], needed[(5, ("harbor",))], result.data["coins"]) == (40, 47, 38)
    query = MODULE.queries["deben-budget"].run(GAME, {})
    assert query.verdict is not None and query.verdict.kind == result.verdict.kind


def test_deben_coins_finding_follows_an_edited_coin_count(tmp_path: Path) -> None:
    """What-if: with 60 base coins every setup (at most 47 Deben, hand count above) is covered: a proof."""
    path = spec_with_line_edited(
        tmp_path, "nefertiti", r"^value = \{ base = 30, expansion = 8 \}$", "value = { base = 60, expansion = 8 }"
    )
    module = load("nefertiti", path)
    assert module.checks["deben_coins"](module.game, Budget.quick()).verdict.kind == "proof"


@pytest.mark.parametrize("amb_id", sorted(MODULE.checks))
def test_each_witness_replays_from_setup_or_is_labelled_constructed(amb_id: str) -> None:
    """A witness either comes with a log that replays from setup (and names every reading in its config), or is
    labelled constructed; a witness log's readings part at its last position."""
    result = MODULE.checks[amb_id](GAME, Budget.quick())
    if result.verdict.kind != "witness":
        return
    if result.witness_log is None:
        assert result.constructed or result.method in ("arithmetic", "exhaustive"), (amb_id, result.method)
        return
    state = replay(GAME, result.witness_log)
    assert set(dict(result.witness_log.config.readings)) == set(GAME.spec.ambiguities)
    assert len({o for _, o in result.outcomes}) > 1
    assert GAME.invariants(state) == ()


def test_a_huge_gift_count_is_refused_not_worked_through(tmp_path: Path) -> None:
    """Issue 10: a huge foreign gift count in a spec, or a huge count in a written position, is refused at the edge
    (SpecError naming the key; PositionError) instead of hanging score or report."""
    path = spec_with_line_edited(
        tmp_path, "nefertiti", r"^value = \{ harp_f1 = 1, harp_f2 = 1, ", "value = { harp_f1 = 10000000, harp_f2 = 1, "
    )
    with pytest.raises(SpecError, match="foreign_gifts"):
        load("nefertiti", path)
    from nilerules.errors import PositionError

    with pytest.raises(PositionError, match=r"seats\.0\.hand\.chair"):
        GAME.position(GAME.config(4), {"seats": {"0": {"hand": {"chair": 10**9}}}})


def test_nef_029_check_is_a_constructed_witness() -> None:
    """The check's situation parts the readings (0 seals against 1), labelled constructed (seeded play does not empty
    the supply)."""
    result = check_papyrus_seal_supply(GAME, Budget.quick())
    assert (result.verdict.kind, result.constructed) == ("witness", True)
    assert [o.split(",")[0] for _, o in result.outcomes] == [
        "the buyer gains 0 Royal Seal(s)",
        "the buyer gains 1 Royal Seal(s)",
    ]


def test_nef_030_check_parts_the_readings_in_a_played_game() -> None:
    """The check's witness is a 2-player game from setup (not constructed) where the holder's place differs."""
    result = check_amon_priest_neutral(GAME, Budget.quick())
    assert (result.verdict.kind, result.constructed, result.witness_log is not None) == ("witness", False, True)
    assert len({o for _, o in result.outcomes}) == 2


def test_nef_031_check_parts_the_readings_in_a_played_game() -> None:
    """The check's witness is a game from setup (not constructed) where the highest bidder buys the Wandering Thief
    card, and the cards left to take after its exchange differ."""
    result = MODULE.checks["wandering_thief_bought"](GAME, Budget.quick())
    assert (result.verdict.kind, result.constructed, result.witness_log is not None) == ("witness", False, True)
    assert len({o for _, o in result.outcomes}) == 2


def test_nef_031_hand_built_fallback_is_a_constructed_witness() -> None:
    """The fallback situation (seeded play finding none) parts the readings too: 1 more card against 2."""
    result = check_wandering_thief_bought(GAME, Budget.quick())
    assert (result.verdict.kind, result.constructed) == ("witness", True)
    assert [o.split(": ")[1] for _, o in result.outcomes] == [
        "after its exchange they may take 1 more",
        "after its exchange they may take 2 more",
    ]

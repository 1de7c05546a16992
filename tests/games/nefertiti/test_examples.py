"""The expansion's worked examples (seed 004), reproduced through the rules from positions written with names."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.core.types import Config
from nilerules.games import load_game
from nilerules.games.nefertiti.actions import Done, DrawCard, Pick, Place, TakeCard, TakeHalf, Target, UseCharacter
from nilerules.games.nefertiti.cards import slot
from nilerules.games.nefertiti.names import (
    ABOU,
    AKHET,
    AMON_MERCHANT,
    BEGGAR,
    CHAIR,
    CUP,
    F_CHAIR1,
    F_CHAIR2,
    F_MIRROR1,
    F_MIRROR2,
    GIZEH,
    HARBOR,
    HARP,
    LOUQSOR,
    N_CODES,
    NECKLACE,
    SENET2,
    STATUETTE,
    TYPE_NAMES,
)
from nilerules.games.nefertiti.rules import closing
from nilerules.games.nefertiti.scoring import amon_priest_bonus, gift_score, holders
from nilerules.games.nefertiti.state import OPEN, P_RESOLVE, P_TURN, NefState
from tests.games.nefertiti.positions import ROYAL_SCRIBE_SETUP, royal_scribe_example

GAME = load_game("nefertiti")


def position(players: int, modules: tuple[str, ...], doc: dict[str, Any], **readings: str) -> NefState:
    state: NefState = GAME.position(GAME.config(players, modules, readings), doc)
    return state


def edit(state: NefState, **changes: Any) -> NefState:
    """The same position with some top-level keys of its written form replaced (the public position format)."""
    data = GAME.position_data(state)
    data.update(changes)
    config: Config = state.config
    result: NefState = GAME.position(config, data)
    return result


@pytest.mark.rules(
    "nefertiti.royal_scribe.score",
    "nefertiti.royal_scribe.mixed_types",
    "nefertiti.royal_scribe.partial",
    "nefertiti.royal_scribe.discard",
    "nefertiti.turn.character",
)
def test_royal_scribe_example_scores_49_and_keeps_one_statuette() -> None:
    """Seed 004 Royal Scribe example: 3 chairs (sole owner), 1 of 2 statuettes (2 owners), 1 cup -> 49.
    By hand from the seed's values: 3 x (9 + 1) + (8 + 1) + (9 + 1) = 30 + 9 + 10 = 49."""
    state = royal_scribe_example(GAME, GAME.config(*ROYAL_SCRIBE_SETUP))
    assert state.prestige[0] == 49
    assert state.hands[0][STATUETTE] == 1
    assert state.hands[0][CHAIR] == 0 and state.hands[0][CUP] == 0
    assert state.discard[CHAIR] == 3
    assert GAME.invariants(state) == ()


@pytest.mark.rules(
    "nefertiti.harbor.foreign_bonus",
    "nefertiti.harbor.bonus_cumulative",
    "nefertiti.harbor.foreign_same_value",
    "nefertiti.harbor.foreign_not_distinguished",
)
def test_foreign_chairs_example_scores_50() -> None:
    """Seed 004: 3 normal chairs + the +1 and +2 foreign chairs, another player holds a chair: 5 x (7+1+2) = 50."""
    params = GAME.params(GAME.config(4, ("harbor",)))
    red = [0] * N_CODES
    red[CHAIR], red[F_CHAIR1], red[F_CHAIR2] = 3, 1, 1
    other = [0] * N_CODES
    other[CHAIR] = 1
    owners = holders((red, other))
    assert owners[TYPE_NAMES.index("chair")] == 2  # owners are counted per type (senet and senet_x2 are one)
    assert gift_score(params, red, owners) == 50


@pytest.mark.rules(
    "nefertiti.beggar.each_market",
    "nefertiti.beggar.markets_on_board",
    "nefertiti.beggar.face_down_blocks",
    "nefertiti.beggar.face_up_again",
)
def test_beggar_example_two_deben_and_two_cards_face_down() -> None:
    """Seed 004 Beggar example: 1 Deben from Gizeh and Akhet-Aton, necklace at (closed) Louqsor and chair at Abou
    Simbel face down; the face-down chair then cannot be bought, and turns up when its market reopens."""
    doc = {
        "characters": {"beggar": 1},
        "seats": {"0": {"seals": 1}},
        "markets": {
            "gizeh": {"cards": ["harp", "mirror"]},
            "louqsor": {"cards": ["necklace"]},
            "akhet_aton": {"cards": ["statuette"]},
            "abou_simbel": {"cards": ["chair", "goldwork"]},
        },
    }
    state = position(4, ("characters",), doc)
    assert state.markets[LOUQSOR].status != OPEN
    deben = state.deben[0]
    for action in (
        UseCharacter(BEGGAR),
        Target(GIZEH, -1),
        Target(LOUQSOR, slot(NECKLACE)),
        Target(AKHET, -1),
        Target(ABOU, slot(CHAIR)),
    ):
        state = GAME.apply(state, action)
    assert state.phase == P_TURN
    assert state.deben[0] == deben + 2
    assert slot(NECKLACE, down=True) in state.markets[LOUQSOR].cards
    assert slot(CHAIR, down=True) in state.markets[ABOU].cards
    assert GAME.invariants(state) == ()
    closed = edit(state, phase="resolve", resolution={"market": "abou_simbel", "bidders": [{"bid": 9, "seat": 0}]})
    assert TakeCard(slot(CHAIR, down=True)) not in closing.resolution_actions(closed)
    reopened = closing.finish_resolution(edit(state, resolution={"market": "gizeh", "bidders": []}))
    assert slot(NECKLACE) in reopened.markets[LOUQSOR].cards


def refill(state: NefState, market: str, draws: tuple[int, ...]) -> NefState:
    """Reopen ``market`` empty (its cards go back to the pile) and draw ``draws`` into it (chance chosen here)."""
    data = GAME.position_data(state)
    data["markets"][market].update(cards=[], status="open")
    data["refill"].update(queue=[market], added=0)
    state = edit(state, phase="refill", markets=data["markets"], refill=data["refill"])
    for code in draws:
        state = GAME.apply(state, DrawCard(code))
    return state


def next_turn(state: NefState, seat: int) -> NefState:
    return edit(state, phase="turn", to_move=seat, turn={"placements_left": 1})


@pytest.mark.rules(
    "nefertiti.harbor.divert_foreign",
    "nefertiti.harbor.refill_until_four",
    "nefertiti.harbor.only_foreign",
    "nefertiti.harbor.trigger",
    "nefertiti.harbor.trigger_added",
    "nefertiti.harbor.trigger_four",
    "nefertiti.harbor.distribution_order",
    "nefertiti.harbor.highest_buys_two",
    "nefertiti.harbor.never_closed",
    "nefertiti.harbor.unbought_remain",
    "nefertiti.harbor.example_no_new",
)
@pytest.mark.parametrize("reading", GAME.spec.ambiguities["harbor_trigger_added"].reading_names())
def test_harbor_example_under_each_reading_of_nef_015(reading: str) -> None:
    """Seed 004 Harbor example, step by step: 2 + 2 foreign (no pawn: nothing), Black's pawn and a refill with no
    foreign card ('so there is no distribution'), then Red and Green bid higher and 2 more foreign cards arrive:
    Green buys 2 of the 6, then Red and Black buy 1 or take half. A reading that distributes at the second refill
    is the one the spec marks contradicted."""
    contradicted = {r.name: bool(r.contradicted) for r in GAME.spec.ambiguities["harbor_trigger_added"].readings}
    black, red, green = 0, 1, 2
    doc = {"markets": {"harbor": {"cards": ["harp_f1", "harp_f2"]}}}
    state = position(3, ("harbor",), doc, harbor_first_deben="none", harbor_trigger_added=reading)
    # first refill: 2 foreign cards drawn, no pawn on the Harbor -> no distribution
    state = refill(state, "louqsor", (F_CHAIR1, F_CHAIR2, HARP, HARP, CHAIR, CHAIR))
    assert len(state.markets[HARBOR].cards) == 4
    assert state.phase == P_TURN
    # Black places a pawn on the Harbor; the next refill draws no foreign card -> no distribution
    state = GAME.apply(next_turn(state, black), Place(HARBOR, 0))
    state = refill(state, "gizeh", (HARP, HARP, CHAIR, CHAIR))
    assert (state.phase == P_RESOLVE) == contradicted[reading]
    if contradicted[reading]:
        return
    # Red and Green bid higher; the third refill adds 2 foreign cards -> distribution
    state = GAME.apply(next_turn(state, red), Place(HARBOR, 2))
    state = GAME.apply(next_turn(state, green), Place(HARBOR, 4))
    state = refill(state, "akhet_aton", (F_MIRROR1, F_MIRROR2, HARP, HARP, CHAIR, CHAIR))
    assert state.phase == P_RESOLVE and state.res_market == HARBOR
    assert len(state.markets[HARBOR].cards) == 6
    assert GAME.current_player(state) == green
    assert TakeHalf() not in GAME.legal_actions(state)
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert GAME.current_player(state) == green
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert GAME.current_player(state) == red
    assert TakeHalf() in GAME.legal_actions(state)
    state = GAME.apply(state, TakeHalf())
    assert GAME.current_player(state) == black
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert sum(state.hands[green]) == 2 and sum(state.hands[black]) == 1
    assert len(state.markets[HARBOR].cards) == 3
    assert state.markets[HARBOR].status == OPEN and state.markets[HARBOR].pawns == ()


@pytest.mark.rules(
    "nefertiti.amon_merchant.discard", "nefertiti.amon_merchant.points", "nefertiti.amon_merchant.senet_x2"
)
def test_amon_merchant_senet_x2_is_16() -> None:
    """Seed 004: a Senet x2 counts as 2 Gift cards and is worth 16; a chair 8."""
    doc = {"characters": {"amon_merchant": 1}, "seats": {"0": {"seals": 1, "hand": {"senet_x2": 1, "chair": 1}}}}
    state = position(4, ("characters",), doc)
    for action in (UseCharacter(AMON_MERCHANT), Pick(SENET2), Pick(CHAIR), Done()):
        state = GAME.apply(state, action)
    assert state.prestige[0] == 16 + 8
    assert state.hands[0][SENET2] == 0 and state.hands[0][CHAIR] == 0


@pytest.mark.rules("nefertiti.amon_priest.bonus")
def test_amon_priest_tied_for_third_gains_nine() -> None:
    """Seed 004: a player tied for 3rd place gains 9 (competition and dense rankings agree with the example)."""
    params = GAME.params(GAME.config(4))
    scores, debens = (50, 40, 30, 30), (0, 0, 0, 0)
    assert amon_priest_bonus(params, scores, debens, 2, "competition") == 9
    assert amon_priest_bonus(params, scores, debens, 3, "dense") == 9

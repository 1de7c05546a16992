"""The seed's worked examples (seed 004), reproduced through the rules."""

from __future__ import annotations

import pytest

from nilerules.games import load
from nilerules.games.nefertiti import rules
from nilerules.games.nefertiti.actions import Done, DrawCard, Pick, Place, TakeCard, TakeHalf, Target, UseCharacter
from nilerules.games.nefertiti.checks import start_state
from nilerules.games.nefertiti.scoring import amon_priest_bonus, gift_score, holders
from nilerules.games.nefertiti.state import (
    ABOU,
    AKHET,
    AMON_MERCHANT,
    BEGGAR,
    CHAIR,
    CUP,
    F_CHAIR1,
    F_CHAIR2,
    F_HARP1,
    F_HARP2,
    F_MIRROR1,
    F_MIRROR2,
    GIZEH,
    HARBOR,
    HARP,
    LOUQSOR,
    N_CODES,
    NECKLACE,
    OPEN,
    P_REFILL,
    P_RESOLVE,
    P_TURN,
    ROYAL_SCRIBE,
    SENET2,
    STATUETTE,
    TYPE_NAMES,
    NefState,
    evolve,
    slot,
)

GAME = load("nefertiti").game


def give(state: NefState, seat: int, *codes: int) -> NefState:
    """Move cards from the pile into a hand (keeps every card accounted for)."""
    for code in codes:
        state = evolve(state, pile=rules.bump(state.pile, code, -1))
        state = rules.hand_add(state, seat, code)
    return state


def with_character(state: NefState, char: int) -> NefState:
    me = state.to_move
    return evolve(
        state,
        chars=rules.bump(state.chars, char, 1),
        seals=rules.bump(state.seals, me, 1),
        seal_supply=state.seal_supply - 1,
    )


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
    state = start_state(GAME, 5, ("harbor", "characters"))
    me, other = state.to_move, (state.to_move + 1) % 5
    state = give(state, me, CHAIR, CHAIR, CHAIR, STATUETTE, STATUETTE, CUP)
    state = give(state, other, STATUETTE)
    state = with_character(state, ROYAL_SCRIBE)
    before = state.prestige[me]
    for action in (
        UseCharacter(ROYAL_SCRIBE),
        Pick(CHAIR),
        Pick(CHAIR),
        Pick(CHAIR),
        Pick(STATUETTE),
        Pick(CUP),
        Done(),
    ):
        state = GAME.apply(state, action)
    assert state.prestige[me] - before == 49
    assert state.hands[me][STATUETTE] == 1
    assert state.hands[me][CHAIR] == 0 and state.hands[me][CUP] == 0
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
    state = start_state(GAME, 4, ("harbor",))
    red = [0] * N_CODES
    red[CHAIR], red[F_CHAIR1], red[F_CHAIR2] = 3, 1, 1
    other = [0] * N_CODES
    other[CHAIR] = 1
    owners = holders((red, other))
    assert owners[TYPE_NAMES.index("chair")] == 2  # owners are counted per type (senet and senet_x2 are one)
    assert gift_score(state.params, red, owners) == 50


@pytest.mark.rules(
    "nefertiti.beggar.each_market",
    "nefertiti.beggar.markets_on_board",
    "nefertiti.beggar.face_down_blocks",
    "nefertiti.beggar.face_up_again",
)
def test_beggar_example_two_deben_and_two_cards_face_down() -> None:
    """Seed 004 Beggar example: 1 Deben from Gizeh and Akhet-Aton, necklace at (closed) Louqsor and chair at Abou
    Simbel face down; the face-down chair then cannot be bought, and turns up when its market reopens."""
    state = start_state(GAME, 4, ("characters",))
    me = state.to_move
    state = evolve(state, pile=rules.bump(rules.bump(state.pile, NECKLACE, -1), CHAIR, -1))
    louqsor = evolve(state.markets[LOUQSOR], cards=(slot(NECKLACE),))
    abou = evolve(state.markets[ABOU], cards=rules.add_slot(state.markets[ABOU].cards, slot(CHAIR)))
    state = rules.set_market(rules.set_market(state, LOUQSOR, louqsor), ABOU, abou)
    gizeh_deben, akhet_deben = state.markets[GIZEH].deben, state.markets[AKHET].deben
    assert gizeh_deben >= 1 and akhet_deben >= 1
    state = with_character(state, BEGGAR)
    deben = state.deben[me]
    for action in (
        UseCharacter(BEGGAR),
        Target(GIZEH, -1),
        Target(LOUQSOR, slot(NECKLACE)),
        Target(AKHET, -1),
        Target(ABOU, slot(CHAIR)),
    ):
        state = GAME.apply(state, action)
    assert state.phase == P_TURN
    assert state.deben[me] == deben + 2
    assert slot(NECKLACE, down=True) in state.markets[LOUQSOR].cards
    assert slot(CHAIR, down=True) in state.markets[ABOU].cards
    assert GAME.invariants(state) == ()
    closing = evolve(state, phase=P_RESOLVE, res_market=ABOU, res_queue=((9, me, 0, 0),), res_taken=0)
    assert TakeCard(slot(CHAIR, down=True)) not in rules.resolution_actions(closing)
    reopened = rules.finish_resolution(evolve(state, res_market=GIZEH, res_queue=()))
    assert slot(NECKLACE) in reopened.markets[LOUQSOR].cards


def _refill(state: NefState, market: int, draws: tuple[int, ...]) -> NefState:
    """Reopen ``market`` empty and draw ``draws`` into it (chance outcomes chosen by the test)."""
    pile = list(state.pile)
    for code in draws:
        pile[code] += 1
    emptied = evolve(state.markets[market], cards=(), status=OPEN)
    discard = list(state.discard)
    for s in state.markets[market].cards:
        discard[s >> 2] += 1
    state = rules.set_market(state, market, emptied)
    state = evolve(
        state,
        pile=tuple(pile),
        phase=P_REFILL,
        refill_queue=(market,),
        refill_added=0,
        discard=tuple(discard),
        seal_supply=state.seal_supply + sum(1 for s in state.markets[market].cards if s & 2),
    )
    for code in draws:
        state = GAME.apply(state, DrawCard(code))
    return state


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
)
def test_harbor_example_distribution_on_the_third_refill() -> None:
    """Seed 004 Harbor example, step by step: 2 + 2 foreign (no pawn: nothing), Black's pawn and a refill with no
    foreign card (nothing), then Red and Green bid higher and 2 more foreign cards arrive: Green buys 2 of the 6,
    then Red and Black buy 1 or take half."""
    state = start_state(GAME, 3, ("harbor",), {"harbor_first_deben": "none"})
    black, red, green = state.to_move, (state.to_move + 1) % 3, (state.to_move + 2) % 3
    harbor_cards = tuple(sorted(slot(c) for c in (F_HARP1, F_HARP2)))
    box = list(state.box)
    for s in state.markets[HARBOR].cards:
        box[s >> 2] += 1
    state = rules.set_market(state, HARBOR, evolve(state.markets[HARBOR], cards=harbor_cards))
    state = evolve(state, box=tuple(box), pile=rules.bump(rules.bump(state.pile, F_HARP1, -1), F_HARP2, -1))
    # first refill: 2 foreign cards drawn, no pawn on the Harbor -> no distribution
    state = _refill(state, LOUQSOR, (F_CHAIR1, F_CHAIR2, HARP, HARP, CHAIR, CHAIR))
    assert len(state.markets[HARBOR].cards) == 4
    assert state.phase == P_TURN
    # Black places a pawn on the Harbor; the next refill draws no foreign card -> no distribution
    state = evolve(state, to_move=black)
    state = GAME.apply(state, Place(HARBOR, 0))
    state = _refill(state, GIZEH, (HARP, HARP, CHAIR, CHAIR))
    assert state.phase != P_RESOLVE
    # Red and Green bid higher; the third refill adds 2 foreign cards -> distribution
    state = evolve(state, phase=P_TURN, to_move=red, placements_left=1, placed_markets=())
    state = GAME.apply(state, Place(HARBOR, 2))
    state = evolve(state, phase=P_TURN, to_move=green, placements_left=1, placed_markets=())
    state = GAME.apply(state, Place(HARBOR, 4))
    state = _refill(state, AKHET, (F_MIRROR1, F_MIRROR2, HARP, HARP, CHAIR, CHAIR))
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
    state = give(start_state(GAME, 4, ("characters",)), 0, SENET2, CHAIR)
    state = evolve(state, to_move=0)
    state = with_character(state, AMON_MERCHANT)
    before = state.prestige[0]
    for action in (UseCharacter(AMON_MERCHANT), Pick(SENET2), Pick(CHAIR), Done()):
        state = GAME.apply(state, action)
    assert state.prestige[0] - before == 16 + 8
    assert state.hands[0][SENET2] == 0 and state.hands[0][CHAIR] == 0


@pytest.mark.rules("nefertiti.amon_priest.bonus")
def test_amon_priest_tied_for_third_gains_nine() -> None:
    """Seed 004: a player tied for 3rd place gains 9 (competition and dense rankings agree with the example)."""
    state = start_state(GAME, 4)
    scores, debens = (50, 40, 30, 30), (0, 0, 0, 0)
    assert amon_priest_bonus(state.params, scores, debens, 2, "competition") == 9
    assert amon_priest_bonus(state.params, scores, debens, 3, "dense") == 9

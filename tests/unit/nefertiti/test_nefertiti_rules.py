"""Rule-by-rule tests of Nefertiti; expected values are hand-calculated from the seed, the reference or the spec."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nilerules.errors import IllegalAction, InvalidConfig
from nilerules.games import load
from nilerules.games.nefertiti import rules
from nilerules.games.nefertiti.actions import (
    Done,
    DrawCard,
    FirstPlayer,
    ForceClose,
    NeutralDeben,
    NeutralGift,
    Pick,
    PickType,
    Place,
    PlaceNeutral,
    Recall,
    Swap,
    TakeCard,
    TakeHalf,
    Target,
    UseCharacter,
)
from nilerules.games.nefertiti.checks import start_state
from nilerules.games.nefertiti.params import build_params
from nilerules.games.nefertiti.scoring import final_scores, holders, ranking
from nilerules.games.nefertiti.state import (
    AKH,
    AKHET,
    AMON_PRIEST,
    CHAIR,
    CHAR_NAMES,
    CHIEF,
    CLOSED,
    CUP,
    DONE,
    F_CHAIR2,
    FOREIGN,
    GIZEH,
    GOLDWORK,
    HARBOR,
    HARP,
    HIGH_PRIEST,
    LOUQSOR,
    MERCHANT,
    MIRROR,
    N_CODES,
    NECKLACE,
    NEUTRAL_OWNER,
    OPEN,
    P_CHAR,
    P_OVER,
    P_REFILL,
    P_RESOLVE,
    P_TURN,
    P_WT_SWAP,
    PAPYRUS,
    PRIEST,
    ROYAL_SERVANT,
    SCRIBE3,
    SENET,
    SENET2,
    STATUETTE,
    THIEF,
    TRADER,
    TREASURER,
    TYPE_NAMES,
    WANDERING_THIEF,
    WT,
    NefState,
    evolve,
    slot,
)

GAME = load("nefertiti").game


def take_from_pile(state: NefState, *codes: int) -> NefState:
    pile = list(state.pile)
    for c in codes:
        pile[c] -= 1
    return evolve(state, pile=tuple(pile))


def give(state: NefState, seat: int, *codes: int) -> NefState:
    state = take_from_pile(state, *codes)
    for c in codes:
        state = rules.hand_add(state, seat, c)
    return state


def market_with(state: NefState, m: int, codes: tuple[int, ...], **kw: object) -> NefState:
    """Put exactly ``codes`` in market ``m`` (old cards to the discard pile, new ones from the pile)."""
    old = state.markets[m]
    discard = list(state.discard)
    seals = 0
    for s in old.cards:
        discard[s >> 2] += 1
        seals += bool(s & 2)
    state = evolve(state, discard=tuple(discard), seal_supply=state.seal_supply + seals)
    state = take_from_pile(state, *codes)
    cards = tuple(sorted(slot(c) for c in codes))
    return rules.set_market(state, m, evolve(old, cards=cards, **kw))  # type: ignore[arg-type]


def with_character(state: NefState, char: int) -> NefState:
    me = state.to_move
    return evolve(
        state,
        chars=rules.bump(state.chars, char, 1),
        seals=rules.bump(state.seals, me, 1),
        seal_supply=state.seal_supply - 1,
    )


def rebalance(state: NefState) -> NefState:
    """After a hand-built change of Deben, take the new total as the one to conserve."""
    total = sum(state.deben) + sum(m.deben for m in state.markets) + state.deben_removed
    return evolve(state, start_total=total)


def play(state: NefState, *actions: object) -> NefState:
    for a in actions:
        state = GAME.apply(state, a)
    return state


# -- setup ----------------------------------------------------------------------------------------------------


@pytest.mark.rules(
    "nefertiti.base.markets",
    "nefertiti.base.louqsor_closed",
    "nefertiti.harbor.setup_tile",
    "nefertiti.base.fill",
    "nefertiti.base.bottom",
    "nefertiti.harbor.no_seals",
    "nefertiti.harbor.only_foreign",
    "nefertiti.harbor.divert_foreign",
)
def test_setup_three_open_markets_with_four_cards_and_a_seal() -> None:
    """Reference: Louqsor starts closed, open markets get 4 Gifts with a seal on top; seed: Harbor has 1 Deben,
    holds only foreign cards and never a seal; 4 Gifts + Akhenaton lie at the bottom."""
    for seed in range(5):
        s = start_state(GAME, 4, ("harbor",), seed=seed)
        assert s.markets[LOUQSOR].status == CLOSED and s.markets[LOUQSOR].cards == ()
        for m in (0, 2, 3):
            cards = s.markets[m].cards
            assert s.markets[m].status == OPEN
            assert sum(1 for c in cards if (c >> 2) < 20) == 4
            assert sum(1 for c in cards if c & 2) == 1
            assert not any(FOREIGN[c >> 2] for c in cards)
        assert s.markets[HARBOR].deben == 1
        assert all(FOREIGN[c >> 2] and not c & 2 for c in s.markets[HARBOR].cards)
        assert len(s.bottom) == 5 and s.bottom.count(AKH) == 1
        assert GAME.invariants(s) == ()


@pytest.mark.rules(
    "nefertiti.harbor.optional",
    "nefertiti.harbor.five_required",
    "nefertiti.five.harbor_always",
    "nefertiti.two.setup_as_four",
    "nefertiti.setup.fixed_cards",
)
def test_deck_and_fixed_characters_by_player_count() -> None:
    """Seed: 2 players lose all 8 senet and both Scribes; 3 players lose Scribe +2; 5 players add 4 cups and the
    Harbor; the Harbor replaces 10 base gifts by 10 foreign ones and adds one papyrus per player."""
    spec = GAME.spec
    two = build_params(spec, GAME.config(2))
    assert two.deck[SENET] == 0 and two.deck[SENET2] == 0
    assert two.char_fixed[CHAR_NAMES.index("merchant")] == 1 and sum(two.char_fixed) == 1
    three = build_params(spec, GAME.config(3))
    assert sum(three.char_fixed) == 2 and three.char_fixed[CHAR_NAMES.index("scribe_2")] == 0
    four = build_params(spec, GAME.config(4))
    assert sum(four.deck) == 46 and sum(four.char_fixed) == 3
    harbor = build_params(spec, GAME.config(4, ("harbor",)))
    assert sum(harbor.deck) == 46 + 4 and sum(harbor.deck[10:20]) == 10 and harbor.deck[PAPYRUS] == 4
    assert GAME.config(5).modules == ("harbor",)
    five = build_params(spec, GAME.config(5))
    assert five.deck[CUP] == 4 and five.servants == 3 and five.deck[PAPYRUS] == 5
    with pytest.raises(InvalidConfig):
        build_params(spec, evolve(GAME.config(5), modules=()))


@pytest.mark.rules("nefertiti.base.first_player", "nefertiti.two.start_deben", "nefertiti.five.start_deben")
def test_starting_deben_follow_turn_order_from_the_first_player() -> None:
    """Seed: with 2 players the starter gets 10 and the other 11; with 5, players 1-3 get 8 and 4-5 get 9."""
    s2 = GAME.apply(GAME.setup(GAME.config(2)), FirstPlayer(1))
    assert s2.deben == (11, 10) and s2.to_move == 1
    s5 = GAME.apply(GAME.setup(GAME.config(5)), FirstPlayer(3))
    assert s5.deben == (8, 9, 9, 8, 8)
    assert GAME.chance_outcomes(GAME.setup(GAME.config(5)))[0][1] == Fraction(1, 5)


@pytest.mark.rules(
    "nefertiti.setup.draw_six", "nefertiti.setup.rest_removed", "nefertiti.scenarios.choose", "nefertiti.setup.usable"
)
def test_characters_six_drawn_or_a_scenario() -> None:
    """Seed: Scribes and Merchant plus 6 random of the other 17 (10 base assumed + 7 new); a scenario fixes the 6."""
    s = GAME.apply(GAME.setup(GAME.config(4, ("characters",))), FirstPlayer(0))
    outcomes = GAME.chance_outcomes(s)
    assert sum(p for _, p in outcomes) == 1 and len(outcomes) == 12
    s = start_state(GAME, 4, ("characters",))
    assert sum(s.chars) == 3 + 6
    scen = start_state(GAME, 4, ("scenario",))
    names = sorted(CHAR_NAMES[c] for c in range(15) if scen.chars[c])
    assert names == sorted(
        ["scribe_2", "scribe_3", "merchant", "amon_priest", "amon_merchant", "chief", "treasurer", "beggar", "trader"]
    )
    assert not any(isinstance(a, UseCharacter) for a in GAME.legal_actions(scen))
    scen = evolve(scen, seals=rules.bump(scen.seals, scen.to_move, 1), seal_supply=scen.seal_supply - 1)
    usable = {a.char for a in GAME.legal_actions(scen) if isinstance(a, UseCharacter)}
    assert usable == {c for c in range(15) if scen.chars[c]}


# -- a turn ---------------------------------------------------------------------------------------------------


@pytest.mark.rules("nefertiti.turn.place", "nefertiti.turn.first_servant_deben")
def test_first_servant_in_a_market_earns_one_deben() -> None:
    """Reference: the first Servant placed in a market earns 1 Deben from it; the second does not."""
    s = start_state(GAME, 4)
    me = s.to_move
    assert Place(LOUQSOR, 0) not in GAME.legal_actions(s)
    after = GAME.apply(s, Place(GIZEH, 0))
    assert after.deben[me] == s.deben[me] + 1 and after.markets[GIZEH].deben == s.markets[GIZEH].deben - 1
    nxt = after.to_move
    again = GAME.apply(after, Place(GIZEH, 1))
    assert again.deben[nxt] == after.deben[nxt]
    with pytest.raises(IllegalAction):
        GAME.apply(again, Place(GIZEH, 1))


@pytest.mark.rules("nefertiti.turn.character", "nefertiti.chars.high_priest")
def test_character_costs_a_seal_and_high_priest_places_twice_not_both_on_harbor() -> None:
    """Reference: a seal buys one Character, which leaves; High Priest: an extra Servant; seed: not on the Harbor."""
    s = with_character(start_state(GAME, 4, ("harbor",)), HIGH_PRIEST)
    me = s.to_move
    copies = s.chars[HIGH_PRIEST]
    s = GAME.apply(s, UseCharacter(HIGH_PRIEST))
    assert s.seals[me] == 0 and s.chars[HIGH_PRIEST] == copies - 1 and s.placements_left == 2
    assert not any(isinstance(a, UseCharacter) for a in GAME.legal_actions(s))
    s = GAME.apply(s, Place(HARBOR, 0))
    assert s.to_move == me
    assert not any(isinstance(a, Place) and a.market == HARBOR for a in GAME.legal_actions(s))
    s = GAME.apply(s, Place(GIZEH, 0))
    assert s.to_move != me


@pytest.mark.rules(
    "nefertiti.close.condition",
    "nefertiti.close.bid_order",
    "nefertiti.close.highest",
    "nefertiti.close.following",
    "nefertiti.close.return",
    "nefertiti.close.reopen",
    "nefertiti.close.no_bank",
)
def test_closing_a_market_in_bid_order_then_reopening_louqsor() -> None:
    """Reference: 4 pawns close Gizeh's left stall (assumed data); highest pays and takes the sealed card alone,
    the next pays for one Gift, the last takes half the Deben rounded up; Louqsor then reopens on its other stall.
    By hand, with the assumed bid squares 1..6 of specs/nefertiti.toml (square 5 bids 6, square 3 bids 4): a pays 6
    (10 -> 4), b pays 4 (10 -> 6), the tile holds 3 + 6 + 4 = 13, c takes ceil(13/2) = 7, d takes ceil(6/2) = 3."""
    s = start_state(GAME, 4)
    s = market_with(s, GIZEH, (CHAIR, HARP, MIRROR, NECKLACE), deben=3)
    sealed = slot(CHAIR, sealed=True)
    cards = tuple(sorted((sealed, slot(HARP), slot(MIRROR), slot(NECKLACE))))
    s = rules.set_market(s, GIZEH, evolve(s.markets[GIZEH], cards=cards))
    s = evolve(s, seal_supply=s.seal_supply - 1, deben=(10, 10, 10, 10))
    a, b, c, d = ((s.to_move + k) % 4 for k in range(4))
    s = rules.set_market(s, GIZEH, evolve(s.markets[GIZEH], pawns=((5, a, 0), (3, b, 0), (1, c, 0))))
    s = evolve(s, servants=rules.bump(rules.bump(rules.bump(s.servants, a, -1), b, -1), c, -1), to_move=d)
    s = rebalance(s)
    s = GAME.apply(s, Place(GIZEH, 0))  # d's fourth pawn, bid 1: closes, d earns nothing (pawns already there)
    assert s.phase == P_RESOLVE and GAME.current_player(s) == a
    s = GAME.apply(s, TakeCard(sealed))
    assert s.deben[a] == 4 and s.seals[a] == 1 and s.hands[a][CHAIR] == 1
    assert GAME.current_player(s) == b
    s = GAME.apply(s, TakeCard(slot(MIRROR)))
    assert s.deben[b] == 6
    assert GAME.current_player(s) == c
    tile = s.markets[GIZEH].deben  # 3 + 6 + 4 = 13
    assert tile == 13
    s = GAME.apply(s, TakeHalf())
    assert s.deben[c] == 10 + 7
    assert GAME.current_player(s) == d
    s = GAME.apply(s, TakeHalf())
    assert s.deben[d] == 10 + 3
    assert s.markets[GIZEH].status == CLOSED and s.markets[GIZEH].pawns == ()
    assert s.servants == (4, 4, 4, 4)
    assert s.markets[LOUQSOR].status == OPEN and s.markets[LOUQSOR].stall == 1
    assert s.phase == P_REFILL and s.refill_queue == (LOUQSOR,)
    assert GAME.invariants(s) == ()


def test_highest_bidder_takes_two_unsealed_gifts() -> None:
    """Reference: the highest bidder takes two Gifts (when not taking the sealed one)."""
    s = start_state(GAME, 3)
    s = market_with(s, GIZEH, (HARP, MIRROR, NECKLACE))
    s = evolve(s, phase=P_RESOLVE, res_market=GIZEH, res_queue=((5, 0, 0, 1),), deben=(9, 9, 9))
    s = GAME.apply(s, TakeCard(slot(HARP)))
    assert s.phase == P_RESOLVE and GAME.current_player(s) == 0
    s = GAME.apply(s, TakeCard(slot(MIRROR)))
    assert s.hands[0][HARP] == 1 and s.hands[0][MIRROR] == 1 and s.deben[0] == 4


# -- 2 players -------------------------------------------------------------------------------------------------


@pytest.mark.rules(
    "nefertiti.two.giza_three_colors",
    "nefertiti.two.giza_pattern_servants",
    "nefertiti.two.giza_pattern_neutrals",
    "nefertiti.two.neutral_counts_as_servant",
)
def test_giza_right_stall_three_colours_with_neutral_pawns() -> None:
    """Seed: Giza's right stall (3 colours or 4 pawns) closes on 2 Servant colours + a neutral, or 2 neutral colours +
    a Servant; a neutral counts as a Servant for the 4 pawns."""
    s = start_state(GAME, 2)
    s = rules.set_market(s, GIZEH, evolve(s.markets[GIZEH], stall=1))

    def closes(pawns: tuple[tuple[int, int, int], ...]) -> bool:
        return rules.stall_closes(rules.set_market(s, GIZEH, evolve(s.markets[GIZEH], pawns=pawns)), GIZEH)

    assert closes(((0, 0, 0), (1, 1, 0), (2, 0, 1)))
    assert closes(((0, 0, 0), (1, 0, 1), (2, 1, 1)))
    assert not closes(((0, 0, 0), (1, 0, 0), (2, 0, 1)))
    assert not closes(((0, 0, 0), (1, 1, 0)))
    assert closes(((0, 0, 0), (1, 0, 0), (2, 0, 1), (3, 0, 1)))


@pytest.mark.rules(
    "nefertiti.two.neutral_after_servants",
    "nefertiti.two.neutral_not_same_market",
    "nefertiti.two.neutral_high_priest",
    "nefertiti.two.neutral_not_highest",
    "nefertiti.two.neutral_needs_servant",
    "nefertiti.two.neutral_reused",
)
def test_neutral_pawn_placement_limits() -> None:
    """Seed: after the Servant, a neutral may go where no Servant went this turn, below the highest bid, on a market
    holding a Servant."""
    s = start_state(GAME, 2)
    me, other = s.to_move, 1 - s.to_move
    s = rules.set_market(s, GIZEH, evolve(s.markets[GIZEH], pawns=((3, other, 0),)))
    s = evolve(s, servants=rules.bump(s.servants, other, -1))
    s = GAME.apply(s, Place(AKHET, 5))
    assert s.phase == rules.P_NEUTRAL and s.to_move == me
    legal = GAME.legal_actions(s)
    placements = {(a.market, a.square) for a in legal if isinstance(a, PlaceNeutral)}
    assert placements == {(GIZEH, 0), (GIZEH, 1), (GIZEH, 2)}
    s = GAME.apply(s, PlaceNeutral(GIZEH, 1))
    assert s.neutrals[me] == 1 and s.to_move == other


@pytest.mark.rules(
    "nefertiti.two.neutral_actions",
    "nefertiti.two.neutral_deben",
    "nefertiti.two.neutral_deben_short",
    "nefertiti.two.neutral_gift",
    "nefertiti.two.neutral_seal_removed",
    "nefertiti.two.neutral_no_deben",
    "nefertiti.two.neutral_player",
    "nefertiti.two.neutral_returns",
    "nefertiti.two.neutral_third_owner",
)
def test_neutral_pawn_actions_at_a_closing_market() -> None:
    """Seed: a neutral pawn moves 3 Deben to the other three markets (fewer: 1 each to any markets), or gives the
    neutral player any Gift (its seal leaves the game); then it goes home; neutral cards are a third owner."""
    s = start_state(GAME, 2)
    s = market_with(s, GIZEH, (CHAIR, HARP), deben=4)
    sealed = slot(CHAIR, sealed=True)
    s = rules.set_market(
        s, GIZEH, evolve(s.markets[GIZEH], cards=tuple(sorted((sealed, slot(HARP)))), pawns=((2, 0, 1), (1, 1, 1)))
    )
    s = rebalance(evolve(s, seal_supply=s.seal_supply - 1, neutrals=(1, 1)))
    s = rules.start_resolution(s, GIZEH, final=False)
    legal = GAME.legal_actions(s)
    assert NeutralDeben((1, 2, 3)) in legal and NeutralGift(sealed) in legal
    before = [m.deben for m in s.markets]
    s = GAME.apply(s, NeutralDeben((1, 2, 3)))
    assert [m.deben for m in s.markets][:4] == [before[0] - 3, before[1] + 1, before[2] + 1, before[3] + 1]
    assert set(GAME.legal_actions(s)) >= {NeutralDeben((0,)), NeutralDeben((3,)), NeutralGift(sealed)}
    s = GAME.apply(s, NeutralGift(sealed))
    assert s.neutral_hand[CHAIR] == 1 and s.seals_removed == 1
    assert s.neutrals == (2, 2)
    assert holders((s.hands[0], s.hands[1], s.neutral_hand))[2] == 1
    assert GAME.invariants(s) == ()


@pytest.mark.rules("nefertiti.two.no_servant_left", "nefertiti.two.no_servant_regardless")
def test_no_servant_left_forces_a_closure() -> None:
    """Seed: with no Servant left, the player closes one of the markets holding their Servants at once."""
    s = start_state(GAME, 2)
    me = s.to_move
    pawns = {GIZEH: ((0, me, 0), (1, me, 0)), AKHET: ((0, me, 0), (1, me, 0))}
    for m, p in pawns.items():
        s = rules.set_market(s, m, evolve(s.markets[m], pawns=p))
    s = evolve(s, servants=rules.put(s.servants, me, 0))
    assert set(GAME.legal_actions(s)) == {ForceClose(GIZEH), ForceClose(AKHET)}
    s = GAME.apply(s, ForceClose(AKHET))
    assert s.phase == P_RESOLVE and s.res_market == AKHET


# -- the Harbor, papyrus, Akhenaton ------------------------------------------------------------------------------


@pytest.mark.rules("nefertiti.harbor.papyrus_seal", "nefertiti.harbor.foreign_max_value")
def test_papyrus_from_the_board_brings_a_seal() -> None:
    """Seed: a papyrus bought, stolen or exchanged from the board brings a Royal Seal, not one from a player; foreign
    cards have their type's maximum value; a papyrus's is 4."""
    s = start_state(GAME, 4, ("harbor",))
    s1 = rules.gain_card(s, 0, PAPYRUS, from_board=True)
    assert s1.seals[0] == s.seals[0] + 1 and s1.seal_supply == s.seal_supply - 1
    s2 = rules.gain_card(s, 0, PAPYRUS, from_board=False)
    assert s2.seals[0] == s.seals[0]
    assert rules.max_value(s.params, F_CHAIR2) == rules.max_value(s.params, CHAIR) == 9
    assert rules.max_value(s.params, PAPYRUS) == 4


@pytest.mark.rules(
    "nefertiti.harbor.final_distribution",
    "nefertiti.harbor.unusable_after",
    "nefertiti.end.akhenaton",
    "nefertiti.wandering_thief.after_akhenaton",
)
def test_akhenaton_triggers_the_final_harbor_distribution() -> None:
    """Seed: when Akhenaton is drawn the Harbor distributes at once and is then unusable; under the default
    markets_run_out reading a market closed afterwards is closed for good and no market reopens."""
    s = start_state(GAME, 4, ("harbor",))
    me = s.to_move
    s = rules.set_market(s, HARBOR, evolve(s.markets[HARBOR], pawns=((0, me, 0),)))
    discard = tuple(a + b for a, b in zip(s.discard, s.pile, strict=True))
    bottom = tuple(c for c in s.bottom if c != AKH)
    s = evolve(
        s,
        servants=rules.bump(s.servants, me, -1),
        pile=(0,) * N_CODES,
        discard=discard,
        bottom=(AKH, *bottom),
        bottom_ordered=True,
        phase=P_REFILL,
        refill_queue=(LOUQSOR,),
    )
    assert GAME.chance_outcomes(s) == ((DrawCard(AKH), Fraction(1)),)
    s = GAME.apply(s, DrawCard(AKH))
    if s.phase == P_RESOLVE:
        assert s.res_market == HARBOR and s.res_final
        while s.phase == P_RESOLVE:
            s = GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s.markets[HARBOR].status == DONE and s.akh_drawn
    assert s.phase == P_TURN
    assert not any(isinstance(a, Place) and a.market == HARBOR for a in GAME.legal_actions(s))
    s = rules.set_market(s, GIZEH, evolve(s.markets[GIZEH], pawns=((0, me, 0),)))
    s = evolve(s, servants=rules.bump(s.servants, me, -1))
    s = rules.start_resolution(s, GIZEH, final=False)
    while s.phase == P_RESOLVE:
        s = GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s.markets[GIZEH].status == DONE and s.markets[LOUQSOR].status != OPEN
    assert GIZEH not in rules.board_markets(s)
    immediate = start_state(GAME, 4, (), {"end_of_game": "immediate"})
    immediate = evolve(
        immediate, pile=(0,) * N_CODES, bottom=(AKH,), bottom_ordered=True, phase=P_REFILL, refill_queue=(LOUQSOR,)
    )
    assert GAME.apply(immediate, DrawCard(AKH)).phase == P_OVER


# -- expansion Characters ----------------------------------------------------------------------------------------


@pytest.mark.rules(
    "nefertiti.priest.look",
    "nefertiti.priest.exchange",
    "nefertiti.priest.value_limit",
    "nefertiti.priest.akhenaton_not_gift",
    "nefertiti.priest.no_exchange_ok",
    "nefertiti.priest.order",
)
def test_priest_exchanges_and_orders_the_bottom_cards() -> None:
    """Seed: exchange held Gifts one for one with the last 5 cards (not Akhenaton), received value <= given value,
    then choose their order: the next draws follow it."""
    s = start_state(GAME, 4, ("characters",))
    me = s.to_move
    bottom = tuple(c for c in s.bottom if c != AKH)
    discard = list(s.discard)
    for c in bottom:
        discard[c] += 1
    s = evolve(s, discard=tuple(discard))
    s = take_from_pile(s, SENET, HARP, MIRROR, GOLDWORK)
    s = evolve(s, bottom=tuple(sorted((SENET, HARP, MIRROR, GOLDWORK, AKH))))
    s = give(s, me, NECKLACE)
    s = with_character(s, PRIEST)
    s = GAME.apply(s, UseCharacter(PRIEST))
    legal = GAME.legal_actions(s)
    assert Done() in legal
    assert not any(isinstance(a, Swap) and a.slot == AKH for a in legal)
    takes = {a.slot for a in legal if isinstance(a, Swap)}
    assert takes == {SENET, HARP, MIRROR, GOLDWORK}  # necklace 12 >= all of them
    s = GAME.apply(s, Swap(NECKLACE, -2, GOLDWORK))
    assert s.hands[me][GOLDWORK] == 1 and NECKLACE in s.bottom
    s = play(s, Done(), Pick(AKH), Pick(SENET), Pick(HARP), Pick(MIRROR))
    assert s.bottom == (AKH, SENET, HARP, MIRROR, NECKLACE) and s.bottom_ordered and s.phase == P_TURN
    drained = evolve(s, pile=(0,) * N_CODES, phase=P_REFILL, refill_queue=(LOUQSOR,))
    assert GAME.chance_outcomes(drained) == ((DrawCard(AKH), Fraction(1)),)


@pytest.mark.rules(
    "nefertiti.wandering_thief.take",
    "nefertiti.wandering_thief.seal_stays",
    "nefertiti.wandering_thief.place_card",
    "nefertiti.wandering_thief.closed_market",
    "nefertiti.wandering_thief.buyable",
    "nefertiti.wandering_thief.must_use",
    "nefertiti.wandering_thief.not_stealable",
)
def test_wandering_thief_from_a_closed_market_then_bought_and_used() -> None:
    """Seed: take the lowest Gift of any market (closed Louqsor too), the Thief card takes its space with its seal;
    later a buyer must swap it with the lowest Gift of another market; Thief and Trader cannot take it."""
    s = start_state(GAME, 4, ("characters",))
    me = s.to_move
    s = market_with(s, LOUQSOR, (HARP, GOLDWORK))
    sealed_harp = slot(HARP, sealed=True)
    s = rules.set_market(s, LOUQSOR, evolve(s.markets[LOUQSOR], cards=tuple(sorted((sealed_harp, slot(GOLDWORK))))))
    s = evolve(s, seal_supply=s.seal_supply - 1)
    s = with_character(s, WANDERING_THIEF)
    s = GAME.apply(s, UseCharacter(WANDERING_THIEF))
    assert Target(LOUQSOR, sealed_harp) in GAME.legal_actions(s)
    assert Target(LOUQSOR, slot(GOLDWORK)) not in GAME.legal_actions(s)
    s = GAME.apply(s, Target(LOUQSOR, sealed_harp))
    assert s.hands[me][HARP] == 1 and s.seals[me] == 0
    assert slot(WT, sealed=True) in s.markets[LOUQSOR].cards
    thief = evolve(s, phase=P_CHAR, char_active=THIEF)
    assert not any(isinstance(a, Target) and (a.item >> 2) == WT for a in GAME.legal_actions(thief))
    trader = evolve(s, phase=P_CHAR, char_active=TRADER, scratch=(0,))
    assert not any(isinstance(a, Swap) and a.market >= 0 and (a.slot >> 2) == WT for a in GAME.legal_actions(trader))
    s = rules.set_market(s, LOUQSOR, evolve(s.markets[LOUQSOR], status=OPEN))
    buyer = (me + 1) % 4
    s = evolve(s, phase=P_RESOLVE, res_market=LOUQSOR, res_queue=((4, buyer, 0, 0),), deben=(9, 9, 9, 9))
    s = GAME.apply(s, TakeCard(slot(WT, sealed=True)))
    assert s.phase == P_WT_SWAP and s.seals[buyer] == 1
    targets = GAME.legal_actions(s)
    assert targets and all(isinstance(a, Swap) and a.market != LOUQSOR for a in targets)
    target = targets[0]
    assert isinstance(target, Swap)
    s = GAME.apply(s, target)
    assert s.hands[buyer][target.slot >> 2] == 1
    assert any((x >> 2) == WT for x in s.markets[target.market].cards)


@pytest.mark.rules(
    "nefertiti.trader.exchange",
    "nefertiti.trader.pay_difference",
    "nefertiti.harbor.no_characters",
    "nefertiti.harbor.no_characters_list",
    "nefertiti.two.neutral_discard_exchange",
    "nefertiti.two.neutral_deben_removed",
)
def test_trader_pays_the_difference_and_can_trade_with_the_neutral() -> None:
    """Seed: up to 2 exchanges, paying the rise in maximum value to the market tile (never the Harbor); 2 players:
    exchanges with the neutral player, whose Deben leave the game."""
    s = start_state(GAME, 2, ("harbor", "characters"))
    me = s.to_move
    s = give(s, me, HARP, STATUETTE)
    s = market_with(s, GIZEH, (GOLDWORK,), deben=0)
    s = take_from_pile(s, NECKLACE)
    s = evolve(s, neutral_hand=rules.bump(s.neutral_hand, NECKLACE, 1))
    foreign = next(c for c in range(10, 20) if s.pile[c] > 0)
    s = take_from_pile(s, foreign)
    s = rules.set_market(
        s, HARBOR, evolve(s.markets[HARBOR], cards=rules.add_slot(s.markets[HARBOR].cards, slot(foreign)))
    )
    s = rebalance(with_character(s, TRADER))
    s = GAME.apply(s, UseCharacter(TRADER))
    legal = GAME.legal_actions(s)
    assert not any(isinstance(a, Swap) and a.market == HARBOR for a in legal)
    deben = s.deben[me]
    s = GAME.apply(s, Swap(HARP, GIZEH, slot(GOLDWORK)))
    assert s.deben[me] == deben - 3 and s.markets[GIZEH].deben == 3
    assert s.hands[me][GOLDWORK] == 1 and slot(HARP) in s.markets[GIZEH].cards
    s = GAME.apply(s, Swap(STATUETTE, -1, NECKLACE))
    assert s.deben_removed == 2 and s.neutral_hand[STATUETTE] == 1 and s.phase == P_TURN
    assert GAME.invariants(s) == ()


@pytest.mark.rules(
    "nefertiti.chars.merchant",
    "nefertiti.chars.treasurer",
    "nefertiti.chars.thief",
    "nefertiti.chars.royal_servant",
    "nefertiti.chars.chief",
    "nefertiti.chars.scribes",
    "nefertiti.amon_priest.stays",
)
def test_base_characters_assumed_powers() -> None:
    """Assumed powers (params.base_character_powers): Merchant buys at maximum value, Treasurer takes a tile's Deben,
    Thief takes a Gift free, Royal Servant discards another's card, Chief recalls a Servant, Scribe +3 scores a type."""
    s = start_state(GAME, 2)
    me, other = s.to_move, 1 - s.to_move
    s = market_with(s, GIZEH, (MIRROR, STATUETTE), deben=2)
    s = evolve(s, deben=(20, 20))
    m = play(with_character(s, MERCHANT), UseCharacter(MERCHANT), Target(GIZEH, slot(MIRROR)))
    assert m.hands[me][MIRROR] == 1 and m.deben[me] == 10 and m.markets[GIZEH].deben == 12
    t = play(with_character(s, TREASURER), UseCharacter(TREASURER), Target(GIZEH))
    assert t.deben[me] == 22 and t.markets[GIZEH].deben == 0
    th = play(with_character(s, THIEF), UseCharacter(THIEF), Target(GIZEH, slot(STATUETTE)))
    assert th.hands[me][STATUETTE] == 1 and th.deben[me] == 20
    r = give(s, other, CHAIR)
    r = play(with_character(r, ROYAL_SERVANT), UseCharacter(ROYAL_SERVANT), Pick(CHAIR, other))
    assert r.hands[other][CHAIR] == 0 and r.discard[CHAIR] >= 1
    c = rules.set_market(s, AKHET, evolve(s.markets[AKHET], pawns=((2, me, 0),)))
    c = evolve(c, servants=rules.bump(c.servants, me, -1))
    c = play(with_character(c, CHIEF), UseCharacter(CHIEF), Recall(AKHET, 2))
    assert c.markets[AKHET].pawns == () and c.servants[me] == 4
    sc = give(start_state(GAME, 4), 0, CHAIR, CHAIR)
    sc = evolve(sc, to_move=0)
    sc = play(with_character(sc, SCRIBE3), UseCharacter(SCRIBE3), PickType(TYPE_NAMES.index("chair")))
    assert sc.prestige[0] == 2 * (9 + 3)
    ap = play(with_character(s, AMON_PRIEST), UseCharacter(AMON_PRIEST))
    assert ap.amon_priest == me and ap.phase == P_TURN
    assert Pick(CHAIR, NEUTRAL_OWNER) not in GAME.legal_actions(evolve(r, phase=P_CHAR, char_active=ROYAL_SERVANT))


@pytest.mark.rules("nefertiti.end.final_scoring", "nefertiti.end.tiebreak")
def test_final_scoring_and_deben_tiebreak() -> None:
    """Reference: gifts by the value table + seals + Deben (assumed 2 per seal, 1 per Deben); ties: most Deben."""
    s = start_state(GAME, 2)
    s = give(s, 0, CHAIR, CHAIR)
    s = give(s, 1, CHAIR, MIRROR)
    s = evolve(s, deben=(3, 5), seals=(1, 0), prestige=(4, 0))
    # chair owned by 2 players: 7 each (seed). Seat 0: 4 + 14 + 2 + 3 = 23. Seat 1: 7 + 10 (mirror, sole owner:
    # the assumed value table, params in specs/nefertiti.toml) + 5 = 22.
    assert final_scores(s) == (23, 22)
    assert ranking((22, 22), (3, 5)).places == ((1,), (0,))


@pytest.mark.rules("nefertiti.scenarios.choose")
@pytest.mark.parametrize(
    ("scenario", "expected"),
    [
        ("intrigue", {"amon_merchant": 1, "royal_servant": 2, "royal_scribe": 1, "wandering_thief": 1, "priest": 1}),
        (
            "race_on_the_nile",
            {"high_priest": 1, "treasurer": 1, "beggar": 1, "wandering_thief": 1, "thief": 1, "trader": 1},
        ),
    ],
)
def test_other_scenarios_through_an_edited_spec(scenario: str, expected: dict[str, int]) -> None:
    """Seed 004 Scenarios: the 'scenario' module plays the scenario named in the spec (here edited), no random draw."""
    from nilerules.games.nefertiti import make_game
    from nilerules.specs import Param

    spec = GAME.spec
    params = dict(spec.params)
    params["scenario"] = Param("scenario", scenario, "seed", "test", "", ())
    game = make_game(evolve(spec, params=params))
    state = start_state(game, 4, ("scenario",))
    fixed = {"scribe_2": 1, "scribe_3": 1, "merchant": 1}
    got = {CHAR_NAMES[c]: state.chars[c] for c in range(15) if state.chars[c]}
    assert got == {**fixed, **expected}

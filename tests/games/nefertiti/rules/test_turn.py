"""Rule-by-rule tests of Nefertiti; expected values are hand-calculated from the seed, the reference or the spec."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from nilerules.core.seeded import first_decision
from nilerules.errors import IllegalAction, InvalidConfig
from nilerules.games import load_game
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
from nilerules.games.nefertiti.cards import FOREIGN, slot
from nilerules.games.nefertiti.names import (
    AKH,
    AKHET,
    AMON_PRIEST,
    CARD_NAMES,
    CHAIR,
    CHAR_NAMES,
    CHIEF,
    CUP,
    F_CHAIR2,
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
)
from nilerules.games.nefertiti.params import make_params
from nilerules.games.nefertiti.rules import characters, closing, common, harbor, turn
from nilerules.games.nefertiti.scoring import final_scores, holders, ranking
from nilerules.games.nefertiti.state import (
    CLOSED,
    DONE,
    OPEN,
    P_NEUTRAL,
    P_OVER,
    P_REFILL,
    P_RESOLVE,
    P_TURN,
    P_WT_SWAP,
    NefState,
    evolve,
)

GAME = load_game("nefertiti")


def position(
    players: int, modules: tuple[str, ...] = (), doc: dict[str, Any] | None = None, **readings: str
) -> NefState:
    """A position written with names (docs/positions.md), checked by the invariants."""
    state: NefState = GAME.position(GAME.config(players, modules, readings), doc or {})
    return state


def edit(state: NefState, **changes: Any) -> NefState:
    """The same position with some top-level keys of its written form replaced."""
    data = GAME.position_data(state)
    data.update(changes)
    result: NefState = GAME.position(state.config, data)
    return result


def give(state: NefState, seat: int, *codes: int) -> NefState:
    """Cards from the pile into a seat's hand (the pile follows by conservation)."""
    seats = GAME.position_data(state)["seats"]
    hand = seats[str(seat)]["hand"]
    for c in codes:
        hand[CARD_NAMES[c]] = hand.get(CARD_NAMES[c], 0) + 1
    return edit(state, seats=seats)


def with_character(state: NefState, char: int) -> NefState:
    """One more copy of ``char`` available, and a Royal Seal (from the supply) for the player to move to spend."""
    data = GAME.position_data(state)
    data["characters"][CHAR_NAMES[char]] = data["characters"].get(CHAR_NAMES[char], 0) + 1
    data["seats"][str(state.to_move)]["seals"] += 1
    return edit(state, characters=data["characters"], seats=data["seats"])


def play(state: NefState, *actions: object) -> NefState:
    for a in actions:
        state = GAME.apply(state, a)
    return state


def pawns(*items: tuple[int, int, bool]) -> list[dict[str, Any]]:
    return [{"square": sq, "seat": seat, "neutral": neutral} for sq, seat, neutral in items]


def drained(state: NefState) -> dict[str, int]:
    """The discard pile with every card still in the Gift pile added (only the bottom cards are left to draw)."""
    counts = [state.discard[c] + state.pile[c] for c in range(N_CODES)]
    return {CARD_NAMES[c]: n for c, n in enumerate(counts) if n}


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
        s = first_decision(GAME, GAME.config(4, ("harbor",)), seed)
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
    two = make_params(spec, GAME.config(2))
    assert two.deck[SENET] == 0 and two.deck[SENET2] == 0
    assert two.char_fixed[CHAR_NAMES.index("merchant")] == 1 and sum(two.char_fixed) == 1
    three = make_params(spec, GAME.config(3))
    assert sum(three.char_fixed) == 2 and three.char_fixed[CHAR_NAMES.index("scribe_2")] == 0
    four = make_params(spec, GAME.config(4))
    assert sum(four.deck) == 46 and sum(four.char_fixed) == 3
    with_harbor = make_params(spec, GAME.config(4, ("harbor",)))
    assert sum(with_harbor.deck) == 46 + 4 and sum(with_harbor.deck[10:20]) == 10 and with_harbor.deck[PAPYRUS] == 4
    assert GAME.config(5).modules == ("harbor",)
    five = make_params(spec, GAME.config(5))
    assert five.deck[CUP] == 4 and five.servants == 3 and five.deck[PAPYRUS] == 5
    with pytest.raises(InvalidConfig):
        make_params(spec, evolve(GAME.config(5), modules=()))


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
    s = first_decision(GAME, GAME.config(4, ("characters",)), 0)
    assert sum(s.chars) == 3 + 6
    scen = first_decision(GAME, GAME.config(4, ("scenario",)), 0)
    names = sorted(CHAR_NAMES[c] for c in range(15) if scen.chars[c])
    assert names == sorted(
        ["scribe_2", "scribe_3", "merchant", "amon_priest", "amon_merchant", "chief", "treasurer", "beggar", "trader"]
    )
    assert not any(isinstance(a, UseCharacter) for a in GAME.legal_actions(scen))
    seats = GAME.position_data(scen)["seats"]
    seats[str(scen.to_move)]["seals"] += 1
    scen = edit(scen, seats=seats)
    usable = {a.char for a in GAME.legal_actions(scen) if isinstance(a, UseCharacter)}
    assert usable == {c for c in range(15) if scen.chars[c]}


# -- a turn ---------------------------------------------------------------------------------------------------


@pytest.mark.rules("nefertiti.turn.place", "nefertiti.turn.first_servant_deben")
def test_first_servant_in_a_market_earns_one_deben() -> None:
    """Reference: the first Servant placed in a market earns 1 Deben from it; the second does not."""
    s = first_decision(GAME, GAME.config(4), 0)
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
    s = with_character(first_decision(GAME, GAME.config(4, ("harbor",)), 0), HIGH_PRIEST)
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
    By hand, with the assumed bid squares 1..6 of specs/nefertiti.toml (square 5 bids 6, square 3 bids 4) and Deben
    10, 10, 7, 7 (Gizeh 3, the other tiles 1: 40 in all): a pays 6 (10 -> 4), b pays 4 (10 -> 6), the tile holds
    3 + 6 + 4 = 13, c takes ceil(13/2) = 7 (7 -> 14), d takes ceil(6/2) = 3 (7 -> 10)."""
    a, b, c, d = 0, 1, 2, 3
    sealed = slot(CHAIR, sealed=True)
    doc = {
        "to_move": d,
        "seats": {"0": {"deben": 10}, "1": {"deben": 10}, "2": {"deben": 7}, "3": {"deben": 7}},
        "markets": {
            "gizeh": {
                "deben": 3,
                "cards": ["chair/sealed", "harp", "mirror", "necklace"],
                "pawns": pawns((5, a, False), (3, b, False), (1, c, False)),
            }
        },
    }
    s = position(4, (), doc)
    s = GAME.apply(s, Place(GIZEH, 0))  # d's fourth pawn, bid 1: closes, d earns nothing (pawns already there)
    assert s.phase == P_RESOLVE and GAME.current_player(s) == a
    s = GAME.apply(s, TakeCard(sealed))
    assert s.deben[a] == 4 and s.seals[a] == 1 and s.hands[a][CHAIR] == 1
    assert GAME.current_player(s) == b
    s = GAME.apply(s, TakeCard(slot(MIRROR)))
    assert s.deben[b] == 6
    assert GAME.current_player(s) == c
    assert s.markets[GIZEH].deben == 13
    s = GAME.apply(s, TakeHalf())
    assert s.deben[c] == 7 + 7
    assert GAME.current_player(s) == d
    s = GAME.apply(s, TakeHalf())
    assert s.deben[d] == 7 + 3
    assert s.markets[GIZEH].status == CLOSED and s.markets[GIZEH].pawns == ()
    assert s.servants == (4, 4, 4, 4)
    assert s.markets[LOUQSOR].status == OPEN and s.markets[LOUQSOR].stall == 1
    assert s.phase == P_REFILL and s.refill_queue == (LOUQSOR,)
    assert GAME.invariants(s) == ()


def test_highest_bidder_takes_two_unsealed_gifts() -> None:
    """Reference: the highest bidder takes two Gifts (when not taking the sealed one); 8 Deben, bid 5: 3 left."""
    doc = {
        "phase": "resolve",
        "markets": {"gizeh": {"cards": ["harp", "mirror", "necklace"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": 5, "seat": 0, "highest": True}]},
    }
    s = position(3, (), doc)
    s = GAME.apply(s, TakeCard(slot(HARP)))
    assert s.phase == P_RESOLVE and GAME.current_player(s) == 0
    s = GAME.apply(s, TakeCard(slot(MIRROR)))
    assert s.hands[0][HARP] == 1 and s.hands[0][MIRROR] == 1 and s.deben[0] == 8 - 5


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

    def closes(*items: tuple[int, int, bool]) -> bool:
        s = position(2, (), {"markets": {"giza": {"stall": "right", "pawns": pawns(*items)}}})
        return turn.stall_closes(s, GIZEH)

    assert closes((0, 0, False), (1, 1, False), (2, 0, True))
    assert closes((0, 0, False), (1, 0, True), (2, 1, True))
    assert not closes((0, 0, False), (1, 0, False), (2, 0, True))
    assert not closes((0, 0, False), (1, 1, False))
    assert closes((0, 0, False), (1, 0, False), (2, 0, True), (3, 0, True))


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
    me, other = 0, 1
    s = position(2, (), {"markets": {"gizeh": {"pawns": pawns((3, other, False))}}})
    s = GAME.apply(s, Place(AKHET, 5))
    assert s.phase == P_NEUTRAL and s.to_move == me
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
    sealed = slot(CHAIR, sealed=True)
    doc = {
        "seats": {"0": {"deben": 10}, "1": {"deben": 8}},  # 25 Deben in all: Gizeh 4, the other tiles 1 each
        "markets": {
            "gizeh": {"deben": 4, "cards": ["chair/sealed", "harp"], "pawns": pawns((2, 0, True), (1, 1, True))}
        },
    }
    s = closing.start_resolution(position(2, (), doc), GIZEH, final=False)
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
    mine = pawns((0, 0, False), (1, 0, False))
    s = position(2, (), {"markets": {"gizeh": {"pawns": mine}, "akhet_aton": {"pawns": mine}}})
    assert set(GAME.legal_actions(s)) == {ForceClose(GIZEH), ForceClose(AKHET)}
    s = GAME.apply(s, ForceClose(AKHET))
    assert s.phase == P_RESOLVE and s.res_market == AKHET


# -- the Harbor, papyrus, Akhenaton ------------------------------------------------------------------------------


@pytest.mark.rules("nefertiti.harbor.papyrus_seal", "nefertiti.harbor.foreign_max_value")
def test_papyrus_from_the_board_brings_a_seal() -> None:
    """Seed: a papyrus bought, stolen or exchanged from the board brings a Royal Seal, not one from a player; foreign
    cards have their type's maximum value; a papyrus's is 4."""
    s = first_decision(GAME, GAME.config(4, ("harbor",)), 0)
    s1 = harbor.gain_card(s, 0, PAPYRUS, from_board=True)
    assert s1.seals[0] == s.seals[0] + 1 and s1.seal_supply == s.seal_supply - 1
    s2 = harbor.gain_card(s, 0, PAPYRUS, from_board=False)
    assert s2.seals[0] == s.seals[0]
    assert common.max_value(s.params, F_CHAIR2) == common.max_value(s.params, CHAIR) == 9
    assert common.max_value(s.params, PAPYRUS) == 4


@pytest.mark.rules(
    "nefertiti.harbor.final_distribution",
    "nefertiti.harbor.unusable_after",
    "nefertiti.end.akhenaton",
    "nefertiti.wandering_thief.after_akhenaton",
)
def test_akhenaton_triggers_the_final_harbor_distribution() -> None:
    """Seed: when Akhenaton is drawn the Harbor distributes at once and is then unusable; under the default
    markets_run_out reading a market closed afterwards is closed for good and no market reopens."""
    me = 0
    bottom = ["akhenaton", "senet", "harp", "mirror", "goldwork"]
    base = position(4, ("harbor",), {"bottom": bottom})
    doc = {
        "markets": {"harbor": {"pawns": pawns((0, me, False))}},
        "bottom": bottom,
        "bottom_ordered": True,
        "discard": drained(base),
        "phase": "refill",
        "refill": {"queue": ["louqsor"]},
    }
    s = position(4, ("harbor",), doc)
    assert GAME.chance_outcomes(s) == ((DrawCard(AKH), Fraction(1)),)
    s = GAME.apply(s, DrawCard(AKH))
    if s.phase == P_RESOLVE:
        assert s.res_market == HARBOR and s.res_final
        while s.phase == P_RESOLVE:
            s = GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s.markets[HARBOR].status == DONE and s.akh_drawn
    assert s.phase == P_TURN
    assert not any(isinstance(a, Place) and a.market == HARBOR for a in GAME.legal_actions(s))
    markets = GAME.position_data(s)["markets"]
    markets["gizeh"]["pawns"] = pawns((0, me, False))
    s = closing.start_resolution(edit(s, markets=markets), GIZEH, final=False)
    while s.phase == P_RESOLVE:
        s = GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s.markets[GIZEH].status == DONE and s.markets[LOUQSOR].status != OPEN
    assert GIZEH not in characters.board_markets(s)
    empty = position(4, ())
    doc = {"bottom": ["akhenaton"], "bottom_ordered": True, "discard": drained(empty), "phase": "refill"}
    immediate = position(4, (), {**doc, "refill": {"queue": ["louqsor"]}}, end_of_game="immediate")
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
    me = 0
    doc = {
        "bottom": ["senet", "harp", "mirror", "goldwork", "akhenaton"],
        "seats": {"0": {"hand": {"necklace": 1}, "seals": 1}},
        "characters": {"priest": 1},
    }
    s = GAME.apply(position(4, ("characters",), doc), UseCharacter(PRIEST))
    legal = GAME.legal_actions(s)
    assert Done() in legal
    assert not any(isinstance(a, Swap) and a.slot == AKH for a in legal)
    takes = {a.slot for a in legal if isinstance(a, Swap)}
    assert takes == {SENET, HARP, MIRROR, GOLDWORK}  # necklace 12 >= all of them
    s = GAME.apply(s, Swap(NECKLACE, -2, GOLDWORK))
    assert s.hands[me][GOLDWORK] == 1 and NECKLACE in s.bottom
    s = play(s, Done(), Pick(AKH), Pick(SENET), Pick(HARP), Pick(MIRROR))
    assert s.bottom == (AKH, SENET, HARP, MIRROR, NECKLACE) and s.bottom_ordered and s.phase == P_TURN
    last = edit(s, discard=drained(s), phase="refill", refill={"queue": ["louqsor"]})
    assert GAME.chance_outcomes(last) == ((DrawCard(AKH), Fraction(1)),)


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
    me = 0
    sealed_harp = slot(HARP, sealed=True)
    doc = {
        "markets": {"louqsor": {"cards": ["harp/sealed", "goldwork"]}, "gizeh": {"cards": ["mirror", "chair"]}},
        "characters": {"wandering_thief": 1, "thief": 1, "trader": 1},
        "seats": {"0": {"seals": 1}},
    }
    s = GAME.apply(position(4, ("characters",), doc), UseCharacter(WANDERING_THIEF))
    assert Target(LOUQSOR, sealed_harp) in GAME.legal_actions(s)
    assert Target(LOUQSOR, slot(GOLDWORK)) not in GAME.legal_actions(s)
    s = GAME.apply(s, Target(LOUQSOR, sealed_harp))
    assert s.hands[me][HARP] == 1 and s.seals[me] == 0
    assert slot(WT, sealed=True) in s.markets[LOUQSOR].cards
    thief = edit(s, phase="character", character={"active": "thief"})
    assert not any(isinstance(a, Target) and (a.item >> 2) == WT for a in GAME.legal_actions(thief))
    trader = edit(s, phase="character", character={"active": "trader", "trader_exchanges": 0})
    assert not any(isinstance(a, Swap) and a.market >= 0 and (a.slot >> 2) == WT for a in GAME.legal_actions(trader))
    buyer = (me + 1) % 4
    markets = GAME.position_data(s)["markets"]
    markets["louqsor"]["status"] = "open"
    resolution = {"market": "louqsor", "bidders": [{"bid": 4, "seat": buyer}]}
    s = edit(s, markets=markets, phase="resolve", resolution=resolution)
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
    me = 0
    doc = {
        "seats": {"0": {"hand": {"harp": 1, "statuette": 1}, "seals": 1, "deben": 11}, "1": {"deben": 11}},
        "markets": {"gizeh": {"cards": ["goldwork"], "deben": 0}, "harbor": {"cards": ["chair_f1"]}},
        "neutral_hand": {"necklace": 1},
        "characters": {"trader": 1},
    }
    s = GAME.apply(position(2, ("harbor", "characters"), doc), UseCharacter(TRADER))
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
    me, other = 0, 1
    # 25 Deben in all: Gizeh 2, the other tiles 1 each, seat 0 12, seat 1 8
    doc = {
        "seats": {"0": {"deben": 12}, "1": {"deben": 8}},
        "markets": {"gizeh": {"cards": ["mirror", "statuette"], "deben": 2}},
    }
    s = position(2, (), doc)
    m = play(with_character(s, MERCHANT), UseCharacter(MERCHANT), Target(GIZEH, slot(MIRROR)))
    assert m.hands[me][MIRROR] == 1 and m.deben[me] == 12 - 10 and m.markets[GIZEH].deben == 2 + 10
    t = play(with_character(s, TREASURER), UseCharacter(TREASURER), Target(GIZEH))
    assert t.deben[me] == 12 + 2 and t.markets[GIZEH].deben == 0
    th = play(with_character(s, THIEF), UseCharacter(THIEF), Target(GIZEH, slot(STATUETTE)))
    assert th.hands[me][STATUETTE] == 1 and th.deben[me] == 12
    r = give(s, other, CHAIR)
    r = play(with_character(r, ROYAL_SERVANT), UseCharacter(ROYAL_SERVANT), Pick(CHAIR, other))
    assert r.hands[other][CHAIR] == 0 and r.discard[CHAIR] >= 1
    markets = GAME.position_data(s)["markets"]
    markets["akhet_aton"]["pawns"] = pawns((2, me, False))
    c = play(with_character(edit(s, markets=markets), CHIEF), UseCharacter(CHIEF), Recall(AKHET, 2))
    assert c.markets[AKHET].pawns == () and c.servants[me] == 4
    sc = give(position(4), 0, CHAIR, CHAIR)
    sc = play(with_character(sc, SCRIBE3), UseCharacter(SCRIBE3), PickType(TYPE_NAMES.index("chair")))
    assert sc.prestige[0] == 2 * (9 + 3)
    ap = play(with_character(s, AMON_PRIEST), UseCharacter(AMON_PRIEST))
    assert ap.amon_priest == me and ap.phase == P_TURN
    royal = edit(r, phase="character", character={"active": "royal_servant"})
    assert Pick(CHAIR, NEUTRAL_OWNER) not in GAME.legal_actions(royal)


@pytest.mark.rules("nefertiti.end.final_scoring", "nefertiti.end.tiebreak")
def test_final_scoring_and_deben_tiebreak() -> None:
    """Reference: gifts by the value table + seals + Deben (assumed 2 per seal, 1 per Deben); ties: most Deben."""
    doc = {
        "seats": {
            "0": {"hand": {"chair": 2}, "deben": 3, "seals": 1, "prestige": 4},
            "1": {"hand": {"chair": 1, "mirror": 1}, "deben": 18},
        }
    }
    s = position(2, (), doc)
    # chair owned by 2 players: 7 each (seed). Seat 0: 4 + 14 + 2 + 3 = 23. Seat 1: 7 + 10 (mirror, sole owner:
    # the assumed value table, params in specs/nefertiti.toml) + 18 = 35.
    assert final_scores(s) == (23, 35)
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
    state = first_decision(game, game.config(4, ("scenario",)), 0)
    fixed = {"scribe_2": 1, "scribe_3": 1, "merchant": 1}
    got = {CHAR_NAMES[c]: state.chars[c] for c in range(15) if state.chars[c]}
    assert got == {**fixed, **expected}

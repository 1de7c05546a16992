"""Closing a market, or distributing the Harbor: the bidders in bid order, the highest bidder's two Gift cards (or one
with the Royal Seal), paying the bid, a Wandering Thief card bought, half the Deben instead; then the pawns go home,
the market goes under the Market Closed tile and the one there reopens.
"""

from __future__ import annotations

from typing import Final

from nilerules.core.registry import rule
from nilerules.games.nefertiti.actions import NefAction, Swap
from nilerules.games.nefertiti.cards import slot, slot_code, slot_face_up, slot_sealed
from nilerules.games.nefertiti.names import HARBOR, WT
from nilerules.games.nefertiti.rules import harbor, neutral_pawns, refill, turn
from nilerules.games.nefertiti.rules.common import (
    LEGAL,
    TAKE_HALF,
    TAKES,
    action,
    add_slot,
    bump,
    down_blocks,
    evolve,
    lowest_gifts,
    readings_of,
    remarket,
    remove_slot,
    set_market,
    with_market,
)
from nilerules.games.nefertiti.state import CLOSED, DONE, OPEN, P_REFILL, P_RESOLVE, P_WT_SWAP, NefState


def start_resolution(state: NefState, m: int, final: bool) -> NefState:
    """Bidders act in bid order from the highest; neutral pawns act where the neutral-order reading puts them."""
    squares = turn.squares_of(state, m)
    bids = sorted(((squares[p[0]], p[1], p[2]) for p in state.markets[m].pawns), reverse=True)
    neutral_action_order = readings_of(state.config).neutral_action_order
    servants = [b for b in bids if not b[2]]
    neutrals = [b for b in bids if b[2]]
    if neutral_action_order == "after_bidders":
        bids = servants + neutrals
    elif neutral_action_order == "before_bidders":
        bids = neutrals + servants
    top = servants[0] if servants else None
    queue = tuple((v, o, nt, int(top is not None and (v, o, nt) == top)) for v, o, nt in bids)
    v = state.copy()
    v.phase = P_RESOLVE
    v.res_market = m
    v.res_queue = queue
    v.res_taken = 0
    v.res_paid = False
    v.res_final = final
    return advance_resolution(v)


rule(
    "nefertiti.close.bid_order",
    "nefertiti.harbor.distribution_order",
    "nefertiti.two.neutral_actions",
)(start_resolution)


def advance_resolution(state: NefState) -> NefState:
    """Skip bidders who have nothing to decide; finish when the queue is empty."""
    while state.res_queue:
        actions = resolution_actions(state)
        if actions:
            if state.phase == P_RESOLVE:  # they are this state's legal actions (see legal_actions)
                LEGAL.put(state, actions)
            return state
        v = state.copy()
        v.res_queue = state.res_queue[1:]
        v.res_taken = 0
        v.res_paid = False
        state = v
    return finish_resolution(state)


def wt_targets(state: NefState, source: int) -> tuple[Swap, ...]:
    """Where a bought Wandering Thief card can be used: the lowest gift of another market (not a finished one)."""
    out: list[Swap] = []
    for t in range(4):
        if t == source:
            continue
        if state.akh_drawn and state.markets[t].status == DONE:
            continue
        lowest = lowest_gifts(state.params, state.markets[t].cards, down_blocks(state))
        out.extend(action(Swap, -1, t, s) for s in lowest)
    return tuple(out)


def resolution_actions(state: NefState) -> tuple[NefAction, ...]:
    """The current bidder's choices at a closing market or Harbor distribution."""
    value, owner, neutral, highest = state.res_queue[0]
    m = state.res_market
    market = state.markets[m]
    if neutral:
        return neutral_pawns.neutral_choices(state)
    taken = state.res_taken
    if not highest and taken > 0:
        return ()
    skip_sealed = taken > 0 if highest else readings_of(state.config).sealed_card_buyer == "highest_only"
    ups: list[NefAction] = []
    for s in sorted(set(market.cards)):  # the slot encoding inlined (every bidder's choices): cards.slot_down, ...
        if s & 1:  # face down
            continue
        if s & 2 and skip_sealed:  # sealed
            continue
        if s >> 2 == WT and not wt_targets(state, m):
            continue
        ups.append(TAKES[s])
    if highest:
        if taken > 0 or state.res_paid:  # paid already (NEF-031 not_a_gift: after a Wandering Thief not counted)
            return tuple(ups)
        if ups and (state.deben[owner] >= value or readings_of(state.config).unaffordable_bid == "pay_what_you_have"):
            return tuple(ups)
        return TAKE_HALF
    if state.deben[owner] >= value:
        return (*ups, *TAKE_HALF)
    return TAKE_HALF


rule(
    "nefertiti.close.highest",
    "nefertiti.close.following",
    "nefertiti.harbor.highest_buys_two",
    "nefertiti.beggar.face_down_blocks",
    "nefertiti.wandering_thief.buyable",
)(resolution_actions)


HIGHEST_BIDDER_CARDS: Final = 2
"""The highest bidder 'takes two Gifts, or one Gift with the Royal Seal' (nefertiti.close.highest)."""


def take_card(state: NefState, s: int) -> NefState:
    """Pay the bid (once), take the card and its seal; a papyrus brings a seal from the supply
    (``harbor.with_papyrus_seal``)."""
    value, owner, _neutral, _highest = state.res_queue[0]
    m = state.res_market
    market = state.markets[m]
    deben, market_deben = state.deben, market.deben
    if not state.res_paid:  # the bid is paid once, with what the bidder has
        pay = min(value, deben[owner])
        deben = bump(deben, owner, -pay)
        market_deben += pay
    market = remarket(market, cards=remove_slot(market.cards, s), deben=market_deben)
    code = s >> 2  # slot_code and slot_sealed, inlined (a card taken: a common step)
    sealed = bool(s & 2)
    seals = bump(state.seals, owner, 1) if sealed else state.seals
    markets = with_market(state.markets, m, market)
    if code == WT:  # NEF-031: the highest bidder's bought Wandering Thief counts among their two cards, or not
        highest = state.res_queue[0][3]
        counted = not (highest and readings_of(state.config).wandering_thief_bought == "not_a_gift")
        # on a sealed space it is bought 'in the same way' as the Gift with the Royal Seal: nothing after it
        taken = HIGHEST_BIDDER_CARDS if highest and sealed else state.res_taken + int(counted)
        return evolve(
            state,
            markets=markets,
            deben=deben,
            res_paid=True,
            res_taken=taken,
            seals=seals,
            phase=P_WT_SWAP,
        )
    hands = list(state.hands)
    hands[owner] = bump(hands[owner], code, 1)
    seals, supply = harbor.with_papyrus_seal(state, owner, code, seals)
    v = state.copy()
    v.markets = markets
    v.deben = deben
    v.seals = seals
    v.hands = tuple(hands)
    v.seal_supply = supply
    taken = state.res_taken + 1
    if state.res_queue[0][3] and not sealed and taken < HIGHEST_BIDDER_CARDS:  # the highest bidder may take another
        v.res_paid = True
        v.res_taken = taken
        return after_take(v, sealed=False)
    v.res_queue = state.res_queue[1:]  # after_take when the bidder is done: the next bidder (one copy)
    v.res_taken = 0
    v.res_paid = False
    return advance_resolution(v)


def after_take(state: NefState, sealed: bool) -> NefState:
    _value, _owner, _neutral, highest = state.res_queue[0]
    if highest and not sealed and state.res_taken < HIGHEST_BIDDER_CARDS:
        actions = resolution_actions(state)
        if actions:
            if state.phase != P_RESOLVE:
                state = evolve(state, phase=P_RESOLVE)
            LEGAL.put(state, actions)  # this state's legal actions (see common.LEGAL)
            return state
    state = evolve(state, phase=P_RESOLVE, res_queue=state.res_queue[1:], res_taken=0, res_paid=False)
    return advance_resolution(state)


def wt_swap(state: NefState, action: Swap) -> NefState:
    """A bought Wandering Thief card is used at once on the lowest gift of one of the other three markets."""
    _value, owner, _neutral, _highest = state.res_queue[0]
    target = state.markets[action.market]
    sealed = slot_sealed(action.slot)
    cards = add_slot(remove_slot(target.cards, action.slot), slot(WT, sealed=sealed))
    state = set_market(state, action.market, remarket(target, cards=cards))
    state = harbor.gain_card(state, owner, slot_code(action.slot), from_board=True)
    return after_take(evolve(state, phase=P_RESOLVE), sealed=False)


rule("nefertiti.wandering_thief.must_use")(wt_swap)


def take_half(state: NefState) -> NefState:
    _value, owner, _neutral, _highest = state.res_queue[0]
    m = state.res_market
    market = state.markets[m]
    half = (market.deben + 1) // 2
    v = state.copy()
    v.markets = with_market(state.markets, m, remarket(market, deben=market.deben - half))
    v.deben = bump(state.deben, owner, half)
    v.res_queue = state.res_queue[1:]
    v.res_taken = 0
    v.res_paid = False
    return advance_resolution(v)


def finish_resolution(state: NefState) -> NefState:
    """Pawns go home; a market goes under the Market Closed tile and the one there reopens on its other stall."""
    m = state.res_market
    market = state.markets[m]
    servants = list(state.servants)
    neutrals = list(state.neutrals)
    for _sq, owner, neutral in market.pawns:
        if neutral:
            neutrals[owner] += 1
        else:
            servants[owner] += 1
    if m != HARBOR and not state.akh_drawn:  # a market closes, the one under the tile reopens: one copy
        markets = list(state.markets)
        reopen = [c for c in range(4) if markets[c].status == CLOSED]
        markets[m] = remarket(market, pawns=(), status=CLOSED)
        for c in reopen:
            old = markets[c]
            cards = tuple(sorted([slot_face_up(s) for s in old.cards]))
            markets[c] = remarket(old, cards=cards, stall=1 - old.stall, status=OPEN)
        v = state.copy()
        v.servants = tuple(servants)
        v.neutrals = tuple(neutrals)
        v.res_market = -1
        v.res_queue = ()
        v.phase = P_REFILL
        v.markets = tuple(markets)
        v.refill_queue = tuple(reopen)
        v.refill_added = 0
        v.refill_last = -1
        return refill.continue_refill(v)
    state = evolve(
        state, servants=tuple(servants), neutrals=tuple(neutrals), res_market=-1, res_queue=(), phase=P_REFILL
    )
    if m == HARBOR:
        status = DONE if state.res_final else OPEN
        state = set_market(state, HARBOR, remarket(market, pawns=(), status=status))
        state = evolve(state, harbor_added_since=0, refill_added=0)
        if state.res_final:
            return turn.after_akhenaton(evolve(state, res_final=False))
        return refill.continue_refill(state)
    state = set_market(state, m, remarket(market, pawns=(), status=DONE))  # after Akhenaton
    return turn.continue_turn(state)


rule(
    "nefertiti.close.return",
    "nefertiti.close.reopen",
    "nefertiti.harbor.never_closed",
    "nefertiti.harbor.unbought_remain",
    "nefertiti.two.neutral_returns",
    "nefertiti.beggar.face_up_again",
)(finish_resolution)

"""Refilling the markets: cards drawn one at a time until a market holds four normal Gift cards, foreign cards
diverted to the Harbor, a Royal Seal on the last card drawn; the Akhenaton card ends the refills.
"""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.games.nefertiti.cards import FOREIGN, slot, slot_sealed
from nilerules.games.nefertiti.names import AKH, HARBOR
from nilerules.games.nefertiti.rules import harbor, turn
from nilerules.games.nefertiti.rules.common import (
    add_slot,
    bump,
    evolve,
    normal_count,
    remarket,
    remove_slot,
    with_market,
)
from nilerules.games.nefertiti.state import OPEN, P_REFILL, Market, NefState


def draw_for_refill(state: NefState, code: int) -> NefState:
    """One card drawn for the market being refilled: foreign cards go to the Harbor, Akhenaton ends the refills."""
    pile, bottom = state.pile, state.bottom
    if sum(pile):
        pile = bump(pile, code, -1)
    else:
        rest = list(bottom)
        if state.bottom_ordered:
            rest.pop(0)
        else:
            rest.remove(code)
        bottom = tuple(rest)
    if code == AKH:
        return harbor.akhenaton(evolve(state, pile=pile, bottom=bottom))
    markets = state.markets
    dock = markets[HARBOR]
    v = state.copy()
    v.pile = pile
    v.bottom = bottom
    face_up = code << 2  # slot(code), inlined (a draw is the commonest step of a playout)
    if FOREIGN[code] and dock.status == OPEN:
        v.markets = with_market(markets, HARBOR, remarket(dock, cards=add_slot(dock.cards, face_up)))
        v.refill_added = state.refill_added + 1
        v.harbor_added_since = state.harbor_added_since + 1
    else:
        m = state.refill_queue[0]
        market = markets[m]
        v.markets = with_market(markets, m, remarket(market, cards=add_slot(market.cards, face_up)))
        v.refill_last = code
    return continue_refill(v)


rule(
    "nefertiti.harbor.divert_foreign",
    "nefertiti.harbor.refill_until_four",
    "nefertiti.harbor.only_foreign",
    "nefertiti.end.akhenaton",
)(draw_for_refill)


def continue_refill(state: NefState) -> NefState:
    """Draw until the market holds four normal Gift cards; the top card then takes a Royal Seal if none is there."""
    while state.refill_queue:
        m = state.refill_queue[0]
        market = state.markets[m]
        if normal_count(market.cards) < state.params.market_size:
            if not state.bottom and not sum(state.pile):  # pragma: no cover - Akhenaton is always left to draw
                raise AssertionError("the Gift pile ran out before Akhenaton")
            return state if state.phase == P_REFILL else evolve(state, phase=P_REFILL)
        v = state.copy()
        sealed = sealed_market(state, m)
        if sealed is not None:
            v.markets = with_market(state.markets, m, sealed)
            v.seal_supply = state.seal_supply - 1
        v.refill_queue = state.refill_queue[1:]
        v.refill_last = -1
        state = v
        checked = harbor.harbor_check(state)
        if checked is not state:
            return checked
        if state.refill_added:
            state = evolve(state, refill_added=0)
    return turn.continue_turn(state)


rule("nefertiti.base.fill")(continue_refill)


def sealed_market(state: NefState, m: int) -> Market | None:
    """A Royal Seal from the supply goes on the last card drawn into a market without one (never the Harbor).

    The market with its new seal (one seal leaves the supply), or None when no seal is placed.
    """
    market = state.markets[m]
    if any(slot_sealed(s) for s in market.cards) or state.seal_supply <= 0 or state.refill_last < 0:
        return None
    target = slot(state.refill_last)
    if target not in market.cards:
        return None
    return remarket(market, cards=add_slot(remove_slot(market.cards, target), slot(state.refill_last, sealed=True)))


rule("nefertiti.harbor.no_seals")(sealed_market)

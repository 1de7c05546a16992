"""The market along the Nile: a card taken from the row, the cards skipped before it to the taker's
corruption pile (not for the Merchant)."""

from __future__ import annotations

from nilerules.core import rule
from nilerules.games.sobek.rules.common import (
    add,
    changed,
    put,
)
from nilerules.games.sobek.state import (
    SobekState,
)


def take(state: SobekState, p: int, index: int, corrupt: bool) -> SobekState:
    """Take the card at ``index``; the cards skipped before it go to the taker's corruption pile (not for the
    Merchant)."""
    row = state.row
    hand = add(state.hands[p], row[index])
    pile = state.corruption[p]
    rest = row[index + 1 :]
    if corrupt:
        for t in row[:index]:
            pile = add(pile, t)
    else:
        rest = row[:index] + rest
    return changed(state, row=rest, hands=put(state.hands, p, hand), corruption=put(state.corruption, p, pile))


rule("sobek.market.no_consequence", "sobek.market.corruption", "sobek.market.skipped")(take)


def take_and_pass(state: SobekState, p: int, index: int) -> SobekState:
    """``end_turn(take(state, p, index, corrupt=True), p)`` in one copy of the state (the commonest decision)."""
    row = state.row
    hands = list(state.hands)
    hand = list(hands[p])
    hand[row[index]] += 1
    hands[p] = tuple(hand)
    corruption = state.corruption
    if index:
        piles = list(corruption)
        pile = list(piles[p])
        for t in row[:index]:
            pile[t] += 1
        piles[p] = tuple(pile)
        corruption = tuple(piles)
    new = state.copy()
    new.row = row[index + 1 :]
    new.hands = tuple(hands)
    new.corruption = corruption
    new.pending = None
    if state.extra_turn:
        new.to_move = p
        new.extra_turn = False
    else:
        new.to_move = (p + 1) % state.config.players
    return new

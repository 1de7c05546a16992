"""Chance: the pile each pending draw comes from, its outcomes with exact probabilities, the fast sampler
that agrees with them, and a drawn card or token put where the draw sends it."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Final

from nilerules.core.chance import randrange
from nilerules.errors import IllegalAction
from nilerules.games.sobek.actions import (
    DrawCard,
    DrawToken,
    SobekAction,
)
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules.common import (
    add,
    back_of,
    changed,
    put,
    total,
)
from nilerules.games.sobek.rules.events import (
    resolve_event,
)
from nilerules.games.sobek.state import (
    D_EVENT,
    D_GREEN,
    D_MARKET,
    D_QUEEN,
    D_REMOVE,
    D_STEAL,
    D_TOKEN,
    FIRST_CHAR,
    NTYPES,
    OVER,
    TOKEN_COUNTS,
    TOKEN_DESTS,
    Draw,
    SobekState,
    steal_of,
)

Outcomes = tuple[tuple[SobekAction, Fraction], ...]
DRAWS: Final[tuple[DrawCard, ...]] = tuple(DrawCard(k) for k in range(NTYPES))
TOKEN_DRAWS: Final[tuple[DrawToken, ...]] = tuple(DrawToken(k) for k in range(len(TOKEN_COUNTS)))
"""Shared action instances for the hot paths (actions are immutable values)."""
DRAW_RULES: Final = {
    D_REMOVE: "sobek.goods.two_players", D_TOKEN: "sobek.events.selection", D_GREEN: "sobek.goods.green_backs",
    D_MARKET: "sobek.market.deliveries", D_QUEEN: "sobek.characters.queen", D_STEAL: "sobek.characters.thief",
    D_EVENT: "sobek.events.choose",
}
"""The rule each kind of pending draw follows (the rule id of an IllegalAction: a draw of the wrong kind)."""


def removal_pile(state: SobekState) -> tuple[int, ...]:
    """The cards a 2-player game's set-up removes from at random: the whole deck, characters included
    (``two_player_removed=whole_deck``), or its goods cards only (``goods_only``: the characters all stay)."""
    if readings_of(state.config).two_player_removed == "whole_deck":
        return state.deck
    return tuple(c if t < FIRST_CHAR else 0 for t, c in enumerate(state.deck))


def draw_source(state: SobekState, draw: Draw) -> tuple[int, ...]:
    """The multiset a pending draw comes from."""
    dest = draw.dest
    if dest == D_MARKET:  # the commonest, tested first
        return state.deck
    if dest == D_QUEEN:
        return state.deck
    if dest == D_REMOVE:
        return removal_pile(state)
    if dest == D_GREEN:
        return state.green_pile
    if dest == D_TOKEN:
        return state.token_bag
    if dest == D_EVENT:
        return state.tokens
    opp, back = steal_of(draw.arg)
    backs = readings_of(state.config).thief_backs
    hand = state.hands[opp]
    return tuple(c if c and back_of(state.params, t, backs) == back else 0 for t, c in enumerate(hand))


def chance_outcomes(state: SobekState) -> Outcomes:
    if state.phase == OVER or not state.draws:
        return ()
    dest = state.draws[0].dest
    source = draw_source(state, state.draws[0])
    whole = total(source)
    if dest in TOKEN_DESTS:
        return tuple((TOKEN_DRAWS[k], Fraction(c, whole)) for k, c in enumerate(source) if c)
    return tuple((DRAWS[k], Fraction(c, whole)) for k, c in enumerate(source) if c)


def sample_chance(state: SobekState, rng: random.Random) -> DrawCard | DrawToken:
    """The fast sampler of a pending draw: the same index as ``core.chance.sample_index`` for the same generator
    state (one ``randrange`` over the pile's total): the first type whose running count passes the number drawn, found
    in one compiled pass over the counts; its support and probabilities are those of ``chance_outcomes``."""
    draw = state.draws[0]
    source = draw_source(state, draw)
    left = randrange(rng, total(source))
    index = 0
    for count in source:
        if left < count:
            break
        left -= count
        index += 1
    if draw.dest == D_TOKEN or draw.dest == D_EVENT:
        return TOKEN_DRAWS[index]
    return DRAWS[index]


def one_fewer(source: tuple[int, ...], item: int, state: SobekState, action: SobekAction) -> tuple[int, ...]:
    """``source`` with one ``item`` drawn from it; IllegalAction when none is left (listing what may be drawn)."""
    if not 0 <= item < len(source) or source[item] == 0:
        raise IllegalAction("sobek.market.deliveries", f"no {item!r} left to draw", state, action,
                            tuple(outcome for outcome, _ in chance_outcomes(state)))
    left = list(source)
    left[item] -= 1
    return tuple(left)


def apply_draw(state: SobekState, item: int) -> SobekState:
    draw = state.draws[0]
    dest = draw.dest
    if dest == D_MARKET:
        # the commonest draw, tested first: the deck is the source
        deck = one_fewer(state.deck, item, state, DrawCard(item))
        return changed(state, draws=state.draws[1:], deck=deck, row=(*state.row, item))
    source = draw_source(state, draw)
    left = one_fewer(source, item, state, DrawCard(item))
    p = draw.player
    rest = state.draws[1:]
    if dest == D_GREEN:
        dealt = list(state.hands)
        hand = list(dealt[p])
        hand[item] += 1
        dealt[p] = tuple(hand)
        return changed(state, draws=rest, green_pile=left, hands=tuple(dealt))
    if dest == D_TOKEN:
        tokens = list(state.tokens)
        tokens[item] += 1
        return changed(state, draws=rest, token_bag=left, tokens=tuple(tokens))
    if dest == D_REMOVE:
        return changed(state, draws=rest, deck=add(state.deck, item, -1), removed=add(state.removed, item))
    if dest == D_QUEEN:
        return changed(state, draws=rest, deck=add(state.deck, item, -1),
                       hands=put(state.hands, p, add(state.hands[p], item)))
    if dest == D_EVENT:
        return resolve_event(changed(state, draws=rest), p, item)
    opp = steal_of(draw.arg)[0]
    hands = put(state.hands, opp, add(state.hands[opp], item, -1))
    return changed(state, draws=rest, hands=put(hands, p, add(hands[p], item)))

"""The navigation stage and the Boats: where a Boat may move, turning round and buying (for Coins), taking the cards
under the space reached, the Coins of Ports and Coin spaces, and the turn passing clockwise until every Boat is in a
Port.

This module is compiled by mypyc in a regular install (see ``rules/__init__``: it reads the per-game tables of the
state's ``ctx`` and cites its rules with ``rule(...)(function)``).
"""

from __future__ import annotations

from typing import Final

from nilerules.core import rule
from nilerules.games.nile_artefacts.actions import Action
from nilerules.games.nile_artefacts.rules.offerings import start_offerings
from nilerules.games.nile_artefacts.rules.supply import (
    can_draw,
    draw_card,
    give_coin,
    insert_card,
    refill,
    without_card,
)
from nilerules.games.nile_artefacts.state import PH_BUY, PH_NAV, Ctx, NAState, clone

RULE_BUY: Final = "nile_artefacts.navigation.buy"
RULE_OFFER_BUY: Final = "nile_artefacts.offerings.buy"


def moves(state: NAState, seat: int) -> tuple[Action, ...]:
    """Forward in the facing direction to a space with a card or to a Port; other Boats never block."""
    pos = state.boats[seat]
    c = state.ctx
    last = c.right_port
    table = c.moves
    board = state.board
    out: list[Action] = []
    if state.facing[seat] > 0:
        for d in range(pos + 1, last):
            if board[d]:
                out.append(table[d])
        if pos < last:
            out.append(table[last])
        return tuple(out)
    if pos > 0:
        out.append(table[0])
    for d in range(1, pos):
        if board[d]:
            out.append(table[d])
    return tuple(out)


rule(
    "nile_artefacts.navigation.move",
    "nile_artefacts.navigation.destination",
    "nile_artefacts.navigation.shared_spaces",
)(moves)


def navigation_actions(state: NAState) -> tuple[Action, ...]:
    seat = state.to_move
    c = state.ctx
    if state.picks:
        return _takes(c, state.board[state.boats[seat]])
    coins = state.coins[seat]
    if coins < c.turn_cost and coins < c.buy_cost:
        return moves(state, seat)
    out: list[Action] = []
    if not state.turned and coins >= c.turn_cost and 0 < state.boats[seat] < c.right_port:
        out.append(c.turn)
    if coins >= c.buy_cost and can_draw(state):
        out.append(c.buy)
    out.extend(moves(state, seat))
    return tuple(out)


def _takes(c: Ctx, here: tuple[int, ...]) -> tuple[Action, ...]:
    """The Take actions for the cards under a Boat (a sorted tuple of kinds): one per kind, by kind."""
    takes = c.takes
    out: list[Action] = []
    last = -1
    for k in here:
        if k != last:
            out.append(takes[k])
            last = k
    return tuple(out)


def start_navigation(s: NAState) -> NAState:
    """Uncollected cards stay; which Boats in a Port may move follows NA-006 (port_start)."""
    c = s.ctx
    if c.port_start_literal:  # NA-006 (port_start)
        right = c.right_port
        s.docked = tuple(b == 0 or b == right for b in s.boats)
    else:
        s.docked = (False,) * c.players
    s.phase = PH_NAV
    s.turned = False
    s.picks = 0
    s.pending = 0
    return _advance_nav(s, s.first)


rule("nile_artefacts.navigation.leftovers")(start_navigation)


def _advance_nav(s: NAState, seat: int) -> NAState:
    """Pass the turn clockwise; Boats already in a Port earn a Coin instead; all in a Port ends the stage."""
    docked = s.docked
    if not docked[seat]:
        s.to_move = seat
        s.turned = False
        s.picks = 0
        return s
    n = s.ctx.players
    coins = list(s.coins)
    while True:
        if all(d for d in docked):  # a generator: compiled, all() of one is a loop, all(docked) a generic call
            s.coins = tuple(coins)
            return start_offerings(s)
        if not docked[seat]:
            s.coins = tuple(coins)
            s.to_move = seat
            s.turned = False
            s.picks = 0
            return s
        give_coin(s, coins, seat, "nile_artefacts.navigation.port_wait")
        seat = (seat + 1) % n


rule(
    "nile_artefacts.navigation.order",
    "nile_artefacts.navigation.turn_end",
    "nile_artefacts.navigation.port_wait",
    "nile_artefacts.navigation.stage_end",
    "nile_artefacts.ref.port_coin_each_turn",
)(_advance_nav)


def apply_move(state: NAState, space: int) -> NAState:
    """Reach a Port (Coin, turn round, done) or a card space (pick cards; a Coin space adds a Coin)."""
    s = clone(state)
    c = s.ctx
    seat = s.to_move
    boats = list(s.boats)
    boats[seat] = space
    s.boats = tuple(boats)
    if space == 0 or space == c.right_port:
        coins = list(s.coins)
        give_coin(s, coins, seat, "nile_artefacts.navigation.port_coin")
        s.coins = tuple(coins)
        facing = list(s.facing)
        facing[seat] = -facing[seat]
        s.facing = tuple(facing)
        docked = list(s.docked)
        docked[seat] = True
        s.docked = tuple(docked)
        return _advance_nav(s, (seat + 1) % c.players)
    s.picks = 1
    if c.coin_space[space]:
        coins = list(s.coins)
        give_coin(s, coins, seat, "nile_artefacts.navigation.coin_space")
        s.coins = tuple(coins)
        if c.coin_space_extra_card and len(s.board[space]) >= 2:  # NA-005 (coin_space)
            s.picks = 2
    return s


rule(
    "nile_artefacts.navigation.coin_space",
    "nile_artefacts.navigation.port_coin",
    "nile_artefacts.navigation.port_turns",
)(apply_move)


def apply_take(state: NAState, kind: int) -> NAState:
    """Move the chosen card from under the Boat to the player's cards; the turn ends after the last pick."""
    s = clone(state)
    seat = s.to_move
    space = s.boats[seat]
    board = list(s.board)
    here = without_card(board[space], kind)
    board[space] = here
    s.board = tuple(board)
    hands = list(s.hands)
    hands[seat] = insert_card(hands[seat], kind)
    s.hands = tuple(hands)
    picks = s.picks - 1
    if picks and here:
        s.picks = picks
        return s
    return _advance_nav(s, (seat + 1) % s.ctx.players)


rule("nile_artefacts.navigation.take_card")(apply_take)


def apply_turn(state: NAState) -> NAState:
    """Pay ``turn_cost`` Coins (to the stock) and reverse the Boat, once, before moving."""
    s = clone(state)
    seat = s.to_move
    cost = s.ctx.turn_cost
    coins = list(s.coins)
    coins[seat] = coins[seat] - cost
    s.coins = tuple(coins)
    s.stock += cost
    facing = list(s.facing)
    facing[seat] = -facing[seat]
    s.facing = tuple(facing)
    s.turned = True
    return s


rule("nile_artefacts.navigation.turn_around")(apply_turn)


def apply_buy(state: NAState) -> NAState:
    """Pay ``buy_cost`` Coins and draw the top card of the pile (a chance node) into the player's cards."""
    s = clone(state)
    seat = s.to_move
    cost = s.ctx.buy_cost
    coins = list(s.coins)
    coins[seat] = coins[seat] - cost
    refill(s, RULE_BUY if s.phase == PH_NAV else RULE_OFFER_BUY)
    s.coins = tuple(coins)
    s.stock += cost
    s.buy_return = s.phase
    s.phase = PH_BUY
    return s


rule("nile_artefacts.navigation.buy")(apply_buy)


def apply_bought(state: NAState, kind: int, at: int) -> NAState:
    """The bought card (``at``: where the pile holds a card of ``kind``) goes to the player's cards."""
    s = clone(state)
    draw_card(s, at)
    hands = list(s.hands)
    hands[s.to_move] = insert_card(hands[s.to_move], kind)
    s.hands = tuple(hands)
    s.phase = s.buy_return
    return s

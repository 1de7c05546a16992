"""Auctions: the bidding order, the bids a player may make, and the result (the lot, the sun disks, the crates its
Traders owe, its disasters)."""

from __future__ import annotations

from typing import Final

from nilerules.core.registry import rule
from nilerules.core.types import PlayerId
from nilerules.errors import IllegalAction
from nilerules.games.ra.actions import BIDS, PASS_ACTION, Bid, RaAction
from nilerules.games.ra.rules.disasters import DISASTER_INDEX, IS_DISASTER, STRUCK, settle_discards
from nilerules.games.ra.rules.scratch import Scratch, with_header
from nilerules.games.ra.rules.traders import claim_traders
from nilerules.games.ra.state import (
    BID,
    H_ACTOR,
    H_CENTER,
    H_HIGH,
    H_HIGH_BY,
    H_LAST,
    H_PENDING,
    H_PHASE,
    H_RESUME,
    H_STARTER,
    H_TRACK_LEN,
    H_VOLUNTARY,
    KINDS,
    RESUME_END,
    RESUME_TURN,
    TRADER,
    RaState,
)

_BID_MENUS: Final[dict[tuple[int, int, bool], tuple[RaAction, ...]]] = {}
"""Read and written by ``bid_actions`` only: the menu for (the bidder's disks above the high bid, the high bid,
whether they must bid), which is all a bid menu depends on."""


def bid_actions(s: RaState) -> tuple[RaAction, ...]:
    """Bid a face-up disk higher than the highest bid, or pass; a voluntary invoker bids when all others passed."""
    h = s.h
    high = h[H_HIGH]
    key = (s.up[h[H_ACTOR]] >> (high + 1), high, must_bid(s))
    menu = _BID_MENUS.get(key)
    if menu is None:
        mask, _, must = key
        acts: list[RaAction] = [] if must else [PASS_ACTION]
        d = high + 1
        while mask:
            if mask & 1:
                acts.append(BIDS[d])
            mask >>= 1
            d += 1
        menu = _BID_MENUS[key] = tuple(acts)
    return menu


rule("ra.base.bid", "ra.base.forced_bid")(bid_actions)


def must_bid(s: RaState) -> bool:
    h = s.h
    if not (h[H_VOLUNTARY] and h[H_HIGH] == 0 and h[H_ACTOR] == h[H_STARTER]):
        return False
    # RA-012 (full_track_bid): a voluntary auction over a full track may end with no bid (the tiles are then discarded).
    return s.params.full_track_bid_forced or h[H_TRACK_LEN] < s.params.auction_track


def start_auction(s: RaState, nh: list[int], starter: PlayerId, voluntary: int) -> None:
    """Bidding starts left of the player who drew Ra or invoked it, goes once round and ends with that player."""
    nh[H_PHASE] = BID
    nh[H_STARTER] = starter
    nh[H_VOLUNTARY] = voluntary
    nh[H_HIGH] = 0
    nh[H_HIGH_BY] = -1
    nh[H_ACTOR] = _next_bidder(s.up, starter, starter)


rule("ra.base.bid_order")(start_auction)


def _next_bidder(up: tuple[int, ...], after: PlayerId, starter: PlayerId) -> PlayerId:
    """The next player after ``after`` with a face-up disk; the starter always has one and bids last."""
    n = len(up)
    q = (after + 1) % n
    while q != starter and not up[q]:
        q = (q + 1) % n
    return q


def bid(s: RaState, a: Bid) -> RaState:
    h = s.h
    p = h[H_ACTOR]
    d = a.disk
    if not (isinstance(d, int) and 0 < d < 17) or not (s.up[p] >> d) & 1:
        raise IllegalAction("ra.base.bid", f"disk {d!r} is not one of the bidder's face-up disks", s, a)
    if d <= h[H_HIGH]:
        raise IllegalAction("ra.base.bid", f"disk {d!r} does not beat the highest bid {h[H_HIGH]}", s, a)
    nh = list(h)
    nh[H_HIGH] = d
    nh[H_HIGH_BY] = p
    return _after_bid(s, nh)


def pass_bid(s: RaState, a: RaAction) -> RaState:
    if must_bid(s):
        raise IllegalAction("ra.base.forced_bid", "the player who invoked Ra must bid when all others passed", s, a)
    return _after_bid(s, list(s.h))


def _after_bid(s: RaState, nh: list[int]) -> RaState:
    p = nh[H_ACTOR]
    starter = nh[H_STARTER]
    if p != starter:
        nh[H_ACTOR] = _next_bidder(s.up, p, starter)
        return with_header(s, nh)
    m = Scratch(s)
    m.h = nh
    _resolve_auction(m)
    return m.freeze()


def _resolve_auction(m: Scratch) -> None:
    """The winner takes every tile and the centre disk (face down); the winning disk goes to the centre.

    With no bid the tiles stay, unless the track was full: then they are discarded.
    """
    h = m.h
    w = h[H_HIGH_BY]
    full = h[H_TRACK_LEN] >= m.params.auction_track
    h[H_RESUME] = RESUME_END if h[H_LAST] else RESUME_TURN
    if w >= 0:
        disk = h[H_HIGH]
        m.up[w] &= ~(1 << disk)
        m.down[w] |= 1 << h[H_CENTER]
        h[H_CENTER] = disk
        lot = m.track
        if lot[TRADER]:
            claim_traders(m, w, lot[TRADER])
        held = m.held[w]
        for k in range(KINDS):
            c = lot[k]
            if c and IS_DISASTER[k]:
                m.out[k] += c
                lot[k] = 0
                h[H_PENDING + DISASTER_INDEX[k]] += c * m.params.disaster_discards
        # RA-016 (disaster_lot): under before_lot the lot's tiles of a struck category wait on the track until the
        # discards are done
        waiting = [False] * KINDS
        if not m.params.disaster_lot_with_lot:
            for i in range(4):
                if h[H_PENDING + i]:
                    for k in STRUCK[i]:
                        waiting[k] = lot[k] > 0
        for k in range(KINDS):
            if lot[k] and not waiting[k]:
                held[k] += lot[k]
                lot[k] = 0
        h[H_TRACK_LEN] = sum(lot)
        h[H_ACTOR] = w
        if h[H_TRACK_LEN]:
            h[H_HIGH] = 0
            h[H_HIGH_BY] = w
            h[H_VOLUNTARY] = 0
            settle_discards(m)
            return
    elif full:
        for k in range(KINDS):
            m.out[k] += m.track[k]
        m.track = [0] * KINDS
        h[H_TRACK_LEN] = 0
    h[H_HIGH] = 0
    h[H_HIGH_BY] = -1
    h[H_VOLUNTARY] = 0
    settle_discards(m)


rule("ra.base.win", "ra.base.no_bid", "ra.traders.claim.docks")(_resolve_auction)

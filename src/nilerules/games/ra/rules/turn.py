"""A player's turn: exactly one of drawing a tile, invoking Ra, or playing God tiles; and the drawn tile's place."""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.errors import IllegalAction
from nilerules.games.ra.actions import DRAW_ACTION, INVOKE_ACTION, DrawTile, PlayGod, RaAction
from nilerules.games.ra.names import tile_name
from nilerules.games.ra.rules.auction import start_auction
from nilerules.games.ra.rules.disasters import DISASTER_INDEX, IS_DISASTER, settle_discards
from nilerules.games.ra.rules.epochs import end_epoch, next_turn_state
from nilerules.games.ra.rules.gods import god_menu
from nilerules.games.ra.rules.scratch import Scratch, new_state, with_header
from nilerules.games.ra.rules.traders import claim_traders
from nilerules.games.ra.state import (
    DRAW,
    GOD,
    H_ACTOR,
    H_BAG,
    H_LAST,
    H_PENDING,
    H_PHASE,
    H_RA,
    H_RESUME,
    H_STARTER,
    H_TRACK_LEN,
    KINDS,
    RA,
    RESUME_GODS,
    TRADER,
    RaState,
)


def turn_actions(s: RaState) -> tuple[RaAction, ...]:
    """Exactly one of: draw (not while the track is full), invoke Ra, or play God tiles."""
    h = s.h
    p = h[H_ACTOR]
    length = h[H_TRACK_LEN]
    acts: list[RaAction] = []
    if length < s.params.auction_track and h[H_BAG] > 0:
        acts.append(DRAW_ACTION)
    if length > 0 or s.params.invoke_empty_track_allowed:  # RA-009 (invoke_empty_track)
        acts.append(INVOKE_ACTION)
    if s.held[p][GOD] and length:
        acts.extend(god_menu(s.track, s.params))
    return tuple(acts)


rule("ra.base.turn_one_action", "ra.base.draw_full_track", "ra.base.invoke")(turn_actions)


def draw(s: RaState, a: RaAction) -> RaState:
    h = s.h
    if h[H_TRACK_LEN] >= s.params.auction_track:
        raise IllegalAction("ra.base.draw_full_track", "drawing is not possible while the auction track is full", s, a)
    if h[H_BAG] <= 0:
        raise IllegalAction("ra.base.draw", "the bag is empty", s, a)
    nh = list(h)
    nh[H_PHASE] = DRAW
    return with_header(s, nh)


def draw_tile(s: RaState, a: DrawTile) -> RaState:
    """A Ra tile goes on the Ra track and starts an auction; any other tile goes on the auction track."""
    k = a.kind
    if not (0 <= k < KINDS) or s.bag[k] <= 0:
        raise IllegalAction("ra.base.draw", f"no {tile_name(k)} tile is left in the bag", s, a)
    bag = list(s.bag)
    bag[k] -= 1
    nh = list(s.h)
    nh[H_BAG] -= 1
    drawer = nh[H_STARTER]
    if k == RA:
        nh[H_RA] += 1
        if nh[H_RA] >= s.params.ra_track:
            if s.params.last_ra_at_once:  # RA-011 (last_ra)
                m = Scratch(s)
                m.h = nh
                m.bag = bag
                end_epoch(m)
                return m.freeze()
            nh[H_LAST] = 1
        start_auction(s, nh, drawer, voluntary=0)
        return new_state(s.config, s.params, tuple(nh), tuple(bag), s.track, s.out, s.held, s.up, s.down,
                         s.score, s.crates, s.claims, s.events)
    track = list(s.track)
    track[k] += 1
    nh[H_TRACK_LEN] += 1
    ns = new_state(s.config, s.params, tuple(nh), tuple(bag), tuple(track), s.out, s.held, s.up, s.down,
                   s.score, s.crates, s.claims, s.events)
    return next_turn_state(ns, drawer)


rule("ra.base.draw_place")(draw_tile)


def invoke(s: RaState, a: RaAction) -> RaState:
    h = s.h
    if h[H_TRACK_LEN] == 0 and not s.params.invoke_empty_track_allowed:  # RA-009 (invoke_empty_track)
        raise IllegalAction("ra.base.invoke", "invoking Ra over an empty auction track (reading RA-009)", s, a)
    nh = list(h)
    start_auction(s, nh, h[H_ACTOR], voluntary=1)
    return with_header(s, nh)


def play_god(s: RaState, a: PlayGod) -> RaState:
    """One God tile takes one tile of the track (``rules.gods``); a Trader is claimed, a disaster strikes."""
    p = s.h[H_ACTOR]
    k = a.kind
    if not s.held[p][GOD]:
        raise IllegalAction("ra.base.god", "the player holds no God tile", s, a)
    if not (isinstance(k, int) and 0 <= k < KINDS) or k in (RA, GOD) or not s.track[k]:
        raise IllegalAction("ra.base.god", f"no {tile_name(k)} tile that a God tile may take is on the track", s, a)
    if IS_DISASTER[k] and not s.params.god_takes_disaster_allowed:  # RA-008 (god_takes_disaster)
        raise IllegalAction("ra.base.god", "a God tile may not take a disaster (reading RA-008)", s, a)
    m = Scratch(s)
    held = m.held[p]
    held[GOD] -= 1
    m.out[GOD] += 1
    m.track[k] -= 1
    m.h[H_TRACK_LEN] -= 1
    if IS_DISASTER[k]:
        m.out[k] += 1
        m.h[H_PENDING + DISASTER_INDEX[k]] += s.params.disaster_discards
    else:
        if k == TRADER:
            claim_traders(m, p, 1)
        held[k] += 1
    m.h[H_RESUME] = RESUME_GODS
    settle_discards(m)
    return m.freeze()

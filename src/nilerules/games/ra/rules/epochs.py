"""Who plays next, and the end of an epoch: its scoring, the next epoch's starter, or the end of the game."""

from __future__ import annotations

from collections.abc import Sequence

from nilerules.core.registry import rule
from nilerules.core.types import PlayerId
from nilerules.games.ra import scoring
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.rules.scratch import Scratch, book, with_header
from nilerules.games.ra.state import (
    H_ACTOR,
    H_BAG,
    H_BAG_EMPTY,
    H_EPOCH,
    H_LAST,
    H_PHASE,
    H_RA,
    H_STARTER,
    H_TRACK_LEN,
    KINDS,
    OVER,
    RA,
    TRADER,
    TURN,
    RaState,
)


def next_with_disks(up: Sequence[int], after: PlayerId) -> PlayerId:
    """The first player after ``after`` (``after`` last) who still has a face-up disk; -1 when nobody has one."""
    n = len(up)
    q = (after + 1) % n
    for _ in range(n):
        if up[q]:
            return q
        q = (q + 1) % n
    return -1


def next_turn(m: Scratch, after: PlayerId) -> None:
    """The next player with a face-up disk takes the turn; with nobody left (or no tile in the bag) the epoch ends."""
    h = m.h
    q = next_with_disks(m.up, after)
    if q < 0:
        end_epoch(m)
        return
    if h[H_BAG] == 0:
        h[H_BAG_EMPTY] |= 1 << h[H_EPOCH]
        h[H_STARTER] = q
        end_epoch(m)
        return
    h[H_PHASE] = TURN
    h[H_ACTOR] = q
    h[H_STARTER] = q


rule("ra.base.out_of_disks", "ra.base.epoch_end", "ra.base.bag_empty")(next_turn)


def next_turn_state(s: RaState, after: PlayerId) -> RaState:
    """``next_turn`` on the fast path: only the header changes unless the epoch ends."""
    q = next_with_disks(s.up, after)
    h = s.h
    if q < 0 or h[H_BAG] == 0:
        m = Scratch(s)
        next_turn(m, after)
        return m.freeze()
    nh = list(h)
    nh[H_PHASE] = TURN
    nh[H_ACTOR] = q
    nh[H_STARTER] = q
    return with_header(s, nh)


def end_epoch(m: Scratch) -> None:
    """Discard the auction track and the Ra track, score the epoch, then start the next epoch or end the game."""
    h = m.h
    params = m.params
    epoch = h[H_EPOCH]
    last = epoch >= params.epochs or (h[H_BAG] == 0 and params.bag_empty_game_ends)  # RA-015 (bag_empty)
    for k in range(KINDS):
        # RA-017 (track_at_epoch_end): the auction track is discarded, or stays for the next epoch (Traders always
        # leave: seed 000)
        if last or not params.track_at_epoch_end_stay or k == TRADER:
            m.out[k] += m.track[k]
            m.track[k] = 0
    h[H_TRACK_LEN] = sum(m.track)
    m.out[RA] += h[H_RA]
    h[H_RA] = 0
    h[H_LAST] = 0
    events = scoring.epoch_events(epoch, [tuple(x) for x in m.held], tuple(m.crates), params)
    book(m, events)
    for k in scoring.discarded_after_epoch(params):
        for held in m.held:
            m.out[k] += held[k]
            held[k] = 0
    m.crates = [0] * len(m.crates)
    m.claims = []
    ended_by = h[H_STARTER]
    if last:
        book(m, scoring.final_events(epoch, [tuple(x) for x in m.held], m.up, m.down, params))
        h[H_PHASE] = OVER
        h[H_ACTOR] = -1
        h[H_STARTER] = -1
        return
    h[H_EPOCH] = epoch + 1
    for p in range(len(m.up)):
        m.up[p] |= m.down[p]
        m.down[p] = 0
    start = epoch_starter(m.up, ended_by, params)
    h[H_PHASE] = TURN
    h[H_ACTOR] = start
    h[H_STARTER] = start
    if h[H_BAG] == 0:
        h[H_BAG_EMPTY] |= 1 << h[H_EPOCH]
        end_epoch(m)


rule("ra.base.last_ra", "ra.scoring.disks_face_up", "ra.base.three_epochs_play")(end_epoch)


def epoch_starter(up: list[int], ended_by: PlayerId, params: RaParams) -> PlayerId:
    """Who starts the next epoch, by RA-014 (epoch_starter): the holder of the highest disk or the next player."""
    n = len(up)
    if params.epoch_starter_highest_disk:
        return max(range(n), key=lambda p: up[p].bit_length())
    return (ended_by + 1) % n


rule("ra.base.epoch_starter")(epoch_starter)

"""Disasters: the tiles a disaster makes its winner discard, the discards that need a choice, and what follows them
(the next turn, more God tiles, or the end of the epoch)."""

from __future__ import annotations

from typing import Final

from nilerules.core.registry import rule
from nilerules.errors import IllegalAction
from nilerules.games.ra.actions import DISCARDS, Discard, RaAction
from nilerules.games.ra.names import tile_name
from nilerules.games.ra.rules.epochs import end_epoch, next_turn
from nilerules.games.ra.rules.gods import god_menu
from nilerules.games.ra.rules.scratch import Scratch
from nilerules.games.ra.state import (
    CIVS,
    DISASTERS,
    DISCARD,
    FLOOD,
    GOD,
    GODS,
    H_ACTOR,
    H_HIGH_BY,
    H_PENDING,
    H_PHASE,
    H_RESUME,
    H_STARTER,
    H_TRACK_LEN,
    KINDS,
    MONUMENTS,
    NILE,
    PHARAOH,
    RESUME_END,
    RESUME_GODS,
    RESUME_TURN,
    RaState,
)

STRUCK: Final = ((PHARAOH,), (FLOOD, NILE), CIVS, MONUMENTS)
"""The tiles each disaster strikes, in ``DISASTERS`` order (the reference: Funeral Pharaohs, Drought Floods and
Niles, Unrest Civilizations, Earthquake Monuments; Floods listed first)."""
DISASTER_INDEX: Final = {k: i for i, k in enumerate(DISASTERS)}
"""Each disaster's place in ``DISASTERS`` (and so its field among the header's pending discards)."""
IS_DISASTER: Final = tuple(k in DISASTERS for k in range(KINDS))
"""By kind: whether it is a disaster tile (a lookup for the hot path)."""


def discard_actions(s: RaState) -> tuple[RaAction, ...]:
    """The winner discards tiles of the disaster's category; asked only when the choice is real."""
    p = s.h[H_ACTOR]
    for i, n in enumerate(s.h[H_PENDING:H_PENDING + 4]):
        if n:
            return tuple(DISCARDS[k] for k in sorted(STRUCK[i]) if s.held[p][k])
    return ()


rule("ra.base.disasters")(discard_actions)


def discard(s: RaState, a: Discard) -> RaState:
    if a not in discard_actions(s):
        raise IllegalAction("ra.base.disasters", f"{tile_name(a.kind)} is not a tile the disaster may take", s, a)
    m = Scratch(s)
    p = m.h[H_ACTOR]
    i = next(i for i in range(4) if m.h[H_PENDING + i])
    m.held[p][a.kind] -= 1
    m.out[a.kind] += 1
    m.h[H_PENDING + i] -= 1
    settle_discards(m)
    return m.freeze()


def settle_discards(m: Scratch) -> None:
    """Carry out every forced discard; stop at the first real choice; otherwise resume play."""
    h = m.h
    p = h[H_ACTOR]
    held = m.held[p]
    for i in range(4):
        n = h[H_PENDING + i]
        if not n:
            continue
        kinds = STRUCK[i]
        if i == 1 and m.params.drought_order_floods_first:
            # RA-010 (drought_order): under floods_first the Floods go first, then Niles (a choice only among Niles
            # is no choice)
            take = min(n, held[FLOOD])
            held[FLOOD] -= take
            m.out[FLOOD] += take
            n -= take
            kinds = (NILE,)
        have = [k for k in kinds if held[k]]
        total = sum(held[k] for k in have)
        if total <= n or len(have) <= 1:
            for k in have:
                take = min(n, held[k])
                held[k] -= take
                m.out[k] += take
                n -= take
            h[H_PENDING + i] = 0
            continue
        h[H_PENDING + i] = n
        h[H_PHASE] = DISCARD
        return
    lot_to = h[H_HIGH_BY]
    if lot_to >= 0:
        # RA-016 before_lot: the winner takes the lot's tiles that waited out the discards
        for k in range(KINDS):
            m.held[lot_to][k] += m.track[k]
        m.track = [0] * KINDS
        h[H_TRACK_LEN] = 0
        h[H_HIGH_BY] = -1
    resume = h[H_RESUME]
    h[H_RESUME] = RESUME_TURN
    if resume == RESUME_GODS:
        if held[GOD] and god_menu(m.track, m.params):
            h[H_PHASE] = GODS
            return
        next_turn(m, p)
    elif resume == RESUME_END:
        end_epoch(m)
    else:
        next_turn(m, h[H_STARTER])

"""Building situations for checks, queries and tests: scripted play through the real rules, and hand-placed tiles.

Scripted play (``play_claims``, ``run``) only uses legal actions, so what it reaches is reachable. Hand-placed
states (``place``) keep every invariant (tiles move from the bag, never appear from nowhere) but their
reachability is not claimed; checks that use them say so.
"""

from __future__ import annotations

from collections.abc import Iterable

from nilerules.core.types import Config, PlayerId
from nilerules.games.ra import rules
from nilerules.games.ra.actions import (
    BIDS,
    DRAW_ACTION,
    DRAWS,
    INVOKE_ACTION,
    PASS_ACTION,
    Deal,
    RaAction,
)
from nilerules.games.ra.state import (
    BID,
    H_ACTOR,
    H_BAG,
    H_HIGH,
    H_PHASE,
    H_RA,
    H_TRACK_LEN,
    TRADER,
    TURN,
    RaParams,
    RaState,
    disks,
)


def run(state: RaState, actions: Iterable[RaAction]) -> RaState:
    """Apply actions in order through the rules (any illegal one raises IllegalAction)."""
    for a in actions:
        state = rules.apply(state, a)
    return state


def win_auction(state: RaState, winner: PlayerId) -> tuple[RaState, list[RaAction]]:
    """In a running auction, ``winner`` bids their lowest face-up disk and everyone else passes."""
    done: list[RaAction] = []
    while state.h[H_PHASE] == BID:
        actor = state.h[H_ACTOR]
        if actor == winner and state.h[H_HIGH] == 0:
            action: RaAction = BIDS[disks(state.up[actor])[0]]
        else:
            action = PASS_ACTION
        state = rules.apply(state, action)
        done.append(action)
    return state, done


def play_claims(state: RaState, claims: Iterable[tuple[PlayerId, int]]) -> tuple[RaState, list[RaAction]]:
    """From a turn, for each (claimer, n): draw n Traders onto the track, invoke Ra, and let the claimer win it."""
    done: list[RaAction] = []
    for claimer, n in claims:
        for _ in range(n):
            if state.h[H_PHASE] != TURN:
                raise ValueError(f"cannot draw: phase {state.phase}")
            state = rules.apply(rules.apply(state, DRAW_ACTION), DRAWS[TRADER])
            done += [DRAW_ACTION, DRAWS[TRADER]]
        state = rules.apply(state, INVOKE_ACTION)
        done.append(INVOKE_ACTION)
        state, bids = win_auction(state, claimer)
        done += bids
    return state, done


def place(
    state: RaState,
    held: dict[PlayerId, dict[int, int]] | None = None,
    track: dict[int, int] | None = None,
    ra_on_track: int = 0,
) -> RaState:
    """Move tiles from the bag to players, to the auction track, and Ra tiles to the Ra track."""
    bag = list(state.bag)
    new_held = [list(x) for x in state.held]
    new_track = list(state.track)
    for p, kinds in (held or {}).items():
        for k, c in kinds.items():
            bag[k] -= c
            new_held[p][k] += c
    for k, c in (track or {}).items():
        bag[k] -= c
        new_track[k] += c
    bag[0] -= ra_on_track
    if min(bag) < 0:
        raise ValueError("not enough tiles in the bag for this placement")
    h = list(state.h)
    h[H_RA] += ra_on_track
    h[H_TRACK_LEN] = sum(new_track)
    h[H_BAG] = sum(bag)
    return state.evolve(h=tuple(h), bag=tuple(bag), track=tuple(new_track),
                   held=tuple(tuple(x) for x in new_held))


def dealt(state: RaState, order: tuple[int, ...] | None = None) -> RaState:
    """Apply the deal (by default seat ``i`` gets disk set ``i``, the sets as listed in the spec)."""
    sets = state.params.disk_sets
    chosen = order if order is not None else tuple(range(len(sets)))
    return rules.apply(state, Deal(tuple(sets[i] for i in chosen)))


def fresh(params_for: RaParams, config: Config) -> RaState:
    """A game set up and dealt in the listed order."""
    return dealt(rules.setup(config, params_for))

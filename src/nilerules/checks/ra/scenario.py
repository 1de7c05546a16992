"""Building situations for checks, queries and tests: scripted play through the real rules, and hand-placed tiles.

Scripted play (``play_claims``, ``run``) only uses legal actions, so what it reaches is reachable. Hand-placed
states (``place``) go through the public position format, so they keep every invariant (tiles move from the bag,
never appear from nowhere), but their reachability is not claimed.
"""

from __future__ import annotations

from collections.abc import Iterable

from nilerules.core.types import Config, PlayerId
from nilerules.errors import PositionError
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
from nilerules.games.ra.names import KIND_NAMES
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.position import build, position_data
from nilerules.games.ra.state import (
    BID,
    H_ACTOR,
    H_HIGH,
    H_PHASE,
    TRADER,
    TURN,
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
    """Move tiles from the bag to players, to the auction track, and Ra tiles to the Ra track, through the public
    position format (``position_data``, edited, then ``position.build``: conservation and invariants checked)."""
    data = position_data(state)
    for p, kinds in (held or {}).items():
        seat = data["seats"][str(p)]
        for k, c in kinds.items():
            seat[KIND_NAMES[k]] = seat.get(KIND_NAMES[k], 0) + c
    for k, c in (track or {}).items():
        data["auction_track"] = [*data["auction_track"], *[KIND_NAMES[k]] * c]
    data["ra_track"] += ra_on_track
    if any(p for p in (held or {}) for k, c in (held or {})[p].items() if k == TRADER and c):
        data.pop("trader_claims")
        for seat in data["seats"].values():
            seat.pop("crates")
    try:
        return build(state.config, state.params, data)
    except PositionError as exc:
        raise ValueError(f"not enough tiles in the bag for this placement ({exc})") from None


def dealt(state: RaState, order: tuple[int, ...] | None = None) -> RaState:
    """Apply the deal (by default seat ``i`` gets disk set ``i``, the sets as listed in the spec)."""
    sets = state.params.disk_sets
    chosen = order if order is not None else tuple(range(len(sets)))
    return rules.apply(state, Deal(tuple(sets[i] for i in chosen)))


def fresh(params_for: RaParams, config: Config) -> RaState:
    """A game set up and dealt in the listed order."""
    return dealt(rules.setup(config, params_for))

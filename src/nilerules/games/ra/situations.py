"""Ra's situations: positions built by hand or by seeded and scripted play, for the checks and the rules tests (which
need nothing above the rules for them): scripted play through the real rules, and hand-placed tiles.

Scripted play (``play_claims``, ``claims_actions``, ``won_by``, ``to_epoch_scoring``) only uses legal actions, so
what it reaches is reachable. Hand-placed states (``place``) go through the public position format, so they keep
every invariant (tiles move from the bag, never appear from nowhere), but their reachability is not claimed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from nilerules.core.seeded import replay_actions
from nilerules.core.types import Config, PlayerId
from nilerules.errors import PositionError
from nilerules.games.ra import rules
from nilerules.games.ra.actions import DRAW_ACTION, DRAWS, INVOKE_ACTION, PASS_ACTION, Deal, RaAction
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.names import KIND_NAMES
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.position import build, position_data
from nilerules.games.ra.state import (
    BID,
    DISCARD,
    DRAW,
    OVER,
    RA,
    TRADER,
    TURN,
    RaState,
    actor,
    high_bid,
    high_bidder,
    phase,
)


def run(state: RaState, actions: Iterable[RaAction]) -> RaState:
    """Apply actions in order through the rules (any illegal one raises IllegalAction)."""
    for a in actions:
        state = rules.apply(state, a)
    return state


def listed_deal(params: RaParams) -> Deal:
    """The deal that gives seat ``i`` disk set ``i``, the sets as listed in the spec."""
    return Deal(params.disk_sets)


def dealt(state: RaState, order: tuple[int, ...] | None = None) -> RaState:
    """Apply the deal (by default seat ``i`` gets disk set ``i``, the sets as listed in the spec)."""
    sets = state.params.disk_sets
    chosen = order if order is not None else tuple(range(len(sets)))
    return rules.apply(state, Deal(tuple(sets[i] for i in chosen)))


# -- auctions -------------------------------------------------------------------------------------------------------
def won_by(s: RaState, winner: PlayerId) -> list[RaAction] | None:
    """Bids for the running auction: ``winner`` bids their lowest disk that beats the bid, everyone else passes;
    None when that is not legal (the winner cannot bid, or someone may not pass)."""
    out: list[RaAction] = []
    while phase(s) == BID:
        legal = rules.legal_actions(s)
        if actor(s) == winner and high_bid(s) == 0:
            bids = [a for a in legal if a is not PASS_ACTION]
            if not bids:
                return None
            a: RaAction = bids[0]
        elif PASS_ACTION in legal:
            a = PASS_ACTION
        else:
            return None
        out.append(a)
        s = rules.apply(s, a)
    return out


def win_auction(state: RaState, winner: PlayerId) -> tuple[RaState, list[RaAction]]:
    """In a running auction, ``winner`` bids their lowest face-up disk and everyone else passes (``won_by``)."""
    bids = won_by(state, winner)
    if bids is None:
        raise ValueError(f"player {winner} cannot win the running auction by bidding alone")
    return run(state, bids), bids


def last_call(s: RaState) -> tuple[RaAction, int]:
    """At an auction's last call: the action that ends it (the starter passes, or bids when nobody else did) and the
    winner (the high bidder, else the starter)."""
    winner = high_bidder(s) if high_bidder(s) >= 0 else actor(s)
    legal = rules.legal_actions(s)
    return (PASS_ACTION if winner != actor(s) else next(a for a in legal if a is not PASS_ACTION)), winner


def finish_auction(s: RaState) -> tuple[RaState, int]:
    """From an auction's last call: the winner (the high bidder, else the starter) bids or the starter passes; the
    winner's discards, where they need a choice, take the first tile offered."""
    last, winner = last_call(s)
    s = rules.apply(s, last)
    while phase(s) == DISCARD:
        s = rules.apply(s, rules.legal_actions(s)[0])
    return s, winner


# -- Trader claims and the end of an epoch --------------------------------------------------------------------------
def play_claims(state: RaState, claims: Iterable[tuple[PlayerId, int]]) -> tuple[RaState, list[RaAction]]:
    """From a turn, for each (claimer, n): draw n Traders onto the track, invoke Ra, and let the claimer win it."""
    done: list[RaAction] = []
    for claimer, n in claims:
        for _ in range(n):
            if phase(state) != TURN:
                raise ValueError(f"cannot draw: phase {state.phase}")
            state = rules.apply(rules.apply(state, DRAW_ACTION), DRAWS[TRADER])
            done += [DRAW_ACTION, DRAWS[TRADER]]
        state = rules.apply(state, INVOKE_ACTION)
        done.append(INVOKE_ACTION)
        state, bids = win_auction(state, claimer)
        done += bids
    return state, done


def claims_actions(game: RaGame, config: Config, claims: Sequence[Sequence[int]]) -> list[RaAction]:
    """Legal play from setup: the deal, then for each (claimer, n) n Traders drawn, Ra invoked, the claimer wins."""
    deal = listed_deal(game.params(config))
    start = rules.apply(game.setup(config), deal)
    _, actions = play_claims(start, [(int(c), int(n)) for c, n in claims])
    return [deal, *actions]


def epoch_scored(s: RaState, epoch: int) -> bool:
    return s.epoch > epoch or phase(s) == OVER


def to_epoch_scoring(game: RaGame, config: Config, actions: Sequence[RaAction]) -> list[RaAction]:
    """The actions continued with legal play until the epoch is scored: every turn draws, every draw is a Ra tile,
    every auction is passed (so the crates held are what the epoch scores)."""
    s = replay_actions(game, config, actions)
    epoch = s.epoch
    out = list(actions)
    while not epoch_scored(s, epoch):
        legal = rules.legal_actions(s)
        if phase(s) == DRAW:
            a: RaAction = DRAWS[RA] if s.bag[RA] else rules.chance_outcomes(s)[0][0]
        elif phase(s) == TURN and DRAW_ACTION in legal:
            a = DRAW_ACTION
        else:
            a = PASS_ACTION if PASS_ACTION in legal else legal[0]
        s = rules.apply(s, a)
        out.append(a)
    return out


def played_until(game: RaGame, config: Config, actions: Sequence[RaAction],
                 done: Callable[[RaState], bool]) -> list[RaAction]:
    """The actions from setup up to and including the first after which ``done`` holds (all of them if none)."""
    s = game.setup(config)
    out: list[RaAction] = []
    for a in actions:
        s = rules.apply(s, a)
        out.append(a)
        if done(s):
            break
    return out


# -- hand-placed tiles ----------------------------------------------------------------------------------------------
def place(
    state: RaState,
    held: dict[PlayerId, dict[int, int]] | None = None,
    track: dict[int, int] | None = None,
    ra_on_track: int = 0,
) -> RaState:
    """Move tiles from the bag to players, to the auction track, and Ra tiles to the Ra track, through the public
    position format (``position_data``, edited, then ``position.build``: conservation and invariants checked;
    ``core.situations.edit_position`` does the same given the game object, which the tests calling this do not
    hold)."""
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

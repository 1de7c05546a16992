"""The rules of Ra and the Traders module as pure functions: the API (setup, who moves, legal actions, chance, apply).

One module per mechanic: ``start`` (the bag, the starting points and the deal), ``turn`` (draw, invoke Ra, play God
tiles), ``gods`` (what a God tile may take), ``auction`` (bids and the lot), ``disasters`` (discards and what follows
them), ``traders`` (claims and crates), ``epochs`` (the next player, the end of an epoch and of the game);
``scratch`` is the mutable copy their rarer steps work on.

``apply`` never mutates its input and accepts exactly the legal actions and the listed chance outcomes. Hot paths
(drawing, bidding) rebuild only the tuples they change; rarer steps work on a scratch copy. These modules are the
compiled hot path of every playout, so they index the state's header directly (``s.h[H_PHASE]``) where everything
else uses the accessors of ``state.py``.

The rule functions cite their rules with ``rule(...)(function)`` right after their definition rather than with the
``@rule`` decorator, as Nile Artefacts' do: compiled code calls a decorated function through the module's namespace
(the decorator could have replaced it), a dictionary look-up and a Python-level call each time; the registry records
the same citation either way.
"""

from __future__ import annotations

import random
from fractions import Fraction

from nilerules.core.chance import randrange
from nilerules.core.registry import rule
from nilerules.core.types import CHANCE, Mover
from nilerules.errors import IllegalAction
from nilerules.games.ra.actions import (
    DRAWS,
    END_ACTION,
    Bid,
    Deal,
    Discard,
    Draw,
    DrawTile,
    EndTurn,
    InvokeRa,
    Pass,
    PlayGod,
    RaAction,
)
from nilerules.games.ra.rules.auction import bid, bid_actions, pass_bid
from nilerules.games.ra.rules.disasters import discard, discard_actions
from nilerules.games.ra.rules.epochs import next_turn_state
from nilerules.games.ra.rules.gods import god_menu
from nilerules.games.ra.rules.start import deal, deals, setup
from nilerules.games.ra.rules.traders import crates_owed, supply_holds
from nilerules.games.ra.rules.turn import draw, draw_tile, invoke, play_god, turn_actions
from nilerules.games.ra.state import BID, DEAL, DISCARD, DRAW, GODS, H_ACTOR, H_BAG, H_PHASE, OVER, TURN, RaState


def current_player(s: RaState) -> Mover:
    """The seat to move, CHANCE while a tile is drawn or the disks are dealt, None once the game is over."""
    phase = s.h[H_PHASE]
    if phase == OVER:
        return None
    if phase in (DRAW, DEAL):
        return CHANCE
    return s.h[H_ACTOR]


def legal_actions(s: RaState) -> tuple[RaAction, ...]:
    """The legal actions of the player to move, in canonical order; () at chance nodes and at the end."""
    phase = s.h[H_PHASE]
    if phase == BID:
        return bid_actions(s)
    if phase == TURN:
        return turn_actions(s)
    if phase == GODS:
        return (*god_menu(s.track, s.params), END_ACTION)
    if phase == DISCARD:
        return discard_actions(s)
    return ()


def chance_outcomes(s: RaState) -> tuple[tuple[RaAction, Fraction], ...]:
    """The drawn tile is each kind left in the bag with probability count / tiles left (the deal: uniform)."""
    if s.h[H_PHASE] == DEAL:
        found = deals(s.params.disk_sets)
        return tuple((d, Fraction(1, len(found))) for d in found)
    if s.h[H_PHASE] != DRAW:
        return ()
    total = s.h[H_BAG]
    return tuple((DRAWS[k], Fraction(c, total)) for k, c in enumerate(s.bag) if c)


rule("ra.base.draw")(chance_outcomes)


def sample_chance(s: RaState, rng: random.Random) -> RaAction:
    """Fast path: a uniform tile from the bag, i.e. kind k with probability count/total (as chance_outcomes); the
    deal: each way of handing out the disk sets alike."""
    if s.h[H_PHASE] == DEAL:
        found = deals(s.params.disk_sets)
        return found[randrange(rng, len(found))]
    if s.h[H_PHASE] != DRAW:
        raise ValueError("no chance node: nothing is being drawn")
    return sample_draw(s, randrange(rng, sum(s.bag)))


def sample_draw(s: RaState, pick: int) -> RaAction:
    """The chance action for ``pick`` in ``range(tiles left)``: the fast path of ``chance_outcomes``."""
    for k, c in enumerate(s.bag):
        if pick < c:
            return DRAWS[k]
        pick -= c
    raise ValueError(f"pick {pick!r} is not below the {s.h[H_BAG]} tiles in the bag")


def apply(s: RaState, a: RaAction) -> RaState:
    """The state after action ``a``; raises IllegalAction (naming the rule) for anything not legal here."""
    phase = s.h[H_PHASE]
    kind = type(a)
    if phase == BID:
        if kind is Bid:
            return bid(s, a)  # type: ignore[arg-type]
        if kind is Pass:
            return pass_bid(s, a)
        raise IllegalAction("ra.base.bid", "an auction is running: bid a disk or pass", s, a)
    if phase == DRAW:
        if kind is DrawTile:
            return draw_tile(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.draw", "a tile is being drawn: only a chance outcome is possible", s, a)
    if phase == TURN:
        if kind is Draw:
            return draw(s, a)
        if kind is InvokeRa:
            return invoke(s, a)
        if kind is PlayGod:
            return play_god(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.turn_one_action", "a turn is draw, invoke Ra or play God tiles", s, a)
    if phase == GODS:
        if kind is PlayGod:
            return play_god(s, a)  # type: ignore[arg-type]
        if kind is EndTurn:
            return next_turn_state(s, s.h[H_ACTOR])
        raise IllegalAction("ra.base.god", "after a God tile: play another God tile or end the turn", s, a)
    if phase == DISCARD:
        if kind is Discard:
            return discard(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.disasters", "a disaster's discards are pending", s, a)
    if phase == DEAL:
        if kind is Deal:
            return deal(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.deal", "the sun disks are being dealt: only a chance outcome is possible", s, a)
    raise IllegalAction("ra.base.epoch_end", "the game is over", s, a)


__all__ = [
    "apply",
    "chance_outcomes",
    "crates_owed",
    "current_player",
    "deals",
    "legal_actions",
    "sample_chance",
    "sample_draw",
    "setup",
    "supply_holds",
]

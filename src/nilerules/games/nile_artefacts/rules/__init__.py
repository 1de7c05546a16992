"""The rules of Nile Artefacts as pure functions: setup, who moves, legal actions, chance outcomes, apply.

Phases: Monument reveals (chance) -> round setup deals (chance) -> navigation -> offerings -> rewards (with reveals)
-> next round, until the round after the last Monument of the pile is turned (or the model's round cap).

This is the API module; the rules are written once each in a module per mechanic: ``rounds`` (setup, reveals and
deals, rewards, the end), ``navigation`` (the Boats), ``offerings`` (the offerings and the Monuments), ``conditions``
(the Monument conditions), ``supply`` (the Artifact pile and the Coin stock). ``apply`` dispatches an action to its
mechanic.

``apply`` never changes the state it is given: each step copies it once (``clone``) and the step's helpers set the
fields that change on that copy (their first argument, ``s``, is always such a copy, owned by the step), then the
copy is returned. These modules are compiled by mypyc in a regular install: they read the per-game tables of the
state's ``ctx`` (``state.Ctx``) rather than the spec records, and the functions of the hot path cite their rules with
``rule(...)(function)`` right after their definition rather than with the ``@rule`` decorator (compiled code calls a
decorated function through the module's namespace, about twenty times slower than a direct call; the registry records
the same citation either way). For the same reason an item of a list is updated as ``xs[i] = xs[i] + 1``: compiled,
``xs[i] += 1`` is a generic call.
"""

from __future__ import annotations

import random
from typing import Final, cast

from nilerules.core import CHANCE, Mover, rule
from nilerules.core.chance import random_index
from nilerules.core.game import refused
from nilerules.core.legal_memo import LegalMemo
from nilerules.errors import IllegalAction, MalformedAction
from nilerules.games.nile_artefacts.actions import (
    ACTION_TYPES,
    Action,
    Buy,
    Done,
    Draw,
    Move,
    Offer,
    Reveal,
    Take,
    TurnAround,
)
from nilerules.games.nile_artefacts.names import action_to_data
from nilerules.games.nile_artefacts.rules.navigation import (
    RULE_BUY,
    RULE_OFFER_BUY,
    apply_bought,
    apply_buy,
    apply_move,
    apply_take,
    apply_turn,
    navigation_actions,
)
from nilerules.games.nile_artefacts.rules.offerings import apply_done, apply_offer, offer_actions
from nilerules.games.nile_artefacts.rules.rounds import (
    apply_deal,
    apply_reveal,
    chance_outcomes,
    close_offerings,
    drawn_kind,
    setup,
    unseen_monument,
)
from nilerules.games.nile_artefacts.rules.supply import card_at
from nilerules.games.nile_artefacts.state import PH_BUY, PH_DEAL, PH_NAV, PH_OFFER, PH_OVER, PH_REVEAL, NAState

# The action classes as constants of this module: compiled code looks an imported name up in the module's namespace
# at each use, a constant it reads directly.
MOVE: Final = Move
OFFER: Final = Offer
TAKE: Final = Take
DONE: Final = Done
TURN: Final = TurnAround
BUY: Final = Buy
DRAW: Final = Draw
REVEAL: Final = Reveal
RANDOM: Final = random.Random
_CHANCE: Final = CHANCE
"""The chance player, held by this module (``CHANCE`` is read from the plain-Python ``core.types`` through a
dictionary at each use)."""


def current_player(state: NAState) -> Mover:
    """The seat to move in navigation and offerings, CHANCE at a reveal or a draw, None once the game is over."""
    phase = state.phase
    if phase in (PH_NAV, PH_OFFER):
        return state.to_move
    if phase == PH_OVER:
        return None
    return _CHANCE


_LEGAL: Final = LegalMemo()
"""The last state whose legal actions were asked for, and those actions (the kernel's one-entry memo): written and
read by ``legal_actions`` only (a playout asks for them and then applies one of them, which checks it against the
same tuple)."""


def legal_actions(state: NAState) -> tuple[Action, ...]:
    """Canonical order: TurnAround, Buy, Move (by space), Take (by kind), Offer (by kind, types), Done."""
    memo = _LEGAL
    if memo.state is state:  # ``memo.get`` inlined: read on every decision of a playout
        return memo.actions
    phase = state.phase
    if phase == PH_NAV:
        out = navigation_actions(state)
    elif phase == PH_OFFER:
        out = offer_actions(state)
    else:
        out = ()
    memo.state, memo.actions = state, out  # ``memo.put`` inlined
    return out


# ------------------------------------------------------------------------------------------------ apply
def apply(state: NAState, action: Action) -> NAState:
    """Apply one action; anything not legal raises IllegalAction naming the rule that forbids it."""
    phase = state.phase
    if phase in (PH_NAV, PH_OFFER):
        legal = legal_actions(state)
        found = False
        for candidate in legal:  # identity first: the action usually is one of the (shared) legal instances
            if candidate is action:
                found = True
                break
        if not found and action not in legal:
            raise _illegal(state, action, _forbidding_rule(state, action), "not a legal action here")
        # the exact class first (a pointer comparison; ``isinstance`` of a plain-Python class is a generic call), then
        # the same dispatch by ``isinstance`` for an action of a subclass that compares equal to a legal one
        cls = type(action)
        if cls is MOVE:
            return apply_move(state, cast(Move, action).space)
        if cls is OFFER:
            return apply_offer(state, cast(Offer, action))
        if cls is TAKE:
            return apply_take(state, cast(Take, action).kind)
        if cls is DONE:
            done = apply_done(state)
            return done if done.to_move != done.first else close_offerings(done)
        if cls is TURN:
            return apply_turn(state)
        if cls is BUY:
            return apply_buy(state)
        if isinstance(action, MOVE):
            return apply_move(state, action.space)
        if isinstance(action, OFFER):
            return apply_offer(state, action)
        if isinstance(action, TAKE):
            return apply_take(state, action.kind)
        if isinstance(action, DONE):
            done = apply_done(state)
            return done if done.to_move != done.first else close_offerings(done)
        if isinstance(action, TURN):
            return apply_turn(state)
        return apply_buy(state)
    if phase == PH_REVEAL:
        if (
            (type(action) is not REVEAL and not isinstance(action, REVEAL))
            or not 0 <= action.monument < len(state.ctx.reveals)
            or (action.monument in state.seen)
        ):
            raise _illegal(state, action, "nile_artefacts.setup.monuments_visible", "reveal an unseen Monument")
        return apply_reveal(state, action.monument)
    if phase in (PH_DEAL, PH_BUY):
        kind = action.kind if type(action) is DRAW or isinstance(action, DRAW) else -1
        at = card_at(state.cards, kind) if 0 <= kind < len(state.ctx.draws) else -1
        if at < 0:
            raise _illegal(state, action, "nile_artefacts.round_setup.draw", "draw a card left in the pile")
        return apply_deal(state, kind, at) if phase == PH_DEAL else apply_bought(state, kind, at)
    raise _illegal(state, action, "nile_artefacts.end.winner", "the game is over")


rule("nile_artefacts.round.stages")(apply)


def _illegal(state: NAState, action: Action, rule_id: str, reason: str) -> IllegalAction | MalformedAction:
    """The error for an illegal action, naming the action as a person writes it (cards, Monuments, spaces) and
    listing the legal moves (or chance outcomes) there; MalformedAction for a value that is no action of the game
    (a name, JSON text or data: ``core.game.refused``). The failure path only."""
    try:
        named = ", ".join(f"{k} {v}" if v is not True else k for k, v in action_to_data(state.params, action).items())
    except (IndexError, AttributeError, TypeError):  # an action whose codes name nothing in this game
        named = repr(action)
    if state.phase == PH_OVER:
        here: tuple[Action, ...] = ()
    elif current_player(state) is CHANCE:
        here = tuple(outcome for outcome, _ in chance_outcomes(state))
    else:
        here = legal_actions(state)
    return refused("nile_artefacts", ACTION_TYPES, rule_id, f"{reason} ({named})", state, action, here)


def _forbidding_rule(state: NAState, action: Action) -> str:
    if isinstance(action, MOVE):
        return "nile_artefacts.navigation.destination"
    if isinstance(action, TAKE):
        return "nile_artefacts.navigation.take_card"
    if isinstance(action, TURN):
        return "nile_artefacts.navigation.turn_around"
    if isinstance(action, BUY):
        return RULE_BUY if state.phase == PH_NAV else RULE_OFFER_BUY
    if isinstance(action, OFFER):
        return "nile_artefacts.offerings.choose_type"
    if isinstance(action, DONE):
        if state.ctx.empty_offering_at_least_one:  # NA-014 (empty_offering)
            return "nile_artefacts.offerings.choose_cards"
        return "nile_artefacts.offerings.order"
    return "nile_artefacts.round.stages"



def sample_chance(state: NAState, rng: random.Random) -> Action:
    """Fast path, agreeing with ``chance_outcomes``: one integer draw below the number of outcomes' weight.

    The draw is ``rng.randrange(total)`` (done with ``getrandbits`` exactly as ``random.Random`` does it, when
    ``rng`` is a plain ``random.Random``); a card kind is then the one ``sample_index(state.deck, rng)`` picks
    (the first kind whose running count exceeds the draw), a Monument the draw-th unseen one.
    """
    ctx = state.ctx
    if state.phase == PH_REVEAL:
        unseen = len(ctx.reveals) - len(state.seen)
        return ctx.reveals[unseen_monument(state, below(rng, unseen))]
    return ctx.draws[drawn_kind(state, below(rng, len(state.cards)))]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: the same number from the same generator state. For a plain
    ``random.Random`` it is ``core.chance.random_index`` (compiled, without the Python-level frames); other
    generators (the tests' enumerating ones) are asked."""
    if type(rng) is not RANDOM or n <= 0:
        return rng.randrange(n)
    return random_index(rng, n)


__all__ = ["apply", "chance_outcomes", "current_player", "legal_actions", "sample_chance", "setup"]

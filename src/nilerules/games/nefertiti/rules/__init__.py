"""Nefertiti's rules as pure functions: the API (setup, the player to move, legal actions, chance outcomes, the
chance sampler, ``apply``), dispatching by phase to one module per mechanic.

The state machine has one phase per kind of decision (``state.P_*``); every transition returns a new state. The
mechanics: ``chance`` (setup and the chance nodes), ``turn`` (placing, closing when no Servant is left, the turn
passing on), ``neutral_pawns`` (the 2-player game), ``closing`` (a market closed or the Harbor distributed),
``refill`` (the markets refilled), ``harbor`` (the Harbor's distributions, the papyrus seal), ``characters``; all of
them use ``common``, which keeps the last state's legal actions (``LEGAL``, the kernel's ``LegalMemo``).

The turn, a closing, a refill and the Harbor call one another (a closing refills the markets, a refill may distribute
the Harbor, a placement may close a market), so the mechanic modules import one another as modules and call
``closing.start_resolution(...)``: that works in any import order, and is a native call in the compiled build.

The rule functions cite their rules with ``rule(...)(function)`` right after their definition rather than with the
``@rule`` decorator, as Nile Artefacts' do: compiled code calls a decorated function through the module's namespace
(the decorator could have replaced it), a dictionary look-up and a Python-level call each time; the registry records
the same citation either way.
"""

from __future__ import annotations

from typing import Final

from nilerules.core.game import refused
from nilerules.core.types import CHANCE, Mover
from nilerules.errors import IllegalAction, MalformedAction
from nilerules.games.nefertiti.actions import (
    ACTION_TYPES,
    DrawCard,
    DrawCharacter,
    FirstPlayer,
    ForceClose,
    NefAction,
    NeutralDeben,
    NeutralGift,
    Place,
    PlaceNeutral,
    Swap,
    TakeCard,
    TakeHalf,
    UseCharacter,
)
from nilerules.games.nefertiti.names import N_CODES
from nilerules.games.nefertiti.rules.chance import (
    chance_outcomes,
    draw_bottom,
    draw_character,
    draw_counts,
    possible_outcome,
    sample_chance,
    set_first_player,
    setup,
)
from nilerules.games.nefertiti.rules.characters import character_actions, character_apply, use_character
from nilerules.games.nefertiti.rules.closing import resolution_actions, take_card, take_half, wt_swap, wt_targets
from nilerules.games.nefertiti.rules.common import LEGAL, PASS_ACTION, evolve
from nilerules.games.nefertiti.rules.neutral_pawns import neutral_deben, neutral_gift, neutral_placements, place_neutral
from nilerules.games.nefertiti.rules.refill import draw_for_refill
from nilerules.games.nefertiti.rules.turn import force_close, next_player, place_servant, turn_actions
from nilerules.games.nefertiti.state import (
    P_BOTTOM,
    P_CHAR,
    P_CHARS,
    P_FIRST,
    P_NEUTRAL,
    P_OVER,
    P_REFILL,
    P_RESOLVE,
    P_TURN,
    P_WT_SWAP,
    NefState,
)


def current_player(state: NefState) -> Mover:
    if state.phase == P_OVER:
        return None
    if state.phase in (P_FIRST, P_CHARS, P_BOTTOM, P_REFILL):
        return CHANCE
    if state.phase in (P_RESOLVE, P_WT_SWAP):
        return state.res_queue[0][1]
    return state.to_move


def legal_actions(state: NefState) -> tuple[NefAction, ...]:
    """The legal actions of the player to move, in a fixed order (empty at chance nodes and at the end).

    Remembered for the last state (``common.LEGAL``): a policy asks for them, then ``apply`` checks the chosen action
    against the same tuple. The closing steps remember the choices they computed for the state they return.
    """
    known = LEGAL.get(state)
    if known is not None:
        return known
    result = _legal_actions(state)
    LEGAL.put(state, result)
    return result


def _legal_actions(state: NefState) -> tuple[NefAction, ...]:
    """The legal actions computed afresh (what ``legal_actions`` remembers)."""
    phase = state.phase
    if phase == P_TURN:
        return turn_actions(state)
    if phase == P_RESOLVE:
        return resolution_actions(state)
    if phase == P_WT_SWAP:
        return wt_targets(state, state.res_market)
    if phase == P_NEUTRAL:
        return (*neutral_placements(state), PASS_ACTION)
    if phase == P_CHAR:
        return character_actions(state)
    return ()


_RULE_BY_PHASE: Final = {
    P_TURN: "nefertiti.turn.place",
    P_RESOLVE: "nefertiti.close.following",
    P_WT_SWAP: "nefertiti.wandering_thief.must_use",
    P_NEUTRAL: "nefertiti.two.neutral_not_highest",
    P_CHAR: "nefertiti.turn.character",
    P_OVER: "nefertiti.end.akhenaton",
}


def apply(state: NefState, action: NefAction) -> NefState:
    """Apply one action (a chance outcome at chance nodes); anything not legal raises IllegalAction.

    A move is checked against ``legal_actions(state)`` (remembered when the policy just asked for them)."""
    phase = state.phase
    if phase == P_REFILL and type(action) is DrawCard:  # the most frequent chance node: one card drawn
        card = action.card
        if 0 <= card < N_CODES and draw_counts(state)[card] > 0:
            return draw_for_refill(state, card)
        raise _refused(state, action, "nefertiti.base.bottom", "not a possible chance outcome here")
    if phase in (P_FIRST, P_CHARS, P_BOTTOM, P_REFILL):
        if not possible_outcome(state, action):
            raise _refused(state, action, "nefertiti.base.bottom", "not a possible chance outcome here")
        return _apply_chance(state, action)
    legal = legal_actions(state)
    for candidate in legal:  # actions handed out by legal_actions are found by identity, before any __eq__
        if candidate is action:
            break
    else:
        if action in legal:
            return _apply_move(state, action)
        rule_id = _RULE_BY_PHASE.get(phase, "nefertiti.turn.place")
        raise _refused(state, action, rule_id, "not a legal action in this state")
    return _apply_move(state, action)


def _refused(state: NefState, action: NefAction, rule_id: str, reason: str) -> IllegalAction | MalformedAction:
    """What ``apply`` raises for what it cannot apply (``core.game.refused``): IllegalAction naming the rule and
    listing the legal moves (or chance outcomes) there, or MalformedAction for a value that is no Nefertiti action
    (a name, JSON text or data: parse it with ``game.action``). The failure path only."""
    if state.phase == P_OVER:
        here: tuple[NefAction, ...] = ()
    elif current_player(state) is CHANCE:
        here = tuple(outcome for outcome, _ in chance_outcomes(state))
    else:
        here = legal_actions(state)
    return refused("nefertiti", ACTION_TYPES, rule_id, reason, state, action, here)


def _apply_chance(state: NefState, action: NefAction) -> NefState:
    if isinstance(action, FirstPlayer):
        return set_first_player(state, action.seat)
    if isinstance(action, DrawCharacter):
        return draw_character(state, action.char)
    assert isinstance(action, DrawCard)
    if state.phase == P_BOTTOM:
        return draw_bottom(state, action.card)
    return draw_for_refill(state, action.card)


def _apply_move(state: NefState, action: NefAction) -> NefState:
    phase = state.phase
    if phase == P_TURN:
        if isinstance(action, Place):
            return place_servant(state, action.market, action.square)
        if isinstance(action, UseCharacter):
            return use_character(state, action.char)
        assert isinstance(action, ForceClose)
        return force_close(state, action.market)
    if phase == P_RESOLVE:
        if isinstance(action, TakeCard):
            return take_card(state, action.slot)
        if isinstance(action, TakeHalf):
            return take_half(state)
        if isinstance(action, NeutralDeben):
            return neutral_deben(state, action.targets)
        assert isinstance(action, NeutralGift)
        return neutral_gift(state, action.slot)
    if phase == P_WT_SWAP:
        assert isinstance(action, Swap)
        return wt_swap(state, action)
    if phase == P_NEUTRAL:
        state = evolve(state, placements_left=-1)
        if isinstance(action, PlaceNeutral):
            return place_neutral(state, action.market, action.square)
        return next_player(state)
    return character_apply(state, action)


__all__ = ["apply", "chance_outcomes", "current_player", "legal_actions", "sample_chance", "setup"]

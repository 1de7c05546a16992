"""Who moves, the legal actions and ``apply``: the dispatch over a free turn and the pending compound choices,
with the legal-action cache that ``legal_actions`` and ``apply`` share."""

from __future__ import annotations

from typing import Final

from nilerules.core import CHANCE, Mover, rule
from nilerules.core.game import refused
from nilerules.core.legal_memo import LegalMemo
from nilerules.games.sobek.actions import (
    ACTION_TYPES,
    Done,
    DrawCard,
    DrawToken,
    PlayCharacter,
    SobekAction,
    StartSet,
    Take,
)
from nilerules.games.sobek.rules.characters import (
    QUEEN_CARD,
    TARGETED,
    play_character,
    power_playable,
    queen_playable,
)
from nilerules.games.sobek.rules.common import (
    NEW_SETS,
    PLAYS,
    TAKES,
    changed,
    end_turn,
    hphase_choice,
    less,
    nonempty,
    total,
)
from nilerules.games.sobek.rules.draws import (
    DRAW_RULES,
    apply_draw,
    chance_outcomes,
    one_fewer,
)
from nilerules.games.sobek.rules.market import (
    take,
    take_and_pass,
)
from nilerules.games.sobek.rules.pending import KINDS
from nilerules.games.sobek.rules.rounds import (
    settle,
)
from nilerules.games.sobek.rules.sets import (
    natural_needed,
)
from nilerules.games.sobek.state import (
    AMULET,
    D_GREEN,
    D_MARKET,
    D_TOKEN,
    FIRST_CHAR,
    K_HPHASE,
    K_SET,
    NTYPES,
    OVER,
    PLAY,
    TOKEN_DESTS,
    Draw,
    Pending,
    SobekState,
)


def current_player(state: SobekState) -> Mover:
    if state.phase == OVER:
        return None
    if state.draws:
        return CHANCE
    if state.pending is not None:
        return state.pending.player
    return state.to_move


def legal_actions(state: SobekState) -> tuple[SobekAction, ...]:
    """Market take, character, or set on a free turn; otherwise the steps of the pending compound choice."""
    if state.phase == OVER or state.draws:
        return ()
    return decision_actions(state)


rule(
    "sobek.actions.choose",
    "sobek.actions.take",
    "sobek.actions.play_character",
    "sobek.actions.play_set",
)(legal_actions)


_LEGAL: Final = LegalMemo()
"""The last decision state whose legal actions were computed, and those actions (the kernel's one-entry memo). Read
and written by :func:`decision_actions` only."""


def decision_actions(state: SobekState) -> tuple[SobekAction, ...]:
    """The legal actions at a player decision (the game not over, no draw pending), through a one-entry cache.

    Called by :func:`legal_actions` and by :func:`apply`, which checks the action given against them. Every decision
    of a playout or a search is asked about twice, by the caller choosing a move (``legal_actions``) and then by
    ``apply`` on that same state: the second time the actions come from the cache instead of being computed again."""
    cached = _LEGAL.get(state)
    if cached is not None:
        return cached
    pend = state.pending
    result = _turn_actions(state) if pend is None else _pending_actions(state, pend)
    _LEGAL.put(state, result)
    return result


def _turn_actions(state: SobekState) -> tuple[SobekAction, ...]:
    """Take one of the first four cards; play a character; start a new set or an addition of three or more."""
    params = state.params
    p = state.to_move
    hand = state.hands[p]
    takes = TAKES[: min(params.market_open, len(state.row))]
    need = params.set_min
    held = total(hand)
    if nonempty(hand[FIRST_CHAR:]):
        out: list[SobekAction] = [*takes, *(PLAYS[t] for t in range(FIRST_CHAR, NTYPES) if hand[t])]
        if hand[QUEEN_CARD] and not queen_playable(state):
            out.remove(PLAYS[QUEEN_CARD])
        for card in TARGETED:
            if hand[card] and not power_playable(state, p, card):
                out.remove(PLAYS[card])
    elif held < need:  # no character to play, and no set of any kind can reach the minimum
        return takes
    else:
        out = list(takes)
    if held < need:  # no set of any kind, new or added, can reach the minimum
        return tuple(out)
    by_kind = [0] * 7
    kinds = params.kind
    for t, c in enumerate(hand):
        if c:
            by_kind[kinds[t]] += c
    amulets = by_kind[AMULET]
    natural = natural_needed(state)
    out += [NEW_SETS[f] for f in range(6) if by_kind[f] + amulets >= need and (by_kind[f] or not natural)]
    for i, played in enumerate(state.sets[p]):
        if not played.horizontal and by_kind[played.family] + amulets >= need:
            out.append(StartSet(played.family, i))
    return tuple(out)


rule("sobek.market.first_four", "sobek.sets.definition", "sobek.sets.amulets", "sobek.sets.characters",
      "sobek.sets.add_to_played")(_turn_actions)


def _pending_actions(state: SobekState, pend: Pending) -> tuple[SobekAction, ...]:
    """The steps of the pending choice: its kind's (``pending.KINDS``, filled in by the mechanic modules)."""
    return KINDS[pend.kind].actions(state, pend, less(state.hands[pend.player], pend.cards))


def apply(state: SobekState, action: SobekAction) -> SobekState:
    """The state after ``action``; anything not legal raises IllegalAction naming the rule that forbids it and
    listing the legal moves (or chance outcomes) there, and a value that is no Sobek action at all (a name, JSON
    text or data: parse it with ``game.action``) raises MalformedAction saying what it is."""
    if state.phase == OVER:
        raise refused("sobek", ACTION_TYPES, "sobek.game_end.rounds", "the game is over", state, action)
    draws = state.draws
    if draws:
        # exactly the listed chance outcomes: a token where a token is drawn, a card elsewhere (an item left in the
        # pile: checked where it is taken from the pile); old logs' card draws of tokens are translated in names.py
        token = draws[0].dest in TOKEN_DESTS
        if token:
            if type(action) is DrawToken:
                return _apply_draw_and_settle(state, draws, action)
        elif type(action) is DrawCard:
            return _apply_draw_and_settle(state, draws, action)
        raise refused("sobek", ACTION_TYPES, DRAW_RULES[draws[0].dest],
                      f"{'an event token' if token else 'a card'} is drawn here", state, action,
                      tuple(outcome for outcome, _ in chance_outcomes(state)))
    legal = decision_actions(state)
    for allowed in legal:  # actions from legal_actions are found by identity, before any __eq__ call
        if allowed is action:
            break
    else:
        if action not in legal:
            raise refused("sobek", ACTION_TYPES, _forbidding_rule(state), "not a legal action here", state, action,
                          legal)
    pend = state.pending
    if pend is None:
        if type(action) is Take and state.phase == PLAY:
            new = take_and_pass(state, state.to_move, action.index)
            # still in play, no draw, no pending choice: settle has nothing to do unless the row is empty
            return new if new.row else settle(new)
        return settle(_apply_turn(state, action))
    if pend.kind == K_HPHASE and type(action) is Done:
        left = state.hphase_left[1:]
        if left:  # what settle does next: the following player's end-of-round choice
            return changed(state, pending=hphase_choice(left[0]), hphase_left=left)
    return settle(_apply_pending(state, pend, action))


def _apply_draw_and_settle(
    state: SobekState, draws: tuple[Draw, ...], action: DrawCard | DrawToken
) -> SobekState:
    """``settle(apply_draw(state, action.item))``, with the three commonest draws (a card along the Nile, a
    green-backed card, an event token) and the usual ``settle`` outcome (nothing to do) inlined."""
    draw = draws[0]
    dest = draw.dest
    item = action.item
    if dest != D_MARKET and dest != D_GREEN and dest != D_TOKEN:
        return settle(apply_draw(state, item))
    new = state.copy()
    if dest == D_MARKET:
        new.deck = one_fewer(state.deck, item, state, action)
        new.row = (*state.row, item)
    elif dest == D_GREEN:
        new.green_pile = one_fewer(state.green_pile, item, state, action)
        hands = list(state.hands)
        hand = list(hands[draw.player])
        hand[item] += 1
        hands[draw.player] = tuple(hand)
        new.hands = tuple(hands)
    else:
        new.token_bag = one_fewer(state.token_bag, item, state, action)
        tokens = list(state.tokens)
        tokens[item] += 1
        new.tokens = tuple(tokens)
    rest = draws[1:]
    new.draws = rest
    if rest:
        # the next draw is possible (its pile is not empty): settle has nothing to do
        following = rest[0].dest
        if following == D_MARKET:
            if nonempty(new.deck):
                return new
        elif following == D_GREEN:
            if nonempty(new.green_pile):
                return new
        elif following == D_TOKEN and nonempty(new.token_bag):
            return new
    elif new.phase == PLAY and new.row:  # a turn in play with cards along the Nile: settle has nothing to do
        return new
    return settle(new)


def _forbidding_rule(state: SobekState) -> str:
    pend = state.pending
    return "sobek.actions.choose" if pend is None else KINDS[pend.kind].rule_id


def _apply_turn(state: SobekState, action: SobekAction) -> SobekState:
    p = state.to_move
    if isinstance(action, Take):
        if state.phase == PLAY:
            return take_and_pass(state, p, action.index)
        return end_turn(take(state, p, action.index, corrupt=True), p)
    if isinstance(action, PlayCharacter):
        return play_character(state, p, action.card)
    assert isinstance(action, StartSet)
    return changed(state, pending=Pending(K_SET, p, action.family, action.target))


def _apply_pending(state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
    return KINDS[pend.kind].apply(state, pend, action)

"""Who moves, the legal actions and ``apply``: the dispatch over a free turn and the pending compound choices,
with the legal-action cache that ``legal_actions`` and ``apply`` share."""

from __future__ import annotations

from typing import Final

from nilerules.core import CHANCE, Mover, rule
from nilerules.core.game import refused
from nilerules.core.legal_memo import LegalMemo
from nilerules.games.sobek.actions import (
    ACTION_TYPES,
    AddCard,
    ChooseBack,
    ChooseCard,
    ChooseEvent,
    ChooseGoods,
    ChooseSet,
    ChooseStart,
    ChooseTarget,
    Confirm,
    Done,
    DrawCard,
    DrawToken,
    PlayCharacter,
    SobekAction,
    StartHorizontal,
    StartSet,
    Take,
)
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules.characters import (
    COURTESAN_ADDS,
    QUEEN_CARD,
    TARGETED,
    courtesan_add,
    courtesan_sets,
    merchant,
    play_character,
    power_playable,
    priest,
    queen_playable,
    scribe_discard,
    thief,
    vizir,
)
from nilerules.games.sobek.rules.common import (
    ADDS,
    DONE,
    NEW_SETS,
    PLAYS,
    TAKES,
    back_of,
    changed,
    end_turn,
    hphase_choice,
    less,
    nonempty,
    opponents,
    total,
)
from nilerules.games.sobek.rules.draws import (
    DRAW_RULES,
    apply_draw,
    chance_outcomes,
    one_fewer,
)
from nilerules.games.sobek.rules.events import (
    curse,
    guild,
    prosperity,
    prosperity_sets,
    resolve_event,
)
from nilerules.games.sobek.rules.market import (
    take,
    take_and_pass,
)
from nilerules.games.sobek.rules.rounds import (
    choose_start,
    settle,
)
from nilerules.games.sobek.rules.sets import (
    finish_horizontal,
    finish_set,
    hphase_actions,
    matches,
    natural_needed,
    set_steps,
)
from nilerules.games.sobek.state import (
    AMULET,
    D_GREEN,
    D_MARKET,
    D_TOKEN,
    FIRST_CHAR,
    K_COURT_ADD,
    K_COURT_SET,
    K_CURSE,
    K_EVENT,
    K_GUILD,
    K_HPHASE,
    K_HSET,
    K_MERCHANT,
    K_PRIEST,
    K_PRIEST_CHARS,
    K_PROSPERITY,
    K_SCRIBE,
    K_SET,
    K_START,
    K_THIEF_BACK,
    K_THIEF_OPP,
    K_VIZIR_CARD,
    K_VIZIR_OPP,
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
    params = state.params
    p, kind = pend.player, pend.kind
    hand = less(state.hands[p], pend.cards)
    if kind == K_HPHASE:  # the commonest pending decision: checked first
        return hphase_actions(state, params, hand)
    if kind in (K_SET, K_HSET):
        return set_steps(state, params, pend, hand)
    if kind == K_EVENT:
        return tuple(ChooseEvent(k) for k, c in enumerate(state.tokens) if c)
    if kind in (K_GUILD, K_CURSE, K_THIEF_OPP, K_VIZIR_OPP):
        opps = opponents(state, p)
        if kind == K_THIEF_OPP:
            opps = tuple(o for o in opps if nonempty(state.hands[o]))
        if kind == K_VIZIR_OPP:
            opps = tuple(o for o in opps if nonempty(state.corruption[o]))
        return tuple(ChooseTarget(o) for o in sorted(opps))
    if kind == K_PROSPERITY:
        return tuple(ChooseSet(p, i) for i in prosperity_sets(state, p))
    if kind == K_PRIEST:
        return tuple(ChooseGoods(k) for k in range(6))
    if kind == K_PRIEST_CHARS:
        return (Confirm(False), Confirm(True))
    if kind == K_VIZIR_CARD:
        return tuple(ChooseCard(t) for t, c in enumerate(state.corruption[pend.a]) if c)
    if kind == K_MERCHANT:
        return tuple(Take(i) for i in range(len(state.row)))
    if kind == K_COURT_SET:
        return tuple(ChooseSet(o, i) for o, i in courtesan_sets(state, p))
    if kind == K_COURT_ADD:
        family = state.sets[pend.a][pend.b].family
        out: list[SobekAction] = []
        if len(pend.cards) < COURTESAN_ADDS:
            any_card = readings_of(state.config).courtesan_match == "any_card"
            out += [ADDS[t] for t, c in enumerate(hand) if c and (any_card or matches(params, t, family))]
        if pend.cards:
            out.append(DONE)
        return tuple(out)
    if kind == K_THIEF_BACK:
        seen = readings_of(state.config).thief_backs
        backs = sorted({back_of(params, t, seen) for t, c in enumerate(state.hands[pend.a]) if c})
        return tuple(ChooseBack(b) for b in backs)
    if kind == K_SCRIBE:
        return tuple(ChooseCard(t) for t, c in enumerate(state.hands[pend.b]) if c)
    if kind == K_START:  # any seat, the chooser's own included
        return tuple(ChooseStart(q) for q in range(state.config.players))
    raise AssertionError(f"unknown pending kind {kind!r}")  # pragma: no cover - K_HPHASE is handled first


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
    if pend is None:
        return "sobek.actions.choose"
    return {
        K_SET: "sobek.sets.definition", K_HSET: "sobek.end.horizontal", K_HPHASE: "sobek.end.horizontal",
        K_EVENT: "sobek.events.choose", K_GUILD: "sobek.events.guild", K_CURSE: "sobek.events.curse",
        K_PROSPERITY: "sobek.events.prosperity", K_PRIEST: "sobek.characters.priest",
        K_PRIEST_CHARS: "sobek.characters.priest_chars", K_VIZIR_OPP: "sobek.characters.vizir",
        K_VIZIR_CARD: "sobek.characters.vizir", K_MERCHANT: "sobek.characters.merchant",
        K_COURT_SET: "sobek.characters.courtesan", K_COURT_ADD: "sobek.characters.courtesan",
        K_THIEF_OPP: "sobek.characters.thief", K_THIEF_BACK: "sobek.characters.thief_backs",
        K_SCRIBE: "sobek.characters.scribe", K_START: "sobek.turn.next_player",
    }[pend.kind]


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
    p, kind = pend.player, pend.kind
    if kind == K_HPHASE:  # the commonest pending decision: checked first
        if isinstance(action, StartHorizontal):
            return changed(state, pending=Pending(K_HSET, p, action.family))
        return changed(state, pending=None, hphase_left=state.hphase_left[1:])
    if kind in (K_SET, K_HSET, K_COURT_ADD):
        if isinstance(action, AddCard):
            return changed(state, pending=Pending(kind, p, pend.a, pend.b, (*pend.cards, action.card)))
        if kind == K_SET:
            return finish_set(state, pend)
        if kind == K_HSET:
            return finish_horizontal(state, pend)
        return courtesan_add(state, pend)
    if kind == K_EVENT:
        assert isinstance(action, ChooseEvent)
        return resolve_event(state, p, action.token)
    if kind == K_GUILD:
        assert isinstance(action, ChooseTarget)
        return guild(state, p, action.player, pend.a)
    if kind == K_CURSE:
        assert isinstance(action, ChooseTarget)
        return end_turn(curse(state, action.player), p)
    if kind == K_PROSPERITY:
        assert isinstance(action, ChooseSet)
        return end_turn(prosperity(state, p, action.index), p)
    if kind in (K_PRIEST, K_PRIEST_CHARS):
        return priest(state, pend, action)
    if kind == K_VIZIR_OPP:
        assert isinstance(action, ChooseTarget)
        return changed(state, pending=Pending(K_VIZIR_CARD, p, action.player))
    if kind == K_VIZIR_CARD:
        assert isinstance(action, ChooseCard)
        return end_turn(vizir(state, p, pend.a, action.card), p)
    if kind == K_MERCHANT:
        assert isinstance(action, Take)
        return end_turn(merchant(state, p, action.index), p)
    if kind == K_COURT_SET:
        assert isinstance(action, ChooseSet)
        return changed(state, pending=Pending(K_COURT_ADD, p, action.owner, action.index))
    if kind == K_THIEF_OPP:
        assert isinstance(action, ChooseTarget)
        return changed(state, pending=Pending(K_THIEF_BACK, p, action.player))
    if kind == K_THIEF_BACK:
        assert isinstance(action, ChooseBack)
        return end_turn(thief(state, p, pend.a, action.back), p)
    if kind == K_SCRIBE:
        assert isinstance(action, ChooseCard)
        return scribe_discard(state, pend, action.card)
    if kind == K_START:
        assert isinstance(action, ChooseStart)
        return choose_start(state, action.player)
    raise AssertionError(f"unknown pending kind {kind!r}")  # pragma: no cover - K_HPHASE is handled first

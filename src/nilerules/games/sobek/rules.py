"""The rules of Sobek as pure functions: setup, who moves, legal actions, chance outcomes, apply.

Compound choices (a set, an event, a character's power) are sequences of small actions held in ``state.pending``;
pending chance draws (deliveries, the green-backed deal, event tokens, the Queen's draw, the Thief's steal) are
queued in ``state.draws`` and resolved one card at a time by the chance player.
"""

from __future__ import annotations

import operator
import random
from bisect import bisect_right
from dataclasses import replace as dc_replace
from fractions import Fraction
from itertools import accumulate
from typing import Any, Final

from nilerules.core import CHANCE, Config, Mover, rule
from nilerules.errors import IllegalAction
from nilerules.games.sobek import scoring
from nilerules.games.sobek.actions import (
    AddCard,
    ChooseBack,
    ChooseCard,
    ChooseEvent,
    ChooseGoods,
    ChooseSet,
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
from nilerules.games.sobek.state import (
    AMULET,
    C_DECEIT,
    C_GUILD,
    C_HORIZONTAL,
    C_PENALTY,
    C_TRACK,
    CATTLE,
    CHAR_BACK,
    CHAR_POWER,
    COURTESAN,
    CURSE,
    D_EVENT,
    D_GREEN,
    D_MARKET,
    D_QUEEN,
    D_REMOVE,
    D_STEAL,
    D_TOKEN,
    DECEIT,
    EMBALMING,
    FIRST_CHAR,
    FISH,
    FLOOD,
    GREEN_BACK,
    HORIZONTAL,
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
    K_THIEF_BACK,
    K_THIEF_OPP,
    K_VIZIR_CARD,
    K_VIZIR_OPP,
    MERCHANT,
    NO_POINTS,
    NTYPES,
    OVER,
    PLAY,
    PRIEST,
    PROSPERITY,
    QUEEN,
    SCRIBE,
    THIEF,
    TOKEN_COUNTS,
    VIZIR,
    WHEAT,
    Counts,
    Draw,
    Params,
    Pending,
    PlayedSet,
    SobekState,
)

ZERO: Counts = (0,) * NTYPES
_FIELDS = frozenset(SobekState._fields)
_INDEX: dict[str, int] = {name: i for i, name in enumerate(SobekState._fields)}
_tuple_new: Any = tuple.__new__
# field positions for the hot paths that build the next state from a list of the fields
(I_CONFIG, I_PARAMS, I_ROUND, I_PHASE, I_TO_MOVE, I_START, I_DECK, I_REMOVED, I_GREEN, I_ROW, I_DELIVERIES,
 I_HANDS, I_SETS, I_CORRUPTION, I_CURSES, I_DISCARD, I_TOKEN_BAG, I_TOKENS, I_EVENTS_USED, I_SCORES, I_LAST_GAIN,
 I_DRAWS, I_PENDING, I_EXTRA_TURN, I_HPHASE_LEFT, I_EARLY_END, I_LOG, I_LEDGER) = range(28)
assert SobekState._fields[I_DRAWS] == "draws" and SobekState._fields[I_LEDGER] == "ledger" and len(_FIELDS) == 28


def replace(state: SobekState, **changes: Any) -> SobekState:
    """A copy of the state with some fields changed (unknown field names raise TypeError)."""
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"unknown state fields {sorted(set(changes) - _FIELDS)!r}")
    return _r(state, **changes)


def _r(state: SobekState, **changes: Any) -> SobekState:
    """``replace`` for the rules' own calls (the fields are known to exist): the hot path of playouts."""
    values = list(state)
    index = _INDEX
    for name, value in changes.items():
        values[index[name]] = value
    new: SobekState = _tuple_new(SobekState, values)
    return new


NO_TOKENS: tuple[int, ...] = (0,) * len(TOKEN_COUNTS)
Outcomes = tuple[tuple[SobekAction, Fraction], ...]
DRAWS: tuple[DrawCard, ...] = tuple(DrawCard(k) for k in range(NTYPES))
TOKEN_DRAWS: tuple[DrawToken, ...] = tuple(DrawToken(k) for k in range(len(TOKEN_COUNTS)))
"""Shared action instances for the hot paths (actions are immutable values)."""
TAKES: tuple[Take, ...] = tuple(Take(k) for k in range(64))
PLAYS: tuple[PlayCharacter, ...] = tuple(PlayCharacter(k) for k in range(NTYPES))
NEW_SETS: tuple[StartSet, ...] = tuple(StartSet(f, -1) for f in range(6))
ADDS: tuple[AddCard, ...] = tuple(AddCard(t) for t in range(NTYPES))
DONE = Done()
ONLY_DONE: tuple[SobekAction, ...] = (DONE,)
DRAW_MARKET = Draw(D_MARKET, 0)
DRAW_TOKEN = Draw(D_TOKEN, 0)
DRAW_GREEN: tuple[Draw, ...] = tuple(Draw(D_GREEN, p) for p in range(8))
"""Shared pending-draw records (immutable values)."""
_HPHASE: tuple[Pending, ...] = tuple(Pending(K_HPHASE, p) for p in range(8))


def _hphase(p: int) -> Pending:
    """``Pending(K_HPHASE, p)``, shared."""
    return _HPHASE[p] if 0 <= p < len(_HPHASE) else Pending(K_HPHASE, p)


# -- small helpers on count vectors ---------------------------------------------------------------------------
def add(counts: Counts, card: int, n: int = 1) -> Counts:
    lst = list(counts)
    lst[card] += n
    return tuple(lst)


def plus(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.add, a, b))


def put(seq: tuple[Counts, ...], player: int, value: Counts) -> tuple[Counts, ...]:
    return (*seq[:player], value, *seq[player + 1 :])


def put_int(seq: tuple[int, ...], player: int, value: int) -> tuple[int, ...]:
    return (*seq[:player], value, *seq[player + 1 :])


def cards_of(counts: Counts) -> tuple[int, ...]:
    return tuple(t for t, c in enumerate(counts) for _ in range(c))


def card_totals(params: Params, goods_total: str) -> Counts:
    """All cards of the game by type; under ``green_extra`` the 9 green-backed cards come on top of the 54 (the
    listed cards of each kind are then all in the deck)."""
    if goods_total == "listed":
        return params.totals
    totals = list(params.totals)
    for t in range(FIRST_CHAR):
        if params.green[t]:
            totals[t - 1] += totals[t]
    return tuple(totals)


def back_of(params: Params, card: int, reading: str) -> int:
    """The colour of a card's back: its goods kind, green for green-backed cards, or the characters' back."""
    if card >= FIRST_CHAR:
        return CHAR_BACK
    if params.green[card] and reading == "green_unknown":
        return GREEN_BACK
    return params.kind[card]


def opponents(state: SobekState, player: int) -> tuple[int, ...]:
    n = state.config.players
    return tuple((player + k) % n for k in range(1, n))


def corruption_cards(state: SobekState, player: int) -> int:
    """Cards in a corruption pile, each Curse token counting as ``params.curse_cards`` cards."""
    return sum(state.corruption[player]) + state.params.curse_cards * state.curses[player]


# -- setup and rounds ------------------------------------------------------------------------------------------
@rule("sobek.goods.green_backs", "sobek.goods.deck", "sobek.goods.two_players", "sobek.events.selection")
def setup(config: Config, params: Params) -> SobekState:
    """Deck of goods (less the green-backed cards) and characters; 2 players: cards removed at random."""
    n = config.players
    totals = card_totals(params, readings_of(config).goods_total)
    deck = tuple(0 if params.green[t] else c for t, c in enumerate(totals))
    draws: tuple[Draw, ...] = ()
    if n == 2:  # never more draws than cards (a draw from an empty pile is skipped anyway)
        draws = tuple(Draw(D_REMOVE, 0) for _ in range(min(params.removed_two, sum(deck))))
    state = SobekState(
        config=config, params=params, round=0, phase=PLAY, to_move=0, start_player=0, deck=deck,
        removed=ZERO, green_pile=ZERO, row=(), deliveries_left=0, hands=(ZERO,) * n, sets=((),) * n,
        corruption=(ZERO,) * n, curses=(0,) * n, discard=ZERO, token_bag=NO_TOKENS, tokens=NO_TOKENS,
        events_used=NO_TOKENS, scores=(0,) * n, last_gain=(0,) * n, draws=draws, pending=None,
        extra_turn=False, hphase_left=(), early_end=False, log=(), ledger=(NO_POINTS,) * n,
    )
    return settle(start_round(state))


@rule("sobek.goods.starting_hand", "sobek.market.deliveries")
def start_round(state: SobekState) -> SobekState:
    """Five event tokens drawn from all twelve, the green-backed deal, the first delivery along the Nile."""
    params, config = state.params, state.config
    rd = readings_of(config)
    n = config.players
    draws = list(state.draws)
    draws += [DRAW_TOKEN] * min(params.events_per_round, sum(TOKEN_COUNTS))
    green_pile = state.green_pile
    discard = state.discard
    if state.round == 0 or rd.green_deal == "every_round":
        if state.round == 0:
            green_pile = tuple(map(operator.mul, card_totals(params, rd.goods_total), params.green))
        for k in range(n):
            draws += [DRAW_GREEN[(state.start_player + k) % n]] * min(params.hand_size, sum(green_pile))
    per_round = params.deliveries_two if n == 2 else params.deliveries
    if n == 2 and rd.two_player_rounds == "first_short":
        per_round = per_round[::-1]
    deliveries = per_round[state.round]
    if rd.market_row == "row_of_all":
        draws += [DRAW_MARKET] * min(params.delivery_size * deliveries, sum(state.deck))
        left = 0
    else:
        draws += [DRAW_MARKET] * min(params.delivery_size, sum(state.deck))
        left = deliveries - 1
    bag = TOKEN_COUNTS
    if rd.event_tokens_between_rounds == "used_out":  # tokens applied in earlier rounds stay out of the game
        bag = tuple(map(operator.sub, TOKEN_COUNTS, state.events_used))
    return _r(state, draws=tuple(draws), token_bag=bag, tokens=NO_TOKENS, green_pile=green_pile,
                   discard=discard, deliveries_left=left, phase=PLAY, to_move=state.start_player)


def settle(state: SobekState) -> SobekState:
    """Automatic steps: skip draws from empty piles, refill the row, start the end of the round."""
    while True:
        if state.phase == OVER:
            return state
        draws = state.draws
        if draws:
            draw = draws[0]
            # counts are never negative: a pile is empty when no count is set
            if any(state.deck if draw.dest == D_MARKET else draw_source(state, draw)):
                return state
            state = _r(state, draws=draws[1:])
            continue
        if state.pending is not None:
            return state
        if state.phase == PLAY:
            if state.row:
                return state
            state = _row_empty(state)
            continue
        if state.phase == HORIZONTAL:
            if state.hphase_left:
                state = _r(state, pending=_hphase(state.hphase_left[0]))
                continue
            state = end_round(state)
            continue
        return state  # pragma: no cover - no other phases


@rule("sobek.market.refill", "sobek.end.trigger")
def _row_empty(state: SobekState) -> SobekState:
    """An empty row gets the round's next delivery; with none left (or no cards) the round ends."""
    if state.deliveries_left > 0 and sum(state.deck) > 0:
        draws = (DRAW_MARKET,) * min(state.params.delivery_size, sum(state.deck))
        return _r(state, draws=draws, deliveries_left=state.deliveries_left - 1)
    n = state.config.players
    order = tuple((state.start_player + k) % n for k in range(n))
    return _r(state, phase=HORIZONTAL, hphase_left=order, pending=None, extra_turn=False)


def removal_pile(state: SobekState) -> tuple[int, ...]:
    """The cards a 2-player game's set-up removes from at random: the whole deck, characters included
    (``two_player_removed=whole_deck``), or its goods cards only (``goods_only``: the characters all stay)."""
    if readings_of(state.config).two_player_removed == "whole_deck":
        return state.deck
    return tuple(c if t < FIRST_CHAR else 0 for t, c in enumerate(state.deck))


def draw_source(state: SobekState, draw: Draw) -> tuple[int, ...]:
    """The multiset a pending draw comes from."""
    dest = draw.dest
    if dest == D_MARKET:  # the commonest, tested first
        return state.deck
    if dest == D_QUEEN:
        return state.deck
    if dest == D_REMOVE:
        return removal_pile(state)
    if dest == D_GREEN:
        return state.green_pile
    if dest == D_TOKEN:
        return state.token_bag
    if dest == D_EVENT:
        return state.tokens
    opp, back = divmod(draw.arg, 16)
    backs = readings_of(state.config).thief_backs
    hand = state.hands[opp]
    return tuple(c if c and back_of(state.params, t, backs) == back else 0 for t, c in enumerate(hand))


# -- who moves, chance -----------------------------------------------------------------------------------------
def current_player(state: SobekState) -> Mover:
    if state.phase == OVER:
        return None
    if state.draws:
        return CHANCE
    if state.pending is not None:
        return state.pending.player
    return state.to_move


def chance_outcomes(state: SobekState) -> Outcomes:
    if state.phase == OVER or not state.draws:
        return ()
    dest = state.draws[0].dest
    source = draw_source(state, state.draws[0])
    total = sum(source)
    if dest in (D_TOKEN, D_EVENT):
        return tuple((TOKEN_DRAWS[k], Fraction(c, total)) for k, c in enumerate(source) if c)
    return tuple((DRAWS[k], Fraction(c, total)) for k, c in enumerate(source) if c)


def sample_chance(state: SobekState, rng: random.Random) -> DrawCard | DrawToken:
    """The fast sampler of a pending draw: the same index as ``core.chance.sample_index`` for the same generator
    state (one ``randrange`` over the pile's total), found by bisection; its support and probabilities are those
    of ``chance_outcomes``."""
    draw = state.draws[0]
    cumulative = list(accumulate(draw_source(state, draw)))
    index = bisect_right(cumulative, rng.randrange(cumulative[-1]))
    if draw.dest == D_TOKEN or draw.dest == D_EVENT:
        return TOKEN_DRAWS[index]
    return DRAWS[index]


def _one_fewer(source: tuple[int, ...], item: int, state: SobekState, action: SobekAction) -> tuple[int, ...]:
    """``source`` with one ``item`` drawn from it; IllegalAction when none is left."""
    if not 0 <= item < len(source) or source[item] == 0:
        raise IllegalAction("sobek.market.deliveries", f"no {item!r} left to draw", state, action)
    left = list(source)
    left[item] -= 1
    return tuple(left)


def apply_draw(state: SobekState, item: int) -> SobekState:
    draw = state.draws[0]
    dest = draw.dest
    if dest == D_MARKET:
        # the commonest draw, tested first: the deck is the source
        deck = _one_fewer(state.deck, item, state, DrawCard(item))
        return _r(state, draws=state.draws[1:], deck=deck, row=(*state.row, item))
    source = draw_source(state, draw)
    left = _one_fewer(source, item, state, DrawCard(item))
    p = draw.player
    rest = state.draws[1:]
    if dest == D_GREEN:
        dealt = list(state.hands)
        hand = list(dealt[p])
        hand[item] += 1
        dealt[p] = tuple(hand)
        return _r(state, draws=rest, green_pile=left, hands=tuple(dealt))
    if dest == D_TOKEN:
        tokens = list(state.tokens)
        tokens[item] += 1
        return _r(state, draws=rest, token_bag=left, tokens=tuple(tokens))
    if dest == D_REMOVE:
        return _r(state, draws=rest, deck=add(state.deck, item, -1), removed=add(state.removed, item))
    if dest == D_QUEEN:
        return _r(state, draws=rest, deck=add(state.deck, item, -1),
                       hands=put(state.hands, p, add(state.hands[p], item)))
    if dest == D_EVENT:
        return resolve_event(_r(state, draws=rest), p, item)
    opp = draw.arg // 16
    hands = put(state.hands, opp, add(state.hands[opp], item, -1))
    return _r(state, draws=rest, hands=put(hands, p, add(hands[p], item)))


# -- legal actions ---------------------------------------------------------------------------------------------
def _matches(params: Params, card: int, family: int) -> bool:
    kind = params.kind[card]
    return kind in (family, AMULET)


def _need_natural(state: SobekState) -> bool:
    return readings_of(state.config).amulet_only == "forbidden"


def _can_finish_same(state: SobekState, family: int, built: tuple[int, ...], hand: Counts, natural: bool) -> bool:
    params = state.params
    matching = sum(c for t, c in enumerate(hand) if c and _matches(params, t, family))
    if len(built) + matching < state.params.set_min:
        return False
    if not natural:
        return True
    if any(params.kind[t] != AMULET for t in built):
        return True
    return any(c and params.kind[t] == family for t, c in enumerate(hand))


def _can_finish_mixed(state: SobekState, built: tuple[int, ...], hand: Counts, natural: bool) -> bool:
    params = state.params
    used = {params.kind[t] for t in built if params.kind[t] != AMULET}
    amulets = sum(1 for t in built if params.kind[t] == AMULET)
    free = 6 - len(used) - amulets
    kinds = {k for t, c in enumerate(hand) if c and (k := params.kind[t]) != AMULET and k not in used}
    spare = len(kinds) + hand[3 * AMULET] + hand[3 * AMULET + 1] + hand[3 * AMULET + 2]
    if len(built) + min(spare, free) < params.set_min:
        return False
    return not (natural and not used and not kinds)


def _add_ok(state: SobekState, family: int, built: tuple[int, ...], hand: Counts, card: int, natural: bool) -> bool:
    params = state.params
    if hand[card] == 0:
        return False
    new_hand = add(hand, card, -1)
    if family >= 0:
        return _matches(params, card, family) and _can_finish_same(state, family, (*built, card), new_hand, natural)
    kind = params.kind[card]
    used = {params.kind[t] for t in built if params.kind[t] != AMULET}
    if kind != AMULET and kind in used:
        return False
    if kind == AMULET and len(built) >= 6:
        return False
    return _can_finish_mixed(state, (*built, card), new_hand, natural)


def _done_ok(state: SobekState, built: tuple[int, ...], natural: bool) -> bool:
    if len(built) < state.params.set_min:
        return False
    return not natural or any(state.params.kind[t] != AMULET for t in built)


@rule("sobek.actions.choose", "sobek.actions.take", "sobek.actions.play_character", "sobek.actions.play_set")
def legal_actions(state: SobekState) -> tuple[SobekAction, ...]:
    """Market take, character, or set on a free turn; otherwise the steps of the pending compound choice."""
    if state.phase == OVER or state.draws:
        return ()
    if _CACHE[0] is state:
        cached: tuple[SobekAction, ...] = _CACHE[1]
        return cached
    pend = state.pending
    result = _turn_actions(state) if pend is None else _pending_actions(state, pend)
    _CACHE[0], _CACHE[1] = state, result
    return result


_CACHE: list[Any] = [None, ()]
"""The last state asked about and its legal actions (states are immutable, and the cache holds the state alive,
so identity is a safe key)."""


@rule("sobek.market.first_four", "sobek.sets.definition", "sobek.sets.amulets", "sobek.sets.characters",
      "sobek.sets.add_to_played")
def _turn_actions(state: SobekState) -> tuple[SobekAction, ...]:
    """Take one of the first four cards; play a character; start a new set or an addition of three or more."""
    params = state.params
    p = state.to_move
    hand = state.hands[p]
    takes = TAKES[: min(params.market_open, len(state.row))]
    need = params.set_min
    if any(hand[FIRST_CHAR:]):
        out: list[SobekAction] = [*takes, *(PLAYS[t] for t in range(FIRST_CHAR, NTYPES) if hand[t])]
        if hand[QUEEN_CARD] and not queen_playable(state):
            out.remove(PLAYS[QUEEN_CARD])
        for card in TARGETED:
            if hand[card] and not power_playable(state, p, card):
                out.remove(PLAYS[card])
    elif sum(hand) < need:  # no character to play, and no set of any kind can reach the minimum
        return takes
    else:
        out = list(takes)
    if sum(hand) < need:  # no set of any kind, new or added, can reach the minimum
        return tuple(out)
    by_kind = [0] * 7
    kinds = params.kind
    for t, c in enumerate(hand):
        if c:
            by_kind[kinds[t]] += c
    amulets = by_kind[AMULET]
    natural = _need_natural(state)
    out += [NEW_SETS[f] for f in range(6) if by_kind[f] + amulets >= need and (by_kind[f] or not natural)]
    for i, played in enumerate(state.sets[p]):
        if not played.horizontal and by_kind[played.family] + amulets >= need:
            out.append(StartSet(played.family, i))
    return tuple(out)


def _pending_actions(state: SobekState, pend: Pending) -> tuple[SobekAction, ...]:
    params = state.params
    p, kind = pend.player, pend.kind
    hand = state.hands[p]
    if pend.cards:
        left = list(hand)
        for t in pend.cards:
            left[t] -= 1
        hand = tuple(left)
    if kind == K_HPHASE:  # the commonest pending decision: checked first
        return _hphase_actions(state, params, hand)
    if kind in (K_SET, K_HSET):
        natural = _need_natural(state) and (kind == K_HSET or pend.b < 0)
        if pend.a >= 0:
            adds = _same_kind_adds(params, pend.a, pend.cards, hand, natural)
        else:
            adds = [AddCard(t) for t in range(NTYPES) if _add_ok(state, pend.a, pend.cards, hand, t, natural)]
        if _done_ok(state, pend.cards, natural):
            adds.append(Done())
        return tuple(adds)
    if kind == K_EVENT:
        return tuple(ChooseEvent(k) for k, c in enumerate(state.tokens) if c)
    if kind in (K_GUILD, K_CURSE, K_THIEF_OPP, K_VIZIR_OPP):
        opps = opponents(state, p)
        if kind == K_THIEF_OPP:
            opps = tuple(o for o in opps if sum(state.hands[o]))
        if kind == K_VIZIR_OPP:
            opps = tuple(o for o in opps if sum(state.corruption[o]))
        return tuple(ChooseTarget(o) for o in sorted(opps))
    if kind == K_PROSPERITY:
        return tuple(ChooseSet(p, i) for i in _prosperity_sets(state, p))
    if kind == K_PRIEST:
        return tuple(ChooseGoods(k) for k in range(6))
    if kind == K_PRIEST_CHARS:
        return (Confirm(False), Confirm(True))
    if kind == K_VIZIR_CARD:
        return tuple(ChooseCard(t) for t, c in enumerate(state.corruption[pend.a]) if c)
    if kind == K_MERCHANT:
        return tuple(Take(i) for i in range(len(state.row)))
    if kind == K_COURT_SET:
        return tuple(ChooseSet(o, i) for o, i in _courtesan_sets(state, p))
    if kind == K_COURT_ADD:
        family = state.sets[pend.a][pend.b].family
        out: list[SobekAction] = []
        if len(pend.cards) < 2:
            any_card = readings_of(state.config).courtesan_match == "any_card"
            out += [AddCard(t) for t, c in enumerate(hand) if c and (any_card or _matches(params, t, family))]
        if pend.cards:
            out.append(Done())
        return tuple(out)
    if kind == K_THIEF_BACK:
        seen = readings_of(state.config).thief_backs
        backs = sorted({back_of(params, t, seen) for t, c in enumerate(state.hands[pend.a]) if c})
        return tuple(ChooseBack(b) for b in backs)
    if kind == K_SCRIBE:
        return tuple(ChooseCard(t) for t, c in enumerate(state.hands[pend.b]) if c)
    raise AssertionError(f"unknown pending kind {kind!r}")  # pragma: no cover - K_HPHASE is handled first


def _hphase_actions(state: SobekState, params: Params, hand: Counts) -> tuple[SobekAction, ...]:
    """At the end of the round: start a horizontal set, or be done."""
    if sum(hand) < params.set_min:  # no horizontal set of either reading can reach the minimum
        return ONLY_DONE
    out: list[SobekAction] = []
    natural = _need_natural(state)
    if readings_of(state.config).horizontal_sets == "same_kind":
        by_kind = [0] * 7
        for t, c in enumerate(hand):
            if c:
                by_kind[params.kind[t]] += c
        out += [StartHorizontal(f) for f in range(6)
                if by_kind[f] + by_kind[AMULET] >= params.set_min and (by_kind[f] or not natural)]
    elif _can_finish_mixed(state, (), hand, natural):
        out.append(StartHorizontal(-1))
    out.append(Done())
    return tuple(out)


def _same_kind_adds(
    params: Params, family: int, built: tuple[int, ...], hand: Counts, natural: bool
) -> list[SobekAction]:
    """Cards that can join a set of ``family`` being built, so that it can still be finished (the same as
    ``_add_ok`` for a set of one type, computed once for the hand)."""
    kinds = params.kind
    matching = [t for t, c in enumerate(hand) if c and (kinds[t] == family or kinds[t] == AMULET)]
    if len(built) + sum(hand[t] for t in matching) < params.set_min:
        return []
    if natural and not any(kinds[t] != AMULET for t in built):
        naturals = sum(hand[t] for t in matching if kinds[t] != AMULET)
        return [AddCard(t) for t in matching if kinds[t] != AMULET or naturals > 0]
    return [AddCard(t) for t in matching]


def _prosperity_sets(state: SobekState, p: int) -> tuple[int, ...]:
    return tuple(i for i, s in enumerate(state.sets[p]) if not s.horizontal and s.family in (FISH, CATTLE, WHEAT))


@rule("sobek.characters.courtesan")
def _courtesan_sets(state: SobekState, p: int) -> tuple[tuple[int, int], ...]:
    """Sets the Courtesan can add to: own played sets (or anyone's, by reading) with a matching card in hand."""
    owners = range(state.config.players) if readings_of(state.config).courtesan_target == "any" else (p,)
    hand = state.hands[p]
    any_card = readings_of(state.config).courtesan_match == "any_card"
    out = []
    for o in owners:
        for i, s in enumerate(state.sets[o]):
            if not s.horizontal and any(c and (any_card or _matches(state.params, t, s.family))
                                        for t, c in enumerate(hand)):
                out.append((o, i))
    return tuple(sorted(out))


# -- apply -----------------------------------------------------------------------------------------------------
def apply(state: SobekState, action: SobekAction) -> SobekState:
    """The state after ``action``; anything not legal raises IllegalAction naming the rule that forbids it."""
    if state.phase == OVER:
        raise IllegalAction("sobek.game_end.rounds", "the game is over", state, action)
    draws = state.draws
    if draws:
        if not isinstance(action, (DrawCard, DrawToken)):  # DrawCard of a token: logs written before DrawToken
            raise IllegalAction("sobek.market.deliveries", "a chance draw is pending", state, action)
        return _apply_draw_and_settle(state, draws, action)
    legal = legal_actions(state)
    for allowed in legal:  # actions from legal_actions are found by identity, before any __eq__ call
        if allowed is action:
            break
    else:
        if action not in legal:
            rule_id = _forbidding_rule(state)
            raise IllegalAction(rule_id, "not a legal action here", state, action)
    pend = state.pending
    if pend is None:
        if type(action) is Take and state.phase == PLAY:
            new = _take_and_pass(state, state.to_move, action.index)
            # still in play, no draw, no pending choice: settle has nothing to do unless the row is empty
            return new if new.row else settle(new)
        return settle(_apply_turn(state, action))
    if pend.kind == K_HPHASE and type(action) is Done:
        left = state.hphase_left[1:]
        if left:  # what settle does next: the following player's end-of-round choice
            return _r(state, pending=_hphase(left[0]), hphase_left=left)
    return settle(_apply_pending(state, pend, action))


def _apply_draw_and_settle(
    state: SobekState, draws: tuple[Draw, ...], action: DrawCard | DrawToken
) -> SobekState:
    """``settle(apply_draw(state, action.item))``, with the three commonest draws (a card along the Nile, a
    green-backed card, an event token) and the usual ``settle`` outcome (nothing to do) inlined."""
    draw = draws[0]
    dest = draw.dest
    item = action.item
    values = list(state)
    if dest == D_MARKET:
        values[I_DECK] = _one_fewer(state.deck, item, state, action)
        values[I_ROW] = (*state.row, item)
    elif dest == D_GREEN:
        values[I_GREEN] = _one_fewer(state.green_pile, item, state, action)
        hands = list(state.hands)
        hand = list(hands[draw.player])
        hand[item] += 1
        hands[draw.player] = tuple(hand)
        values[I_HANDS] = tuple(hands)
    elif dest == D_TOKEN:
        values[I_TOKEN_BAG] = _one_fewer(state.token_bag, item, state, action)
        tokens = list(state.tokens)
        tokens[item] += 1
        values[I_TOKENS] = tuple(tokens)
    else:
        return settle(apply_draw(state, item))
    rest = draws[1:]
    values[I_DRAWS] = rest
    new: SobekState = _tuple_new(SobekState, values)
    if rest:
        # the next draw is possible (its pile is not empty): settle has nothing to do
        following = rest[0].dest
        if following == D_MARKET:
            if any(new.deck):
                return new
        elif following == D_GREEN:
            if any(new.green_pile):
                return new
        elif following == D_TOKEN and any(new.token_bag):
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
        K_SCRIBE: "sobek.characters.scribe",
    }[pend.kind]


def _apply_turn(state: SobekState, action: SobekAction) -> SobekState:
    p = state.to_move
    if isinstance(action, Take):
        if state.phase == PLAY:
            return _take_and_pass(state, p, action.index)
        return end_turn(take(state, p, action.index, corrupt=True), p)
    if isinstance(action, PlayCharacter):
        return play_character(state, p, action.card)
    assert isinstance(action, StartSet)
    return _r(state, pending=Pending(K_SET, p, action.family, action.target))


@rule("sobek.market.no_consequence", "sobek.market.corruption", "sobek.market.skipped")
def take(state: SobekState, p: int, index: int, corrupt: bool) -> SobekState:
    """Take the card at ``index``; the cards skipped before it go to the taker's corruption pile (not for the
    Merchant)."""
    row = state.row
    hand = add(state.hands[p], row[index])
    pile = state.corruption[p]
    rest = row[index + 1 :]
    if corrupt:
        for t in row[:index]:
            pile = add(pile, t)
    else:
        rest = row[:index] + rest
    return _r(state, row=rest, hands=put(state.hands, p, hand), corruption=put(state.corruption, p, pile))


def _take_and_pass(state: SobekState, p: int, index: int) -> SobekState:
    """``end_turn(take(state, p, index, corrupt=True), p)`` in one copy of the state (the commonest decision)."""
    row = state.row
    hands = list(state.hands)
    hand = list(hands[p])
    hand[row[index]] += 1
    hands[p] = tuple(hand)
    corruption = state.corruption
    if index:
        piles = list(corruption)
        pile = list(piles[p])
        for t in row[:index]:
            pile[t] += 1
        piles[p] = tuple(pile)
        corruption = tuple(piles)
    values = list(state)
    values[I_ROW] = row[index + 1 :]
    values[I_HANDS] = tuple(hands)
    values[I_CORRUPTION] = corruption
    values[I_PENDING] = None
    if state.extra_turn:
        values[I_TO_MOVE] = p
        values[I_EXTRA_TURN] = False
    else:
        values[I_TO_MOVE] = (p + 1) % state.config.players
    new: SobekState = _tuple_new(SobekState, values)
    return new


@rule("sobek.turn.next_player", "sobek.events.flood")
def end_turn(state: SobekState, p: int) -> SobekState:
    """Play passes to the left, unless a Flood gave the player another turn."""
    if state.phase != PLAY:
        return _r(state, pending=_hphase(p)) if state.phase == HORIZONTAL else state
    if state.extra_turn:
        return _r(state, to_move=p, extra_turn=False, pending=None)
    return _r(state, to_move=(p + 1) % state.config.players, pending=None)


QUEEN_CARD: Final = FIRST_CHAR + CHAR_POWER.index(QUEEN)
"""The Queen's card code."""


def queen_source(state: SobekState) -> int:
    """How many cards the Queen could draw now: the deck's, or the row's (reading ``queen_draw``)."""
    return sum(state.deck) if readings_of(state.config).queen_draw == "deck" else len(state.row)


def queen_playable(state: SobekState) -> bool:
    """Whether the Queen may be played for her power (part of ``sobek.characters.queen``): always
    (``queen_short=what_is_left``: she draws what is left), or only while her source holds the cards she draws
    (``needs_full``)."""
    if readings_of(state.config).queen_short == "what_is_left":
        return True
    return queen_source(state) >= state.params.queen_draws


VIZIR_CARD: Final = FIRST_CHAR + CHAR_POWER.index(VIZIR)
"""The Vizir's card code."""
THIEF_CARD: Final = FIRST_CHAR + CHAR_POWER.index(THIEF)
"""The Thief's card code."""
SCRIBE_CARDS: Final = tuple(FIRST_CHAR + i for i, power in enumerate(CHAR_POWER) if power == SCRIBE)
"""The two Scribes' card codes."""
COURTESAN_CARD: Final = FIRST_CHAR + CHAR_POWER.index(COURTESAN)
"""The Courtesan's card code."""
TARGETED: Final = (VIZIR_CARD, THIEF_CARD, *SCRIBE_CARDS, COURTESAN_CARD)
"""The characters whose power may find nothing to act on (SOB-032)."""


def power_target(state: SobekState, p: int, card: int) -> bool:
    """Whether the power of ``card`` (the Vizir, the Thief, a Scribe or the Courtesan, held by player ``p``) finds
    something to act on: a card in some opponent's corruption pile (Vizir), in some opponent's hand (Thief); an
    opponent holding more than ``params.scribe_limit`` cards (Scribe); a played set that a card left in hand once the
    Courtesan is played may be added to (Courtesan, by the ``courtesan_target`` and ``courtesan_match`` readings)."""
    if card == COURTESAN_CARD:
        played = _r(state, hands=put(state.hands, p, add(state.hands[p], card, -1)))
        return bool(_courtesan_sets(played, p))
    if card in SCRIBE_CARDS:
        return any(sum(state.hands[o]) > state.params.scribe_limit for o in opponents(state, p))
    piles = state.corruption if card == VIZIR_CARD else state.hands
    return any(sum(piles[o]) for o in opponents(state, p))


def power_playable(state: SobekState, p: int, card: int) -> bool:
    """Whether the Vizir, the Thief, a Scribe or the Courtesan may be played for its power (part of
    ``sobek.actions.play_character``): always (``power_no_target=no_effect``: with nothing to act on it does
    nothing), or only when its power finds something to act on (``needs_target``)."""
    if readings_of(state.config).power_no_target == "no_effect":
        return True
    return power_target(state, p, card)


@rule("sobek.characters.queen", "sobek.characters.scribe")
def play_character(state: SobekState, p: int, card: int) -> SobekState:
    """The character goes to the discard pile and its power applies."""
    state = _r(state, hands=put(state.hands, p, add(state.hands[p], card, -1)),
                    discard=add(state.discard, card))
    power = CHAR_POWER[card - FIRST_CHAR]
    params = state.params
    if power == QUEEN:
        if readings_of(state.config).queen_draw == "deck":
            draws = (Draw(D_QUEEN, p),) * params.queen_draws
            return end_turn(_r(state, draws=state.draws + draws), p)
        got = state.row[: params.queen_draws]
        hand = state.hands[p]
        for t in got:
            hand = add(hand, t)
        return end_turn(_r(state, row=state.row[len(got):], hands=put(state.hands, p, hand)), p)
    if power == PRIEST:
        return _r(state, pending=Pending(K_PRIEST, p))
    if power == SCRIBE:  # no opponent over the limit: it does nothing (SOB-032 no_effect)
        queue = tuple(o for o in opponents(state, p) if sum(state.hands[o]) > params.scribe_limit)
        return _next_scribe(state, p, queue)
    if power == VIZIR:
        if power_target(state, p, card):
            return _r(state, pending=Pending(K_VIZIR_OPP, p))
        return end_turn(state, p)  # nothing to take (SOB-032 no_effect: it does nothing)
    if power == MERCHANT:
        return _r(state, pending=Pending(K_MERCHANT, p))
    if power == THIEF:
        if power_target(state, p, card):
            return _r(state, pending=Pending(K_THIEF_OPP, p))
        return end_turn(state, p)  # nothing to take (SOB-032 no_effect: it does nothing)
    # Courtesan
    if _courtesan_sets(state, p):
        return _r(state, pending=Pending(K_COURT_SET, p))
    return end_turn(state, p)  # no set a card in hand fits (SOB-032 no_effect: it does nothing)


@rule("sobek.characters.scribe_choice")
def _next_scribe(state: SobekState, p: int, queue: tuple[int, ...]) -> SobekState:
    """The next opponent over the limit reduces; who picks the cards is the ``scribe_chooser`` reading."""
    if not queue:
        return end_turn(_r(state, pending=None), p)
    chooser = queue[0] if readings_of(state.config).scribe_chooser == "owner" else p
    return _r(state, pending=Pending(K_SCRIBE, chooser, p, queue[0], queue[1:]))


def _apply_pending(state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
    p, kind = pend.player, pend.kind
    if kind == K_HPHASE:  # the commonest pending decision: checked first
        if isinstance(action, StartHorizontal):
            return _r(state, pending=Pending(K_HSET, p, action.family))
        return _r(state, pending=None, hphase_left=state.hphase_left[1:])
    if kind in (K_SET, K_HSET, K_COURT_ADD):
        if isinstance(action, AddCard):
            return _r(state, pending=Pending(kind, p, pend.a, pend.b, (*pend.cards, action.card)))
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
        return _r(state, pending=Pending(K_VIZIR_CARD, p, action.player))
    if kind == K_VIZIR_CARD:
        assert isinstance(action, ChooseCard)
        return end_turn(vizir(state, p, pend.a, action.card), p)
    if kind == K_MERCHANT:
        assert isinstance(action, Take)
        return end_turn(merchant(state, p, action.index), p)
    if kind == K_COURT_SET:
        assert isinstance(action, ChooseSet)
        return _r(state, pending=Pending(K_COURT_ADD, p, action.owner, action.index))
    if kind == K_THIEF_OPP:
        assert isinstance(action, ChooseTarget)
        return _r(state, pending=Pending(K_THIEF_BACK, p, action.player))
    if kind == K_THIEF_BACK:
        assert isinstance(action, ChooseBack)
        return end_turn(thief(state, p, pend.a, action.back), p)
    if kind == K_SCRIBE:
        assert isinstance(action, ChooseCard)
        return scribe_discard(state, pend, action.card)
    raise AssertionError(f"unknown pending kind {kind!r}")  # pragma: no cover - K_HPHASE is handled first


@rule("sobek.sets.event", "sobek.sets.add_minimum", "sobek.sets.character_power_ignored")
def finish_set(state: SobekState, pend: Pending) -> SobekState:
    """The set goes on the table (or onto the played set); an event follows if tokens remain."""
    p = pend.player
    hand = state.hands[p]
    for t in pend.cards:
        hand = add(hand, t, -1)
    sets = state.sets[p]
    if pend.b < 0:
        sets = (*sets, PlayedSet(pend.a, tuple(sorted(pend.cards))))
        event = True
    else:
        old = sets[pend.b]
        sets = (*sets[: pend.b], dc_replace(old, cards=tuple(sorted(old.cards + pend.cards))), *sets[pend.b + 1 :])
        event = readings_of(state.config).extension_event == "triggers"
    state = _r(state, hands=put(state.hands, p, hand), sets=(*state.sets[:p], sets, *state.sets[p + 1 :]),
                    pending=None)
    return event_or_end(state, p, event)


def event_or_end(state: SobekState, p: int, event: bool) -> SobekState:
    if event and sum(state.tokens) > 0:
        if readings_of(state.config).event_choice == "blind":
            return _r(state, draws=(*state.draws, Draw(D_EVENT, p)), pending=None)
        return _r(state, pending=Pending(K_EVENT, p))
    return end_turn(state, p)


@rule("sobek.end.horizontal", "sobek.end.horizontal_limits", "sobek.end.horizontal_purpose")
def finish_horizontal(state: SobekState, pend: Pending) -> SobekState:
    """A horizontal set from the hand at the end of the round (no characters played, no additions)."""
    p = pend.player
    hand = state.hands[p]
    for t in pend.cards:
        hand = add(hand, t, -1)
    played = PlayedSet(max(pend.a, -1), tuple(sorted(pend.cards)), 0, True)
    state = _r(state, hands=put(state.hands, p, hand),
                    sets=(*state.sets[:p], (*state.sets[p], played), *state.sets[p + 1 :]), pending=None)
    if readings_of(state.config).horizontal_events == "triggers":
        return event_or_end(state, p, True)
    return _r(state, pending=_hphase(p))


@rule("sobek.events.choose", "sobek.events.discarded", "sobek.events.embalming",
      "sobek.events.deceit")
def resolve_event(state: SobekState, p: int, token: int) -> SobekState:
    """The chosen token is discarded and its effect applied at once."""
    state = _r(state, tokens=put_int(state.tokens, token, state.tokens[token] - 1),
                    events_used=put_int(state.events_used, token, state.events_used[token] + 1), pending=None)
    if token < 4:
        return _r(state, pending=Pending(K_GUILD, p, token + 1))
    if token == FLOOD:
        return end_turn(_r(state, extra_turn=state.phase == PLAY), p)
    if token == CURSE:
        return _r(state, pending=Pending(K_CURSE, p))
    if token == PROSPERITY:
        if _prosperity_sets(state, p):
            return _r(state, pending=Pending(K_PROSPERITY, p))
        return end_turn(state, p)
    if token == EMBALMING:
        hand = plus(state.hands[p], state.corruption[p])
        curses = state.curses
        if readings_of(state.config).embalming_curses == "discarded":
            curses = put_int(curses, p, 0)
        return end_turn(_r(state, hands=put(state.hands, p, hand), corruption=put(state.corruption, p, ZERO),
                                curses=curses), p)
    assert token == DECEIT
    gain = sum(state.corruption[p])
    if readings_of(state.config).deceit_curses == "count_two":
        gain += state.params.curse_cards * state.curses[p]
    state = move_marker(state, p, state.scores[p] + gain, C_DECEIT)
    return end_turn(state, p) if state.phase != OVER else state


def book(ledger: tuple[tuple[int, ...], ...], p: int, category: int, points: int) -> tuple[tuple[int, ...], ...]:
    """The score ledger with ``points`` more booked to seat ``p``'s ``category``."""
    if points == 0:
        return ledger
    row = list(ledger[p])
    row[category] += points
    return (*ledger[:p], tuple(row), *ledger[p + 1 :])


def move_marker(state: SobekState, p: int, score: int, category: int) -> SobekState:
    """Move a score marker (kept on a space of the track), booking the move to ``category`` (a negative category:
    the caller has booked it), then the immediate early-end check if read so."""
    rd = readings_of(state.config)
    clamped = scoring.clamp(score, state.params.track_spaces, rd.track_end)
    log = state.log
    if clamped != score and "track_stop" not in log:
        log = (*log, "track_stop")
    if clamped != state.scores[p] or log is not state.log or score != state.scores[p]:
        ledger = state.ledger
        if category >= 0:
            ledger = book(ledger, p, category, score - state.scores[p])
        ledger = book(ledger, p, C_TRACK, clamped - score)
        state = _r(state, scores=put_int(state.scores, p, clamped), log=log, ledger=ledger)
    if rd.early_end != "immediately":  # check_early_end would return the state unchanged
        return state
    return check_early_end(state, "immediately")


@rule("sobek.game_end.early")
def check_early_end(state: SobekState, moment: str) -> SobekState:
    """More than ``early_end`` points ends the game; the reading says when this is looked at."""
    if readings_of(state.config).early_end != moment or state.early_end:
        return state
    if max(state.scores) > state.params.early_end:
        if moment == "immediately":
            return _r(state, early_end=True, phase=OVER, pending=None, draws=())
        return _r(state, early_end=True)
    return state


def guild(state: SobekState, p: int, opp: int, symbol: int) -> SobekState:
    """Guild: own marker forward to the next space of the symbol, an opponent's back to the next one."""
    config, params = state.config, state.params
    forward = scoring.guild_forward(state.scores[p], symbol, params.track_spaces, readings_of(config).track_end)
    state = move_marker(state, p, forward, C_GUILD)
    if state.phase == OVER:
        return state
    back = scoring.back_to_symbol(state.scores[opp], symbol, readings_of(config).track_low_end)
    state = move_marker(state, opp, back, C_GUILD)
    return end_turn(state, p) if state.phase != OVER else state


@rule("sobek.events.curse")
def curse(state: SobekState, opp: int) -> SobekState:
    """A Curse token goes to another player's corruption pile (it counts as two cards there)."""
    return _r(state, curses=put_int(state.curses, opp, state.curses[opp] + 1))


@rule("sobek.events.prosperity")
def prosperity(state: SobekState, p: int, index: int) -> SobekState:
    """The Prosperity token joins one of the player's fish, cattle or wheat sets (counting as a card)."""
    sets = state.sets[p]
    target = sets[index]
    sets = (*sets[:index], dc_replace(target, prosperity=target.prosperity + 1), *sets[index + 1 :])
    return _r(state, sets=(*state.sets[:p], sets, *state.sets[p + 1 :]))


@rule("sobek.characters.priest", "sobek.characters.priest_chars", "sobek.characters.priest_amulets")
def priest(state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
    """Discard every goods card of one type from the own corruption pile (characters of that type: must or may;
    amulets never)."""
    p = pend.player
    params = state.params
    pile = state.corruption[p]
    if isinstance(action, ChooseGoods):
        kind = action.kind
        goods = [t for t in range(FIRST_CHAR) if params.kind[t] == kind]
        chars = [t for t in range(FIRST_CHAR, NTYPES) if params.kind[t] == kind and pile[t]]
        state = _discard_from_pile(state, p, goods)
        if chars and readings_of(state.config).priest_characters == "may":
            return _r(state, pending=Pending(K_PRIEST_CHARS, p, kind))
        return end_turn(_discard_from_pile(state, p, chars), p)
    assert isinstance(action, Confirm)
    if action.yes:
        chars = [t for t in range(FIRST_CHAR, NTYPES) if params.kind[t] == pend.a]
        state = _discard_from_pile(state, p, chars)
    return end_turn(state, p)


def _discard_from_pile(state: SobekState, p: int, types: list[int]) -> SobekState:
    pile = list(state.corruption[p])
    discard = list(state.discard)
    for t in types:
        discard[t] += pile[t]
        pile[t] = 0
    return _r(state, corruption=put(state.corruption, p, tuple(pile)), discard=tuple(discard))


@rule("sobek.characters.vizir")
def vizir(state: SobekState, p: int, opp: int, card: int) -> SobekState:
    """A card of the player's choice from an opponent's corruption pile to the player's hand."""
    return _r(state, corruption=put(state.corruption, opp, add(state.corruption[opp], card, -1)),
                   hands=put(state.hands, p, add(state.hands[p], card)))


@rule("sobek.characters.merchant")
def merchant(state: SobekState, p: int, index: int) -> SobekState:
    """Any card along the Nile, without corruption for the cards before it."""
    return take(state, p, index, corrupt=False)


def courtesan_add(state: SobekState, pend: Pending) -> SobekState:
    p, owner, index = pend.player, pend.a, pend.b
    hand = state.hands[p]
    for t in pend.cards:
        hand = add(hand, t, -1)
    target = state.sets[owner][index]
    new = dc_replace(target, cards=tuple(sorted(target.cards + pend.cards)))
    sets = state.sets[owner]
    sets = (*sets[:index], new, *sets[index + 1 :])
    state = _r(state, hands=put(state.hands, p, hand),
                    sets=(*state.sets[:owner], sets, *state.sets[owner + 1 :]))
    return end_turn(state, p)


@rule("sobek.characters.thief", "sobek.characters.thief_backs")
def thief(state: SobekState, p: int, opp: int, back: int) -> SobekState:
    """Steal a card from an opponent: the thief picks a back colour, chance picks the card behind it."""
    return _r(state, draws=(*state.draws, Draw(D_STEAL, p, opp * 16 + back)), pending=None)


def scribe_discard(state: SobekState, pend: Pending, card: int) -> SobekState:
    o = pend.b
    state = _r(state, hands=put(state.hands, o, add(state.hands[o], card, -1)),
                    corruption=put(state.corruption, o, add(state.corruption[o], card)))
    if sum(state.hands[o]) > state.params.scribe_limit:
        return state
    return _next_scribe(state, pend.a, pend.cards)


# -- end of the round ------------------------------------------------------------------------------------------
@rule("sobek.end.hand_to_corruption", "sobek.end.penalty_applied")
def end_round(state: SobekState) -> SobekState:
    """Hands to corruption, sets scored, the corruption penalty, then the next round or the end of the game."""
    config, params = state.config, state.params
    rd = readings_of(config)
    n = config.players
    corruption = tuple(map(plus, state.corruption, state.hands))
    state = _r(state, corruption=corruption, hands=(ZERO,) * n)
    points: list[tuple[int, int]] = []
    before = state.scores
    for p in range(n):
        gained = scoring.round_breakdown(state.sets[p], params)  # by category; horizontal sets apart
        points.append((sum(gained) - gained[C_HORIZONTAL], gained[C_HORIZONTAL]))
        row = tuple(map(operator.add, state.ledger[p], gained))
        ledger = (*state.ledger[:p], row, *state.ledger[p + 1 :])
        state = move_marker(_r(state, ledger=ledger), p, state.scores[p] + sum(gained), -1)
        if state.phase == OVER:
            return state
    state = check_early_end(state, "after_scoring")
    cards = [corruption_cards(state, p) for p in range(n)]
    if rd.corruption_scarabs == "pile":
        scarabs = [sum(map(operator.mul, params.scarabs, pile)) for pile in state.corruption]
    else:
        scarabs = [sum(params.scarabs[t] for s in state.sets[p] for t in s.cards) for p in range(n)]
    hit = scoring.most_corrupt(cards, scarabs, rd.corrupt_all_tied)
    if max(cards) == 0 and rd.zero_corruption == "nobody":
        hit = ()
    with_h = rd.horizontal_in_penalty == "included"
    for p in hit:
        earned = points[p][0] + (points[p][1] if with_h else 0)
        moved = scoring.penalty(state.scores[p], earned, rd.penalty_on_number,
                                rd.track_low_end, params.penalty_step)
        state = _r(state, scores=put_int(state.scores, p, moved),
                   ledger=book(state.ledger, p, C_PENALTY, moved - state.scores[p]))
    state = check_early_end(state, "after_penalty")
    gains = tuple(a - b for a, b in zip(state.scores, before, strict=True))
    return next_round(_r(state, last_gain=gains))


@rule("sobek.game_end.rounds", "sobek.theme.rounds", "sobek.end.sets_cleared")
def next_round(state: SobekState) -> SobekState:
    """Corruption piles (and, by reading, the sets) are discarded; green-backed cards return; the next start
    player."""
    config, params = state.config, state.params
    rd = readings_of(config)
    n = config.players
    keep = rd.sets_between_rounds == "keep"
    keep_piles = rd.corruption_between_rounds == "keep"
    pile = list(state.discard)
    for p in range(n):
        if not keep_piles:
            pile = list(map(operator.add, pile, state.corruption[p]))
        for s in () if keep else state.sets[p]:
            for t in s.cards:
                pile[t] += 1
    discard = tuple(pile)
    green_pile = state.green_pile
    if rd.green_deal == "every_round":
        greens = tuple(map(operator.mul, discard, params.green))  # count x True/False: the green-backed cards
        green_pile = plus(green_pile, greens)
        discard = tuple(map(operator.sub, discard, greens))
    sets = state.sets if keep else ((),) * n
    corruption, curses = (state.corruption, state.curses) if keep_piles else ((ZERO,) * n, (0,) * n)
    state = _r(state, discard=discard, green_pile=green_pile, corruption=corruption, sets=sets,
               curses=curses, tokens=NO_TOKENS, pending=None, hphase_left=(), extra_turn=False)
    if state.early_end or state.round + 1 >= params.rounds:
        return _r(state, phase=OVER)
    if rd.round_start == "rotate":
        start = (state.start_player + 1) % n
    else:
        low = min(state.scores)
        start = next((state.start_player + k) % n for k in range(n) if state.scores[(state.start_player + k) % n]
                     == low)
    return start_round(_r(state, round=state.round + 1, start_player=start))

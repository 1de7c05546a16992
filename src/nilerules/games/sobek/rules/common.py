"""The helpers every mechanic module of Sobek's rules uses: copying the state with fields changed, count-vector
arithmetic, shared action and draw instances, the card totals, and the end of a turn."""

from __future__ import annotations

from typing import Any, Final

from nilerules.core import rule
from nilerules.games.sobek.actions import (
    AddCard,
    Done,
    PlayCharacter,
    SobekAction,
    StartHorizontal,
    StartSet,
    Take,
)
from nilerules.games.sobek.params import GoodsTotal, ThiefBacks
from nilerules.games.sobek.state import (
    CHAR_BACK,
    D_GREEN,
    D_MARKET,
    D_TOKEN,
    FIRST_CHAR,
    GREEN_BACK,
    HORIZONTAL,
    K_HPHASE,
    NTYPES,
    PLAIN,
    PLAY,
    STATE_FIELDS,
    TOKEN_COUNTS,
    Counts,
    Draw,
    Params,
    Pending,
    SobekState,
    card_type,
)

ZERO: Final[Counts] = (0,) * NTYPES
_FIELDS: Final = frozenset(STATE_FIELDS)


def replace(state: SobekState, **changes: Any) -> SobekState:
    """A copy of the state with some fields changed (unknown field names raise TypeError)."""
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"unknown state fields {sorted(set(changes) - _FIELDS)!r}")
    return changed(state, **changes)


def changed(state: SobekState, **changes: Any) -> SobekState:
    """``replace`` for the rules' own calls (the fields are known to exist): a copy (``SobekState.copy``, one C call
    when compiled) with the fields set on it. The hot paths copy and set the fields themselves."""
    new = state.copy()
    for name, value in changes.items():
        setattr(new, name, value)
    return new


NO_TOKENS: Final[tuple[int, ...]] = (0,) * len(TOKEN_COUNTS)
# shared action instances for the hot paths (actions are immutable values)
TAKES: Final[tuple[Take, ...]] = tuple(Take(k) for k in range(64))
PLAYS: Final[tuple[PlayCharacter, ...]] = tuple(PlayCharacter(k) for k in range(NTYPES))
ADDS: Final[tuple[AddCard, ...]] = tuple(AddCard(t) for t in range(NTYPES))
NEW_SETS: Final[tuple[StartSet, ...]] = tuple(StartSet(f, -1) for f in range(6))
HORIZONTALS: Final[tuple[StartHorizontal, ...]] = tuple(StartHorizontal(f) for f in range(6))
MIXED_HORIZONTAL: Final = StartHorizontal(-1)
DONE: Final = Done()
ONLY_DONE: Final[tuple[SobekAction, ...]] = (DONE,)
DRAW_MARKET: Final = Draw(D_MARKET, 0)
DRAW_TOKEN: Final = Draw(D_TOKEN, 0)
DRAW_GREEN: Final[tuple[Draw, ...]] = tuple(Draw(D_GREEN, p) for p in range(8))
"""Shared pending-draw records (immutable values)."""
_HPHASE: Final[tuple[Pending, ...]] = tuple(Pending(K_HPHASE, p) for p in range(8))


def hphase_choice(p: int) -> Pending:
    """``Pending(K_HPHASE, p)``, shared."""
    return _HPHASE[p] if 0 <= p < len(_HPHASE) else Pending(K_HPHASE, p)


# -- small helpers on count vectors ---------------------------------------------------------------------------


def add(counts: Counts, card: int, n: int = 1) -> Counts:
    lst = list(counts)
    lst[card] += n
    return tuple(lst)


def less(counts: Counts, cards: tuple[int, ...]) -> Counts:
    """``counts`` less one card of each type listed (a hand without the cards chosen so far for a set)."""
    if not cards:
        return counts
    left = list(counts)
    for t in cards:
        left[t] -= 1
    return tuple(left)


def more(counts: Counts, cards: tuple[int, ...]) -> Counts:
    """``counts`` with one more card of each type listed (the cards of a set back on a pile)."""
    if not cards:
        return counts
    out = list(counts)
    for t in cards:
        out[t] += 1
    return tuple(out)


def plus(a: Counts, b: Counts) -> Counts:
    """The two count vectors added, type by type (``a`` and ``b`` of one length)."""
    return tuple([a[i] + b[i] for i in range(len(a))])


def minus(a: Counts, b: Counts) -> Counts:
    """``b`` taken from ``a``, type by type (``a`` and ``b`` of one length)."""
    return tuple([a[i] - b[i] for i in range(len(a))])


def total(counts: Counts) -> int:
    """``sum(counts)``: how many cards (or tokens) a count vector holds, in a loop that mypyc compiles (the builtin
    walks the tuple through the iterator protocol: docs/hot-paths.md)."""
    n = 0
    for c in counts:
        n += c
    return n


def nonempty(counts: Counts) -> bool:
    """``any(counts)``: whether a count vector holds any card (or token), in a loop that mypyc compiles (``any`` of a
    generator is compiled; ``any`` of the tuple itself is the builtin's walk)."""
    return any(c != 0 for c in counts)


def put(seq: tuple[Counts, ...], player: int, value: Counts) -> tuple[Counts, ...]:
    return (*seq[:player], value, *seq[player + 1 :])


def put_int(seq: tuple[int, ...], player: int, value: int) -> tuple[int, ...]:
    return (*seq[:player], value, *seq[player + 1 :])


def card_totals(params: Params, goods_total: GoodsTotal) -> Counts:
    """All cards of the game by type; under ``green_extra`` the 9 green-backed cards come on top of the 54 (the
    listed cards of each kind are then all in the deck)."""
    if goods_total == "listed":
        return params.totals
    totals = list(params.totals)
    for t in range(FIRST_CHAR):
        if params.green[t]:
            totals[card_type(params.kind[t], PLAIN)] += totals[t]
    return tuple(totals)


def back_of(params: Params, card: int, thief_backs: ThiefBacks) -> int:
    """The colour of a card's back: its goods kind, green for green-backed cards, or the characters' back."""
    if card >= FIRST_CHAR:
        return CHAR_BACK
    if params.green[card] and thief_backs == "green_unknown":
        return GREEN_BACK
    return params.kind[card]


def opponents(state: SobekState, player: int) -> tuple[int, ...]:
    n = state.config.players
    return tuple((player + k) % n for k in range(1, n))


def corruption_cards(state: SobekState, player: int) -> int:
    """Cards in a corruption pile, each Curse token counting as ``params.curse_cards`` cards."""
    return total(state.corruption[player]) + state.params.curse_cards * state.curses[player]


# -- the end of a turn ----------------------------------------------------------------------------------------


def end_turn(state: SobekState, p: int) -> SobekState:
    """Play passes to the left, unless a Flood gave the player another turn."""
    if state.phase != PLAY:
        return changed(state, pending=hphase_choice(p)) if state.phase == HORIZONTAL else state
    if state.extra_turn:
        return changed(state, to_move=p, extra_turn=False, pending=None)
    return changed(state, to_move=(p + 1) % state.config.players, pending=None)


rule("sobek.turn.next_player", "sobek.events.flood")(end_turn)

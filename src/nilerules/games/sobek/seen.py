"""What each seat sees in Sobek, and a determinization: a full state dealt again from what a seat cannot see.

Hidden (``SEEN``, from seed 002 and reference/sobek.md): an opponent's hand shows only its backs (a goods card's
back is its goods colour, a starting card's the green back, or its goods colour too under SOB-022's
``kind_known``; a character's the characters' back); the deck and the green-backed pile are face down (not written
in a position at all); the 2-player game's removed cards show as a count; the round's event tokens and the bag show
as counts under SOB-017's ``blind`` reading. Everything else lies face up: the row, the corruption piles ("add a card
of your choice to your hand from an opponent's corruption pile"), the discards, the sets, the scores; the cards an
opponent is choosing for a set or for the Courtesan (``pending.cards``) are being laid down and are seen.

**Determinization** (``determinize``) uses the seat's observation only, not the history of the game: the cards the
seat cannot see are every card not seen face up (the deck, the green pile, the removed cards and the opponents'
hands, less the cards an opponent is laying down), and they are dealt again with every arrangement that gives the
same observation equally likely: for each back, the cards of that back are shuffled and cut into the opponents'
hands (as many of that back as each shows); what is left goes, green-backed, to the green pile, else to the deck,
from which the removed cards are drawn (from its goods cards only under SOB-033's ``goods_only``). The round's event
tokens under ``blind`` are drawn again from the tokens not yet used. A seat forgets what it saw earlier (the card its
Thief stole, the hand it held before a Scribe): a memory of the history would narrow these deals, and is left out
so that a determinization is a function of what the seat sees now and the generator (docs/strength.md).
"""

from __future__ import annotations

import random
from typing import Any, Final

from nilerules.core.seen import Seen, deal, face_down
from nilerules.games.sobek.names import BACK_NAMES
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.state import (
    CHAR_BACK,
    FIRST_CHAR,
    GREEN_BACK,
    K_COURT_ADD,
    K_HSET,
    K_SET,
    NTYPES,
    SobekState,
)

SEEN: Final = (
    Seen("seats.*.hand", "owner", "the backs of its cards (hand_backs)",
         ("sobek.characters.thief_backs", "sobek.goods.green_backs", "sobek.goods.starting_hand")),
    Seen("deck", "nobody", "nothing (not written in a position)", ("sobek.goods.deck",)),
    Seen("green pile", "nobody", "nothing (not written in a position)", ("sobek.goods.starting_hand",),
         "reference/sobek.md: the nine green-backed cards are dealt face down"),
    Seen("removed", "nobody", "their number", ("sobek.goods.two_players",)),
    Seen("events, event_bag", "everyone", "everything; their numbers only under SOB-017 blind",
         ("sobek.events.selection", "sobek.events.choose"), "reference/sobek.md: 5 drawn at random, face down"),
    Seen("seats.*.corruption", "everyone", "everything", ("sobek.characters.vizir",)),
    Seen("row, discard, seats.*.sets, scores", "everyone", "everything", ("sobek.actions.take", "sobek.sets.event")),
    Seen("pending.cards", "everyone", "everything (cards being laid down)", ("sobek.actions.play_set",)),
)
"""What lies where in Sobek, who sees its face, and what the other seats see of it."""

_LAYING: Final = (K_SET, K_HSET, K_COURT_ADD)
"""Pending choices whose ``cards`` are cards of the chooser's hand being laid down (seen by every seat)."""
MAX_TRIES: Final = 1000
"""Deals redrawn at most when the removed cards cannot be drawn from what a deal left in the deck (goods only)."""


def backs(state: SobekState) -> tuple[int, ...]:
    """The back of each card type (an index of ``names.BACK_NAMES``), as another seat sees it under the config's
    SOB-022 reading."""
    params = state.params
    kind_known = readings_of(state.config).thief_backs == "kind_known"
    out = []
    for t in range(NTYPES):
        if t >= FIRST_CHAR:
            out.append(CHAR_BACK)
        elif params.green[t] and not kind_known:
            out.append(GREEN_BACK)
        else:
            out.append(params.kind[t])
    return tuple(out)


def _laid(state: SobekState, seat: int) -> list[int]:
    """The cards of ``seat``'s hand that it is laying down now (seen by all), as counts per type."""
    counts = [0] * NTYPES
    pend = state.pending
    if pend is not None and pend.player == seat and pend.kind in _LAYING:
        for t in pend.cards:
            counts[t] += 1
    return counts


def view(state: SobekState, seat: int, data: dict[str, Any]) -> dict[str, Any]:
    """What ``seat`` sees: the position data ``data`` with opponents' hands as backs, the removed cards as a count,
    and under ``blind`` the round's event tokens and the bag as counts."""
    back_of = backs(state)
    out = dict(data)
    seats = {}
    for key, entry in data.get("seats", {}).items():
        p = int(key)
        if p != seat and "hand" in entry:
            entry = {k: v for k, v in entry.items() if k != "hand"}
            shown = [0] * len(BACK_NAMES)
            for t, n in enumerate(state.hands[p]):
                shown[back_of[t]] += n
            entry["hand_backs"] = {BACK_NAMES[b]: n for b, n in enumerate(shown) if n}
        seats[key] = entry
    if "seats" in data:
        out["seats"] = seats
    if any(state.removed):
        out["removed"] = face_down(sum(state.removed))
    if readings_of(state.config).event_choice == "blind":
        out["events"] = face_down(sum(state.tokens))
        out["event_bag"] = face_down(sum(state.token_bag))
    return out


def determinize(state: SobekState, seat: int, rng: random.Random) -> SobekState:
    """A state that gives ``seat`` the same observation, what it cannot see dealt again (see the module doc)."""
    for _ in range(MAX_TRIES):
        found = _deal_once(state, seat, rng)
        if found is not None:
            return found
    raise ValueError("sobek: no deal of the unseen cards left the removed cards enough goods cards")  # pragma: no cover


def _deal_once(state: SobekState, seat: int, rng: random.Random) -> SobekState | None:
    """One deal of the unseen cards; None when the removed cards cannot be drawn from what it left in the deck
    (goods only, every goods card dealt to a hand): the caller deals again, and a deal accepted so keeps every
    consistent arrangement equally likely."""
    n = state.config.players
    back_of = backs(state)
    laid = [_laid(state, p) for p in range(n)]
    opponents = [p for p in range(n) if p != seat]
    # the cards the seat cannot see, per type (their total is fixed by what it sees)
    unseen = [state.deck[t] + state.green_pile[t] + state.removed[t] for t in range(NTYPES)]
    for p in opponents:
        for t in range(NTYPES):
            unseen[t] += state.hands[p][t] - laid[p][t]
    # per back: the pool of that back, cut into each opponent's hidden cards of that back and the rest
    hands = {p: list(laid[p]) for p in opponents}
    rest = [0] * NTYPES
    for b in range(len(BACK_NAMES)):
        pool = [unseen[t] if back_of[t] == b else 0 for t in range(NTYPES)]
        if not any(pool):
            continue
        slots = [sum(state.hands[p][t] - laid[p][t] for t in range(NTYPES) if back_of[t] == b) for p in opponents]
        *cut, left = deal(pool, [*slots, sum(pool) - sum(slots)], rng)
        for p, counts in zip(opponents, cut, strict=True):
            hands[p] = [h + c for h, c in zip(hands[p], counts, strict=True)]
        rest = [r + c for r, c in zip(rest, left, strict=True)]
    green = [c if state.params.green[t] else 0 for t, c in enumerate(rest)]
    deck_pool = [c - g for c, g in zip(rest, green, strict=True)]
    removed_n = sum(state.removed)
    removed: list[int] = [0] * NTYPES
    if removed_n:
        goods_only = readings_of(state.config).two_player_removed != "whole_deck"
        eligible = [c if t < FIRST_CHAR or not goods_only else 0 for t, c in enumerate(deck_pool)]
        if sum(eligible) < removed_n:  # pragma: no cover - the hands took the goods the removal needs
            return None
        removed, _ = deal(eligible, [removed_n, sum(eligible) - removed_n], rng)
    new = state.copy()
    new.hands = tuple(tuple(hands[p]) if p in hands else state.hands[p] for p in range(n))
    new.deck = tuple(c - r for c, r in zip(deck_pool, removed, strict=True))
    new.green_pile = tuple(green)
    new.removed = tuple(removed)
    if readings_of(state.config).event_choice == "blind":
        pool = [a + b for a, b in zip(state.tokens, state.token_bag, strict=True)]
        tokens, bag = deal(pool, [sum(state.tokens), sum(state.token_bag)], rng)
        new.tokens, new.token_bag = tuple(tokens), tuple(bag)
    return new

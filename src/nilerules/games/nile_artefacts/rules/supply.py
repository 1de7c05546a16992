"""The Artifact pile and the Coin stock: drawing from the pile (a reshuffle of the discard when it is empty), giving a
Coin from the stock, the sorted card tuples, and the notes a running-out leaves.

This module is compiled by mypyc in a regular install (see ``rules/__init__``: it reads the per-game tables of the
state's ``ctx`` and cites its rules with ``rule(...)(function)``).
"""

from __future__ import annotations

from typing import Final

from nilerules.games.nile_artefacts.records import Note
from nilerules.games.nile_artefacts.state import NAState, pile_of

NOTE: Final = Note


def add_note(notes: tuple[Note, ...], kind: str, rule_id: str, detail: str) -> tuple[Note, ...]:
    for note in notes:
        if note.detail == detail and note.rule_id == rule_id and note.kind == kind:
            return notes
    return (*notes, NOTE(kind, rule_id, detail))


def insert_card(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """A sorted tuple of kinds with one more card of ``kind`` (before the first card of a greater kind).

    Tuples are cut and joined (slices and concatenation are single C calls) rather than built in a list."""
    n = len(cards)
    at = 0
    while at < n and cards[at] <= kind:
        at += 1
    if at == n:
        return cards + (kind,)  # noqa: RUF005 (as the docstring says)
    return cards[:at] + (kind,) + cards[at:]  # noqa: RUF005


def without_card(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``cards`` without its first card of ``kind``, as ``list.remove`` takes it out (ValueError if there is none)."""
    n = len(cards)
    at = 0
    while at < n and cards[at] != kind:
        at += 1
    if at == n:
        raise ValueError(f"no card {kind!r} to take out of {cards!r}")
    return cards[:at] + cards[at + 1 :]


def card_at(cards: tuple[int, ...], kind: int) -> int:
    """Where the first card of ``kind`` is in a sorted tuple of kinds, or -1 if there is none (a binary search)."""
    lo = 0
    hi = len(cards)
    while lo < hi:
        mid = (lo + hi) // 2
        if cards[mid] < kind:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < len(cards) and cards[lo] == kind else -1


def draw_card(s: NAState, at: int) -> None:
    """Take the card at ``at`` (``card_at``: where the drawn kind is) from the draw pile."""
    cards = s.cards
    s.cards = cards[:at] + cards[at + 1 :]
    s.given_deck = None


def refill(s: NAState, rule_id: str) -> None:
    """Before a draw from an empty pile: reshuffle the discard (NA-007 (deck_exhausted)) and note it."""
    if s.cards:
        return
    if s.ctx.deck_exhausted_reshuffle and any(k for k in s.discard):  # NA-007 (deck_exhausted)
        s.notes = add_note(
            s.notes, "supply_exhausted", rule_id, "the Artifact pile ran out; the discard was reshuffled"
        )
        s.cards, s.given_deck = pile_of(s.discard, s.ctx)
        s.discard = (0,) * len(s.discard)
        return
    s.notes = add_note(s.notes, "supply_exhausted", rule_id, "the Artifact pile ran out and nothing could be drawn")


def can_draw(state: NAState) -> bool:
    """Whether a card can be drawn: from the pile, or from the discard reshuffled (NA-007 (deck_exhausted))."""
    return len(state.cards) > 0 or (state.ctx.deck_exhausted_reshuffle and any(k for k in state.discard))


def give_coin(s: NAState, coins: list[int], seat: int, rule_id: str) -> None:
    """Give one Coin from the stock; an empty stock gives nothing (or goes negative: NA-008 (coin_stock))."""
    stock = s.stock
    if stock > 0 or s.ctx.coin_stock_unlimited:  # NA-008 (coin_stock)
        coins[seat] = coins[seat] + 1
        if stock <= 0:
            s.notes = add_note(s.notes, "supply_exhausted", rule_id, "the Coin stock ran out; a Coin was substituted")
        s.stock = stock - 1
        return
    s.notes = add_note(s.notes, "supply_exhausted", rule_id, "the Coin stock ran out; no Coin was given")

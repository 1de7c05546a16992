"""The Artifact pile and the Coin stock: drawing from the pile (a reshuffle of the discard when it is empty), giving a
Coin from the stock, the sorted card tuples, and the notes a running-out leaves.

This module is compiled by mypyc in a regular install (see ``rules/__init__``: it reads the per-game tables of the
state's ``ctx`` and cites its rules with ``rule(...)(function)``).
"""

from __future__ import annotations

from typing import Final

from nilerules.games.nile_artefacts.records import Note
from nilerules.games.nile_artefacts.state import NAState

NOTE: Final = Note


def add_note(notes: tuple[Note, ...], kind: str, rule_id: str, detail: str) -> tuple[Note, ...]:
    for note in notes:
        if note.detail == detail and note.rule_id == rule_id and note.kind == kind:
            return notes
    return (*notes, NOTE(kind, rule_id, detail))


def insert_card(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """A sorted tuple of kinds with one more card of ``kind``."""
    out: list[int] = []
    placed = False
    for k in cards:
        if not placed and kind < k:
            out.append(kind)
            placed = True
        out.append(k)
    if not placed:
        out.append(kind)
    return tuple(out)


def refill(s: NAState, rule_id: str) -> None:
    """Before a draw from an empty pile: reshuffle the discard (reading ``deck_exhausted``) and note it."""
    if s.left:  # counts are never negative
        return
    if s.ctx.reshuffle and any(k for k in s.discard):
        s.notes = add_note(
            s.notes, "supply_exhausted", rule_id, "the Artifact pile ran out; the discard was reshuffled"
        )
        s.deck = s.discard
        s.left = sum(s.discard)
        s.discard = (0,) * len(s.discard)
        return
    s.notes = add_note(s.notes, "supply_exhausted", rule_id, "the Artifact pile ran out and nothing could be drawn")


def can_draw(state: NAState) -> bool:
    return state.left > 0 or (state.ctx.reshuffle and any(k for k in state.discard))


def give_coin(s: NAState, coins: list[int], seat: int, rule_id: str) -> None:
    """Give one Coin from the stock; an empty stock gives nothing (or goes negative: reading ``coin_stock``)."""
    stock = s.stock
    if stock > 0 or s.ctx.unlimited_coins:
        coins[seat] = coins[seat] + 1
        if stock <= 0:
            s.notes = add_note(s.notes, "supply_exhausted", rule_id, "the Coin stock ran out; a Coin was substituted")
        s.stock = stock - 1
        return
    s.notes = add_note(s.notes, "supply_exhausted", rule_id, "the Coin stock ran out; no Coin was given")

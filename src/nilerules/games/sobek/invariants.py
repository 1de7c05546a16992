"""Invariants of a Sobek state: cards conserved, Curses accounted for, markers on the track, sane bookkeeping."""

from __future__ import annotations

from nilerules.core import rule
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules import card_totals
from nilerules.games.sobek.state import CATEGORIES, CURSE, NTYPES, TOKEN_COUNTS, SobekState


def all_cards(state: SobekState) -> tuple[int, ...]:
    """Every card of the game by type, wherever it lies."""
    total = [0] * NTYPES
    piles = [state.deck, state.removed, state.green_pile, state.discard, *state.hands, *state.corruption]
    for pile in piles:
        for t, c in enumerate(pile):
            total[t] += c
    for t in state.row:
        total[t] += 1
    for sets in state.sets:
        for s in sets:
            for t in s.cards:
                total[t] += 1
    return tuple(total)


@rule("sobek.goods.total")
def invariants(state: SobekState) -> tuple[str, ...]:
    """Violations (empty when every invariant holds)."""
    out: list[str] = []
    params = state.params
    expected = card_totals(params, readings_of(state.config).goods_total)
    found = all_cards(state)
    if found != expected:
        diff = {t: found[t] - expected[t] for t in range(NTYPES) if found[t] != expected[t]}
        out.append(f"cards not conserved: difference by type {diff!r}")
    piles = [state.deck, state.removed, state.green_pile, state.discard, *state.hands, *state.corruption]
    if any(c < 0 for pile in piles for c in pile):
        out.append("a pile holds a negative number of cards")
    n = state.config.players
    used_curses = state.events_used[CURSE]
    if sum(state.curses) > used_curses or any(c < 0 for c in state.curses):
        out.append(f"curse tokens {state.curses!r} exceed the Curse events applied ({used_curses})")
    for p, score in enumerate(state.scores):
        if score < 0:
            out.append(f"player {p}: marker at {score}, before the first space")
        if readings_of(state.config).track_end == "stop" and score > params.track_spaces - 1:
            out.append(f"player {p}: marker at {score}, past the last space {params.track_spaces - 1}")
    if any(c < 0 or c > m for c, m in zip(state.tokens, TOKEN_COUNTS, strict=True)):
        out.append(f"event tokens out of range: {state.tokens!r}")
    if sum(state.tokens) + sum(state.token_bag) > sum(TOKEN_COUNTS):
        out.append("more event tokens than exist")
    if any(len(s.cards) < params.set_min for sets in state.sets for s in sets):
        out.append(f"a played set has fewer than {params.set_min} cards (params.set_minimum)")
    for p in range(n):
        if len(state.ledger[p]) != len(CATEGORIES) or sum(state.ledger[p]) != state.scores[p]:
            out.append(f"player {p}: score breakdown {state.ledger[p]!r} does not sum to the score {state.scores[p]}")
    seats = range(n)
    if state.to_move not in seats or state.start_player not in seats or any(q not in seats for q in state.hphase_left):
        out.append("a seat number out of range (to_move, start_player or the horizontal-set order)")
    return tuple(out)

"""Invariants of every reachable state: cards and Coins conserved, levels in range, Boats on the river.

They read the state only (never the rules, so that the rules and the position format may both use them)."""

from __future__ import annotations

from nilerules.games.nile_artefacts.params import readings_of
from nilerules.games.nile_artefacts.state import PH_OFFER, NAState


def holdings(state: NAState) -> tuple[int, int, int, int, int]:
    """(pile, board, hands + offering, altar, discard) card counts, for the conservation invariant."""
    return (
        sum(state.deck),
        sum(len(s) for s in state.board),
        sum(len(h) for h in state.hands) + len(state.offering),
        len(state.altar),
        sum(state.discard),
    )


def invariants(state: NAState) -> tuple[str, ...]:
    """Violated invariants as messages; () when all hold."""
    p = state.params
    out: list[str] = []
    seats = state.config.players
    per_seat = {
        "hands": state.hands, "coins": state.coins, "boats": state.boats, "docked": state.docked,
        "facing": state.facing, "scores": state.scores,
    }
    short = [name for name, value in per_seat.items() if len(value) != seats]
    short += [f"levels[{i}]" for i, row in enumerate(state.levels) if len(row) != seats]
    if len(state.completed) != seats:
        short.append("completed")
    short += [f"completed[{i}] (one per level 0..{p.top})" for i, row in enumerate(state.completed)
              if len(row) != p.top + 1]
    if short:  # a state read from a file: nothing below can be read without one entry per seat
        return (f"not one entry per seat ({seats}) in {', '.join(short)}",)
    held = holdings(state)
    if sum(held) != p.total_cards:
        out.append(f"cards not conserved: pile+board+players+altar+discard = {held} != {p.total_cards}")
    if min(state.deck) < 0 or min(state.discard) < 0:
        out.append("negative card count in the pile or the discard")
    coins = state.stock + sum(state.coins)
    if coins != p.coin_supply:
        out.append(f"Coins not conserved: stock {state.stock} + players {state.coins} != {p.coin_supply}")
    if min(state.coins) < 0:
        out.append(f"a player has negative Coins: {state.coins}")
    if state.stock < 0 and readings_of(state.config).coin_stock == "limited":
        out.append(f"negative Coin stock {state.stock} with a limited stock")
    for i, row in enumerate(state.levels):
        if any(not 0 <= level <= p.top for level in row):
            out.append(f"Worshiper level out of 0..{p.top} on visible Monument {i}: {row}")
    if state.phase == PH_OFFER and len(state.phase_levels) == len(state.levels):
        for i, (before, now) in enumerate(zip(state.phase_levels, state.levels, strict=True)):
            if any(b > a or a - b > 1 for b, a in zip(before, now, strict=True)):
                out.append(f"more than one level (or a fall) on visible Monument {i} in one offering phase")
    if any(not 0 <= b <= p.right_port for b in state.boats):
        out.append(f"a Boat off the river: {state.boats}")
    if len(state.visible) > p.monuments_visible or len(set(state.visible)) != len(state.visible):
        out.append(f"visible Monuments wrong: {state.visible}")
    if state.round > p.max_rounds:
        out.append(f"round {state.round} beyond the cap {p.max_rounds}")
    return tuple(out)

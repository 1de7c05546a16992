"""Invariants of every reachable state: cards and Coins conserved, levels in range, Boats on the river.

They read the state only (never the rules, so that the rules and the position format may both use them)."""

from __future__ import annotations

from nilerules.games.nile_artefacts.names import PHASE_NAMES, space_name
from nilerules.games.nile_artefacts.params import readings_of
from nilerules.games.nile_artefacts.state import PH_BUY, PH_DEAL, PH_NAV, PH_OFFER, PH_OVER, PH_REVEAL, NAState


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
    out.extend(phase_violations(state))
    return tuple(out)


def phase_violations(state: NAState) -> list[str]:
    """What the rules guarantee of each phase: what is in progress (an offering, the altar, a Boat's turn) belongs to
    its stage, and every seat's record of completed Monuments counts the Monuments completed."""
    p = state.params
    out: list[str] = []
    phase = state.phase
    offering = phase == PH_OFFER or (phase == PH_BUY and state.buy_return == PH_OFFER)
    navigation = phase == PH_NAV or (phase == PH_BUY and state.buy_return == PH_NAV)
    if phase in (PH_DEAL, PH_NAV, PH_BUY, PH_OFFER) and state.round < 1:
        out.append(f"phase {PHASE_NAMES[phase]!r} in round 0 (the first round setup starts round 1)")
    if (state.offering or state.altar) and not offering:
        out.append(f"an offering or cards on the altar in phase {PHASE_NAMES[phase]!r} (they belong to the offerings)")
    if (state.turned or state.picks) and not navigation:
        out.append(f"a Boat turned around or cards to take in phase {PHASE_NAMES[phase]!r} (navigation only)")
    if phase == PH_BUY and state.buy_return not in (PH_NAV, PH_OFFER):
        out.append(f"a purchase returning to phase {PHASE_NAMES[state.buy_return]!r} (navigation or offerings)")
    for seat, (boat, docked) in enumerate(zip(state.boats, state.docked, strict=True)):
        if docked and boat not in (0, p.right_port):
            out.append(f"seat {seat} is docked at {space_name(p, boat)}, which is not a Port")
    completed = len(state.seen) - len(state.visible)
    for seat, row in enumerate(state.completed):
        if sum(row) != completed:
            out.append(f"seat {seat} is scored for {sum(row)} completed Monuments, of the {completed} completed")
    if phase in (PH_REVEAL, PH_OVER) and state.phase_levels:
        out.append(f"levels at an offering phase's start in phase {PHASE_NAMES[phase]!r}")
    return out

"""Conservation laws of Nefertiti: Deben, Gift cards, pawns, Royal Seals; prestige only from scoring events; and what
each phase and module guarantees (``reach_violations``): a written position (docs/positions.md) must keep them all."""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.games.nefertiti.cards import slot_code, slot_sealed
from nilerules.games.nefertiti.names import (
    AKH,
    CARD_NAMES,
    HARBOR,
    MARKET_KEYS,
    N_CHARS,
    N_CODES,
    N_GIFTS,
    PHASE_NAMES,
    WT,
)
from nilerules.games.nefertiti.params import readings_of
from nilerules.games.nefertiti.state import (
    DONE,
    OPEN,
    P_BOTTOM,
    P_CHAR,
    P_FIRST,
    P_NEUTRAL,
    P_OVER,
    P_RESOLVE,
    P_WT_SWAP,
    NefState,
)


@rule("nefertiti.close.no_bank")
def invariants(state: NefState) -> tuple[str, ...]:
    """Every violated conservation law, in words (empty when all hold)."""
    out: list[str] = []
    p = state.params
    n = state.config.players
    out.extend(_ranges(state, n))
    if out:  # the conservation laws below index by these fields
        return tuple(out)
    deben = sum(state.deben) + sum(m.deben for m in state.markets) + state.deben_removed
    if deben != state.start_total and state.phase != P_FIRST:
        out.append(f"Deben not conserved: {deben} != {state.start_total}")
    if any(d < 0 for d in state.deben) or any(m.deben < 0 for m in state.markets):
        out.append("negative Deben")
    for code in range(N_GIFTS):
        total = p.deck[code] + p.box[code]
        held = (
            state.pile[code]
            + state.bottom.count(code)
            + sum(h[code] for h in state.hands)
            + state.neutral_hand[code]
            + state.discard[code]
            + state.box[code]
            + sum(sum(1 for s in m.cards if slot_code(s) == code) for m in state.markets)
        )
        if held != total:
            out.append(f"Gift card {code} not conserved: {held} != {total}")
        if state.pile[code] < 0 or any(h[code] < 0 for h in state.hands) or state.neutral_hand[code] < 0:
            out.append(f"negative count of card {code}")
    wt = sum(sum(1 for s in m.cards if slot_code(s) == WT) for m in state.markets) + state.box[WT]
    if wt > 1:
        out.append(f"{wt} Wandering Thief cards in play")
    akh = state.bottom.count(AKH)
    if akh != (0 if state.akh_drawn or state.phase <= P_BOTTOM else 1):
        out.append("the Akhenaton card is misplaced")
    for i in range(n):
        on_board = sum(1 for m in state.markets for pw in m.pawns if pw[1] == i and not pw[2])
        if on_board + state.servants[i] != p.servants:
            out.append(f"seat {i}: Servants not conserved")
        neutral = sum(1 for m in state.markets for pw in m.pawns if pw[1] == i and pw[2])
        if neutral + state.neutrals[i] != p.neutral_pawns:
            out.append(f"seat {i}: neutral pawns not conserved")
    seals = (
        sum(state.seals)
        + state.seal_supply
        + state.seals_removed
        + sum(sum(1 for s in m.cards if slot_sealed(s)) for m in state.markets)
    )
    if seals != p.seals:
        out.append(f"Royal Seals not conserved: {seals} != {p.seals}")
    if any(m.pawns and len({pw[0] for pw in m.pawns}) != len(m.pawns) for m in state.markets):
        out.append("two pawns on one square")
    if any(x < 0 for x in state.prestige):
        out.append("negative prestige")
    out.extend(reach_violations(state))
    return tuple(out)


def reach_violations(state: NefState) -> list[str]:
    """What the rules guarantee beyond conservation: no supply below zero, the Akhenaton and Wandering Thief cards
    never kept, the Harbor only with its module, neutral pawns only with 2 players, pawns only on open stalls (or the
    one being resolved), and each phase's own record (a market resolved, a Character in use)."""
    out: list[str] = []
    n = state.config.players
    if n != 2 and (any(pw[2] for m in state.markets for pw in m.pawns) or any(state.neutral_hand)):
        out.append(f"a neutral player with {n} players (2 players only)")
    short = [name for name, values in (("servants", state.servants), ("neutral pawns", state.neutrals),
                                       ("Royal Seals", state.seals)) if min(values) < 0]
    if state.seal_supply < 0 and readings_of(state.config).papyrus_seal_supply != "unlimited":
        short.append("Royal Seals")  # papyrus_seal_supply = unlimited: a papyrus takes a Seal the supply lacks
    if short:
        out.append(f"more {', '.join(short)} placed than a supply holds")
    for code in (AKH, WT):  # Akhenaton ends the game where it is drawn; a bought Wandering Thief is used at once
        if any(hand[code] for hand in (*state.hands, state.neutral_hand)):
            out.append(f"a player holds the {CARD_NAMES[code]} card, which is never kept")
    harbor = state.markets[HARBOR]
    if not state.config.has("harbor") and (harbor.cards or harbor.pawns or harbor.status != DONE):
        out.append("the Memphis Harbor is in use without its module")
    resolving = state.res_market if state.phase in (P_RESOLVE, P_WT_SWAP) else -1
    for m, market in enumerate(state.markets):
        if market.status != OPEN and market.pawns and m != resolving:
            out.append(f"pawns on {MARKET_KEYS[m]}, which is closed")
    if state.phase in (P_RESOLVE, P_WT_SWAP) and resolving < 0:
        out.append(f"phase {PHASE_NAMES[state.phase]!r} without the market it resolves")
    if state.phase == P_CHAR and state.char_active < 0:
        out.append("phase 'character' without the Character in use")
    if state.phase == P_NEUTRAL and n != 2:
        out.append(f"phase 'neutral' with {n} players (the neutral pawns are the 2-player rule)")
    return out


def _ranges(state: NefState, n: int) -> list[str]:
    """Fields that name a seat, a market, a phase, a card or a Character hold a valid one."""
    out: list[str] = []
    if not 0 <= state.phase <= P_OVER:
        out.append(f"phase {state.phase!r} is not a phase")
    if not (0 <= state.to_move < n and 0 <= state.first < n):
        out.append("to_move or first names no seat")
    if not -1 <= state.amon_priest < n:
        out.append(f"amon_priest {state.amon_priest!r} names no seat")
    if not -1 <= state.res_market < len(state.markets) or not -1 <= state.char_active < N_CHARS:
        out.append("res_market or char_active out of range")
    if not -1 <= state.refill_last < N_CODES:
        out.append("refill_last names no card")
    if any(not (0 <= o < n and nt in (0, 1)) for _v, o, nt, _h in state.res_queue):
        out.append("a bidder names no seat")
    lengths = (len(state.deben), len(state.seals), len(state.servants), len(state.neutrals), len(state.prestige))
    if lengths != (n,) * 5 or len(state.hands) != n or len(state.markets) != 5:
        out.append("a per-seat or per-market field has the wrong length")
        return out
    codes = (state.pile, state.discard, state.box, state.neutral_hand, *state.hands)
    if any(len(c) != N_CODES for c in codes) or len(state.chars) != N_CHARS:
        out.append("a card or Character count vector has the wrong length")
    if any(not 0 <= c < N_CODES for c in state.bottom):
        out.append("the bottom of the pile holds an unknown card")
    for m, market in enumerate(state.markets):
        if market.stall not in (0, 1) or not 0 <= market.status <= DONE:
            out.append(f"market {m}: stall or status out of range")
        if any(not 0 <= slot_code(s) < N_CODES or s < 0 for s in market.cards):
            out.append(f"market {m}: an unknown card")
        size = (
            len(state.params.harbor_squares if m == HARBOR else state.params.stalls[m][market.stall].squares)
            if market.stall in (0, 1)
            else 0
        )
        if any(not (0 <= sq < size and 0 <= o < n and nt in (0, 1)) for sq, o, nt in market.pawns):
            out.append(f"market {m}: a pawn off the stall or of no seat")
    return out

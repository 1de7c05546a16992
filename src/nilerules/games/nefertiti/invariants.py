"""Conservation laws of Nefertiti: Deben, Gift cards, pawns, Royal Seals; prestige only from scoring events."""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.games.nefertiti.state import AKH, N_GIFTS, WT, NefState, slot_code, slot_sealed


@rule("nefertiti.close.no_bank")
def invariants(state: NefState) -> tuple[str, ...]:
    """Every violated conservation law, in words (empty when all hold)."""
    out: list[str] = []
    p = state.params
    n = state.config.players
    deben = sum(state.deben) + sum(m.deben for m in state.markets) + state.deben_removed
    if deben != state.start_total and state.phase != 0:
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
    if akh != (0 if state.akh_drawn or state.phase <= 2 else 1):
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
    return tuple(out)

"""The 2-player game's neutral pawns and the neutral player: the colours they count for on a stall, where they may go,
and their actions when a market closes (Deben moved between the tiles, or a Gift card for the neutral player).
"""

from __future__ import annotations

from itertools import combinations

from nilerules.core.registry import rule
from nilerules.games.nefertiti.actions import NefAction, NeutralDeben, NeutralGift
from nilerules.games.nefertiti.cards import slot_code, slot_down, slot_sealed
from nilerules.games.nefertiti.names import HARBOR, N_GIFTS
from nilerules.games.nefertiti.params import NeutralThreeColors
from nilerules.games.nefertiti.rules import closing, turn
from nilerules.games.nefertiti.rules.common import (
    action,
    bump,
    evolve,
    neutral_place_action,
    readings_of,
    remarket,
    remove_slot,
    set_market,
)
from nilerules.games.nefertiti.state import NefState


def colours_two_player(rs: int, bs: int, rn: int, bn: int, neutral_three_colors: NeutralThreeColors) -> int:
    """How many colours a 2-player stall counts, from the counts of red/black Servants and red/black neutrals."""
    servant_colours = int(rs > 0) + int(bs > 0)
    if neutral_three_colors == "listed":
        if (rs > 0 and bs > 0 and rn + bn > 0) or (rn > 0 and bn > 0 and rs + bs > 0):
            return 3
        return servant_colours
    if neutral_three_colors == "neutral_one_color":
        return servant_colours + int(rn + bn > 0)
    return servant_colours + rn + bn


rule("nefertiti.two.giza_pattern_servants", "nefertiti.two.giza_pattern_neutrals")(colours_two_player)


def neutral_placements(state: NefState) -> tuple[NefAction, ...]:
    """A neutral pawn: not where Servants went this turn, and never on the square that would be the highest bid."""
    out: list[NefAction] = []
    for m in turn.placeable_markets(state):
        if m in state.placed_markets:
            continue
        market = state.markets[m]
        servants_there = [p for p in market.pawns if not p[2]]
        if not servants_there:
            continue
        squares = turn.squares_of(state, m)
        top = max(squares[p[0]] for p in market.pawns)
        out.extend(neutral_place_action(m, sq) for sq in turn.free_squares(state, m) if squares[sq] < top)
    return tuple(out)


rule(
    "nefertiti.two.neutral_after_servants",
    "nefertiti.two.neutral_not_same_market",
    "nefertiti.two.neutral_high_priest",
    "nefertiti.two.neutral_not_highest",
    "nefertiti.two.neutral_needs_servant",
)(neutral_placements)


def place_neutral(state: NefState, m: int, square: int) -> NefState:
    """A neutral pawn from the supply (they come back after each closing) goes on the board."""
    me = state.to_move
    market = state.markets[m]
    market = remarket(market, pawns=tuple(sorted((*market.pawns, (square, me, 1)))))
    state = set_market(state, m, market)
    state = evolve(state, neutrals=bump(state.neutrals, me, -1))
    if m != HARBOR and turn.stall_closes(state, m):
        return closing.start_resolution(state, m, final=False)
    return turn.continue_turn(state)


rule("nefertiti.two.neutral_reused")(place_neutral)


def neutral_choices(state: NefState) -> tuple[NefAction, ...]:
    """A neutral pawn: move Deben from the tile to the other markets, or give the neutral player any Gift card."""
    m = state.res_market
    market = state.markets[m]
    want = state.params.neutral_deben[1 if m == HARBOR else 0]
    others = tuple(t for t in range(4) if t != m)
    k = min(want, market.deben)
    out: list[NefAction] = []
    if k == want:
        out.append(action(NeutralDeben, others))
    elif readings_of(state.config).neutral_short_targets == "other_markets":
        out.extend(action(NeutralDeben, c) for c in combinations(others, min(k, len(others))))
    else:
        out.extend(action(NeutralDeben, c) for c in combinations(range(4), k))
    any_card = readings_of(state.config).neutral_gift_face_down == "any_card"
    out.extend(
        NeutralGift(s) for s in sorted(set(market.cards)) if slot_code(s) < N_GIFTS and (any_card or not slot_down(s))
    )
    return tuple(out)


rule(
    "nefertiti.two.neutral_deben",
    "nefertiti.two.neutral_deben_short",
    "nefertiti.two.neutral_gift",
    "nefertiti.two.neutral_seal_removed",
)(neutral_choices)


def neutral_deben(state: NefState, targets: tuple[int, ...]) -> NefState:
    """The neutral pawn moves Deben between market tiles; the neutral player never keeps any."""
    m = state.res_market
    k = len(targets)
    markets = list(state.markets)
    markets[m] = remarket(markets[m], deben=markets[m].deben - k)
    for t in targets:
        markets[t] = remarket(markets[t], deben=markets[t].deben + 1)
    state = evolve(state, markets=tuple(markets), res_queue=state.res_queue[1:])
    return closing.advance_resolution(state)


rule("nefertiti.two.neutral_no_deben")(neutral_deben)


def neutral_gift(state: NefState, s: int) -> NefState:
    """All four neutral pawns feed one neutral hand; a seal on the card leaves the game."""
    m = state.res_market
    market = state.markets[m]
    state = set_market(state, m, remarket(market, cards=remove_slot(market.cards, s)))
    state = evolve(state, neutral_hand=bump(state.neutral_hand, slot_code(s), 1))
    if slot_sealed(s):
        state = evolve(state, seals_removed=state.seals_removed + 1)
    state = evolve(state, res_queue=state.res_queue[1:])
    return closing.advance_resolution(state)


rule("nefertiti.two.neutral_player")(neutral_gift)

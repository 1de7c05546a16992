"""Setting up, and the chance nodes: the board laid out with chance pending, the first player's dice, the Characters
drawn, the cards put under the Gift pile, and what each chance node can give (exact counts; the sampler's fast path).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Final

from nilerules.core.chance import draw_outcomes, sample_index
from nilerules.core.registry import rule
from nilerules.core.types import Config
from nilerules.games.nefertiti.actions import DrawCard, DrawCharacter, FirstPlayer, NefAction
from nilerules.games.nefertiti.names import AKH, LOUQSOR, N_CHARS, N_CODES
from nilerules.games.nefertiti.params import Params
from nilerules.games.nefertiti.rules.common import bump, evolve, n_players, open_markets
from nilerules.games.nefertiti.state import CLOSED, DONE, OPEN, P_BOTTOM, P_CHARS, P_FIRST, P_REFILL, Market, NefState


def setup(config: Config, params: Params) -> NefState:
    """Four markets (Louqsor under the Market Closed tile), the Harbor with 1 Deben when used, chance pending."""
    n = config.players
    markets = tuple(Market((), params.market_deben, 0, (), CLOSED if m == LOUQSOR else OPEN) for m in range(4))
    harbor = Market(
        (), params.harbor_deben if config.has("harbor") else 0, 0, (), OPEN if config.has("harbor") else DONE
    )
    start_total = sum(params.start_deben) + 4 * params.market_deben + harbor.deben
    return NefState(
        config=config,
        params=params,
        phase=P_FIRST,
        to_move=0,
        first=0,
        deben=(0,) * n,
        seals=(0,) * n,
        servants=(params.servants,) * n,
        neutrals=(params.neutral_pawns,) * n,
        prestige=(0,) * n,
        hands=((0,) * N_CODES,) * n,
        neutral_hand=(0,) * N_CODES,
        markets=(*markets, harbor),
        pile=params.deck,
        bottom=(),
        bottom_ordered=False,
        discard=(0,) * N_CODES,
        box=params.box,
        seal_supply=params.seals,
        seals_removed=0,
        deben_removed=0,
        chars=params.char_fixed,
        char_draws_left=params.char_draw,
        amon_priest=-1,
        akh_drawn=False,
        placements_left=1,
        placed_markets=(),
        char_used=False,
        high_priest=False,
        refill_queue=(),
        refill_added=0,
        refill_last=-1,
        harbor_added_since=0,
        res_market=-1,
        res_queue=(),
        res_taken=0,
        res_paid=False,
        res_final=False,
        char_active=-1,
        scratch=(),
        start_total=start_total,
    )


rule("nefertiti.base.markets", "nefertiti.base.louqsor_closed", "nefertiti.harbor.setup_tile")(setup)


def set_first_player(state: NefState, seat: int) -> NefState:
    """The dice choose the first player; Deben are dealt in turn order from that seat."""
    n = n_players(state)
    deben = [0] * n
    for k in range(n):
        deben[(seat + k) % n] = state.params.start_deben[k]
    phase = P_CHARS if state.char_draws_left > 0 else P_BOTTOM
    return evolve(state, first=seat, to_move=seat, deben=tuple(deben), phase=phase)


rule("nefertiti.base.first_player", "nefertiti.two.start_deben", "nefertiti.five.start_deben")(set_first_player)


def draw_character(state: NefState, char: int) -> NefState:
    """Six Character cards are drawn at random from the shuffled rest (the Scribes and Merchant are always out)."""
    pool = character_pool(state)
    pool_list = list(pool)
    pool_list[char] -= 1
    left = state.char_draws_left - 1
    return evolve(
        state,
        chars=bump(state.chars, char, 1),
        char_draws_left=left,
        phase=P_CHARS if left > 0 else P_BOTTOM,
        scratch=tuple(pool_list),
    )


rule("nefertiti.setup.draw_six", "nefertiti.setup.fixed_cards")(draw_character)


def character_pool(state: NefState) -> tuple[int, ...]:
    """Character cards not yet drawn (the scratch holds the pool during the draw)."""
    if state.phase == P_CHARS and state.scratch:
        return state.scratch
    return state.params.char_pool


rule("nefertiti.setup.rest_removed")(character_pool)


def draw_bottom(state: NefState, code: int) -> NefState:
    """Four Gift cards go face down under the pile with the Akhenaton card; their order is still unknown."""
    state = evolve(state, pile=bump(state.pile, code, -1), bottom=(*state.bottom, code), scratch=())
    if len(state.bottom) == state.params.bottom_gifts:
        bottom = tuple(sorted((*state.bottom, AKH)))
        return evolve(state, bottom=bottom, phase=P_REFILL, refill_queue=open_markets(state), refill_added=0)
    return state


rule("nefertiti.base.bottom")(draw_bottom)


def draw_counts(state: NefState) -> tuple[int, ...]:
    """What the next draw from the Gift pile can be: counts per code (the bottom five only once the pile is empty)."""
    if sum(state.pile):
        return state.pile
    counts = [0] * N_CODES
    if state.bottom_ordered:
        if state.bottom:
            counts[state.bottom[0]] = 1
        return tuple(counts)
    for c in state.bottom:
        counts[c] += 1
    return tuple(counts)


def chance_outcomes(state: NefState) -> tuple[tuple[NefAction, Fraction], ...]:
    if state.phase == P_FIRST:
        n = n_players(state)
        return tuple((FirstPlayer(s), Fraction(1, n)) for s in range(n))
    if state.phase == P_CHARS:
        pool = character_pool(state)
        return draw_outcomes(pool, [DrawCharacter(c) for c in range(N_CHARS)])
    if state.phase == P_BOTTOM:
        return draw_outcomes(state.pile, [DrawCard(c) for c in range(N_CODES)])
    if state.phase == P_REFILL:
        return draw_outcomes(draw_counts(state), [DrawCard(c) for c in range(N_CODES)])
    return ()


DRAWS: Final[tuple[DrawCard, ...]] = tuple(DrawCard(c) for c in range(N_CODES))


def sample_chance(state: NefState, rng: random.Random) -> NefAction:
    """The fast path of ``sample(chance_outcomes(state))``: each outcome with the same probability (count/total)."""
    phase = state.phase
    if phase == P_REFILL:
        return DRAWS[sample_index(draw_counts(state), rng)]
    if phase == P_FIRST:
        return FirstPlayer(sample_index([1] * n_players(state), rng))
    if phase == P_CHARS:
        return DrawCharacter(sample_index(character_pool(state), rng))
    return DRAWS[sample_index(state.pile, rng)]


def possible_outcome(state: NefState, action: NefAction) -> bool:
    """Whether ``action`` is among ``chance_outcomes(state)`` (checked on the counts, without building Fractions)."""
    if state.phase == P_FIRST:
        return isinstance(action, FirstPlayer) and 0 <= action.seat < n_players(state)
    if state.phase == P_CHARS:
        return (
            isinstance(action, DrawCharacter) and 0 <= action.char < N_CHARS and character_pool(state)[action.char] > 0
        )
    if not isinstance(action, DrawCard) or not 0 <= action.card < N_CODES:
        return False
    counts = state.pile if state.phase == P_BOTTOM else draw_counts(state)
    return counts[action.card] > 0

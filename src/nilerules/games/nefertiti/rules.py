"""Nefertiti rules as pure functions: setup, the player to move, legal actions, chance outcomes and ``apply``.

The state machine has one phase per kind of decision (see ``state.P_*``). Every transition returns a new state.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from typing import Any, Final

from nilerules.core.chance import draw_outcomes, sample_index
from nilerules.core.registry import rule
from nilerules.core.types import CHANCE, Config, Mover
from nilerules.errors import IllegalAction
from nilerules.games.nefertiti.actions import (
    Done,
    DrawCard,
    DrawCharacter,
    FirstPlayer,
    ForceClose,
    NefAction,
    NeutralDeben,
    NeutralGift,
    Pass,
    Pick,
    PickType,
    Place,
    PlaceNeutral,
    Recall,
    Swap,
    TakeCard,
    TakeHalf,
    Target,
    UseCharacter,
)
from nilerules.games.nefertiti.cards import CARD_TYPE, CARD_UNITS, FOREIGN, slot, slot_code, slot_down, slot_sealed
from nilerules.games.nefertiti.names import (
    AKH,
    AMON_MERCHANT,
    AMON_PRIEST,
    BEGGAR,
    CHIEF,
    HARBOR,
    HIGH_PRIEST,
    LOUQSOR,
    MERCHANT,
    N_CHARS,
    N_CODES,
    N_GIFTS,
    N_TYPES,
    NEUTRAL_OWNER,
    PAPYRUS,
    PRIEST,
    ROYAL_SCRIBE,
    ROYAL_SERVANT,
    SCRIBE2,
    SCRIBE3,
    THIEF,
    TRADER,
    TREASURER,
    WANDERING_THIEF,
    WT,
)
from nilerules.games.nefertiti.params import Params, readings_of
from nilerules.games.nefertiti.scoring import holders, selection_score
from nilerules.games.nefertiti.state import (
    CLOSED,
    DONE,
    OPEN,
    P_BOTTOM,
    P_CHAR,
    P_CHARS,
    P_FIRST,
    P_NEUTRAL,
    P_OVER,
    P_REFILL,
    P_RESOLVE,
    P_TURN,
    P_WT_SWAP,
    Market,
    NefState,
)

# ---------------------------------------------------------------------------------------------------------------
# copying states and markets (the hot path of every playout: positional, no validation; see state.evolve)

_tuple_new: Any = tuple.__new__
_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(NefState._fields)}


def evolve(state: NefState, **changes: object) -> NefState:
    """A copy of ``state`` with some fields changed (the rules only name fields that exist)."""
    values = list(state)
    for name, value in changes.items():
        values[_INDEX[name]] = value
    new: NefState = _tuple_new(NefState, values)
    return new


# field positions of NefState, for the hot paths that build the next state from a list of the fields (``made``)
I_CONFIG: Final = 0
I_PARAMS: Final = 1
I_PHASE: Final = 2
I_TO_MOVE: Final = 3
I_FIRST: Final = 4
I_DEBEN: Final = 5
I_SEALS: Final = 6
I_SERVANTS: Final = 7
I_NEUTRALS: Final = 8
I_PRESTIGE: Final = 9
I_HANDS: Final = 10
I_NEUTRAL_HAND: Final = 11
I_MARKETS: Final = 12
I_PILE: Final = 13
I_BOTTOM: Final = 14
I_BOTTOM_ORDERED: Final = 15
I_DISCARD: Final = 16
I_BOX: Final = 17
I_SEAL_SUPPLY: Final = 18
I_SEALS_REMOVED: Final = 19
I_DEBEN_REMOVED: Final = 20
I_CHARS: Final = 21
I_CHAR_DRAWS_LEFT: Final = 22
I_AMON_PRIEST: Final = 23
I_AKH_DRAWN: Final = 24
I_PLACEMENTS_LEFT: Final = 25
I_PLACED_MARKETS: Final = 26
I_CHAR_USED: Final = 27
I_HIGH_PRIEST: Final = 28
I_REFILL_QUEUE: Final = 29
I_REFILL_ADDED: Final = 30
I_REFILL_LAST: Final = 31
I_HARBOR_ADDED_SINCE: Final = 32
I_RES_MARKET: Final = 33
I_RES_QUEUE: Final = 34
I_RES_TAKEN: Final = 35
I_RES_PAID: Final = 36
I_RES_FINAL: Final = 37
I_CHAR_ACTIVE: Final = 38
I_SCRATCH: Final = 39
I_START_TOTAL: Final = 40
_FIELD_ORDER = (
    "config params phase to_move first deben seals servants neutrals prestige hands neutral_hand markets pile "
    "bottom bottom_ordered discard box seal_supply seals_removed deben_removed chars char_draws_left amon_priest "
    "akh_drawn placements_left placed_markets char_used high_priest refill_queue refill_added refill_last "
    "harbor_added_since res_market res_queue res_taken res_paid res_final char_active scratch start_total"
)
assert " ".join(NefState._fields) == _FIELD_ORDER, "the I_* positions follow NefState's fields"


def made(values: list[object]) -> NefState:
    """The state whose fields are ``values`` (a ``list(state)`` with some positions replaced)."""
    new: NefState = _tuple_new(NefState, values)
    return new


def make_market(
    cards: tuple[int, ...], deben: int, stall: int, pawns: tuple[tuple[int, int, int], ...], status: int
) -> Market:
    """``Market(...)`` without the NamedTuple's Python-level ``__new__``."""
    new: Market = _tuple_new(Market, (cards, deben, stall, pawns, status))
    return new


def remarket(
    market: Market,
    cards: tuple[int, ...] | None = None,
    deben: int = -1,
    stall: int = -1,
    pawns: tuple[tuple[int, int, int], ...] | None = None,
    status: int = -1,
) -> Market:
    """A copy of ``market`` with the given fields changed (Deben, stall and status are never negative)."""
    return make_market(
        market.cards if cards is None else cards,
        market.deben if deben < 0 else deben,
        market.stall if stall < 0 else stall,
        market.pawns if pawns is None else pawns,
        market.status if status < 0 else status,
    )


# ---------------------------------------------------------------------------------------------------------------
# shared action values (actions are immutable values: equal to freshly built ones, and cheaper to hand out)

_MAX_SQUARES = 16
PLACES: tuple[tuple[Place, ...], ...] = tuple(tuple(Place(m, sq) for sq in range(_MAX_SQUARES)) for m in range(5))
NEUTRAL_PLACES: tuple[tuple[PlaceNeutral, ...], ...] = tuple(
    tuple(PlaceNeutral(m, sq) for sq in range(_MAX_SQUARES)) for m in range(5)
)
TAKES: tuple[TakeCard, ...] = tuple(TakeCard(s) for s in range(N_CODES << 2))
USES: tuple[UseCharacter, ...] = tuple(UseCharacter(c) for c in range(N_CHARS))
CLOSES: tuple[ForceClose, ...] = tuple(ForceClose(m) for m in range(-1, 5))
"""``CLOSES[m + 1]`` is ``ForceClose(m)``."""
TAKE_HALF: tuple[NefAction, ...] = (TakeHalf(),)
_SQUARE_RANGES = tuple(tuple(range(n)) for n in range(_MAX_SQUARES + 1))


def place_action(m: int, sq: int) -> Place:
    return PLACES[m][sq] if sq < _MAX_SQUARES else Place(m, sq)


def neutral_place_action(m: int, sq: int) -> PlaceNeutral:
    return NEUTRAL_PLACES[m][sq] if sq < _MAX_SQUARES else PlaceNeutral(m, sq)


# ---------------------------------------------------------------------------------------------------------------
# small pure helpers


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += delta
    return tuple(out)


def put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)


def add_slot(cards: tuple[int, ...], s: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, s)))


def remove_slot(cards: tuple[int, ...], s: int) -> tuple[int, ...]:
    i = cards.index(s)
    return cards[:i] + cards[i + 1 :]


def set_market(state: NefState, m: int, market: Market) -> NefState:
    v = list(state)
    v[I_MARKETS] = with_market(state.markets, m, market)
    return made(v)


def with_market(markets: tuple[Market, ...], m: int, market: Market) -> tuple[Market, ...]:
    """``markets`` with market ``m`` replaced (for one ``evolve`` of the state that changes several fields)."""
    out = list(markets)
    out[m] = market
    return tuple(out)


@rule("nefertiti.harbor.foreign_max_value")
def max_value(params: Params, code: int) -> int:
    """A card's maximum value: its value with a single owner (foreign cards as their type)."""
    return params.values[CARD_TYPE[code]][0]


def normal_count(cards: tuple[int, ...]) -> int:
    return len([s for s in cards if s >> 2 < N_GIFTS])


def face_up_gifts(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Distinct slots holding a face-up Gift card (not the Wandering Thief card)."""
    return tuple(sorted({s for s in cards if slot_code(s) < N_GIFTS and not slot_down(s)}))


def lowest_gifts(params: Params, cards: tuple[int, ...], down_blocks: bool = False) -> tuple[int, ...]:
    """Face-up Gift slots whose maximum value is the lowest in the market (a choice among equals).

    ``down_blocks`` (reading ``wandering_thief_face_down`` = ``lowest_blocks``): the lowest card is looked for among
    face-down cards too, so a market whose lowest card lies face down offers none.
    """
    ups = face_up_gifts(cards)
    if not ups:
        return ()
    low = min(max_value(params, slot_code(s)) for s in ups)
    if down_blocks:
        downs = [max_value(params, slot_code(s)) for s in cards if slot_code(s) < N_GIFTS and slot_down(s)]
        if downs and min(downs) < low:
            return ()
    return tuple(s for s in ups if max_value(params, slot_code(s)) == low)


def down_blocks(state: NefState) -> bool:
    return readings_of(state.config).wandering_thief_face_down == "lowest_blocks"


def hand_add(state: NefState, player: int, code: int, delta: int = 1) -> NefState:
    hands = list(state.hands)
    hands[player] = bump(hands[player], code, delta)
    return evolve(state, hands=tuple(hands))


@rule("nefertiti.harbor.papyrus_seal")
def gain_card(state: NefState, player: int, code: int, from_board: bool) -> NefState:
    """A card enters a hand; a papyrus bought, stolen or exchanged from the board brings a Royal Seal with it."""
    state = hand_add(state, player, code)
    if code == PAPYRUS and from_board and papyrus_brings_seal(state):
        state = evolve(state, seals=bump(state.seals, player, 1), seal_supply=state.seal_supply - 1)
    return state


def papyrus_brings_seal(state: NefState) -> bool:
    """NEF-029: with the supply empty, a papyrus brings a seal only under ``unlimited`` (a substitute token: the supply
    goes below zero, and the seals spent later go back to cover it, so the seals stay conserved)."""
    return state.seal_supply > 0 or readings_of(state.config).papyrus_seal_supply == "unlimited"


def gain_seal(state: NefState, player: int) -> NefState:
    return evolve(state, seals=bump(state.seals, player, 1))


def n_players(state: NefState) -> int:
    return state.config.players


# ---------------------------------------------------------------------------------------------------------------
# setup


@rule("nefertiti.base.markets", "nefertiti.base.louqsor_closed", "nefertiti.harbor.setup_tile")
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


@rule("nefertiti.base.first_player", "nefertiti.two.start_deben", "nefertiti.five.start_deben")
def set_first_player(state: NefState, seat: int) -> NefState:
    """The dice choose the first player; Deben are dealt in turn order from that seat."""
    n = n_players(state)
    deben = [0] * n
    for k in range(n):
        deben[(seat + k) % n] = state.params.start_deben[k]
    phase = P_CHARS if state.char_draws_left > 0 else P_BOTTOM
    return evolve(state, first=seat, to_move=seat, deben=tuple(deben), phase=phase)


@rule("nefertiti.setup.draw_six", "nefertiti.setup.fixed_cards")
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


@rule("nefertiti.setup.rest_removed")
def character_pool(state: NefState) -> tuple[int, ...]:
    """Character cards not yet drawn (the scratch holds the pool during the draw)."""
    if state.phase == P_CHARS and state.scratch:
        return state.scratch
    return state.params.char_pool


@rule("nefertiti.base.bottom")
def draw_bottom(state: NefState, code: int) -> NefState:
    """Four Gift cards go face down under the pile with the Akhenaton card; their order is still unknown."""
    state = evolve(state, pile=bump(state.pile, code, -1), bottom=(*state.bottom, code), scratch=())
    if len(state.bottom) == state.params.bottom_gifts:
        bottom = tuple(sorted((*state.bottom, AKH)))
        return evolve(state, bottom=bottom, phase=P_REFILL, refill_queue=open_markets(state), refill_added=0)
    return state


def open_markets(state: NefState) -> tuple[int, ...]:
    markets = state.markets
    return tuple([m for m in range(4) if markets[m].status == OPEN])


# ---------------------------------------------------------------------------------------------------------------
# chance


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


DRAWS: tuple[DrawCard, ...] = tuple(DrawCard(c) for c in range(N_CODES))


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


# ---------------------------------------------------------------------------------------------------------------
# refilling markets, the Harbor, Akhenaton


@rule(
    "nefertiti.harbor.divert_foreign",
    "nefertiti.harbor.refill_until_four",
    "nefertiti.harbor.only_foreign",
    "nefertiti.end.akhenaton",
)
def draw_for_refill(state: NefState, code: int) -> NefState:
    """One card drawn for the market being refilled: foreign cards go to the Harbor, Akhenaton ends the refills."""
    pile, bottom = state.pile, state.bottom
    if sum(pile):
        pile = bump(pile, code, -1)
    else:
        rest = list(bottom)
        if state.bottom_ordered:
            rest.pop(0)
        else:
            rest.remove(code)
        bottom = tuple(rest)
    if code == AKH:
        return akhenaton(evolve(state, pile=pile, bottom=bottom))
    markets = state.markets
    harbor = markets[HARBOR]
    v = list(state)
    v[I_PILE] = pile
    v[I_BOTTOM] = bottom
    if FOREIGN[code] and harbor.status == OPEN:
        v[I_MARKETS] = with_market(markets, HARBOR, remarket(harbor, cards=add_slot(harbor.cards, code << 2)))
        v[I_REFILL_ADDED] = state.refill_added + 1
        v[I_HARBOR_ADDED_SINCE] = state.harbor_added_since + 1
    else:
        m = state.refill_queue[0]
        market = markets[m]
        v[I_MARKETS] = with_market(markets, m, remarket(market, cards=add_slot(market.cards, code << 2)))
        v[I_REFILL_LAST] = code
    return continue_refill(made(v))


@rule("nefertiti.base.fill")
def continue_refill(state: NefState) -> NefState:
    """Draw until the market holds four normal Gift cards; the top card then takes a Royal Seal if none is there."""
    while state.refill_queue:
        m = state.refill_queue[0]
        market = state.markets[m]
        if normal_count(market.cards) < state.params.market_size:
            if not state.bottom and not sum(state.pile):  # pragma: no cover - Akhenaton is always left to draw
                raise AssertionError("the Gift pile ran out before Akhenaton")
            return state if state.phase == P_REFILL else evolve(state, phase=P_REFILL)
        v = list(state)
        sealed = sealed_market(state, m)
        if sealed is not None:
            v[I_MARKETS] = with_market(state.markets, m, sealed)
            v[I_SEAL_SUPPLY] = state.seal_supply - 1
        v[I_REFILL_QUEUE] = state.refill_queue[1:]
        v[I_REFILL_LAST] = -1
        state = made(v)
        checked = harbor_check(state)
        if checked is not state:
            return checked
        if state.refill_added:
            state = evolve(state, refill_added=0)
    return continue_turn(state)


@rule("nefertiti.harbor.no_seals")
def sealed_market(state: NefState, m: int) -> Market | None:
    """A Royal Seal from the supply goes on the last card drawn into a market without one (never the Harbor).

    The market with its new seal (one seal leaves the supply), or None when no seal is placed.
    """
    market = state.markets[m]
    if any(slot_sealed(s) for s in market.cards) or state.seal_supply <= 0 or state.refill_last < 0:
        return None
    target = slot(state.refill_last)
    if target not in market.cards:
        return None
    return remarket(market, cards=add_slot(remove_slot(market.cards, target), slot(state.refill_last, sealed=True)))


@rule("nefertiti.harbor.trigger", "nefertiti.harbor.trigger_added", "nefertiti.harbor.trigger_four")
def harbor_check(state: NefState) -> NefState:
    """After a refill, the Harbor distributes when a foreign card was added and at least four lie there."""
    harbor = state.markets[HARBOR]
    if harbor.status != OPEN or not harbor.pawns:
        return state
    if len(harbor.cards) < state.params.harbor_threshold:
        return state
    if readings_of(state.config).harbor_trigger_added == "this_refill":
        added = state.refill_added
    else:
        added = state.harbor_added_since
    if added < 1:
        return state
    return start_resolution(state, HARBOR, final=False)


@rule("nefertiti.harbor.final_distribution", "nefertiti.harbor.unusable_after")
def akhenaton(state: NefState) -> NefState:
    """Akhenaton: refills stop, the Harbor's final distribution happens at once, then the game ends (reading)."""
    state = evolve(state, akh_drawn=True, refill_queue=(), refill_added=0, refill_last=-1)
    harbor = state.markets[HARBOR]
    if harbor.status == OPEN and harbor.pawns:
        short = len(harbor.cards) < state.params.harbor_threshold
        if short and readings_of(state.config).harbor_final_threshold == "threshold":
            servants, neutrals = list(state.servants), list(state.neutrals)
            for _sq, owner, neutral in harbor.pawns:
                (neutrals if neutral else servants)[owner] += 1
            done = remarket(harbor, pawns=(), status=DONE)
            state = evolve(state, servants=tuple(servants), neutrals=tuple(neutrals))
            return after_akhenaton(set_market(state, HARBOR, done))
        return start_resolution(state, HARBOR, final=True)
    if state.markets[HARBOR].status == OPEN:
        state = set_market(state, HARBOR, remarket(state.markets[HARBOR], status=DONE))
    return after_akhenaton(state)


def after_akhenaton(state: NefState) -> NefState:
    """Under ``immediate`` the game is over; under ``markets_run_out`` the open markets are played out first."""
    if readings_of(state.config).end_of_game == "immediate" or not open_markets(state):
        return evolve(state, phase=P_OVER)
    return continue_turn(state)


# ---------------------------------------------------------------------------------------------------------------
# turn flow


def continue_turn(state: NefState) -> NefState:
    """After a step is fully resolved: more placements, the neutral pawn (2 players), or the next player."""
    if state.akh_drawn and (readings_of(state.config).end_of_game == "immediate" or not open_markets(state)):
        return evolve(state, phase=P_OVER)
    if state.placements_left > 0:
        return evolve(state, phase=P_TURN)
    if state.placements_left == 0 and n_players(state) == 2:
        state = evolve(state, placements_left=-1)
        if state.neutrals[state.to_move] > 0 and neutral_placements(state):
            return evolve(state, phase=P_NEUTRAL)
    return next_player(state)


def next_player(state: NefState) -> NefState:
    v = list(state)
    v[I_PHASE] = P_TURN
    v[I_TO_MOVE] = (state.to_move + 1) % n_players(state)
    v[I_PLACEMENTS_LEFT] = 1
    v[I_PLACED_MARKETS] = ()
    v[I_CHAR_USED] = False
    v[I_HIGH_PRIEST] = False
    return made(v)


def free_squares(state: NefState, m: int) -> tuple[int, ...]:
    pawns = state.markets[m].pawns
    n = len(squares_of(state, m))
    if not pawns and n <= _MAX_SQUARES:
        return _SQUARE_RANGES[n]
    taken = {p[0] for p in pawns}
    return tuple(i for i in range(n) if i not in taken)


def squares_of(state: NefState, m: int) -> tuple[int, ...]:
    if m == HARBOR:
        return state.params.harbor_squares
    market = state.markets[m]
    return state.params.stalls[m][market.stall].squares


def placeable_markets(state: NefState) -> tuple[int, ...]:
    out = list(open_markets(state))
    blocked = state.high_priest and (
        HARBOR in state.placed_markets or readings_of(state.config).high_priest_harbor == "no_harbor"
    )
    if state.markets[HARBOR].status == OPEN and not blocked:
        out.append(HARBOR)
    return tuple(out)


@rule("nefertiti.turn.place")
def servant_placements(state: NefState) -> tuple[NefAction, ...]:
    """A Servant goes on a free bid square of an open market or the Harbor (the High Priest's extra not there)."""
    if state.servants[state.to_move] <= 0:
        return ()
    out: list[NefAction] = []
    for m in placeable_markets(state):
        if m == HARBOR and state.high_priest and state.placements_left == 1 and state.placed_markets:
            continue
        out.extend(market_placements(state, m))
    return tuple(out)


def market_placements(state: NefState, m: int) -> tuple[Place, ...]:
    """``Place`` on each free square of market ``m`` (shared action values)."""
    market = state.markets[m]
    params = state.params
    n = len(params.harbor_squares if m == HARBOR else params.stalls[m][market.stall].squares)  # squares_of
    pawns = market.pawns
    if n > _MAX_SQUARES:
        return tuple(Place(m, sq) for sq in free_squares(state, m))
    row = PLACES[m]
    if not pawns:
        return row[:n]
    taken = 0
    for pawn in pawns:
        taken |= 1 << pawn[0]
    return tuple([row[sq] for sq in range(n) if not taken >> sq & 1])


@rule("nefertiti.two.no_servant_left", "nefertiti.two.no_servant_regardless")
def forced_closures(state: NefState) -> tuple[ForceClose, ...]:
    """No Servant left to place: close a market where you have Servants (readings cover the Harbor and 3-5 players)."""
    me = state.to_move
    readings = readings_of(state.config)
    neutral_too = readings.forced_close_neutral == "neutral_counts"  # NEF-028
    mine = tuple(
        m for m in open_markets(state) if any(p[1] == me and (neutral_too or not p[2]) for p in state.markets[m].pawns)
    )
    others_can_place = any(state.servants[p] > 0 for p in range(n_players(state)) if p != me)
    if n_players(state) > 2 and readings.no_servant_many_players == "pass" and others_can_place:
        return (CLOSES[0],)
    if mine:
        return tuple(CLOSES[m + 1] for m in mine)
    on_harbor = any(p[1] == me and not p[2] for p in state.markets[HARBOR].pawns)
    if on_harbor and (readings.forced_close_harbor == "distribute" or not others_can_place):
        return (CLOSES[HARBOR + 1],)
    return (CLOSES[0],)


@rule("nefertiti.setup.usable")
def turn_actions(state: NefState) -> tuple[NefAction, ...]:
    """Use an available Character (one per turn, before placing), then place a Servant or close a market."""
    me = state.to_move
    out: list[NefAction] = []
    if not state.char_used and not state.placed_markets and state.seals[me] > 0:
        chars = state.chars
        out.extend(USES[c] for c in range(N_CHARS) if chars[c] > 0)
    placements = servant_placements(state)
    if placements:
        out.extend(placements)
    else:
        out.extend(forced_closures(state))
    return tuple(out)


@rule("nefertiti.turn.first_servant_deben")
def place_servant(state: NefState, m: int, square: int) -> NefState:
    """Place a Servant; the first one placed in a market earns 1 Deben from it (the Harbor: a reading)."""
    me = state.to_move
    market = state.markets[m]
    earns = not market.pawns and market.deben > 0
    if m == HARBOR and readings_of(state.config).harbor_first_deben == "none":
        earns = False
    pawns = tuple(sorted((*market.pawns, (square, me, 0))))
    market = remarket(market, pawns=pawns, deben=market.deben - int(earns))
    markets = with_market(state.markets, m, market)
    deben = bump(state.deben, me, int(earns))
    servants = bump(state.servants, me, -1)
    left = state.placements_left - 1
    closes = m != HARBOR and market_closes(state, m, market)
    n = n_players(state)
    if not closes and left == 0 and not state.akh_drawn and n != 2:  # continue_turn goes to next_player: one copy
        v = list(state)
        v[I_MARKETS] = markets
        v[I_DEBEN] = deben
        v[I_SERVANTS] = servants
        v[I_PHASE] = P_TURN
        v[I_TO_MOVE] = (me + 1) % n
        v[I_PLACEMENTS_LEFT] = 1
        v[I_PLACED_MARKETS] = ()
        v[I_CHAR_USED] = False
        v[I_HIGH_PRIEST] = False
        return made(v)
    state = evolve(
        state,
        markets=markets,
        deben=deben,
        servants=servants,
        placements_left=left,
        placed_markets=(*state.placed_markets, m),
    )
    return start_resolution(state, m, final=False) if closes else continue_turn(state)


@rule("nefertiti.two.neutral_counts_as_servant", "nefertiti.close.condition", "nefertiti.two.giza_three_colors")
def stall_closes(state: NefState, m: int) -> bool:
    """The active stall's closing condition (any of its alternatives) holds for the pawns on it."""
    return market_closes(state, m, state.markets[m])


def market_closes(state: NefState, m: int, market: Market) -> bool:
    """``stall_closes`` for market ``m`` as given (before it is put into the state)."""
    stall = state.params.stalls[m][market.stall]
    pawns = market.pawns
    for kind, n in stall.conditions:
        if kind == "pawns" and len(pawns) >= n:
            return True
        if kind == "colors" and colour_count(state, pawns) >= n:
            return True
        if kind == "adjacent" and longest_run(tuple(p[0] for p in pawns)) >= n:
            return True
        if kind == "full" and len(pawns) >= len(stall.squares):
            return True
    return False


def longest_run(squares: tuple[int, ...]) -> int:
    best = run = 0
    prev = -2
    for sq in sorted(squares):
        run = run + 1 if sq == prev + 1 else 1
        best = max(best, run)
        prev = sq
    return best


def colour_count(state: NefState, pawns: tuple[tuple[int, int, int], ...]) -> int:
    servant_colours = {p[1] for p in pawns if not p[2]}
    if n_players(state) != 2:
        return len(servant_colours)
    neutral = [p[1] for p in pawns if p[2]]
    return colours_two_player(
        sum(1 for p in pawns if not p[2] and p[1] == 0),
        sum(1 for p in pawns if not p[2] and p[1] == 1),
        neutral.count(0),
        neutral.count(1),
        readings_of(state.config).neutral_three_colors,
    )


@rule("nefertiti.two.giza_pattern_servants", "nefertiti.two.giza_pattern_neutrals")
def colours_two_player(rs: int, bs: int, rn: int, bn: int, reading: str) -> int:
    """How many colours a 2-player stall counts, from the counts of red/black Servants and red/black neutrals."""
    servant_colours = int(rs > 0) + int(bs > 0)
    if reading == "listed":
        if (rs > 0 and bs > 0 and rn + bn > 0) or (rn > 0 and bn > 0 and rs + bs > 0):
            return 3
        return servant_colours
    if reading == "neutral_one_color":
        return servant_colours + int(rn + bn > 0)
    return servant_colours + rn + bn


@rule(
    "nefertiti.two.neutral_after_servants",
    "nefertiti.two.neutral_not_same_market",
    "nefertiti.two.neutral_high_priest",
    "nefertiti.two.neutral_not_highest",
    "nefertiti.two.neutral_needs_servant",
)
def neutral_placements(state: NefState) -> tuple[NefAction, ...]:
    """A neutral pawn: not where Servants went this turn, and never on the square that would be the highest bid."""
    out: list[NefAction] = []
    for m in placeable_markets(state):
        if m in state.placed_markets:
            continue
        market = state.markets[m]
        servants_there = [p for p in market.pawns if not p[2]]
        if not servants_there:
            continue
        squares = squares_of(state, m)
        top = max(squares[p[0]] for p in market.pawns)
        out.extend(neutral_place_action(m, sq) for sq in free_squares(state, m) if squares[sq] < top)
    return tuple(out)


@rule("nefertiti.two.neutral_reused")
def place_neutral(state: NefState, m: int, square: int) -> NefState:
    """A neutral pawn from the supply (they come back after each closing) goes on the board."""
    me = state.to_move
    market = state.markets[m]
    market = remarket(market, pawns=tuple(sorted((*market.pawns, (square, me, 1)))))
    state = set_market(state, m, market)
    state = evolve(state, neutrals=bump(state.neutrals, me, -1))
    if m != HARBOR and stall_closes(state, m):
        return start_resolution(state, m, final=False)
    return continue_turn(state)


# ---------------------------------------------------------------------------------------------------------------
# closing a market, distributing the Harbor


@rule("nefertiti.close.bid_order", "nefertiti.harbor.distribution_order", "nefertiti.two.neutral_actions")
def start_resolution(state: NefState, m: int, final: bool) -> NefState:
    """Bidders act in bid order from the highest; neutral pawns act where the neutral-order reading puts them."""
    squares = squares_of(state, m)
    bids = sorted(((squares[p[0]], p[1], p[2]) for p in state.markets[m].pawns), reverse=True)
    order = readings_of(state.config).neutral_action_order
    servants = [b for b in bids if not b[2]]
    neutrals = [b for b in bids if b[2]]
    if order == "after_bidders":
        bids = servants + neutrals
    elif order == "before_bidders":
        bids = neutrals + servants
    top = servants[0] if servants else None
    queue = tuple((v, o, nt, int(top is not None and (v, o, nt) == top)) for v, o, nt in bids)
    v = list(state)
    v[I_PHASE] = P_RESOLVE
    v[I_RES_MARKET] = m
    v[I_RES_QUEUE] = queue
    v[I_RES_TAKEN] = 0
    v[I_RES_PAID] = False
    v[I_RES_FINAL] = final
    return advance_resolution(made(v))


def advance_resolution(state: NefState) -> NefState:
    """Skip bidders who have nothing to decide; finish when the queue is empty."""
    while state.res_queue:
        actions = resolution_actions(state)
        if actions:
            if state.phase == P_RESOLVE:  # they are this state's legal actions (see legal_actions)
                remember(state, actions)
            return state
        v = list(state)
        v[I_RES_QUEUE] = state.res_queue[1:]
        v[I_RES_TAKEN] = 0
        v[I_RES_PAID] = False
        state = made(v)
    return finish_resolution(state)


def wt_targets(state: NefState, source: int) -> tuple[Swap, ...]:
    """Where a bought Wandering Thief card can be used: the lowest gift of another market (not a finished one)."""
    out: list[Swap] = []
    for t in range(4):
        if t == source:
            continue
        if state.akh_drawn and state.markets[t].status == DONE:
            continue
        out.extend(Swap(-1, t, s) for s in lowest_gifts(state.params, state.markets[t].cards, down_blocks(state)))
    return tuple(out)


@rule(
    "nefertiti.close.highest",
    "nefertiti.close.following",
    "nefertiti.harbor.highest_buys_two",
    "nefertiti.beggar.face_down_blocks",
    "nefertiti.wandering_thief.buyable",
)
def resolution_actions(state: NefState) -> tuple[NefAction, ...]:
    """The current bidder's choices at a closing market or Harbor distribution."""
    value, owner, neutral, highest = state.res_queue[0]
    m = state.res_market
    market = state.markets[m]
    if neutral:
        return neutral_choices(state)
    taken = state.res_taken
    if not highest and taken > 0:
        return ()
    skip_sealed = taken > 0 if highest else readings_of(state.config).sealed_card_buyer == "highest_only"
    ups: list[NefAction] = []
    for s in sorted(set(market.cards)):
        if s & 1:  # face down
            continue
        if s & 2 and skip_sealed:
            continue
        if s >> 2 == WT and not wt_targets(state, m):
            continue
        ups.append(TAKES[s])
    if highest:
        if taken > 0 or state.res_paid:  # paid already (NEF-031 not_a_gift: after a Wandering Thief not counted)
            return tuple(ups)
        if ups and (state.deben[owner] >= value or readings_of(state.config).unaffordable_bid == "pay_what_you_have"):
            return tuple(ups)
        return TAKE_HALF
    if state.deben[owner] >= value:
        return (*ups, *TAKE_HALF)
    return TAKE_HALF


@rule(
    "nefertiti.two.neutral_deben",
    "nefertiti.two.neutral_deben_short",
    "nefertiti.two.neutral_gift",
    "nefertiti.two.neutral_seal_removed",
)
def neutral_choices(state: NefState) -> tuple[NefAction, ...]:
    """A neutral pawn: move Deben from the tile to the other markets, or give the neutral player any Gift card."""
    m = state.res_market
    market = state.markets[m]
    want = state.params.neutral_deben[1 if m == HARBOR else 0]
    others = tuple(t for t in range(4) if t != m)
    k = min(want, market.deben)
    out: list[NefAction] = []
    if k == want:
        out.append(NeutralDeben(others))
    elif readings_of(state.config).neutral_short_targets == "other_markets":
        out.extend(NeutralDeben(c) for c in combinations(others, min(k, len(others))))
    else:
        out.extend(NeutralDeben(c) for c in combinations(range(4), k))
    any_card = readings_of(state.config).neutral_gift_face_down == "any_card"
    out.extend(
        NeutralGift(s) for s in sorted(set(market.cards)) if slot_code(s) < N_GIFTS and (any_card or not slot_down(s))
    )
    return tuple(out)


HIGHEST_BIDDER_CARDS: Final = 2
"""The highest bidder 'takes two Gifts, or one Gift with the Royal Seal' (nefertiti.close.highest)."""


def pay_bid(state: NefState, owner: int, value: int, m: int) -> NefState:
    pay = min(value, state.deben[owner])
    market = state.markets[m]
    state = set_market(state, m, remarket(market, deben=market.deben + pay))
    return evolve(state, deben=bump(state.deben, owner, -pay), res_paid=True)


def take_card(state: NefState, s: int) -> NefState:
    """Pay the bid (once), take the card and its seal; a papyrus brings a seal from the supply (``gain_card``)."""
    value, owner, _neutral, _highest = state.res_queue[0]
    m = state.res_market
    market = state.markets[m]
    deben, market_deben = state.deben, market.deben
    if not state.res_paid:  # pay_bid
        pay = min(value, deben[owner])
        deben = bump(deben, owner, -pay)
        market_deben += pay
    market = remarket(market, cards=remove_slot(market.cards, s), deben=market_deben)
    code = s >> 2
    sealed = bool(s & 2)
    seals = bump(state.seals, owner, 1) if sealed else state.seals
    markets = with_market(state.markets, m, market)
    if code == WT:  # NEF-031: the highest bidder's bought Wandering Thief counts among their two cards, or not
        highest = state.res_queue[0][3]
        counted = not (highest and readings_of(state.config).wandering_thief_bought == "not_a_gift")
        # on a sealed space it is bought 'in the same way' as the Gift with the Royal Seal: nothing after it
        taken = HIGHEST_BIDDER_CARDS if highest and sealed else state.res_taken + int(counted)
        return evolve(
            state,
            markets=markets,
            deben=deben,
            res_paid=True,
            res_taken=taken,
            seals=seals,
            phase=P_WT_SWAP,
        )
    hands = list(state.hands)
    hands[owner] = bump(hands[owner], code, 1)
    supply = state.seal_supply
    if code == PAPYRUS and papyrus_brings_seal(state):  # gain_card: nefertiti.harbor.papyrus_seal
        seals = bump(seals, owner, 1)
        supply -= 1
    v = list(state)
    v[I_MARKETS] = markets
    v[I_DEBEN] = deben
    v[I_SEALS] = seals
    v[I_HANDS] = tuple(hands)
    v[I_SEAL_SUPPLY] = supply
    taken = state.res_taken + 1
    if state.res_queue[0][3] and not sealed and taken < HIGHEST_BIDDER_CARDS:  # the highest bidder may take another
        v[I_RES_PAID] = True
        v[I_RES_TAKEN] = taken
        return after_take(made(v), sealed=False)
    v[I_RES_QUEUE] = state.res_queue[1:]  # after_take when the bidder is done: the next bidder (one copy)
    v[I_RES_TAKEN] = 0
    v[I_RES_PAID] = False
    return advance_resolution(made(v))


def after_take(state: NefState, sealed: bool) -> NefState:
    _value, _owner, _neutral, highest = state.res_queue[0]
    if highest and not sealed and state.res_taken < HIGHEST_BIDDER_CARDS:
        actions = resolution_actions(state)
        if actions:
            if state.phase != P_RESOLVE:
                state = evolve(state, phase=P_RESOLVE)
            remember(state, actions)  # this state's legal actions (see legal_actions)
            return state
    state = evolve(state, phase=P_RESOLVE, res_queue=state.res_queue[1:], res_taken=0, res_paid=False)
    return advance_resolution(state)


@rule("nefertiti.wandering_thief.must_use")
def wt_swap(state: NefState, action: Swap) -> NefState:
    """A bought Wandering Thief card is used at once on the lowest gift of one of the other three markets."""
    _value, owner, _neutral, _highest = state.res_queue[0]
    target = state.markets[action.market]
    sealed = slot_sealed(action.slot)
    cards = add_slot(remove_slot(target.cards, action.slot), slot(WT, sealed=sealed))
    state = set_market(state, action.market, remarket(target, cards=cards))
    state = gain_card(state, owner, slot_code(action.slot), from_board=True)
    return after_take(evolve(state, phase=P_RESOLVE), sealed=False)


def take_half(state: NefState) -> NefState:
    _value, owner, _neutral, _highest = state.res_queue[0]
    m = state.res_market
    market = state.markets[m]
    half = (market.deben + 1) // 2
    v = list(state)
    v[I_MARKETS] = with_market(state.markets, m, remarket(market, deben=market.deben - half))
    v[I_DEBEN] = bump(state.deben, owner, half)
    v[I_RES_QUEUE] = state.res_queue[1:]
    v[I_RES_TAKEN] = 0
    v[I_RES_PAID] = False
    return advance_resolution(made(v))


@rule("nefertiti.two.neutral_no_deben")
def neutral_deben(state: NefState, targets: tuple[int, ...]) -> NefState:
    """The neutral pawn moves Deben between market tiles; the neutral player never keeps any."""
    m = state.res_market
    k = len(targets)
    markets = list(state.markets)
    markets[m] = remarket(markets[m], deben=markets[m].deben - k)
    for t in targets:
        markets[t] = remarket(markets[t], deben=markets[t].deben + 1)
    state = evolve(state, markets=tuple(markets), res_queue=state.res_queue[1:])
    return advance_resolution(state)


@rule("nefertiti.two.neutral_player")
def neutral_gift(state: NefState, s: int) -> NefState:
    """All four neutral pawns feed one neutral hand; a seal on the card leaves the game."""
    m = state.res_market
    market = state.markets[m]
    state = set_market(state, m, remarket(market, cards=remove_slot(market.cards, s)))
    state = evolve(state, neutral_hand=bump(state.neutral_hand, slot_code(s), 1))
    if slot_sealed(s):
        state = evolve(state, seals_removed=state.seals_removed + 1)
    state = evolve(state, res_queue=state.res_queue[1:])
    return advance_resolution(state)


@rule(
    "nefertiti.close.return",
    "nefertiti.close.reopen",
    "nefertiti.harbor.never_closed",
    "nefertiti.harbor.unbought_remain",
    "nefertiti.two.neutral_returns",
    "nefertiti.beggar.face_up_again",
)
def finish_resolution(state: NefState) -> NefState:
    """Pawns go home; a market goes under the Market Closed tile and the one there reopens on its other stall."""
    m = state.res_market
    market = state.markets[m]
    servants = list(state.servants)
    neutrals = list(state.neutrals)
    for _sq, owner, neutral in market.pawns:
        if neutral:
            neutrals[owner] += 1
        else:
            servants[owner] += 1
    if m != HARBOR and not state.akh_drawn:  # a market closes, the one under the tile reopens: one copy
        markets = list(state.markets)
        reopen = [c for c in range(4) if markets[c].status == CLOSED]
        markets[m] = remarket(market, pawns=(), status=CLOSED)
        for c in reopen:
            old = markets[c]
            cards = tuple(sorted([s & ~1 for s in old.cards]))
            markets[c] = remarket(old, cards=cards, stall=1 - old.stall, status=OPEN)
        v = list(state)
        v[I_SERVANTS] = tuple(servants)
        v[I_NEUTRALS] = tuple(neutrals)
        v[I_RES_MARKET] = -1
        v[I_RES_QUEUE] = ()
        v[I_PHASE] = P_REFILL
        v[I_MARKETS] = tuple(markets)
        v[I_REFILL_QUEUE] = tuple(reopen)
        v[I_REFILL_ADDED] = 0
        v[I_REFILL_LAST] = -1
        return continue_refill(made(v))
    state = evolve(
        state, servants=tuple(servants), neutrals=tuple(neutrals), res_market=-1, res_queue=(), phase=P_REFILL
    )
    if m == HARBOR:
        status = DONE if state.res_final else OPEN
        state = set_market(state, HARBOR, remarket(market, pawns=(), status=status))
        state = evolve(state, harbor_added_since=0, refill_added=0)
        if state.res_final:
            return after_akhenaton(evolve(state, res_final=False))
        return continue_refill(state)
    state = set_market(state, m, remarket(market, pawns=(), status=DONE))  # after Akhenaton
    return continue_turn(state)


# ---------------------------------------------------------------------------------------------------------------
# Characters


@rule("nefertiti.turn.character")
def use_character(state: NefState, char: int) -> NefState:
    """Spend a Royal Seal (back to the supply, assumed) to use one Character card; the card leaves the game."""
    me = state.to_move
    state = evolve(
        state,
        seals=bump(state.seals, me, -1),
        seal_supply=state.seal_supply + 1,
        chars=bump(state.chars, char, -1),
        char_used=True,
    )
    if char == HIGH_PRIEST:
        return high_priest(state)
    if char == AMON_PRIEST:
        return amon_priest(state)
    scratch: tuple[int, ...] = ()
    if char == ROYAL_SCRIBE:
        scratch = (0,) * N_GIFTS
    elif char == PRIEST:
        scratch = (0, 0, 0)
    elif char in (BEGGAR, TRADER):
        scratch = (0,)
    return evolve(state, phase=P_CHAR, char_active=char, scratch=scratch)


@rule("nefertiti.chars.high_priest")
def high_priest(state: NefState) -> NefState:
    """High Priest (assumed from the reference): place one extra Servant this turn, not on the Harbor."""
    return evolve(state, placements_left=state.placements_left + 1, high_priest=True, phase=P_TURN)


@rule("nefertiti.amon_priest.stays")
def amon_priest(state: NefState) -> NefState:
    """Amon Priest: the card stays in front of its user, who gains the rank bonus after the final scoring."""
    return evolve(state, amon_priest=state.to_move, phase=P_TURN)


def end_character(state: NefState) -> NefState:
    return evolve(state, phase=P_TURN, char_active=-1, scratch=())


def hand_gift_codes(hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c for c in range(N_GIFTS) if hand[c] > 0)


@rule("nefertiti.wandering_thief.closed_market", "nefertiti.wandering_thief.after_akhenaton")
def board_markets(state: NefState) -> tuple[int, ...]:
    """Markets a Character may reach: all four, except those completely closed after Akhenaton."""
    return tuple(m for m in range(4) if state.markets[m].status != DONE)


def priest_ok(state: NefState, give: int, take: int) -> bool:
    """The Priest's value limit: per exchange, or over all exchanges together (a reading)."""
    p = state.params
    vg, vt = max_value(p, give), max_value(p, take)
    if readings_of(state.config).priest_value_limit == "per_pair":
        return vt <= vg
    _stage, max_given, max_recv = state.scratch[:3]
    return max(max_recv, vt) <= max(max_given, vg)


@rule(
    "nefertiti.priest.look",
    "nefertiti.priest.exchange",
    "nefertiti.priest.value_limit",
    "nefertiti.priest.akhenaton_not_gift",
    "nefertiti.priest.no_exchange_ok",
    "nefertiti.priest.order",
)
def priest_actions(state: NefState) -> tuple[NefAction, ...]:
    """Priest: exchange Gift cards one for one with the last cards of the pile, then order them."""
    me = state.to_move
    if state.scratch[0] == 0:
        swaps = [
            Swap(g, -2, t)
            for g in hand_gift_codes(state.hands[me])
            for t in sorted(set(state.bottom))
            if t != AKH and priest_ok(state, g, t)
        ]
        return (*swaps, Done())
    chosen = list(state.scratch[3:])
    left = list(state.bottom)
    for c in chosen:
        left.remove(c)
    return tuple(Pick(c) for c in sorted(set(left)))


def priest_gain(state: NefState, me: int, code: int) -> NefState:
    """A card taken from the bottom of the pile; a papyrus brings a Royal Seal under the reading ``with_seal`` (it is
    gained by an exchange, and not from another player)."""
    return gain_card(state, me, code, from_board=readings_of(state.config).priest_papyrus == "with_seal")


def priest_apply(state: NefState, action: NefAction) -> NefState:
    me = state.to_move
    if isinstance(action, Swap):
        bottom = list(state.bottom)
        bottom[bottom.index(action.slot)] = action.give
        stage, mg, mr = state.scratch[:3]
        p = state.params
        state = hand_add(state, me, action.give, -1)
        state = priest_gain(state, me, action.slot)
        scratch = (stage, max(mg, max_value(p, action.give)), max(mr, max_value(p, action.slot)))
        return evolve(state, bottom=tuple(bottom) if state.bottom_ordered else tuple(sorted(bottom)), scratch=scratch)
    if isinstance(action, Done):
        state = evolve(state, scratch=(1, *state.scratch[1:3]))
    elif isinstance(action, Pick):
        state = evolve(state, scratch=(*state.scratch, action.code))
    order = list(state.scratch[3:])
    left = list(state.bottom)
    for c in order:
        left.remove(c)
    if len(set(left)) <= 1:
        return end_character(evolve(state, bottom=(*order, *left), bottom_ordered=True))
    return state


@rule("nefertiti.beggar.each_market", "nefertiti.beggar.markets_on_board")
def beggar_actions(state: NefState) -> tuple[NefAction, ...]:
    """Beggar: for each market in turn, take 1 Deben from its tile, turn one Gift card face down, or neither."""
    m = state.scratch[0]
    market = state.markets[m]
    out: list[NefAction] = []
    if market.deben > 0:
        out.append(Target(m, -1))
    out.extend(Target(m, s) for s in face_up_gifts(market.cards))
    out.append(Pass())
    return tuple(out)


def beggar_markets(state: NefState) -> tuple[int, ...]:
    if readings_of(state.config).beggar_markets == "all_four":
        return (0, 1, 2, 3)
    return open_markets(state)


def beggar_apply(state: NefState, action: NefAction) -> NefState:
    me = state.to_move
    m = state.scratch[0]
    if isinstance(action, Target):
        market = state.markets[m]
        if action.item < 0:
            state = set_market(state, m, remarket(market, deben=market.deben - 1))
            state = evolve(state, deben=bump(state.deben, me, 1))
        else:
            cards = add_slot(remove_slot(market.cards, action.item), action.item | 1)
            state = set_market(state, m, remarket(market, cards=cards))
    return beggar_next(state, m)


def beggar_next(state: NefState, after: int) -> NefState:
    for m in beggar_markets(state):
        if m > after:
            return evolve(state, scratch=(m,))
    return end_character(state)


@rule(
    "nefertiti.royal_scribe.score",
    "nefertiti.royal_scribe.mixed_types",
    "nefertiti.royal_scribe.partial",
    "nefertiti.royal_scribe.discard",
)
def royal_scribe_score(state: NefState) -> NefState:
    """Royal Scribe: the chosen cards score their value (owners counted now) plus 1 each, then are discarded."""
    me = state.to_move
    chosen = state.scratch
    owners = holders((*state.hands, state.neutral_hand))
    readings = readings_of(state.config)
    points = selection_score(
        state.params,
        state.hands[me],
        chosen,
        owners,
        state.params.royal_scribe_bonus,
        readings.scribe_foreign_bonus,
        readings.senet_x2_scribe,
    )
    return discard_and_score(state, me, chosen, points)


def discard_and_score(state: NefState, me: int, chosen: tuple[int, ...], points: int) -> NefState:
    hand = tuple(state.hands[me][c] - (chosen[c] if c < len(chosen) else 0) for c in range(N_CODES))
    discard = tuple(state.discard[c] + (chosen[c] if c < len(chosen) else 0) for c in range(N_CODES))
    hands = (*state.hands[:me], hand, *state.hands[me + 1 :])
    state = evolve(state, hands=hands, discard=discard, prestige=bump(state.prestige, me, points))
    return end_character(state)


@rule("nefertiti.chars.scribes")
def scribe_score(state: NefState, card_type: int) -> NefState:
    """Scribe +2/+3 (assumed from the reference): score every card of one type held, plus 2 or 3 per card."""
    me = state.to_move
    hand = state.hands[me]
    chosen = tuple(hand[c] if CARD_TYPE[c] == card_type else 0 for c in range(N_GIFTS))
    per_card = state.params.scribe_bonus[0 if state.char_active == SCRIBE2 else 1]
    owners = holders((*state.hands, state.neutral_hand))
    readings = readings_of(state.config)
    points = selection_score(
        state.params,
        hand,
        chosen,
        owners,
        per_card,
        readings.scribe_foreign_bonus,
        readings.senet_x2_scribe,
    )
    return discard_and_score(state, me, chosen, points)


@rule("nefertiti.amon_merchant.discard", "nefertiti.amon_merchant.points", "nefertiti.amon_merchant.senet_x2")
def amon_merchant_discard(state: NefState, code: int) -> NefState:
    """Amon Merchant: each discarded Gift card is 8 prestige (a double senet counts as two: 16)."""
    me = state.to_move
    points = state.params.amon_merchant_points * CARD_UNITS[code]
    if readings_of(state.config).amon_merchant_foreign == "plus_bonus":
        points += state.params.bonus[code] * CARD_UNITS[code]
    state = hand_add(state, me, code, -1)
    return evolve(state, discard=bump(state.discard, code, 1), prestige=bump(state.prestige, me, points))


@rule(
    "nefertiti.wandering_thief.take",
    "nefertiti.wandering_thief.seal_stays",
    "nefertiti.wandering_thief.place_card",
)
def wandering_thief_take(state: NefState, m: int, s: int) -> NefState:
    """Wandering Thief: take the lowest gift of any market; the Thief card takes its space (and its seal)."""
    me = state.to_move
    market = state.markets[m]
    if readings_of(state.config).wandering_thief_placement == "literal":
        return end_character(evolve(state, box=bump(state.box, WT, 1)))
    cards = add_slot(remove_slot(market.cards, s), slot(WT, sealed=slot_sealed(s)))
    state = set_market(state, m, remarket(market, cards=cards))
    state = gain_card(state, me, slot_code(s), from_board=True)
    return end_character(state)


@rule(
    "nefertiti.trader.exchange",
    "nefertiti.trader.pay_difference",
    "nefertiti.wandering_thief.not_stealable",
    "nefertiti.harbor.no_characters",
    "nefertiti.harbor.no_characters_list",
    "nefertiti.two.neutral_discard_exchange",
    "nefertiti.two.neutral_deben_removed",
)
def trader_actions(state: NefState) -> tuple[NefAction, ...]:
    """Trader: up to two exchanges of a held Gift for a face-up card on the board, paying any rise in value."""
    me = state.to_move
    p = state.params
    out: list[NefAction] = []
    gives = hand_gift_codes(state.hands[me])
    markets = trader_markets(state)
    for g in gives:
        for m in markets:
            for s in face_up_gifts(state.markets[m].cards):
                if max(0, max_value(p, slot_code(s)) - max_value(p, g)) <= state.deben[me]:
                    out.append(Swap(g, m, s))
        if neutral_targetable(state):
            for c in hand_gift_codes(state.neutral_hand):
                if max(0, max_value(p, c) - max_value(p, g)) <= state.deben[me]:
                    out.append(Swap(g, -1, c))
    out.append(Done())
    return tuple(out)


def trader_markets(state: NefState) -> tuple[int, ...]:
    """The markets whose cards count as "cards on the board" for the Trader (a reading: the closed one too or not)."""
    if readings_of(state.config).trader_markets == "open_only":
        return open_markets(state)
    return board_markets(state)


def neutral_targetable(state: NefState) -> bool:
    return n_players(state) == 2 and readings_of(state.config).royal_servant_neutral == "targets_neutral"


def trader_apply(state: NefState, action: Swap) -> NefState:
    me = state.to_move
    p = state.params
    taken = slot_code(action.slot) if action.market >= 0 else action.slot
    cost = max(0, max_value(p, taken) - max_value(p, action.give))
    state = hand_add(state, me, action.give, -1)
    state = evolve(state, deben=bump(state.deben, me, -cost))
    if action.market == -1:
        state = evolve(
            state,
            neutral_hand=bump(bump(state.neutral_hand, action.slot, -1), action.give, 1),
            deben_removed=state.deben_removed + cost,
        )
        neutral_is_player = readings_of(state.config).papyrus_from_neutral == "neutral_is_player"
        state = gain_card(state, me, action.slot, from_board=not neutral_is_player)
    else:
        market = state.markets[action.market]
        new = slot(action.give, sealed=slot_sealed(action.slot))
        cards = add_slot(remove_slot(market.cards, action.slot), new)
        state = set_market(state, action.market, remarket(market, cards=cards, deben=market.deben + cost))
        state = gain_card(state, me, slot_code(action.slot), from_board=True)
    count = state.scratch[0] + 1
    if count >= 2:
        return end_character(state)
    return evolve(state, scratch=(count,))


@rule(
    "nefertiti.chars.merchant",
    "nefertiti.chars.treasurer",
    "nefertiti.chars.thief",
    "nefertiti.chars.royal_servant",
    "nefertiti.chars.chief",
)
def base_character_actions(state: NefState) -> tuple[NefAction, ...]:
    """The base Characters' powers (assumed: see params.base_character_powers)."""
    me = state.to_move
    c = state.char_active
    p = state.params
    out: list[NefAction] = []
    if c == MERCHANT:
        for m in open_markets(state):
            for s in face_up_gifts(state.markets[m].cards):
                if max_value(p, slot_code(s)) <= state.deben[me]:
                    out.append(Target(m, s))
    elif c == TREASURER:
        out.extend(Target(m) for m in board_markets(state) if state.markets[m].deben > 0)
    elif c == THIEF:
        for m in board_markets(state):
            out.extend(Target(m, s) for s in face_up_gifts(state.markets[m].cards))
    elif c == ROYAL_SERVANT:
        for t in range(n_players(state)):
            if t != me:
                out.extend(Pick(code, t) for code in hand_gift_codes(state.hands[t]))
        if neutral_targetable(state):
            out.extend(Pick(code, NEUTRAL_OWNER) for code in hand_gift_codes(state.neutral_hand))
    elif c == CHIEF:
        for m in open_markets(state):  # never the Harbor: Characters cannot be used there
            out.extend(Recall(m, pw[0]) for pw in state.markets[m].pawns if pw[1] == me and not pw[2])
    elif c in (SCRIBE2, SCRIBE3):
        held = {CARD_TYPE[code] for code in hand_gift_codes(state.hands[me])}
        out.extend(PickType(t) for t in range(N_TYPES) if t in held)
    out.append(Done())
    return tuple(out)


def base_character_apply(state: NefState, action: NefAction) -> NefState:
    me = state.to_move
    c = state.char_active
    if isinstance(action, Done):
        return end_character(state)
    if isinstance(action, PickType):
        return scribe_score(state, action.card_type)
    if c == ROYAL_SERVANT and isinstance(action, Pick):
        if action.target == NEUTRAL_OWNER:
            state = evolve(state, neutral_hand=bump(state.neutral_hand, action.code, -1))
        else:
            state = hand_add(state, action.target, action.code, -1)
        return end_character(evolve(state, discard=bump(state.discard, action.code, 1)))
    if isinstance(action, Recall):
        market = state.markets[action.market]
        pawns = tuple(pw for pw in market.pawns if pw[0] != action.square)
        state = set_market(state, action.market, remarket(market, pawns=pawns))
        return end_character(evolve(state, servants=bump(state.servants, me, 1)))
    assert isinstance(action, Target)
    market = state.markets[action.market]
    if c == TREASURER:
        state = set_market(state, action.market, remarket(market, deben=0))
        return end_character(evolve(state, deben=bump(state.deben, me, market.deben)))
    price = max_value(state.params, slot_code(action.item)) if c == MERCHANT else 0
    market = remarket(market, cards=remove_slot(market.cards, action.item), deben=market.deben + price)
    state = set_market(state, action.market, market)
    state = evolve(state, deben=bump(state.deben, me, -price))
    state = gain_card(state, me, slot_code(action.item), from_board=True)
    if slot_sealed(action.item):
        state = gain_seal(state, me)
    return end_character(state)


def character_actions(state: NefState) -> tuple[NefAction, ...]:
    me = state.to_move
    c = state.char_active
    if c == PRIEST:
        return priest_actions(state)
    if c == BEGGAR:
        return beggar_actions(state)
    if c == ROYAL_SCRIBE:
        hand = state.hands[me]
        picks = [Pick(code) for code in range(N_GIFTS) if hand[code] - state.scratch[code] > 0]
        return (*picks, Done())
    if c == AMON_MERCHANT:
        return (*(Pick(code) for code in hand_gift_codes(state.hands[me])), Done())
    if c == WANDERING_THIEF:
        out: list[NefAction] = []
        for m in board_markets(state):
            out.extend(Target(m, s) for s in lowest_gifts(state.params, state.markets[m].cards, down_blocks(state)))
        return (*out, Done())
    if c == TRADER:
        return trader_actions(state)
    return base_character_actions(state)


def character_apply(state: NefState, action: NefAction) -> NefState:
    c = state.char_active
    if c == PRIEST:
        return priest_apply(state, action)
    if c == BEGGAR:
        return beggar_apply(state, action)
    if c == ROYAL_SCRIBE:
        if isinstance(action, Pick):
            return evolve(state, scratch=bump(state.scratch, action.code, 1))
        return royal_scribe_score(state)
    if c == AMON_MERCHANT:
        if isinstance(action, Pick):
            return amon_merchant_discard(state, action.code)
        return end_character(state)
    if c == WANDERING_THIEF:
        if isinstance(action, Target):
            return wandering_thief_take(state, action.market, action.item)
        return end_character(state)
    if c == TRADER:
        if isinstance(action, Swap):
            return trader_apply(state, action)
        return end_character(state)
    return base_character_apply(state, action)


# ---------------------------------------------------------------------------------------------------------------
# the public pure API


def current_player(state: NefState) -> Mover:
    if state.phase == P_OVER:
        return None
    if state.phase in (P_FIRST, P_CHARS, P_BOTTOM, P_REFILL):
        return CHANCE
    if state.phase in (P_RESOLVE, P_WT_SWAP):
        return state.res_queue[0][1]
    return state.to_move


def legal_actions(state: NefState) -> tuple[NefAction, ...]:
    """The legal actions of the player to move, in a fixed order (empty at chance nodes and at the end).

    They are derived data of the (immutable) state, so the last state's are remembered: a policy asks for them, then
    ``apply`` checks the chosen action against the same tuple (the memo is keyed by identity, and holds the state).
    """
    memo = _memo
    if memo[0] is state:
        return memo[1]
    result = _legal_actions(state)
    remember(state, result)
    return result


_memo: tuple[object, tuple[NefAction, ...]] = (None, ())
"""The last state whose legal actions were computed, with them (one tuple: read and replaced atomically)."""


def remember(state: NefState, actions: tuple[NefAction, ...]) -> None:
    """Record ``actions`` as the legal actions of ``state`` (a memo of derived data; the state is unchanged)."""
    global _memo
    _memo = (state, actions)


def _legal_actions(state: NefState) -> tuple[NefAction, ...]:
    phase = state.phase
    if phase == P_TURN:
        return turn_actions(state)
    if phase == P_RESOLVE:
        return resolution_actions(state)
    if phase == P_WT_SWAP:
        return wt_targets(state, state.res_market)
    if phase == P_NEUTRAL:
        return (*neutral_placements(state), Pass())
    if phase == P_CHAR:
        return character_actions(state)
    return ()


_RULE_BY_PHASE = {
    P_TURN: "nefertiti.turn.place",
    P_RESOLVE: "nefertiti.close.following",
    P_WT_SWAP: "nefertiti.wandering_thief.must_use",
    P_NEUTRAL: "nefertiti.two.neutral_not_highest",
    P_CHAR: "nefertiti.turn.character",
    P_OVER: "nefertiti.end.akhenaton",
}


def apply(state: NefState, action: NefAction) -> NefState:
    """Apply one action (a chance outcome at chance nodes); anything not legal raises IllegalAction."""
    phase = state.phase
    if phase == P_REFILL and type(action) is DrawCard:  # the most frequent chance node: one card drawn
        card = action.card
        if 0 <= card < N_CODES and draw_counts(state)[card] > 0:
            return draw_for_refill(state, card)
        raise IllegalAction("nefertiti.base.bottom", "not a possible chance outcome here", state, action)
    if phase in (P_FIRST, P_CHARS, P_BOTTOM, P_REFILL):
        if not _possible_outcome(state, action):
            raise IllegalAction("nefertiti.base.bottom", "not a possible chance outcome here", state, action)
        return _apply_chance(state, action)
    legal = legal_actions(state)
    for candidate in legal:  # actions handed out by legal_actions are found by identity, before any __eq__
        if candidate is action:
            break
    else:
        if action in legal:
            return _apply_move(state, action)
        rule_id = _RULE_BY_PHASE.get(phase, "nefertiti.turn.place")
        raise IllegalAction(rule_id, "not a legal action in this state", state, action)
    return _apply_move(state, action)


def _possible_outcome(state: NefState, action: NefAction) -> bool:
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


def _apply_chance(state: NefState, action: NefAction) -> NefState:
    if isinstance(action, FirstPlayer):
        return set_first_player(state, action.seat)
    if isinstance(action, DrawCharacter):
        return draw_character(state, action.char)
    assert isinstance(action, DrawCard)
    if state.phase == P_BOTTOM:
        return draw_bottom(state, action.card)
    return draw_for_refill(state, action.card)


def _apply_move(state: NefState, action: NefAction) -> NefState:
    phase = state.phase
    if phase == P_TURN:
        if isinstance(action, Place):
            return place_servant(state, action.market, action.square)
        if isinstance(action, UseCharacter):
            return use_character(state, action.char)
        assert isinstance(action, ForceClose)
        return force_close(state, action.market)
    if phase == P_RESOLVE:
        if isinstance(action, TakeCard):
            return take_card(state, action.slot)
        if isinstance(action, TakeHalf):
            return take_half(state)
        if isinstance(action, NeutralDeben):
            return neutral_deben(state, action.targets)
        assert isinstance(action, NeutralGift)
        return neutral_gift(state, action.slot)
    if phase == P_WT_SWAP:
        assert isinstance(action, Swap)
        return wt_swap(state, action)
    if phase == P_NEUTRAL:
        state = evolve(state, placements_left=-1)
        if isinstance(action, PlaceNeutral):
            return place_neutral(state, action.market, action.square)
        return next_player(state)
    return character_apply(state, action)


def force_close(state: NefState, m: int) -> NefState:
    """Close the chosen market at once (or distribute the Harbor, or pass); then place or not (a reading)."""
    again = m >= 0 and readings_of(state.config).forced_close_then_place == "then_place"
    state = evolve(state, placements_left=1 if again else 0)
    if m < 0:
        return continue_turn(state)
    return start_resolution(state, m, final=False)

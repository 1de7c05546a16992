"""What every mechanic of the rules uses: copies of the state and its markets, the shared action values, small
pure helpers, and the values of the cards lying in a market.

The copies are the hot path of every playout: positional and unvalidated (``state.evolve`` is the checked one).
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from nilerules.core.legal_memo import LegalMemo
from nilerules.core.readings import record
from nilerules.core.registry import rule
from nilerules.core.types import Config
from nilerules.games.nefertiti.actions import (
    Done,
    ForceClose,
    NefAction,
    Pass,
    Place,
    PlaceNeutral,
    TakeCard,
    TakeHalf,
    UseCharacter,
)
from nilerules.games.nefertiti.cards import CARD_TYPE, slot, slot_code, slot_down
from nilerules.games.nefertiti.names import N_CHARS, N_CODES, N_GIFTS
from nilerules.games.nefertiti.params import Params, Readings
from nilerules.games.nefertiti.state import OPEN, Market, NefState

A = TypeVar("A")

LEGAL: Final = LegalMemo()
"""The last state whose legal actions were computed, with them (the kernel's one-entry memo): written by
``legal_actions`` and by the closing steps that compute the next bidder's choices anyway
(``closing.advance_resolution``, ``closing.after_take``: the state they return is the one remembered); read by
``legal_actions`` only."""
PASS_ACTION: Final = Pass()
DONE_ACTION: Final = Done()
_ACTIONS: Final[dict[tuple[Any, ...], Any]] = {}
"""Read and written by ``action`` only: each distinct action made once. Actions are frozen dataclasses, whose
``__init__`` is Python code, and the menus that ``legal_actions`` builds would run it again and again
(docs/hot-paths.md)."""
_MAX_ACTIONS: Final = 100_000
"""The most actions kept (menus are of card slots, markets and seats: a few thousand in practice)."""


def action(kind: type[A], *fields: Any) -> A:
    """``kind(*fields)``, or an equal action made before."""
    key = (kind, *fields)
    found = _ACTIONS.get(key)
    if found is None:
        found = kind(*fields)
        if len(_ACTIONS) < _MAX_ACTIONS:
            _ACTIONS[key] = found
    made: A = found
    return made


def readings_of(config: Config) -> Readings:
    """``params.readings_of``, the readings ``config`` chooses, compiled with the rules that ask for them (they ask
    often: docs/hot-paths.md)."""
    return record(config, Readings)


# ---------------------------------------------------------------------------------------------------------------
# copying states and markets (the hot path of every playout: positional, no validation; see state.evolve)

_tuple_new: Final[Any] = tuple.__new__


def evolve(state: NefState, **changes: object) -> NefState:
    """A copy of ``state`` with some fields changed (the rules only name fields that exist)."""
    new = state.copy()
    for name, value in changes.items():
        setattr(new, name, value)
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

_MAX_SQUARES: Final = 16
PLACES: Final[tuple[tuple[Place, ...], ...]] = tuple(
    tuple(Place(m, sq) for sq in range(_MAX_SQUARES)) for m in range(5)
)
NEUTRAL_PLACES: Final[tuple[tuple[PlaceNeutral, ...], ...]] = tuple(
    tuple(PlaceNeutral(m, sq) for sq in range(_MAX_SQUARES)) for m in range(5)
)
TAKES: Final[tuple[TakeCard, ...]] = tuple(TakeCard(s) for s in range(slot(N_CODES)))  # every slot of every card code
USES: Final[tuple[UseCharacter, ...]] = tuple(UseCharacter(c) for c in range(N_CHARS))
CLOSES: Final[tuple[ForceClose, ...]] = tuple(ForceClose(m) for m in range(-1, 5))
"""``CLOSES[m + 1]`` is ``ForceClose(m)``."""
TAKE_HALF: Final[tuple[NefAction, ...]] = (TakeHalf(),)
_SQUARE_RANGES: Final = tuple(tuple(range(n)) for n in range(_MAX_SQUARES + 1))


def neutral_place_action(m: int, sq: int) -> PlaceNeutral:
    return NEUTRAL_PLACES[m][sq] if sq < _MAX_SQUARES else PlaceNeutral(m, sq)


# ---------------------------------------------------------------------------------------------------------------
# small pure helpers


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += delta
    return tuple(out)


def add_slot(cards: tuple[int, ...], s: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, s)))


def remove_slot(cards: tuple[int, ...], s: int) -> tuple[int, ...]:
    i = cards.index(s)
    return cards[:i] + cards[i + 1 :]


def set_market(state: NefState, m: int, market: Market) -> NefState:
    v = state.copy()
    v.markets = with_market(state.markets, m, market)
    return v


def with_market(markets: tuple[Market, ...], m: int, market: Market) -> tuple[Market, ...]:
    """``markets`` with market ``m`` replaced (for one ``evolve`` of the state that changes several fields)."""
    out = list(markets)
    out[m] = market
    return tuple(out)


def max_value(params: Params, code: int) -> int:
    """A card's maximum value: its value with a single owner (foreign cards as their type)."""
    return params.values[CARD_TYPE[code]][0]


rule("nefertiti.harbor.foreign_max_value")(max_value)


def normal_count(cards: tuple[int, ...]) -> int:
    return len([s for s in cards if s >> 2 < N_GIFTS])  # slot_code, inlined (every refill step)


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


def gain_seal(state: NefState, player: int) -> NefState:
    return evolve(state, seals=bump(state.seals, player, 1))


def n_players(state: NefState) -> int:
    return state.config.players


def open_markets(state: NefState) -> tuple[int, ...]:
    """The markets open now (not under the Market Closed tile, not done), in market order; never the Harbor."""
    markets = state.markets
    return tuple([m for m in range(4) if markets[m].status == OPEN])

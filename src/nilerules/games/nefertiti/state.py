"""Nefertiti state: the markets as a NamedTuple and the whole game (``NefState``, from ``nefstate``: a native class
when compiled), their frozen-dataclass twins for JSON, the phase and market-status codes.

Cards are counted by code (``names.py``) in count vectors; a card lying in a market is a slot (``cards.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final, NamedTuple, TypeAlias, TypeVar

from nilerules.core.types import Config
from nilerules.games.nefertiti.cards import Slot
from nilerules.games.nefertiti.nefstate import STATE_FIELDS as STATE_FIELDS
from nilerules.games.nefertiti.nefstate import NefState as NefState
from nilerules.games.nefertiti.params import Params

T = TypeVar("T")

Deben: TypeAlias = int

OPEN: Final = 0
CLOSED: Final = 1
DONE: Final = 2
"""Market status: open; under the Market Closed tile; completely closed (after Akhenaton) or unused Harbor."""

# phases
P_FIRST: Final = 0
P_CHARS: Final = 1
P_BOTTOM: Final = 2
P_REFILL: Final = 3
P_TURN: Final = 4
P_RESOLVE: Final = 5
P_NEUTRAL: Final = 6
P_CHAR: Final = 7
P_WT_SWAP: Final = 8
P_OVER: Final = 9


class Market(NamedTuple):
    """A market (or the Harbor): its cards, Deben, active stall, pawns ``(square, owner, neutral)`` and status.

    A NamedTuple (see ``NefState``); its JSON is that of the frozen dataclass ``MarketRecord``, tagged ``"Market"``.
    """

    cards: tuple[Slot, ...]
    deben: Deben
    stall: int
    pawns: tuple[tuple[int, int, int], ...]
    status: int


class _NefStateFields(NamedTuple):
    """The fields of ``NefState`` (``nefstate.py``, a native class when compiled) with their hints, for its JSON
    twin ``NefStateRecord``: mypyc erases the annotations of a compiled class, and the codec is driven by them.
    Checked against ``STATE_FIELDS`` below."""

    config: Config
    params: Params
    phase: int
    to_move: int
    first: int
    deben: tuple[int, ...]
    seals: tuple[int, ...]
    servants: tuple[int, ...]
    neutrals: tuple[int, ...]
    prestige: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    neutral_hand: tuple[int, ...]
    markets: tuple[Market, ...]
    pile: tuple[int, ...]
    bottom: tuple[int, ...]
    bottom_ordered: bool
    discard: tuple[int, ...]
    box: tuple[int, ...]
    seal_supply: int
    seals_removed: int
    deben_removed: int
    chars: tuple[int, ...]
    char_draws_left: int
    amon_priest: int
    akh_drawn: bool
    # turn
    placements_left: int
    placed_markets: tuple[int, ...]
    char_used: bool
    high_priest: bool
    # refill
    refill_queue: tuple[int, ...]
    refill_added: int
    refill_last: int
    harbor_added_since: int
    # resolution of a closing market or a Harbor distribution
    res_market: int
    res_queue: tuple[tuple[int, int, int, int], ...]
    """Bidders still to act: (bid value, owner, neutral 0/1, highest 0/1)."""
    res_taken: int
    res_paid: bool
    res_final: bool
    # character in use and its scratch
    char_active: int
    scratch: tuple[int, ...]
    start_total: int


assert _NefStateFields._fields == STATE_FIELDS, "NefState's fields and their JSON hints follow one order"

_FIELDS: Final = {NefState: frozenset(STATE_FIELDS), Market: frozenset(Market._fields)}
_tuple_new: Any = tuple.__new__


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a ``NefState`` or ``Market`` with some fields changed (``dataclasses.replace`` for these records).

    Unknown field names raise TypeError. The rules use their own positional copies on the hot path.
    """
    fields = _FIELDS.get(type(obj))
    if fields is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not fields.issuperset(changes):
        raise TypeError(f"unknown fields {sorted(set(changes) - fields)!r}")
    new: T = obj._replace(**changes)  # type: ignore[attr-defined]
    return new


# ---------------------------------------------------------------------------------------------------------------
# JSON: the frozen-dataclass twins the codec reads and writes


def _twin(cls: Any, name: str, hints: dict[str, Any]) -> Any:
    fields = [(f, hints.get(f, cls.__annotations__[f])) for f in cls._fields]
    twin: Any = dataclasses.make_dataclass(name, fields, frozen=True)
    twin.__module__ = __name__
    return twin


MarketRecord: Any = _twin(Market, "Market", {})
"""The frozen-dataclass twin of ``Market`` for JSON (same name, fields and hints)."""
NefStateRecord: Any = _twin(_NefStateFields, "NefState", {"markets": tuple[MarketRecord, ...]})
"""The frozen-dataclass twin of ``NefState`` for JSON (its markets are ``MarketRecord`` twins)."""


def state_record(state: NefState) -> Any:
    """The ``NefStateRecord`` equal field by field to ``state`` (what ``state_to_data`` encodes)."""
    markets = tuple(MarketRecord(*m) for m in state.markets)
    values = state.field_list()
    values[STATE_FIELDS.index("markets")] = markets
    return NefStateRecord(*values)


def state_from_record(record: Any) -> NefState:
    """The ``NefState`` a decoded ``NefStateRecord`` stands for."""
    values = {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}
    values["markets"] = tuple(Market(*(getattr(m, f) for f in Market._fields)) for m in record.markets)
    return NefState(**values)

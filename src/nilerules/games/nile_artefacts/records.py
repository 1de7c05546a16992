"""The records of a Nile Artefacts state that the JSON codec reads: ``Note``, each field's type (the codec's guide)
and meaning, and the state's JSON form.

The form is the record field for field, cards as *kinds* (indices into ``Params.cards``), tagged ``"NAState"``: the
game's ``state_to_data``, what log digests are taken of. It lives apart from ``state`` because that module is compiled
by mypyc in a regular install, and mypyc erases the annotations (``tuple``, not ``tuple[int, ...]``) that the codec
is driven by; nothing here is on the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from nilerules.core import Config
from nilerules.core.codec import from_data, to_data
from nilerules.errors import MalformedAction
from nilerules.games.nile_artefacts.params import Params
from nilerules.games.nile_artefacts.state import STATE_FIELDS, NAState, make_state


@dataclass(frozen=True, slots=True)
class Note:
    """A diagnostic noted during play: ``kind`` is supply_exhausted / open_tie / no_progress."""

    kind: str
    rule_id: str
    detail: str


STATE_TYPES: Final[dict[str, Any]] = {
    "config": Config,
    "params": Params,
    "phase": int,  # state.PH_* (names.PHASE_NAMES)
    "round": int,
    "first": int,  # the seat holding the First Player token
    "to_move": int,
    "pending": int,  # chance draws still due in this phase (reveals or deals)
    "deck": tuple[int, ...],  # the draw pile: a count per card kind
    "discard": tuple[int, ...],  # the discard pile: a count per card kind
    "board": tuple[tuple[int, ...], ...],  # the cards under each space (sorted kinds), Ports included
    "hands": tuple[tuple[int, ...], ...],  # the cards in front of each player (sorted kinds)
    "coins": tuple[int, ...],
    "stock": int,  # Coins in the stock (negative only under coin_stock=unlimited)
    "boats": tuple[int, ...],  # each Boat's space
    "facing": tuple[int, ...],  # +1 toward the right Port, -1 toward the left
    "docked": tuple[bool, ...],  # the Boat has reached a Port this stage (or started there, port_start=literal)
    "turned": bool,  # the player to move has already turned round this turn
    "picks": int,  # cards the player to move must still take from the space their Boat reached
    "buy_return": int,  # the phase a purchase (PH_BUY) returns to
    "offering": tuple[tuple[int, tuple[int, ...], int], ...],  # (kind, types counted, visible Monument or -1)
    "altar": tuple[int, ...],  # cards offered this phase, discarded when every player has offered
    "visible": tuple[int, ...],  # the visible Monuments (ids into Params.monuments), in the row's order
    "levels": tuple[tuple[int, ...], ...],  # levels[i][p]: level of player p on visible Monument i
    "phase_levels": tuple[tuple[int, ...], ...],  # levels at the start of the offering phase (else empty)
    "seen": frozenset[int],  # Monuments turned over so far (visible or completed)
    "pile": int,  # Monuments left in the pile (the removed ones are unseen but never drawn)
    "scores": tuple[int, ...],  # Divine Favor points
    "final_round": int,  # the last round once the end is triggered, else 0
    "notes": tuple[Note, ...],  # diagnostics noted during play
    "completed": tuple[tuple[int, ...], ...],  # completed[p][l]: Monuments completed with player p at level l
}
"""Each field of a state with its type (the JSON codec's guide) and meaning."""


def state_to_data(state: NAState) -> Any:
    """The JSON form: every field of the record, tagged ``"NAState"``."""
    out: dict[str, Any] = {"type": "NAState"}
    for name, value in zip(STATE_FIELDS, state.fields(), strict=True):
        out[name] = to_data(value)
    return out


def state_from_data(data: Any) -> NAState:
    """The inverse of ``state_to_data``; a wrong shape raises MalformedAction naming the JSON path."""
    if not isinstance(data, dict) or data.get("type") != "NAState":
        raise MalformedAction(f"$: expected a Nile Artefacts state (an object with type 'NAState'), got {data!r}"[:300])
    unknown = sorted(set(data) - set(STATE_FIELDS) - {"type"})
    missing = [name for name in STATE_FIELDS if name not in data]
    if unknown or missing:
        raise MalformedAction(f"$: state fields missing {missing!r}, unknown {unknown!r}")
    return make_state(**{name: from_data(STATE_TYPES[name], data[name], f"$.{name}") for name in STATE_FIELDS})

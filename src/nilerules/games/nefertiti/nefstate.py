"""Nefertiti's state record itself, ``NefState``: under mypyc (a regular install) this module is compiled and
``NefState`` is a native class, so that a copy is one C call and a field read a struct read (as Nile Artefacts'
``NAState``): random playouts spend most of their time copying states (figures: docs/hot-paths.md). What every
native state shares (equality, hash, repr, pickling, ``_replace``) is ``nilerules.core.native.NativeState``.

The rules never change a state they are given: they copy it (``copy``), set the fields that change on the copy and
return it; nothing else sets a field. ``state.py`` re-exports ``NefState`` with the phase codes,
``Market`` and the JSON twins (the codec reads annotations, which mypyc erases, so they live in a module that is not
compiled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nilerules.core.native import NativeState
from nilerules.core.types import Config
from nilerules.games.nefertiti.params import Params

if TYPE_CHECKING:
    from nilerules.games.nefertiti.state import Market

STATE_FIELDS: Final = (
    "config",
    "params",
    "phase",
    "to_move",
    "first",
    "deben",
    "seals",
    "servants",
    "neutrals",
    "prestige",
    "hands",
    "neutral_hand",
    "markets",
    "pile",
    "bottom",
    "bottom_ordered",
    "discard",
    "box",
    "seal_supply",
    "seals_removed",
    "deben_removed",
    "chars",
    "char_draws_left",
    "amon_priest",
    "akh_drawn",
    "placements_left",
    "placed_markets",
    "char_used",
    "high_priest",
    "refill_queue",
    "refill_added",
    "refill_last",
    "harbor_added_since",
    "res_market",
    "res_queue",
    "res_taken",
    "res_paid",
    "res_final",
    "char_active",
    "scratch",
    "start_total",
)
"""The fields of a state, in order (a NamedTuple's ``_fields`` before; positions ``rules.common.I_*``)."""


class NefState(NativeState):
    """The whole game. Per-turn and per-phase scratch fields are named for the phase that uses them.

    A value: equal states have equal fields, and its hash is that of its fields. Its JSON is that of the frozen
    dataclass ``NefStateRecord`` (same name, fields and hints, tagged ``"NefState"``): see ``state.state_to_data``.
    ``res_queue`` holds the bidders still to act: (bid value, owner, neutral 0/1, highest 0/1).
    """

    def __init__(
        self,
        config: Config,
        params: Params,
        phase: int,
        to_move: int,
        first: int,
        deben: tuple[int, ...],
        seals: tuple[int, ...],
        servants: tuple[int, ...],
        neutrals: tuple[int, ...],
        prestige: tuple[int, ...],
        hands: tuple[tuple[int, ...], ...],
        neutral_hand: tuple[int, ...],
        markets: tuple[Market, ...],
        pile: tuple[int, ...],
        bottom: tuple[int, ...],
        bottom_ordered: bool,
        discard: tuple[int, ...],
        box: tuple[int, ...],
        seal_supply: int,
        seals_removed: int,
        deben_removed: int,
        chars: tuple[int, ...],
        char_draws_left: int,
        amon_priest: int,
        akh_drawn: bool,
        placements_left: int,
        placed_markets: tuple[int, ...],
        char_used: bool,
        high_priest: bool,
        refill_queue: tuple[int, ...],
        refill_added: int,
        refill_last: int,
        harbor_added_since: int,
        res_market: int,
        res_queue: tuple[tuple[int, int, int, int], ...],
        res_taken: int,
        res_paid: bool,
        res_final: bool,
        char_active: int,
        scratch: tuple[int, ...],
        start_total: int,
    ) -> None:
        self.config = config
        self.params = params
        self.phase = phase
        self.to_move = to_move
        self.first = first
        self.deben = deben
        self.seals = seals
        self.servants = servants
        self.neutrals = neutrals
        self.prestige = prestige
        self.hands = hands
        self.neutral_hand = neutral_hand
        self.markets = markets
        self.pile = pile
        self.bottom = bottom
        self.bottom_ordered = bottom_ordered
        self.discard = discard
        self.box = box
        self.seal_supply = seal_supply
        self.seals_removed = seals_removed
        self.deben_removed = deben_removed
        self.chars = chars
        self.char_draws_left = char_draws_left
        self.amon_priest = amon_priest
        self.akh_drawn = akh_drawn
        self.placements_left = placements_left
        self.placed_markets = placed_markets
        self.char_used = char_used
        self.high_priest = high_priest
        self.refill_queue = refill_queue
        self.refill_added = refill_added
        self.refill_last = refill_last
        self.harbor_added_since = harbor_added_since
        self.res_market = res_market
        self.res_queue = res_queue
        self.res_taken = res_taken
        self.res_paid = res_paid
        self.res_final = res_final
        self.char_active = char_active
        self.scratch = scratch
        self.start_total = start_total

    def fields(self) -> tuple[Any, ...]:
        """The 41 fields, in ``STATE_FIELDS`` order."""
        return (
            self.config,
            self.params,
            self.phase,
            self.to_move,
            self.first,
            self.deben,
            self.seals,
            self.servants,
            self.neutrals,
            self.prestige,
            self.hands,
            self.neutral_hand,
            self.markets,
            self.pile,
            self.bottom,
            self.bottom_ordered,
            self.discard,
            self.box,
            self.seal_supply,
            self.seals_removed,
            self.deben_removed,
            self.chars,
            self.char_draws_left,
            self.amon_priest,
            self.akh_drawn,
            self.placements_left,
            self.placed_markets,
            self.char_used,
            self.high_priest,
            self.refill_queue,
            self.refill_added,
            self.refill_last,
            self.harbor_added_since,
            self.res_market,
            self.res_queue,
            self.res_taken,
            self.res_paid,
            self.res_final,
            self.char_active,
            self.scratch,
            self.start_total,
        )

    def field_names(self) -> tuple[str, ...]:
        return STATE_FIELDS

    def copy(self) -> NefState:
        """A copy of this state for the rules to set the fields that change on before they return it (one C call when
        compiled; the fields are passed unboxed)."""
        return NefState(
            self.config,
            self.params,
            self.phase,
            self.to_move,
            self.first,
            self.deben,
            self.seals,
            self.servants,
            self.neutrals,
            self.prestige,
            self.hands,
            self.neutral_hand,
            self.markets,
            self.pile,
            self.bottom,
            self.bottom_ordered,
            self.discard,
            self.box,
            self.seal_supply,
            self.seals_removed,
            self.deben_removed,
            self.chars,
            self.char_draws_left,
            self.amon_priest,
            self.akh_drawn,
            self.placements_left,
            self.placed_markets,
            self.char_used,
            self.high_priest,
            self.refill_queue,
            self.refill_added,
            self.refill_last,
            self.harbor_added_since,
            self.res_market,
            self.res_queue,
            self.res_taken,
            self.res_paid,
            self.res_final,
            self.char_active,
            self.scratch,
            self.start_total,
        )

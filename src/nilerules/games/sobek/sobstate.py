"""Sobek's state record itself, ``SobekState``: under mypyc (a regular install) this module is compiled and
``SobekState`` is a native class, so that a copy is one C call and a field read a struct read (as Nefertiti's
``NefState`` and Nile Artefacts' ``NAState``; figures: docs/hot-paths.md). What every native state shares
(equality, hash, repr, pickling, ``_replace``) is ``nilerules.core.native.NativeState``.

The rules never change a state they are given: they copy it (``copy``), set the fields that change on the copy and
return it; nothing else sets a field. ``state.py`` re-exports ``SobekState`` with the codes, ``Params``, ``Draw``,
``Pending``, ``PlayedSet`` and the JSON twin (the codec reads annotations, which mypyc erases, so they live in a
module that is not compiled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nilerules.core.native import NativeState
from nilerules.core.types import Config

if TYPE_CHECKING:
    from nilerules.games.sobek.state import Draw, Params, Pending, PlayedSet

STATE_FIELDS: Final = (
    "config",
    "params",
    "round",
    "phase",
    "to_move",
    "start_player",
    "deck",
    "removed",
    "green_pile",
    "row",
    "deliveries_left",
    "hands",
    "sets",
    "corruption",
    "curses",
    "discard",
    "token_bag",
    "tokens",
    "events_used",
    "scores",
    "last_gain",
    "draws",
    "pending",
    "extra_turn",
    "hphase_left",
    "early_end",
    "log",
    "ledger",
)
"""The fields of a state, in order (a NamedTuple's ``_fields`` before; the JSON twin follows it)."""


class SobekState(NativeState):
    """The whole game state (the fields are described on its JSON twin, ``state._SobekStateFields``).

    A value: equal states have equal fields, and its hash is that of its fields (the hash a NamedTuple of the same
    fields had). Its JSON is that of the frozen dataclass ``SobekStateRecord`` (same name, fields and hints, tagged
    ``"SobekState"``): see ``state.state_to_data``.
    """

    def __init__(
        self,
        config: Config,
        params: Params,
        round: int,
        phase: int,
        to_move: int,
        start_player: int,
        deck: tuple[int, ...],
        removed: tuple[int, ...],
        green_pile: tuple[int, ...],
        row: tuple[int, ...],
        deliveries_left: int,
        hands: tuple[tuple[int, ...], ...],
        sets: tuple[tuple[PlayedSet, ...], ...],
        corruption: tuple[tuple[int, ...], ...],
        curses: tuple[int, ...],
        discard: tuple[int, ...],
        token_bag: tuple[int, ...],
        tokens: tuple[int, ...],
        events_used: tuple[int, ...],
        scores: tuple[int, ...],
        last_gain: tuple[int, ...],
        draws: tuple[Draw, ...],
        pending: Pending | None,
        extra_turn: bool,
        hphase_left: tuple[int, ...],
        early_end: bool,
        log: tuple[str, ...],
        ledger: tuple[tuple[int, ...], ...],
    ) -> None:
        self.config = config
        self.params = params
        self.round = round
        self.phase = phase
        self.to_move = to_move
        self.start_player = start_player
        self.deck = deck
        self.removed = removed
        self.green_pile = green_pile
        self.row = row
        self.deliveries_left = deliveries_left
        self.hands = hands
        self.sets = sets
        self.corruption = corruption
        self.curses = curses
        self.discard = discard
        self.token_bag = token_bag
        self.tokens = tokens
        self.events_used = events_used
        self.scores = scores
        self.last_gain = last_gain
        self.draws = draws
        self.pending = pending
        self.extra_turn = extra_turn
        self.hphase_left = hphase_left
        self.early_end = early_end
        self.log = log
        self.ledger = ledger

    def fields(self) -> tuple[Any, ...]:
        """The 28 fields, in ``STATE_FIELDS`` order."""
        return (
            self.config,
            self.params,
            self.round,
            self.phase,
            self.to_move,
            self.start_player,
            self.deck,
            self.removed,
            self.green_pile,
            self.row,
            self.deliveries_left,
            self.hands,
            self.sets,
            self.corruption,
            self.curses,
            self.discard,
            self.token_bag,
            self.tokens,
            self.events_used,
            self.scores,
            self.last_gain,
            self.draws,
            self.pending,
            self.extra_turn,
            self.hphase_left,
            self.early_end,
            self.log,
            self.ledger,
        )

    def field_names(self) -> tuple[str, ...]:
        return STATE_FIELDS

    def copy(self) -> SobekState:
        """A copy of this state for the rules to set the fields that change on before they return it (one C call when
        compiled; the fields are passed unboxed)."""
        return SobekState(
            self.config,
            self.params,
            self.round,
            self.phase,
            self.to_move,
            self.start_player,
            self.deck,
            self.removed,
            self.green_pile,
            self.row,
            self.deliveries_left,
            self.hands,
            self.sets,
            self.corruption,
            self.curses,
            self.discard,
            self.token_bag,
            self.tokens,
            self.events_used,
            self.scores,
            self.last_gain,
            self.draws,
            self.pending,
            self.extra_turn,
            self.hphase_left,
            self.early_end,
            self.log,
            self.ledger,
        )

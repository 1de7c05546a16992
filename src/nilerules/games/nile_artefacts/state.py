"""The state of a game of Nile Artefacts: the record the rules work on, and the per-game tables they read from it.

``NAState`` holds the 30 fields of a position (``STATE_FIELDS``; their meaning and types are in
``records.STATE_TYPES``, the JSON form in ``records``, the public position format in ``position``), plus a derived one
that is not part of the position: ``ctx`` (the ``Ctx`` tables of its params and config). The draw pile is kept as
``cards``, its cards as a sorted tuple of kinds (a multiset, as a hand is): a draw is ``cards[pick]`` and a card
leaves by two slices, where a count per kind (54 of them) was walked and copied whole at every draw. ``deck`` (a count
per kind, the field of the position) and ``left`` (``len(cards)``) are read from it; a deck given from outside that no
pile of the game can hold (a negative count, more cards than the game has, or not one count per kind: a broken state,
for the invariants to report) is kept as given in ``given_deck``, which ``deck`` then shows, with no cards to draw.

Under mypyc (a regular install) this module is compiled and ``NAState`` is a native class: a copy is one C call and a
field read is a struct read, which is what random playouts spend most of their time on. In pure Python a copy is one
``__dict__`` copy. The records the JSON codec reads (``Params``, ``Note``) live in modules that are not compiled: mypyc
erases the annotations the codec is driven by.

A state is a value: the rules never change a state they are given. They copy it (``clone``), set the fields that
change on the copy, and return the copy; nothing else may set a field. ``evolve`` is the readable way to do the same
from outside the hot path (tests, checks, situations).
"""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any, Final

from nilerules.core import Config
from nilerules.core.native import NativeState
from nilerules.games.nile_artefacts.actions import Action, Buy, Done, Draw, Move, Offer, Reveal, Take, TurnAround
from nilerules.games.nile_artefacts.names import Condition
from nilerules.games.nile_artefacts.params import DoubleCard, Params, TypeChoice, readings_of

if TYPE_CHECKING:
    from nilerules.games.nile_artefacts.records import Note

# Phases (their names in the position format: names.PHASE_NAMES)
PH_REVEAL: Final = 0
"""Monuments are being revealed (chance): at setup or after rewards."""
PH_DEAL: Final = 1
"""Round setup: Artifact cards are being drawn and placed (chance)."""
PH_NAV: Final = 2
PH_BUY: Final = 3
"""A bought card is being drawn (chance); ``buy_return`` says which phase resumes."""
PH_OFFER: Final = 4
PH_OVER: Final = 5


def _probe() -> None:
    """A plain function: under mypyc it is compiled, which tells which build is running."""


COMPILED: Final = not isinstance(_probe, types.FunctionType)
"""True when this module runs compiled (mypyc): ``clone`` then uses the native constructor."""

_new: Any = object.__new__
_put: Any = object.__setattr__

Offers = tuple[Offer, ...]

STATE_FIELDS: Final = (
    "config",
    "params",
    "phase",
    "round",
    "first",
    "to_move",
    "pending",
    "deck",
    "discard",
    "board",
    "hands",
    "coins",
    "stock",
    "boats",
    "facing",
    "docked",
    "turned",
    "picks",
    "buy_return",
    "offering",
    "altar",
    "visible",
    "levels",
    "phase_levels",
    "seen",
    "pile",
    "scores",
    "final_round",
    "notes",
    "completed",
)
"""The fields of a position, in order (the keys of its JSON form)."""


class Ctx:
    """What the rules read from a state's params and config, resolved once per (params, config): numbers, the card
    and Monument tables, the readings as flags, and the shared action instances."""

    def __init__(self, params: Params, config: Config) -> None:
        r = readings_of(config)
        self.params = params
        self.config = config
        self.players: int = config.players
        self.right_port: int = params.right_port
        self.turn_cost: int = params.turn_cost
        self.buy_cost: int = params.buy_cost
        self.cards_per_round: int = params.cards_per_round
        self.monuments_visible: int = params.monuments_visible
        self.top: int = params.top
        self.max_rounds: int = params.max_rounds
        self.card_space: tuple[int, ...] = params.card_space
        self.card_region: tuple[int, ...] = params.card_region
        self.card_types: tuple[tuple[int, ...], ...] = params.card_types
        self.total_cards: int = params.total_cards
        self.coin_space: tuple[bool, ...] = tuple(d in params.coin_spaces for d in range(params.right_port + 1))
        # each Monument's conditions by level, as a tuple of any length: compiled code indexes a fixed-length tuple
        # type by a variable only after boxing it anew
        self.monuments: tuple[tuple[Condition, ...], ...] = params.monuments
        self.reward_points: tuple[int, ...] = params.reward_points
        # the readings the hot path branches on, read once per config from ``readings_of(config)`` (params.Readings):
        # each flag is ``readings_of(config).<ambiguity id> == "<reading>"``, named ``<ambiguity id>_<reading>`` (so
        # that a search for the ambiguity's id finds the rules that branch on it), a bool because the hot path needs one
        self.type_choice: TypeChoice = r.type_choice
        self.double_card: DoubleCard = r.double_card
        self.type_scope_per_offering: bool = r.type_scope == "per_offering"
        self.pair_mix_both_types: bool = r.pair_mix == "both_types"
        self.card_sharing_split: bool = r.card_sharing == "split"
        self.empty_offering_at_least_one: bool = r.empty_offering == "at_least_one"
        self.deck_exhausted_reshuffle: bool = r.deck_exhausted == "reshuffle"
        self.coin_space_extra_card: bool = r.coin_space == "extra_card"
        self.port_start_literal: bool = r.port_start == "literal"
        self.coin_stock_unlimited: bool = r.coin_stock == "unlimited"
        self.last_round_one_more: bool = r.last_round == "one_more"
        self.endless_game_score_at_cap: bool = r.endless_game == "score_at_cap"
        # shared action instances (actions are immutable values)
        self.draws: tuple[Draw, ...] = tuple(Draw(k) for k in range(len(params.card_count)))
        self.reveals: tuple[Reveal, ...] = tuple(Reveal(m) for m in range(len(params.monuments)))
        self.moves: tuple[Move, ...] = tuple(Move(d) for d in range(params.right_port + 1))
        self.takes: tuple[Take, ...] = tuple(Take(k) for k in range(len(params.card_count)))
        self.done: Action = Done()
        self.buy: Action = Buy()
        self.turn: Action = TurnAround()
        # the Offer actions of each card kind by the number of Monuments to push toward (the index; () until built):
        # filled and read by ``rules.offerings.offer_table`` only (a list: compiled, an index is read directly, a
        # dictionary key is boxed and hashed)
        self.offer_tables: list[tuple[Offers, ...]] = []


_CTX: Final[dict[tuple[Params, Config], Ctx]] = {}
_LAST_CTX: Final[list[Ctx]] = []


def ctx_of(params: Params, config: Config) -> Ctx:
    """The (shared) tables for these params and config."""
    if _LAST_CTX:
        last = _LAST_CTX[0]
        if last.params is params and last.config is config:
            return last
    key = (params, config)
    found = _CTX.get(key)
    if found is None:
        if len(_CTX) >= 256:
            _CTX.clear()
        found = _CTX[key] = Ctx(params, config)
    if _LAST_CTX:
        _LAST_CTX[0] = found
    else:
        _LAST_CTX.append(found)
    return found


class NAState(NativeState):
    """A whole game position. Everything ``apply`` needs is here (config with readings, component data).

    The fields and their meaning are documented in ``records.STATE_TYPES``; ``ctx`` is derived and takes no part in
    equality or JSON, and the draw pile is held as ``cards`` (see the module docstring; ``deck`` and ``left`` are read
    from it).
    """

    def __init__(
        self,
        config: Config,
        params: Params,
        phase: int,
        round: int,
        first: int,
        to_move: int,
        pending: int,
        cards: tuple[int, ...],
        discard: tuple[int, ...],
        board: tuple[tuple[int, ...], ...],
        hands: tuple[tuple[int, ...], ...],
        coins: tuple[int, ...],
        stock: int,
        boats: tuple[int, ...],
        facing: tuple[int, ...],
        docked: tuple[bool, ...],
        turned: bool,
        picks: int,
        buy_return: int,
        offering: tuple[tuple[int, tuple[int, ...], int], ...],
        altar: tuple[int, ...],
        visible: tuple[int, ...],
        levels: tuple[tuple[int, ...], ...],
        phase_levels: tuple[tuple[int, ...], ...],
        seen: frozenset[int],
        pile: int,
        scores: tuple[int, ...],
        final_round: int,
        notes: tuple[Note, ...],
        completed: tuple[tuple[int, ...], ...],
        ctx: Ctx,
        given_deck: tuple[int, ...] | None,
    ) -> None:
        self.config = config
        self.params = params
        self.phase = phase
        self.round = round
        self.first = first
        self.to_move = to_move
        self.pending = pending
        self.cards = cards
        self.discard = discard
        self.board = board
        self.hands = hands
        self.coins = coins
        self.stock = stock
        self.boats = boats
        self.facing = facing
        self.docked = docked
        self.turned = turned
        self.picks = picks
        self.buy_return = buy_return
        self.offering = offering
        self.altar = altar
        self.visible = visible
        self.levels = levels
        self.phase_levels = phase_levels
        self.seen = seen
        self.pile = pile
        self.scores = scores
        self.final_round = final_round
        self.notes = notes
        self.completed = completed
        self.ctx = ctx
        self.given_deck = given_deck

    @property
    def deck(self) -> tuple[int, ...]:
        """The draw pile as a count per card kind (the position's field)."""
        given = self.given_deck
        if given is not None:
            return given
        counts = [0] * len(self.ctx.draws)
        for k in self.cards:
            counts[k] = counts[k] + 1
        return tuple(counts)

    @property
    def left(self) -> int:
        """Cards in the draw pile."""
        return len(self.cards)

    def fields(self) -> tuple[Any, ...]:
        """The 30 position fields, in ``STATE_FIELDS`` order."""
        return (
            self.config,
            self.params,
            self.phase,
            self.round,
            self.first,
            self.to_move,
            self.pending,
            self.deck,
            self.discard,
            self.board,
            self.hands,
            self.coins,
            self.stock,
            self.boats,
            self.facing,
            self.docked,
            self.turned,
            self.picks,
            self.buy_return,
            self.offering,
            self.altar,
            self.visible,
            self.levels,
            self.phase_levels,
            self.seen,
            self.pile,
            self.scores,
            self.final_round,
            self.notes,
            self.completed,
        )

    def field_names(self) -> tuple[str, ...]:
        return STATE_FIELDS

    def _replace(self, **changes: Any) -> NAState:
        """A copy with some fields changed, the derived ones following (``evolve``: the constructor does not take the
        position fields in order)."""
        return evolve(self, **changes)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its 30 fields (the derived ones are computed again): states travel to and from worker
        processes."""
        return state_from_fields, (self.fields(),)


def state_from_fields(fields: tuple[Any, ...]) -> NAState:
    """A position from its 30 fields in ``STATE_FIELDS`` order (how a pickled state is rebuilt)."""
    return make_state(**dict(zip(STATE_FIELDS, fields, strict=True)))


def make_state(**fields: Any) -> NAState:
    """A position from its 30 fields (by name); the derived fields are computed."""
    missing = set(STATE_FIELDS) - set(fields)
    extra = set(fields) - set(STATE_FIELDS)
    if missing or extra:
        raise TypeError(f"NAState fields: missing {sorted(missing)!r}, unknown {sorted(extra)!r}")
    params: Params = fields.pop("params")
    config: Config = fields.pop("config")
    ctx = ctx_of(params, config)
    cards, given = pile_of(fields.pop("deck"), ctx)
    return NAState(config, params, **fields, cards=cards, ctx=ctx, given_deck=given)


def pile_of(deck: tuple[int, ...], ctx: Ctx) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """The draw pile's sorted cards from a count per kind, and ``None``; or, for counts no pile of the game can hold
    (not one count per kind, a negative count, or more cards than the game has), no cards and the counts as given."""
    broken = len(deck) != len(ctx.draws)
    total = 0
    for count in deck:  # one loop (compiled, any() and sum() of a tuple are generic calls)
        broken = broken or count < 0
        total += count
    if broken or total > ctx.total_cards:
        return (), deck
    out: list[int] = []
    for k in range(len(deck)):
        count = deck[k]
        while count > 0:
            out.append(k)
            count -= 1
    return tuple(out), None


def clone(s: NAState) -> NAState:
    """A copy of ``s`` for the rules to change before returning it (the hot path: one C call when compiled)."""
    if COMPILED:
        return NAState(
            s.config,
            s.params,
            s.phase,
            s.round,
            s.first,
            s.to_move,
            s.pending,
            s.cards,
            s.discard,
            s.board,
            s.hands,
            s.coins,
            s.stock,
            s.boats,
            s.facing,
            s.docked,
            s.turned,
            s.picks,
            s.buy_return,
            s.offering,
            s.altar,
            s.visible,
            s.levels,
            s.phase_levels,
            s.seen,
            s.pile,
            s.scores,
            s.final_round,
            s.notes,
            s.completed,
            s.ctx,
            s.given_deck,
        )
    new: NAState = _new(NAState)
    _put(new, "__dict__", s.__dict__.copy())
    return new


_STATE_FIELD_SET: Final = frozenset(STATE_FIELDS)


def evolve(state: NAState, **changes: Any) -> NAState:
    """A copy of ``state`` with the given fields changed (like ``dataclasses.replace``); an unknown field name raises
    TypeError. The derived fields follow (``ctx`` when params or config change, ``cards`` when the deck does)."""
    if not _STATE_FIELD_SET.issuperset(changes):
        raise TypeError(f"unknown NAState fields {sorted(set(changes) - _STATE_FIELD_SET)!r}")
    new = clone(state)
    deck = changes.pop("deck", None)
    for name, value in changes.items():
        setattr(new, name, value)
    if "params" in changes or "config" in changes:
        new.ctx = ctx_of(new.params, new.config)
    if deck is not None:
        new.cards, new.given_deck = pile_of(deck, new.ctx)
    elif "params" in changes or "config" in changes:  # the same counts, read against the new card table
        new.cards, new.given_deck = pile_of(state.deck, new.ctx)
    return new

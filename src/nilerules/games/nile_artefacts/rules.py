"""The rules of Nile Artefacts as pure functions: setup, who moves, legal actions, chance outcomes, apply.

Phases: Monument reveals (chance) -> round setup deals (chance) -> navigation -> offerings -> rewards (with reveals)
-> next round, until the round after the last Monument of the pile is turned (or the model's round cap).

``apply`` never changes the state it is given: each step copies it once (``clone``) and the step's helpers set the
fields that change on that copy (their first argument, ``s``, is always such a copy, owned by the step), then the
copy is returned. This module is compiled by mypyc in a regular install: it reads the per-game tables of the state's
``ctx`` (``state.Ctx``) rather than the spec records, and the functions of the hot path cite their rules with
``rule(...)(function)`` right after their definition rather than with the ``@rule`` decorator (compiled code calls a
decorated function through the module's namespace, about twenty times slower than a direct call; the registry records
the same citation either way).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from nilerules.core import CHANCE, Config, Mover, draw_outcomes, rule
from nilerules.errors import IllegalAction
from nilerules.games.nile_artefacts.actions import Action, Buy, Done, Draw, Move, Offer, Reveal, Take, TurnAround
from nilerules.games.nile_artefacts.conditions import (
    meets,
    meets_counts,
    meets_some_choice,
    tally,
    tally_offering,
    type_options,
)
from nilerules.games.nile_artefacts.names import Condition, action_to_data
from nilerules.games.nile_artefacts.params import Params
from nilerules.games.nile_artefacts.records import Note
from nilerules.games.nile_artefacts.scoring import final_scoring
from nilerules.games.nile_artefacts.state import (
    PH_BUY,
    PH_DEAL,
    PH_NAV,
    PH_OFFER,
    PH_OVER,
    PH_REVEAL,
    Ctx,
    NAState,
    clone,
    ctx_of,
)

RULE_BUY = "nile_artefacts.navigation.buy"
RULE_OFFER_BUY = "nile_artefacts.offerings.buy"
Entries = tuple[tuple[int, tuple[int, ...], int], ...]

# The action classes (and Note) as constants of this module: compiled code looks an imported name up in the module's
# namespace at each use, a constant it reads directly.
MOVE: Final = Move
OFFER: Final = Offer
TAKE: Final = Take
DONE: Final = Done
TURN: Final = TurnAround
BUY: Final = Buy
DRAW: Final = Draw
REVEAL: Final = Reveal
NOTE: Final = Note


def _add_note(notes: tuple[Note, ...], kind: str, rule_id: str, detail: str) -> tuple[Note, ...]:
    for note in notes:
        if note.detail == detail and note.rule_id == rule_id and note.kind == kind:
            return notes
    return (*notes, NOTE(kind, rule_id, detail))


def _insert(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """A sorted tuple of kinds with one more card of ``kind``."""
    out: list[int] = []
    placed = False
    for k in cards:
        if not placed and kind < k:
            out.append(kind)
            placed = True
        out.append(k)
    if not placed:
        out.append(kind)
    return tuple(out)


# ------------------------------------------------------------------------------------------------ setup
@rule(
    "nile_artefacts.setup.coin_stock",
    "nile_artefacts.setup.artifact_pile",
    "nile_artefacts.setup.boats",
    "nile_artefacts.setup.scores",
    "nile_artefacts.setup.first_player",
)
def setup(config: Config, params: Params) -> NAState:
    """All Coins in the stock, all cards in the pile, Boats in the left Port facing right, seat 0 first."""
    n = config.players
    empty = (0,) * len(params.card_count)
    return NAState(
        config=config,
        params=params,
        phase=PH_REVEAL,
        round=0,
        first=0,
        to_move=0,
        pending=params.monuments_visible,
        deck=params.card_count,
        discard=empty,
        board=((),) * (params.river_spaces + 2),
        hands=((),) * n,
        coins=(params.starting_coins,) * n,
        stock=params.coin_supply - n * params.starting_coins,
        boats=(0,) * n,
        facing=(1,) * n,
        docked=(False,) * n,
        turned=False,
        picks=0,
        buy_return=0,
        offering=(),
        altar=(),
        visible=(),
        levels=(),
        phase_levels=(),
        seen=frozenset(),
        pile=params.monuments_in_pile,
        scores=(0,) * n,
        final_round=0,
        notes=(),
        completed=((0,) * (params.top + 1),) * n,
        ctx=ctx_of(params, config),
        left=sum(params.card_count),
    )


def current_player(state: NAState) -> Mover:
    phase = state.phase
    if phase in (PH_NAV, PH_OFFER):
        return state.to_move
    if phase == PH_OVER:
        return None
    return CHANCE


# ------------------------------------------------------------------------------------------------ chance
@rule("nile_artefacts.setup.monuments_removed", "nile_artefacts.setup.monuments_visible")
def reveal_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    """Each unseen Monument is equally likely (the 6 removed unseen are a uniform part of the unseen ones)."""
    reveals = state.ctx.reveals
    unseen = [m for m in range(len(reveals)) if m not in state.seen]
    return tuple((reveals[m], Fraction(1, len(unseen))) for m in unseen)


@rule("nile_artefacts.round_setup.draw")
def draw_card_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    """A draw from the pile: each kind left, with probability count / cards left."""
    draws: tuple[Action, ...] = state.ctx.draws
    return draw_outcomes(state.deck, draws)


def chance_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    if state.phase == PH_REVEAL:
        return reveal_outcomes(state)
    if state.phase == PH_DEAL or state.phase == PH_BUY:
        return draw_card_outcomes(state)
    return ()


def unseen_monument(state: NAState, pick: int) -> int:
    """The ``pick``-th unseen Monument (0-based, in order), for the chance sampler."""
    seen = state.seen
    for m in range(len(state.ctx.reveals)):
        if m not in seen:
            if not pick:
                return m
            pick -= 1
    raise ValueError("no such unseen Monument")


def drawn_kind(state: NAState, pick: int) -> int:
    """The kind of the ``pick``-th card of the pile (0-based, kinds in order, each repeated by its count): what
    ``sample_index(state.deck, rng)`` draws when the generator gives ``pick``."""
    for k, count in enumerate(state.deck):
        if pick < count:
            return k
        pick -= count
    raise ValueError("no such card in the pile")


def _refill(s: NAState, rule_id: str) -> None:
    """Before a draw from an empty pile: reshuffle the discard (reading ``deck_exhausted``) and note it."""
    if s.left:  # counts are never negative
        return
    if s.ctx.reshuffle and any(s.discard):
        s.notes = _add_note(
            s.notes, "supply_exhausted", rule_id, "the Artifact pile ran out; the discard was reshuffled"
        )
        s.deck = s.discard
        s.left = sum(s.discard)
        s.discard = (0,) * len(s.discard)
        return
    s.notes = _add_note(s.notes, "supply_exhausted", rule_id, "the Artifact pile ran out and nothing could be drawn")


def _can_draw(state: NAState) -> bool:
    return state.left > 0 or (state.ctx.reshuffle and any(state.discard))


# ------------------------------------------------------------------------------------------------ legal actions
def moves(state: NAState, seat: int) -> tuple[Action, ...]:
    """Forward in the facing direction to a space with a card or to a Port; other Boats never block."""
    pos = state.boats[seat]
    c = state.ctx
    last = c.right_port
    table = c.moves
    board = state.board
    out: list[Action] = []
    if state.facing[seat] > 0:
        for d in range(pos + 1, last):
            if board[d]:
                out.append(table[d])
        if pos < last:
            out.append(table[last])
        return tuple(out)
    if pos > 0:
        out.append(table[0])
    for d in range(1, pos):
        if board[d]:
            out.append(table[d])
    return tuple(out)


rule(
    "nile_artefacts.navigation.move",
    "nile_artefacts.navigation.destination",
    "nile_artefacts.navigation.shared_spaces",
)(moves)


def legal_actions(state: NAState) -> tuple[Action, ...]:
    """Canonical order: TurnAround, Buy, Move (by space), Take (by kind), Offer (by kind, types), Done."""
    c = state.ctx
    if c.memo_state is state:  # the last state asked about (states are values: identity is enough)
        return c.memo_legal
    phase = state.phase
    if phase == PH_NAV:
        out = _nav_actions(state)
    elif phase == PH_OFFER:
        out = _offer_actions(state)
    else:
        out = ()
    c.memo_state = state
    c.memo_legal = out
    return out


def _nav_actions(state: NAState) -> tuple[Action, ...]:
    seat = state.to_move
    c = state.ctx
    if state.picks:
        return _takes(c, state.board[state.boats[seat]])
    coins = state.coins[seat]
    if coins < c.turn_cost and coins < c.buy_cost:
        return moves(state, seat)
    out: list[Action] = []
    if not state.turned and coins >= c.turn_cost and 0 < state.boats[seat] < c.right_port:
        out.append(c.turn)
    if coins >= c.buy_cost and _can_draw(state):
        out.append(c.buy)
    out.extend(moves(state, seat))
    return tuple(out)


def _takes(c: Ctx, here: tuple[int, ...]) -> tuple[Action, ...]:
    """The Take actions for the cards under a Boat (a sorted tuple of kinds): one per kind, by kind."""
    takes = c.takes
    out: list[Action] = []
    last = -1
    for k in here:
        if k != last:
            out.append(takes[k])
            last = k
    return tuple(out)


def _offer_actions(state: NAState) -> tuple[Action, ...]:
    """Buy (``buy_cost`` Coins a card) before offering, offer each card (by kind) with a type choice, or finish
    (Done)."""
    seat = state.to_move
    c = state.ctx
    table = c.offer_table(len(state.visible) if c.split else 0)
    out: list[Action] = []
    if not state.offering and state.coins[seat] >= c.buy_cost and _can_draw(state):
        out.append(c.buy)
    last = -1
    hand = state.hands[seat]
    for k in hand:  # a sorted tuple of kinds
        if k != last:
            out.extend(table[k])
            last = k
    if not c.must_offer or state.offering or not hand:  # reading empty_offering: may a player offer nothing?
        out.append(c.done)
    return tuple(out)


rule("nile_artefacts.offerings.buy")(_offer_actions)


# ------------------------------------------------------------------------------------------------ apply
def apply(state: NAState, action: Action) -> NAState:
    """Apply one action; anything not legal raises IllegalAction naming the rule that forbids it."""
    phase = state.phase
    if phase in (PH_NAV, PH_OFFER):
        legal = legal_actions(state)
        found = False
        for candidate in legal:  # identity first: the action usually is one of the (shared) legal instances
            if candidate is action:
                found = True
                break
        if not found and action not in legal:
            raise _illegal(state, action, _forbidding_rule(state, action), "not a legal action here")
        if isinstance(action, MOVE):
            return _apply_move(state, action.space)
        if isinstance(action, OFFER):
            return _apply_offer(state, action)
        if isinstance(action, TAKE):
            return _apply_take(state, action.kind)
        if isinstance(action, DONE):
            return _apply_done(state)
        if isinstance(action, TURN):
            return _apply_turn(state)
        return _apply_buy(state)
    if phase == PH_REVEAL:
        if (
            not isinstance(action, REVEAL)
            or not 0 <= action.monument < len(state.ctx.reveals)
            or (action.monument in state.seen)
        ):
            raise _illegal(state, action, "nile_artefacts.setup.monuments_visible", "reveal an unseen Monument")
        return _apply_reveal(state, action.monument)
    if phase in (PH_DEAL, PH_BUY):
        kind = action.kind if isinstance(action, DRAW) else -1
        if not 0 <= kind < len(state.deck) or not state.deck[kind]:
            raise _illegal(state, action, "nile_artefacts.round_setup.draw", "draw a card left in the pile")
        return _apply_deal(state, kind) if phase == PH_DEAL else _apply_bought(state, kind)
    raise _illegal(state, action, "nile_artefacts.end.winner", "the game is over")


rule("nile_artefacts.round.stages")(apply)


def _illegal(state: NAState, action: Action, rule_id: str, reason: str) -> IllegalAction:
    """The error for an illegal action, naming the action as a person writes it (cards, Monuments, spaces)."""
    try:
        named = ", ".join(f"{k} {v}" if v is not True else k for k, v in action_to_data(state.params, action).items())
    except (IndexError, AttributeError, TypeError):  # an action whose codes name nothing in this game
        named = repr(action)
    return IllegalAction(rule_id, f"{reason} ({named})", state, action)


def _forbidding_rule(state: NAState, action: Action) -> str:
    if isinstance(action, MOVE):
        return "nile_artefacts.navigation.destination"
    if isinstance(action, TAKE):
        return "nile_artefacts.navigation.take_card"
    if isinstance(action, TURN):
        return "nile_artefacts.navigation.turn_around"
    if isinstance(action, BUY):
        return RULE_BUY if state.phase == PH_NAV else RULE_OFFER_BUY
    if isinstance(action, OFFER):
        return "nile_artefacts.offerings.choose_type"
    if isinstance(action, DONE):
        return "nile_artefacts.offerings.choose_cards" if state.ctx.must_offer else "nile_artefacts.offerings.order"
    return "nile_artefacts.round.stages"


def _apply_reveal(state: NAState, monument: int) -> NAState:
    """A new Monument with every Worshiper at the bottom; turning the pile's last card triggers the end."""
    s = clone(state)
    c = s.ctx
    if s.round > 0:
        s.pile -= 1
        if s.pile == 0 and not s.final_round:
            s.final_round = s.round + 1 if c.one_more else s.round
    s.visible = (*s.visible, monument)
    s.levels = (*s.levels, (0,) * c.players)
    s.seen = s.seen | {monument}
    s.pending -= 1
    if s.pending:
        return s
    if s.round == 0:
        return _start_round(s)
    return _end_round(s)


rule("nile_artefacts.rewards.replace", "nile_artefacts.setup.worshipers", "nile_artefacts.end.trigger")(_apply_reveal)


def _start_round(s: NAState) -> NAState:
    s.round += 1
    s.phase = PH_DEAL
    s.pending = s.ctx.cards_per_round
    return _next_deal(s)


def _next_deal(s: NAState) -> NAState:
    if s.pending:
        _refill(s, "nile_artefacts.round_setup.draw")
        if s.left:
            return s
    return _start_nav(s)


def _apply_deal(state: NAState, kind: int) -> NAState:
    """The drawn card goes under the space it names, next to any cards already there."""
    s = clone(state)
    space = s.ctx.card_space[kind]
    board = list(s.board)
    board[space] = _insert(board[space], kind)
    s.board = tuple(board)
    deck = list(s.deck)
    deck[kind] -= 1
    s.deck = tuple(deck)
    s.left -= 1
    s.pending -= 1
    if s.pending and s.left:  # more to draw from a pile that has cards: the next draw is due (no refill)
        return s
    return _next_deal(s)


rule("nile_artefacts.round_setup.place", "nile_artefacts.round_setup.accumulate")(_apply_deal)


def _start_nav(s: NAState) -> NAState:
    """Uncollected cards stay; which Boats in a Port may move follows the reading ``port_start``."""
    c = s.ctx
    if c.literal_port:
        right = c.right_port
        s.docked = tuple(b == 0 or b == right for b in s.boats)
    else:
        s.docked = (False,) * c.players
    s.phase = PH_NAV
    s.turned = False
    s.picks = 0
    s.pending = 0
    return _advance_nav(s, s.first)


rule("nile_artefacts.navigation.leftovers")(_start_nav)


def _coin(s: NAState, coins: list[int], seat: int, rule_id: str) -> None:
    """Give one Coin from the stock; an empty stock gives nothing (or goes negative: reading ``coin_stock``)."""
    stock = s.stock
    if stock > 0 or s.ctx.unlimited_coins:
        coins[seat] += 1
        if stock <= 0:
            s.notes = _add_note(s.notes, "supply_exhausted", rule_id, "the Coin stock ran out; a Coin was substituted")
        s.stock = stock - 1
        return
    s.notes = _add_note(s.notes, "supply_exhausted", rule_id, "the Coin stock ran out; no Coin was given")


def _advance_nav(s: NAState, seat: int) -> NAState:
    """Pass the turn clockwise; Boats already in a Port earn a Coin instead; all in a Port ends the stage."""
    docked = s.docked
    if not docked[seat]:
        s.to_move = seat
        s.turned = False
        s.picks = 0
        return s
    n = s.ctx.players
    coins = list(s.coins)
    while True:
        if all(docked):
            s.coins = tuple(coins)
            return _start_offer(s)
        if not docked[seat]:
            s.coins = tuple(coins)
            s.to_move = seat
            s.turned = False
            s.picks = 0
            return s
        _coin(s, coins, seat, "nile_artefacts.navigation.port_wait")
        seat = (seat + 1) % n


rule(
    "nile_artefacts.navigation.order",
    "nile_artefacts.navigation.turn_end",
    "nile_artefacts.navigation.port_wait",
    "nile_artefacts.navigation.stage_end",
    "nile_artefacts.ref.port_coin_each_turn",
)(_advance_nav)


def _apply_move(state: NAState, space: int) -> NAState:
    """Reach a Port (Coin, turn round, done) or a card space (pick cards; a Coin space adds a Coin)."""
    s = clone(state)
    c = s.ctx
    seat = s.to_move
    boats = list(s.boats)
    boats[seat] = space
    s.boats = tuple(boats)
    if space == 0 or space == c.right_port:
        coins = list(s.coins)
        _coin(s, coins, seat, "nile_artefacts.navigation.port_coin")
        s.coins = tuple(coins)
        facing = list(s.facing)
        facing[seat] = -facing[seat]
        s.facing = tuple(facing)
        docked = list(s.docked)
        docked[seat] = True
        s.docked = tuple(docked)
        return _advance_nav(s, (seat + 1) % c.players)
    s.picks = 1
    if c.coin_space[space]:
        coins = list(s.coins)
        _coin(s, coins, seat, "nile_artefacts.navigation.coin_space")
        s.coins = tuple(coins)
        if c.extra_card and len(s.board[space]) >= 2:
            s.picks = 2
    return s


rule(
    "nile_artefacts.navigation.coin_space",
    "nile_artefacts.navigation.port_coin",
    "nile_artefacts.navigation.port_turns",
)(_apply_move)


def _apply_take(state: NAState, kind: int) -> NAState:
    """Move the chosen card from under the Boat to the player's cards; the turn ends after the last pick."""
    s = clone(state)
    seat = s.to_move
    space = s.boats[seat]
    board = list(s.board)
    here = list(board[space])
    here.remove(kind)
    board[space] = tuple(here)
    s.board = tuple(board)
    hands = list(s.hands)
    hands[seat] = _insert(hands[seat], kind)
    s.hands = tuple(hands)
    picks = s.picks - 1
    if picks and here:
        s.picks = picks
        return s
    return _advance_nav(s, (seat + 1) % s.ctx.players)


rule("nile_artefacts.navigation.take_card")(_apply_take)


def _apply_turn(state: NAState) -> NAState:
    """Pay ``turn_cost`` Coins (to the stock) and reverse the Boat, once, before moving."""
    s = clone(state)
    seat = s.to_move
    cost = s.ctx.turn_cost
    coins = list(s.coins)
    coins[seat] -= cost
    s.coins = tuple(coins)
    s.stock += cost
    facing = list(s.facing)
    facing[seat] = -facing[seat]
    s.facing = tuple(facing)
    s.turned = True
    return s


rule("nile_artefacts.navigation.turn_around")(_apply_turn)


def _apply_buy(state: NAState) -> NAState:
    """Pay ``buy_cost`` Coins and draw the top card of the pile (a chance node) into the player's cards."""
    s = clone(state)
    seat = s.to_move
    cost = s.ctx.buy_cost
    coins = list(s.coins)
    coins[seat] -= cost
    _refill(s, RULE_BUY if s.phase == PH_NAV else RULE_OFFER_BUY)
    s.coins = tuple(coins)
    s.stock += cost
    s.buy_return = s.phase
    s.phase = PH_BUY
    return s


rule("nile_artefacts.navigation.buy")(_apply_buy)


def _apply_bought(state: NAState, kind: int) -> NAState:
    s = clone(state)
    deck = list(s.deck)
    deck[kind] -= 1
    s.deck = tuple(deck)
    s.left -= 1
    hands = list(s.hands)
    hands[s.to_move] = _insert(hands[s.to_move], kind)
    s.hands = tuple(hands)
    s.phase = s.buy_return
    return s


def _start_offer(s: NAState) -> NAState:
    s.phase = PH_OFFER
    s.to_move = s.first
    s.offering = ()
    s.altar = ()
    s.phase_levels = s.levels
    s.turned = False
    s.picks = 0
    return s


def _apply_offer(state: NAState, action: Offer) -> NAState:
    """Push one card forward into the offering with the types chosen for it."""
    s = clone(state)
    seat = s.to_move
    kind = action.kind
    hands = list(s.hands)
    hand = list(hands[seat])
    hand.remove(kind)
    hands[seat] = tuple(hand)
    s.hands = tuple(hands)
    s.offering = (*s.offering, (kind, action.types, action.monument))
    return s


rule("nile_artefacts.offerings.choose_cards")(_apply_offer)


def advance_levels(state: NAState, seat: int) -> tuple[tuple[int, ...], ...]:
    """Each visible Monument whose next level's condition the offering meets moves the player up exactly one level.

    Under ``card_sharing=shared`` the whole offering is checked against every Monument; under ``split`` each Monument
    is checked against the cards pushed toward it.
    """
    c = state.ctx
    offering = state.offering
    if c.per_offering and not c.split:  # the common case, without closures: one tally checked against each Monument
        return _advance_shared(c, offering, state.visible, state.levels, seat)
    out: list[tuple[int, ...]] = []
    whole = _evaluator(offering, c)
    for i, monument in enumerate(state.visible):
        row = state.levels[i]
        level = row[seat]
        if level < c.top:
            cond = c.monuments[monument][level]
            if c.split:
                part = tuple(entry for entry in offering if entry[2] == i)
                ok = bool(part) and _evaluator(part, c)(cond)
            else:
                ok = whole(cond)
            if ok:
                row = (*row[:seat], level + 1, *row[seat + 1 :])
        out.append(row)
    return tuple(out)


rule(
    "nile_artefacts.offerings.check_monuments",
    "nile_artefacts.offerings.one_level",
    "nile_artefacts.example.offering_phase",
)(advance_levels)


def _advance_shared(
    c: Ctx, offering: Entries, visible: tuple[int, ...], levels: tuple[tuple[int, ...], ...], seat: int
) -> tuple[tuple[int, ...], ...]:
    """``advance_levels`` when the whole offering counts for every Monument with the types chosen for it: one tally
    (as lists) checked against each Monument's next level; ``levels`` itself when no level moves."""
    counts, regions = tally_offering(offering, c.card_region)
    monuments = c.monuments
    both = c.both
    top = c.top
    out: list[tuple[int, ...]] | None = None
    for i in range(len(visible)):
        row = levels[i]
        level = row[seat]
        if level < top and meets_counts(monuments[visible[i]][level], counts, regions, both):
            if out is None:
                out = list(levels)
            raised = list(row)
            raised[seat] = level + 1
            out[i] = tuple(raised)
    return levels if out is None else tuple(out)


def _evaluator(entries: Entries, c: Ctx) -> Callable[[Condition], bool]:
    """Whether these offered cards meet a condition (with the chosen types, or any choice under per_monument)."""
    regions = [c.card_region[k] for k, _, _ in entries]
    both = c.both
    if c.per_offering:
        counts, region_counts = tally([types for _, types, _ in entries], regions)
        return lambda cond: meets(cond, counts, region_counts, both)
    options = [type_options(c.card_types[k], c.type_choice, c.double_card) for k, _, _ in entries]
    return lambda cond: meets_some_choice(cond, options, regions, both)


def _apply_done(state: NAState) -> NAState:
    """Check the offering, set its cards aside, and pass to the next player; after the last player, discard."""
    s = clone(state)
    seat = s.to_move
    if s.offering:
        s.levels = advance_levels(s, seat)
        altar = list(s.altar)
        for entry in s.offering:
            altar.append(entry[0])
        s.altar = tuple(altar)
        s.offering = ()
    nxt = (seat + 1) % s.ctx.players
    s.to_move = nxt
    if nxt != s.first:
        return s
    _end_offerings(s)
    return _rewards(s)


rule("nile_artefacts.offerings.order")(_apply_done)


def _end_offerings(s: NAState) -> None:
    """Offered cards go to the discard; cards not offered stay in hand (nothing else to do)."""
    discard = list(s.discard)
    for k in s.altar:
        discard[k] += 1
    s.discard = tuple(discard)
    s.altar = ()


rule("nile_artefacts.offerings.discard", "nile_artefacts.offerings.keep_rest")(_end_offerings)


def _rewards(s: NAState) -> NAState:
    """Completed Monuments (someone at the top level) score ``reward_points`` by level for every player (counted by
    level in ``completed``, for the score breakdown) and leave; refill to ``monuments_visible``."""
    c = s.ctx
    points = c.reward_points
    top = c.top
    scores = list(s.scores)
    visible: list[int] = []
    levels: list[tuple[int, ...]] = []
    shown = s.visible
    rows = s.levels
    for i in range(len(shown)):  # an index loop (compiled, zip(..., strict=True) is a generic call)
        monument = shown[i]
        row = rows[i]
        if max(row) >= top:
            done = list(s.completed)
            for seat, level in enumerate(row):
                scores[seat] += points[level]
                counts = list(done[seat])
                counts[level] += 1
                done[seat] = tuple(counts)
            s.completed = tuple(done)
        else:
            visible.append(monument)
            levels.append(row)
    need = min(c.monuments_visible - len(visible), s.pile)
    s.scores = tuple(scores)
    s.visible = tuple(visible)
    s.levels = tuple(levels)
    s.phase_levels = ()
    s.pending = need
    if need:
        s.phase = PH_REVEAL
        return s
    return _end_round(s)


rule("nile_artefacts.rewards.completed")(_rewards)


def _end_round(s: NAState) -> NAState:
    """Pass the First Player token left; end the game after the last round (or at the model's round cap)."""
    c = s.ctx
    s.first = (s.first + 1) % c.players
    if s.final_round and s.round >= s.final_round:
        over = final_scoring(s, True)
        over.phase = PH_OVER
        return over
    if s.round >= c.max_rounds:
        detail = f"no end after {c.max_rounds} rounds: stopped by the model's cap"
        s.notes = _add_note(s.notes, "no_progress", "nile_artefacts.ref.model_cap", detail)
        over = final_scoring(s, c.score_at_cap)
        over.phase = PH_OVER
        return over
    return _start_round(s)


rule("nile_artefacts.rewards.first_player", "nile_artefacts.ref.model_cap")(_end_round)


__all__ = ["apply", "chance_outcomes", "current_player", "legal_actions", "setup"]

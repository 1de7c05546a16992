"""The rules of Nile Artefacts as pure functions: setup, who moves, legal actions, chance outcomes, apply.

Phases: Monument reveals (chance) -> round setup deals (chance) -> navigation -> offerings -> rewards (with reveals)
-> next round, until the round after the last Monument of the pile is turned (or the model's round cap).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from nilerules.core import CHANCE, Config, Mover, draw_outcomes, rule
from nilerules.errors import IllegalAction
from nilerules.games.nile_artefacts.actions import Action, Buy, Done, Draw, Move, Offer, Reveal, Take, TurnAround
from nilerules.games.nile_artefacts.conditions import meets, meets_some_choice, tally, type_options
from nilerules.games.nile_artefacts.scoring import final_scoring
from nilerules.games.nile_artefacts.state import (
    PH_BUY,
    PH_DEAL,
    PH_NAV,
    PH_OFFER,
    PH_OVER,
    PH_REVEAL,
    Condition,
    NAState,
    Note,
    Params,
    Readings,
    evolve,
    readings_of,
)

Offers = tuple[Offer, ...]
RULE_BUY = "nile_artefacts.navigation.buy"
RULE_OFFER_BUY = "nile_artefacts.offerings.buy"


def _note(state: NAState, kind: str, rule_id: str, detail: str) -> tuple[Note, ...]:
    return _add_note(state.notes, kind, rule_id, detail)


def _add_note(notes: tuple[Note, ...], kind: str, rule_id: str, detail: str) -> tuple[Note, ...]:
    note = Note(kind, rule_id, detail)
    return notes if note in notes else (*notes, note)


# Shared action instances for the hot paths (actions are immutable values), one table per size.
@cache
def _draws(kinds: int) -> tuple[Draw, ...]:
    return tuple(Draw(k) for k in range(kinds))


@cache
def _reveals(monuments: int) -> tuple[Reveal, ...]:
    return tuple(Reveal(m) for m in range(monuments))


@cache
def _moves(spaces: int) -> tuple[Move, ...]:
    return tuple(Move(d) for d in range(spaces))


def draw_action(kind: int) -> Draw:
    """The (shared) Draw action for a card kind."""
    table = _draws(64)
    return table[kind] if kind < 64 else Draw(kind)


def reveal_action(monument: int) -> Reveal:
    """The (shared) Reveal action for a Monument."""
    table = _reveals(64)
    return table[monument] if monument < 64 else Reveal(monument)


@cache
def _takes(here: tuple[int, ...]) -> tuple[Take, ...]:
    """The Take actions for the cards under a Boat (a sorted tuple of kinds): one per kind, by kind."""
    return tuple(Take(k) for k in sorted(set(here)))


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
    reveals = _reveals(len(state.params.monuments))
    unseen = [m for m in range(len(reveals)) if m not in state.seen]
    return tuple((reveals[m], Fraction(1, len(unseen))) for m in unseen)


@rule("nile_artefacts.round_setup.draw")
def draw_card_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    """A draw from the pile: each kind left, with probability count / cards left."""
    return draw_outcomes(state.deck, _draws(len(state.deck)))


def chance_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    if state.phase == PH_REVEAL:
        return reveal_outcomes(state)
    if state.phase in (PH_DEAL, PH_BUY):
        return draw_card_outcomes(state)
    return ()


def _refill(state: NAState, rule_id: str) -> NAState:
    """Before a draw from an empty pile: reshuffle the discard (reading ``deck_exhausted``) and note it."""
    if any(state.deck):  # counts are never negative
        return state
    if readings_of(state.config).deck_exhausted == "reshuffle" and any(state.discard):
        notes = _note(state, "supply_exhausted", rule_id, "the Artifact pile ran out; the discard was reshuffled")
        return evolve(state, deck=state.discard, discard=(0,) * len(state.discard), notes=notes)
    notes = _note(state, "supply_exhausted", rule_id, "the Artifact pile ran out and nothing could be drawn")
    return evolve(state, notes=notes)


def _can_draw(state: NAState) -> bool:
    return any(state.deck) or (readings_of(state.config).deck_exhausted == "reshuffle" and any(state.discard))


# ------------------------------------------------------------------------------------------------ legal actions
@rule(
    "nile_artefacts.navigation.move",
    "nile_artefacts.navigation.destination",
    "nile_artefacts.navigation.shared_spaces",
)
def moves(state: NAState, seat: int) -> tuple[Move, ...]:
    """Forward in the facing direction to a space with a card or to a Port; other Boats never block."""
    pos, step = state.boats[seat], state.facing[seat]
    last = state.params.right_port
    table = _moves(last + 1)
    board = state.board
    if step > 0:
        out = [table[d] for d in range(pos + 1, last) if board[d]]
        if pos < last:
            out.append(table[last])
        return tuple(out)
    out = [table[0]] if pos > 0 else []
    out.extend(table[d] for d in range(1, pos) if board[d])
    return tuple(out)


_LAST: list[Any] = [None, ()]
"""The last state asked about and its legal actions (states are immutable, so identity is enough)."""


def legal_actions(state: NAState) -> tuple[Action, ...]:
    """Canonical order: TurnAround, Buy, Move (by space), Take (by kind), Offer (by kind, types), Done."""
    if _LAST[0] is state:
        cached: tuple[Action, ...] = _LAST[1]
        return cached
    if state.phase == PH_NAV:
        out = _nav_actions(state)
    elif state.phase == PH_OFFER:
        out = _offer_actions(state)
    else:
        out = ()
    _LAST[0], _LAST[1] = state, out
    return out


def _nav_actions(state: NAState) -> tuple[Action, ...]:
    seat = state.to_move
    if state.picks:
        return _takes(state.board[state.boats[seat]])
    p = state.params
    coins = state.coins[seat]
    if coins < p.turn_cost and coins < p.buy_cost:
        return moves(state, seat)
    out: list[Action] = []
    if not state.turned and coins >= p.turn_cost and 0 < state.boats[seat] < p.right_port:
        out.append(_TURN)
    if coins >= p.buy_cost and _can_draw(state):
        out.append(_BUY)
    out.extend(moves(state, seat))
    return tuple(out)


@rule("nile_artefacts.offerings.buy")
def _offer_actions(state: NAState) -> tuple[Action, ...]:
    """Buy (3 Coins a card) before offering, offer each card with a type choice, or finish."""
    seat = state.to_move
    p = state.params
    r = readings_of(state.config)
    targets = len(state.visible) if r.card_sharing == "split" else 0
    offers = _hand_offers(state.hands[seat], p.card_types, r, targets)
    if not state.offering and state.coins[seat] >= p.buy_cost and _can_draw(state):
        return (_BUY, *offers)
    return offers


_OFFER_TABLES: dict[tuple[int, int, int], tuple[Any, Readings, tuple[Offers, ...]]] = {}
"""Per card-type table, readings record and target count: the Offer actions of each kind. Keyed by the identities of
the table and the record: both are held for good by their own caches (``state._tables``, ``readings_of``), so an
identity is never reused for another."""


def _hand_offers(
    hand: tuple[int, ...], card_types: tuple[tuple[int, ...], ...], r: Readings, targets: int
) -> tuple[Action, ...]:
    """The Offer actions for every kind in ``hand`` (by kind), then Done."""
    key = (id(card_types), id(r), targets)
    entry = _OFFER_TABLES.get(key)
    # the entry holds card_types and r, so their identities cannot be reused by other objects while it exists
    if entry is None or entry[0] is not card_types or entry[1] is not r:
        per_offering = r.type_scope == "per_offering"
        table = tuple(
            _offers(k, printed, r.type_choice, r.double_card, per_offering, targets)
            for k, printed in enumerate(card_types)
        )
        entry = (card_types, r, table)
        _OFFER_TABLES[key] = entry
    table = entry[2]
    out: list[Action] = []
    for k in sorted(set(hand)):
        out += table[k]
    out.append(_DONE)
    return tuple(out)


_DONE = Done()
_BUY = Buy()
_TURN = TurnAround()


@cache
def _offers(kind: int, printed: tuple[int, ...], tc: str, dc: str, per_offering: bool, targets: int) -> Offers:
    """The Offer actions for one card kind: each type choice (none under per_monument), and under ``split`` each
    visible Monument (``targets`` of them) it may be pushed toward."""
    choices = type_options(printed, tc, dc) if per_offering else ((),)
    if not targets:
        return tuple(Offer(kind, types) for types in choices)
    return tuple(Offer(kind, types, m) for types in choices for m in range(targets))


# ------------------------------------------------------------------------------------------------ apply
@rule("nile_artefacts.round.stages")
def apply(state: NAState, action: Action) -> NAState:
    """Apply one action; anything not legal raises IllegalAction naming the rule that forbids it."""
    phase = state.phase
    if phase in (PH_NAV, PH_OFFER):
        legal = legal_actions(state)
        for candidate in legal:  # identity first: the action usually is one of the (shared) legal instances
            if candidate is action:
                break
        else:
            if action not in legal:
                rule_id = _forbidding_rule(state, action)
                raise IllegalAction(rule_id, "not a legal action here", state, action)
        if isinstance(action, Move):
            return _apply_move(state, action.space)
        if isinstance(action, Offer):
            return _apply_offer(state, action)
        if isinstance(action, Take):
            return _apply_take(state, action.kind)
        if isinstance(action, Done):
            return _apply_done(state)
        if isinstance(action, TurnAround):
            return _apply_turn(state)
        return _apply_buy(state)
    if phase == PH_REVEAL:
        if (
            not isinstance(action, Reveal)
            or not 0 <= action.monument < len(state.params.monuments)
            or (action.monument in state.seen)
        ):
            raise IllegalAction("nile_artefacts.setup.monuments_visible", "reveal an unseen Monument", state, action)
        return _apply_reveal(state, action.monument)
    if phase in (PH_DEAL, PH_BUY):
        if not isinstance(action, Draw) or not 0 <= action.kind < len(state.deck) or not state.deck[action.kind]:
            raise IllegalAction("nile_artefacts.round_setup.draw", "draw a card kind left in the pile", state, action)
        return _apply_deal(state, action.kind) if phase == PH_DEAL else _apply_bought(state, action.kind)
    raise IllegalAction("nile_artefacts.end.winner", "the game is over", state, action)


def _forbidding_rule(state: NAState, action: Action) -> str:
    if isinstance(action, Move):
        return "nile_artefacts.navigation.destination"
    if isinstance(action, Take):
        return "nile_artefacts.navigation.take_card"
    if isinstance(action, TurnAround):
        return "nile_artefacts.navigation.turn_around"
    if isinstance(action, Buy):
        return RULE_BUY if state.phase == PH_NAV else RULE_OFFER_BUY
    if isinstance(action, Offer):
        return "nile_artefacts.offerings.choose_type"
    if isinstance(action, Done):
        return "nile_artefacts.offerings.order"
    return "nile_artefacts.round.stages"


@rule("nile_artefacts.rewards.replace", "nile_artefacts.setup.worshipers", "nile_artefacts.end.trigger")
def _apply_reveal(state: NAState, monument: int) -> NAState:
    """A new Monument with every Worshiper at the bottom; turning the pile's last card triggers the end."""
    n = state.config.players
    pile, final_round = state.pile, state.final_round
    if state.round > 0:
        pile -= 1
        if pile == 0 and not final_round:
            one_more = readings_of(state.config).last_round == "one_more"
            final_round = state.round + 1 if one_more else state.round
    state = evolve(
        state,
        visible=(*state.visible, monument),
        levels=(*state.levels, (0,) * n),
        seen=state.seen | {monument},
        pile=pile,
        final_round=final_round,
        pending=state.pending - 1,
    )
    if state.pending:
        return state
    if state.round == 0:
        return _start_round(state)
    return _end_round(state)


def _start_round(state: NAState) -> NAState:
    state = evolve(state, round=state.round + 1, phase=PH_DEAL, pending=state.params.cards_per_round)
    return _next_deal(state)


def _next_deal(state: NAState) -> NAState:
    if state.pending:
        state = _refill(state, "nile_artefacts.round_setup.draw")
        if any(state.deck):
            return state
    return _start_nav(state)


@rule("nile_artefacts.round_setup.place", "nile_artefacts.round_setup.accumulate")
def _apply_deal(state: NAState, kind: int) -> NAState:
    """The drawn card goes under the space it names, next to any cards already there."""
    space = state.params.card_space[kind]
    board = list(state.board)
    board[space] = tuple(sorted((*board[space], kind)))
    deck = list(state.deck)
    deck[kind] -= 1
    pending = state.pending - 1
    state = evolve(state, board=tuple(board), deck=tuple(deck), pending=pending)
    if pending and any(deck):  # more to draw from a pile that has cards: the next draw is due (no refill)
        return state
    return _next_deal(state)


@rule("nile_artefacts.navigation.leftovers")
def _start_nav(state: NAState) -> NAState:
    """Uncollected cards stay; which Boats in a Port may move follows the reading ``port_start``."""
    p = state.params
    if readings_of(state.config).port_start == "literal":
        docked = tuple(b in (0, p.right_port) for b in state.boats)
    else:
        docked = (False,) * state.config.players
    state = evolve(state, phase=PH_NAV, docked=docked, turned=False, picks=0, pending=0)
    return _advance_nav(state, state.first)


def _gain_coin(state: NAState, coins: list[int], seat: int, rule_id: str) -> tuple[int, tuple[Note, ...]]:
    """Give one Coin from the stock; an empty stock gives nothing (or goes negative: reading ``coin_stock``)."""
    return _coin(state.config, state.stock, state.notes, coins, seat, rule_id)


def _coin(
    config: Config, stock: int, notes: tuple[Note, ...], coins: list[int], seat: int, rule_id: str
) -> tuple[int, tuple[Note, ...]]:
    if stock > 0 or readings_of(config).coin_stock == "unlimited":
        coins[seat] += 1
        if stock <= 0:
            notes = _add_note(notes, "supply_exhausted", rule_id, "the Coin stock ran out; a Coin was substituted")
        return stock - 1, notes
    return stock, _add_note(notes, "supply_exhausted", rule_id, "the Coin stock ran out; no Coin was given")


@rule(
    "nile_artefacts.navigation.order",
    "nile_artefacts.navigation.turn_end",
    "nile_artefacts.navigation.port_wait",
    "nile_artefacts.navigation.stage_end",
    "nile_artefacts.ref.port_coin_each_turn",
)
def _advance_nav(state: NAState, seat: int, **changes: Any) -> NAState:
    """Pass the turn clockwise; Boats already in a Port earn a Coin instead; all in a Port ends the stage.

    ``changes`` are further fields of the new state (applied first, so that one copy serves the whole step)."""
    docked = changes.get("docked", state.docked)
    if not docked[seat]:
        return evolve(state, to_move=seat, turned=False, picks=0, **changes)
    config = state.config
    n = config.players
    coins = list(changes.get("coins", state.coins))
    stock, notes = changes.get("stock", state.stock), changes.get("notes", state.notes)
    while True:
        if all(docked):
            state = evolve(state, **{**changes, "coins": tuple(coins), "stock": stock, "notes": notes})
            return _start_offer(state)
        if not docked[seat]:
            changes.update(coins=tuple(coins), stock=stock, notes=notes)
            return evolve(state, to_move=seat, turned=False, picks=0, **changes)
        stock, notes = _coin(config, stock, notes, coins, seat, "nile_artefacts.navigation.port_wait")
        seat = (seat + 1) % n


@rule(
    "nile_artefacts.navigation.coin_space",
    "nile_artefacts.navigation.port_coin",
    "nile_artefacts.navigation.port_turns",
)
def _apply_move(state: NAState, space: int) -> NAState:
    """Reach a Port (Coin, turn round, done) or a card space (pick cards; a Coin space adds a Coin)."""
    seat = state.to_move
    p = state.params
    boats = list(state.boats)
    boats[seat] = space
    coins = list(state.coins)
    if space in (0, p.right_port):
        stock, notes = _gain_coin(state, coins, seat, "nile_artefacts.navigation.port_coin")
        facing = list(state.facing)
        facing[seat] = -facing[seat]
        docked = list(state.docked)
        docked[seat] = True
        return _advance_nav(
            state,
            (seat + 1) % state.config.players,
            boats=tuple(boats),
            coins=tuple(coins),
            stock=stock,
            notes=notes,
            facing=tuple(facing),
            docked=tuple(docked),
        )
    picks = 1
    stock, notes = state.stock, state.notes
    if space in p.coin_spaces:
        stock, notes = _gain_coin(state, coins, seat, "nile_artefacts.navigation.coin_space")
        if readings_of(state.config).coin_space == "extra_card" and len(state.board[space]) >= 2:
            picks = 2
    return evolve(state, boats=tuple(boats), coins=tuple(coins), stock=stock, notes=notes, picks=picks)


@rule("nile_artefacts.navigation.take_card")
def _apply_take(state: NAState, kind: int) -> NAState:
    """Move the chosen card from under the Boat to the player's cards; the turn ends after the last pick."""
    seat = state.to_move
    space = state.boats[seat]
    board = list(state.board)
    here = list(board[space])
    here.remove(kind)
    board[space] = tuple(here)
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], kind)))
    picks = state.picks - 1
    if picks and here:
        return evolve(state, board=tuple(board), hands=tuple(hands), picks=picks)
    return _advance_nav(state, (seat + 1) % state.config.players, board=tuple(board), hands=tuple(hands))


@rule("nile_artefacts.navigation.turn_around")
def _apply_turn(state: NAState) -> NAState:
    """Pay 3 Coins (to the stock) and reverse the Boat, once, before moving."""
    seat = state.to_move
    coins = list(state.coins)
    coins[seat] -= state.params.turn_cost
    facing = list(state.facing)
    facing[seat] = -facing[seat]
    return evolve(
        state, coins=tuple(coins), stock=state.stock + state.params.turn_cost, facing=tuple(facing), turned=True
    )


@rule("nile_artefacts.navigation.buy")
def _apply_buy(state: NAState) -> NAState:
    """Pay 3 Coins and draw the top card of the pile (a chance node) into the player's cards."""
    seat = state.to_move
    coins = list(state.coins)
    coins[seat] -= state.params.buy_cost
    rule_id = RULE_BUY if state.phase == PH_NAV else RULE_OFFER_BUY
    state = _refill(state, rule_id)
    return evolve(
        state, coins=tuple(coins), stock=state.stock + state.params.buy_cost, phase=PH_BUY, buy_return=state.phase
    )


def _apply_bought(state: NAState, kind: int) -> NAState:
    seat = state.to_move
    deck = list(state.deck)
    deck[kind] -= 1
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], kind)))
    return evolve(state, deck=tuple(deck), hands=tuple(hands), phase=state.buy_return)


def _start_offer(state: NAState) -> NAState:
    return evolve(
        state,
        phase=PH_OFFER,
        to_move=state.first,
        offering=(),
        altar=(),
        phase_levels=state.levels,
        turned=False,
        picks=0,
    )


@rule("nile_artefacts.offerings.choose_cards")
def _apply_offer(state: NAState, action: Offer) -> NAState:
    """Push one card forward into the offering with the types chosen for it."""
    seat = state.to_move
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(action.kind)
    hands[seat] = tuple(hand)
    return evolve(state, hands=tuple(hands), offering=(*state.offering, (action.kind, action.types, action.monument)))


@rule(
    "nile_artefacts.offerings.check_monuments",
    "nile_artefacts.offerings.one_level",
    "nile_artefacts.example.offering_phase",
)
def advance_levels(state: NAState, seat: int) -> tuple[tuple[int, ...], ...]:
    """Each visible Monument whose next level's condition the offering meets moves the player up exactly one level.

    Under ``card_sharing=shared`` the whole offering is checked against every Monument; under ``split`` each Monument
    is checked against the cards pushed toward it.
    """
    p = state.params
    r = readings_of(state.config)
    both = r.pair_mix == "both_types"
    per_offering = r.type_scope == "per_offering"
    split = r.card_sharing == "split"
    if per_offering and not split:  # the common case, without closures: one tally checked against each Monument
        regions = [p.card_region[k] for k, _, _ in state.offering]
        counts, region_counts = tally([types for _, types, _ in state.offering], regions)
        out = []
        for i, monument in enumerate(state.visible):
            row = state.levels[i]
            level = row[seat]
            if level < 3 and meets(p.monuments[monument][level], counts, region_counts, both):
                row = (*row[:seat], level + 1, *row[seat + 1 :])
            out.append(row)
        return tuple(out)
    whole = _evaluator(state.offering, p, r.type_choice, r.double_card, per_offering, both)
    out = []
    for i, monument in enumerate(state.visible):
        row = state.levels[i]
        level = row[seat]
        if level < 3:
            cond = p.monuments[monument][level]
            if split:
                part = tuple(entry for entry in state.offering if entry[2] == i)
                ok = bool(part) and _evaluator(part, p, r.type_choice, r.double_card, per_offering, both)(cond)
            else:
                ok = whole(cond)
            if ok:
                row = (*row[:seat], level + 1, *row[seat + 1 :])
        out.append(row)
    return tuple(out)


def _evaluator(
    entries: tuple[tuple[int, tuple[int, ...], int], ...],
    p: Params,
    tc: str,
    dc: str,
    per_offering: bool,
    both: bool,
) -> Callable[[Condition], bool]:
    """Whether these offered cards meet a condition (with the chosen types, or any choice under per_monument)."""
    regions = [p.card_region[k] for k, _, _ in entries]
    if per_offering:
        counts, region_counts = tally([types for _, types, _ in entries], regions)
        return lambda cond: meets(cond, counts, region_counts, both)
    options = [type_options(p.card_types[k], tc, dc) for k, _, _ in entries]
    return lambda cond: meets_some_choice(cond, options, regions, both)


@rule("nile_artefacts.offerings.order")
def _apply_done(state: NAState) -> NAState:
    """Check the offering, set its cards aside, and pass to the next player; after the last player, discard."""
    seat = state.to_move
    levels = advance_levels(state, seat) if state.offering else state.levels
    altar = (*state.altar, *(k for k, _, _ in state.offering))
    nxt = (seat + 1) % state.config.players
    state = evolve(state, levels=levels, altar=altar, offering=(), to_move=nxt)
    if nxt != state.first:
        return state
    return _rewards(_end_offerings(state))


@rule("nile_artefacts.offerings.discard", "nile_artefacts.offerings.keep_rest")
def _end_offerings(state: NAState) -> NAState:
    """Offered cards go to the discard; cards not offered stay in hand (nothing else to do)."""
    discard = list(state.discard)
    for k in state.altar:
        discard[k] += 1
    return evolve(state, discard=tuple(discard), altar=())


@rule("nile_artefacts.rewards.completed")
def _rewards(state: NAState) -> NAState:
    """Completed Monuments (someone at level 3) score 10/5/2/0 for every player and leave; refill to 5."""
    p = state.params
    scores = list(state.scores)
    visible, levels = [], []
    for monument, row in zip(state.visible, state.levels, strict=True):
        if max(row) == 3:
            for seat, level in enumerate(row):
                scores[seat] += p.reward_points[level]
        else:
            visible.append(monument)
            levels.append(row)
    need = min(p.monuments_visible - len(visible), state.pile)
    state = evolve(
        state, scores=tuple(scores), visible=tuple(visible), levels=tuple(levels), phase_levels=(), pending=need
    )
    if need:
        return evolve(state, phase=PH_REVEAL)
    return _end_round(state)


@rule("nile_artefacts.rewards.first_player", "nile_artefacts.ref.model_cap")
def _end_round(state: NAState) -> NAState:
    """Pass the First Player token left; end the game after the last round (or at the model's round cap)."""
    state = evolve(state, first=(state.first + 1) % state.config.players)
    if state.final_round and state.round >= state.final_round:
        return evolve(final_scoring(state, True), phase=PH_OVER)
    if state.round >= state.params.max_rounds:
        notes = _note(
            state,
            "no_progress",
            "nile_artefacts.ref.model_cap",
            f"no end after {state.params.max_rounds} rounds: stopped by the model's cap",
        )
        count = readings_of(state.config).endless_game == "score_at_cap"
        return evolve(final_scoring(evolve(state, notes=notes), count), phase=PH_OVER)
    return _start_round(state)


def holdings(state: NAState) -> tuple[int, int, int, int, int]:
    """(pile, board, hands + offering, altar, discard) card counts, for the conservation invariant."""
    return (
        sum(state.deck),
        sum(len(s) for s in state.board),
        sum(len(h) for h in state.hands) + len(state.offering),
        len(state.altar),
        sum(state.discard),
    )


__all__ = ["apply", "chance_outcomes", "current_player", "legal_actions", "setup"]

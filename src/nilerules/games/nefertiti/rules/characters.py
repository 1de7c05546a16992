"""The Characters: a Royal Seal spent to use one, and each one's power (the base game's Characters, and the
expansion's Priest, Beggar, Royal Scribe, Amon Merchant, Amon Priest, Wandering Thief and Trader).
"""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.games.nefertiti.actions import Done, NefAction, Pick, PickType, Recall, Swap, Target
from nilerules.games.nefertiti.cards import CARD_TYPE, CARD_UNITS, slot, slot_code, slot_face_down, slot_sealed
from nilerules.games.nefertiti.names import (
    AKH,
    AMON_MERCHANT,
    AMON_PRIEST,
    BEGGAR,
    CHIEF,
    HIGH_PRIEST,
    MERCHANT,
    N_CODES,
    N_GIFTS,
    N_TYPES,
    NEUTRAL_OWNER,
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
from nilerules.games.nefertiti.rules import harbor
from nilerules.games.nefertiti.rules.common import (
    DONE_ACTION,
    PASS_ACTION,
    action,
    add_slot,
    bump,
    down_blocks,
    evolve,
    face_up_gifts,
    gain_seal,
    hand_add,
    lowest_gifts,
    max_value,
    n_players,
    open_markets,
    readings_of,
    remarket,
    remove_slot,
    set_market,
)
from nilerules.games.nefertiti.scoring import holders, selection_score
from nilerules.games.nefertiti.state import DONE, P_CHAR, P_TURN, NefState


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


rule("nefertiti.turn.character")(use_character)


def high_priest(state: NefState) -> NefState:
    """High Priest (assumed from the reference): place one extra Servant this turn, not on the Harbor."""
    return evolve(state, placements_left=state.placements_left + 1, high_priest=True, phase=P_TURN)


rule("nefertiti.chars.high_priest")(high_priest)


def amon_priest(state: NefState) -> NefState:
    """Amon Priest: the card stays in front of its user, who gains the rank bonus after the final scoring."""
    return evolve(state, amon_priest=state.to_move, phase=P_TURN)


rule("nefertiti.amon_priest.stays")(amon_priest)


def end_character(state: NefState) -> NefState:
    return evolve(state, phase=P_TURN, char_active=-1, scratch=())


def hand_gift_codes(hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c for c in range(N_GIFTS) if hand[c] > 0)


def board_markets(state: NefState) -> tuple[int, ...]:
    """Markets a Character may reach: all four, except those completely closed after Akhenaton."""
    return tuple(m for m in range(4) if state.markets[m].status != DONE)


rule("nefertiti.wandering_thief.closed_market", "nefertiti.wandering_thief.after_akhenaton")(board_markets)


def priest_ok(state: NefState, give: int, take: int) -> bool:
    """The Priest's value limit: per exchange, or over all exchanges together (a reading)."""
    p = state.params
    vg, vt = max_value(p, give), max_value(p, take)
    if readings_of(state.config).priest_value_limit == "per_pair":
        return vt <= vg
    _stage, max_given, max_recv = state.scratch[:3]
    return max(max_recv, vt) <= max(max_given, vg)


def priest_actions(state: NefState) -> tuple[NefAction, ...]:
    """Priest: exchange Gift cards one for one with the last cards of the pile, then order them."""
    me = state.to_move
    if state.scratch[0] == 0:
        swaps = [
            action(Swap, g, -2, t)
            for g in hand_gift_codes(state.hands[me])
            for t in sorted(set(state.bottom))
            if t != AKH and priest_ok(state, g, t)
        ]
        return (*swaps, DONE_ACTION)
    chosen = list(state.scratch[3:])
    left = list(state.bottom)
    for c in chosen:
        left.remove(c)
    return tuple(action(Pick, c) for c in sorted(set(left)))


rule(
    "nefertiti.priest.look",
    "nefertiti.priest.exchange",
    "nefertiti.priest.value_limit",
    "nefertiti.priest.akhenaton_not_gift",
    "nefertiti.priest.no_exchange_ok",
    "nefertiti.priest.order",
)(priest_actions)


def priest_gain(state: NefState, me: int, code: int) -> NefState:
    """A card taken from the bottom of the pile; a papyrus brings a Royal Seal under the reading ``with_seal`` (it is
    gained by an exchange, and not from another player)."""
    return harbor.gain_card(state, me, code, from_board=readings_of(state.config).priest_papyrus == "with_seal")


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


def beggar_actions(state: NefState) -> tuple[NefAction, ...]:
    """Beggar: for each market in turn, take 1 Deben from its tile, turn one Gift card face down, or neither."""
    m = state.scratch[0]
    market = state.markets[m]
    out: list[NefAction] = []
    if market.deben > 0:
        out.append(action(Target, m, -1))
    out.extend(action(Target, m, s) for s in face_up_gifts(market.cards))
    out.append(PASS_ACTION)
    return tuple(out)


rule("nefertiti.beggar.each_market", "nefertiti.beggar.markets_on_board")(beggar_actions)


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
            cards = add_slot(remove_slot(market.cards, action.item), slot_face_down(action.item))
            state = set_market(state, m, remarket(market, cards=cards))
    return beggar_next(state, m)


def beggar_next(state: NefState, after: int) -> NefState:
    for m in beggar_markets(state):
        if m > after:
            return evolve(state, scratch=(m,))
    return end_character(state)


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


rule(
    "nefertiti.royal_scribe.score",
    "nefertiti.royal_scribe.mixed_types",
    "nefertiti.royal_scribe.partial",
    "nefertiti.royal_scribe.discard",
)(royal_scribe_score)


def discard_and_score(state: NefState, me: int, chosen: tuple[int, ...], points: int) -> NefState:
    hand = tuple(state.hands[me][c] - (chosen[c] if c < len(chosen) else 0) for c in range(N_CODES))
    discard = tuple(state.discard[c] + (chosen[c] if c < len(chosen) else 0) for c in range(N_CODES))
    hands = (*state.hands[:me], hand, *state.hands[me + 1 :])
    state = evolve(state, hands=hands, discard=discard, prestige=bump(state.prestige, me, points))
    return end_character(state)


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


rule("nefertiti.chars.scribes")(scribe_score)


def amon_merchant_discard(state: NefState, code: int) -> NefState:
    """Amon Merchant: each discarded Gift card is 8 prestige (a double senet counts as two: 16)."""
    me = state.to_move
    points = state.params.amon_merchant_points * CARD_UNITS[code]
    if readings_of(state.config).amon_merchant_foreign == "plus_bonus":
        points += state.params.bonus[code] * CARD_UNITS[code]
    state = hand_add(state, me, code, -1)
    return evolve(state, discard=bump(state.discard, code, 1), prestige=bump(state.prestige, me, points))


rule(
    "nefertiti.amon_merchant.discard",
    "nefertiti.amon_merchant.points",
    "nefertiti.amon_merchant.senet_x2",
)(amon_merchant_discard)


def wandering_thief_take(state: NefState, m: int, s: int) -> NefState:
    """Wandering Thief: take the lowest gift of any market; the Thief card takes its space (and its seal)."""
    me = state.to_move
    market = state.markets[m]
    if readings_of(state.config).wandering_thief_placement == "literal":
        return end_character(evolve(state, box=bump(state.box, WT, 1)))
    cards = add_slot(remove_slot(market.cards, s), slot(WT, sealed=slot_sealed(s)))
    state = set_market(state, m, remarket(market, cards=cards))
    state = harbor.gain_card(state, me, slot_code(s), from_board=True)
    return end_character(state)


rule(
    "nefertiti.wandering_thief.take",
    "nefertiti.wandering_thief.seal_stays",
    "nefertiti.wandering_thief.place_card",
)(wandering_thief_take)


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
                    out.append(action(Swap, g, m, s))
        if neutral_targetable(state):
            for c in hand_gift_codes(state.neutral_hand):
                if max(0, max_value(p, c) - max_value(p, g)) <= state.deben[me]:
                    out.append(action(Swap, g, -1, c))
    out.append(DONE_ACTION)
    return tuple(out)


rule(
    "nefertiti.trader.exchange",
    "nefertiti.trader.pay_difference",
    "nefertiti.wandering_thief.not_stealable",
    "nefertiti.harbor.no_characters",
    "nefertiti.harbor.no_characters_list",
    "nefertiti.two.neutral_discard_exchange",
    "nefertiti.two.neutral_deben_removed",
)(trader_actions)


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
        state = harbor.gain_card(state, me, action.slot, from_board=not neutral_is_player)
    else:
        market = state.markets[action.market]
        new = slot(action.give, sealed=slot_sealed(action.slot))
        cards = add_slot(remove_slot(market.cards, action.slot), new)
        state = set_market(state, action.market, remarket(market, cards=cards, deben=market.deben + cost))
        state = harbor.gain_card(state, me, slot_code(action.slot), from_board=True)
    count = state.scratch[0] + 1
    if count >= 2:
        return end_character(state)
    return evolve(state, scratch=(count,))


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
                    out.append(action(Target, m, s))
    elif c == TREASURER:
        out.extend(action(Target, m) for m in board_markets(state) if state.markets[m].deben > 0)
    elif c == THIEF:
        for m in board_markets(state):
            out.extend(action(Target, m, s) for s in face_up_gifts(state.markets[m].cards))
    elif c == ROYAL_SERVANT:
        for t in range(n_players(state)):
            if t != me:
                out.extend(action(Pick, code, t) for code in hand_gift_codes(state.hands[t]))
        if neutral_targetable(state):
            out.extend(action(Pick, code, NEUTRAL_OWNER) for code in hand_gift_codes(state.neutral_hand))
    elif c == CHIEF:
        for m in open_markets(state):  # never the Harbor: Characters cannot be used there
            out.extend(Recall(m, pw[0]) for pw in state.markets[m].pawns if pw[1] == me and not pw[2])
    elif c in (SCRIBE2, SCRIBE3):
        held = {CARD_TYPE[code] for code in hand_gift_codes(state.hands[me])}
        out.extend(PickType(t) for t in range(N_TYPES) if t in held)
    out.append(DONE_ACTION)
    return tuple(out)


rule(
    "nefertiti.chars.merchant",
    "nefertiti.chars.treasurer",
    "nefertiti.chars.thief",
    "nefertiti.chars.royal_servant",
    "nefertiti.chars.chief",
)(base_character_actions)


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
    state = harbor.gain_card(state, me, slot_code(action.item), from_board=True)
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
        picks = [action(Pick, code) for code in range(N_GIFTS) if hand[code] - state.scratch[code] > 0]
        return (*picks, DONE_ACTION)
    if c == AMON_MERCHANT:
        return (*(action(Pick, code) for code in hand_gift_codes(state.hands[me])), DONE_ACTION)
    if c == WANDERING_THIEF:
        out: list[NefAction] = []
        for m in board_markets(state):
            lowest = lowest_gifts(state.params, state.markets[m].cards, down_blocks(state))
            out.extend(action(Target, m, s) for s in lowest)
        return (*out, DONE_ACTION)
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

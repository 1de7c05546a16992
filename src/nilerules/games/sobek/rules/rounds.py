"""Setup and the rounds: the set-up, the start of a round (event tokens, the green-backed deal, the first
delivery), the automatic steps between decisions (``settle``), the end of a round (hands to corruption, scoring,
the corruption penalty) and the next round or the end of the game."""

from __future__ import annotations

import operator

from nilerules.core import Config, rule
from nilerules.games.sobek import scoring
from nilerules.games.sobek.actions import ChooseStart, SobekAction
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules.common import (
    DRAW_GREEN,
    DRAW_MARKET,
    DRAW_TOKEN,
    NO_TOKENS,
    ZERO,
    card_totals,
    changed,
    corruption_cards,
    hphase_choice,
    minus,
    more,
    nonempty,
    plus,
    put_int,
    total,
)
from nilerules.games.sobek.rules.draws import (
    draw_source,
)
from nilerules.games.sobek.rules.pending import PendingKind, pending_kind
from nilerules.games.sobek.rules.track import (
    book,
    check_early_end,
    move_marker,
)
from nilerules.games.sobek.state import (
    C_HORIZONTAL,
    C_PENALTY,
    D_MARKET,
    D_REMOVE,
    HORIZONTAL,
    K_START,
    NO_POINTS,
    OVER,
    PLAY,
    TOKEN_COUNTS,
    Counts,
    Draw,
    Params,
    Pending,
    SobekState,
)


def setup(config: Config, params: Params) -> SobekState:
    """Deck of goods (less the green-backed cards) and characters; 2 players: cards removed at random."""
    n = config.players
    totals = card_totals(params, readings_of(config).goods_total)
    deck = tuple(0 if params.green[t] else c for t, c in enumerate(totals))
    draws: tuple[Draw, ...] = ()
    if n == 2:  # never more draws than cards (a draw from an empty pile is skipped anyway)
        draws = tuple(Draw(D_REMOVE, 0) for _ in range(min(params.removed_two, sum(deck))))
    state = SobekState(
        config=config, params=params, round=0, phase=PLAY, to_move=0, start_player=0, deck=deck,
        removed=ZERO, green_pile=ZERO, row=(), deliveries_left=0, hands=(ZERO,) * n, sets=((),) * n,
        corruption=(ZERO,) * n, curses=(0,) * n, discard=ZERO, token_bag=NO_TOKENS, tokens=NO_TOKENS,
        events_used=NO_TOKENS, scores=(0,) * n, last_gain=(0,) * n, draws=draws, pending=None,
        extra_turn=False, hphase_left=(), early_end=False, log=(), ledger=(NO_POINTS,) * n,
    )
    return settle(start_round(state))


rule("sobek.goods.green_backs", "sobek.goods.deck", "sobek.goods.two_players", "sobek.events.selection")(setup)


def start_round(state: SobekState) -> SobekState:
    """Five event tokens drawn from all twelve, the green-backed deal, the first delivery along the Nile; from the
    second round on, under ``params.deck_reformed``, the discarded cards shuffled back into the deck first (a pile is
    a multiset: back into its counts)."""
    params, config = state.params, state.config
    rd = readings_of(config)
    n = config.players
    if state.round > 0 and params.deck_reformed:  # green-backed cards apart (under green_deal = once: out of play)
        back = tuple(0 if green else c for c, green in zip(state.discard, params.green, strict=True))
        state = changed(state, deck=plus(state.deck, back), discard=minus(state.discard, back))
    draws = list(state.draws)
    draws += [DRAW_TOKEN] * min(params.events_per_round, sum(TOKEN_COUNTS))
    green_pile = state.green_pile
    discard = state.discard
    if state.round == 0 or rd.green_deal == "every_round":
        if state.round == 0:
            green_pile = tuple(map(operator.mul, card_totals(params, rd.goods_total), params.green))
        dealt = min(params.hand_size, total(green_pile))
        for k in range(n):
            draws += [DRAW_GREEN[(state.start_player + k) % n]] * dealt
    per_round = params.deliveries_two if n == 2 else params.deliveries
    if n == 2 and rd.two_player_rounds == "first_short":
        per_round = per_round[::-1]
    deliveries = per_round[state.round]
    if rd.market_row == "row_of_all":
        draws += [DRAW_MARKET] * min(params.delivery_size * deliveries, total(state.deck))
        left = 0
    else:
        draws += [DRAW_MARKET] * min(params.delivery_size, total(state.deck))
        left = deliveries - 1
    bag: Counts = TOKEN_COUNTS
    if rd.event_tokens_between_rounds == "used_out":  # tokens applied in earlier rounds stay out of the game
        bag = minus(TOKEN_COUNTS, state.events_used)
    return changed(state, draws=tuple(draws), token_bag=bag, tokens=NO_TOKENS, green_pile=green_pile,
                   discard=discard, deliveries_left=left, phase=PLAY, to_move=state.start_player)


rule("sobek.goods.starting_hand", "sobek.market.deliveries")(start_round)


def settle(state: SobekState) -> SobekState:
    """Automatic steps: skip draws from empty piles, refill the row, start the end of the round."""
    while True:
        if state.phase == OVER:
            return state
        draws = state.draws
        if draws:
            draw = draws[0]
            # counts are never negative: a pile is empty when no count is set
            if nonempty(state.deck if draw.dest == D_MARKET else draw_source(state, draw)):
                return state
            state = changed(state, draws=draws[1:])
            continue
        if state.pending is not None:
            return state
        if state.phase == PLAY:
            if state.row:
                return state
            state = _row_empty(state)
            continue
        if state.phase == HORIZONTAL:
            if state.hphase_left:
                state = changed(state, pending=hphase_choice(state.hphase_left[0]))
                continue
            state = end_round(state)
            continue
        return state  # pragma: no cover - no other phases


def _row_empty(state: SobekState) -> SobekState:
    """An empty row gets the round's next delivery; with none left (or no cards) the round ends."""
    cards = total(state.deck)
    if state.deliveries_left > 0 and cards > 0:
        draws = (DRAW_MARKET,) * min(state.params.delivery_size, cards)
        return changed(state, draws=draws, deliveries_left=state.deliveries_left - 1)
    n = state.config.players
    order = tuple((state.start_player + k) % n for k in range(n))
    return changed(state, phase=HORIZONTAL, hphase_left=order, pending=None, extra_turn=False)


rule("sobek.market.refill", "sobek.end.trigger")(_row_empty)


def end_round(state: SobekState) -> SobekState:
    """Hands to corruption, sets scored, the corruption penalty, then the next round or the end of the game."""
    config, params = state.config, state.params
    rd = readings_of(config)
    n = config.players
    corruption = tuple([plus(pile, hand) for pile, hand in zip(state.corruption, state.hands, strict=True)])
    state = changed(state, corruption=corruption, hands=(ZERO,) * n)
    points: list[tuple[int, int]] = []
    before = state.scores
    for p in range(n):
        gained = scoring.round_breakdown(state.sets[p], params)  # by category; horizontal sets apart
        round_total = total(gained)
        points.append((round_total - gained[C_HORIZONTAL], gained[C_HORIZONTAL]))
        row = plus(state.ledger[p], gained)
        ledger = (*state.ledger[:p], row, *state.ledger[p + 1 :])
        state = move_marker(changed(state, ledger=ledger), p, state.scores[p] + round_total, -1)
        if state.phase == OVER:
            return state
    state = check_early_end(state, "after_scoring")
    cards = [corruption_cards(state, p) for p in range(n)]
    on_card = params.scarabs
    if rd.corruption_scarabs == "pile":
        scarabs = [sum(on_card[t] * c for t, c in enumerate(pile)) for pile in state.corruption]
    else:
        scarabs = [sum(on_card[t] for s in state.sets[p] for t in s.cards) for p in range(n)]
    hit = scoring.most_corrupt(cards, scarabs, rd.corrupt_all_tied)
    if max(cards) == 0 and rd.zero_corruption == "nobody":
        hit = ()
    with_h = rd.horizontal_in_penalty == "included"
    for p in hit:
        earned = points[p][0] + (points[p][1] if with_h else 0)
        moved = scoring.penalty(state.scores[p], earned, rd.penalty_on_number,
                                rd.track_low_end, params.penalty_step)
        state = changed(state, scores=put_int(state.scores, p, moved),
                   ledger=book(state.ledger, p, C_PENALTY, moved - state.scores[p]))
    state = check_early_end(state, "after_penalty")
    gains = tuple(a - b for a, b in zip(state.scores, before, strict=True))
    return next_round(changed(state, last_gain=gains))


rule("sobek.end.hand_to_corruption", "sobek.end.penalty_applied")(end_round)


def next_round(state: SobekState) -> SobekState:
    """Corruption piles (and, by reading, the sets) are discarded; green-backed cards return; the next start
    player."""
    config, params = state.config, state.params
    rd = readings_of(config)
    n = config.players
    keep = rd.sets_between_rounds == "keep"
    keep_piles = rd.corruption_between_rounds == "keep"
    discard = state.discard
    for p in range(n):
        if not keep_piles:
            discard = plus(discard, state.corruption[p])
        for s in () if keep else state.sets[p]:
            discard = more(discard, s.cards)
    green_pile = state.green_pile
    if rd.green_deal == "every_round":
        greens = tuple([c if green else 0 for c, green in zip(discard, params.green, strict=True)])
        green_pile = plus(green_pile, greens)
        discard = minus(discard, greens)
    sets = state.sets if keep else ((),) * n
    corruption, curses = (state.corruption, state.curses) if keep_piles else ((ZERO,) * n, (0,) * n)
    state = changed(state, discard=discard, green_pile=green_pile, corruption=corruption, sets=sets,
               curses=curses, tokens=NO_TOKENS, pending=None, hphase_left=(), extra_turn=False)
    if state.early_end or state.round + 1 >= params.rounds:
        return changed(state, phase=OVER)
    if rd.round_start == "rotate":
        start = (state.start_player + 1) % n
    else:
        low = min(state.scores)
        start = next((state.start_player + k) % n for k in range(n) if state.scores[(state.start_player + k) % n]
                     == low)
        if rd.round_start == "lowest_chooses":  # the lowest scorer picks who starts (choose_start), then the deal
            return changed(state, round=state.round + 1, pending=Pending(K_START, start), to_move=start)
    return start_round(changed(state, round=state.round + 1, start_player=start))


rule("sobek.game_end.rounds", "sobek.theme.rounds", "sobek.end.sets_cleared")(next_round)


def choose_start(state: SobekState, player: int) -> SobekState:
    """SOB-018's ``lowest_chooses``: the seat the lowest scorer chose starts the round, which then begins (its
    event tokens, the green-backed deal from the start player on, the first delivery)."""
    return start_round(changed(state, pending=None, start_player=player))


# -- the pending choice of a round's start (``pending``) ------------------------------------------------------------
class _StartPlayer(PendingKind):
    """Who starts the next round (SOB-018 ``lowest_chooses``): any seat, the chooser's own included."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(ChooseStart(q) for q in range(state.config.players))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseStart)
        return choose_start(state, action.player)


pending_kind(_StartPlayer(K_START, "start_player", "sobek.turn.next_player"))

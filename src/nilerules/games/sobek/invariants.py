"""Invariants of a Sobek state: what the rules guarantee of every state they can reach from the set-up.

Cards are conserved and Curses accounted for; markers stay on the track; each played set is made as the rules make
one (of its goods type or amulets, at least ``params.set_minimum`` of them, a card of its type where amulets alone
are forbidden; horizontal sets by the reading; Prosperity tokens only where the event puts them); event tokens are
counted by type; the phase agrees with what is pending (an end-of-round choice only at the end of the round, a
round in play always has cards along the Nile or something pending). A written position (``position.build``) and a
state read from a file (``core.game.check_state``) must pass them all.
"""

from __future__ import annotations

from nilerules.core import rule
from nilerules.games.sobek.params import Readings, readings_of
from nilerules.games.sobek.rules import card_totals
from nilerules.games.sobek.rules.characters import COURTESAN_ADDS, COURTESAN_CARD
from nilerules.games.sobek.state import (
    AMULET,
    CATEGORIES,
    CATTLE,
    CURSE,
    D_REMOVE,
    D_TOKEN,
    FAMILIES,
    FIRST_CHAR,
    FISH,
    HORIZONTAL,
    K_COURT_ADD,
    K_HPHASE,
    K_HSET,
    K_SET,
    K_START,
    NTYPES,
    OVER,
    PLAY,
    PROSPERITY,
    TOKEN_COUNTS,
    WHEAT,
    PlayedSet,
    SobekState,
)


def all_cards(state: SobekState) -> tuple[int, ...]:
    """Every card of the game by type, wherever it lies."""
    total = [0] * NTYPES
    piles = [state.deck, state.removed, state.green_pile, state.discard, *state.hands, *state.corruption]
    for pile in piles:
        for t, c in enumerate(pile):
            total[t] += c
    for t in state.row:
        total[t] += 1
    for sets in state.sets:
        for s in sets:
            for t in s.cards:
                total[t] += 1
    return tuple(total)


@rule("sobek.goods.total")
def invariants(state: SobekState) -> tuple[str, ...]:
    """Violations (empty when every invariant holds)."""
    out: list[str] = []
    params = state.params
    expected = card_totals(params, readings_of(state.config).goods_total)
    found = all_cards(state)
    if found != expected:
        diff = {t: found[t] - expected[t] for t in range(NTYPES) if found[t] != expected[t]}
        out.append(f"cards not conserved: difference by type {diff!r}")
    piles = [state.deck, state.removed, state.green_pile, state.discard, *state.hands, *state.corruption]
    if any(c < 0 for pile in piles for c in pile):
        out.append("a pile holds a negative number of cards")
    n = state.config.players
    used_curses = state.events_used[CURSE]
    if sum(state.curses) > used_curses or any(c < 0 for c in state.curses):
        out.append(f"curse tokens {state.curses!r} exceed the Curse events applied ({used_curses})")
    for p, score in enumerate(state.scores):
        if score < 0:
            out.append(f"player {p}: marker at {score}, before the first space")
        if readings_of(state.config).track_end == "stop" and score > params.track_spaces - 1:
            out.append(f"player {p}: marker at {score}, past the last space {params.track_spaces - 1}")
    if any(c < 0 or c > m for c, m in zip(state.tokens, TOKEN_COUNTS, strict=True)):
        out.append(f"event tokens out of range: {state.tokens!r}")
    if sum(state.tokens) + sum(state.token_bag) > sum(TOKEN_COUNTS):
        out.append("more event tokens than exist")
    for p in range(n):
        if len(state.ledger[p]) != len(CATEGORIES) or sum(state.ledger[p]) != state.scores[p]:
            out.append(f"player {p}: score breakdown {state.ledger[p]!r} does not sum to the score {state.scores[p]}")
    seats = range(n)
    if state.to_move not in seats or state.start_player not in seats or any(q not in seats for q in state.hphase_left):
        out.append("a seat number out of range (to_move, start_player or the horizontal-set order)")
        return tuple(out)  # the checks below read seats by these numbers
    out += set_violations(state)
    out += token_violations(state)
    out += phase_violations(state)
    return tuple(out)


def _kind(state: SobekState, card: int) -> int:
    """The goods type a card counts as in a set: its kind (a character's is its goods type), or AMULET."""
    return state.params.kind[card]


def _matching(state: SobekState, played: PlayedSet) -> int:
    """How many of a set's cards are of its goods type or amulets."""
    return sum(1 for t in played.cards if _kind(state, t) in (played.family, AMULET))


def set_violations(state: SobekState) -> list[str]:
    """Each played set as the rules make it: a set of a goods type holds cards of that type or amulets (the
    Courtesan may add others only under ``courtesan_match = any_card``), at least ``params.set_minimum`` of them, and
    one of the type itself where amulets alone are forbidden (``amulet_only``); a horizontal set is of one type or
    of different types by ``horizontal_sets``; Prosperity tokens lie on fish, cattle and wheat sets only, no more
    than the Prosperity events applied."""
    out: list[str] = []
    rd = readings_of(state.config)
    natural = rd.amulet_only == "forbidden"
    others = 0
    prosperity = 0
    for p, sets in enumerate(state.sets):
        for i, played in enumerate(sets):
            where = f"seat {p}'s set {i}"
            if any(not 0 <= t < NTYPES for t in played.cards):
                out.append(f"{where}: a card code out of range")
                continue
            prosperity += played.prosperity
            if played.horizontal:
                out += _horizontal_violations(state, rd, played, where)
                continue
            if played.family not in FAMILIES:
                out.append(f"{where}: a set that is not horizontal is of one goods type, not {played.family!r}")
                continue
            matching = _matching(state, played)
            others += len(played.cards) - matching
            if matching < state.params.set_min:
                out.append(f"{where}: a played set has fewer than {state.params.set_min} cards of its goods type or "
                           f"amulets ({matching}; params.set_minimum)")
            if natural and not any(_kind(state, t) == played.family for t in played.cards):
                out.append(f"{where}: amulets only, and a set needs a card of its type (amulet_only = forbidden)")
            if played.prosperity and played.family not in (FISH, CATTLE, WHEAT):
                out.append(f"{where}: Prosperity tokens on a set that is not of fish, cattle or wheat")
    allowed = COURTESAN_ADDS * state.params.totals[COURTESAN_CARD] if rd.courtesan_match == "any_card" else 0
    if others > allowed:
        out.append(f"{others} cards in sets not of the set's goods type (the Courtesan adds such cards only under "
                   f"courtesan_match = any_card, at most {COURTESAN_ADDS} each time)" if not allowed else
                   f"{others} cards in sets not of the set's goods type, more than the Courtesan can add ({allowed})")
    if prosperity > state.events_used[PROSPERITY]:
        out.append(f"{prosperity} Prosperity tokens on sets, more than the Prosperity events applied "
                   f"({state.events_used[PROSPERITY]})")
    return out


def _horizontal_violations(state: SobekState, rd: Readings, played: PlayedSet, where: str) -> list[str]:
    """A horizontal set as the end of the round makes one: of one goods type (and amulets) under ``horizontal_sets
    = same_kind``, of different types (``mixed``: no two cards of a type) under
    ``different_kinds``; never a Prosperity token; a card of a type where amulets alone are forbidden. (The rules
    put no bound on its size: amulets join while it has fewer than six cards, then the six types may follow.)"""
    out: list[str] = []
    kinds = [_kind(state, t) for t in played.cards if _kind(state, t) != AMULET]
    if len(played.cards) < state.params.set_min:
        out.append(f"{where}: a horizontal set of {len(played.cards)} cards, fewer than {state.params.set_min}")
    if rd.horizontal_sets == "same_kind":
        if played.family not in FAMILIES:
            out.append(f"{where}: a horizontal set of different types, under horizontal_sets = same_kind")
        elif len(kinds) != sum(1 for k in kinds if k == played.family):
            out.append(f"{where}: a horizontal set with cards not of its goods type")
    elif played.family != -1:
        out.append(f"{where}: a horizontal set of one type ({played.family!r}), under horizontal_sets = "
                   "different_kinds (goods = 'mixed')")
    elif len(set(kinds)) != len(kinds):
        out.append(f"{where}: a horizontal set of different types with two cards of a type")
    if rd.amulet_only == "forbidden" and not kinds:
        out.append(f"{where}: a horizontal set of amulets only (amulet_only = forbidden)")
    if played.prosperity:
        out.append(f"{where}: a Prosperity token on a horizontal set")
    return out


def token_violations(state: SobekState) -> list[str]:
    """Event tokens by type: this round's and the bag's never more than exist (with those applied so far, in the
    first round or under ``event_tokens_between_rounds = used_out``), no more drawn this round than
    ``params.events_per_round``, and no more applied than the rounds so far could draw."""
    out: list[str] = []
    rd = readings_of(state.config)
    used_out = rd.event_tokens_between_rounds == "used_out"
    counted = used_out or state.round == 0  # every token applied is out of the bag: first round, or for good
    for k, most in enumerate(TOKEN_COUNTS):
        held = state.tokens[k] + state.token_bag[k] + (state.events_used[k] if counted else 0)
        if state.token_bag[k] < 0 or state.events_used[k] < 0 or held > most:
            out.append(f"event token {k}: {held} in this round, the bag{' and applied' if counted else ''}, of "
                       f"{most}")
    pending = sum(1 for d in state.draws if d.dest == D_TOKEN)
    drawn = sum(state.tokens) if used_out else sum(TOKEN_COUNTS) - sum(state.token_bag)
    if drawn + pending > state.params.events_per_round:
        out.append(f"{drawn} event tokens drawn this round and {pending} to draw, more than "
                   f"{state.params.events_per_round} (params.events_per_round)")
    rounds = state.round + 1
    if sum(state.events_used) > state.params.events_per_round * rounds or (
        used_out and any(u > most for u, most in zip(state.events_used, TOKEN_COUNTS, strict=True))
    ):
        out.append(f"event tokens applied {state.events_used!r}: more than {rounds} round(s) can draw")
    return out


def phase_violations(state: SobekState) -> list[str]:
    """The phase agrees with what is pending: the game over has nothing pending; the end of the round has an empty
    row, seats still to choose horizontal sets (the first of them deciding, or a draw pending) and no Flood's extra
    turn; a round in
    play has no end-of-round choice and, with nothing pending, cards along the Nile (else the rules would have
    delivered cards or ended the round); a choice in progress holds cards of the hand; cards removed at set-up
    only in a two-player game."""
    out: list[str] = []
    pend = state.pending
    phase = state.phase
    if phase not in (PLAY, HORIZONTAL, OVER) or not 0 <= state.round < state.params.rounds:
        return [f"phase {phase!r} or round {state.round!r} out of range"]
    if phase == OVER and (pend is not None or state.draws):
        out.append("the game is over, yet a choice or a draw is pending")
    if phase == HORIZONTAL:
        if state.row:
            out.append("the end of the round with cards along the Nile (it comes when the row is empty)")
        if pend is not None and pend.kind == K_START:  # SOB-018 lowest_chooses: every seat has chosen its sets
            if state.hphase_left:
                out.append("who starts the next round is chosen while seats are still to choose horizontal sets")
        elif not state.hphase_left:
            out.append("the end of the round with no seat left to choose horizontal sets")
        elif pend is not None and pend.player != state.hphase_left[0]:
            out.append(f"seat {pend.player} decides at the end of the round, but seat {state.hphase_left[0]} is "
                       "the one choosing horizontal sets")
        elif pend is None and not state.draws:
            out.append(f"the end of the round with nothing pending (seat {state.hphase_left[0]} chooses its "
                       "horizontal sets: pending = { choice = 'horizontal_sets' })")
        if state.extra_turn:
            out.append("a Flood's extra turn at the end of the round")
    if phase == PLAY:
        if state.hphase_left:
            out.append("seats to choose horizontal sets while the round is in play")
        if pend is not None and pend.kind in (K_HSET, K_HPHASE):
            out.append("an end-of-round choice (horizontal sets) while the round is in play")
        if pend is None and not state.draws and not state.row:
            out.append("a round in play with no card along the Nile, no draw and nothing pending (the rules "
                       "deliver cards or end the round first)")
        if readings_of(state.config).sets_between_rounds != "keep" and any(
            s.horizontal for sets in state.sets for s in sets
        ):
            out.append("a horizontal set during the round (they are made at its end, and the sets discarded after)")
    if pend is not None:
        out += _pending_violations(state)
    if (any(state.removed) or any(d.dest == D_REMOVE for d in state.draws)) and state.config.players != 2:
        out.append("cards removed at set-up in a game of more than two players")
    if readings_of(state.config).two_player_removed == "goods_only" and any(state.removed[FIRST_CHAR:]):
        out.append("a character removed at set-up under two_player_removed = goods_only")
    return out


def _pending_violations(state: SobekState) -> list[str]:
    """A set or a Courtesan's addition in progress: its seat holds the cards chosen so far, and the played set it
    adds to exists."""
    pend = state.pending
    assert pend is not None
    if not 0 <= pend.player < state.config.players:
        return [f"a pending choice for seat {pend.player}, out of range"]
    out: list[str] = []
    if pend.kind in (K_SET, K_HSET, K_COURT_ADD):
        hand = state.hands[pend.player]
        if any(not 0 <= t < NTYPES or pend.cards.count(t) > hand[t] for t in pend.cards):
            out.append(f"seat {pend.player}'s choice in progress holds cards not in its hand")
        if pend.kind == K_COURT_ADD and len(pend.cards) > COURTESAN_ADDS:
            out.append(f"the Courtesan adds at most {COURTESAN_ADDS} cards, {len(pend.cards)} chosen")
    if pend.kind == K_SET and pend.b >= 0:
        sets = state.sets[pend.player]
        if pend.b >= len(sets) or sets[pend.b].horizontal or sets[pend.b].family != pend.a:
            out.append(f"seat {pend.player} adds to its set {pend.b}, which is not a played set of that goods type")
    if pend.kind == K_COURT_ADD and (not 0 <= pend.a < state.config.players or not 0 <= pend.b < len(
        state.sets[pend.a]) or state.sets[pend.a][pend.b].horizontal):
        out.append(f"the Courtesan adds to seat {pend.a}'s set {pend.b}, which is not a played set")
    if pend.kind == K_START and (readings_of(state.config).round_start != "lowest_chooses" or state.round == 0
                                 or state.row or state.draws):
        out.append("a choice of who starts the round (pending = { choice = 'start_player' }) is only made under "
                   "round_start = lowest_chooses, between rounds: after round 1, with no card along the Nile and no "
                   "draw pending")
    return out

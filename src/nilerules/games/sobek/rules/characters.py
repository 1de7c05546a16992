"""The characters: whether one may be played for its power (the Queen's draw, a power with nothing to act
on), and each power: the Queen, the High Priest(ess), the Scribes, the Vizir, the Merchant, the Courtesan, the
Thief."""

from __future__ import annotations

from dataclasses import replace as dc_replace
from typing import Final

from nilerules.core import rule
from nilerules.games.sobek.actions import (
    AddCard,
    ChooseBack,
    ChooseCard,
    ChooseGoods,
    ChooseSet,
    ChooseTarget,
    Confirm,
    SobekAction,
    Take,
)
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules.common import (
    ADDS,
    DONE,
    add,
    back_of,
    changed,
    end_turn,
    less,
    nonempty,
    opponents,
    put,
)
from nilerules.games.sobek.rules.market import (
    take,
)
from nilerules.games.sobek.rules.pending import PendingKind, pending_kind, targets, with_card
from nilerules.games.sobek.rules.sets import (
    matches,
)
from nilerules.games.sobek.state import (
    CHAR_POWER,
    COURTESAN,
    D_QUEEN,
    D_STEAL,
    FIRST_CHAR,
    K_COURT_ADD,
    K_COURT_SET,
    K_MERCHANT,
    K_PRIEST,
    K_PRIEST_CHARS,
    K_SCRIBE,
    K_THIEF_BACK,
    K_THIEF_OPP,
    K_VIZIR_CARD,
    K_VIZIR_OPP,
    MERCHANT,
    NTYPES,
    PRIEST,
    QUEEN,
    SCRIBE,
    THIEF,
    VIZIR,
    Draw,
    Pending,
    SobekState,
    steal_arg,
)

QUEEN_CARD: Final = FIRST_CHAR + CHAR_POWER.index(QUEEN)
"""The Queen's card code."""
VIZIR_CARD: Final = FIRST_CHAR + CHAR_POWER.index(VIZIR)
"""The Vizir's card code."""
THIEF_CARD: Final = FIRST_CHAR + CHAR_POWER.index(THIEF)
"""The Thief's card code."""
SCRIBE_CARDS: Final = tuple(FIRST_CHAR + i for i, power in enumerate(CHAR_POWER) if power == SCRIBE)
"""The two Scribes' card codes."""
COURTESAN_CARD: Final = FIRST_CHAR + CHAR_POWER.index(COURTESAN)
"""The Courtesan's card code."""
COURTESAN_ADDS: Final = 2
"""The most cards the Courtesan adds to a played set (seed: "add 1 or 2 cards from your hand to an existing played
set")."""
TARGETED: Final = (VIZIR_CARD, THIEF_CARD, *SCRIBE_CARDS, COURTESAN_CARD)
"""The characters whose power may find nothing to act on (SOB-032)."""


def queen_source(state: SobekState) -> int:
    """How many cards the Queen could draw now: the deck's, or the row's (reading ``queen_draw``)."""
    return sum(state.deck) if readings_of(state.config).queen_draw == "deck" else len(state.row)


def queen_playable(state: SobekState) -> bool:
    """Whether the Queen may be played for her power (part of ``sobek.characters.queen``): always
    (``queen_short=what_is_left``: she draws what is left), or only while her source holds the cards she draws
    (``needs_full``)."""
    if readings_of(state.config).queen_short == "what_is_left":
        return True
    return queen_source(state) >= state.params.queen_draws


def power_target(state: SobekState, p: int, card: int) -> bool:
    """Whether the power of ``card`` (the Vizir, the Thief, a Scribe or the Courtesan, held by player ``p``) finds
    something to act on: a card in some opponent's corruption pile (Vizir), in some opponent's hand (Thief); an
    opponent holding more than ``params.scribe_limit`` cards (Scribe); a played set that a card left in hand once the
    Courtesan is played may be added to (Courtesan, by the ``courtesan_target`` and ``courtesan_match`` readings)."""
    if card == COURTESAN_CARD:
        played = changed(state, hands=put(state.hands, p, add(state.hands[p], card, -1)))
        return bool(courtesan_sets(played, p))
    if card in SCRIBE_CARDS:
        return any(sum(state.hands[o]) > state.params.scribe_limit for o in opponents(state, p))
    piles = state.corruption if card == VIZIR_CARD else state.hands
    return any(sum(piles[o]) for o in opponents(state, p))


def power_playable(state: SobekState, p: int, card: int) -> bool:
    """Whether the Vizir, the Thief, a Scribe or the Courtesan may be played for its power (part of
    ``sobek.actions.play_character``): always (``power_no_target=no_effect``: with nothing to act on it does
    nothing), or only when its power finds something to act on (``needs_target``)."""
    if readings_of(state.config).power_no_target == "no_effect":
        return True
    return power_target(state, p, card)


def play_character(state: SobekState, p: int, card: int) -> SobekState:
    """The character goes to the discard pile and its power applies."""
    state = changed(state, hands=put(state.hands, p, add(state.hands[p], card, -1)),
                    discard=add(state.discard, card))
    power = CHAR_POWER[card - FIRST_CHAR]
    params = state.params
    if power == QUEEN:
        if readings_of(state.config).queen_draw == "deck":
            draws = (Draw(D_QUEEN, p),) * params.queen_draws
            return end_turn(changed(state, draws=state.draws + draws), p)
        got = state.row[: params.queen_draws]
        hand = state.hands[p]
        for t in got:
            hand = add(hand, t)
        return end_turn(changed(state, row=state.row[len(got):], hands=put(state.hands, p, hand)), p)
    if power == PRIEST:
        return changed(state, pending=Pending(K_PRIEST, p))
    if power == SCRIBE:  # no opponent over the limit: it does nothing (SOB-032 no_effect)
        queue = tuple(o for o in opponents(state, p) if sum(state.hands[o]) > params.scribe_limit)
        return _next_scribe(state, p, queue)
    if power == VIZIR:
        if power_target(state, p, card):
            return changed(state, pending=Pending(K_VIZIR_OPP, p))
        return end_turn(state, p)  # nothing to take (SOB-032 no_effect: it does nothing)
    if power == MERCHANT:
        return changed(state, pending=Pending(K_MERCHANT, p))
    if power == THIEF:
        if power_target(state, p, card):
            return changed(state, pending=Pending(K_THIEF_OPP, p))
        return end_turn(state, p)  # nothing to take (SOB-032 no_effect: it does nothing)
    # Courtesan
    if courtesan_sets(state, p):
        return changed(state, pending=Pending(K_COURT_SET, p))
    return end_turn(state, p)  # no set a card in hand fits (SOB-032 no_effect: it does nothing)


rule("sobek.characters.queen", "sobek.characters.scribe")(play_character)


def _next_scribe(state: SobekState, p: int, queue: tuple[int, ...]) -> SobekState:
    """The next opponent over the limit reduces; who picks the cards is the ``scribe_chooser`` reading."""
    if not queue:
        return end_turn(changed(state, pending=None), p)
    chooser = queue[0] if readings_of(state.config).scribe_chooser == "owner" else p
    return changed(state, pending=Pending(K_SCRIBE, chooser, p, queue[0], queue[1:]))


rule("sobek.characters.scribe_choice")(_next_scribe)


def priest(state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
    """Discard every goods card of one type from the own corruption pile (characters of that type: must or may;
    amulets never)."""
    p = pend.player
    params = state.params
    pile = state.corruption[p]
    if isinstance(action, ChooseGoods):
        kind = action.kind
        goods = [t for t in range(FIRST_CHAR) if params.kind[t] == kind]
        chars = [t for t in range(FIRST_CHAR, NTYPES) if params.kind[t] == kind and pile[t]]
        state = _discard_from_pile(state, p, goods)
        if chars and readings_of(state.config).priest_characters == "may":
            return changed(state, pending=Pending(K_PRIEST_CHARS, p, kind))
        return end_turn(_discard_from_pile(state, p, chars), p)
    assert isinstance(action, Confirm)
    if action.yes:
        chars = [t for t in range(FIRST_CHAR, NTYPES) if params.kind[t] == pend.a]
        state = _discard_from_pile(state, p, chars)
    return end_turn(state, p)


rule("sobek.characters.priest", "sobek.characters.priest_chars", "sobek.characters.priest_amulets")(priest)


def _discard_from_pile(state: SobekState, p: int, types: list[int]) -> SobekState:
    pile = list(state.corruption[p])
    discard = list(state.discard)
    for t in types:
        discard[t] += pile[t]
        pile[t] = 0
    return changed(state, corruption=put(state.corruption, p, tuple(pile)), discard=tuple(discard))


def vizir(state: SobekState, p: int, opp: int, card: int) -> SobekState:
    """A card of the player's choice from an opponent's corruption pile to the player's hand."""
    return changed(state, corruption=put(state.corruption, opp, add(state.corruption[opp], card, -1)),
                   hands=put(state.hands, p, add(state.hands[p], card)))


rule("sobek.characters.vizir")(vizir)


def merchant(state: SobekState, p: int, index: int) -> SobekState:
    """Any card along the Nile, without corruption for the cards before it (SOB-034's ``skipped``: with it)."""
    return take(state, p, index, corrupt=readings_of(state.config).merchant_corruption == "skipped")


rule("sobek.characters.merchant")(merchant)


def courtesan_sets(state: SobekState, p: int) -> tuple[tuple[int, int], ...]:
    """Sets the Courtesan can add to: own played sets (or anyone's, by reading) with a matching card in hand."""
    owners = range(state.config.players) if readings_of(state.config).courtesan_target == "any" else (p,)
    hand = state.hands[p]
    any_card = readings_of(state.config).courtesan_match == "any_card"
    out = []
    for o in owners:
        for i, s in enumerate(state.sets[o]):
            if not s.horizontal and any(c and (any_card or matches(state.params, t, s.family))
                                        for t, c in enumerate(hand)):
                out.append((o, i))
    return tuple(sorted(out))


rule("sobek.characters.courtesan")(courtesan_sets)


def courtesan_add(state: SobekState, pend: Pending) -> SobekState:
    p, owner, index = pend.player, pend.a, pend.b
    hand = less(state.hands[p], pend.cards)
    target = state.sets[owner][index]
    new = dc_replace(target, cards=tuple(sorted(target.cards + pend.cards)))
    sets = state.sets[owner]
    sets = (*sets[:index], new, *sets[index + 1 :])
    state = changed(state, hands=put(state.hands, p, hand),
                    sets=(*state.sets[:owner], sets, *state.sets[owner + 1 :]))
    return end_turn(state, p)


def thief(state: SobekState, p: int, opp: int, back: int) -> SobekState:
    """Steal a card from an opponent: the thief picks a back colour, chance picks the card behind it."""
    return changed(state, draws=(*state.draws, Draw(D_STEAL, p, steal_arg(opp, back))), pending=None)


rule("sobek.characters.thief", "sobek.characters.thief_backs")(thief)


def scribe_discard(state: SobekState, pend: Pending, card: int) -> SobekState:
    o = pend.b
    state = changed(state, hands=put(state.hands, o, add(state.hands[o], card, -1)),
                    corruption=put(state.corruption, o, add(state.corruption[o], card)))
    if sum(state.hands[o]) > state.params.scribe_limit:
        return state
    return _next_scribe(state, pend.a, pend.cards)


# -- the pending choices of the characters (``pending``) ------------------------------------------------------------
class _Priest(PendingKind):
    """The Priest's goods."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(ChooseGoods(k) for k in range(6))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        return priest(state, pend, action)


class _PriestCharacters(PendingKind):
    """Whether the Priest takes the characters too."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return (Confirm(False), Confirm(True))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        return priest(state, pend, action)


class _VizirOpponent(PendingKind):
    """The Vizir's opponent: one with a corruption card."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return targets(tuple(o for o in opponents(state, pend.player) if nonempty(state.corruption[o])))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseTarget)
        return changed(state, pending=Pending(K_VIZIR_CARD, pend.player, action.player))


class _VizirCard(PendingKind):
    """The card the Vizir moves from that opponent's corruption."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(ChooseCard(t) for t, c in enumerate(state.corruption[pend.a]) if c)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseCard)
        return end_turn(vizir(state, pend.player, pend.a, action.card), pend.player)


class _Merchant(PendingKind):
    """The card the Merchant takes from the Nile."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(Take(i) for i in range(len(state.row)))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, Take)
        return end_turn(merchant(state, pend.player, action.index), pend.player)


class _CourtesanSet(PendingKind):
    """The played set the Courtesan adds to."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(ChooseSet(o, i) for o, i in courtesan_sets(state, pend.player))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseSet)
        return changed(state, pending=Pending(K_COURT_ADD, pend.player, action.owner, action.index))


class _CourtesanAdd(PendingKind):
    """The cards the Courtesan adds, one at a time, then done."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        params = state.params
        family = state.sets[pend.a][pend.b].family
        out: list[SobekAction] = []
        if len(pend.cards) < COURTESAN_ADDS:
            any_card = readings_of(state.config).courtesan_match == "any_card"
            out += [ADDS[t] for t, c in enumerate(hand) if c and (any_card or matches(params, t, family))]
        if pend.cards:
            out.append(DONE)
        return tuple(out)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        if isinstance(action, AddCard):
            return with_card(state, pend, action)
        return courtesan_add(state, pend)


class _ThiefOpponent(PendingKind):
    """The Thief's opponent: one with a card in hand."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return targets(tuple(o for o in opponents(state, pend.player) if nonempty(state.hands[o])))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseTarget)
        return changed(state, pending=Pending(K_THIEF_BACK, pend.player, action.player))


class _ThiefBack(PendingKind):
    """The card back the Thief steals (what the thief sees of that hand: SOB ``thief_backs``)."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        seen = readings_of(state.config).thief_backs
        backs = sorted({back_of(state.params, t, seen) for t, c in enumerate(state.hands[pend.a]) if c})
        return tuple(ChooseBack(b) for b in backs)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseBack)
        return end_turn(thief(state, pend.player, pend.a, action.back), pend.player)


class _Scribe(PendingKind):
    """The card the Scribe's chooser discards."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(ChooseCard(t) for t, c in enumerate(state.hands[pend.b]) if c)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseCard)
        return scribe_discard(state, pend, action.card)


pending_kind(_Priest(K_PRIEST, "priest", "sobek.characters.priest"))
pending_kind(_PriestCharacters(K_PRIEST_CHARS, "priest_characters", "sobek.characters.priest_chars"))
pending_kind(_VizirOpponent(K_VIZIR_OPP, "vizir_opponent", "sobek.characters.vizir"))
pending_kind(_VizirCard(K_VIZIR_CARD, "vizir_card", "sobek.characters.vizir"))
pending_kind(_Merchant(K_MERCHANT, "merchant", "sobek.characters.merchant"))
pending_kind(_CourtesanSet(K_COURT_SET, "courtesan_set", "sobek.characters.courtesan"))
pending_kind(_CourtesanAdd(K_COURT_ADD, "courtesan_add", "sobek.characters.courtesan"))
pending_kind(_ThiefOpponent(K_THIEF_OPP, "thief_opponent", "sobek.characters.thief"))
pending_kind(_ThiefBack(K_THIEF_BACK, "thief_back", "sobek.characters.thief_backs"))
pending_kind(_Scribe(K_SCRIBE, "scribe", "sobek.characters.scribe"))

"""Sets: which cards may join a set being built (of one goods type, amulets wild; or, at the end of the round,
a horizontal set), when it may be finished, and the set put on the table (an event follows)."""

from __future__ import annotations

from dataclasses import replace as dc_replace

from nilerules.core import rule
from nilerules.games.sobek.actions import (
    AddCard,
    SobekAction,
    StartHorizontal,
)
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules.common import (
    ADDS,
    DONE,
    HORIZONTALS,
    MIXED_HORIZONTAL,
    ONLY_DONE,
    add,
    changed,
    hphase_choice,
    less,
    put,
    total,
)
from nilerules.games.sobek.rules.events import (
    event_or_end,
)
from nilerules.games.sobek.rules.pending import PendingKind, pending_kind, with_card
from nilerules.games.sobek.state import (
    AMULET,
    AMULET_TYPES,
    FIRST_CHAR,
    K_HPHASE,
    K_HSET,
    K_SET,
    NTYPES,
    Counts,
    Params,
    Pending,
    PlayedSet,
    SobekState,
)


def matches(params: Params, card: int, family: int) -> bool:
    kind = params.kind[card]
    return kind in (family, AMULET)


def natural_needed(state: SobekState) -> bool:
    return readings_of(state.config).amulet_only == "forbidden"


def _can_finish_same(state: SobekState, family: int, built: tuple[int, ...], hand: Counts, natural: bool) -> bool:
    params = state.params
    matching = sum(c for t, c in enumerate(hand) if c and matches(params, t, family))
    if len(built) + matching < state.params.set_min:
        return False
    if not natural:
        return True
    if any(params.kind[t] != AMULET for t in built):
        return True
    return any(c and params.kind[t] == family for t, c in enumerate(hand))


def can_finish_mixed(state: SobekState, built: tuple[int, ...], hand: Counts, natural: bool) -> bool:
    params = state.params
    used = {params.kind[t] for t in built if params.kind[t] != AMULET}
    amulets = sum(1 for t in built if params.kind[t] == AMULET)
    free = 6 - len(used) - amulets
    kinds = {k for t, c in enumerate(hand) if c and (k := params.kind[t]) != AMULET and k not in used}
    spare = len(kinds) + sum(hand[t] for t in AMULET_TYPES)
    if len(built) + min(spare, free) < params.set_min:
        return False
    return not (natural and not used and not kinds)


def _add_ok(state: SobekState, family: int, built: tuple[int, ...], hand: Counts, card: int, natural: bool) -> bool:
    params = state.params
    if hand[card] == 0:
        return False
    new_hand = add(hand, card, -1)
    if family >= 0:
        return matches(params, card, family) and _can_finish_same(state, family, (*built, card), new_hand, natural)
    kind = params.kind[card]
    used = {params.kind[t] for t in built if params.kind[t] != AMULET}
    if kind != AMULET and kind in used:
        return False
    if kind == AMULET and len(built) >= 6:
        return False
    return can_finish_mixed(state, (*built, card), new_hand, natural)


def _done_ok(state: SobekState, built: tuple[int, ...], natural: bool) -> bool:
    if len(built) < state.params.set_min:
        return False
    return not natural or any(state.params.kind[t] != AMULET for t in built)


def _same_kind_adds(
    params: Params, family: int, built: tuple[int, ...], hand: Counts, natural: bool
) -> list[SobekAction]:
    """Cards that can join a set of ``family`` being built, so that it can still be finished (the same as
    ``_add_ok`` for a set of one type, computed once for the hand)."""
    kinds = params.kind
    matching = [t for t, c in enumerate(hand) if c and (kinds[t] == family or kinds[t] == AMULET)]
    if len(built) + sum(hand[t] for t in matching) < params.set_min:
        return []
    if natural and not any(kinds[t] != AMULET for t in built):
        naturals = sum(hand[t] for t in matching if kinds[t] != AMULET)
        return [ADDS[t] for t in matching if kinds[t] != AMULET or naturals > 0]
    return [ADDS[t] for t in matching]


def set_steps(state: SobekState, params: Params, pend: Pending, hand: Counts) -> tuple[SobekAction, ...]:
    """The next step of a set being built (``K_SET``, or ``K_HSET`` at the end of the round): a card of ``hand`` (the
    cards not yet chosen) that keeps it finishable, or done once it may be finished."""
    natural = natural_needed(state) and (pend.kind == K_HSET or pend.b < 0)
    if pend.kind == K_HSET:
        hand = horizontal_hand(state, hand)
    if pend.a >= 0:
        adds = _same_kind_adds(params, pend.a, pend.cards, hand, natural)
    else:
        adds = [ADDS[t] for t in range(NTYPES) if _add_ok(state, pend.a, pend.cards, hand, t, natural)]
    if _done_ok(state, pend.cards, natural):
        adds.append(DONE)
    return tuple(adds)


def horizontal_hand(state: SobekState, hand: Counts) -> Counts:
    """The cards of ``hand`` a horizontal set may hold: all (characters as goods of their type), or, under SOB-035's
    ``excluded`` (“You cannot play character cards”), the goods cards only."""
    if readings_of(state.config).horizontal_characters == "excluded":
        return (*hand[:FIRST_CHAR], *(0,) * (NTYPES - FIRST_CHAR))
    return hand


def hphase_actions(state: SobekState, params: Params, hand: Counts) -> tuple[SobekAction, ...]:
    """At the end of the round: start a horizontal set, or be done."""
    hand = horizontal_hand(state, hand)
    if total(hand) < params.set_min:  # no horizontal set of either reading can reach the minimum
        return ONLY_DONE
    out: list[SobekAction] = []
    natural = natural_needed(state)
    if readings_of(state.config).horizontal_sets == "same_kind":
        by_kind = [0] * 7
        for t, c in enumerate(hand):
            if c:
                by_kind[params.kind[t]] += c
        out += [HORIZONTALS[f] for f in range(6)
                if by_kind[f] + by_kind[AMULET] >= params.set_min and (by_kind[f] or not natural)]
    elif can_finish_mixed(state, (), hand, natural):
        out.append(MIXED_HORIZONTAL)
    out.append(DONE)
    return tuple(out)


def finish_set(state: SobekState, pend: Pending) -> SobekState:
    """The set goes on the table (or onto the played set); an event follows if tokens remain."""
    p = pend.player
    hand = less(state.hands[p], pend.cards)
    sets = state.sets[p]
    if pend.b < 0:
        sets = (*sets, PlayedSet(pend.a, tuple(sorted(pend.cards))))
        event = True
    else:
        old = sets[pend.b]
        sets = (*sets[: pend.b], dc_replace(old, cards=tuple(sorted(old.cards + pend.cards))), *sets[pend.b + 1 :])
        event = readings_of(state.config).extension_event == "triggers"
    state = changed(state, hands=put(state.hands, p, hand), sets=(*state.sets[:p], sets, *state.sets[p + 1 :]),
                    pending=None)
    return event_or_end(state, p, event)


rule("sobek.sets.event", "sobek.sets.add_minimum", "sobek.sets.character_power_ignored")(finish_set)


def finish_horizontal(state: SobekState, pend: Pending) -> SobekState:
    """A horizontal set from the hand at the end of the round (no characters played, no additions)."""
    p = pend.player
    hand = less(state.hands[p], pend.cards)
    played = PlayedSet(max(pend.a, -1), tuple(sorted(pend.cards)), 0, True)
    state = changed(state, hands=put(state.hands, p, hand),
                    sets=(*state.sets[:p], (*state.sets[p], played), *state.sets[p + 1 :]), pending=None)
    if readings_of(state.config).horizontal_events == "triggers":
        return event_or_end(state, p, True)
    return changed(state, pending=hphase_choice(p))


rule("sobek.end.horizontal", "sobek.end.horizontal_limits", "sobek.end.horizontal_purpose")(finish_horizontal)


# -- the pending choices of sets (``pending``) ----------------------------------------------------------------------
class _Set(PendingKind):
    """A set, or an addition to a played one, being built card by card (SOB sets)."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return set_steps(state, state.params, pend, hand)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        if isinstance(action, AddCard):
            return with_card(state, pend, action)
        return finish_set(state, pend)


class _HorizontalSet(PendingKind):
    """A horizontal set being built at the end of a round."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return set_steps(state, state.params, pend, hand)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        if isinstance(action, AddCard):
            return with_card(state, pend, action)
        return finish_horizontal(state, pend)


class _HorizontalPhase(PendingKind):
    """A player's turn of the end-of-round horizontal sets: start one, or be done."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return hphase_actions(state, state.params, hand)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        if isinstance(action, StartHorizontal):
            return changed(state, pending=Pending(K_HSET, pend.player, action.family))
        return changed(state, pending=None, hphase_left=state.hphase_left[1:])


pending_kind(_Set(K_SET, "set", "sobek.sets.definition"))
pending_kind(_HorizontalSet(K_HSET, "horizontal_set", "sobek.end.horizontal"))
pending_kind(_HorizontalPhase(K_HPHASE, "horizontal_sets", "sobek.end.horizontal"))

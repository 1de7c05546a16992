"""Event tokens: after a set, an event (chosen, or drawn blind by reading) and its effect: the Guilds, Flood,
Curse, Prosperity, Embalming and Deceit."""

from __future__ import annotations

from dataclasses import replace as dc_replace

from nilerules.core import rule
from nilerules.games.sobek import scoring
from nilerules.games.sobek.actions import ChooseEvent, ChooseSet, ChooseTarget, SobekAction
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules.common import (
    ZERO,
    changed,
    end_turn,
    opponents,
    plus,
    put,
    put_int,
)
from nilerules.games.sobek.rules.pending import PendingKind, pending_kind, targets
from nilerules.games.sobek.rules.track import (
    move_marker,
)
from nilerules.games.sobek.state import (
    C_DECEIT,
    C_GUILD,
    CATTLE,
    CURSE,
    D_EVENT,
    DECEIT,
    EMBALMING,
    FISH,
    FLOOD,
    K_CURSE,
    K_EVENT,
    K_GUILD,
    K_PROSPERITY,
    OVER,
    PLAY,
    PROSPERITY,
    WHEAT,
    Draw,
    Pending,
    SobekState,
)


def event_or_end(state: SobekState, p: int, event: bool) -> SobekState:
    if event and sum(state.tokens) > 0:
        if readings_of(state.config).event_choice == "blind":
            return changed(state, draws=(*state.draws, Draw(D_EVENT, p)), pending=None)
        return changed(state, pending=Pending(K_EVENT, p))
    return end_turn(state, p)


def resolve_event(state: SobekState, p: int, token: int) -> SobekState:
    """The chosen token is discarded and its effect applied at once."""
    state = changed(state, tokens=put_int(state.tokens, token, state.tokens[token] - 1),
                    events_used=put_int(state.events_used, token, state.events_used[token] + 1), pending=None)
    if token < 4:
        return changed(state, pending=Pending(K_GUILD, p, token + 1))
    if token == FLOOD:
        return end_turn(changed(state, extra_turn=state.phase == PLAY), p)
    if token == CURSE:
        return changed(state, pending=Pending(K_CURSE, p))
    if token == PROSPERITY:
        if prosperity_sets(state, p):
            return changed(state, pending=Pending(K_PROSPERITY, p))
        return end_turn(state, p)
    if token == EMBALMING:
        hand = plus(state.hands[p], state.corruption[p])
        curses = state.curses
        if readings_of(state.config).embalming_curses == "discarded":
            curses = put_int(curses, p, 0)
        return end_turn(changed(state, hands=put(state.hands, p, hand), corruption=put(state.corruption, p, ZERO),
                                curses=curses), p)
    assert token == DECEIT
    gain = sum(state.corruption[p])
    if readings_of(state.config).deceit_curses == "count_two":
        gain += state.params.curse_cards * state.curses[p]
    state = move_marker(state, p, state.scores[p] + gain, C_DECEIT)
    return end_turn(state, p) if state.phase != OVER else state


rule("sobek.events.choose", "sobek.events.discarded", "sobek.events.embalming",
      "sobek.events.deceit")(resolve_event)


def guild(state: SobekState, p: int, opp: int, symbol: int) -> SobekState:
    """Guild: own marker forward to the next space of the symbol, an opponent's back to the next one. The two moves
    are the token's one effect (“move your scoring marker forward […] and move an opponent's scoring marker back”):
    when the forward move ends the game (SOB-006's `immediately`), the opponent still moves back."""
    config, params = state.config, state.params
    forward = scoring.guild_forward(state.scores[p], symbol, params.track_spaces, readings_of(config).track_end)
    state = move_marker(state, p, forward, C_GUILD)
    back = scoring.back_to_symbol(state.scores[opp], symbol, readings_of(config).track_low_end)
    state = move_marker(state, opp, back, C_GUILD)
    return end_turn(state, p) if state.phase != OVER else state


def curse(state: SobekState, opp: int) -> SobekState:
    """A Curse token goes to another player's corruption pile (it counts as two cards there)."""
    return changed(state, curses=put_int(state.curses, opp, state.curses[opp] + 1))


rule("sobek.events.curse")(curse)


def prosperity(state: SobekState, p: int, index: int) -> SobekState:
    """The Prosperity token joins one of the player's fish, cattle or wheat sets (counting as a card)."""
    sets = state.sets[p]
    target = sets[index]
    sets = (*sets[:index], dc_replace(target, prosperity=target.prosperity + 1), *sets[index + 1 :])
    return changed(state, sets=(*state.sets[:p], sets, *state.sets[p + 1 :]))


rule("sobek.events.prosperity")(prosperity)


def prosperity_sets(state: SobekState, p: int) -> tuple[int, ...]:
    return tuple(i for i, s in enumerate(state.sets[p]) if not s.horizontal and s.family in (FISH, CATTLE, WHEAT))


# -- the pending choices of events (``pending``) --------------------------------------------------------------------
class _Event(PendingKind):
    """Which event token to resolve."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(ChooseEvent(k) for k, c in enumerate(state.tokens) if c)

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseEvent)
        return resolve_event(state, pend.player, action.token)


class _Guild(PendingKind):
    """The Guild's opponent."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return targets(opponents(state, pend.player))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseTarget)
        return guild(state, pend.player, action.player, pend.a)


class _Curse(PendingKind):
    """The cursed opponent."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return targets(opponents(state, pend.player))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseTarget)
        return end_turn(curse(state, action.player), pend.player)


class _Prosperity(PendingKind):
    """The set that Prosperity goes on."""

    def actions(self, state: SobekState, pend: Pending, hand: tuple[int, ...]) -> tuple[SobekAction, ...]:
        return tuple(ChooseSet(pend.player, i) for i in prosperity_sets(state, pend.player))

    def apply(self, state: SobekState, pend: Pending, action: SobekAction) -> SobekState:
        assert isinstance(action, ChooseSet)
        return end_turn(prosperity(state, pend.player, action.index), pend.player)


pending_kind(_Event(K_EVENT, "event", "sobek.events.choose"))
pending_kind(_Guild(K_GUILD, "guild", "sobek.events.guild"))
pending_kind(_Curse(K_CURSE, "curse", "sobek.events.curse"))
pending_kind(_Prosperity(K_PROSPERITY, "prosperity", "sobek.events.prosperity"))

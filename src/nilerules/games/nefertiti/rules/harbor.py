"""The Memphis Harbor: the Royal Seal a papyrus brings, the distribution after a refill, and the final distribution
when the Akhenaton card is drawn.
"""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.games.nefertiti.names import HARBOR, PAPYRUS
from nilerules.games.nefertiti.rules import closing, turn
from nilerules.games.nefertiti.rules.common import bump, evolve, hand_add, readings_of, remarket, set_market
from nilerules.games.nefertiti.state import DONE, OPEN, NefState


def with_papyrus_seal(state: NefState, player: int, code: int, seals: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The players' Royal Seals and the seal supply once card ``code`` has entered ``player``'s hand from the board
    (bought, stolen or exchanged): a papyrus brings a Royal Seal from the supply with it. ``seals`` are the players'
    seals at that moment (``state.seals``, or those a move being built has changed already); they come back unchanged,
    the very tuple, when no seal is brought.

    NEF-029: with the supply empty, a papyrus brings a seal only under ``unlimited`` (a substitute token: the supply
    goes below zero, and the seals spent later go back to cover it, so the seals stay conserved).
    """
    supply = state.seal_supply
    if code != PAPYRUS or (supply <= 0 and readings_of(state.config).papyrus_seal_supply != "unlimited"):
        return seals, supply
    return bump(seals, player, 1), supply - 1


rule("nefertiti.harbor.papyrus_seal")(with_papyrus_seal)


def gain_card(state: NefState, player: int, code: int, from_board: bool) -> NefState:
    """A card enters a hand; from the board, a papyrus brings a Royal Seal with it (``with_papyrus_seal``)."""
    state = hand_add(state, player, code)
    if not from_board:
        return state
    seals, supply = with_papyrus_seal(state, player, code, state.seals)
    if seals is state.seals:
        return state
    return evolve(state, seals=seals, seal_supply=supply)


def harbor_check(state: NefState) -> NefState:
    """After a refill, the Harbor distributes when a foreign card was added and at least four lie there."""
    harbor = state.markets[HARBOR]
    if harbor.status != OPEN or not harbor.pawns:
        return state
    if len(harbor.cards) < state.params.harbor_threshold:
        return state
    if readings_of(state.config).harbor_trigger_added == "this_refill":
        added = state.refill_added
    else:
        added = state.harbor_added_since
    if added < 1:
        return state
    return closing.start_resolution(state, HARBOR, final=False)


rule("nefertiti.harbor.trigger", "nefertiti.harbor.trigger_added", "nefertiti.harbor.trigger_four")(harbor_check)


def akhenaton(state: NefState) -> NefState:
    """Akhenaton: refills stop, the Harbor's final distribution happens at once, then the game ends (reading)."""
    state = evolve(state, akh_drawn=True, refill_queue=(), refill_added=0, refill_last=-1)
    harbor = state.markets[HARBOR]
    if harbor.status == OPEN and harbor.pawns:
        short = len(harbor.cards) < state.params.harbor_threshold
        if short and readings_of(state.config).harbor_final_threshold == "threshold":
            servants, neutrals = list(state.servants), list(state.neutrals)
            for _sq, owner, neutral in harbor.pawns:
                (neutrals if neutral else servants)[owner] += 1
            done = remarket(harbor, pawns=(), status=DONE)
            state = evolve(state, servants=tuple(servants), neutrals=tuple(neutrals))
            return turn.after_akhenaton(set_market(state, HARBOR, done))
        return closing.start_resolution(state, HARBOR, final=True)
    if state.markets[HARBOR].status == OPEN:
        state = set_market(state, HARBOR, remarket(state.markets[HARBOR], status=DONE))
    return turn.after_akhenaton(state)


rule("nefertiti.harbor.final_distribution", "nefertiti.harbor.unusable_after")(akhenaton)

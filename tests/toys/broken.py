"""Dice Nim with one seeded bug each: every checker must catch its bug (a harness that cannot fail is worthless)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from nilerules.core import Diagnostic, Ranking
from nilerules.errors import IllegalAction
from tests.toys.nim import NimAction, NimGame, NimState, Roll, Take, apply, legal


class MutatesInput(NimGame):
    """apply writes into the state it was given."""

    def apply(self, state: NimState, action: NimAction) -> NimState:
        result = apply(state, action)
        object.__setattr__(state, "pile", result.pile)
        return result


class DuplicateActions(NimGame):
    """legal_actions lists the same action twice."""

    def legal_actions(self, state: NimState) -> tuple[NimAction, ...]:
        actions = legal(state)
        return actions + actions[:1]


class BadChance(NimGame):
    """The die's probabilities do not sum to 1 (a face was dropped)."""

    def chance_outcomes(self, state: NimState) -> tuple[tuple[NimAction, Fraction], ...]:
        return super().chance_outcomes(state)[:-1]


class NeverEnds(NimGame):
    """Taking the last stone puts three back: the game never ends."""

    def apply(self, state: NimState, action: NimAction) -> NimState:
        result = apply(state, action)
        if result.rolled and result.pile == 0:
            return replace(result, pile=3, taken=(0,) * result.config.players)
        return result


class AcceptsIllegal(NimGame):
    """apply does not check the action: a second roll is accepted mid-game."""

    def apply(self, state: NimState, action: NimAction) -> NimState:
        if isinstance(action, Roll):
            return replace(state, rolled=True, pile=action.value + state.bonus)
        return apply(state, action)


class AcceptsForeignTake(NimGame):
    """apply accepts taking two stones from a pile of one (a move legal elsewhere in the game, not here) and takes
    the one stone left: no invariant breaks, only the probe of moves from other states sees it."""

    def apply(self, state: NimState, action: NimAction) -> NimState:
        if action == Take(2) and state.rolled and state.pile == 1:
            return apply(state, Take(1))
        return apply(state, action)


class BreaksInvariant(NimGame):
    """Taking two stones from a pile of one is allowed, so the pile goes negative."""

    def legal_actions(self, state: NimState) -> tuple[NimAction, ...]:
        if not state.rolled or state.pile <= 0:
            return ()
        return (Take(1), Take(2))

    def apply(self, state: NimState, action: NimAction) -> NimState:
        if isinstance(action, Take) and state.rolled and state.pile > 0:
            return replace(state, pile=state.pile - action.stones, last_taker=state.to_move,
                           to_move=(state.to_move + 1) % state.config.players)
        return apply(state, action)

    def is_terminal(self, state: NimState) -> bool:
        return state.rolled and state.pile <= 0

    def current_player(self, state: NimState) -> int | None:  # type: ignore[override]
        return None if self.is_terminal(state) else super().current_player(state)  # type: ignore[return-value]


class NondeterministicOrder(NimGame):
    """legal_actions changes order from one call to the next."""

    calls = 0

    def legal_actions(self, state: NimState) -> tuple[NimAction, ...]:
        type(self).calls += 1
        actions = legal(state)
        return actions[::-1] if type(self).calls % 2 else actions


class Stuck(NimGame):
    """With one stone left nobody may take it, yet the game is not over."""

    def legal_actions(self, state: NimState) -> tuple[NimAction, ...]:
        return () if state.pile == 1 else legal(state)

    def apply(self, state: NimState, action: NimAction) -> NimState:
        if state.pile == 1 and isinstance(action, Take):
            raise IllegalAction("nim.turn.take", "stuck toy", state, action)
        return apply(state, action)


class AlwaysTied(NimGame):
    """Everybody scores 0 and no tie-break is stated: every ranking is an open tie."""

    def scores(self, state: NimState) -> tuple[int, ...]:
        return (0,) * state.config.players

    def ranking(self, state: NimState) -> Ranking:
        return Ranking((tuple(range(state.config.players)),), ("score",))


class RunsOutOfStones(NimGame):
    """Piles larger than the die's faces need more stones than the box holds."""

    def diagnostics(self, state: NimState) -> tuple[Diagnostic, ...]:
        if state.rolled and state.pile + sum(state.taken) > state.faces:
            return (Diagnostic("supply_exhausted", "nim.setup.pile", "more stones than the box holds"),)
        return ()

    def greedy_action(self, state: NimState, rng: random.Random) -> NimAction:
        return legal(state)[0]

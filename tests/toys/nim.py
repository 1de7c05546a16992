"""Dice Nim: a pile of 1..6+bonus stones (chance), players take 1 or 2, the last stone wins or loses (a reading).

Written in the same shape as the real games so that the kernel, the checkers and the report are tested on it.
Bugs are seeded by subclassing ``NimGame`` in ``tests/toys/broken.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from nilerules.checks.model import Budget, CheckResult, Query, QueryParam, QueryResult
from nilerules.core import CHANCE, Config, GameBase, GameInfo, Mover, Ranking, Witness, rank_by_keys, rule
from nilerules.errors import IllegalAction
from nilerules.specs import Spec, load_spec

SPEC_PATH = Path(__file__).with_name("nim.toml")


@dataclass(frozen=True, slots=True)
class NimState:
    config: Config
    faces: int
    bonus: int
    pile: int
    rolled: bool
    to_move: int
    last_taker: int
    taken: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Roll:
    value: int


@dataclass(frozen=True, slots=True)
class Take:
    stones: int


NimAction = Roll | Take


@rule("nim.setup.pile")
def roll_outcomes(state: NimState) -> tuple[tuple[NimAction, Fraction], ...]:
    if state.rolled:
        return ()
    return tuple((Roll(v), Fraction(1, state.faces)) for v in range(1, state.faces + 1))


@rule("nim.turn.take")
def legal(state: NimState) -> tuple[NimAction, ...]:
    if not state.rolled or state.pile == 0:
        return ()
    return tuple(Take(n) for n in (1, 2) if n <= state.pile)


def apply(state: NimState, action: NimAction) -> NimState:
    if isinstance(action, Roll):
        if state.rolled or not 1 <= action.value <= state.faces:
            raise IllegalAction("nim.setup.pile", "no roll pending or impossible face", state, action)
        return replace(state, rolled=True, pile=action.value + state.bonus)
    if action not in legal(state):
        raise IllegalAction("nim.turn.take", "take one or two stones from a non-empty pile", state, action)
    taken = list(state.taken)
    taken[state.to_move] += action.stones
    players = state.config.players
    return replace(
        state,
        pile=state.pile - action.stones,
        last_taker=state.to_move,
        to_move=(state.to_move + 1) % players,
        taken=tuple(taken),
    )


@rule("nim.end.last_stone")
def winner(state: NimState) -> int:
    if state.config.reading("last_stone") == "wins":
        return state.last_taker
    return (state.last_taker + 1) % state.config.players


class NimGame(GameBase[NimState, NimAction]):
    info = GameInfo("nim", "Dice Nim", (2, 3), ("bonus",), 40, 1)
    state_type = NimState
    action_type = NimAction

    def setup(self, config: Config) -> NimState:
        bonus = self.spec.int("bonus") if config.has("bonus") else 0
        return NimState(config, self.spec.int("die_faces"), bonus, 0, False, 0, -1, (0,) * config.players)

    def current_player(self, state: NimState) -> Mover:
        if not state.rolled:
            return CHANCE
        if state.pile == 0:
            return None
        return state.to_move

    def legal_actions(self, state: NimState) -> tuple[NimAction, ...]:
        return legal(state)

    def chance_outcomes(self, state: NimState) -> tuple[tuple[NimAction, Fraction], ...]:
        return roll_outcomes(state)

    def apply(self, state: NimState, action: NimAction) -> NimState:
        return apply(state, action)

    def is_terminal(self, state: NimState) -> bool:
        return state.rolled and state.pile == 0

    def scores(self, state: NimState) -> tuple[int, ...]:
        if not self.is_terminal(state):
            return (0,) * state.config.players
        win = winner(state)
        return tuple(int(p == win) for p in range(state.config.players))

    def ranking(self, state: NimState) -> Ranking:
        scores = self.scores(state)
        return rank_by_keys({p: (scores[p],) for p in range(len(scores))}, ("score",))

    def invariants(self, state: NimState) -> tuple[str, ...]:
        if state.pile < 0:
            return (f"negative pile {state.pile}",)
        if state.rolled and sum(state.taken) + state.pile > state.faces + state.bonus:
            return ("more stones taken than the pile held",)
        return ()

    def greedy_action(self, state: NimState, rng: random.Random) -> NimAction:
        return legal(state)[-1]

    def state_config(self, state: NimState) -> Config:
        return state.config


def check_last_stone(game: NimGame, budget: Budget) -> CheckResult:
    state = game.apply(game.setup(game.config(2)), Roll(1))
    state = game.apply(state, Take(1))
    outcomes = []
    for reading in ("wins", "loses"):
        final = replace(state, config=game.config(2, readings={"last_stone": reading}))
        outcomes.append((reading, f"seat {winner(final)} wins"))
    return CheckResult(
        Witness("A pile of one stone, taken by seat 0.", {"pile": 1, "taker": 0}),
        "exhaustive",
        tuple(outcomes),
        "one hand-built situation",
    )


def query_pile(game: NimGame, params: object) -> QueryResult:
    return QueryResult("The pile holds 1 to 6 stones.", {"min": 1, "max": game.spec.int("die_faces")})


CHECKS = {"last_stone": check_last_stone}
QUERIES = {
    "pile": Query("pile", "Pile sizes", (QueryParam("bonus", "bool", False, "with the bonus module"),), query_pile)
}


def make_game(spec: Spec | None = None) -> NimGame:
    return NimGame(spec or load_spec(SPEC_PATH))

"""Coin Toss: each seat rolls a die once (its tally), then takes turns in which it takes a point or throws points
away; the score is the tally plus what it took, less what it threw. A toy whose two readings matter to different
players, known by construction, for testing the impact among competent players (``analysis.impact``'s strong trials):

- ``throw=gift`` hands the points a seat throws to the next seat. Throwing only ever costs the thrower, so a greedy
  seat (which takes) and a searching one (whose value is its margin over the others) never throw, while a random
  seat throws on about half its turns: random play meets this reading (it changes the winner), strong play never.
- ``take=two`` makes a take worth ``take_two`` points instead of one. A greedy or strong seat takes on every turn,
  so every seat gains the same and the ranking cannot change (changes scores, every seat alike); random seats take
  different numbers of times, so the same reading changes who wins among them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from nilerules.checks import GameModule
from nilerules.checks.model import Budget, CheckResult, Query
from nilerules.core import CHANCE, Config, GameBase, GameInfo, Mover, Ranking, Witness, rank_by_keys
from nilerules.errors import IllegalAction
from nilerules.specs import Spec, load_spec

SPEC_PATH = Path(__file__).with_name("toss.toml")


@dataclass(frozen=True, slots=True)
class TossState:
    config: Config
    tallies: tuple[int, ...]
    """One per seat that has rolled, in seat order."""
    turn: int
    """Turns played so far (every seat's together)."""
    points: tuple[int, ...]
    """What each seat took, less what it threw, plus what it was given."""


@dataclass(frozen=True, slots=True)
class Roll:
    value: int


@dataclass(frozen=True, slots=True)
class Take:
    pass


@dataclass(frozen=True, slots=True)
class Throw:
    pass


TossAction = Roll | Take | Throw


class TossGame(GameBase[TossState, TossAction]):
    info = GameInfo("toss", "Coin Toss", (2, 3), (), 40, 1)
    state_type = TossState
    action_type = TossAction

    def faces(self) -> int:
        return self.spec.int("die_faces")

    def setup(self, config: Config) -> TossState:
        return TossState(config, (), 0, (0,) * config.players)

    def current_player(self, state: TossState) -> Mover:
        players = state.config.players
        if len(state.tallies) < players:
            return CHANCE
        if state.turn >= self.spec.int("turns") * players:
            return None
        return state.turn % players

    def legal_actions(self, state: TossState) -> tuple[TossAction, ...]:
        if self.current_player(state) in (None, CHANCE):
            return ()
        return (Take(), Throw())

    def chance_outcomes(self, state: TossState) -> tuple[tuple[TossAction, Fraction], ...]:
        if self.current_player(state) is not CHANCE:
            return ()
        return tuple((Roll(v), Fraction(1, self.faces())) for v in range(1, self.faces() + 1))

    def apply(self, state: TossState, action: TossAction) -> TossState:
        mover = self.current_player(state)
        if isinstance(action, Roll):
            if mover is not CHANCE or not 1 <= action.value <= self.faces():
                raise IllegalAction("toss.setup.roll", "no roll pending or impossible face", state, action)
            return replace(state, tallies=(*state.tallies, action.value))
        if not isinstance(mover, int) or action not in self.legal_actions(state):
            raise IllegalAction("toss.turn.move", "take or throw on your turn", state, action)
        points = list(state.points)
        if isinstance(action, Take):
            two = state.config.reading("take") == "two"
            points[mover] += self.spec.int("take_two") if two else 1
        else:
            cost = self.spec.int("throw_cost")
            points[mover] -= cost
            if state.config.reading("throw") == "gift":
                points[(mover + 1) % state.config.players] += cost
        return replace(state, turn=state.turn + 1, points=tuple(points))

    def is_terminal(self, state: TossState) -> bool:
        return self.current_player(state) is None

    def scores(self, state: TossState) -> tuple[int, ...]:
        tallies = state.tallies + (0,) * (state.config.players - len(state.tallies))
        return tuple(t + p for t, p in zip(tallies, state.points, strict=True))

    def ranking(self, state: TossState) -> Ranking:
        scores = self.scores(state)
        return rank_by_keys({p: (scores[p],) for p in range(len(scores))}, ("score",))

    def greedy_action(self, state: TossState, rng: random.Random) -> TossAction:
        return Take()  # the move that adds to the mover's own score

    def state_config(self, state: TossState) -> Config:
        return state.config


def _witness(summary: str) -> CheckResult:
    return CheckResult(Witness(summary), "arithmetic", (), "one hand-computed situation")


def check_throw(game: TossGame, budget: Budget) -> CheckResult:
    return _witness("A throw under 'gift' gives the next seat the points.")


def check_take(game: TossGame, budget: Budget) -> CheckResult:
    return _witness("A take under 'two' is worth two points.")


CHECKS = {"throw": check_throw, "take": check_take}
"""Module-level functions, so the module pickles to other processes (``--jobs``, Dask)."""
QUERIES: dict[str, Query] = {}


def make_game(spec: Spec | None = None) -> TossGame:
    return TossGame(spec or load_spec(SPEC_PATH))


def make_module() -> GameModule:
    return GameModule(make_game(), CHECKS, QUERIES)



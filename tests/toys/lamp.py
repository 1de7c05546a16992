"""Lamp: each seat tosses a coin (heads two, tails one), then the seats take turns, stepping forward (a point) or
resting. A toy whose rules apply at steps known by construction, for testing the application points of
``analysis.impact``:

- ``lamp=light`` adds a third move, "light" (``lamp_points``), on the lamp turn (``lamp_turn``, counted from 0) and on
  no other: its application point is the decision at action index ``players + lamp_turn`` (after the coins), the legal
  moves differ there, and nowhere before;
- ``coin=weighted`` makes heads twice as likely: the chance distribution differs at the first toss, action index 0;
- ``late=bonus`` says what a turn after the last does, and no game has one: it never applies.
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

SPEC_PATH = Path(__file__).with_name("lamp.toml")


@dataclass(frozen=True, slots=True)
class LampState:
    config: Config
    coins: tuple[int, ...]
    """One per seat that has tossed, in seat order (2 heads, 1 tails)."""
    turn: int
    """Turns played so far (every seat's together)."""
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Coin:
    value: int


@dataclass(frozen=True, slots=True)
class Step:
    pass


@dataclass(frozen=True, slots=True)
class Rest:
    pass


@dataclass(frozen=True, slots=True)
class Light:
    pass


LampAction = Coin | Step | Rest | Light


class LampGame(GameBase[LampState, LampAction]):
    info = GameInfo("lamp", "Lamp", (2, 3), (), 40, 1)
    state_type = LampState
    action_type = LampAction

    def setup(self, config: Config) -> LampState:
        return LampState(config, (), 0, (0,) * config.players)

    def current_player(self, state: LampState) -> Mover:
        players = state.config.players
        if len(state.coins) < players:
            return CHANCE
        if state.turn >= self.spec.int("turns") * players:
            if state.config.reading("late") == "bonus" and state.turn < 0:  # a turn no game reaches
                return 0
            return None
        return state.turn % players

    def legal_actions(self, state: LampState) -> tuple[LampAction, ...]:
        if self.current_player(state) in (None, CHANCE):
            return ()
        if state.turn == self.spec.int("lamp_turn") and state.config.reading("lamp") == "light":
            return (Step(), Rest(), Light())
        return (Step(), Rest())

    def chance_outcomes(self, state: LampState) -> tuple[tuple[LampAction, Fraction], ...]:
        if self.current_player(state) is not CHANCE:
            return ()
        heads = Fraction(2, 3) if state.config.reading("coin") == "weighted" else Fraction(1, 2)
        return ((Coin(1), 1 - heads), (Coin(2), heads))

    def apply(self, state: LampState, action: LampAction) -> LampState:
        mover = self.current_player(state)
        if isinstance(action, Coin):
            if mover is not CHANCE or action.value not in (1, 2):
                raise IllegalAction("lamp.setup.coin", "no toss pending or no such face", state, action)
            return replace(state, coins=(*state.coins, action.value))
        if not isinstance(mover, int) or action not in self.legal_actions(state):
            raise IllegalAction("lamp.turn.move", "step, rest or (on the lamp turn) light", state, action)
        gain = 1 if isinstance(action, Step) else self.spec.int("lamp_points") if isinstance(action, Light) else 0
        points = list(state.points)
        points[mover] += gain
        return replace(state, turn=state.turn + 1, points=tuple(points))

    def is_terminal(self, state: LampState) -> bool:
        return self.current_player(state) is None

    def scores(self, state: LampState) -> tuple[int, ...]:
        coins = state.coins + (0,) * (state.config.players - len(state.coins))
        return tuple(c + p for c, p in zip(coins, state.points, strict=True))

    def ranking(self, state: LampState) -> Ranking:
        scores = self.scores(state)
        return rank_by_keys({p: (scores[p],) for p in range(len(scores))}, ("score",))

    def greedy_action(self, state: LampState, rng: random.Random) -> LampAction:
        legal = self.legal_actions(state)
        return Light() if Light() in legal else Step()

    def state_config(self, state: LampState) -> Config:
        return state.config


def _witness(summary: str) -> CheckResult:
    return CheckResult(Witness(summary), "arithmetic", (), "one hand-computed situation")


def check_lamp(game: LampGame, budget: Budget) -> CheckResult:
    return _witness("On the lamp turn, 'light' is a third move.")


def check_coin(game: LampGame, budget: Budget) -> CheckResult:
    return _witness("Under 'weighted', heads comes two times in three.")


def check_late(game: LampGame, budget: Budget) -> CheckResult:
    return _witness("A turn after the last would give a point.")


CHECKS = {"lamp": check_lamp, "coin": check_coin, "late": check_late}
"""Module-level functions, so the module pickles to other processes (``--jobs``, Dask)."""
QUERIES: dict[str, Query] = {}


def make_game(spec: Spec | None = None) -> LampGame:
    return LampGame(spec or load_spec(SPEC_PATH))


def make_module() -> GameModule:
    return GameModule(make_game(), CHECKS, QUERIES)

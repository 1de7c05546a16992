"""Dice Tally: each seat rolls a die once (its tally), then every seat passes a few times; the tally is the score.

A toy whose five readings matter in ways known by construction, for testing the impact measurement:
- ``bonus=plus`` adds the same points to every seat: it changes scores, every seat alike, never the winner;
- ``order=low`` scores ``faces + 1 - tally``: it reverses the ranking, so it changes the winner whenever tallies differ;
- ``wait=wait_too`` adds a "wait" move that does what "pass" does: it changes the legal moves, never a score;
- ``overflow=keep`` only matters for a tally above the die's faces, which no roll gives: it never matters;
- ``sevens=bonus`` only matters for a tally of seven, which no six-sided roll gives: its check hand-builds one
  (a constructed witness), and play never meets it;
- ``ties=first_seat`` is ruled out by the text (its mark quotes the toy's rule), and the rules never read it: the
  text decides, and only the readings left open are measured.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from nilerules.checks import GameModule
from nilerules.checks.model import Budget, CheckResult, Query
from nilerules.core import CHANCE, Config, GameBase, GameInfo, Mover, Proof, Ranking, Witness, rank_by_keys
from nilerules.errors import IllegalAction
from nilerules.specs import Spec, load_spec

SPEC_PATH = Path(__file__).with_name("tally.toml")


@dataclass(frozen=True, slots=True)
class TallyState:
    config: Config
    tallies: tuple[int, ...]
    """One per seat that has rolled, in seat order."""
    passes: int
    """Passes (or waits) made so far."""


@dataclass(frozen=True, slots=True)
class Roll:
    value: int


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Wait:
    pass


TallyAction = Roll | Pass | Wait


class TallyGame(GameBase[TallyState, TallyAction]):
    info = GameInfo("tally", "Dice Tally", (2, 3), (), 40, 1)
    state_type = TallyState
    action_type = TallyAction

    def faces(self) -> int:
        return self.spec.int("die_faces")

    def setup(self, config: Config) -> TallyState:
        return TallyState(config, (), 0)

    def _total_passes(self, state: TallyState) -> int:
        return self.spec.int("turns") * state.config.players

    def current_player(self, state: TallyState) -> Mover:
        if len(state.tallies) < state.config.players:
            return CHANCE
        if state.passes >= self._total_passes(state):
            return None
        return state.passes % state.config.players

    def legal_actions(self, state: TallyState) -> tuple[TallyAction, ...]:
        if self.current_player(state) in (None, CHANCE):
            return ()
        return (Pass(), Wait()) if state.config.reading("wait") == "wait_too" else (Pass(),)

    def chance_outcomes(self, state: TallyState) -> tuple[tuple[TallyAction, Fraction], ...]:
        if self.current_player(state) is not CHANCE:
            return ()
        return tuple((Roll(v), Fraction(1, self.faces())) for v in range(1, self.faces() + 1))

    def apply(self, state: TallyState, action: TallyAction) -> TallyState:
        if isinstance(action, Roll):
            if self.current_player(state) is not CHANCE or not 1 <= action.value <= self.faces():
                raise IllegalAction("tally.setup.roll", "no roll pending or impossible face", state, action)
            return replace(state, tallies=(*state.tallies, action.value))
        if action not in self.legal_actions(state):
            raise IllegalAction("tally.turn.pass", "pass on your turn (wait only under wait_too)", state, action)
        return replace(state, passes=state.passes + 1)

    def is_terminal(self, state: TallyState) -> bool:
        return self.current_player(state) is None

    def score(self, config: Config, tally: int) -> int:
        points = min(tally, self.faces()) if config.reading("overflow") == "cap" else tally
        if config.reading("order") == "low":
            points = self.faces() + 1 - points
        if config.reading("bonus") == "plus":
            points += self.spec.int("bonus_points")
        if config.reading("sevens") == "bonus" and tally == 7:
            points += self.spec.int("seven_points")
        return points

    def scores(self, state: TallyState) -> tuple[int, ...]:
        return tuple(self.score(state.config, t) for t in state.tallies) + (0,) * (
            state.config.players - len(state.tallies)
        )

    def ranking(self, state: TallyState) -> Ranking:
        scores = self.scores(state)
        return rank_by_keys({p: (scores[p],) for p in range(len(scores))}, ("score",))

    def greedy_action(self, state: TallyState, rng: random.Random) -> TallyAction:
        return self.legal_actions(state)[-1]

    def state_config(self, state: TallyState) -> Config:
        return state.config


def _witness(summary: str) -> CheckResult:
    return CheckResult(Witness(summary), "arithmetic", (), "one hand-computed situation")


def check_sevens(game: TallyGame, budget: Budget) -> CheckResult:
    """A hand-built position with a tally of seven (no six-sided roll gives one): constructed."""
    outcomes = tuple(
        (r, f"{game.score(game.config(2, readings={'sevens': r}), 7)} points") for r in ("ignore", "bonus")
    )
    return CheckResult(
        Witness("A tally of seven (hand-built).", {"tally": 7}), "situation", outcomes, "one hand-built position",
        constructed=True,
    )


CHECKS = {
    "bonus": lambda game, budget: _witness("Every seat gets the bonus under 'plus'."),
    "order": lambda game, budget: _witness("Tallies 3 and 5: 'high' makes seat 1 win, 'low' seat 0."),
    "wait": lambda game, budget: _witness("Under 'wait_too' a seat may also wait."),
    "overflow": lambda game, budget: CheckResult(
        Proof("No roll exceeds the die's faces, so the cap never applies."), "arithmetic", (), "every face"
    ),
    "sevens": check_sevens,
    "ties": lambda game, budget: _witness("Tallies 4 and 4: 'share' makes both seats win, 'first_seat' seat 0."),
}
QUERIES: dict[str, Query] = {}


def make_game(spec: Spec | None = None) -> TallyGame:
    return TallyGame(spec or load_spec(SPEC_PATH))


def make_module() -> GameModule:
    return GameModule(make_game(), CHECKS, QUERIES)

"""Dice Tally (tests/toys/tally.py) with what ``nilerules ask`` needs, its view, and a copy with a seeded bug.

`AskTally` adds the score breakdown the view reads (one category, the tally); `LoadedTally` has a bug a question can
catch: a roll of the die's top face by the last seat is recorded one higher, so a tally above the die's faces, which
the rules never give, happens in play.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from nilerules.checks import GameModule
from nilerules.core.types import Config
from tests.toys.tally import CHECKS, QUERIES, SPEC_PATH, Roll, TallyAction, TallyGame, TallyState, load_spec


class AskTally(TallyGame):
    """Dice Tally with a score breakdown: every point is the tally's."""

    def score_breakdown(self, state: TallyState) -> tuple[dict[str, int], ...]:
        return tuple({"tally": s} for s in self.scores(state))


class LoadedTally(AskTally):
    """The last seat's roll of the die's top face is recorded one higher (a tally of 7 on a six-sided die)."""

    def apply(self, state: TallyState, action: TallyAction) -> TallyState:
        result = super().apply(state, action)
        last = len(result.tallies) == state.config.players
        if isinstance(action, Roll) and last and action.value == self.faces():
            return replace(result, tallies=(*result.tallies[:-1], action.value + 1))
        return result


def module(game_class: type[AskTally] = AskTally) -> GameModule:
    return GameModule(game_class(load_spec(SPEC_PATH)), CHECKS, QUERIES)


# -- the view (the four functions nilerules.analysis.ask.view asks of a game's view module) ----------------------
def seat_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    return {"tally": (int, "the seat's roll (0 before it rolls)")}


def shared_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    return {"round": (int, "passes made so far"), "phase": (str, "roll, pass or over")}


def categories(game: Any, config: Config) -> tuple[str, ...]:
    return ("tally",)


def view(game: Any, state: TallyState, wanted: frozenset[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    players = state.config.players
    tallies = (*state.tallies, *(0,) * (players - len(state.tallies)))
    phase = "roll" if len(state.tallies) < players else "over" if game.is_terminal(state) else "pass"
    return [{"tally": t} for t in tallies], {"round": state.passes, "phase": phase}

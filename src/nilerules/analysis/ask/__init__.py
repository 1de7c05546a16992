"""``nilerules ask``: an editor's own question about a game, in CEL over a documented view of a position.

- `language`: the expression checked against the view's types (syntax errors with their column, unknown names with
  the names that exist there, type errors), evaluated under a cost limit;
- `view`: the view, the same shape in every game (each game's part in ``nilerules.checks.<game>.view``);
- `engine`: seeded playouts, then a guided search, through the execution layer;
- `answer`: the answer as data and as sentences.

The library's entry point is `ask` (also ``nilerules.ask``); `ask_all_readings` answers under the default readings
and under each other reading of each ambiguity, one at a time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nilerules.analysis.ask.answer import Answer
from nilerules.analysis.ask.engine import At, Question, Search, search
from nilerules.analysis.ask.kinds import KINDS, Kind, QuestionKind
from nilerules.analysis.ask.language import ExpressionError
from nilerules.analysis.ask.view import GameView
from nilerules.analysis.parallel import Execution
from nilerules.core.types import Config

if TYPE_CHECKING:
    from nilerules.checks import GameModule


def _module(game: Any) -> GameModule:
    from nilerules.checks import GameModule, load

    if isinstance(game, str):
        return load(game)
    return game if isinstance(game, GameModule) else GameModule(game, {}, {})


def ask(
    game: Any,
    kind: QuestionKind,
    expression: str,
    *,
    at: At = "end",
    config: Config | None = None,
    players: int | None = None,
    modules: Sequence[str] = (),
    readings: Mapping[str, str] | None = None,
    games: int = 200,
    guided: int = 200,
    seconds: float = 120.0,
    seed: int = 0,
    policy: str = "random",
    execution: Execution | None = None,
    view: str | None = None,
) -> Answer:
    """Answer one question about a game (a game id, a game, or a ``GameModule``).

    ``kind`` is ``"can"`` (find a game where the bool ``expression`` holds), ``"how_often"`` (the share of seeded
    games where it holds, with a 95 % interval), ``"max"`` or ``"min"`` (the largest or smallest value of an int
    ``expression``), judged at the end of each game (``at="end"``) or at every position (``at="any"``). The config
    is ``config``, or the one ``players`` (default: the fewest the game allows), ``modules`` and ``readings`` give.
    ``games`` seeded games are played from ``seed`` under ``policy``, then at most ``guided`` games of guided search
    within ``seconds`` (not for ``how_often``). ``view`` names the module of the game's part of the view (default
    ``nilerules.checks.<game>.view``). A malformed expression raises `ExpressionError` before any game is played.
    """
    module = _module(game)
    g = module.game
    if config is None:
        count = players if players is not None else g.info.player_counts[0]
        config = g.config(count, modules, readings)
    question = Question(kind, expression, at)
    budget = Search(games, guided, seconds, seed, policy)
    import importlib

    return Answer(g, search(module, config, question, budget, execution, view),
                  importlib.import_module(view) if view else None)


@dataclass(frozen=True, slots=True)
class ReadingAnswer:
    """The answer under one other reading of one ambiguity, and whether it differs from the default's."""

    ambiguity: str
    code: str
    reading: str
    answer: Answer
    differs: bool


@dataclass(frozen=True, slots=True)
class ReadingsAnswer:
    """`ask_all_readings`' result: the answer under the config's readings, then under each other reading."""

    default: Answer
    others: tuple[ReadingAnswer, ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "default": self.default.to_data(),
            "readings": [
                {"ambiguity": r.ambiguity, "code": r.code, "reading": r.reading, "differs": r.differs,
                 "answer": r.answer.to_data()}
                for r in self.others
            ],
        }

    def lines(self) -> list[str]:
        differ = [r for r in self.others if r.differs]
        out = [*self.default.lines(), "",
               f"{len(differ)} of {len(self.others)} other readings (one ambiguity at a time) give another answer:"]
        for r in self.others:
            if r.differs:
                out.append(f"  {r.code} {r.ambiguity}={r.reading}: {r.answer.summary()}")
        same = len(self.others) - len(differ)
        if same:
            out.append(f"  the other {same} give the same answer")
        return out


def differs(a: Answer, b: Answer) -> bool:
    """Whether two answers to the same question disagree, as their kind says (``kinds.Kind.differs``): found against
    not found, another value, or (``how_often``) a frequency that moved beyond sampling noise."""
    return a.outcome.question.record.differs(a.outcome, b.outcome)


def ask_all_readings(game: Any, kind: QuestionKind, expression: str, **options: Any) -> ReadingsAnswer:
    """`ask` under the config's readings, then under each other reading of each ambiguity, one at a time (the same
    seeds and budget each time), naming the readings whose answer differs (`differs`)."""
    module = _module(game)
    g = module.game
    config = options.pop("config", None)
    if config is None:
        count = options.pop("players", None)
        config = g.config(
            count if count is not None else g.info.player_counts[0],
            options.pop("modules", ()),
            options.pop("readings", None),
        )
    default = ask(module, kind, expression, config=config, **options)
    others = []
    for amb_id, amb in sorted(g.spec.ambiguities.items(), key=lambda item: item[1].code):
        for reading in amb.reading_names():
            if reading == config.reading(amb_id):
                continue
            variant = g.config(config.players, config.modules, {**dict(config.readings), amb_id: reading})
            answer = ask(module, kind, expression, config=variant, **options)
            others.append(ReadingAnswer(amb_id, amb.code, reading, answer, differs(default, answer)))
    return ReadingsAnswer(default, tuple(others))


__all__ = [
    "KINDS",
    "Answer",
    "ExpressionError",
    "GameView",
    "Kind",
    "Question",
    "ReadingAnswer",
    "ReadingsAnswer",
    "Search",
    "ask",
    "ask_all_readings",
    "differs",
]

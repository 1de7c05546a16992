"""nilerules: typed, checked models of four Nile-themed board games, and a report of their rule ambiguities."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nilerules.build import VERSION
from nilerules.core import (
    CHANCE,
    Config,
    Game,
    GameInfo,
    GameLog,
    Proof,
    Ranking,
    Unknown,
    Witness,
    log_from_json,
    log_to_json,
    playout,
    playout_log,
    replay,
)
from nilerules.errors import (
    IllegalAction,
    InvalidConfig,
    MalformedAction,
    NileRulesError,
    QueryError,
    ReplayError,
    SpecError,
)
from nilerules.games import GAME_IDS, load_game

if TYPE_CHECKING:
    from nilerules.checks import GameModule

__version__ = VERSION


if TYPE_CHECKING:  # for the type checker, the overloads themselves (typed by the game id)
    from nilerules.checks import load
else:

    def load(game_id: str, spec_path: str | Path | None = None) -> GameModule:
        """A game with its checks and queries (``nilerules.checks.load``, typed by the game id: ``load("sobek").game``
        is a ``SobekGame``); ``load_game`` gives the rules alone and imports neither the checks nor the solver."""
        from nilerules.checks import load as load_module

        return load_module(game_id, spec_path)


def ask(game: Any, kind: str, expression: str, **options: Any) -> Any:
    """Ask your own question in CEL (``nilerules ask``, docs/ask.md): ``nilerules.analysis.ask.ask``, which returns
    an ``Answer``. Imported by name, so that the facade's import graph (which mypyc type-checks with the build
    requirements alone) never reaches the expression language's package."""
    return importlib.import_module("nilerules.analysis.ask").ask(game, kind, expression, **options)

__all__ = [
    "CHANCE",
    "GAME_IDS",
    "Config",
    "Game",
    "GameInfo",
    "GameLog",
    "IllegalAction",
    "InvalidConfig",
    "MalformedAction",
    "NileRulesError",
    "Proof",
    "QueryError",
    "Ranking",
    "ReplayError",
    "SpecError",
    "Unknown",
    "Witness",
    "__version__",
    "ask",
    "load",
    "load_game",
    "log_from_json",
    "log_to_json",
    "playout",
    "playout_log",
    "replay",
]

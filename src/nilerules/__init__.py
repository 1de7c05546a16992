"""nilerules: typed, checked models of four Nile-themed board games, and a report of their rule ambiguities."""

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
from nilerules.games import GAME_IDS, load, load_game

__version__ = "0.1.0"

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
    "load",
    "load_game",
    "log_from_json",
    "log_to_json",
    "playout",
    "playout_log",
    "replay",
]

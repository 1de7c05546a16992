"""The rule kernel: the Game protocol, chance, the rule registry, readings, serialization and playouts."""

from nilerules.core.chance import draw_outcomes, sample, sample_index
from nilerules.core.codec import decode, dumps, encode, from_data, to_data
from nilerules.core.game import Diagnostic, Game, GameBase, make_config
from nilerules.core.log import GameLog, log_from_json, log_to_json, make_log, replay, state_digest
from nilerules.core.playout import POLICIES, Playout, StuckState, playout, playout_log
from nilerules.core.registry import implementations, rule, unpinned_rules, validate_implementations
from nilerules.core.types import CHANCE, Chance, Config, GameInfo, Mover, PlayerId, Ranking, rank_by_keys
from nilerules.core.verdicts import Proof, Unknown, Verdict, Witness

__all__ = [
    "CHANCE",
    "POLICIES",
    "Chance",
    "Config",
    "Diagnostic",
    "Game",
    "GameBase",
    "GameInfo",
    "GameLog",
    "Mover",
    "PlayerId",
    "Playout",
    "Proof",
    "Ranking",
    "StuckState",
    "Unknown",
    "Verdict",
    "Witness",
    "decode",
    "draw_outcomes",
    "dumps",
    "encode",
    "from_data",
    "implementations",
    "log_from_json",
    "log_to_json",
    "make_config",
    "make_log",
    "playout",
    "playout_log",
    "rank_by_keys",
    "replay",
    "rule",
    "sample",
    "sample_index",
    "state_digest",
    "to_data",
    "unpinned_rules",
    "validate_implementations",
]

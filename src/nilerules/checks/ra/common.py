"""What Ra's checks and queries share: the player counts and policies they play, configs, words for tiles and
scores, a witness met in play written the Ra way, and the questions put to the solver (``nilerules.solver.ra``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from nilerules.checks.kit import Divergence, log_of, per_reading, replay_actions, under
from nilerules.checks.model import Budget, CheckResult
from nilerules.core.log import GameLog
from nilerules.core.types import Config
from nilerules.core.verdicts import Witness
from nilerules.errors import IllegalAction
from nilerules.games.ra.actions import RaAction
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.names import KIND_NAMES, action_to_data
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.state import CIVS, FLOOD, GOD, GOLD, KINDS, NILE, PHARAOH, TRADER, RaState, supply_ran_out
from nilerules.solver import ra as zra

PLAYER_COUNTS = (2, 3, 4, 5)
"""The player counts the checks cover: RaGame.info.player_counts (a test keeps them equal; a literal here because a
class compiled with mypyc does not expose its attribute defaults on the class)."""
POLICIES = ("random", "greedy")
"""The policies the checks and queries play (``nilerules.core.playout.POLICIES``), in this order."""


def config_of(game: RaGame, players: int, traders: bool = False, **readings: str) -> Config:
    return game.config(players, ("traders",) if traders else (), readings)


def search_seeds(budget: Budget) -> range:
    """The seeds of a search in seeded play: a quarter of the budget's playouts per config and policy."""
    return range(budget.seed, budget.seed + max(1, budget.playouts // 4))


# -- words ----------------------------------------------------------------------------------------------------------
def action_names(actions: Iterable[RaAction]) -> list[Any]:
    return [action_to_data(a) for a in actions]


def track_names(s: RaState) -> list[str]:
    """The auction track's tiles by name, in kind order."""
    return [KIND_NAMES[k] for k in range(KINDS) for _ in range(s.track[k])]


def counts_words(counts: Sequence[int]) -> str:
    """Player counts in words: ``2, 3, 4 and 5``."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


# -- results --------------------------------------------------------------------------------------------------------
Describe = Callable[[RaState, str], str]
"""Words for what a reading gives at the end of a witness log: ``describe(state the log reaches, reading)``."""


def log_end(game: RaGame, log: GameLog, amb: str, reading: str) -> RaState:
    """The position ``log`` reaches when its moves, as written (with names), are replayed from setup under
    ``reading`` of ``amb`` (IllegalAction when a move is not legal there)."""
    config = under(game, log.config, amb, reading)
    state: RaState = replay_actions(game, config, [game.action_from_data(a) for a in log.actions])
    return state


def log_figures(game: RaGame, amb: str, log: GameLog, describe: Describe) -> Callable[[str], str]:
    """Each reading's outcome recomputed from the witness log replayed from setup under that reading (what
    ``CheckResult.figures`` holds for a witness met in play)."""

    def figures(reading: str) -> str:
        try:
            return describe(log_end(game, log, amb, reading), reading)
        except IllegalAction as exc:
            return f"the moves are not legal under this reading ({exc.recorded})"

    return figures


def play_result(game: RaGame, amb: str, config: Config, actions: Sequence[RaAction], describe: Describe,
                summary: str, searched: str, data: Mapping[str, Any] | None = None,
                figures_data: Mapping[str, Any] | None = None) -> CheckResult:
    """A witness met in legal play from setup, as Ra's findings write it: the witness names the players, the modules
    and the actions (its log replays them), and each reading's outcome, in spec order, is ``describe`` of the
    position the log reaches when replayed under that reading (``CheckResult.figures`` recomputes it so);
    ``figures_data`` are the result's figures for the finding's sentences. (The kit's ``play_witness`` puts the same
    data in the witness and in the result, and takes a Divergence: Ra's witnesses are not all found by the kit's
    searches.)"""
    log = log_of(game, config, actions)
    figures = log_figures(game, amb, log, describe)
    return CheckResult(
        Witness(summary, {"players": config.players, "modules": list(config.modules),
                          "actions": action_names(actions), **(data or {})}),
        "playout",
        per_reading(game, amb, figures),
        searched,
        dict(figures_data or {}),
        witness_log=log,
        figures=figures,
    )


def found_result(game: RaGame, amb: str, found: Divergence, summary: str, searched: str,
                 then: Sequence[RaAction] = (), at_end: Describe | None = None) -> CheckResult:
    """``play_result`` for a witness of the kit's ``find_scripted``: each outcome is the kit's ``describe`` of where
    the script ends. ``then``: the actions after the script up to where the readings part (the log runs on to there,
    so that its replay under each reading shows the difference the outcomes describe); ``at_end`` then words the
    position the longer log reaches, as the kit's ``describe`` words the script's end."""
    describe = at_end if then else found.describe
    assert describe is not None, "a divergence found by the kit carries its describe"
    return play_result(game, amb, found.config, [*found.actions, *then], describe, summary, searched)


# -- the solver's questions -----------------------------------------------------------------------------------------
def scoring_table(game: RaGame, players: int = 4) -> zra.ScoringTable:
    p = game.params(game.config(players))
    t = p.tiles
    limits = (t[GOD], t[GOLD], t[PHARAOH], t[NILE], t[FLOOD], *(t[k] for k in CIVS), game.spec.int("trader_tiles"))
    return zra.ScoringTable(p.god_points, p.gold_points, p.pharaoh_most, p.pharaoh_fewest, p.civ_points,
                            p.trader_points, limits)


def supply_question(game: RaGame, players: int, **readings: str) -> zra.SupplyQuestion:
    config = game.config(players, ("traders",), readings)
    p = game.params(config)
    return zra.SupplyQuestion(players, len(p.disk_sets[0]), p.tiles[TRADER], p.auction_track, p.small_crates,
                              p.large_crates, p.large_value, p.crate_exchange_pooled, p.crates_per_claim_per_tile)


def exhausted(state: RaState) -> bool:
    """Whether the crate supply ran out in some epoch of the game so far (the ``supply_exhausted`` diagnostic)."""
    return bool(supply_ran_out(state))


def supply_words(p: RaParams) -> str:
    return (f"{p.small_crates} Small + {p.large_crates} Large crates ({p.small_crates + p.large_crates} pieces, worth "
            f"{p.small_crates + p.large_value * p.large_crates})")

"""The Traders module's crates: the supply's counts (RA-004), when it runs out (RA-005), crates per claim
(RA-006) and exchanging Large crates (RA-007). Witnesses are legal play from setup to the claims Z3 finds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nilerules.checks.kit import all_readings, log_of, per_reading, replay_actions, under
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.ra.common import (
    PLAYER_COUNTS,
    POLICIES,
    action_names,
    config_of,
    exhausted,
    supply_question,
    supply_words,
)
from nilerules.checks.ra.situations import claims_actions, to_epoch_scoring
from nilerules.core.playout import playout
from nilerules.core.types import Config
from nilerules.core.verdicts import Unknown, Witness
from nilerules.games.ra.actions import RaAction
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.state import RaState
from nilerules.solver import ra as zra

EXAMPLE_CLAIMS = ((0, 1), (1, 2))
"""The seed's example: 'two Trader tiles are won in a single auction' by a player after another holds one."""


def _exhaustion(game: RaGame, players: int, budget: Budget, **readings: str) -> dict[str, Any]:
    _, data = zra.smallest_exhaustion(supply_question(game, players, **readings), 4, budget.rlimit)
    return dict(data)


def _unsettled(found: Mapping[str, Any], budget: Budget, searched: str) -> CheckResult:
    """Z3 did not settle the smallest exhaustion within its budget: unknown, never a witness."""
    return CheckResult(
        Unknown("Z3 did not settle the smallest supply exhaustion within its budget", budget=f"rlimit {budget.rlimit}"),
        "z3",
        (),
        searched,
        {"z3": dict(found)},
    )


def _claims_words(claims: Sequence[Sequence[int]]) -> str:
    return "; ".join(f"player {c} wins {n} Trader{'s' if n != 1 else ''}" for c, n in claims)


# -- RA-004 ------------------------------------------------------------------------------------------------------
def check_crate_counts(game: RaGame, budget: Budget) -> CheckResult:
    readings = all_readings(game, "crate_counts")
    found = {r: _exhaustion(game, 4, budget, crate_counts=r) for r in readings}
    claims = next((found[r]["claims"] for r in readings if found[r].get("claims")), None)
    if not claims:
        return _unsettled(found, budget, "Z3 (fewest claims, then fewest Traders) per reading")
    config = config_of(game, 4, True)
    actions = claims_actions(game, config, claims)

    def outcome(reading: str) -> str:
        s: RaState = replay_actions(game, under(game, config, "crate_counts", reading), actions)
        return (f"{supply_words(s.params)}; crates {list(s.crates)}: supply "
                f"{'exhausted' if exhausted(s) else 'enough'}")

    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}. The readings "
                "differ in whether the supply runs out; with the default 'unlimited' reading of RA-005 no score "
                "changes.",
                {"smallest_exhaustion": {r: v for r, v in found.items()}, "actions": action_names(actions)}),
        "z3",
        per_reading(game, "crate_counts", outcome),
        "Z3 (fewest claims, then fewest Traders) per reading, replayed through the rules",
        {"smallest": {r: v.get("claims") for r, v in found.items()}},
        witness_log=log_of(game, config, actions),
    )


# -- RA-005 ------------------------------------------------------------------------------------------------------
def check_supply_exhausted(game: RaGame, budget: Budget) -> CheckResult:
    found = _exhaustion(game, 3, budget)
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion, 3 players")
    config = config_of(game, 3, True)
    claimed = claims_actions(game, config, claims)
    actions = to_epoch_scoring(game, config, claimed)
    outcomes = per_reading(game, "supply_exhausted", lambda r: _crates_then_scores(game, under(
        game, config, "supply_exhausted", r), claimed, actions))
    games = max(1, budget.playouts // 2)
    seen: dict[str, list[int]] = {}
    for n in PLAYER_COUNTS:
        hits = 0
        for policy in POLICIES:
            cfg = game.config(n, ("traders",))
            for seed in range(budget.seed, budget.seed + games):
                hits += exhausted(playout(game, cfg, seed, policy).final)
        seen[str(n)] = [hits, 2 * games]
    p = game.params(config)
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}; the crates owed "
                f"exceed the {supply_words(p)}. Z3: no fewer claims and no fewer Traders can; random and greedy "
                "play ran out in "
                f"{sum(v[0] for v in seen.values())} of {sum(v[1] for v in seen.values())} games.",
                {"claims": claims, "z3": found, "exhausted_in_playouts": seen, "actions": action_names(actions)}),
        "z3",
        outcomes,
        "Z3 smallest exhaustion (proved minimal in claims and Traders), replayed through the rules; "
        f"{games} random and {games} greedy games per player count",
        {"exhausted_in_playouts": seen},
        witness_log=log_of(game, config, actions),
    )


def _crates_then_scores(game: RaGame, config: Config, claimed: Sequence[RaAction], actions: Sequence[RaAction]) -> str:
    """The crates after the claims, and the scores once the epoch is scored, under ``config``."""
    s: RaState = replay_actions(game, config, claimed)
    end: RaState = replay_actions(game, config, actions)
    return f"crates {list(s.crates)}; scores after the epoch {list(end.score)}"


# -- RA-006 ------------------------------------------------------------------------------------------------------
def check_crates_per_claim(game: RaGame, budget: Budget) -> CheckResult:
    config = config_of(game, 3, True)
    claimed = claims_actions(game, config, EXAMPLE_CLAIMS)
    actions = to_epoch_scoring(game, config, claimed)
    return CheckResult(
        Witness(f"The seed's example, {config.players} players, legal play from setup: "
                f"{_claims_words(EXAMPLE_CLAIMS)} in one auction.",
                {"claims": [list(c) for c in EXAMPLE_CLAIMS], "actions": action_names(actions)}),
        "playout",
        per_reading(game, "crates_per_claim", lambda r: _crates_then_scores(game, under(
            game, config, "crates_per_claim", r), claimed, actions)),
        "one scripted game from setup through the rules, played on to the epoch's scoring",
        witness_log=log_of(game, config, actions),
    )


# -- RA-007 ------------------------------------------------------------------------------------------------------
def check_crate_exchange(game: RaGame, budget: Budget) -> CheckResult:
    found = _exhaustion(game, 3, budget, crate_exchange="small_only")
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion under small_only, 3 players")
    games = max(1, budget.playouts // 2)
    config = config_of(game, 3, True)
    actions = claims_actions(game, config, claims)
    seen: dict[str, list[int]] = {}

    def outcome(reading: str) -> str:
        s: RaState = replay_actions(game, under(game, config, "crate_exchange", reading), actions)
        cfg = game.config(5, ("traders",), {"crate_exchange": reading})
        hits = sum(exhausted(playout(game, cfg, seed, "greedy").final)
                   for seed in range(budget.seed, budget.seed + games))
        seen[reading] = [hits, games]
        return (f"crates {list(s.crates)}: supply {'exhausted' if exhausted(s) else 'enough'}; "
                f"5-player greedy games that run out: {hits} of {games}")

    outcomes = per_reading(game, "crate_exchange", outcome)
    p = game.params(config)
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}; they owe "
                f"{sum(found['crates'])} crates: more than the {p.small_crates} Small crates, no more than the "
                "supply's value "
                f"({p.small_crates + p.large_value * p.large_crates}) with Large crates as change.",
                {"claims": claims, "greedy_5p_exhausted": seen, "actions": action_names(actions)}),
        "z3",
        outcomes,
        f"Z3 smallest exhaustion under small_only, replayed under both readings; {games} greedy 5-player games "
        "per reading",
        {"greedy_5p_exhausted": seen},
        witness_log=log_of(game, config, actions),
    )

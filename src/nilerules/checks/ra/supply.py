"""The Traders module's crates: the supply's counts (RA-004), when it runs out (RA-005), crates per claim
(RA-006) and exchanging Large crates (RA-007). Witnesses are legal play from setup to the claims Z3 finds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nilerules.checks.kit import all_readings, log_of, per_reading, replay_actions
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.ra.common import (
    PLAYER_COUNTS,
    POLICIES,
    Describe,
    action_names,
    config_of,
    counts_words,
    exhausted,
    log_figures,
    supply_question,
    supply_words,
)
from nilerules.checks.registry import check
from nilerules.core.playout import playout
from nilerules.core.verdicts import Unknown, Witness
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.situations import claims_actions, to_epoch_scoring
from nilerules.games.ra.state import RaState
from nilerules.solver import ra as zra

GREEDY_PLAYERS = max(PLAYER_COUNTS)
"""RA-007's greedy games are played with the most players (the most claims an epoch holds)."""
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
def _supply_state(s: RaState, reading: str) -> str:
    return f"{supply_words(s.params)}; crates {list(s.crates)}: supply {'exhausted' if exhausted(s) else 'enough'}"


@check("crate_counts")
def check_crate_counts(game: RaGame, budget: Budget) -> CheckResult:
    """RA-004 (``crate_counts``): Which printed count goes with which crate label, and does “all 40 of the Goods Crates”
    count pieces or value?"""
    readings = all_readings(game, "crate_counts")
    found = {r: _exhaustion(game, 4, budget, crate_counts=r) for r in readings}
    claims = next((found[r]["claims"] for r in readings if found[r].get("claims")), None)
    if not claims:
        return _unsettled(found, budget, "Z3 (fewest claims, then fewest Traders) per reading")
    config = config_of(game, 4, True)
    actions = claims_actions(game, config, claims)
    log = log_of(game, config, actions)
    figures = log_figures(game, "crate_counts", log, _supply_state)
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}. The readings "
                "differ in whether the supply runs out; with the default `unlimited` reading of RA-005 no score "
                "changes.",
                {"smallest_exhaustion": {r: v for r, v in found.items()}, "actions": action_names(actions)}),
        "z3",
        per_reading(game, "crate_counts", figures),
        "Z3 (fewest claims, then fewest Traders) per reading, replayed through the rules",
        {"smallest": {r: v.get("claims") for r, v in found.items()}},
        witness_log=log,
        figures=figures,
    )


# -- RA-005 ------------------------------------------------------------------------------------------------------
def _lots_words(claims: Sequence[Sequence[int]]) -> str:
    return counts_words([n for _, n in claims])


def exhaustion_figures(game: RaGame, players: int, budget: Budget) -> dict[str, Any]:
    """What Z3 settles about running the supply out in one epoch with ``players`` players (default readings), as the
    figures RA-005's sentences carry: the fewest claims and the fewest Traders with that many claims (each proved
    minimal), and the fewest Traders with one claim more, its lots and the crates they owe. A figure Z3 does not
    settle is left out, and so is the sentence that carries it."""
    q = supply_question(game, players)
    _, found = zra.smallest_exhaustion(q, 4, budget.rlimit)
    figures: dict[str, Any] = {"z3_players": players, "supply_value": q.small + q.large_value * q.large}
    if not found.get("claims"):
        return figures
    fewest = int(found["claims_needed"])
    figures.update(fewest_claims=fewest, fewest_claims_traders=found["traders"])
    status, more = zra.fewest_traders(q, fewest + 1, budget.rlimit)
    if status == "sat":
        figures.update(more_claims=fewest + 1, more_claims_traders=more["traders"],
                       more_claims_lots=_lots_words(more["claims"]), more_claims_owed=sum(more["crates"]),
                       more_claims_largest_lot=max(n for _, n in more["claims"]))
    return figures


def _crates_scored(epoch: int) -> Describe:
    """The crates each seat held at ``epoch``'s scoring, read from what they scored there (a crate scores its value),
    and the scores after it."""

    def words(s: RaState, reading: str) -> str:
        points = [0] * len(s.score)
        for ev in s.events:
            if ev.epoch == epoch and ev.category == "crates":
                points[ev.player] += ev.points
        return f"crates {points}; scores after the epoch {list(s.score)}"

    return words


@check("supply_exhausted")
def check_supply_exhausted(game: RaGame, budget: Budget) -> CheckResult:
    """RA-005 (``supply_exhausted``): Is the crate supply a limit?"""
    found = _exhaustion(game, 3, budget)
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion, 3 players")
    config = config_of(game, 3, True)
    claimed = claims_actions(game, config, claims)
    actions = to_epoch_scoring(game, config, claimed)
    epoch = replay_actions(game, config, claimed).epoch
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
    log = log_of(game, config, actions)
    figures = log_figures(game, "supply_exhausted", log, _crates_scored(epoch))
    data = {
        "exhausted_in_playouts": seen,
        "exhausted_games": sum(v[0] for v in seen.values()),
        "played_games": sum(v[1] for v in seen.values()),
        "playout_players": counts_words(PLAYER_COUNTS),
        **exhaustion_figures(game, config.players, budget),
    }
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}; the crates owed "
                f"exceed the {supply_words(p)}. Z3: no fewer claims and no fewer Traders can; random and greedy "
                f"play ran out in {data['exhausted_games']} of {data['played_games']} games.",
                {"claims": claims, "z3": found, "exhausted_in_playouts": seen, "actions": action_names(actions)}),
        "z3",
        per_reading(game, "supply_exhausted", figures),
        "Z3 smallest exhaustion (proved minimal in claims and Traders), replayed through the rules; "
        f"{games} random and {games} greedy games per player count",
        data,
        witness_log=log,
        figures=figures,
    )


# -- RA-006 ------------------------------------------------------------------------------------------------------
@check("crates_per_claim")
def check_crates_per_claim(game: RaGame, budget: Budget) -> CheckResult:
    """RA-006 (``crates_per_claim``): One crate per own Trader per claim, or per Trader tile claimed?"""
    config = config_of(game, 3, True)
    claimed = claims_actions(game, config, EXAMPLE_CLAIMS)
    actions = to_epoch_scoring(game, config, claimed)
    epoch = replay_actions(game, config, claimed).epoch
    log = log_of(game, config, actions)
    figures = log_figures(game, "crates_per_claim", log, _crates_scored(epoch))
    return CheckResult(
        Witness(f"The seed's example, {config.players} players, legal play from setup: "
                f"{_claims_words(EXAMPLE_CLAIMS)} in one auction.",
                {"claims": [list(c) for c in EXAMPLE_CLAIMS], "actions": action_names(actions)}),
        "playout",
        per_reading(game, "crates_per_claim", figures),
        "one scripted game from setup through the rules, played on to the epoch's scoring",
        witness_log=log,
        figures=figures,
    )


# -- RA-007 ------------------------------------------------------------------------------------------------------
@check("crate_exchange")
def check_crate_exchange(game: RaGame, budget: Budget) -> CheckResult:
    """RA-007 (``crate_exchange``): Which way does the 3-for-1 crate exchange go?"""
    found = _exhaustion(game, 3, budget, crate_exchange="small_only")
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion under small_only, 3 players")
    games = max(1, budget.playouts // 2)
    config = config_of(game, 3, True)
    actions = claims_actions(game, config, claims)
    seen: dict[str, list[int]] = {}
    for reading in all_readings(game, "crate_exchange"):
        cfg = game.config(GREEDY_PLAYERS, ("traders",), {"crate_exchange": reading})
        hits = sum(exhausted(playout(game, cfg, seed, "greedy").final)
                   for seed in range(budget.seed, budget.seed + games))
        seen[reading] = [hits, games]
    log = log_of(game, config, actions)
    figures = log_figures(game, "crate_exchange", log, lambda s, r: f"crates {list(s.crates)}: supply "
                                                                     f"{'exhausted' if exhausted(s) else 'enough'}")
    p = game.params(config)
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}; they owe "
                f"{sum(found['crates'])} crates: more than the {p.small_crates} Small crates, no more than the "
                "supply's value "
                f"({p.small_crates + p.large_value * p.large_crates}) with Large crates as change.",
                {"claims": claims, "greedy_5p_exhausted": seen, "actions": action_names(actions)}),
        "z3",
        per_reading(game, "crate_exchange", figures),
        f"Z3 smallest exhaustion under small_only, replayed under both readings; {games} greedy "
        f"{GREEDY_PLAYERS}-player games "
        "per reading",
        {"greedy_5p_exhausted": seen, "greedy_games": games, "greedy_players": GREEDY_PLAYERS,
         **{f"greedy_exhausted_{r}": hits for r, (hits, _) in seen.items()}},
        witness_log=log,
        figures=figures,
    )

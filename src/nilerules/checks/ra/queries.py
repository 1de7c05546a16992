"""Named queries a rulebook editor would ask about Ra with Traders (``nilerules query ra NAME``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nilerules.checks.model import Budget, Query, QueryParam, QueryResult
from nilerules.checks.ra.common import PLAYER_COUNTS, POLICIES, exhausted, scoring_table, supply_question
from nilerules.checks.ra.ties import all_tied, check_pharaoh_all_tie, check_sun_all_tie, pharaoh_points_by_epoch
from nilerules.core.batch import final_states
from nilerules.core.verdicts import Proof, Witness
from nilerules.errors import QueryError
from nilerules.games.ra import scoring
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.state import RaState
from nilerules.solver import ra as zra


def _counts(params: Mapping[str, Any]) -> tuple[int, ...]:
    n = int(params.get("players", 0))
    if n == 0:
        return PLAYER_COUNTS
    if n not in PLAYER_COUNTS:
        raise QueryError(f"players must be 0 (all) or one of {PLAYER_COUNTS}, got {n!r}")
    return (n,)


def _games(game: RaGame, players: int, traders: bool, policy: str, n: int, seed: int,
           readings: Mapping[str, str] | None = None) -> list[RaState]:
    config = game.config(players, ("traders",) if traders else (), readings)
    return final_states(game, config, range(seed, seed + n), policy)  # on every core under query --jobs


def _rate(hits: int, n: int) -> str:
    if hits == 0:
        return f"0 of {n} (95% upper bound {3 / n:.2%})" if n else "no games"
    return f"{hits} of {n} ({hits / n:.2%})"


def _epoch_crates(state: RaState) -> int:
    """The most crates (all players together, in value) given out in one epoch of a finished game."""
    per_epoch: dict[int, int] = {}
    for e in state.events:
        if e.category == "crates":
            per_epoch[e.epoch] = per_epoch.get(e.epoch, 0) + e.points
    return max(per_epoch.values(), default=0)


# -- crate-supply -------------------------------------------------------------------------------------------------
def crate_supply(game: RaGame, params: Mapping[str, Any]) -> QueryResult:
    playouts = int(params.get("playouts", 200))
    exchange = str(params.get("exchange", "pooled"))
    counts_reading = str(params.get("counts", "as_printed"))
    rlimit = int(params.get("rlimit", 5_000_000))
    readings = {"crate_exchange": exchange, "crate_counts": counts_reading}
    lines = []
    data: dict[str, Any] = {}
    for n in _counts(params):
        q = supply_question(game, n, **readings)
        row: dict[str, Any] = {"supply": {"small": q.small, "large": q.large,
                                          "value": q.small + q.large_value * q.large}}
        verdict, smallest = zra.smallest_exhaustion(q, 3, rlimit)
        row["smallest"] = smallest if isinstance(verdict, Witness) else {"verdict": verdict.summary}
        front = {}
        for length in (2, 3):
            status, found = zra.fewest_traders(q, length, rlimit)
            front[str(length)] = found.get("traders") if status == "sat" else status
        row["fewest_traders_by_claims"] = front
        _, most_data = zra.most_crates(q, rlimit)
        row["most_crates_one_epoch"] = most_data
        mc = {}
        for policy in POLICIES:
            finals = _games(game, n, True, policy, playouts, 1000 * n, readings)
            hits = sum(exhausted(s) for s in finals)
            peak = max((_epoch_crates(s) for s in finals), default=0)
            mc[policy] = {"exhausted_games": hits, "games": playouts, "largest_crates_one_epoch": peak}
        row["monte_carlo"] = mc
        data[str(n)] = row
        lines.append(
            f"{n} players: supply {q.small} small + {q.large} large (value {q.small + q.large_value * q.large}). "
            f"Smallest exhaustion: {verdict.summary}. Fewest Traders with 2 / 3 claims: {front['2']} / "
            f"{front['3']}. Most crates one epoch can owe: {most_data.get('most')} (Z3, proved). Random play: "
            f"{_rate(mc['random']['exhausted_games'], playouts)} games; greedy: "
            f"{_rate(mc['greedy']['exhausted_games'], playouts)}; most crates in one epoch seen: "
            f"{mc['random']['largest_crates_one_epoch']} (random), {mc['greedy']['largest_crates_one_epoch']} (greedy)."
        )
    return QueryResult("\n".join(lines), data)


# -- pharaoh-ties ---------------------------------------------------------------------------------------------------
def pharaoh_ties(game: RaGame, params: Mapping[str, Any]) -> QueryResult:
    """How often every player ties on Pharaohs; the verdict is RA-001's check (the report's), at the default budget."""
    playouts = int(params.get("playouts", 200))
    rlimit = int(params.get("rlimit", 5_000_000))
    data: dict[str, Any] = {}
    lines = []
    for n in _counts(params):
        p = game.params(game.config(n))
        shift = p.pharaoh_most + p.pharaoh_fewest
        proof = zra.prove_all_tie_shift(n, scoring_table(game, n), rlimit)
        row: dict[str, Any] = {"uniform_shift_proved": isinstance(proof, Proof), "shift": shift}
        for policy in POLICIES:
            tied = epochs = 0
            for s in _games(game, n, False, policy, playouts, 2000 * n):
                for points in pharaoh_points_by_epoch(s).values():
                    epochs += 1
                    tied += all_tied(points, p)
            row[policy] = {"all_tied_epochs": tied, "epochs": epochs}
        data[str(n)] = row
        rnd = row["random"]
        lines.append(f"{n} players: all tied on Pharaohs in {_rate(rnd['all_tied_epochs'], rnd['epochs'])} "
                     f"epochs (random play), {_rate(row['greedy']['all_tied_epochs'], row['greedy']['epochs'])} "
                     f"(greedy). 'share' vs 'nobody': {p.pharaoh_most:+d} {p.pharaoh_fewest:+d} = {shift:+d} for every "
                     f"player alike ({'proved by Z3' if isinstance(proof, Proof) else 'not proved'}), so rankings "
                     "never differ.")
    verdict = check_pharaoh_all_tie(game, Budget(rlimit=rlimit)).verdict  # the report's verdict on RA-001
    return QueryResult("\n".join(lines), data, verdict)


# -- sun-ties -------------------------------------------------------------------------------------------------------
def sun_ties(game: RaGame, params: Mapping[str, Any]) -> QueryResult:
    """How often all final sun-disk totals are equal; the verdict is RA-002's check (the report's)."""
    playouts = int(params.get("playouts", 200))
    rlimit = int(params.get("rlimit", 5_000_000))
    data: dict[str, Any] = {}
    lines = []
    for n in _counts(params):
        p = game.params(game.config(n))
        start = [sum(ds) for ds in p.disk_sets]
        row: dict[str, Any] = {"starting_totals": start}
        for policy in POLICIES:
            finals = _games(game, n, False, policy, playouts, 3000 * n)
            row[policy] = sum(len(set(scoring.sun_totals(s.up, s.down))) == 1 for s in finals)
        data[str(n)] = row
        both = p.sun_most + p.sun_fewest
        lines.append(f"{n} players: starting totals {start}; all final totals equal in "
                     f"{_rate(row['random'], playouts)} random games, {_rate(row['greedy'], playouts)} greedy. "
                     f"Then 'share' gives everyone {p.sun_most:+d} {p.sun_fewest:+d} = {both:+d}, 'nobody' 0.")
    verdict = check_sun_all_tie(game, Budget(rlimit=rlimit)).verdict  # the report's verdict on RA-002
    return QueryResult("\n".join(lines), data, verdict)


# -- winner-ties ----------------------------------------------------------------------------------------------------
def winner_ties(game: RaGame, params: Mapping[str, Any]) -> QueryResult:
    playouts = int(params.get("playouts", 200))
    traders = bool(params.get("traders", False))
    data: dict[str, Any] = {}
    lines = []
    for n in _counts(params):
        row = {}
        for policy in POLICIES:
            finals = _games(game, n, traders, policy, playouts, 4000 * n)
            tied = [s for s in finals if len(game.ranking(s).winners) > 1]
            other = game.params(game.config(n, ("traders",) if traders else (), {"winner_tiebreak": "highest_disk"}))
            unbroken = sum(len(scoring.rank(s.score, scoring.highest_disks(s.up, s.down), other).winners) > 1
                           for s in tied)
            row[policy] = {"tied_for_first": len(tied), "games": playouts, "still_tied_with_highest_disk": unbroken}
        data[str(n)] = row
        lines.append(f"{n} players: a tie for first in {_rate(row['random']['tied_for_first'], playouts)} random "
                     f"games and {_rate(row['greedy']['tied_for_first'], playouts)} greedy games; the rules give "
                     "no tie-break (RA-003).")
    return QueryResult("\n".join(lines), data)


# -- trader-points --------------------------------------------------------------------------------------------------
def trader_points(game: RaGame, params: Mapping[str, Any]) -> QueryResult:
    playouts = int(params.get("playouts", 200))
    data: dict[str, Any] = {}
    lines = []
    for n in _counts(params):
        row = {}
        for policy in POLICIES:
            finals = _games(game, n, True, policy, playouts, 5000 * n)
            traders = sum(e.points for s in finals for e in s.events if e.category == "traders")
            crates = sum(e.points for s in finals for e in s.events if e.category == "crates")
            total = sum(sum(s.score) for s in finals)
            per = playouts * n
            row[policy] = {"trader_points_per_player": round(traders / per, 3),
                           "crate_points_per_player": round(crates / per, 3),
                           "final_score_per_player": round(total / per, 3)}
        data[str(n)] = row
        r = row["random"]
        lines.append(f"{n} players (random play): Traders give {r['trader_points_per_player']} and crates "
                     f"{r['crate_points_per_player']} points per player per game, of a mean final score of "
                     f"{r['final_score_per_player']}; greedy: {row['greedy']}.")
    return QueryResult("\n".join(lines), data)


_PLAYERS = QueryParam("players", "int", 0, "player count (0: every count, 2-5)")
_PLAYOUTS = QueryParam("playouts", "int", 200, "seeded games per player count and policy")
_RLIMIT = QueryParam("rlimit", "int", 5_000_000, "Z3 resource limit per question")

QUERIES: dict[str, Query] = {
    "crate-supply": Query(
        "crate-supply",
        "When does the crate supply run out, and how unlikely is it?",
        (_PLAYERS, _PLAYOUTS, _RLIMIT,
         QueryParam("exchange", "str", "pooled", "reading of RA-007: pooled or small_only"),
         QueryParam("counts", "str", "as_printed", "reading of RA-004: as_printed, value_forty or shifted")),
        crate_supply,
    ),
    "pharaoh-ties": Query("pharaoh-ties", "How often do all players tie on Pharaohs, and does the reading matter?",
                          (_PLAYERS, _PLAYOUTS, _RLIMIT), pharaoh_ties),
    "sun-ties": Query("sun-ties", "How often are all final sun-disk totals equal, and does the reading matter?",
                      (_PLAYERS, _PLAYOUTS, _RLIMIT), sun_ties),
    "winner-ties": Query("winner-ties", "How often do players tie for the win, with no stated tie-break?",
                         (_PLAYERS, _PLAYOUTS, QueryParam("traders", "bool", False, "with the Traders module")),
                         winner_ties),
    "trader-points": Query("trader-points", "How many points do Traders and crates bring per player?",
                           (_PLAYERS, _PLAYOUTS), trader_points),
}

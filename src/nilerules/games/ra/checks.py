"""One divergence check per ambiguity of specs/ra.toml: does the choice of reading change anything, and where?

Each check is deterministic: hand-built or scripted situations through the real rules, Z3 for the arithmetic
questions, seeded playouts for the frequencies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nilerules.analysis.model import Budget, Check, CheckResult
from nilerules.core.playout import playout
from nilerules.core.verdicts import Proof, Unknown, Witness
from nilerules.games.ra import rules, scoring
from nilerules.games.ra.actions import (
    DISCARDS,
    DRAW_ACTION,
    DRAWS,
    INVOKE_ACTION,
    PASS_ACTION,
    Bid,
    PlayGod,
)
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.scenario import dealt, place, play_claims, run, win_auction
from nilerules.games.ra.state import (
    DROUGHT,
    FLOOD,
    FUNERAL,
    GOD,
    GOLD,
    H_ACTOR,
    H_EPOCH,
    NILE,
    PHARAOH,
    RA,
    RaState,
    disk_total,
)
from nilerules.solver import ra as zra

PLAYER_COUNTS = (2, 3, 4, 5)


def _state(game: RaGame, players: int, traders: bool = False, **readings: str) -> RaState:
    return dealt(game.setup(game.config(players, ("traders",) if traders else (), readings)))


def _table(game: RaGame) -> zra.ScoringTable:
    p = game.params(game.config(4))
    return zra.ScoringTable(p.god_points, p.gold_points, p.pharaoh_most, p.pharaoh_fewest, p.civ_points,
                            p.trader_points)


def supply_question(game: RaGame, players: int, **readings: str) -> zra.SupplyQuestion:
    config = game.config(players, ("traders",), readings)
    p = game.params(config)
    return zra.SupplyQuestion(players, len(p.disk_sets[0]), p.tiles[23], p.auction_track, p.small_crates,
                              p.large_crates, p.large_value, p.exchange_pooled, p.crates_per_tile)


def all_tie_epochs(game: RaGame, players: int, traders: bool, seeds: range, policy: str) -> tuple[int, int]:
    """(epochs where all players tied on Pharaohs, epochs played) over seeded games, default readings."""
    config = game.config(players, ("traders",) if traders else ())
    tied = epochs = 0
    for seed in seeds:
        final = playout(game, config, seed, policy).final
        for e in range(1, final.h[H_EPOCH] + 1):
            epochs += 1
            got = [ev.player for ev in final.events if ev.epoch == e and ev.category == "pharaohs"
                   and ev.points == game.params(config).pharaoh_most + game.params(config).pharaoh_fewest]
            tied += len(got) == players
    return tied, epochs


# -- RA-001 ------------------------------------------------------------------------------------------------------
def check_pharaoh_all_tie(game: RaGame, budget: Budget) -> CheckResult:
    params = {r: game.params(game.config(3, readings={"pharaoh_all_tie": r})) for r in ("share", "nobody")}
    held = [[0] * 24 for _ in range(3)]
    held[0][GOLD] = 1
    outcomes = []
    pts = {}
    for r, p in params.items():
        pts[r] = scoring.epoch_points(held, (0, 0, 0), p)
        outcomes.append((r, f"epoch points {pts[r]} (Pharaohs {'+3 each' if r == 'share' else '0 each'})"))
    proofs = [zra.prove_all_tie_shift(n, _table(game), budget.rlimit) for n in PLAYER_COUNTS]
    shift_proved = all(isinstance(v, Proof) for v in proofs)
    seeds = range(budget.seed, budget.seed + max(1, budget.playouts // 4))
    freq = {n: all_tie_epochs(game, n, False, seeds, "random") for n in PLAYER_COUNTS}
    return CheckResult(
        Witness(
            "Three players, none holds a Pharaoh at an epoch's end (player 0 has one Gold): 'share' gives each "
            "+3 (+5 and -2), 'nobody' gives 0. Scores differ; the ranking cannot: "
            + ("Z3 proves the shift is the same +3 for every player, 2-5 players, and scores never change play."
               if shift_proved else "the Z3 proof of the uniform shift did not complete."),
            {"players": 3, "pharaohs": [0, 0, 0], "points": pts,
             "ranking_unaffected_proved": shift_proved,
             "all_tie_epochs_random_play": {str(n): {"tied": t, "epochs": e} for n, (t, e) in freq.items()}},
        ),
        "z3",
        tuple(outcomes),
        f"one hand-computed epoch; Z3 over all Pharaoh counts 0..25 for 2-5 players (rlimit {budget.rlimit}); "
        f"{len(seeds)} random games per player count for the frequency",
        {"all_tie_epochs": {str(n): list(v) for n, v in freq.items()}},
    )


# -- RA-002 ------------------------------------------------------------------------------------------------------
def check_sun_all_tie(game: RaGame, budget: Budget) -> CheckResult:
    p = game.params(game.config(2))
    proofs = [zra.prove_sun_all_tie_equal(n, p.sun_most, p.sun_fewest, budget.rlimit) for n in PLAYER_COUNTS]
    start = {n: [sum(ds) for ds in game.params(game.config(n)).disk_sets] for n in PLAYER_COUNTS}
    if all(isinstance(v, Proof) for v in proofs):
        verdict: Proof | Unknown = Proof(
            "With every sun-disk total equal, 'share' gives each player +5 and -5 = 0 and 'nobody' gives 0: the "
            "readings never differ (2-5 players, all totals).", ("ra.scoring.sun_disks",))
    else:
        verdict = Unknown("Z3 did not settle every player count", budget=f"rlimit {budget.rlimit}")
    return CheckResult(
        verdict,
        "z3",
        (("share", "+5 -5 = 0 for everyone"), ("nobody", "0 for everyone")),
        f"all totals 1..136 for 2-5 players (Z3, rlimit {budget.rlimit})",
        {"starting_totals": {str(n): t for n, t in start.items()}},
    )


# -- RA-003 ------------------------------------------------------------------------------------------------------
def check_winner_tiebreak(game: RaGame, budget: Budget) -> CheckResult:
    tried = 0
    for n in PLAYER_COUNTS:
        config = game.config(n)
        for seed in range(budget.seed, budget.seed + budget.playouts):
            tried += 1
            final = playout(game, config, seed).final
            shared = game.ranking(final)
            if len(shared.winners) < 2:
                continue
            other = game.config(n, readings={"winner_tiebreak": "highest_disk"})
            broken = scoring.rank(final.score, [(u | d).bit_length() - 1 for u, d in zip(final.up, final.down,
                                                                                          strict=True)],
                                  game.params(other))
            if broken.winners != shared.winners:
                return CheckResult(
                    Witness(f"A random {n}-player game (seed {seed}) ends with players {list(shared.winners)} "
                            f"tied on {final.score[shared.winners[0]]} points.",
                            {"players": n, "seed": seed, "scores": list(final.score)}),
                    "playout",
                    (("shared", f"players {list(shared.winners)} share first place"),
                     ("highest_disk", f"player {broken.winners[0]} wins on the highest disk")),
                    f"{tried} seeded random games",
                )
    return CheckResult(Unknown("no tie for first found", budget=f"{tried} games"), "playout", (),
                       f"{tried} seeded random games")


# -- RA-004 / RA-005 / RA-007: the crate supply ------------------------------------------------------------------
def _exhaustion(game: RaGame, players: int, budget: Budget, **readings: str) -> dict[str, Any]:
    _, data = zra.smallest_exhaustion(supply_question(game, players, **readings), 4, budget.rlimit)
    return dict(data)


def _replay_claims(game: RaGame, players: int, claims: list[tuple[int, int]], **readings: str) -> RaState:
    state, _ = play_claims(_state(game, players, True, **readings), [tuple(c) for c in claims])  # type: ignore[misc]
    return state


def _unsettled(found: Mapping[str, Any], budget: Budget, searched: str) -> CheckResult:
    """Z3 did not settle the smallest exhaustion within its budget: unknown, never a witness."""
    return CheckResult(
        Unknown("Z3 did not settle the smallest supply exhaustion within its budget", budget=f"rlimit {budget.rlimit}"),
        "z3",
        (),
        searched,
        {"z3": dict(found)},
    )


def _exhausted(game: RaGame, state: RaState) -> bool:
    return any(d.rule_id == "ra.traders.crates.supply_exhausted" for d in game.diagnostics(state))


def check_crate_counts(game: RaGame, budget: Budget) -> CheckResult:
    readings = ("as_printed", "value_forty", "shifted")
    found = {r: _exhaustion(game, 4, budget, crate_counts=r) for r in readings}
    claims = found["value_forty"].get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 (fewest claims, then fewest Traders) per reading")
    outcomes = []
    for r in readings:
        s = _replay_claims(game, 4, claims, crate_counts=r)
        p = s.params
        outcomes.append((r, f"{p.small_crates} small + {p.large_crates} large ({p.small_crates + p.large_crates}"
                            f" pieces, worth {p.small_crates + p.large_value * p.large_crates}); crates "
                            f"{list(s.crates)}: supply {'exhausted' if _exhausted(game, s) else 'enough'}"))
    return CheckResult(
        Witness(f"4 players; claims {claims} (claimer, Traders) in epoch 1. The readings differ in whether the "
                "supply runs out; with the default 'unlimited' reading of RA-005 no score changes.",
                {"smallest_exhaustion": {r: v for r, v in found.items()}}),
        "z3",
        tuple(outcomes),
        "Z3 (fewest claims, then fewest Traders) per reading, replayed through the rules",
        {"smallest": {r: v.get("claims") for r, v in found.items()}},
    )


def check_supply_exhausted(game: RaGame, budget: Budget) -> CheckResult:
    found = _exhaustion(game, 3, budget)
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion, 3 players")
    outcomes = []
    for r in ("unlimited", "capped"):
        s = _replay_claims(game, 3, claims, supply_exhausted=r)
        points = scoring.epoch_points(s.held, s.crates, s.params)
        outcomes.append((r, f"crates {list(s.crates)}; epoch points {points}"))
    games = max(1, budget.playouts // 2)
    seen: dict[str, list[int]] = {}
    for n in PLAYER_COUNTS:
        hits = 0
        for policy in ("random", "greedy"):
            config = game.config(n, ("traders",))
            for seed in range(budget.seed, budget.seed + games):
                hits += _exhausted(game, playout(game, config, seed, policy).final)
        seen[str(n)] = [hits, 2 * games]
    return CheckResult(
        Witness(f"3 players; epoch-1 auctions won as {claims} (claimer, Traders): the crates owed exceed 30 small "
                "+ 10 large crates. Z3: no single claim and no two claims with fewer Traders can; random and greedy "
                f"play ran out in {sum(v[0] for v in seen.values())} of {sum(v[1] for v in seen.values())} games.",
                {"claims": claims, "z3": found, "exhausted_in_playouts": seen}),
        "z3",
        tuple(outcomes),
        "Z3 smallest exhaustion (proved minimal in claims and Traders), replayed through the rules; "
        f"{games} random and {games} greedy games per player count",
        {"exhausted_in_playouts": seen},
    )


def check_crate_exchange(game: RaGame, budget: Budget) -> CheckResult:
    found = _exhaustion(game, 3, budget, crate_exchange="small_only")
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion under small_only, 3 players")
    games = max(1, budget.playouts // 2)
    outcomes = []
    seen: dict[str, list[int]] = {}
    for r in ("pooled", "small_only"):
        s = _replay_claims(game, 3, claims, crate_exchange=r)
        config = game.config(5, ("traders",), {"crate_exchange": r})
        hits = sum(_exhausted(game, playout(game, config, seed, "greedy").final)
                   for seed in range(budget.seed, budget.seed + games))
        seen[r] = [hits, games]
        outcomes.append((r, f"crates {list(s.crates)}: supply {'exhausted' if _exhausted(game, s) else 'enough'}; "
                            f"5-player greedy games that run out: {hits} of {games}"))
    return CheckResult(
        Witness(f"3 players; epoch-1 auctions {claims} (claimer, Traders) owe {sum(found['crates'])} crates: more "
                "than the 30 Small crates, fewer than the supply's value with Large crates as change.",
                {"claims": claims, "greedy_5p_exhausted": seen}),
        "z3",
        tuple(outcomes),
        f"Z3 smallest exhaustion under small_only, replayed under both readings; {games} greedy 5-player games "
        "per reading",
        {"greedy_5p_exhausted": seen},
    )


# -- RA-006 ------------------------------------------------------------------------------------------------------
def check_crates_per_claim(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("per_tile", "per_claim"):
        s = _replay_claims(game, 3, [(0, 1), (1, 2)], crates_per_claim=r)
        outcomes.append((r, f"crates {list(s.crates)}"))
    return CheckResult(
        Witness("The seed's example, 3 players: player 0 wins one Trader, then player 1 wins two Traders in one "
                "auction.", {"claims": [[0, 1], [1, 2]]}),
        "playout",
        tuple(outcomes),
        "one scripted game through the rules",
    )


# -- RA-008 ------------------------------------------------------------------------------------------------------
def check_god_takes_disaster(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("allowed", "forbidden"):
        s = place(_state(game, 3, god_takes_disaster=r), held={0: {GOD: 1, PHARAOH: 2}},
                  track={FUNERAL: 1, GOLD: 1})
        legal = [a for a in rules.legal_actions(s) if isinstance(a, PlayGod)]
        outcomes.append((r, "God tile may take: " + ", ".join(
            "funeral" if a.kind == FUNERAL else "gold" for a in legal)))
    return CheckResult(
        Witness("3 players; player 0 (to move first) holds a God tile and 2 Pharaohs; the track holds a Funeral "
                "and a Gold (hand-placed).", {"track": ["funeral", "gold"]}),
        "situation",
        tuple(outcomes),
        "legal actions of one hand-placed state",
    )


# -- RA-009 ------------------------------------------------------------------------------------------------------
def check_invoke_empty(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("allowed", "forbidden"):
        s = _state(game, 4, invoke_empty_track=r)
        outcomes.append((r, "first turn: " + ", ".join(type(a).__name__ for a in rules.legal_actions(s))))
    return CheckResult(
        Witness("The first turn of a 4-player game: the auction track is empty.", {"players": 4}),
        "situation",
        tuple(outcomes),
        "legal actions at setup",
    )


# -- RA-010 ------------------------------------------------------------------------------------------------------
def check_drought_order(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("floods_first", "choose"):
        s = place(_state(game, 3, drought_order=r), held={2: {FLOOD: 1, NILE: 2}}, track={DROUGHT: 1})
        s = run(s, [INVOKE_ACTION])
        s, _ = win_auction(s, 2)
        if r == "choose":
            s = run(s, [DISCARDS[NILE], DISCARDS[NILE]])
        held = s.held[2]
        outcomes.append((r, f"player 2 keeps {held[FLOOD]} Flood, {held[NILE]} Nile: Nile/Flood points "
                            f"{scoring.nile_flood_points(held)}"))
    return CheckResult(
        Witness("3 players; player 2 holds 1 Flood and 2 Niles (hand-placed); player 0 invokes Ra over a Drought "
                "and player 2 wins it; under 'choose' they discard the two Niles.",
                {"holding": {"flood": 1, "nile": 2}}),
        "playout",
        tuple(outcomes),
        "one hand-placed state, then legal play",
    )


def _last_ra_state(game: RaGame, players: int, **readings: str) -> RaState:
    limit = game.params(game.config(players, (), readings)).ra_track
    s = place(_state(game, players, False, **readings), track={GOLD: 1}, ra_on_track=limit - 1)
    return run(s, [DRAW_ACTION, DRAWS[RA]])


# -- RA-011 ------------------------------------------------------------------------------------------------------
def check_last_ra(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("at_once", "final_auction"):
        s = _last_ra_state(game, 3, last_ra=r)
        outcomes.append((r, f"epoch {s.epoch}, phase {s.phase}; Gold on the track: {s.track[GOLD]}"))
    return CheckResult(
        Witness("3 players; 7 Ra tiles on the Ra track (hand-placed) and a Gold on the auction track; the next "
                "tile drawn is the 8th Ra tile.", {"ra_track": 7}),
        "playout",
        tuple(outcomes),
        "one hand-placed state, then legal play",
    )


# -- RA-012 ------------------------------------------------------------------------------------------------------
def check_full_track_bid(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("unforced", "forced"):
        s = place(_state(game, 3, full_track_bid=r), track={NILE: 4, FUNERAL: 2, DROUGHT: 2})
        s = run(s, [INVOKE_ACTION, PASS_ACTION, PASS_ACTION])
        legal = rules.legal_actions(s)
        if PASS_ACTION in legal:
            after = rules.apply(s, PASS_ACTION)
            outcomes.append((r, f"the invoker may pass; the 8 tiles are discarded (track now {sum(after.track)})"))
        else:
            bids = [a.disk for a in legal if isinstance(a, Bid)]
            outcomes.append((r, f"the invoker must bid one of {bids} and take the disasters"))
    return CheckResult(
        Witness("3 players; a full track of 4 Niles, 2 Funerals and 2 Droughts (hand-placed); the player to move "
                "must invoke Ra and both others pass. Under 'forced' the reference's discard clause can never apply: "
                "no tile can be drawn onto a full track, so its auctions are always invoked, and an invoked "
                "auction always has a winner.", {"track": {"nile": 4, "funeral": 2, "drought": 2}}),
        "playout",
        tuple(outcomes),
        "one hand-placed state, then legal play",
    )


# -- RA-013 ------------------------------------------------------------------------------------------------------
def check_gods_after_epoch(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("discard", "keep"):
        limit = game.params(game.config(3)).ra_track
        s = place(_state(game, 3, gods_after_epoch=r), held={0: {GOD: 2}}, ra_on_track=limit - 1)
        s = run(s, [DRAW_ACTION, DRAWS[RA]])
        outcomes.append((r, f"epoch {s.epoch} starts with player 0 holding {s.held[0][GOD]} God tiles (worth "
                            f"{2 * s.held[0][GOD]} more points at the next scoring, or usable)"))
    return CheckResult(
        Witness("3 players; player 0 holds 2 God tiles when epoch 1 ends (hand-placed).", {"gods": 2}),
        "playout",
        tuple(outcomes),
        "one hand-placed state, then legal play",
    )


# -- RA-014 ------------------------------------------------------------------------------------------------------
def check_epoch_starter(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("highest_disk", "next_player"):
        s = _last_ra_state(game, 4, epoch_starter=r)
        outcomes.append((r, f"epoch 2 starts with player {s.h[H_ACTOR]}"))
    return CheckResult(
        Witness("4 players; seat 0 holds disk 13 (the highest), so takes the first turn, and draws the last Ra "
                "tile of epoch 1 (8 Ra tiles hand-placed on the Ra track).", {"players": 4}),
        "playout",
        tuple(outcomes),
        "one hand-placed state, then legal play",
    )


# -- RA-015 ------------------------------------------------------------------------------------------------------
def check_bag_empty(game: RaGame, budget: Budget) -> CheckResult:
    outcomes = []
    for r in ("epoch_ends", "game_ends"):
        s = _state(game, 2, bag_empty=r)
        keep = {GOLD: 1}
        gone = {k: c - keep.get(k, 0) for k, c in enumerate(s.bag) if c - keep.get(k, 0) > 0}
        s = place(s, held={0: {PHARAOH: 2}})
        gone[PHARAOH] -= 2
        s = _discard_from_bag(s, gone)
        s = run(s, [DRAW_ACTION, DRAWS[GOLD]])
        outcomes.append((r, f"game over: {s.phase == 'over'}; scores {list(s.score)}"))
    counts = _bag_runs_out(game, budget)
    return CheckResult(
        Witness("2 players; player 0 holds 2 Pharaohs and one tile (a Gold) is left in the bag (hand-placed, the "
                "rest out of play); it is drawn.", {"bag_runs_out_in_playouts": counts}),
        "playout",
        tuple(outcomes),
        f"one hand-placed state; {sum(v[1] for v in counts.values())} seeded random and greedy games for the "
        "frequency",
        {"bag_runs_out": counts},
    )


def _discard_from_bag(s: RaState, kinds: Mapping[int, int]) -> RaState:
    bag = list(s.bag)
    out = list(s.out)
    for k, c in kinds.items():
        bag[k] -= c
        out[k] += c
    h = list(s.h)
    h[18] = sum(bag)
    return s.evolve(bag=tuple(bag), out=tuple(out), h=tuple(h))


def _bag_runs_out(game: RaGame, budget: Budget) -> dict[str, list[int]]:
    counts: dict[str, list[int]] = {}
    for n in PLAYER_COUNTS:
        config = game.config(n, ("traders",))
        hits = 0
        games = 0
        for policy in ("random", "greedy"):
            for seed in range(budget.seed, budget.seed + max(1, budget.playouts // 8)):
                games += 1
                final = playout(game, config, seed, policy).final
                hits += any(d.rule_id == "ra.base.bag_empty" for d in game.diagnostics(final))
        counts[str(n)] = [hits, games]
    return counts


def sun_totals(state: RaState) -> list[int]:
    return [disk_total(u | d) for u, d in zip(state.up, state.down, strict=True)]


CHECKS: dict[str, Check] = {
    "pharaoh_all_tie": check_pharaoh_all_tie,
    "sun_all_tie": check_sun_all_tie,
    "winner_tiebreak": check_winner_tiebreak,
    "crate_counts": check_crate_counts,
    "supply_exhausted": check_supply_exhausted,
    "crates_per_claim": check_crates_per_claim,
    "crate_exchange": check_crate_exchange,
    "god_takes_disaster": check_god_takes_disaster,
    "invoke_empty_track": check_invoke_empty,
    "drought_order": check_drought_order,
    "last_ra": check_last_ra,
    "full_track_bid": check_full_track_bid,
    "gods_after_epoch": check_gods_after_epoch,
    "epoch_starter": check_epoch_starter,
    "bag_empty": check_bag_empty,
}


"""One divergence check per ambiguity of specs/ra.toml: does the choice of reading change anything, and where?

Every figure is read from the params of the config a check runs on (never typed), and every reading's outcome is
what replaying the witness under that reading gives. Witnesses are found in reachable play first (seeded playouts,
or scripted legal play from setup), each with its log from setup (``witness_log``); only when play does not meet the
situation within the budget is a position built by hand with the public position format (``constructed=True``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from nilerules.checks.model import Budget, Check, CheckResult
from nilerules.checks.ra.scenario import play_claims
from nilerules.core.log import GameLog, make_log
from nilerules.core.playout import playout
from nilerules.core.types import Config
from nilerules.core.verdicts import Proof, Unknown, Verdict, Witness
from nilerules.errors import IllegalAction
from nilerules.games.ra import rules, scoring
from nilerules.games.ra.actions import (
    DISCARDS,
    DRAW_ACTION,
    DRAWS,
    INVOKE_ACTION,
    PASS_ACTION,
    Deal,
    PlayGod,
    RaAction,
)
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.names import KIND_NAMES, action_to_data
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.state import (
    BID,
    CIVS,
    DISASTERS,
    DISCARD,
    DRAW,
    DROUGHT,
    EARTHQUAKE,
    FLOOD,
    FUNERAL,
    GOD,
    GOLD,
    H_ACTOR,
    H_BAG_EMPTY,
    H_EPOCH,
    H_HIGH,
    H_HIGH_BY,
    H_PHASE,
    H_RA,
    H_STARTER,
    H_TRACK_LEN,
    KINDS,
    MONUMENTS,
    NILE,
    OVER,
    PHARAOH,
    RA,
    TRADER,
    TURN,
    UNREST,
    RaState,
    disk_total,
    disks,
)
from nilerules.solver import ra as zra

PLAYER_COUNTS = (2, 3, 4, 5)
"""The player counts the checks cover: RaGame.info.player_counts (a test keeps them equal; a literal here because a
class compiled with mypyc does not expose its attribute defaults on the class)."""
POLICIES = ("random", "greedy")
Tail = Callable[[RaState], "list[RaAction] | None"]
Describe = Callable[[RaState, str], str]


# -- shared helpers --------------------------------------------------------------------------------------------------
def _config(game: RaGame, players: int, traders: bool = False, **readings: str) -> Config:
    return game.config(players, ("traders",) if traders else (), readings)


def _with(config: Config, game: RaGame, amb: str, reading: str) -> Config:
    readings = dict(config.readings)
    readings[amb] = reading
    return game.config(config.players, config.modules, readings)


def _deal(game: RaGame, config: Config) -> Deal:
    return Deal(game.params(config).disk_sets)


def _replay(game: RaGame, config: Config, actions: Iterable[RaAction]) -> RaState:
    s = game.setup(config)
    for a in actions:
        s = rules.apply(s, a)
    return s


def _log(game: RaGame, config: Config, actions: Sequence[RaAction]) -> GameLog:
    return make_log(game, config, actions, _replay(game, config, actions))


def _names(actions: Iterable[RaAction]) -> list[Any]:
    return [action_to_data(a) for a in actions]


def _table(game: RaGame, players: int = 4) -> zra.ScoringTable:
    p = game.params(game.config(players))
    t = p.tiles
    limits = (t[GOD], t[GOLD], t[PHARAOH], t[NILE], t[FLOOD], *(t[k] for k in CIVS), game.spec.int("trader_tiles"))
    return zra.ScoringTable(p.god_points, p.gold_points, p.pharaoh_most, p.pharaoh_fewest, p.civ_points,
                            p.trader_points, limits)


def supply_question(game: RaGame, players: int, **readings: str) -> zra.SupplyQuestion:
    config = game.config(players, ("traders",), readings)
    p = game.params(config)
    return zra.SupplyQuestion(players, len(p.disk_sets[0]), p.tiles[TRADER], p.auction_track, p.small_crates,
                              p.large_crates, p.large_value, p.exchange_pooled, p.crates_per_tile)


def _supply_words(p: RaParams) -> str:
    return (f"{p.small_crates} Small + {p.large_crates} Large crates ({p.small_crates + p.large_crates} pieces, worth "
            f"{p.small_crates + p.large_value * p.large_crates})")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def search_play(game: RaGame, amb: str, configs: Iterable[Config], budget: Budget, tail: Tail,
                describe: Describe, games: int | None = None) -> tuple[Config, list[RaAction], dict[str, str]] | None:
    """The first seeded game (random, then greedy play) that reaches a state where ``tail`` gives the actions to the
    divergence and the readings of ``amb`` describe different outcomes; (config, actions from setup, outcomes).

    The actions are replayed from setup under each reading, so the log is legal under all of them."""
    readings = game.spec.ambiguities[amb].reading_names()
    count = games if games is not None else max(1, budget.playouts // 4)
    for config in configs:
        for policy in POLICIES:
            for seed in range(budget.seed, budget.seed + count):
                result = playout(game, config, seed, policy)
                s = game.setup(config)
                for i, a in enumerate(result.actions):
                    extra = tail(s)
                    if extra is not None:
                        actions = [*result.actions[:i], *extra]
                        found = _outcomes(game, config, amb, readings, actions, describe)
                        if found is not None and len(set(found.values())) > 1:
                            return config, actions, found
                    s = rules.apply(s, a)
    return None


def _outcomes(game: RaGame, config: Config, amb: str, readings: Sequence[str], actions: Sequence[RaAction],
              describe: Describe) -> dict[str, str] | None:
    found = {}
    for r in readings:
        try:
            found[r] = describe(_replay(game, _with(config, game, amb, r), actions), r)
        except IllegalAction:
            return None
    return found


def _play_result(game: RaGame, amb: str, config: Config, actions: list[RaAction], outcomes: Mapping[str, str],
                 summary: str, searched: str, data: Mapping[str, Any] | None = None,
                 then: Sequence[RaAction] = ()) -> CheckResult:
    """A witness from seeded play; ``then``: the actions after ``actions`` up to where the readings part (the log
    runs on to there, so that its replay under each reading shows the difference the outcomes describe)."""
    readings = game.spec.ambiguities[amb].reading_names()
    actions = [*actions, *then]
    return CheckResult(
        Witness(summary, {"players": config.players, "modules": list(config.modules), "actions": _names(actions),
                          **(data or {})}),
        "playout",
        tuple((r, outcomes[r]) for r in readings),
        searched,
        witness_log=_log(game, config, actions),
    )


def _constructed(game: RaGame, amb: str, config: Config, position: Mapping[str, Any], actions: list[RaAction],
                 describe: Describe, summary: str, searched: str) -> CheckResult:
    """A witness from a hand-written position (public format), reachability not shown; outcomes by replaying the
    same actions from the position under each reading."""
    outcomes = []
    for r in game.spec.ambiguities[amb].reading_names():
        s = game.position(_with(config, game, amb, r), position)
        for a in actions:
            s = rules.apply(s, a)
        outcomes.append((r, describe(s, r)))
    return CheckResult(
        Witness(summary, {"players": config.players, "position": dict(position), "actions": _names(actions)}),
        "situation",
        tuple(outcomes),
        searched,
        constructed=True,
    )


def _won_by(s: RaState, winner: int) -> list[RaAction] | None:
    """Bids for the running auction: ``winner`` bids their lowest disk that beats the bid, everyone else passes."""
    out: list[RaAction] = []
    while s.h[H_PHASE] == BID:
        actor = s.h[H_ACTOR]
        legal = rules.legal_actions(s)
        if actor == winner and s.h[H_HIGH] == 0:
            bids = [a for a in legal if a is not PASS_ACTION]
            if not bids:
                return None
            a: RaAction = bids[0]
        elif PASS_ACTION in legal:
            a = PASS_ACTION
        else:
            return None
        out.append(a)
        s = rules.apply(s, a)
    return out


# -- RA-001 ------------------------------------------------------------------------------------------------------
def pharaoh_points_by_epoch(state: RaState) -> dict[int, list[int]]:
    """Each epoch's Pharaoh points per seat, from the scoring history of a finished (or running) game."""
    found: dict[int, list[int]] = {}
    for e in range(1, state.h[H_EPOCH] + 1):
        found[e] = [0] * len(state.score)
    for ev in state.events:
        if ev.category == "pharaohs":
            found.setdefault(ev.epoch, [0] * len(state.score))[ev.player] += ev.points
    return found


def all_tied(points: Sequence[int], p: RaParams) -> bool:
    """Whether an epoch's Pharaoh points (under 'share') can only come from every seat tying: each seat got the most
    and the fewest at once. (With most and fewest both 0 nothing tells, and the readings agree anyway.)"""
    return (p.pharaoh_most, p.pharaoh_fewest) != (0, 0) and all(x == p.pharaoh_most + p.pharaoh_fewest
                                                                 for x in points)


def all_tie_epochs(game: RaGame, players: int, traders: bool, seeds: range, policy: str) -> tuple[int, int]:
    """(epochs where all players tied on Pharaohs, epochs scored) over seeded games, default readings."""
    config = game.config(players, ("traders",) if traders else ())
    p = game.params(config)
    tied = epochs = 0
    for seed in seeds:
        final = playout(game, config, seed, policy).final
        for points in pharaoh_points_by_epoch(final).values():
            epochs += 1
            tied += all_tied(points, p)
    return tied, epochs


def _epoch_scored(s: RaState, epoch: int) -> bool:
    return s.h[H_EPOCH] > epoch or s.h[H_PHASE] == OVER


def check_pharaoh_all_tie(game: RaGame, budget: Budget) -> CheckResult:
    p = game.params(game.config(3))
    shift = p.pharaoh_most + p.pharaoh_fewest
    proofs = [zra.prove_all_tie_shift(n, _table(game, n), budget.rlimit) for n in PLAYER_COUNTS]
    shift_proved = all(isinstance(v, Proof) for v in proofs)
    seeds = range(budget.seed, budget.seed + max(1, budget.playouts // 4))
    freq = {n: all_tie_epochs(game, n, False, seeds, "random") for n in PLAYER_COUNTS}
    searched = (f"Z3 over all Pharaoh counts 0..{p.tiles[PHARAOH]} for 2-5 players (rlimit {budget.rlimit}); "
                f"{len(seeds)} random games per player count for the frequency and the witness")
    data = {"ranking_unaffected_proved": shift_proved, "shift": shift,
            "all_tie_epochs_random_play": {str(n): {"tied": t, "epochs": e} for n, (t, e) in freq.items()}}
    if shift == 0:
        return CheckResult(
            Proof(f"'share' gives each player {p.pharaoh_most} and {p.pharaoh_fewest} when all tie, i.e. 0, the same "
                  "as 'nobody': the readings never differ.", ("ra.scoring.pharaohs",)),
            "arithmetic", (("share", "0 for everyone"), ("nobody", "0 for everyone")), searched, data)
    ranking = (f"Z3 proves every player's score moves by the same {_signed(shift)}, 2-5 players, so the ranking "
               "cannot change" if shift_proved else "the Z3 proof that every score moves alike did not complete")
    for n in (3, *PLAYER_COUNTS):
        config = game.config(n)
        for seed in seeds:
            result = playout(game, config, seed, "random")
            tied = [e for e, pts in pharaoh_points_by_epoch(result.final).items() if all_tied(pts, p)]
            if not tied:
                continue
            epoch = tied[0]
            s = game.setup(config)
            actions: list[RaAction] = []
            for a in result.actions:
                s = rules.apply(s, a)
                actions.append(a)
                if _epoch_scored(s, epoch):
                    break
            outcomes = []
            for r in ("share", "nobody"):
                after = _replay(game, _with(config, game, "pharaoh_all_tie", r), actions)
                pts = pharaoh_points_by_epoch(after).get(epoch, [0] * n)
                outcomes.append((r, f"Pharaoh points {pts}; scores {list(after.score)}"))
            pharaohs = _pharaohs_at_scoring(game, config, actions)
            return CheckResult(
                Witness(f"A seeded random {n}-player game (seed {seed}): at the end of epoch {epoch} every player "
                        f"holds {pharaohs} Pharaohs. 'share' gives each {_signed(p.pharaoh_most)} and "
                        f"{_signed(p.pharaoh_fewest)} = {_signed(shift)}, 'nobody' gives 0. Scores differ; {ranking}.",
                        {**data, "players": n, "seed": seed, "epoch": epoch, "actions": _names(actions)}),
                "z3",
                tuple(outcomes),
                searched,
                data,
                witness_log=_log(game, config, actions),
            )
    return CheckResult(Unknown("no epoch with every player tied on Pharaohs in the seeded games",
                               budget=f"{len(seeds)} games per player count"), "playout", (), searched, data)


def _pharaohs_at_scoring(game: RaGame, config: Config, actions: Sequence[RaAction]) -> int:
    """Pharaohs stay after scoring, so the counts after the scoring action are those scored."""
    return min(x[PHARAOH] for x in _replay(game, config, actions).held)


# -- RA-002 ------------------------------------------------------------------------------------------------------
def check_sun_all_tie(game: RaGame, budget: Budget) -> CheckResult:
    p = game.params(game.config(2))
    top = sum(sum(ds) for ds in game.params(game.config(max(PLAYER_COUNTS))).disk_sets) + p.center_disk
    verdicts = [zra.prove_sun_all_tie_equal(n, p.sun_most, p.sun_fewest, budget.rlimit, top) for n in PLAYER_COUNTS]
    start = {n: [sum(ds) for ds in game.params(game.config(n)).disk_sets] for n in PLAYER_COUNTS}
    both = p.sun_most + p.sun_fewest
    outcomes = (("share", f"{_signed(p.sun_most)} {_signed(p.sun_fewest)} = {_signed(both)} for everyone"),
                ("nobody", "0 for everyone"))
    searched = f"all totals 1..{top} for 2-5 players (Z3, rlimit {budget.rlimit})"
    verdict: Verdict
    if all(isinstance(v, Proof) for v in verdicts):
        verdict = Proof(f"With every sun-disk total equal, 'share' gives each player {_signed(p.sun_most)} and "
                        f"{_signed(p.sun_fewest)} = {_signed(both)} and 'nobody' gives 0: the readings never differ "
                        "(2-5 players, all totals).", ("ra.scoring.sun_disks",))
    elif any(isinstance(v, Witness) for v in verdicts):
        verdict = Witness(f"With every sun-disk total equal, 'share' gives each player {_signed(both)} and 'nobody' "
                          f"0: every score moves by the same {_signed(both)}, so the ranking cannot change.",
                          {"shift": both})
    else:
        verdict = Unknown("Z3 did not settle every player count", budget=f"rlimit {budget.rlimit}")
    return CheckResult(verdict, "z3", outcomes, searched, {"starting_totals": {str(n): t for n, t in start.items()}})


# -- RA-003 ------------------------------------------------------------------------------------------------------
def check_winner_tiebreak(game: RaGame, budget: Budget) -> CheckResult:
    tried = 0
    for n in PLAYER_COUNTS:
        config = game.config(n)
        other = _with(config, game, "winner_tiebreak", "highest_disk")
        for seed in range(budget.seed, budget.seed + budget.playouts):
            tried += 1
            result = playout(game, config, seed)
            final = result.final
            shared = game.ranking(final)
            if len(shared.winners) < 2:
                continue
            broken = game.ranking(_replay(game, other, result.actions))
            if broken.winners != shared.winners:
                actions = list(result.actions)
                return _play_result(
                    game, "winner_tiebreak", config, actions,
                    {"shared": f"players {list(shared.winners)} share first place",
                     "highest_disk": f"player {broken.winners[0]} wins on the highest disk"},
                    f"A seeded random {n}-player game (seed {seed}) ends with players {list(shared.winners)} tied on "
                    f"{final.score[shared.winners[0]]} points.",
                    f"{tried} seeded random games", {"seed": seed, "scores": list(final.score)})
    return CheckResult(Unknown("no tie for first found", budget=f"{tried} games"), "playout", (),
                       f"{tried} seeded random games")


# -- RA-004 / RA-005 / RA-007: the crate supply ------------------------------------------------------------------
def _exhaustion(game: RaGame, players: int, budget: Budget, **readings: str) -> dict[str, Any]:
    _, data = zra.smallest_exhaustion(supply_question(game, players, **readings), 4, budget.rlimit)
    return dict(data)


def claims_actions(game: RaGame, config: Config, claims: Sequence[Sequence[int]]) -> list[RaAction]:
    """Legal play from setup: the deal, then for each (claimer, n) n Traders drawn, Ra invoked, the claimer wins."""
    start = rules.apply(game.setup(config), _deal(game, config))
    _, actions = play_claims(start, [(int(c), int(n)) for c, n in claims])
    return [_deal(game, config), *actions]


def to_epoch_scoring(game: RaGame, config: Config, actions: Sequence[RaAction]) -> list[RaAction]:
    """The actions continued with legal play until the epoch is scored: every turn draws, every draw is a Ra tile,
    every auction is passed (so the crates held are what the epoch scores)."""
    s = _replay(game, config, actions)
    epoch = s.h[H_EPOCH]
    out = list(actions)
    while not _epoch_scored(s, epoch):
        legal = rules.legal_actions(s)
        if s.h[H_PHASE] == DRAW:
            a: RaAction = DRAWS[RA] if s.bag[RA] else rules.chance_outcomes(s)[0][0]
        elif s.h[H_PHASE] == TURN and DRAW_ACTION in legal:
            a = DRAW_ACTION
        else:
            a = PASS_ACTION if PASS_ACTION in legal else legal[0]
        s = rules.apply(s, a)
        out.append(a)
    return out


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


def _claims_words(claims: Sequence[Sequence[int]]) -> str:
    return "; ".join(f"player {c} wins {n} Trader{'s' if n != 1 else ''}" for c, n in claims)


def check_crate_counts(game: RaGame, budget: Budget) -> CheckResult:
    readings = game.spec.ambiguities["crate_counts"].reading_names()
    found = {r: _exhaustion(game, 4, budget, crate_counts=r) for r in readings}
    claims = next((found[r]["claims"] for r in readings if found[r].get("claims")), None)
    if not claims:
        return _unsettled(found, budget, "Z3 (fewest claims, then fewest Traders) per reading")
    config = _config(game, 4, True)
    actions = claims_actions(game, config, claims)
    outcomes = []
    for r in readings:
        s = _replay(game, _with(config, game, "crate_counts", r), actions)
        outcomes.append((r, f"{_supply_words(s.params)}; crates {list(s.crates)}: supply "
                            f"{'exhausted' if _exhausted(game, s) else 'enough'}"))
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}. The readings "
                "differ in whether the supply runs out; with the default 'unlimited' reading of RA-005 no score "
                "changes.",
                {"smallest_exhaustion": {r: v for r, v in found.items()}, "actions": _names(actions)}),
        "z3",
        tuple(outcomes),
        "Z3 (fewest claims, then fewest Traders) per reading, replayed through the rules",
        {"smallest": {r: v.get("claims") for r, v in found.items()}},
        witness_log=_log(game, config, actions),
    )


def check_supply_exhausted(game: RaGame, budget: Budget) -> CheckResult:
    found = _exhaustion(game, 3, budget)
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion, 3 players")
    config = _config(game, 3, True)
    claimed = claims_actions(game, config, claims)
    actions = to_epoch_scoring(game, config, claimed)
    outcomes = []
    for r in game.spec.ambiguities["supply_exhausted"].reading_names():
        cfg = _with(config, game, "supply_exhausted", r)
        s = _replay(game, cfg, claimed)
        end = _replay(game, cfg, actions)
        outcomes.append((r, f"crates {list(s.crates)}; scores after the epoch {list(end.score)}"))
    games = max(1, budget.playouts // 2)
    seen: dict[str, list[int]] = {}
    for n in PLAYER_COUNTS:
        hits = 0
        for policy in POLICIES:
            cfg = game.config(n, ("traders",))
            for seed in range(budget.seed, budget.seed + games):
                hits += _exhausted(game, playout(game, cfg, seed, policy).final)
        seen[str(n)] = [hits, 2 * games]
    p = game.params(config)
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}; the crates owed "
                f"exceed the {_supply_words(p)}. Z3: no fewer claims and no fewer Traders can; random and greedy "
                "play ran out in "
                f"{sum(v[0] for v in seen.values())} of {sum(v[1] for v in seen.values())} games.",
                {"claims": claims, "z3": found, "exhausted_in_playouts": seen, "actions": _names(actions)}),
        "z3",
        tuple(outcomes),
        "Z3 smallest exhaustion (proved minimal in claims and Traders), replayed through the rules; "
        f"{games} random and {games} greedy games per player count",
        {"exhausted_in_playouts": seen},
        witness_log=_log(game, config, actions),
    )


def check_crate_exchange(game: RaGame, budget: Budget) -> CheckResult:
    found = _exhaustion(game, 3, budget, crate_exchange="small_only")
    claims = found.get("claims")
    if not claims:
        return _unsettled(found, budget, "Z3 smallest exhaustion under small_only, 3 players")
    games = max(1, budget.playouts // 2)
    config = _config(game, 3, True)
    actions = claims_actions(game, config, claims)
    outcomes = []
    seen: dict[str, list[int]] = {}
    for r in game.spec.ambiguities["crate_exchange"].reading_names():
        s = _replay(game, _with(config, game, "crate_exchange", r), actions)
        cfg = game.config(5, ("traders",), {"crate_exchange": r})
        hits = sum(_exhausted(game, playout(game, cfg, seed, "greedy").final)
                   for seed in range(budget.seed, budget.seed + games))
        seen[r] = [hits, games]
        outcomes.append((r, f"crates {list(s.crates)}: supply {'exhausted' if _exhausted(game, s) else 'enough'}; "
                            f"5-player greedy games that run out: {hits} of {games}"))
    p = game.params(config)
    return CheckResult(
        Witness(f"{config.players} players, epoch 1, legal play from setup: {_claims_words(claims)}; they owe "
                f"{sum(found['crates'])} crates: more than the {p.small_crates} Small crates, no more than the "
                "supply's value "
                f"({p.small_crates + p.large_value * p.large_crates}) with Large crates as change.",
                {"claims": claims, "greedy_5p_exhausted": seen, "actions": _names(actions)}),
        "z3",
        tuple(outcomes),
        f"Z3 smallest exhaustion under small_only, replayed under both readings; {games} greedy 5-player games "
        "per reading",
        {"greedy_5p_exhausted": seen},
        witness_log=_log(game, config, actions),
    )


# -- RA-006 ------------------------------------------------------------------------------------------------------
EXAMPLE_CLAIMS = ((0, 1), (1, 2))
"""The seed's example: 'two Trader tiles are won in a single auction' by a player after another holds one."""


def check_crates_per_claim(game: RaGame, budget: Budget) -> CheckResult:
    config = _config(game, 3, True)
    claimed = claims_actions(game, config, EXAMPLE_CLAIMS)
    actions = to_epoch_scoring(game, config, claimed)
    outcomes = []
    for r in game.spec.ambiguities["crates_per_claim"].reading_names():
        cfg = _with(config, game, "crates_per_claim", r)
        s = _replay(game, cfg, claimed)
        end = _replay(game, cfg, actions)
        outcomes.append((r, f"crates {list(s.crates)}; scores after the epoch {list(end.score)}"))
    return CheckResult(
        Witness(f"The seed's example, {config.players} players, legal play from setup: "
                f"{_claims_words(EXAMPLE_CLAIMS)} in one auction.",
                {"claims": [list(c) for c in EXAMPLE_CLAIMS], "actions": _names(actions)}),
        "playout",
        tuple(outcomes),
        "one scripted game from setup through the rules, played on to the epoch's scoring",
        witness_log=_log(game, config, actions),
    )


# -- RA-008 ------------------------------------------------------------------------------------------------------
def _god_menu(s: RaState, reading: str) -> str:
    legal = [KIND_NAMES[a.kind] for a in rules.legal_actions(s) if isinstance(a, PlayGod)]
    return "a God tile may take: " + (", ".join(legal) or "nothing")


def _god_and_disaster(s: RaState) -> list[RaAction] | None:
    h = s.h
    if h[H_PHASE] == TURN and s.held[h[H_ACTOR]][GOD] and any(s.track[k] for k in DISASTERS):
        return []
    return None


def check_god_takes_disaster(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n) for n in PLAYER_COUNTS]
    found = search_play(game, "god_takes_disaster", configs, budget, _god_and_disaster, _god_menu)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions)
        return _play_result(game, "god_takes_disaster", config, actions, outcomes,
                            f"A seeded {config.players}-player game: player {s.h[H_ACTOR]} holds a God tile on their "
                            f"turn while the auction track holds {', '.join(_track_names(s))}.",
                            "seeded random and greedy games, 2-5 players")
    config = _config(game, 3)
    position = {"seats": {"0": {"god": 1, "pharaoh": 2}}, "auction_track": ["gold", "funeral"]}
    return _constructed(game, "god_takes_disaster", config, position, [], _god_menu,
                        "3 players; player 0 (to move) holds a God tile and 2 Pharaohs; the auction track holds a "
                        "Gold and a Funeral.", "legal actions of one hand-written position")


def _track_names(s: RaState) -> list[str]:
    return [KIND_NAMES[k] for k in range(KINDS) for _ in range(s.track[k])]


# -- RA-009 ------------------------------------------------------------------------------------------------------
def _turn_menu(s: RaState, reading: str) -> str:
    return "legal: " + ", ".join(str(action_to_data(a)) for a in rules.legal_actions(s))


def check_invoke_empty(game: RaGame, budget: Budget) -> CheckResult:
    config = game.config(4)
    actions: list[RaAction] = [_deal(game, config)]
    outcomes = {r: _turn_menu(_replay(game, _with(config, game, "invoke_empty_track", r), actions), r)
                for r in game.spec.ambiguities["invoke_empty_track"].reading_names()}
    return _play_result(game, "invoke_empty_track", config, actions, outcomes,
                        f"The first turn of a {config.players}-player game: the auction track is empty.",
                        "legal actions after setup")


# -- RA-010 ------------------------------------------------------------------------------------------------------
def _epoch_goes_on(s: RaState) -> bool:
    """After one more won auction some face-up disk is left, so the epoch does not end on it (the Ra track aside)."""
    return sum(bin(u).count("1") for u in s.up) >= 2 and s.h[H_RA] + 1 < s.params.ra_track


def _drought_tail(s: RaState) -> list[RaAction] | None:
    """On a turn with a Drought on the track: invoke Ra and let a player holding Floods and more Niles win it."""
    h = s.h
    if h[H_PHASE] != TURN or s.track[DROUGHT] != 1 or not _epoch_goes_on(s):
        return None
    need = s.params.disaster_discards
    for q in range(len(s.held)):
        x = s.held[q]
        if s.up[q] and x[FLOOD] > 0 and x[NILE] >= need and x[FLOOD] + x[NILE] > need:
            after = rules.apply(s, INVOKE_ACTION)
            bids = _won_by(after, q)
            if bids is not None:
                return [INVOKE_ACTION, *bids]
    return None


def _flood_words(s: RaState, p: int) -> str:
    x = s.held[p]
    return (f"player {p} keeps {x[FLOOD]} Flood, {x[NILE]} Nile: Nile/Flood points "
            f"{scoring.nile_flood_points(x)}")


def _drought_outcome(s: RaState, reading: str) -> str:
    """From the auction's last call: finish it (the winner bids or the starter passes), then, where the reading
    leaves the choice, the winner discards Niles and keeps their Floods."""
    last, winner = _last_call(s)
    s = rules.apply(s, last)
    while s.h[H_PHASE] == DISCARD and DISCARDS[NILE] in rules.legal_actions(s):
        s = rules.apply(s, DISCARDS[NILE])
    return _flood_words(s, winner)


def _drought_until_last_call(s: RaState) -> list[RaAction] | None:
    extra = _drought_tail(s)
    return extra[:-1] if extra else None


def check_drought_order(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n) for n in PLAYER_COUNTS]
    found = search_play(game, "drought_order", configs, budget, _drought_until_last_call, _drought_outcome)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions)
        q = s.h[H_HIGH_BY] if s.h[H_HIGH_BY] >= 0 else s.h[H_ACTOR]
        return _play_result(game, "drought_order", config, actions, outcomes,
                            f"A seeded {config.players}-player game: Ra is invoked over one Drought and player {q}, "
                            f"holding {s.held[q][FLOOD]} Flood and {s.held[q][NILE]} Niles, wins it (legal bids and "
                            "passes from a reached turn; the log ends with the auction's last call, where the readings "
                            "part); under 'choose' they discard Niles and keep their Floods.",
                            "seeded random and greedy games, 2-5 players, then legal bids", then=[_last_call(s)[0]])
    config = _config(game, 3)
    position = {"seats": {"2": {"flood": 1, "nile": 2}}, "auction_track": ["drought"]}
    tail = _drought_until_last_call(game.position(config, position)) or []
    return _constructed(game, "drought_order", config, position, tail, _drought_outcome,
                        "3 players; player 2 holds 1 Flood and 2 Niles; player 0 invokes Ra over a Drought and player "
                        "2 wins it; under 'choose' they discard the two Niles.",
                        "one hand-written position, then legal play")


# -- RA-011 / RA-013 / RA-014: the last Ra tile --------------------------------------------------------------------
def _last_ra_draw(extra: Callable[[RaState], bool]) -> Tail:
    """A tile is being drawn while one Ra tile is missing from the Ra track: the draw is the last Ra tile."""
    def tail(s: RaState) -> list[RaAction] | None:
        h = s.h
        if h[H_PHASE] == DRAW and h[H_RA] == s.params.ra_track - 1 and s.bag[RA] and extra(s):
            return [DRAWS[RA]]
        return None
    return tail


def _epoch_words(s: RaState, reading: str) -> str:
    return (f"epoch {s.epoch}, phase {s.phase}, to move: player {s.h[H_ACTOR]}; auction track "
            f"{_track_names(s) or 'empty'}")


def check_last_ra(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    found = search_play(game, "last_ra", configs, budget, _last_ra_draw(lambda s: s.h[H_TRACK_LEN] > 0),
                        _epoch_words)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions[:-1])
        return _play_result(game, "last_ra", config, actions, outcomes,
                            f"A seeded {config.players}-player game: with {s.h[H_RA]} of {s.params.ra_track} Ra tiles "
                            f"on the Ra track and {', '.join(_track_names(s))} on the auction track, player "
                            f"{s.h[H_STARTER]} draws the last Ra tile.", "seeded random and greedy games")
    config = _config(game, 3)
    p = game.params(config)
    position = {"ra_track": p.ra_track - 1, "auction_track": ["gold"], "phase": "draw"}
    return _constructed(game, "last_ra", config, position, [DRAWS[RA]], _epoch_words,
                        f"3 players; {p.ra_track - 1} Ra tiles on the Ra track and a Gold on the auction track; the "
                        "next tile drawn is the last Ra tile.", "one hand-written position, then legal play")


def _bid_menu(s: RaState, reading: str) -> str:
    legal = rules.legal_actions(s)
    if PASS_ACTION in legal:
        after = rules.apply(s, PASS_ACTION)
        return f"the invoker may pass; the {s.params.auction_track} tiles are discarded (track now {sum(after.track)})"
    bids = [a.disk for a in legal if a is not PASS_ACTION]  # type: ignore[union-attr]
    return f"the invoker must bid one of {bids} and take the tiles"


def _full_track_tail(s: RaState) -> list[RaAction] | None:
    h = s.h
    if h[H_PHASE] != TURN or h[H_TRACK_LEN] < s.params.auction_track:
        return None
    out: list[RaAction] = [INVOKE_ACTION]
    t = rules.apply(s, INVOKE_ACTION)
    while t.h[H_ACTOR] != t.h[H_STARTER]:
        out.append(PASS_ACTION)
        t = rules.apply(t, PASS_ACTION)
    return out


def check_full_track_bid(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    note = ("Under 'forced' the reference's discard clause can never apply: no tile can be drawn onto a full track, so "
            "its auctions are always invoked, and an invoked auction always has a winner.")
    found = search_play(game, "full_track_bid", configs, budget, _full_track_tail, _bid_menu)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions)
        return _play_result(game, "full_track_bid", config, actions, outcomes,
                            f"A seeded {config.players}-player game: the auction track is full "
                            f"({', '.join(_track_names(s))}); player {s.h[H_STARTER]} must invoke Ra and everyone else "
                            f"passes. {note}", "seeded random and greedy games, then legal passes")
    config = _config(game, 3)
    p = game.params(config)
    track = ["funeral", "funeral", "drought", "drought", *["nile"] * (p.auction_track - 4)]
    position = {"auction_track": track}
    s = game.position(config, position)
    tail = _full_track_tail(s) or []
    return _constructed(game, "full_track_bid", config, position, tail, _bid_menu,
                        f"3 players; a full auction track ({', '.join(track)}); the player to move must invoke Ra and "
                        f"both others pass. {note}", "one hand-written position, then legal play")


def _gods_words(s: RaState, reading: str) -> str:
    gods = [x[GOD] for x in s.held]
    return (f"epoch {s.epoch} starts with God tiles {gods} (worth {[g * s.params.god_points for g in gods]} at the "
            "next scoring, or usable)")


def check_gods_after_epoch(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    found = search_play(game, "gods_after_epoch", configs, budget,
                        _last_ra_draw(lambda s: s.h[H_EPOCH] < s.params.epochs and any(x[GOD] for x in s.held)),
                        _gods_words)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions[:-1])
        return _play_result(game, "gods_after_epoch", config, actions, outcomes,
                            f"A seeded {config.players}-player game: epoch {s.epoch} ends (last Ra tile drawn) while "
                            f"players hold God tiles {[x[GOD] for x in s.held]}.", "seeded random and greedy games")
    config = _config(game, 3)
    p = game.params(config)
    position = {"seats": {"0": {"god": 2}}, "ra_track": p.ra_track - 1, "phase": "draw"}
    return _constructed(game, "gods_after_epoch", config, position, [DRAWS[RA]], _gods_words,
                        "3 players; player 0 holds 2 God tiles when epoch 1 ends.",
                        "one hand-written position, then legal play")


def _starter_words(s: RaState, reading: str) -> str:
    return f"epoch {s.epoch} starts with player {s.h[H_ACTOR]}"


def check_epoch_starter(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n) for n in (4, *PLAYER_COUNTS)]
    found = search_play(game, "epoch_starter", configs, budget,
                        _last_ra_draw(lambda s: s.h[H_EPOCH] < s.params.epochs), _starter_words)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions[:-1])
        highest = max(range(len(s.up)), key=lambda p: (s.up[p] | s.down[p]).bit_length())
        return _play_result(game, "epoch_starter", config, actions, outcomes,
                            f"A seeded {config.players}-player game: player {s.h[H_STARTER]} draws the last Ra tile "
                            f"of epoch {s.epoch}; player {highest} holds the highest disk "
                            f"({max(disks(s.up[highest] | s.down[highest]))}) for the next epoch.",
                            "seeded random and greedy games")
    config = _config(game, 4)
    p = game.params(config)
    position = {"ra_track": p.ra_track - 1, "phase": "draw"}
    return _constructed(game, "epoch_starter", config, position, [DRAWS[RA]], _starter_words,
                        "4 players; the holder of the highest disk draws the last Ra tile of epoch 1.",
                        "one hand-written position, then legal play")


# -- RA-015 ------------------------------------------------------------------------------------------------------
def _bag_words(s: RaState, reading: str) -> str:
    return f"game over: {s.phase == 'over'}; epoch {s.epoch}; scores {list(s.score)}"


def _bag_runs_out(game: RaGame, budget: Budget) -> tuple[dict[str, list[int]], tuple[Config, list[RaAction]] | None]:
    counts: dict[str, list[int]] = {}
    first: tuple[Config, list[RaAction]] | None = None
    for n in PLAYER_COUNTS:
        config = game.config(n, ("traders",))
        hits = 0
        games = 0
        for policy in POLICIES:
            for seed in range(budget.seed, budget.seed + max(1, budget.playouts // 8)):
                games += 1
                result = playout(game, config, seed, policy)
                if any(d.rule_id == "ra.base.bag_empty" for d in game.diagnostics(result.final)):
                    hits += 1
                    if first is None:
                        first = (config, _until(game, config, result.actions, lambda s: s.h[H_BAG_EMPTY] > 0))
        counts[str(n)] = [hits, games]
    return counts, first


def _until(game: RaGame, config: Config, actions: Sequence[RaAction],
           done: Callable[[RaState], bool]) -> list[RaAction]:
    s = game.setup(config)
    out: list[RaAction] = []
    for a in actions:
        s = rules.apply(s, a)
        out.append(a)
        if done(s):
            break
    return out


def ra_tiles_bound(game: RaGame) -> dict[int, tuple[int, int]]:
    """Per player count: (the most Ra tiles a game can draw, the Ra tiles in the bag). An epoch ends when its Ra track
    fills, so a game draws at most epochs x the Ra track's length."""
    found = {}
    for n in PLAYER_COUNTS:
        p = game.params(game.config(n))
        found[n] = (p.epochs * p.ra_track, p.tiles[RA])
    return found


def check_bag_empty(game: RaGame, budget: Budget) -> CheckResult:
    counts, first = _bag_runs_out(game, budget)
    searched = (f"{sum(v[1] for v in counts.values())} seeded random and greedy games with Traders for the frequency "
                "and the witness")
    bound = ra_tiles_bound(game)
    if all(most <= ra for most, ra in bound.values()):
        epochs = game.params(game.config(PLAYER_COUNTS[0])).epochs
        tracks = ", ".join(f"{n} players {most // epochs}" for n, (most, _) in bound.items())
        ra = bound[PLAYER_COUNTS[0]][1]
        return CheckResult(
            Proof(f"The bag is never empty when a tile must be drawn: an epoch ends when its Ra track fills ({tracks} "
                  f"Ra tiles), so a game of {epochs} epochs draws at most {max(m for m, _ in bound.values())} of the "
                  f"bag's {ra} Ra tiles, and while a Ra tile is left the bag is not empty; when the last one is drawn "
                  "it fills the last epoch's Ra track and the game ends. Neither reading can ever apply.",
                  ("ra.base.ra_track", "ra.base.tiles", "ra.base.epoch_end", "ra.base.three_epochs")),
            "arithmetic",
            tuple((r, "never reached: the bag always holds a Ra tile while the game goes on")
                  for r in game.spec.ambiguities["bag_empty"].reading_names()),
            f"every player count (arithmetic over epochs, Ra-track lengths and Ra tiles); {searched}",
            {"ra_tiles_drawn_at_most": {str(n): {"most": m, "in_bag": r} for n, (m, r) in bound.items()},
             "bag_runs_out": counts},
        )
    if first is not None:
        config, actions = first
        outcomes = _outcomes(game, config, "bag_empty", game.spec.ambiguities["bag_empty"].reading_names(), actions,
                             _bag_words)
        if outcomes is not None and len(set(outcomes.values())) > 1:
            s = _replay(game, config, actions)
            return _play_result(game, "bag_empty", config, actions, outcomes,
                                f"A seeded {config.players}-player game with Traders: the bag runs out in epoch "
                                f"{s.epoch if s.phase != 'over' else s.params.epochs}.", searched,
                                {"bag_runs_out_in_playouts": counts})
    config = _config(game, next(n for n, (most, ra) in bound.items() if most > ra))
    p = game.params(config)
    out = {KIND_NAMES[k]: c for k, c in enumerate(p.tiles) if c}
    out["gold"] -= 1
    out["pharaoh"] -= 2
    position = {"seats": {"0": {"pharaoh": 2}}, "out_of_play": out}
    result = _constructed(game, "bag_empty", config, position, [DRAW_ACTION, DRAWS[GOLD]], _bag_words,
                          f"{config.players} players; player 0 holds 2 Pharaohs and one tile (a Gold) is left in the "
                          "bag (the rest out of play); it is drawn.", searched)
    return CheckResult(result.verdict, result.method, result.outcomes, result.searched,
                       {"bag_runs_out": counts}, constructed=True)


# -- RA-016 ------------------------------------------------------------------------------------------------------
_STRUCK = {FUNERAL: (PHARAOH,), DROUGHT: (FLOOD, NILE), UNREST: CIVS, EARTHQUAKE: MONUMENTS}
"""The tiles each disaster strikes (the reference: Funeral Pharaohs, Drought Floods/Niles, Unrest Civilizations,
Earthquake Monuments)."""


def _lot_tail(s: RaState) -> list[RaAction] | None:
    """On a turn whose auction track holds a disaster and tiles it strikes: invoke Ra, and let a player win it (the
    last call of the auction is left to the describer)."""
    if s.h[H_PHASE] != TURN or not s.h[H_TRACK_LEN] or not _epoch_goes_on(s):
        return None
    if not any(s.track[d] and any(s.track[k] for k in kinds) for d, kinds in _STRUCK.items()):
        return None
    after = rules.apply(s, INVOKE_ACTION)
    for q in range(len(s.held)):
        if s.up[q]:
            bids = _won_by(after, q)
            if bids:
                return [INVOKE_ACTION, *bids[:-1]]
    return None


def _last_call(s: RaState) -> tuple[RaAction, int]:
    """At an auction's last call: the action that ends it (the starter passes, or bids when nobody else did) and the
    winner (the high bidder, else the starter)."""
    h = s.h
    winner = h[H_HIGH_BY] if h[H_HIGH_BY] >= 0 else h[H_ACTOR]
    legal = rules.legal_actions(s)
    return (PASS_ACTION if winner != h[H_ACTOR] else next(a for a in legal if a is not PASS_ACTION)), winner


def _finish_auction(s: RaState) -> tuple[RaState, int]:
    """From an auction's last call: the winner (the high bidder, else the starter) bids or the starter passes; the
    winner's discards, where they need a choice, take the first tile offered."""
    last, winner = _last_call(s)
    s = rules.apply(s, last)
    while s.h[H_PHASE] == DISCARD:
        s = rules.apply(s, rules.legal_actions(s)[0])
    return s, winner


def _struck_words(s: RaState, reading: str) -> str:
    s, winner = _finish_auction(s)
    x = s.held[winner]
    kept = {KIND_NAMES[k]: x[k] for kinds in _STRUCK.values() for k in kinds if x[k]}
    return f"player {winner} keeps {kept or 'none of the struck tiles'}"


def check_disaster_lot(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    found = search_play(game, "disaster_lot", configs, budget, _lot_tail, _struck_words)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions)
        return _play_result(game, "disaster_lot", config, actions, outcomes,
                            f"A seeded {config.players}-player game: an auction for {', '.join(_track_names(s))}, "
                            "a lot holding a disaster and tiles it strikes, is won (legal bids and passes from a "
                            "reached turn; the log ends with the auction's last call, where the readings part).",
                            "seeded random and greedy games, then legal bids", then=[_last_call(s)[0]])
    config = _config(game, 3)
    position = {"seats": {"0": {"pharaoh": 1}}, "auction_track": ["funeral", "pharaoh", "pharaoh"], "to_move": 1}
    tail = _lot_tail(game.position(config, position)) or []
    return _constructed(game, "disaster_lot", config, position, tail, _struck_words,
                        "3 players; player 0 holds 1 Pharaoh and wins a lot of a Funeral and 2 Pharaohs.",
                        "one hand-written position, then legal play")


# -- RA-017 ------------------------------------------------------------------------------------------------------
def _next_track_words(s: RaState, reading: str) -> str:
    return f"epoch {s.epoch} starts with the auction track {_track_names(s) or 'empty'}"


def check_track_at_epoch_end(game: RaGame, budget: Budget) -> CheckResult:
    configs = [game.config(n, ("traders",)) for n in (3, *PLAYER_COUNTS)]
    found = search_play(game, "track_at_epoch_end", configs, budget,
                        _last_ra_draw(lambda s: s.h[H_EPOCH] < s.params.epochs and s.h[H_TRACK_LEN] > 0),
                        _next_track_words)
    if found is not None:
        config, actions, outcomes = found
        s = _replay(game, config, actions[:-1])
        return _play_result(game, "track_at_epoch_end", config, actions, outcomes,
                            f"A seeded {config.players}-player game with Traders: epoch {s.epoch} ends (the last Ra "
                            f"tile is drawn) with {', '.join(_track_names(s))} on the auction track.",
                            "seeded random and greedy games")
    config = _config(game, 3, True)
    p = game.params(config)
    position = {"ra_track": p.ra_track - 1, "auction_track": ["gold", "trader"], "phase": "draw"}
    return _constructed(game, "track_at_epoch_end", config, position, [DRAWS[RA]], _next_track_words,
                        "3 players with Traders; a Gold and a Trader lie on the auction track when the last Ra tile of "
                        "epoch 1 is drawn.", "one hand-written position, then legal play")


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
    "disaster_lot": check_disaster_lot,
    "track_at_epoch_end": check_track_at_epoch_end,
}

"""Ties in Ra's scoring: all players tied on Pharaohs (RA-001) or on sun disks (RA-002), and a tie for the win
(RA-003)."""

from __future__ import annotations

from collections.abc import Sequence

from nilerules.checks.kit import log_of, per_reading, replay_actions, under
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.ra.common import (
    PLAYER_COUNTS,
    action_names,
    counts_words,
    log_figures,
    play_result,
    scoring_table,
    search_seeds,
    signed,
)
from nilerules.checks.registry import check
from nilerules.core.playout import playout
from nilerules.core.types import Config
from nilerules.core.verdicts import Proof, Unknown, Verdict, Witness
from nilerules.games.ra import scoring
from nilerules.games.ra.actions import RaAction
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.situations import epoch_scored, played_until
from nilerules.games.ra.state import PHARAOH, RaState
from nilerules.solver import ra as zra


# -- RA-001 ------------------------------------------------------------------------------------------------------
def pharaoh_points_by_epoch(state: RaState) -> dict[int, list[int]]:
    """Each epoch's Pharaoh points per seat, from the scoring history of a finished (or running) game."""
    found: dict[int, list[int]] = {}
    for e in range(1, state.epoch + 1):
        found[e] = [0] * len(state.score)
    for ev in state.events:
        if ev.category == "pharaohs":
            found.setdefault(ev.epoch, [0] * len(state.score))[ev.player] += ev.points
    return found


def all_tied(points: Sequence[int], p: RaParams) -> bool:
    """Whether an epoch's Pharaoh points (under `share`) can only come from every seat tying: each seat got the most
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


@check("pharaoh_all_tie")
def check_pharaoh_all_tie(game: RaGame, budget: Budget) -> CheckResult:
    """RA-001 (``pharaoh_all_tie``): What does each player score for Pharaohs when all players tie?"""
    p = game.params(game.config(3))
    shift = p.pharaoh_most + p.pharaoh_fewest
    proofs = [zra.prove_all_tie_shift(n, scoring_table(game, n), budget.rlimit) for n in PLAYER_COUNTS]
    shift_proved = all(isinstance(v, Proof) for v in proofs)
    seeds = search_seeds(budget)
    freq = {n: all_tie_epochs(game, n, False, seeds, "random") for n in PLAYER_COUNTS}
    searched = (f"Z3 over all Pharaoh counts 0..{p.tiles[PHARAOH]} for 2-5 players (rlimit {budget.rlimit}); "
                f"{len(seeds)} random games per player count for the frequency and the witness")
    data: dict[str, object] = {
        "ranking_unaffected_proved": shift_proved, "shift": shift,
        "all_tie_epochs_random_play": {str(n): {"tied": t, "epochs": e} for n, (t, e) in freq.items()},
    }
    if shift_proved:  # the sentence says the points the proof ran on (the edited spec's, after a what-if)
        data["ranking_proved_players"] = counts_words(PLAYER_COUNTS)
        data["ranking_proved_points"] = (
            f"{signed(p.pharaoh_most)} for the most and {signed(p.pharaoh_fewest)} for the fewest"
        )
    if shift == 0:
        return CheckResult(
            Proof(f"`share` gives each player {p.pharaoh_most} and {p.pharaoh_fewest} when all tie, i.e. 0, the same "
                  "as `nobody`: the readings never differ.", ("ra.scoring.pharaohs",)),
            "arithmetic", per_reading(game, "pharaoh_all_tie", lambda r: "0 for everyone"), searched, data)
    ranking = (f"Z3 proves every player's score moves by the same {signed(shift)} at that scoring, 2-5 players, so "
               "the ranking right after it is the same under both readings" if shift_proved
               else "the Z3 proof that every score moves alike did not complete")
    for n in (3, *PLAYER_COUNTS):
        config = game.config(n)
        for seed in seeds:
            result = playout(game, config, seed, "random")
            tied = [e for e, pts in pharaoh_points_by_epoch(result.final).items() if all_tied(pts, p)]
            if tied:
                return _pharaoh_witness(game, config, seed, tied[0], result.actions, summary_end=ranking,
                                        data=data, searched=searched)
    return CheckResult(Unknown("no epoch with every player tied on Pharaohs in the seeded games",
                               budget=f"{len(seeds)} games per player count"), "playout", (), searched, data)


def _pharaoh_witness(game: RaGame, config: Config, seed: int, epoch: int, played: Sequence[RaAction], *,
                     summary_end: str, data: dict[str, object], searched: str) -> CheckResult:
    """The witness of a seeded game whose ``epoch`` ends with every player tied on Pharaohs: its log runs to that
    epoch's scoring, where each reading gives its Pharaoh points."""
    p = game.params(config)
    n = config.players
    actions = played_until(game, config, played, lambda s: epoch_scored(s, epoch))

    def outcome(after: RaState, reading: str) -> str:
        pts = pharaoh_points_by_epoch(after).get(epoch, [0] * n)
        return f"Pharaoh points {pts}; scores {list(after.score)}"

    shift = p.pharaoh_most + p.pharaoh_fewest
    pharaohs = _pharaohs_at_scoring(game, config, actions)
    log = log_of(game, config, actions)
    figures = log_figures(game, "pharaoh_all_tie", log, outcome)
    return CheckResult(
        Witness(f"A seeded random {n}-player game (seed {seed}): at the end of epoch {epoch} every player "
                f"holds {pharaohs} Pharaohs. `share` gives each {signed(p.pharaoh_most)} and "
                f"{signed(p.pharaoh_fewest)} = {signed(shift)}, `nobody` gives 0. Scores differ; {summary_end}.",
                {**data, "players": n, "seed": seed, "epoch": epoch, "actions": action_names(actions)}),
        "z3",
        per_reading(game, "pharaoh_all_tie", figures),
        searched,
        data,
        witness_log=log,
        figures=figures,
    )


def _pharaohs_at_scoring(game: RaGame, config: Config, actions: Sequence[RaAction]) -> int:
    """Pharaohs stay after scoring, so the counts after the scoring action are those scored."""
    final: RaState = replay_actions(game, config, actions)
    return min(x[PHARAOH] for x in final.held)


# -- RA-002 ------------------------------------------------------------------------------------------------------
@check("sun_all_tie")
def check_sun_all_tie(game: RaGame, budget: Budget) -> CheckResult:
    """RA-002 (``sun_all_tie``): What does each player score for sun disks when all final totals tie?"""
    p = game.params(game.config(2))
    top = sum(sum(ds) for ds in game.params(game.config(max(PLAYER_COUNTS))).disk_sets) + p.center_disk
    verdicts = [zra.prove_sun_all_tie_equal(n, p.sun_most, p.sun_fewest, budget.rlimit, top) for n in PLAYER_COUNTS]
    start = {n: [sum(ds) for ds in game.params(game.config(n)).disk_sets] for n in PLAYER_COUNTS}
    both = p.sun_most + p.sun_fewest
    outcomes = (("share", f"{signed(p.sun_most)} {signed(p.sun_fewest)} = {signed(both)} for everyone"),
                ("nobody", "0 for everyone"))
    searched = f"all totals 1..{top} for 2-5 players (Z3, rlimit {budget.rlimit})"
    verdict: Verdict
    if all(isinstance(v, Proof) for v in verdicts):
        verdict = Proof(f"With every sun-disk total equal, `share` gives each player {signed(p.sun_most)} and "
                        f"{signed(p.sun_fewest)} = {signed(both)} and `nobody` gives 0: the readings never differ "
                        "(2-5 players, all totals).", ("ra.scoring.sun_disks",))
    elif any(isinstance(v, Witness) for v in verdicts):
        verdict = Witness(f"With every sun-disk total equal, `share` gives each player {signed(both)} and `nobody` "
                          f"0: every score moves by the same {signed(both)} at that scoring, so the ranking right "
                          "after it is the same under both readings.",
                          {"shift": both})
    else:
        verdict = Unknown("Z3 did not settle every player count", budget=f"rlimit {budget.rlimit}")
    data: dict[str, object] = {"starting_totals": {str(n): t for n, t in start.items()}}
    if isinstance(verdict, Proof):
        data.update(proved_players=counts_words(PLAYER_COUNTS), top_total=top)
    return CheckResult(verdict, "z3", outcomes, searched, data)


# -- RA-003 ------------------------------------------------------------------------------------------------------
def _first_place(s: RaState, reading: str) -> str:
    """Who is first at the end of the game, under the reading's tie-break (the game's own ranking)."""
    winners = list(scoring.rank(s.score, scoring.highest_disks(s.up, s.down), s.params).winners)
    if len(winners) > 1:
        return f"players {winners} share first place"
    tied = sum(score == s.score[winners[0]] for score in s.score) > 1
    return f"player {winners[0]} wins {'on the highest disk' if tied else 'on points'}"


@check("winner_tiebreak")
def check_winner_tiebreak(game: RaGame, budget: Budget) -> CheckResult:
    """RA-003 (``winner_tiebreak``): Who wins when players tie for the most points?"""
    tried = 0
    for n in PLAYER_COUNTS:
        config = game.config(n)
        other = under(game, config, "winner_tiebreak", "highest_disk")
        for seed in range(budget.seed, budget.seed + budget.playouts):
            tried += 1
            result = playout(game, config, seed)
            final = result.final
            shared = game.ranking(final)
            if len(shared.winners) < 2:
                continue
            broken = game.ranking(replay_actions(game, other, result.actions))
            if broken.winners != shared.winners:
                return play_result(
                    game, "winner_tiebreak", config, result.actions, _first_place,
                    f"A seeded random {n}-player game (seed {seed}) ends with players {list(shared.winners)} tied on "
                    f"{final.score[shared.winners[0]]} points.",
                    f"{tried} seeded random games", {"seed": seed, "scores": list(final.score)})
    return CheckResult(Unknown("no tie for first found", budget=f"{tried} games"), "playout", (),
                       f"{tried} seeded random games")

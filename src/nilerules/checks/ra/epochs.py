"""The end of an epoch: the last Ra tile's auction (RA-011), God tiles kept (RA-013), the next epoch's starter
(RA-014), an empty bag (RA-015) and the auction track left over (RA-017). Found in seeded play at the draw of the
last Ra tile (the kit's ``find_scripted``), else in a written position (the kit's ``constructed_witness``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from nilerules.checks.kit import constructed_witness, find_scripted, per_reading, replay_actions, under
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.ra.common import (
    PLAYER_COUNTS,
    POLICIES,
    config_of,
    found_result,
    play_result,
    search_seeds,
    track_names,
)
from nilerules.checks.registry import check
from nilerules.core.playout import playout
from nilerules.core.types import Config
from nilerules.core.verdicts import Proof
from nilerules.errors import IllegalAction
from nilerules.games.ra import scoring
from nilerules.games.ra.actions import DRAW_ACTION, DRAWS, RaAction
from nilerules.games.ra.game import RaGame
from nilerules.games.ra.names import KIND_NAMES
from nilerules.games.ra.situations import played_until
from nilerules.games.ra.state import (
    DRAW,
    GOD,
    GOLD,
    RA,
    RaState,
    actor,
    bag_ran_out,
    phase,
    ra_tiles,
    starter,
    track_length,
)

Tail = Callable[[RaState], "list[RaAction] | None"]


def _last_ra_draw(extra: Callable[[RaState], bool]) -> Tail:
    """A tile is being drawn while one Ra tile is missing from the Ra track: the draw is the last Ra tile."""
    def tail(s: RaState) -> list[RaAction] | None:
        if phase(s) == DRAW and ra_tiles(s) == s.params.ra_track - 1 and s.bag[RA] and extra(s):
            return [DRAWS[RA]]
        return None
    return tail


# -- RA-011 ------------------------------------------------------------------------------------------------------
def _epoch_words(s: RaState, reading: str) -> str:
    return (f"epoch {s.epoch}, phase {s.phase}, to move: player {actor(s)}; auction track "
            f"{track_names(s) or 'empty'}")


@check("last_ra")
def check_last_ra(game: RaGame, budget: Budget) -> CheckResult:
    """RA-011 (``last_ra``): Is there an auction on the last Ra tile?"""
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    found = find_scripted(game, "last_ra", configs, search_seeds(budget),
                          _last_ra_draw(lambda s: track_length(s) > 0), _epoch_words, policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions[:-1])
        return found_result(game, "last_ra", found,
                            f"A seeded {found.config.players}-player game: with {ra_tiles(s)} of "
                            f"{s.params.ra_track} Ra tiles on the Ra track and {', '.join(track_names(s))} on the "
                            f"auction track, player {starter(s)} draws the last Ra tile.",
                            "seeded random and greedy games")
    config = config_of(game, 3)
    p = game.params(config)
    position = {"ra_track": p.ra_track - 1, "auction_track": ["gold"], "phase": "draw"}
    return constructed_witness(game, "last_ra", config, position, [DRAWS[RA]], _epoch_words,
                               f"3 players; {p.ra_track - 1} Ra tiles on the Ra track and a Gold on the auction "
                               "track; the next tile drawn is the last Ra tile.",
                               "one hand-written position, then legal play")


# -- RA-013 ------------------------------------------------------------------------------------------------------
def _gods_words(s: RaState, reading: str) -> str:
    gods = [x[GOD] for x in s.held]
    return (f"epoch {s.epoch} starts with God tiles {gods} (worth {[g * s.params.god_points for g in gods]} at the "
            "next scoring, or usable)")


@check("gods_after_epoch")
def check_gods_after_epoch(game: RaGame, budget: Budget) -> CheckResult:
    """RA-013 (``gods_after_epoch``): Are God tiles discarded after an epoch?"""
    configs = [game.config(n) for n in (3, *PLAYER_COUNTS)]
    found = find_scripted(game, "gods_after_epoch", configs, search_seeds(budget),
                          _last_ra_draw(lambda s: s.epoch < s.params.epochs and any(x[GOD] for x in s.held)),
                          _gods_words, policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions[:-1])
        return found_result(game, "gods_after_epoch", found,
                            f"A seeded {found.config.players}-player game: epoch {s.epoch} ends (last Ra tile drawn) "
                            f"while players hold God tiles {[x[GOD] for x in s.held]}.",
                            "seeded random and greedy games")
    config = config_of(game, 3)
    p = game.params(config)
    position = {"seats": {"0": {"god": 2}}, "ra_track": p.ra_track - 1, "phase": "draw"}
    return constructed_witness(game, "gods_after_epoch", config, position, [DRAWS[RA]], _gods_words,
                               "3 players; player 0 holds 2 God tiles when epoch 1 ends.",
                               "one hand-written position, then legal play")


# -- RA-014 ------------------------------------------------------------------------------------------------------
def _starter_words(s: RaState, reading: str) -> str:
    return f"epoch {s.epoch} starts with player {actor(s)}"


@check("epoch_starter")
def check_epoch_starter(game: RaGame, budget: Budget) -> CheckResult:
    """RA-014 (``epoch_starter``): Who starts the second and third epochs?"""
    configs = [game.config(n) for n in (4, *PLAYER_COUNTS)]
    found = find_scripted(game, "epoch_starter", configs, search_seeds(budget),
                          _last_ra_draw(lambda s: s.epoch < s.params.epochs), _starter_words, policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions[:-1])
        top = scoring.highest_disks(s.up, s.down)
        holder = max(range(len(top)), key=top.__getitem__)
        return found_result(game, "epoch_starter", found,
                            f"A seeded {found.config.players}-player game: player {starter(s)} draws the last Ra "
                            f"tile of epoch {s.epoch}; player {holder} holds the highest disk ({top[holder]}) for the "
                            "next epoch.",
                            "seeded random and greedy games")
    config = config_of(game, 4)
    p = game.params(config)
    position = {"ra_track": p.ra_track - 1, "phase": "draw"}
    return constructed_witness(game, "epoch_starter", config, position, [DRAWS[RA]], _starter_words,
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
                        first = (config, played_until(game, config, result.actions, lambda s: bool(bag_ran_out(s))))
        counts[str(n)] = [hits, games]
    return counts, first


def ra_tiles_bound(game: RaGame) -> dict[int, tuple[int, int]]:
    """Per player count: (the most Ra tiles a game can draw, the Ra tiles in the bag). An epoch ends when its Ra track
    fills, so a game draws at most epochs x the Ra track's length."""
    found = {}
    for n in PLAYER_COUNTS:
        p = game.params(game.config(n))
        found[n] = (p.epochs * p.ra_track, p.tiles[RA])
    return found


def _bag_outcomes(game: RaGame, config: Config, actions: Sequence[RaAction]) -> dict[str, str] | None:
    """Each reading's end of ``actions`` replayed from setup; None when they are not legal under one of them."""
    try:
        return dict(per_reading(game, "bag_empty", lambda r: _bag_words(
            replay_actions(game, under(game, config, "bag_empty", r), actions), r)))
    except IllegalAction:
        return None


def _bag_empty_epoch(game: RaGame, counts: Sequence[int]) -> tuple[Config, int]:
    """Of the player counts whose games can draw more Ra tiles than the bag holds, the first whose bag can run out
    before the last epoch (else the first), and the epoch: the first in which the bag can hold no Ra tile while the
    epoch goes on, each ended epoch having filled its Ra track (Ra tiles // the track's length, plus one)."""
    found = []
    for n in counts:
        p = game.params(config_of(game, n))
        found.append((config_of(game, n), p.tiles[RA] // p.ra_track + 1, p.epochs))
    return next(((c, e) for c, e, last in found if e < last), found[0][:2])


@check("bag_empty")
def check_bag_empty(game: RaGame, budget: Budget) -> CheckResult:
    """RA-015 (``bag_empty``): What if the bag runs out?"""
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
            per_reading(game, "bag_empty", lambda r: "never reached: the bag always holds a Ra tile while the game "
                                                     "goes on"),
            f"every player count (arithmetic over epochs, Ra-track lengths and Ra tiles); {searched}",
            {"ra_tiles_drawn_at_most": {str(n): {"most": m, "in_bag": r} for n, (m, r) in bound.items()},
             "bag_runs_out": counts, "most_ra_drawn": max(m for m, _ in bound.values()), "ra_in_bag": ra},
        )
    if first is not None:
        config, actions = first
        outcomes = _bag_outcomes(game, config, actions)
        if outcomes is not None and len(set(outcomes.values())) > 1:
            s: RaState = replay_actions(game, config, actions)
            return play_result(game, "bag_empty", config, actions, _bag_words,
                               f"A seeded {config.players}-player game with Traders: the bag runs out in epoch "
                               f"{s.epoch if s.phase != 'over' else s.params.epochs}.", searched,
                               {"bag_runs_out_in_playouts": counts})
    config, epoch = _bag_empty_epoch(game, [n for n, (most, ra) in bound.items() if most > ra])
    p = game.params(config)
    ended = epoch - 1
    out = {KIND_NAMES[k]: c for k, c in enumerate(p.tiles) if c}
    out["gold"] -= 1
    out["pharaoh"] -= 2
    out["ra"] = ended * p.ra_track
    on_track = p.tiles[RA] - out["ra"]
    position = {"epoch": epoch, "ra_track": on_track, "seats": {"0": {"pharaoh": 2}},
                "out_of_play": {k: c for k, c in out.items() if c}}
    result = constructed_witness(game, "bag_empty", config, position, [DRAW_ACTION, DRAWS[GOLD]], _bag_words,
                                 f"{config.players} players, epoch {epoch} of {p.epochs}: the {out['ra']} Ra tiles of "
                                 f"{ended} ended epochs of {p.ra_track} are out of play and the other {on_track} on "
                                 "the Ra track; player 0 holds 2 Pharaohs and one tile (a Gold) is left in the bag "
                                 "(the rest out of play); it is drawn.", searched)
    return replace(result, data={**result.data, "bag_runs_out": counts})


# -- RA-017 ------------------------------------------------------------------------------------------------------
def _next_track_words(s: RaState, reading: str) -> str:
    return f"epoch {s.epoch} starts with the auction track {track_names(s) or 'empty'}"


@check("track_at_epoch_end")
def check_track_at_epoch_end(game: RaGame, budget: Budget) -> CheckResult:
    """RA-017 (``track_at_epoch_end``): What happens to the tiles left on the auction track when an epoch ends?"""
    configs = [game.config(n, ("traders",)) for n in (3, *PLAYER_COUNTS)]
    found = find_scripted(game, "track_at_epoch_end", configs, search_seeds(budget),
                          _last_ra_draw(lambda s: s.epoch < s.params.epochs and track_length(s) > 0),
                          _next_track_words, policies=POLICIES)
    if found is not None:
        s: RaState = replay_actions(game, found.config, found.actions[:-1])
        return found_result(game, "track_at_epoch_end", found,
                            f"A seeded {found.config.players}-player game with Traders: epoch {s.epoch} ends (the "
                            f"last Ra tile is drawn) with {', '.join(track_names(s))} on the auction track.",
                            "seeded random and greedy games")
    config = config_of(game, 3, True)
    p = game.params(config)
    position = {"ra_track": p.ra_track - 1, "auction_track": ["gold", "trader"], "phase": "draw"}
    return constructed_witness(game, "track_at_epoch_end", config, position, [DRAWS[RA]], _next_track_words,
                               "3 players with Traders; a Gold and a Trader lie on the auction track when the last Ra "
                               "tile of epoch 1 is drawn.", "one hand-written position, then legal play")

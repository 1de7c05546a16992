"""Epoch scoring, final scoring and the ranking of Ra with the Traders module.

Every point a player gains or loses is a ``ScoreEvent`` naming its rule, so a score is always the sum of its events.
The per-player arithmetic is also exposed as small pure functions for the Z3 cross-check (``solver/ra.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from nilerules.core.registry import rule
from nilerules.core.types import PlayerId, Ranking, rank_by_keys
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.state import (
    CIVS,
    FLOOD,
    GOD,
    GOLD,
    H_PHASE,
    MONUMENTS,
    NILE,
    OVER,
    PHARAOH,
    TRADER,
    DiskMask,
    Points,
    RaState,
    ScoreEvent,
    disk_total,
)


def gods_gold_points(held: Sequence[int], params: RaParams) -> Points:
    """God tiles 2 points each, Gold 3 each."""
    return held[GOD] * params.god_points + held[GOLD] * params.gold_points


rule("ra.scoring.gods_gold")(gods_gold_points)


def most_fewest_points(counts: Sequence[int], most: Points, fewest: Points, share_all_tie: bool) -> list[Points]:
    """Most gets ``most``, fewest gets ``fewest``, tied players all get it; all equal: RA-001 (pharaoh_all_tie) /
    RA-002 (sun_all_tie)."""
    hi, lo = max(counts), min(counts)
    if hi == lo and not share_all_tie:
        return [0] * len(counts)
    return [(most if c == hi else 0) + (fewest if c == lo else 0) for c in counts]


rule("ra.scoring.pharaohs")(most_fewest_points)


def nile_flood_points(held: Sequence[int]) -> Points:
    """1 point for each Nile and each Flood, only if the player holds at least one Flood."""
    return held[NILE] + held[FLOOD] if held[FLOOD] else 0


rule("ra.scoring.nile_flood")(nile_flood_points)


def civilization_points(held: Sequence[int], params: RaParams) -> Points:
    """By the number of distinct civilization kinds: 0 → -5, 1-2 → 0, 3 → 5, 4 → 10, 5 → 15."""
    return params.civ_points[sum(1 for k in CIVS if held[k])]


rule("ra.scoring.civilizations")(civilization_points)


def trader_points(held: Sequence[int], crates: int, params: RaParams) -> tuple[Points, Points]:
    """1 point per Trader tile; 1 per Small crate and 3 per Large crate, i.e. the crates' value."""
    return held[TRADER] * params.trader_points, crates


rule("ra.traders.scoring.points")(trader_points)


_EVENTS: Final[dict[tuple[int, PlayerId, str, Points, str], ScoreEvent]] = {}
"""Read and written by ``score_event`` only: each distinct event made once. A ScoreEvent is immutable, so one
object serves every state that holds an equal event; the frozen dataclass's ``__init__`` is Python code, costly from
the compiled scoring (docs/hot-paths.md)."""
_MAX_EVENTS: Final = 100_000
"""The most events kept (epochs x seats x categories x point values: a few thousand in practice)."""


def score_event(epoch: int, player: PlayerId, category: str, points: Points, rule_id: str) -> ScoreEvent:
    """``ScoreEvent(epoch, player, category, points, rule_id)``, or an equal one made before."""
    key = (epoch, player, category, points, rule_id)
    found = _EVENTS.get(key)
    if found is None:
        found = ScoreEvent(epoch, player, category, points, rule_id)
        if len(_EVENTS) < _MAX_EVENTS:
            _EVENTS[key] = found
    return found


def epoch_events(
    epoch: int, held: Sequence[Sequence[int]], crates: Sequence[int], params: RaParams
) -> list[ScoreEvent]:
    """All scoring events of one epoch's end (zero-point lines are left out)."""
    events: list[ScoreEvent] = []
    pharaohs = most_fewest_points(
        [x[PHARAOH] for x in held], params.pharaoh_most, params.pharaoh_fewest, params.pharaoh_all_tie_share
    )
    for p, x in enumerate(held):
        lines = (
            ("gods", x[GOD] * params.god_points, "ra.scoring.gods_gold"),
            ("gold", x[GOLD] * params.gold_points, "ra.scoring.gods_gold"),
            ("pharaohs", pharaohs[p], "ra.scoring.pharaohs"),
            ("nile_flood", nile_flood_points(x), "ra.scoring.nile_flood"),
            ("civilizations", civilization_points(x, params), "ra.scoring.civilizations"),
            ("traders", trader_points(x, crates[p], params)[0], "ra.traders.scoring.points"),
            ("crates", crates[p], "ra.traders.scoring.points"),
        )
        events.extend(score_event(epoch, p, name, pts, rid) for name, pts, rid in lines if pts)
    return events


def epoch_points(held: Sequence[Sequence[int]], crates: Sequence[int], params: RaParams) -> list[Points]:
    """Each player's total for one epoch's scoring."""
    totals = [0] * len(held)
    for e in epoch_events(1, held, crates, params):
        totals[e.player] += e.points
    return totals


def discarded_after_epoch(params: RaParams) -> tuple[int, ...]:
    """Gods (unless kept: RA-013 (gods_after_epoch)), Gold, Civilizations, Floods and every Trader leave play; crates
    go back."""
    kinds = (GOLD, *CIVS, FLOOD, TRADER)
    return kinds if params.gods_after_epoch_keep else (GOD, *kinds)


rule("ra.scoring.epoch_discard", "ra.traders.scoring.discard")(discarded_after_epoch)


def monument_points(held: Sequence[int], params: RaParams) -> Points:
    """Distinct kinds 1-6 → that many points, 7 → 10, 8 → 15; plus 3/4/5 identical → 5/10/15 per kind."""
    counts = [held[k] for k in MONUMENTS]
    distinct = params.monument_distinct[sum(1 for c in counts if c)]
    return distinct + sum(params.monument_same[min(c, len(params.monument_same) - 1)] for c in counts)


rule("ra.scoring.monuments")(monument_points)


def sun_disk_points(totals: Sequence[int], params: RaParams) -> list[Points]:
    """Highest sun-disk total +5, lowest -5; ties share (all equal: RA-002 (sun_all_tie))."""
    return most_fewest_points(totals, params.sun_most, params.sun_fewest, params.sun_all_tie_share)


rule("ra.scoring.sun_disks")(sun_disk_points)


def sun_totals(up: Sequence[DiskMask], down: Sequence[DiskMask]) -> list[int]:
    """Each player's sun-disk total, face up and face down."""
    return [disk_total(u | d) for u, d in zip(up, down, strict=True)]


def highest_disks(up: Sequence[DiskMask], down: Sequence[DiskMask]) -> list[int]:
    """Each player's highest sun disk, face up or down (RA-003's tie-break key)."""
    return [(u | d).bit_length() - 1 for u, d in zip(up, down, strict=True)]


def final_events(
    epoch: int, held: Sequence[Sequence[int]], up: Sequence[int], down: Sequence[int], params: RaParams
) -> list[ScoreEvent]:
    sun = sun_disk_points(sun_totals(up, down), params)
    events: list[ScoreEvent] = []
    for p, x in enumerate(held):
        mon = monument_points(x, params)
        if mon:
            events.append(score_event(epoch, p, "monuments", mon, "ra.scoring.monuments"))
        if sun[p]:
            events.append(score_event(epoch, p, "sun_disks", sun[p], "ra.scoring.sun_disks"))
    return events


def estimate(state: RaState) -> tuple[Points, ...]:
    """Each seat's score with what it already holds scored once more, as the strong player values a rollout cut off
    at an epoch's end (``RaGame.estimate``; not a rule, and no score): its Pharaohs (they stay, and the epoch in
    progress scores them: most and fewest by the counts held now) and the final scoring of its Monuments (kept to the
    end of the game and scored only then) and of its sun disks (face up and face down: their totals are scored only
    then), as if the game ended after that; once the game is over, the scores alone."""
    if state.h[H_PHASE] == OVER:
        return state.score
    params = state.params
    held = state.held
    pharaohs = most_fewest_points(
        [x[PHARAOH] for x in held], params.pharaoh_most, params.pharaoh_fewest, params.pharaoh_all_tie_share
    )
    sun = sun_disk_points(sun_totals(state.up, state.down), params)
    return tuple(
        points + pharaohs[p] + monument_points(held[p], params) + sun[p] for p, points in enumerate(state.score)
    )


def rank(scores: Sequence[Points], highest_disk: Sequence[int], params: RaParams) -> Ranking:
    """Most points wins; the rules state no tie-break, so ties stay open unless RA-003 (winner_tiebreak) picks one."""
    if params.winner_tiebreak_highest_disk:
        keys: dict[PlayerId, tuple[int, ...]] = {p: (s, highest_disk[p]) for p, s in enumerate(scores)}
        return rank_by_keys(keys, ("ra.scoring.most_points", "ra.scoring.tiebreak"))
    return rank_by_keys({p: (s,) for p, s in enumerate(scores)}, ("ra.scoring.most_points",))


rule("ra.scoring.most_points", "ra.scoring.tiebreak")(rank)

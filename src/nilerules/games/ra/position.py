"""Ra's public position format (docs/positions.md): a state written with names, and built back from them.

``position_data(state)`` writes every field a reachable state can differ in; ``build(config, params, data)`` reads
such a document, where only what differs from the dealt setup needs writing: the bag is whatever no one else holds
(conservation), and the result must pass the game's invariants. Tile kinds, phases and disasters are names here,
never the integer codes used inside the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from nilerules.core.types import Config, PlayerId
from nilerules.errors import InvalidState, PositionError
from nilerules.games.ra.invariants import invariants
from nilerules.games.ra.names import KIND_BY_NAME, KIND_NAMES
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.rules.traders import claimed_and_owed
from nilerules.games.ra.state import (
    BID,
    DEAL,
    DISASTERS,
    DISCARD,
    KINDS,
    OVER,
    PHASE_NAMES,
    RA,
    RESUME_NAMES,
    TRADER,
    RaState,
    ScoreEvent,
    actor,
    bag_ran_out,
    center_disk,
    disks,
    header,
    high_bid,
    high_bidder,
    invoked,
    last_auction,
    mask_of,
    pending,
    phase,
    ra_tiles,
    resume,
    starter,
    supply_ran_out,
)

CATEGORY_RULES: Final = {
    "gods": "ra.scoring.gods_gold",
    "gold": "ra.scoring.gods_gold",
    "pharaohs": "ra.scoring.pharaohs",
    "nile_flood": "ra.scoring.nile_flood",
    "civilizations": "ra.scoring.civilizations",
    "traders": "ra.traders.scoring.points",
    "crates": "ra.traders.scoring.points",
    "monuments": "ra.scoring.monuments",
    "sun_disks": "ra.scoring.sun_disks",
    "earlier": "ra.base.start_score",
}
"""Score categories (as the rules name them) and the rule each cites; ``earlier`` books written scores without a
history."""

BREAKDOWN: Final = ("start", "pharaohs", "nile_flood", "civilizations", "gods", "gold", "traders", "crates",
                    "monuments", "sun_disks")
"""The categories of ``score_breakdown``, in this order (``earlier`` follows when a position booked it)."""

_TOP: Final = frozenset({
    "config", "phase", "to_move", "turn_of", "epoch", "ra_track", "center", "auction_track", "out_of_play", "seats",
    "auction", "discards", "after_discards", "lot_to", "trader_claims", "crate_supply_ran_out", "bag_ran_out",
    "history",
})
_SEAT: Final = frozenset({"sun_disks", "face_down", "score", "crates", *KIND_NAMES})
_AUCTION: Final = frozenset({"started_by", "high_bid", "high_bidder", "invoked", "last"})


# -- writing ----------------------------------------------------------------------------------------------------
def position_data(s: RaState) -> dict[str, Any]:
    """The state with names, JSON- and TOML-able (no nulls); ``build`` reads it back to the same state."""
    now = phase(s)
    data: dict[str, Any] = {
        "config": {"players": s.config.players, "modules": list(s.config.modules),
                   "readings": dict(s.config.readings)},
        "phase": PHASE_NAMES[now],
        "epoch": s.epoch,
        "ra_track": ra_tiles(s),
        "center": center_disk(s),
        "auction_track": _tile_list(s.track),
        "out_of_play": _tile_table(s.out),
        "seats": {},
    }
    if actor(s) >= 0:
        data["to_move"] = actor(s)
    if starter(s) >= 0 and starter(s) != actor(s) and now != BID:
        data["turn_of"] = starter(s)
    for p in range(len(s.held)):
        seat: dict[str, Any] = _tile_table(s.held[p])
        seat["sun_disks"] = list(disks(s.up[p]))
        seat["face_down"] = list(disks(s.down[p]))
        seat["score"] = s.score[p]
        seat["crates"] = s.crates[p]
        data["seats"][str(p)] = seat
    if now == BID or last_auction(s):
        auction: dict[str, Any] = {"started_by": starter(s), "high_bid": high_bid(s), "invoked": invoked(s),
                                   "last": last_auction(s)}
        if high_bidder(s) >= 0:
            auction["high_bidder"] = high_bidder(s)
        data["auction"] = auction
    waiting = {KIND_NAMES[k]: n for k, n in zip(DISASTERS, pending(s), strict=True) if n}
    if waiting:
        data["discards"] = waiting
    if resume(s):
        data["after_discards"] = RESUME_NAMES[resume(s)]
    if now == DISCARD and high_bidder(s) >= 0:
        data["lot_to"] = high_bidder(s)
    data["trader_claims"] = [{"seat": c, "traders": n} for c, n in s.claims]
    data["crate_supply_ran_out"] = list(supply_ran_out(s))
    data["bag_ran_out"] = list(bag_ran_out(s))
    data["history"] = [{"epoch": e.epoch, "seat": e.player, "category": e.category, "points": e.points}
                       for e in s.events]
    return data


def _tile_list(counts: tuple[int, ...]) -> list[str]:
    return [KIND_NAMES[k] for k in range(KINDS) for _ in range(counts[k])]


def _tile_table(counts: tuple[int, ...]) -> dict[str, Any]:
    return {KIND_NAMES[k]: c for k, c in enumerate(counts) if c}


# -- reading ----------------------------------------------------------------------------------------------------
class _Reader:
    """Typed access to a position document; every error names its key path."""

    def __init__(self, players: int) -> None:
        self.players = players

    def table(self, value: Any, key: str, allowed: frozenset[str]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise PositionError(key, f"expected a table, got {_short(value)}")
        unknown = sorted(str(k) for k in value if k not in allowed)
        if unknown:
            raise PositionError(f"{key}.{unknown[0]}" if key else unknown[0], f"unknown key {unknown[0]!r}")
        return value

    def integer(self, value: Any, key: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PositionError(key, f"expected an integer, got {_short(value)}")
        if not low <= value <= high:
            raise PositionError(key, f"expected {low}..{high}, got {value!r}")
        return value

    def seat(self, value: Any, key: str) -> PlayerId:
        return self.integer(value, key, 0, self.players - 1)

    def flag(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise PositionError(key, f"expected true or false, got {_short(value)}")
        return value

    def name(self, value: Any, key: str, names: tuple[str, ...]) -> int:
        if not isinstance(value, str) or value not in names:
            raise PositionError(key, f"expected one of {', '.join(names)}; got {_short(value)}")
        return names.index(value)

    def kind(self, value: Any, key: str) -> int:
        return self.name(value, key, KIND_NAMES)

    def items(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list):
            raise PositionError(key, f"expected a list, got {_short(value)}")
        return value

    def disks(self, value: Any, key: str) -> int:
        found = [self.integer(d, f"{key}[{i}]", 1, 16) for i, d in enumerate(self.items(value, key))]
        if len(set(found)) != len(found):
            raise PositionError(key, f"a disk is listed twice in {found!r}")
        return mask_of(found)

    def counts(self, value: Any, key: str, limit: int) -> list[int]:
        counts = [0] * KINDS
        for name, c in self.table(value, key, frozenset(KIND_NAMES)).items():
            counts[KIND_BY_NAME[name]] = self.integer(c, f"{key}.{name}", 0, limit)
        return counts


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def build(config: Config, params: RaParams, data: Mapping[str, Any]) -> RaState:
    """The state a position document describes (see docs/positions.md); raises PositionError or InvalidState."""
    r = _Reader(config.players)
    data = r.table(data, "", _TOP)
    n = config.players
    written = data.get("config", {})
    if isinstance(written, Mapping) and written.get("players", n) != n:
        raise PositionError("config.players", f"the position is for {written.get('players')!r} players, the "
                            f"configuration for {n}")
    total = sum(params.tiles)
    now = r.name(data.get("phase", "turn"), "phase", PHASE_NAMES)
    epoch = r.integer(data.get("epoch", 1), "epoch", 1, params.epochs)
    on_ra_track = r.integer(data.get("ra_track", 0), "ra_track", 0, params.ra_track)
    center = r.integer(data.get("center", params.center_disk), "center", 1, 16)
    track = [0] * KINDS
    for i, name in enumerate(r.items(data.get("auction_track", []), "auction_track")):
        track[r.kind(name, f"auction_track[{i}]")] += 1
    out = r.counts(data.get("out_of_play", {}), "out_of_play", total)
    seats = r.table(data.get("seats", {}), "seats", frozenset(str(p) for p in range(n)))
    held = [[0] * KINDS for _ in range(n)]
    up = [mask_of(list(ds)) for ds in params.disk_sets]
    down = [0] * n
    score = [params.start_score] * n
    crates = [0] * n
    crates_written = False
    for p in range(n):
        key = f"seats.{p}"
        seat = r.table(seats.get(str(p), {}), key, _SEAT)
        for name in KIND_NAMES:
            if name in seat:
                held[p][KIND_BY_NAME[name]] = r.integer(seat[name], f"{key}.{name}", 0, total)
        if "sun_disks" in seat:
            up[p] = r.disks(seat["sun_disks"], f"{key}.sun_disks")
        if "face_down" in seat:
            down[p] = r.disks(seat["face_down"], f"{key}.face_down")
        if "score" in seat:
            score[p] = r.integer(seat["score"], f"{key}.score", -10_000, 10_000)
        if "crates" in seat:
            crates_written = True
            crates[p] = r.integer(seat["crates"], f"{key}.crates", 0, 1_000_000)
    bag = [params.tiles[k] - track[k] - out[k] - sum(x[k] for x in held) - (on_ra_track if k == RA else 0)
           for k in range(KINDS)]
    for k in range(KINDS):
        if bag[k] < 0:
            raise PositionError("seats", f"more {KIND_NAMES[k]} tiles are placed than the {params.tiles[k]} set up")
    to_move = -1
    if now not in (DEAL, OVER):
        to_move = r.seat(data.get("to_move", 0), "to_move")
    elif "to_move" in data:
        raise PositionError("to_move", f"nobody moves in phase {PHASE_NAMES[now]!r}")
    turn_of = r.seat(data["turn_of"], "turn_of") if "turn_of" in data else to_move
    high, high_by, voluntary, last = 0, -1, False, False
    if "auction" in data:
        a = r.table(data["auction"], "auction", _AUCTION)
        turn_of = r.seat(a.get("started_by", to_move), "auction.started_by")
        high = r.integer(a.get("high_bid", 0), "auction.high_bid", 0, 16)
        if "high_bidder" in a:
            high_by = r.seat(a["high_bidder"], "auction.high_bidder")
        voluntary = r.flag(a.get("invoked", False), "auction.invoked")
        last = r.flag(a.get("last", False), "auction.last")
        if (high > 0) != (high_by >= 0):
            raise PositionError("auction", "a high bid needs its high_bidder, and a high_bidder a high bid")
    elif now == BID:
        raise PositionError("auction", "phase 'bid' needs an [auction] table (started_by, invoked, ...)")
    written_discards = r.table(data.get("discards", {}), "discards", frozenset(KIND_NAMES[k] for k in DISASTERS))
    to_discard = [0] * len(DISASTERS)
    for i, k in enumerate(DISASTERS):
        if KIND_NAMES[k] in written_discards:
            to_discard[i] = r.integer(written_discards[KIND_NAMES[k]], f"discards.{KIND_NAMES[k]}", 0, total)
    after = r.name(data["after_discards"], "after_discards", RESUME_NAMES) if "after_discards" in data else 0
    if "lot_to" in data:
        if now != DISCARD:
            raise PositionError("lot_to", "only a disaster's discards (phase 'discard') keep a lot waiting")
        high_by = r.seat(data["lot_to"], "lot_to")
    if now == DISCARD and not any(to_discard):
        raise PositionError("discards", "phase 'discard' needs the tiles still to discard, by disaster")
    claims = _claims(r, data, held, n)
    if not crates_written:
        crates = claimed_and_owed(claims, n, params.crates_per_claim_per_tile)[1]  # RA-006 (crates_per_claim)
    ran_out = {key: tuple(r.integer(e, f"{key}[{i}]", 1, params.epochs)
                          for i, e in enumerate(r.items(data.get(key, []), key)))
               for key in ("crate_supply_ran_out", "bag_ran_out")}
    events = _history(r, data, score, params, epoch)
    h = header(now, bag=sum(bag), center=center, epoch=epoch, actor=to_move, starter=turn_of, ra_tiles=on_ra_track,
               high_bid=high, high_bidder=high_by, invoked=voluntary, track_length=sum(track), resume=after,
               pending=tuple(to_discard), supply_ran_out=ran_out["crate_supply_ran_out"],
               bag_ran_out=ran_out["bag_ran_out"], last_auction=last)
    state = RaState(config, params, h, tuple(bag), tuple(track), tuple(out), tuple(tuple(x) for x in held),
                    tuple(up), tuple(down), tuple(score), tuple(crates), tuple(claims), tuple(events))
    broken = invariants(state)
    if broken:
        raise InvalidState(f"position breaks an invariant: {broken[0]}")
    return state


def _claims(r: _Reader, data: Mapping[str, Any], held: list[list[int]], n: int) -> list[tuple[PlayerId, int]]:
    """This epoch's Trader claims; by default each seat's Traders as one claim, in seat order."""
    if "trader_claims" not in data:
        return [(p, held[p][TRADER]) for p in range(n) if held[p][TRADER]]
    claims = []
    for i, c in enumerate(r.items(data["trader_claims"], "trader_claims")):
        key = f"trader_claims[{i}]"
        entry = r.table(c, key, frozenset({"seat", "traders"}))
        seat = r.seat(entry.get("seat"), f"{key}.seat")
        claims.append((seat, r.integer(entry.get("traders"), f"{key}.traders", 1, sum(x[TRADER] for x in held) + 1)))
    return claims


def _history(r: _Reader, data: Mapping[str, Any], score: list[int], params: RaParams,
             epoch: int) -> list[ScoreEvent]:
    """The scoring history; without one, each seat's written score above the start is booked as ``earlier``."""
    if "history" not in data:
        return [ScoreEvent(max(1, epoch - 1), p, "earlier", s - params.start_score, CATEGORY_RULES["earlier"])
                for p, s in enumerate(score) if s != params.start_score]
    events = []
    for i, e in enumerate(r.items(data["history"], "history")):
        key = f"history[{i}]"
        entry = r.table(e, key, frozenset({"epoch", "seat", "category", "points"}))
        category = entry.get("category")
        if category not in CATEGORY_RULES:
            raise PositionError(f"{key}.category", f"expected one of {', '.join(CATEGORY_RULES)}; got {category!r}")
        events.append(ScoreEvent(r.integer(entry.get("epoch"), f"{key}.epoch", 1, params.epochs),
                                 r.seat(entry.get("seat"), f"{key}.seat"), category,
                                 r.integer(entry.get("points"), f"{key}.points", -10_000, 10_000),
                                 CATEGORY_RULES[category]))
    return events


def score_breakdown(s: RaState) -> tuple[dict[str, int], ...]:
    """Per seat, points by category (the starting points included); each seat's values sum to its score."""
    rows = []
    for p in range(len(s.score)):
        row = {c: 0 for c in BREAKDOWN}
        row["start"] = s.params.start_score
        for e in s.events:
            if e.player == p:
                row[e.category] = row.get(e.category, 0) + e.points
        rows.append(row)
    return tuple(rows)

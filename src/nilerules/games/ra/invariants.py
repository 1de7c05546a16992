"""Invariants of every reachable Ra state: conservation of tiles and disks, crate accounting, score accounting."""

from __future__ import annotations

from nilerules.games.ra.names import KIND_NAMES
from nilerules.games.ra.rules.traders import claimed_and_owed
from nilerules.games.ra.state import (
    BID,
    KINDS,
    OVER,
    RA,
    TRADER,
    RaState,
    actor,
    bag_size,
    center_disk,
    last_auction,
    mask_of,
    phase,
    ra_tiles,
    supply_ran_out,
    track_length,
)


def tile_violations(s: RaState) -> list[str]:
    """Bag + auction track + Ra track + players + out of play = the tiles set up (180, or 200 with Traders)."""
    found = []
    tiles = s.params.tiles
    for k in range(KINDS):
        here = s.bag[k] + s.track[k] + s.out[k] + sum(x[k] for x in s.held) + (ra_tiles(s) if k == RA else 0)
        if here != tiles[k]:
            found.append(f"{KIND_NAMES[k]}: {here} tiles accounted for, {tiles[k]} set up")
        if min(s.bag[k], s.track[k], s.out[k], *(x[k] for x in s.held)) < 0:
            found.append(f"{KIND_NAMES[k]}: a negative count")
    if sum(s.bag) != bag_size(s):
        found.append(f"bag holds {sum(s.bag)} tiles, header says {bag_size(s)}")
    if sum(s.track) != track_length(s) or track_length(s) > s.params.auction_track:
        found.append(f"auction track holds {sum(s.track)} tiles, header says {track_length(s)}")
    ra_on_track = ra_tiles(s)
    limit = s.params.ra_track if (last_auction(s) and phase(s) != OVER) else s.params.ra_track - 1
    if ra_on_track > limit:
        found.append(f"{ra_on_track} Ra tiles on a Ra track that ends the epoch at {s.params.ra_track}")
    return found


def disk_violations(s: RaState) -> list[str]:
    """The multiset of sun-disk values never changes, and each player's disk count is constant."""
    found = []
    masks = [*s.up, *s.down, 1 << center_disk(s)]
    union = 0
    for m in masks:
        if union & m:
            found.append("a sun disk is in two places at once")
        union |= m
    expected = mask_of([s.params.center_disk, *(d for ds in s.params.disk_sets for d in ds)])
    if union != expected:
        found.append(f"sun disks {union:#x} differ from those dealt {expected:#x}")
    for p, ds in enumerate(s.params.disk_sets):
        count = bin(s.up[p]).count("1") + bin(s.down[p]).count("1")
        if count != len(ds):
            found.append(f"player {p} holds {count} disks, was dealt {len(ds)}")
    return found


def crate_violations(s: RaState) -> list[str]:
    """Crates received this epoch = sum over other players' claims of (tiles claimed x own Traders at that moment)."""
    found = []
    n = len(s.held)
    traders, owed = claimed_and_owed(s.claims, n, s.params.crates_per_tile)
    capped = s.params.supply_capped and s.epoch in supply_ran_out(s)
    for p in range(n):
        if traders[p] != s.held[p][TRADER]:
            found.append(f"player {p} holds {s.held[p][TRADER]} Traders but claimed {traders[p]} this epoch")
        if (s.crates[p] > owed[p]) if capped else (s.crates[p] != owed[p]):
            found.append(f"player {p} has {s.crates[p]} crates, the claims owe {owed[p]}")
    return found


def score_violations(s: RaState) -> list[str]:
    found = []
    for p, total in enumerate(s.score):
        booked = s.params.start_score + sum(e.points for e in s.events if e.player == p)
        if booked != total:
            found.append(f"player {p} scores {total} but the scoring events add up to {booked}")
    if not 1 <= s.epoch <= s.params.epochs:
        found.append(f"epoch {s.epoch} outside 1..{s.params.epochs}")
    if phase(s) == BID and not s.up[actor(s)]:
        found.append("a player without face-up disks is asked to bid")
    return found


def invariants(s: RaState) -> tuple[str, ...]:
    """Every violated invariant, as a message; () when all hold."""
    return (*tile_violations(s), *disk_violations(s), *crate_violations(s), *score_violations(s))

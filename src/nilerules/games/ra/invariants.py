"""Invariants of every reachable Ra state: conservation of tiles and disks, crate accounting, score accounting."""

from __future__ import annotations

from nilerules.games.ra.state import (
    BID,
    H_BAG,
    H_CENTER,
    H_EPOCH,
    H_EXHAUSTED,
    H_LAST,
    H_PHASE,
    H_RA,
    H_TRACK_LEN,
    KIND_NAMES,
    KINDS,
    OVER,
    RA,
    TRADER,
    RaState,
    mask_of,
)


def tile_violations(s: RaState) -> list[str]:
    """Bag + auction track + Ra track + players + out of play = the tiles set up (180, or 200 with Traders)."""
    found = []
    tiles = s.params.tiles
    for k in range(KINDS):
        here = s.bag[k] + s.track[k] + s.out[k] + sum(x[k] for x in s.held) + (s.h[H_RA] if k == RA else 0)
        if here != tiles[k]:
            found.append(f"{KIND_NAMES[k]}: {here} tiles accounted for, {tiles[k]} set up")
        if min(s.bag[k], s.track[k], s.out[k], *(x[k] for x in s.held)) < 0:
            found.append(f"{KIND_NAMES[k]}: a negative count")
    if sum(s.bag) != s.h[H_BAG]:
        found.append(f"bag holds {sum(s.bag)} tiles, header says {s.h[H_BAG]}")
    if sum(s.track) != s.h[H_TRACK_LEN] or s.h[H_TRACK_LEN] > s.params.auction_track:
        found.append(f"auction track holds {sum(s.track)} tiles, header says {s.h[H_TRACK_LEN]}")
    ra_on_track = s.h[H_RA]
    limit = s.params.ra_track if (s.h[H_LAST] and s.h[H_PHASE] != OVER) else s.params.ra_track - 1
    if ra_on_track > limit:
        found.append(f"{ra_on_track} Ra tiles on a Ra track that ends the epoch at {s.params.ra_track}")
    return found


def disk_violations(s: RaState) -> list[str]:
    """The multiset of sun-disk values never changes, and each player's disk count is constant."""
    found = []
    masks = [*s.up, *s.down, 1 << s.h[H_CENTER]]
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
    traders = [0] * n
    owed = [0] * n
    for claimer, count in s.claims:
        for p in range(n):
            if p != claimer:
                owed[p] += (count if s.params.crates_per_tile else 1) * traders[p]
        traders[claimer] += count
    capped = s.params.supply_capped and s.h[H_EXHAUSTED] >> s.h[H_EPOCH] & 1
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
    if not 1 <= s.h[H_EPOCH] <= s.params.epochs:
        found.append(f"epoch {s.h[H_EPOCH]} outside 1..{s.params.epochs}")
    if s.h[H_PHASE] == BID and not s.up[s.h[1]]:
        found.append("a player without face-up disks is asked to bid")
    return found


def invariants(s: RaState) -> tuple[str, ...]:
    """Every violated invariant, as a message; () when all hold."""
    return (*tile_violations(s), *disk_violations(s), *crate_violations(s), *score_violations(s))

"""Invariants of every reachable Ra state: conservation of tiles and disks, crate accounting, score accounting, and
what each phase guarantees (``phase_violations``): a written position (docs/positions.md) must keep them all."""

from __future__ import annotations

from nilerules.games.ra.names import KIND_NAMES
from nilerules.games.ra.rules.disasters import STRUCK
from nilerules.games.ra.rules.traders import claimed_and_owed
from nilerules.games.ra.state import (
    BID,
    DEAL,
    DISASTERS,
    DISCARD,
    DRAW,
    DROUGHT,
    FLOOD,
    GODS,
    KINDS,
    NILE,
    OVER,
    PHASE_NAMES,
    RA,
    RESUME_NAMES,
    TRADER,
    TURN,
    RaState,
    actor,
    bag_size,
    center_disk,
    high_bid,
    high_bidder,
    last_auction,
    mask_of,
    pending,
    phase,
    ra_tiles,
    resume,
    starter,
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
    traders, owed = claimed_and_owed(s.claims, n, s.params.crates_per_claim_per_tile)  # RA-006 (crates_per_claim)
    capped = s.params.supply_exhausted_capped and s.epoch in supply_ran_out(s)  # RA-005 (supply_exhausted)
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


def phase_violations(s: RaState) -> list[str]:
    """What the rules guarantee of the state in each phase, and of the tiles a player can hold."""
    found = []
    now = phase(s)
    for p, held in enumerate(s.held):
        # a drawn Ra tile goes to the Ra track; a disaster won is discarded with the tiles it strikes (seed 000)
        kept = [KIND_NAMES[k] for k in (RA, *DISASTERS) if held[k]]
        if kept:
            found.append(f"player {p} holds {', '.join(kept)} tiles, which nobody keeps")
    ended = s.epoch if now == OVER else s.epoch - 1  # the Ra track is emptied at each epoch's end
    if s.out[RA] > ended * s.params.ra_track:
        found.append(f"{s.out[RA]} Ra tiles out of play, more than {ended} ended epochs of {s.params.ra_track} place")
    late = sorted({e.epoch for e in s.events if e.epoch > s.epoch})
    if late:
        found.append(f"points scored in epoch {late[0]}, after the epoch under way ({s.epoch})")
    if now == DEAL:
        dealt_yet = (s.epoch != 1 or ra_tiles(s) or any(s.track) or any(s.out) or any(map(any, s.held))
                     or any(s.down) or s.events or list(s.up) != [mask_of(list(ds)) for ds in s.params.disk_sets])
        if dealt_yet:
            found.append("phase 'deal' is the very start: nothing played yet and each seat's disk set its own")
    if now in (TURN, GODS, DRAW, BID) and not s.up[actor(s)]:
        found.append(f"player {actor(s)} has no face-up sun disk but is to {PHASE_NAMES[now]}")
    if now == TURN and not bag_size(s):
        found.append("a turn with an empty bag (the epoch ends when the bag runs out)")
    if now == BID:
        if not s.up[starter(s)]:
            found.append(f"the auction's starter, player {starter(s)}, has no face-up sun disk (it bids last)")
        if high_bid(s) and not (s.up[high_bidder(s)] >> high_bid(s)) & 1:
            found.append(f"the high bid {high_bid(s)} is not a face-up disk of the high bidder, player "
                         f"{high_bidder(s)}")
    if now == DISCARD:
        found.extend(_discard_violations(s))
    elif any(pending(s)) or resume(s):
        found.append(f"discards pending (or what follows them, {RESUME_NAMES[resume(s)]!r}) outside phase 'discard'")
    return found


def _discard_violations(s: RaState) -> list[str]:
    """The discards wait for the winner only where the choice is real (``disasters.settle_discards``): of the first
    disaster pending, the winner holds tiles of two kinds or more that it strikes, more of them than it takes."""
    waiting = [(i, n) for i, n in enumerate(pending(s)) if n]
    if not waiting:
        return ["phase 'discard' with no tile to discard"]
    i, n = waiting[0]
    held = s.held[actor(s)]
    kinds = STRUCK[i]
    # RA-010 (drought_order): under floods_first the Floods go first, no choice among them
    if DISASTERS[i] == DROUGHT and s.params.drought_order_floods_first:
        if held[FLOOD]:
            return [f"a Drought's discards wait while player {actor(s)} still holds Floods (floods_first)"]
        kinds = (NILE,)
    have = [k for k in kinds if held[k]]
    if len(have) < 2 or sum(held[k] for k in have) <= n:
        name = KIND_NAMES[DISASTERS[i]]
        return [f"the {name}'s {n} discards leave player {actor(s)} no choice, so none would wait"]
    return []


def invariants(s: RaState) -> tuple[str, ...]:
    """Every violated invariant, as a message; () when all hold."""
    return (*tile_violations(s), *disk_violations(s), *crate_violations(s), *score_violations(s),
            *phase_violations(s))

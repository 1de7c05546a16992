"""The rules of Ra and the Traders module as pure functions: setup, legal actions, chance, apply.

``apply`` never mutates its input. Hot paths (drawing, bidding) rebuild only the tuples they change; rarer steps
(an auction's result, God tiles, disasters, the end of an epoch) work on a scratch copy (``_Scratch``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import permutations
from typing import Final

from nilerules.core.registry import rule
from nilerules.core.types import Config, PlayerId
from nilerules.errors import IllegalAction
from nilerules.games.ra import scoring
from nilerules.games.ra.actions import (
    BIDS,
    DISCARDS,
    DRAW_ACTION,
    DRAWS,
    END_ACTION,
    GODS_BY_KIND,
    INVOKE_ACTION,
    PASS_ACTION,
    Bid,
    Deal,
    DealOrder,
    Discard,
    Draw,
    DrawTile,
    EndTurn,
    InvokeRa,
    Pass,
    PlayGod,
    RaAction,
    tile_name,
)
from nilerules.games.ra.state import (
    BID,
    CIVS,
    DEAL,
    DISASTERS,
    DISCARD,
    DRAW,
    DROUGHT,
    EARTHQUAKE,
    FLOOD,
    FUNERAL,
    GOD,
    GODS,
    H_ACTOR,
    H_BAG,
    H_BAG_EMPTY,
    H_CENTER,
    H_EPOCH,
    H_EXHAUSTED,
    H_HIGH,
    H_HIGH_BY,
    H_LAST,
    H_PENDING,
    H_PHASE,
    H_RA,
    H_RESUME,
    H_STARTER,
    H_TRACK_LEN,
    H_VOLUNTARY,
    HEADER_SIZE,
    KINDS,
    MONUMENTS,
    NILE,
    OVER,
    PHARAOH,
    RA,
    TRADER,
    TURN,
    UNREST,
    RaParams,
    RaState,
    ScoreEvent,
    mask_of,
)

RESUME_TURN: Final = 0
RESUME_GODS: Final = 1
RESUME_END: Final = 2

_DISASTER_INDEX: Final = {FUNERAL: 0, DROUGHT: 1, UNREST: 2, EARTHQUAKE: 3}
_IS_DISASTER: Final = tuple(k in DISASTERS for k in range(KINDS))
_CATEGORY: Final = ((PHARAOH,), (FLOOD, NILE), CIVS, MONUMENTS)
"""The tiles each disaster destroys, in ``DISASTERS`` order (Drought: Floods listed first)."""
_GOD_TARGETS: Final = tuple(k for k in range(KINDS) if k not in (RA, GOD))


# -- setup -------------------------------------------------------------------------------------------------------
@rule("ra.base.start_score", "ra.traders.setup.bag", "ra.traders.setup.normal")
def setup(config: Config, params: RaParams) -> RaState:
    """Give every player the starting points and fill the bag; the disk sets are dealt next (a chance node).

    Until the deal, seat ``i`` holds set ``i`` so that the disk invariants hold in every state.
    """
    players = config.players
    up = tuple(mask_of(list(disk_set)) for disk_set in params.disk_sets)
    h = [0] * HEADER_SIZE
    h[H_PHASE] = DEAL
    h[H_ACTOR] = -1
    h[H_STARTER] = -1
    h[H_EPOCH] = 1
    h[H_HIGH_BY] = -1
    h[H_CENTER] = params.center_disk
    h[H_BAG] = sum(params.tiles)
    zero = (0,) * KINDS
    return RaState(
        config=config,
        params=params,
        h=tuple(h),
        bag=params.tiles,
        track=zero,
        out=zero,
        held=(zero,) * players,
        up=up,
        down=(0,) * players,
        score=(params.start_score,) * players,
        crates=(0,) * players,
        claims=(),
        events=(),
    )


# -- who moves and what they may do ----------------------------------------------------------------------------
@rule("ra.base.turn_one_action", "ra.base.draw_full_track", "ra.base.invoke")
def turn_actions(s: RaState) -> tuple[RaAction, ...]:
    """Exactly one of: draw (not while the track is full), invoke Ra, or play God tiles."""
    h = s.h
    p = h[H_ACTOR]
    length = h[H_TRACK_LEN]
    acts: list[RaAction] = []
    if length < s.params.auction_track and h[H_BAG] > 0:
        acts.append(DRAW_ACTION)
    if length > 0 or s.params.invoke_empty:
        acts.append(INVOKE_ACTION)
    if s.held[p][GOD] and length:
        acts.extend(god_targets(s))
    return tuple(acts)


@rule("ra.base.god")
def god_targets(s: RaState) -> list[RaAction]:
    """A God tile takes any one tile from the auction track except a God tile (Ra tiles never lie there)."""
    track = s.track
    allow_disaster = s.params.god_takes_disaster
    return [
        GODS_BY_KIND[k]
        for k in _GOD_TARGETS
        if track[k] and (allow_disaster or not _IS_DISASTER[k])
    ]


_BID_MENUS: dict[tuple[int, int, bool], tuple[RaAction, ...]] = {}


@rule("ra.base.bid", "ra.base.forced_bid")
def bid_actions(s: RaState) -> tuple[RaAction, ...]:
    """Bid a face-up disk higher than the highest bid, or pass; a voluntary invoker bids when all others passed."""
    h = s.h
    high = h[H_HIGH]
    key = (s.up[h[H_ACTOR]] >> (high + 1), high, _must_bid(s))
    menu = _BID_MENUS.get(key)
    if menu is None:
        mask, _, must = key
        acts: list[RaAction] = [] if must else [PASS_ACTION]
        d = high + 1
        while mask:
            if mask & 1:
                acts.append(BIDS[d])
            mask >>= 1
            d += 1
        menu = _BID_MENUS[key] = tuple(acts)
    return menu


def _must_bid(s: RaState) -> bool:
    h = s.h
    if not (h[H_VOLUNTARY] and h[H_HIGH] == 0 and h[H_ACTOR] == h[H_STARTER]):
        return False
    # RA-012: a voluntary auction over a full track may end with no bid (the tiles are then discarded).
    return s.params.full_track_forced or h[H_TRACK_LEN] < s.params.auction_track


def legal_actions(s: RaState) -> tuple[RaAction, ...]:
    """The legal actions of the player to move, in canonical order; () at chance nodes and at the end."""
    phase = s.h[H_PHASE]
    if phase == BID:
        return bid_actions(s)
    if phase == TURN:
        return turn_actions(s)
    if phase == GODS:
        return (*god_targets(s), END_ACTION)
    if phase == DISCARD:
        return discard_actions(s)
    return ()


@cache
def deals(disk_sets: tuple[tuple[int, ...], ...]) -> tuple[Deal, ...]:
    """Every way to hand out the disk sets, in lexicographic order of the set numbers."""
    return tuple(Deal(tuple(disk_sets[i] for i in order)) for order in permutations(range(len(disk_sets))))


@rule("ra.base.draw")
def chance_outcomes(s: RaState) -> tuple[tuple[RaAction, Fraction], ...]:
    """The drawn tile is each kind left in the bag with probability count / tiles left (the deal: uniform)."""
    if s.h[H_PHASE] == DEAL:
        found = deals(s.params.disk_sets)
        return tuple((d, Fraction(1, len(found))) for d in found)
    if s.h[H_PHASE] != DRAW:
        return ()
    total = s.h[H_BAG]
    return tuple((DRAWS[k], Fraction(c, total)) for k, c in enumerate(s.bag) if c)


def sample_draw(s: RaState, pick: int) -> RaAction:
    """The chance action for ``pick`` in ``range(tiles left)``: the fast path of ``chance_outcomes``."""
    for k, c in enumerate(s.bag):
        if pick < c:
            return DRAWS[k]
        pick -= c
    raise ValueError(f"pick {pick!r} is not below the {s.h[H_BAG]} tiles in the bag")


# -- apply ----------------------------------------------------------------------------------------------------------
def apply(s: RaState, a: RaAction) -> RaState:
    """The state after action ``a``; raises IllegalAction (naming the rule) for anything not legal here."""
    phase = s.h[H_PHASE]
    kind = type(a)
    if phase == BID:
        if kind is Bid:
            return _bid(s, a)  # type: ignore[arg-type]
        if kind is Pass:
            return _pass(s, a)
        raise IllegalAction("ra.base.bid", "an auction is running: bid a disk or pass", s, a)
    if phase == DRAW:
        if kind is DrawTile:
            return _draw_tile(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.draw", "a tile is being drawn: only a chance outcome is possible", s, a)
    if phase == TURN:
        if kind is Draw:
            return _draw(s, a)
        if kind is InvokeRa:
            return _invoke(s, a)
        if kind is PlayGod:
            return _play_god(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.turn_one_action", "a turn is draw, invoke Ra or play God tiles", s, a)
    if phase == GODS:
        if kind is PlayGod:
            return _play_god(s, a)  # type: ignore[arg-type]
        if kind is EndTurn:
            return _next_turn_state(s, s.h[H_ACTOR])
        raise IllegalAction("ra.base.god", "after a God tile: play another God tile or end the turn", s, a)
    if phase == DISCARD:
        if kind is Discard:
            return _discard(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.disasters", "a disaster's discards are pending", s, a)
    if phase == DEAL:
        if kind is Deal:
            return _deal(s, a)  # type: ignore[arg-type]
        if kind is DealOrder:
            return _deal_order(s, a)  # type: ignore[arg-type]
        raise IllegalAction("ra.base.deal", "the sun disks are being dealt: only a chance outcome is possible", s, a)
    raise IllegalAction("ra.base.epoch_end", "the game is over", s, a)


@rule("ra.base.deal", "ra.base.first_player")
def _deal(s: RaState, a: Deal) -> RaState:
    """Seat p receives the disks sets[p]; the player holding the highest disk takes the first turn."""
    players = len(s.up)
    if a not in deals(s.params.disk_sets):
        raise IllegalAction("ra.base.deal", f"{list(a.sets)!r} does not hand out the {players} disk sets "
                            f"{[list(ds) for ds in s.params.disk_sets]!r}", s, a)
    up = tuple(mask_of(list(ds)) for ds in a.sets)
    first = max(range(players), key=lambda p: up[p].bit_length())
    nh = list(s.h)
    nh[H_PHASE] = TURN
    nh[H_ACTOR] = first
    nh[H_STARTER] = first
    return RaState(s.config, s.params, tuple(nh), s.bag, s.track, s.out, s.held, up, s.down, s.score,
                   s.crates, s.claims, s.events)


def _deal_order(s: RaState, a: DealOrder) -> RaState:
    """The deal as logs before version 3 wrote it: seat p receives the spec's disk set number order[p]."""
    players = len(s.up)
    if not isinstance(a.order, tuple) or sorted(a.order) != list(range(players)):
        raise IllegalAction("ra.base.deal", f"{a.order!r} is not an order of the {players} disk sets", s, a)
    return _deal(s, Deal(tuple(s.params.disk_sets[i] for i in a.order)))


def _draw(s: RaState, a: RaAction) -> RaState:
    h = s.h
    if h[H_TRACK_LEN] >= s.params.auction_track:
        raise IllegalAction("ra.base.draw_full_track", "drawing is not possible while the auction track is full", s, a)
    if h[H_BAG] <= 0:
        raise IllegalAction("ra.base.draw", "the bag is empty", s, a)
    nh = list(h)
    nh[H_PHASE] = DRAW
    return RaState(s.config, s.params, tuple(nh), s.bag, s.track, s.out, s.held, s.up, s.down, s.score,
                   s.crates, s.claims, s.events)


@rule("ra.base.draw_place")
def _draw_tile(s: RaState, a: DrawTile) -> RaState:
    """A Ra tile goes on the Ra track and starts an auction; any other tile goes on the auction track."""
    k = a.kind
    if not (0 <= k < KINDS) or s.bag[k] <= 0:
        raise IllegalAction("ra.base.draw", f"no {tile_name(k)} tile is left in the bag", s, a)
    bag = list(s.bag)
    bag[k] -= 1
    nh = list(s.h)
    nh[H_BAG] -= 1
    drawer = nh[H_STARTER]
    if k == RA:
        nh[H_RA] += 1
        if nh[H_RA] >= s.params.ra_track:
            if s.params.last_ra_at_once:
                m = _Scratch(s)
                m.h = nh
                m.bag = bag
                _end_epoch(m)
                return m.freeze()
            nh[H_LAST] = 1
        _start_auction(s, nh, drawer, voluntary=0)
        return RaState(s.config, s.params, tuple(nh), tuple(bag), s.track, s.out, s.held, s.up, s.down,
                       s.score, s.crates, s.claims, s.events)
    track = list(s.track)
    track[k] += 1
    nh[H_TRACK_LEN] += 1
    ns = RaState(s.config, s.params, tuple(nh), tuple(bag), tuple(track), s.out, s.held, s.up, s.down,
                 s.score, s.crates, s.claims, s.events)
    return _next_turn_state(ns, drawer)


def _invoke(s: RaState, a: RaAction) -> RaState:
    h = s.h
    if h[H_TRACK_LEN] == 0 and not s.params.invoke_empty:
        raise IllegalAction("ra.base.invoke", "invoking Ra over an empty auction track (reading RA-009)", s, a)
    nh = list(h)
    _start_auction(s, nh, h[H_ACTOR], voluntary=1)
    return RaState(s.config, s.params, tuple(nh), s.bag, s.track, s.out, s.held, s.up, s.down, s.score,
                   s.crates, s.claims, s.events)


@rule("ra.base.bid_order")
def _start_auction(s: RaState, nh: list[int], starter: PlayerId, voluntary: int) -> None:
    """Bidding starts left of the player who drew Ra or invoked it, goes once round and ends with that player."""
    nh[H_PHASE] = BID
    nh[H_STARTER] = starter
    nh[H_VOLUNTARY] = voluntary
    nh[H_HIGH] = 0
    nh[H_HIGH_BY] = -1
    nh[H_ACTOR] = _next_bidder(s.up, starter, starter)


def _next_bidder(up: tuple[int, ...], after: PlayerId, starter: PlayerId) -> PlayerId:
    """The next player after ``after`` with a face-up disk; the starter always has one and bids last."""
    n = len(up)
    q = (after + 1) % n
    while q != starter and not up[q]:
        q = (q + 1) % n
    return q


def _bid(s: RaState, a: Bid) -> RaState:
    h = s.h
    p = h[H_ACTOR]
    d = a.disk
    if not (isinstance(d, int) and 0 < d < 17) or not (s.up[p] >> d) & 1:
        raise IllegalAction("ra.base.bid", f"disk {d!r} is not one of the bidder's face-up disks", s, a)
    if d <= h[H_HIGH]:
        raise IllegalAction("ra.base.bid", f"disk {d!r} does not beat the highest bid {h[H_HIGH]}", s, a)
    nh = list(h)
    nh[H_HIGH] = d
    nh[H_HIGH_BY] = p
    return _after_bid(s, nh)


def _pass(s: RaState, a: RaAction) -> RaState:
    if _must_bid(s):
        raise IllegalAction("ra.base.forced_bid", "the player who invoked Ra must bid when all others passed", s, a)
    return _after_bid(s, list(s.h))


def _after_bid(s: RaState, nh: list[int]) -> RaState:
    p = nh[H_ACTOR]
    starter = nh[H_STARTER]
    if p != starter:
        nh[H_ACTOR] = _next_bidder(s.up, p, starter)
        return RaState(s.config, s.params, tuple(nh), s.bag, s.track, s.out, s.held, s.up, s.down, s.score,
                       s.crates, s.claims, s.events)
    m = _Scratch(s)
    m.h = nh
    _resolve_auction(m)
    return m.freeze()


def _play_god(s: RaState, a: PlayGod) -> RaState:
    p = s.h[H_ACTOR]
    k = a.kind
    if not s.held[p][GOD]:
        raise IllegalAction("ra.base.god", "the player holds no God tile", s, a)
    if not (isinstance(k, int) and 0 <= k < KINDS) or k in (RA, GOD) or not s.track[k]:
        raise IllegalAction("ra.base.god", f"no {tile_name(k)} tile that a God tile may take is on the track", s, a)
    if _IS_DISASTER[k] and not s.params.god_takes_disaster:
        raise IllegalAction("ra.base.god", "a God tile may not take a disaster (reading RA-008)", s, a)
    m = _Scratch(s)
    held = m.held[p]
    held[GOD] -= 1
    m.out[GOD] += 1
    m.track[k] -= 1
    m.h[H_TRACK_LEN] -= 1
    if _IS_DISASTER[k]:
        m.out[k] += 1
        m.h[H_PENDING + _DISASTER_INDEX[k]] += s.params.disaster_discards
    else:
        if k == TRADER:
            _claim_traders(m, p, 1)
        held[k] += 1
    m.h[H_RESUME] = RESUME_GODS
    _settle_discards(m)
    return m.freeze()


@rule("ra.base.disasters")
def discard_actions(s: RaState) -> tuple[RaAction, ...]:
    """The winner discards tiles of the disaster's category; asked only when the choice is real."""
    p = s.h[H_ACTOR]
    for i, n in enumerate(s.h[H_PENDING:H_PENDING + 4]):
        if n:
            return tuple(DISCARDS[k] for k in sorted(_CATEGORY[i]) if s.held[p][k])
    return ()


def _discard(s: RaState, a: Discard) -> RaState:
    if a not in discard_actions(s):
        raise IllegalAction("ra.base.disasters", f"{tile_name(a.kind)} is not a tile the disaster may take", s, a)
    m = _Scratch(s)
    p = m.h[H_ACTOR]
    i = next(i for i in range(4) if m.h[H_PENDING + i])
    m.held[p][a.kind] -= 1
    m.out[a.kind] += 1
    m.h[H_PENDING + i] -= 1
    _settle_discards(m)
    return m.freeze()


# -- the rarer steps, on a scratch copy ---------------------------------------------------------------------------
class _Scratch:
    """Mutable copies of a state's fields, for the steps that change many of them."""

    __slots__ = ("bag", "claims", "config", "crates", "down", "events", "h", "held", "out", "params", "score",
                 "track", "up")

    def __init__(self, s: RaState) -> None:
        self.config = s.config
        self.params = s.params
        self.h = list(s.h)
        self.bag = list(s.bag)
        self.track = list(s.track)
        self.out = list(s.out)
        self.held = [list(x) for x in s.held]
        self.up = list(s.up)
        self.down = list(s.down)
        self.score = list(s.score)
        self.crates = list(s.crates)
        self.claims = list(s.claims)
        self.events = list(s.events)

    def freeze(self) -> RaState:
        return RaState(
            self.config,
            self.params,
            tuple(self.h),
            tuple(self.bag),
            tuple(self.track),
            tuple(self.out),
            tuple(tuple(x) for x in self.held),
            tuple(self.up),
            tuple(self.down),
            tuple(self.score),
            tuple(self.crates),
            tuple(self.claims),
            tuple(self.events),
        )


@rule("ra.base.win", "ra.base.no_bid", "ra.traders.claim.docks")
def _resolve_auction(m: _Scratch) -> None:
    """The winner takes every tile and the centre disk (face down); the winning disk goes to the centre.

    With no bid the tiles stay, unless the track was full: then they are discarded.
    """
    h = m.h
    w = h[H_HIGH_BY]
    full = h[H_TRACK_LEN] >= m.params.auction_track
    h[H_RESUME] = RESUME_END if h[H_LAST] else RESUME_TURN
    if w >= 0:
        disk = h[H_HIGH]
        m.up[w] &= ~(1 << disk)
        m.down[w] |= 1 << h[H_CENTER]
        h[H_CENTER] = disk
        lot = m.track
        if lot[TRADER]:
            _claim_traders(m, w, lot[TRADER])
        held = m.held[w]
        for k in range(KINDS):
            c = lot[k]
            if c and _IS_DISASTER[k]:
                m.out[k] += c
                lot[k] = 0
                h[H_PENDING + _DISASTER_INDEX[k]] += c * m.params.disaster_discards
        # RA-016: under before_lot the lot's tiles of a struck category wait on the track until the discards are done
        waiting = [False] * KINDS
        if not m.params.disaster_with_lot:
            for i in range(4):
                if h[H_PENDING + i]:
                    for k in _CATEGORY[i]:
                        waiting[k] = lot[k] > 0
        for k in range(KINDS):
            if lot[k] and not waiting[k]:
                held[k] += lot[k]
                lot[k] = 0
        h[H_TRACK_LEN] = sum(lot)
        h[H_ACTOR] = w
        if h[H_TRACK_LEN]:
            h[H_HIGH] = 0
            h[H_HIGH_BY] = w
            h[H_VOLUNTARY] = 0
            _settle_discards(m)
            return
    elif full:
        for k in range(KINDS):
            m.out[k] += m.track[k]
        m.track = [0] * KINDS
        h[H_TRACK_LEN] = 0
    h[H_HIGH] = 0
    h[H_HIGH_BY] = -1
    h[H_VOLUNTARY] = 0
    _settle_discards(m)


@rule("ra.traders.claim.crates_to_others", "ra.traders.claim.claimer_nothing", "ra.traders.example")
def _claim_traders(m: _Scratch, claimer: PlayerId, n: int) -> None:
    """Every OTHER player gains crates for each Trader they hold; the claimer gains none (before taking the tiles)."""
    owed = crates_owed(tuple(x[TRADER] for x in m.held), claimer, n, m.params.crates_per_tile)
    m.claims.append((claimer, n))
    give_crates(m, claimer, owed)


def crates_owed(traders: tuple[int, ...], claimer: PlayerId, n: int, per_tile: bool) -> tuple[int, ...]:
    """Crates each player is owed when ``claimer`` claims ``n`` Traders, given everyone's Traders before it."""
    factor = n if per_tile else 1
    return tuple(0 if p == claimer else factor * t for p, t in enumerate(traders))


@rule("ra.traders.crates.no_limit", "ra.traders.crates.supply_exhausted")
def give_crates(m: _Scratch, claimer: PlayerId, owed: tuple[int, ...]) -> None:
    """No limit per Docks board; if the supply runs out a substitute is used (or, reading RA-005, it caps)."""
    params = m.params
    crates = m.crates
    epoch_bit = 1 << m.h[H_EPOCH]
    n = len(crates)
    for step in range(1, n):
        p = (claimer + step) % n
        want = owed[p]
        if not want:
            continue
        crates[p] += want
        if not supply_holds(crates, params):
            m.h[H_EXHAUSTED] |= epoch_bit
            if params.supply_capped:
                while crates[p] and not supply_holds(crates, params):
                    crates[p] -= 1


@rule("ra.traders.crates.exchange")
def supply_holds(crates: list[int] | tuple[int, ...], params: RaParams) -> bool:
    """Whether the crate supply can show every player's crates at once.

    Pooled exchange (RA-007 default): a Large crate stands for 3 Small ones either way, so players hold as many
    Large crates as the supply and their values allow. Small only: Large crates are only ever broken into Smalls.
    """
    total = sum(crates)
    if not params.exchange_pooled:
        return total <= params.small_crates
    large = min(params.large_crates, sum(c // params.large_value for c in crates))
    return total - params.large_value * large <= params.small_crates


def _settle_discards(m: _Scratch) -> None:
    """Carry out every forced discard; stop at the first real choice; otherwise resume play."""
    h = m.h
    p = h[H_ACTOR]
    held = m.held[p]
    for i in range(4):
        n = h[H_PENDING + i]
        if not n:
            continue
        kinds = _CATEGORY[i]
        if i == 1 and m.params.floods_first:
            kinds = (FLOOD,)
            take = min(n, held[FLOOD])
            held[FLOOD] -= take
            m.out[FLOOD] += take
            n -= take
            kinds = (NILE,)
        have = [k for k in kinds if held[k]]
        total = sum(held[k] for k in have)
        if total <= n or len(have) <= 1:
            for k in have:
                take = min(n, held[k])
                held[k] -= take
                m.out[k] += take
                n -= take
            h[H_PENDING + i] = 0
            continue
        h[H_PENDING + i] = n
        h[H_PHASE] = DISCARD
        return
    lot_to = h[H_HIGH_BY]
    if lot_to >= 0:
        # RA-016 before_lot: the winner takes the lot's tiles that waited out the discards
        for k in range(KINDS):
            m.held[lot_to][k] += m.track[k]
        m.track = [0] * KINDS
        h[H_TRACK_LEN] = 0
        h[H_HIGH_BY] = -1
    resume = h[H_RESUME]
    h[H_RESUME] = RESUME_TURN
    if resume == RESUME_GODS:
        if held[GOD] and any(m.track[k] and (m.params.god_takes_disaster or not _IS_DISASTER[k])
                             for k in _GOD_TARGETS):
            h[H_PHASE] = GODS
            return
        _next_turn(m, p)
    elif resume == RESUME_END:
        _end_epoch(m)
    else:
        _next_turn(m, h[H_STARTER])


@rule("ra.base.out_of_disks", "ra.base.epoch_end", "ra.base.bag_empty")
def _next_turn(m: _Scratch, after: PlayerId) -> None:
    """The next player with a face-up disk takes the turn; with nobody left (or no tile in the bag) the epoch ends."""
    h = m.h
    up = m.up
    n = len(up)
    q = (after + 1) % n
    for _ in range(n):
        if up[q]:
            break
        q = (q + 1) % n
    else:
        _end_epoch(m)
        return
    if h[H_BAG] == 0:
        h[H_BAG_EMPTY] |= 1 << h[H_EPOCH]
        h[H_STARTER] = q
        _end_epoch(m)
        return
    h[H_PHASE] = TURN
    h[H_ACTOR] = q
    h[H_STARTER] = q


def _next_turn_state(s: RaState, after: PlayerId) -> RaState:
    """``_next_turn`` on the fast path: only the header changes unless the epoch ends."""
    up = s.up
    n = len(up)
    q = (after + 1) % n
    h = s.h
    for _ in range(n):
        if up[q]:
            break
        q = (q + 1) % n
    else:
        q = -1
    if q < 0 or h[H_BAG] == 0:
        m = _Scratch(s)
        _next_turn(m, after)
        return m.freeze()
    nh = list(h)
    nh[H_PHASE] = TURN
    nh[H_ACTOR] = q
    nh[H_STARTER] = q
    return RaState(s.config, s.params, tuple(nh), s.bag, s.track, s.out, s.held, s.up, s.down, s.score,
                   s.crates, s.claims, s.events)


@rule("ra.base.last_ra", "ra.scoring.disks_face_up", "ra.base.three_epochs_play")
def _end_epoch(m: _Scratch) -> None:
    """Discard the auction track and the Ra track, score the epoch, then start the next epoch or end the game."""
    h = m.h
    params = m.params
    epoch = h[H_EPOCH]
    last = epoch >= params.epochs or (h[H_BAG] == 0 and params.bag_empty_game_ends)
    for k in range(KINDS):
        # RA-017: the auction track is discarded, or stays for the next epoch (Traders always leave: seed 000)
        if last or not params.track_stays or k == TRADER:
            m.out[k] += m.track[k]
            m.track[k] = 0
    h[H_TRACK_LEN] = sum(m.track)
    m.out[RA] += h[H_RA]
    h[H_RA] = 0
    h[H_LAST] = 0
    events = scoring.epoch_events(epoch, [tuple(x) for x in m.held], tuple(m.crates), params)
    _book(m, events)
    for k in scoring.discarded_after_epoch(params):
        for held in m.held:
            m.out[k] += held[k]
            held[k] = 0
    m.crates = [0] * len(m.crates)
    m.claims = []
    ended_by = h[H_STARTER]
    if last:
        _book(m, scoring.final_events(epoch, [tuple(x) for x in m.held], m.up, m.down, params))
        h[H_PHASE] = OVER
        h[H_ACTOR] = -1
        h[H_STARTER] = -1
        return
    h[H_EPOCH] = epoch + 1
    for p in range(len(m.up)):
        m.up[p] |= m.down[p]
        m.down[p] = 0
    start = epoch_starter(m.up, ended_by, params)
    h[H_PHASE] = TURN
    h[H_ACTOR] = start
    h[H_STARTER] = start
    if h[H_BAG] == 0:
        h[H_BAG_EMPTY] |= 1 << h[H_EPOCH]
        _end_epoch(m)


@rule("ra.base.epoch_starter")
def epoch_starter(up: list[int], ended_by: PlayerId, params: RaParams) -> PlayerId:
    """Who starts the next epoch: the holder of the highest disk (RA-014 default) or the next player."""
    n = len(up)
    if params.starter_highest_disk:
        return max(range(n), key=lambda p: up[p].bit_length())
    return (ended_by + 1) % n


def _book(m: _Scratch, events: list[ScoreEvent]) -> None:
    for e in events:
        m.score[e.player] += e.points
        m.events.append(e)

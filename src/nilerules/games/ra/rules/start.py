"""The start of a game: the starting points, the bag, and the deal of the sun-disk sets (a chance node)."""

from __future__ import annotations

from functools import cache
from itertools import permutations

from nilerules.core.registry import rule
from nilerules.core.types import Config
from nilerules.errors import IllegalAction
from nilerules.games.ra.actions import Deal
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.rules.scratch import new_state
from nilerules.games.ra.state import (
    DEAL,
    H_ACTOR,
    H_PHASE,
    H_STARTER,
    KINDS,
    TURN,
    RaState,
    header,
    mask_of,
)


def setup(config: Config, params: RaParams) -> RaState:
    """Give every player the starting points and fill the bag; the disk sets are dealt next (a chance node).

    Until the deal, seat ``i`` holds set ``i`` so that the disk invariants hold in every state.
    """
    players = config.players
    up = tuple(mask_of(list(disk_set)) for disk_set in params.disk_sets)
    zero = (0,) * KINDS
    return RaState(
        config=config,
        params=params,
        h=header(DEAL, bag=sum(params.tiles), center=params.center_disk),
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


rule("ra.base.start_score", "ra.traders.setup.bag", "ra.traders.setup.normal")(setup)


@cache
def deals(disk_sets: tuple[tuple[int, ...], ...]) -> tuple[Deal, ...]:
    """Every way to hand out the disk sets, in lexicographic order of the set numbers."""
    return tuple(Deal(tuple(disk_sets[i] for i in order)) for order in permutations(range(len(disk_sets))))


def deal(s: RaState, a: Deal) -> RaState:
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
    return new_state(s.config, s.params, tuple(nh), s.bag, s.track, s.out, s.held, up, s.down, s.score,
                     s.crates, s.claims, s.events)


rule("ra.base.deal", "ra.base.first_player")(deal)

"""The Traders module: claiming Trader tiles, the Goods Crates it gives the other players, and the crate supply."""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.core.types import PlayerId
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.rules.scratch import Scratch
from nilerules.games.ra.state import H_EPOCH, H_EXHAUSTED, TRADER


def claim_traders(m: Scratch, claimer: PlayerId, n: int) -> None:
    """Every OTHER player gains crates for each Trader they hold; the claimer gains none (before taking the tiles)."""
    # RA-006 (crates_per_claim)
    owed = crates_owed(tuple(x[TRADER] for x in m.held), claimer, n, m.params.crates_per_claim_per_tile)
    m.claims.append((claimer, n))
    give_crates(m, claimer, owed)


rule("ra.traders.claim.crates_to_others", "ra.traders.claim.claimer_nothing", "ra.traders.example")(claim_traders)


def crates_owed(
    traders: tuple[int, ...], claimer: PlayerId, n: int, crates_per_claim_per_tile: bool
) -> tuple[int, ...]:
    """Crates each player is owed when ``claimer`` claims ``n`` Traders, given everyone's Traders before it."""
    factor = n if crates_per_claim_per_tile else 1  # RA-006 (crates_per_claim)
    return tuple(0 if p == claimer else factor * t for p, t in enumerate(traders))


def claimed_and_owed(
    claims: tuple[tuple[PlayerId, int], ...] | list[tuple[PlayerId, int]], players: int, crates_per_claim_per_tile: bool
) -> tuple[list[int], list[int]]:
    """An epoch's claims replayed from no Traders: each player's Traders claimed, and the crates the claims owe them
    (``crates_owed`` claim by claim, the supply aside)."""
    traders = [0] * players
    owed = [0] * players
    for claimer, count in claims:
        for p, c in enumerate(crates_owed(tuple(traders), claimer, count, crates_per_claim_per_tile)):
            owed[p] += c
        traders[claimer] += count
    return traders, owed


def give_crates(m: Scratch, claimer: PlayerId, owed: tuple[int, ...]) -> None:
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
            if params.supply_exhausted_capped:  # RA-005 (supply_exhausted)
                while crates[p] and not supply_holds(crates, params):
                    crates[p] -= 1


rule("ra.traders.crates.no_limit", "ra.traders.crates.supply_exhausted")(give_crates)


def supply_holds(crates: list[int] | tuple[int, ...], params: RaParams) -> bool:
    """Whether the crate supply can show every player's crates at once.

    RA-007 (crate_exchange), pooled (the default): a Large crate stands for 3 Small ones either way, so players hold
    as many Large crates as the supply and their values allow. Small only: Large crates are only ever broken into
    Smalls.
    """
    total = sum(crates)
    if not params.crate_exchange_pooled:
        return total <= params.small_crates
    large = min(params.large_crates, sum(c // params.large_value for c in crates))
    return total - params.large_value * large <= params.small_crates


rule("ra.traders.crates.exchange")(supply_holds)

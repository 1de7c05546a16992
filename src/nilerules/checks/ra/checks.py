"""Ra's checks: one divergence check per ambiguity of specs/ra.toml (``CHECKS``), each in its theme's module.

Every figure is read from the params of the config a check runs on (never typed), and every reading's outcome is
what replaying the witness under that reading gives. Witnesses are found in reachable play first (seeded playouts,
or scripted legal play from setup), each with its log from setup (``witness_log``); only when play does not meet the
situation within the budget is a position built by hand with the public position format (``constructed=True``).

Themes: ``ties`` (RA-001 to RA-003), ``supply`` (the crates, RA-004 to RA-007), ``turns`` (a turn's and an
auction's menus, RA-008, RA-009, RA-012), ``disasters`` (RA-010, RA-016), ``epochs`` (the end of an epoch, RA-011,
RA-013 to RA-015, RA-017).
"""

from __future__ import annotations

from nilerules.checks.model import Check
from nilerules.checks.ra.disasters import check_disaster_lot, check_drought_order
from nilerules.checks.ra.epochs import (
    check_bag_empty,
    check_epoch_starter,
    check_gods_after_epoch,
    check_last_ra,
    check_track_at_epoch_end,
)
from nilerules.checks.ra.supply import (
    check_crate_counts,
    check_crate_exchange,
    check_crates_per_claim,
    check_supply_exhausted,
)
from nilerules.checks.ra.ties import check_pharaoh_all_tie, check_sun_all_tie, check_winner_tiebreak
from nilerules.checks.ra.turns import check_full_track_bid, check_god_takes_disaster, check_invoke_empty

CHECKS: dict[str, Check] = {
    "pharaoh_all_tie": check_pharaoh_all_tie,
    "sun_all_tie": check_sun_all_tie,
    "winner_tiebreak": check_winner_tiebreak,
    "crate_counts": check_crate_counts,
    "supply_exhausted": check_supply_exhausted,
    "crates_per_claim": check_crates_per_claim,
    "crate_exchange": check_crate_exchange,
    "god_takes_disaster": check_god_takes_disaster,
    "invoke_empty_track": check_invoke_empty,
    "drought_order": check_drought_order,
    "last_ra": check_last_ra,
    "full_track_bid": check_full_track_bid,
    "gods_after_epoch": check_gods_after_epoch,
    "epoch_starter": check_epoch_starter,
    "bag_empty": check_bag_empty,
    "disaster_lot": check_disaster_lot,
    "track_at_epoch_end": check_track_at_epoch_end,
}

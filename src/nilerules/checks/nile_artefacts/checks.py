"""The divergence checks of Nile Artefacts, one per ambiguity of ``specs/nile_artefacts.toml`` (``CHECKS``), by theme:
``offerings`` (what a card counts as, what an offering holds, an empty offering), ``navigation`` (Coin spaces, Boats
in a Port), ``supply`` (the Artifact pile, the Coin stock) and ``ending`` (ties, the last round, a game without end);
what they share is in ``shared``."""

from __future__ import annotations

from nilerules.checks.model import Check
from nilerules.checks.nile_artefacts.ending import (
    check_endless_game,
    check_final_tie,
    check_last_round,
    check_tie_count,
)
from nilerules.checks.nile_artefacts.navigation import check_coin_space, check_port_start
from nilerules.checks.nile_artefacts.offerings import (
    check_card_sharing,
    check_double_card,
    check_empty_offering,
    check_pair_mix,
    check_type_choice,
    check_type_scope,
)
from nilerules.checks.nile_artefacts.supply import check_coin_stock, check_deck_exhausted

CHECKS: dict[str, Check] = {
    "card_sharing": check_card_sharing,
    "type_choice": check_type_choice,
    "type_scope": check_type_scope,
    "double_card": check_double_card,
    "pair_mix": check_pair_mix,
    "coin_space": check_coin_space,
    "port_start": check_port_start,
    "deck_exhausted": check_deck_exhausted,
    "coin_stock": check_coin_stock,
    "final_tie": check_final_tie,
    "tie_count": check_tie_count,
    "last_round": check_last_round,
    "endless_game": check_endless_game,
    "empty_offering": check_empty_offering,
}

__all__ = ["CHECKS"]

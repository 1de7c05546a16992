"""One divergence check per ambiguity of ``specs/nefertiti.toml``: a witness situation and each reading's outcome.

The checks live by theme in ``neutral`` (the 2-player game's neutral pawns and neutral player), ``harbor`` (the
Memphis Harbor), ``characters``, ``markets`` (buying at a closing market, no Servant left) and ``end`` (the end of the
game, the box's Deben), on the shared kit (``nilerules.checks.kit``), Nefertiti's hand-built positions
(``situations``) and its searches of seeded play (``play``). Most checks look for a witness in seeded play first
(``played_first``: the kit's lockstep search until the readings part), their hand-built situation being the fallback.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from nilerules.checks.model import Budget, Check, CheckResult
from nilerules.checks.nefertiti import characters, end, harbor, markets, neutral
from nilerules.checks.nefertiti.play import Search, played_first
from nilerules.games.nefertiti.game import NefertitiGame

PLAY_SEARCHES: dict[str, Search] = {
    **neutral.SEARCHES,
    **harbor.SEARCHES,
    **characters.SEARCHES,
    **markets.SEARCHES,
    **end.SEARCHES,
}
"""Per ambiguity: the setups searched, each reading's outcome at the divergence, the situation in words, and the
moves play is steered toward (Characters, the Harbor, neutral pawns)."""


def _first(name: str, fallback: Callable[[NefertitiGame, Budget], CheckResult]) -> Check:
    return played_first(name, PLAY_SEARCHES[name], fallback)


def witness_from(result: CheckResult) -> str:
    """Where a witness comes from, in words: the seeded game its log plays, or the position written in it."""
    log = result.witness_log
    if log is not None and not result.constructed:
        modules = f" with {' and '.join(log.config.modules)}" if log.config.modules else ""
        return f"the witness game ({log.config.players} players{modules}, {len(log.actions)} moves from setup)"
    return "the witness's written position"


def with_outcomes(check: Check) -> Check:
    """``check`` with each reading's outcome among its figures (``outcome_<reading>``), so that a finding's reason
    can say what the witness gives under each reading from the result itself (``{outcome_held}``), never in typed
    words beside it."""

    def checked(game: NefertitiGame, budget: Budget) -> CheckResult:
        result: CheckResult = check(game, budget)
        figures: dict[str, object] = {f"outcome_{reading}": outcome for reading, outcome in result.outcomes}
        if result.verdict.kind == "witness":
            figures["witness_from"] = witness_from(result)
        return dataclasses.replace(result, data={**result.data, **figures})

    checked.__doc__ = check.__doc__
    return checked


CHECKS: dict[str, Check] = {
    "neutral_three_colors": neutral.check_neutral_three_colors,
    "scribe_foreign_bonus": _first("scribe_foreign_bonus", characters.check_scribe_foreign_bonus),
    "senet_x2_scribe": _first("senet_x2_scribe", characters.check_senet_x2_scribe),
    "amon_merchant_foreign": _first("amon_merchant_foreign", characters.check_amon_merchant_foreign),
    "amon_priest_ties": characters.check_amon_priest_ties,
    "neutral_action_order": _first("neutral_action_order", neutral.check_neutral_action_order),
    "priest_value_limit": _first("priest_value_limit", characters.check_priest_value_limit),
    "sealed_card_buyer": _first("sealed_card_buyer", markets.check_sealed_card_buyer),
    "harbor_first_deben": _first("harbor_first_deben", harbor.check_harbor_first_deben),
    "end_of_game": _first("end_of_game", end.check_end_of_game),
    "forced_close_harbor": _first("forced_close_harbor", harbor.check_forced_close_harbor),
    "no_servant_many_players": _first("no_servant_many_players", markets.check_no_servant_many_players),
    "unaffordable_bid": _first("unaffordable_bid", markets.check_unaffordable_bid),
    "royal_servant_neutral": _first("royal_servant_neutral", neutral.check_royal_servant_neutral),
    "harbor_trigger_added": harbor.check_harbor_trigger_added,
    "beggar_markets": characters.check_beggar_markets,
    "trader_markets": characters.check_trader_markets,
    "deben_coins": end.check_deben_coins,
    "priest_papyrus": _first("priest_papyrus", characters.check_priest_papyrus),
    "neutral_short_targets": _first("neutral_short_targets", neutral.check_neutral_short_targets),
    "wandering_thief_face_down": _first("wandering_thief_face_down", characters.check_wandering_thief_face_down),
    "harbor_final_threshold": _first("harbor_final_threshold", harbor.check_harbor_final_threshold),
    "forced_close_neutral": _first("forced_close_neutral", neutral.check_forced_close_neutral),
    "wandering_thief_placement": _first("wandering_thief_placement", characters.check_wandering_thief_placement),
    "neutral_gift_face_down": _first("neutral_gift_face_down", neutral.check_neutral_gift_face_down),
    "forced_close_then_place": _first("forced_close_then_place", markets.check_forced_close_then_place),
    "papyrus_from_neutral": _first("papyrus_from_neutral", neutral.check_papyrus_from_neutral),
    "high_priest_harbor": _first("high_priest_harbor", harbor.check_high_priest_harbor),
    "papyrus_seal_supply": harbor.check_papyrus_seal_supply,
    "amon_priest_neutral": neutral.check_amon_priest_neutral,
    "wandering_thief_bought": _first("wandering_thief_bought", characters.check_wandering_thief_bought),
}
CHECKS = {name: with_outcomes(check) for name, check in CHECKS.items()}
"""Each check's figures carry its readings' outcomes and where its witness comes from (``with_outcomes``)."""

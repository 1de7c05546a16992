"""The rules of Sobek as pure functions: setup, who moves, legal actions, chance outcomes, apply.

Compound choices (a set, an event, a character's power) are sequences of small actions held in ``state.pending``;
pending chance draws (deliveries, the green-backed deal, event tokens, the Queen's draw, the Thief's steal) are
queued in ``state.draws`` and resolved one card at a time by the chance player.

This module is the API; the rules live in one module per mechanic: ``rounds`` (setup, the rounds and their end),
``draws`` (chance), ``turn`` (who moves, the legal actions and ``apply``: the dispatch), ``market`` (the take along
the Nile), ``sets``, ``events``, ``characters``, ``track`` (the score track and the early end), and ``common`` (the
helpers they share: state copying, count vectors, the end of a turn).

The rule functions cite their rules with ``rule(...)(function)`` right after their definition rather than with the
``@rule`` decorator, as Nile Artefacts' do: compiled code calls a decorated function through the module's namespace
(the decorator could have replaced it), a dictionary look-up and a Python-level call each time; the registry records
the same citation either way.
"""

from __future__ import annotations

from nilerules.games.sobek.rules.characters import (
    COURTESAN_CARD,
    QUEEN_CARD,
    SCRIBE_CARDS,
    TARGETED,
    THIEF_CARD,
    VIZIR_CARD,
    power_playable,
    power_target,
    queen_playable,
    queen_source,
)
from nilerules.games.sobek.rules.common import card_totals, corruption_cards, end_turn, replace
from nilerules.games.sobek.rules.draws import apply_draw, chance_outcomes, draw_source, removal_pile, sample_chance
from nilerules.games.sobek.rules.market import take
from nilerules.games.sobek.rules.rounds import end_round, settle, setup
from nilerules.games.sobek.rules.turn import apply, current_player, legal_actions

__all__ = [
    "COURTESAN_CARD",
    "QUEEN_CARD",
    "SCRIBE_CARDS",
    "TARGETED",
    "THIEF_CARD",
    "VIZIR_CARD",
    "apply",
    "apply_draw",
    "card_totals",
    "chance_outcomes",
    "corruption_cards",
    "current_player",
    "draw_source",
    "end_round",
    "end_turn",
    "legal_actions",
    "power_playable",
    "power_target",
    "queen_playable",
    "queen_source",
    "removal_pile",
    "replace",
    "sample_chance",
    "settle",
    "setup",
    "take",
]

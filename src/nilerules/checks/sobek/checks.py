"""One divergence check per ambiguity of ``specs/sobek.toml``: a situation where the readings differ, or a proof.

The checks live by theme in ``scores`` (the round's scoring, the penalty, the track, the end), ``characters``,
``events`` (sets and their events) and ``rounds`` (the set-up and what passes between rounds), on the shared kit
(``nilerules.checks.kit``), Sobek's own positions (``situations``) and its own in-play search (``search``).

Situations are positions in the public format (docs/positions.md): a seeded game's first decision, written out with
``position_data``, edited to the case in point and built back with ``game.position`` (so every witness passes the
game's invariants; such a witness is labelled constructed). Where seeded play reaches the divergence itself, the
witness is that game's log. Every number in a summary or an outcome is read from the spec's params or computed by
running the rules under each reading.
"""

from __future__ import annotations

from nilerules.checks.model import Check
from nilerules.checks.sobek.characters import (
    check_courtesan_match,
    check_courtesan_target,
    check_merchant_corruption,
    check_power_no_target,
    check_priest_characters,
    check_queen_draw,
    check_queen_short,
    check_scribe_chooser,
    check_thief_backs,
)
from nilerules.checks.sobek.events import (
    check_amulet_only,
    check_deceit_curses,
    check_embalming_curses,
    check_event_choice,
    check_extension_event,
    check_horizontal_characters,
    check_horizontal_events,
    check_horizontal_sets,
)
from nilerules.checks.sobek.rounds import (
    check_corruption_between_rounds,
    check_event_tokens_between_rounds,
    check_goods_total,
    check_green_deal,
    check_market_row,
    check_round_start,
    check_sets_between_rounds,
    check_two_player_removed,
    check_two_player_rounds,
)
from nilerules.checks.sobek.scores import (
    check_corrupt_all_tied,
    check_corruption_scarabs,
    check_early_end,
    check_final_tie,
    check_horizontal_in_penalty,
    check_penalty_on_number,
    check_track_end,
    check_track_low_end,
    check_zero_corruption,
)

CHECKS: dict[str, Check] = {
    "courtesan_match": check_courtesan_match,
    "event_tokens_between_rounds": check_event_tokens_between_rounds,
    "corruption_between_rounds": check_corruption_between_rounds,
    "zero_corruption": check_zero_corruption,
    "scribe_chooser": check_scribe_chooser,
    "sets_between_rounds": check_sets_between_rounds,
    "corruption_scarabs": check_corruption_scarabs,
    "corrupt_all_tied": check_corrupt_all_tied,
    "penalty_on_number": check_penalty_on_number,
    "track_low_end": check_track_low_end,
    "track_end": check_track_end,
    "early_end": check_early_end,
    "final_tie": check_final_tie,
    "queen_draw": check_queen_draw,
    "queen_short": check_queen_short,
    "power_no_target": check_power_no_target,
    "horizontal_sets": check_horizontal_sets,
    "horizontal_in_penalty": check_horizontal_in_penalty,
    "horizontal_events": check_horizontal_events,
    "deceit_curses": check_deceit_curses,
    "embalming_curses": check_embalming_curses,
    "amulet_only": check_amulet_only,
    "courtesan_target": check_courtesan_target,
    "green_deal": check_green_deal,
    "event_choice": check_event_choice,
    "round_start": check_round_start,
    "goods_total": check_goods_total,
    "extension_event": check_extension_event,
    "priest_characters": check_priest_characters,
    "thief_backs": check_thief_backs,
    "market_row": check_market_row,
    "two_player_rounds": check_two_player_rounds,
    "two_player_removed": check_two_player_removed,
    "merchant_corruption": check_merchant_corruption,
    "horizontal_characters": check_horizontal_characters,
}

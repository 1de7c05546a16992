"""The kit every game's checks are written on: readings, seeded play until the readings part, situations, results.

Seeded play and the position helpers (``edit_position``, ``build_position``) live below the rules in
``nilerules.core`` (``seeded``, ``situations``), where the rules tests use them too; the kit re-exports them.

Generic over the Game protocol (no game names): a game's checks say what to look for (which moves to steer toward,
how to word each reading's outcome, which position to write), the kit does the searching and the bookkeeping.
"""

from nilerules.checks.kit.play import (
    Divergence,
    Step,
    find_divergence,
    find_scripted,
    first_decision,
    log_of,
    play_until,
    replay_actions,
    seeded_steps,
)
from nilerules.checks.kit.readings import Outcomes, all_readings, depends, differ, open_readings, per_reading, under
from nilerules.checks.kit.results import constructed_witness, play_witness, situation_result, written_figures
from nilerules.core.situations import build_position, edit_position

__all__ = [
    "Divergence",
    "Outcomes",
    "Step",
    "all_readings",
    "build_position",
    "constructed_witness",
    "depends",
    "differ",
    "edit_position",
    "find_divergence",
    "find_scripted",
    "first_decision",
    "log_of",
    "open_readings",
    "per_reading",
    "play_until",
    "play_witness",
    "replay_actions",
    "seeded_steps",
    "situation_result",
    "under",
    "written_figures",
]

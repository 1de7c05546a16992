"""Public testing kit for users' own CI: strategies, a state-machine base, the conformance suite, and seeded play to
reach a position (``nilerules.core.seeded``) without loading the checks."""

from nilerules.core.seeded import first_decision, play_until, replay_actions, seeded_steps, under
from nilerules.testing.conformance import (
    ConformanceError,
    Failure,
    check_game,
    check_state,
    check_step,
    covering_readings,
    every_config,
    run_conformance,
)
from nilerules.testing.stateful import GameMachine
from nilerules.testing.strategies import configs, reachable_states, readings

__all__ = [
    "ConformanceError",
    "Failure",
    "GameMachine",
    "check_game",
    "check_state",
    "check_step",
    "configs",
    "covering_readings",
    "every_config",
    "first_decision",
    "play_until",
    "reachable_states",
    "readings",
    "replay_actions",
    "run_conformance",
    "seeded_steps",
    "under",
]

"""Public testing kit for users' own CI: strategies, a state-machine base, and the conformance suite."""

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
    "reachable_states",
    "readings",
    "run_conformance",
]

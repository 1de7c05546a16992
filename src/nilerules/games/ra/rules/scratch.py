"""The scratch copy the rarer steps of the rules work on (an auction's result, God tiles, disasters, the end of an
epoch): mutable lists of a state's fields, frozen back into a new state; the input state is never changed."""

from __future__ import annotations

from typing import Any, Final

from nilerules.core.types import Config
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.state import RaState, ScoreEvent

_TUPLE_NEW: Final[Any] = tuple.__new__
"""Builds a RaState from its fields without the NamedTuple's ``__new__``, which is Python code that calling
``RaState(...)`` from the compiled rules would run for every state (docs/hot-paths.md)."""


def new_state(
    config: Config,
    params: RaParams,
    h: tuple[int, ...],
    bag: tuple[int, ...],
    track: tuple[int, ...],
    out: tuple[int, ...],
    held: tuple[tuple[int, ...], ...],
    up: tuple[int, ...],
    down: tuple[int, ...],
    score: tuple[int, ...],
    crates: tuple[int, ...],
    claims: tuple[tuple[int, int], ...],
    events: tuple[ScoreEvent, ...],
) -> RaState:
    """``RaState(config, params, h, ...)``, the fields in order, built as a plain tuple is (see ``_TUPLE_NEW``)."""
    made: RaState = _TUPLE_NEW(RaState, (config, params, h, bag, track, out, held, up, down, score, crates, claims,
                                         events))
    return made


def with_header(s: RaState, nh: list[int]) -> RaState:
    """``s`` with the header ``nh`` (its other fields shared), built as ``new_state`` builds a state."""
    made: RaState = _TUPLE_NEW(RaState, (s.config, s.params, tuple(nh), s.bag, s.track, s.out, s.held, s.up, s.down,
                                         s.score, s.crates, s.claims, s.events))
    return made


class Scratch:
    """Mutable copies of a state's fields, for the steps that change many of them."""

    __slots__ = ("bag", "claims", "config", "crates", "down", "events", "h", "held", "out", "params", "score",
                 "track", "up")

    def __init__(self, s: RaState) -> None:
        self.config = s.config
        self.params = s.params
        self.h = list(s.h)
        self.bag = list(s.bag)
        self.track = list(s.track)
        self.out = list(s.out)
        self.held = [list(x) for x in s.held]
        self.up = list(s.up)
        self.down = list(s.down)
        self.score = list(s.score)
        self.crates = list(s.crates)
        self.claims = list(s.claims)
        self.events = list(s.events)

    def freeze(self) -> RaState:
        return new_state(
            self.config,
            self.params,
            tuple(self.h),
            tuple(self.bag),
            tuple(self.track),
            tuple(self.out),
            tuple(tuple(x) for x in self.held),
            tuple(self.up),
            tuple(self.down),
            tuple(self.score),
            tuple(self.crates),
            tuple(self.claims),
            tuple(self.events),
        )


def book(m: Scratch, events: list[ScoreEvent]) -> None:
    """Add scoring events to the scores and the history."""
    for e in events:
        m.score[e.player] += e.points
        m.events.append(e)

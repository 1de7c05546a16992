"""The scratch copy the rarer steps of the rules work on (an auction's result, God tiles, disasters, the end of an
epoch): mutable lists of a state's fields, frozen back into a new state; the input state is never changed."""

from __future__ import annotations

from nilerules.games.ra.state import RaState, ScoreEvent


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
        return RaState(
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

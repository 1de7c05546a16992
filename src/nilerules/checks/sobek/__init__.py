"""Sobek: one divergence check per ambiguity of ``specs/sobek.toml`` (a situation where the readings differ, or a
proof), each registered beside itself (``@check``) in its theme's module, and the named queries (``QUERIES``), above
the pure rules of ``nilerules.games.sobek``.

The checks live by theme in ``scores`` (the round's scoring, the penalty, the track, the end), ``characters``,
``events`` (sets and their events) and ``rounds`` (the set-up and what passes between rounds), on the shared kit
(``nilerules.checks.kit``), Sobek's own positions (``nilerules.games.sobek.situations``) and its own in-play search
(``search``).

Situations are positions in the public format (docs/positions.md): a seeded game's first decision, written out with
``position_data``, edited to the case in point and built back with ``game.position`` (so every witness passes the
game's invariants; such a witness is labelled constructed). Where seeded play reaches the divergence itself, the
witness is that game's log. Every number in a summary or an outcome is read from the spec's params or computed by
running the rules under each reading.
"""

from __future__ import annotations

from nilerules.checks.sobek import characters, events, rounds, scores
from nilerules.checks.sobek.queries import QUERIES

THEMES = (scores, characters, events, rounds)
"""The modules whose checks register on import (``@check``)."""

__all__ = ["QUERIES", "THEMES"]

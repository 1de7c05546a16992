"""What a seat sees: the observation of a seat, the data each game gives about what is hidden, and the dealing of
unseen cards that a determinization needs.

- **Observation.** ``Game.observation(state, seat)`` is an ``Observation``: the game, the seat and the seat's view
  (the game's position data, docs/positions.md, with what the seat cannot see replaced by what it can: a count of
  face-down items, the backs of an opponent's cards), frozen into a hashable value of names. Two states that differ
  only in what the seat cannot see give equal observations; ``Observation.data()`` is the view as JSON data again.
- **What is hidden** is data per game (``games/<game>/seen.py``, a tuple of ``Seen`` entries citing the rule ids of
  ``specs/<game>.toml``): what lies where, who sees it, and what the others see of it.
- **Determinization.** ``Game.determinize(state, seat, rng)`` is a full state that gives ``seat`` the same observation,
  with every card the seat cannot see dealt again at random from what is unaccounted for (``deal``). It uses the
  observation only, not the history: see the game's ``seen.py``.

A game with nothing hidden (Ra, Nile Artefacts: what no one has seen yet, the bag or the draw pile, is a chance node
and not part of any state) keeps ``GameBase``'s defaults: the whole position is every seat's observation, and a
state is its own only determinization.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

Who = Literal["everyone", "owner", "nobody"]
"""Who sees a thing's face: every seat, its owner only, or no seat."""


@dataclass(frozen=True, slots=True)
class Seen:
    """One kind of thing on the table, who sees its face, and what the other seats see of it."""

    what: str
    """The thing, with the position key it is written under (docs/positions.md): ``"seats.*.hand"``."""
    who: Who
    others: str
    """What a seat that does not see its face sees of it (``"everything"`` when ``who`` is everyone)."""
    rules: tuple[str, ...]
    """The rule ids (``specs/<game>.toml``) that say so; ``reference`` names a fact of specs/documents/reference."""
    reference: str = ""


class Table(tuple[tuple[str, Any], ...]):
    """A frozen JSON table: its ``(key, value)`` pairs, sorted by key (values frozen too)."""

    __slots__ = ()


def freeze(data: Any) -> Any:
    """JSON data as a hashable value: a table becomes a ``Table``, a list a tuple."""
    if isinstance(data, Mapping):
        return Table(sorted((str(k), freeze(v)) for k, v in data.items()))
    if isinstance(data, list | tuple):
        return tuple(freeze(v) for v in data)
    return data


def thaw(value: Any) -> Any:
    """The JSON data of a frozen value (``freeze``'s inverse)."""
    if isinstance(value, Table):
        return {k: thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat sees of a state: the seat's view of the position, with names (hashable; see the module doc)."""

    game: str
    seat: int
    view: Table

    @classmethod
    def of(cls, game: str, seat: int, view: Mapping[str, Any]) -> Observation:
        """The observation of ``seat`` whose view is the JSON table ``view``."""
        frozen: Table = freeze(view)
        return cls(game, seat, frozen)

    def data(self) -> dict[str, Any]:
        """The view as JSON data (a table of position keys)."""
        out: dict[str, Any] = thaw(self.view)
        return out


def face_down(count: int) -> dict[str, int]:
    """How a pile of ``count`` face-down items shows: its number only."""
    return {"face_down": count}


MAX_ITEMS: Final = 10_000
"""The most items one deal may hand out (a bound on the work of ``deal``)."""


def deal(pool: Sequence[int], slots: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Deal the multiset ``pool`` (a count per code) at random into places of ``slots[i]`` items each, every
    arrangement of the items equally likely: the items are listed in code order, shuffled, and cut in turn. The
    places must take the pool exactly (``sum(slots) == sum(pool)``). Returns each place's counts per code. The result
    depends only on ``pool``, ``slots`` and the generator: not on where the items lay before."""
    total = sum(pool)
    if total != sum(slots) or total > MAX_ITEMS or min((*pool, *slots), default=0) < 0:
        raise ValueError(f"cannot deal {total} items into places of {list(slots)!r}")
    items = [code for code, n in enumerate(pool) for _ in range(n)]
    rng.shuffle(items)
    out: list[list[int]] = []
    at = 0
    for size in slots:
        counts = [0] * len(pool)
        for code in items[at : at + size]:
            counts[code] += 1
        out.append(counts)
        at += size
    return out


__all__ = ["MAX_ITEMS", "Observation", "Seen", "Table", "Who", "deal", "face_down", "freeze", "thaw"]

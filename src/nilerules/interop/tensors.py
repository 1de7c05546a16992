"""Fixed-size numeric encodings of what a seat sees: the observation tensor of each game, and the layout that says
what every number means.

A **layout** is written once per game and config (``layout(game, config)``): a tuple of named fields, each a run of
numbers with a meaning, their sizes read from the spec and the game's name tables (the card kinds, the seats, the
row's length), never typed here. ``Layout.encode(view, seat)`` turns a seat's view (``observation_view``) into one
``float32`` vector of ``Layout.size`` numbers; ``Layout.rows()`` lists the fields with their offsets (docs/interop.md's
tables are written from it, and a test checks that they match).

Conventions, the same in every game:

- **Seats are relative to the observer**: ``seat+0`` is the seat observing, ``seat+1`` the next in turn order, and so
  on; a field naming a seat (the seat to move, a high bidder) is one-hot over these relative seats, so the same
  situation looks the same from every chair.
- **Names become one-hot or counts** over the game's own vocabulary (a phase, a Character: one-hot; a hand, a pile:
  how many of each name). A list whose order matters (Sobek's row along the Nile) is one-hot per position.
- **Numbers stay numbers** (scores, coins, Deben, counts), unscaled: a learner normalises them as it likes.
- What the seat cannot see is not in its view, so it is not in its tensor either: changing an opponent's hidden card
  changes no number of the seat's tensor (tests/interop/test_tensors.py).

Every top-level key of a game's view is either encoded or named in ``Layout.left_out`` with the reason (a test plays
random games and checks it), so nothing is dropped silently.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np

from nilerules.core import Config

View = Mapping[str, Any]
Vector = np.ndarray[Any, np.dtype[np.float32]]
INF: Final = math.inf


def observation_view(game: Any, state: Any, seat: int, data: View | None = None) -> View:
    """What ``seat`` sees of ``state``, as the data every encoding of this package is written from (the one place
    that says where a seat's observation comes from): the game's own observation (``game.observation(state, seat)``,
    ``core/seen.py``) as JSON data, taken before it is frozen (``game.seen_view``) where the game offers that;
    ``data`` is the state's position data when the caller has it."""
    seen_view = getattr(game, "seen_view", None)
    if seen_view is None:
        found: View = game.observation(state, seat).data()
        return found
    return seen_view(state, seat, dict(data) if data is not None else None)  # type: ignore[no-any-return]


def determinization(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A whole state that gives ``seat`` the observation ``state`` gives it, sampled with ``rng`` (what OpenSpiel's
    ``resample_from_infostate`` returns): the game's ``determinize`` (``core/seen.py``; the state itself in Ra and
    Nile Artefacts, where nothing is hidden)."""
    return game.determinize(state, seat, rng)


class EncodingError(LookupError):
    """A view holds a name the layout has no slot for (a bug of the layout, never of the caller)."""


class Seen:
    """A seat's view with the observer, for the fields' getters (each seat's entry looked up once)."""

    __slots__ = ("_entries", "players", "seat", "view")

    def __init__(self, view: View, seat: int, players: int) -> None:
        self.view = view
        self.seat = seat
        self.players = players
        self._entries: dict[tuple[int, str | None], View] = {}

    def at(self, *path: str) -> Any:
        """The value at ``path`` (nested keys), or None where a key is missing."""
        here: Any = self.view
        for key in path:
            if not isinstance(here, Mapping) or key not in here:
                return None
            here = here[key]
        return here

    def seat_data(self, rel: int, container: str | None = "seats") -> View:
        """The view's entry for the seat ``rel`` places after the observer, under ``container`` (at the top where
        None); empty if there is none."""
        found = self._entries.get((rel, container))
        if found is None:
            seats = self.view.get(container) if container is not None else self.view
            entry = seats.get(str((self.seat + rel) % self.players)) if isinstance(seats, Mapping) else None
            found = self._entries[rel, container] = entry if isinstance(entry, Mapping) else {}
        return found

    def rel(self, value: Any) -> int | None:
        """The relative seat of an absolute seat number (an int or its string), None for anything else."""
        if isinstance(value, bool):
            return None
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if isinstance(value, int) and 0 <= value < self.players:
            return (value - self.seat) % self.players
        return None


Slots = Iterable[tuple[int, float]]
"""What a field writes: (slot, value) pairs; slots not written are 0."""


@dataclass(frozen=True, slots=True)
class Field:
    """A run of numbers of a layout: its name, a label per number, what it means, its bounds, how it is read."""

    name: str
    labels: tuple[str, ...]
    meaning: str
    low: float
    high: float
    read: Callable[[Seen], Slots]
    key: str = ""
    """The top-level key of the view the field reads (``<seat>`` for a seat's own key); default: the name's first
    part."""
    size: int = 0
    """How many numbers (one per label)."""

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.name.split(".", 1)[0])
        object.__setattr__(self, "size", len(self.labels))


@dataclass(frozen=True, slots=True)
class Layout:
    """The observation layout of one game and config: the fields in order, and the view's keys left out."""

    game_id: str
    config: Config
    fields: tuple[Field, ...]
    left_out: tuple[tuple[str, str], ...]
    """(top-level key of the view, why it is not encoded)."""
    size: int = 0
    """How many numbers (worked out from the fields)."""
    _starts: tuple[tuple[int, Field], ...] = ()

    def __post_init__(self) -> None:
        starts = []
        offset = 0
        for f in self.fields:
            starts.append((offset, f))
            offset += f.size
        object.__setattr__(self, "_starts", tuple(starts))
        object.__setattr__(self, "size", offset)

    def keys(self) -> frozenset[str]:
        """The top-level keys of the view the fields read (``<seat>``: the seats' own keys)."""
        return frozenset(f.key for f in self.fields)

    def offsets(self) -> tuple[tuple[int, Field], ...]:
        """Each field with the index of its first number."""
        return self._starts

    def bounds(self) -> tuple[Vector, Vector]:
        """The lowest and highest value of every number (for a PettingZoo ``Box``)."""
        low = np.concatenate([np.full(f.size, f.low, np.float32) for f in self.fields])
        high = np.concatenate([np.full(f.size, f.high, np.float32) for f in self.fields])
        return low, high

    def encode(self, view: View, seat: int, out: Vector | None = None) -> Vector:
        """The seat's view as ``size`` numbers (written into ``out`` when given)."""
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out.fill(0.0)
        seen = Seen(view, seat, self.config.players)
        index: list[int] = []
        values: list[float] = []
        for offset, f in self._starts:
            for slot, value in f.read(seen):
                index.append(offset + slot)
                values.append(value)
        out[index] = values
        return out

    def rows(self) -> list[tuple[int, int, str, str]]:
        """``(offset, size, name, meaning)`` for every field: the table docs/interop.md prints."""
        return [(offset, f.size, f.name, f.meaning) for offset, f in self.offsets()]


# -- field constructors ----------------------------------------------------------------------------------------------
Getter = Callable[[Seen], Any]


def number(name: str, meaning: str, get: Getter, low: float = 0.0, high: float = INF, key: str = "") -> Field:
    """One number (a bool counts 0 or 1; missing counts 0)."""

    def read(seen: Seen) -> Slots:
        value = get(seen)
        if value is None or value is False:
            return ()
        if not isinstance(value, (int, float)):
            raise EncodingError(f"{name}: expected a number, got {value!r}")
        return ((0, float(value)),)

    return Field(name, (name,), meaning, low, high, read, key)


def flag(name: str, meaning: str, get: Getter) -> Field:
    """One number, 1 where the value is true."""
    return Field(name, (name,), meaning, 0.0, 1.0, lambda seen: ((0, 1.0),) if get(seen) else ())


def onehot(name: str, meaning: str, vocabulary: Sequence[Any], get: Getter) -> Field:
    """One number per name of ``vocabulary``: 1 at the value's name (all 0 where there is no value)."""
    index = {v: i for i, v in enumerate(vocabulary)}

    def read(seen: Seen) -> Slots:
        value = get(seen)
        if value is None:
            return ()
        return ((_slot(index, value, name), 1.0),)

    return Field(name, tuple(f"{name}={v}" for v in vocabulary), meaning, 0.0, 1.0, read)


def counts(name: str, meaning: str, vocabulary: Sequence[Any], get: Getter) -> Field:
    """One number per name of ``vocabulary``: how many of it (the value is a table of name to count, or a list of
    names)."""
    index = {v: i for i, v in enumerate(vocabulary)}

    def read(seen: Seen) -> Slots:
        value = get(seen)
        if not value:
            return ()
        items = value.items() if isinstance(value, Mapping) else _tally(value)
        out: dict[int, float] = {}
        for key, count in items:
            slot = _slot(index, key, name)
            out[slot] = out.get(slot, 0.0) + float(count)
        return out.items()

    return Field(name, tuple(f"{name}.{v}" for v in vocabulary), meaning, 0.0, INF, read)


def seat(name: str, meaning: str, players: int, get: Getter) -> Field:
    """One number per relative seat: 1 at the seat the value names (absolute in the view)."""

    def read(seen: Seen) -> Slots:
        rel = seen.rel(get(seen))
        return () if rel is None else ((rel, 1.0),)

    return Field(name, tuple(f"{name}=seat+{r}" for r in range(players)), meaning, 0.0, 1.0, read)


def seats(name: str, meaning: str, players: int, get: Getter) -> Field:
    """One number per relative seat: how many times the list the value is names it."""

    def read(seen: Seen) -> Slots:
        out: dict[int, float] = {}
        for value in get(seen) or ():
            rel = seen.rel(value)
            if rel is not None:
                out[rel] = out.get(rel, 0.0) + 1.0
        return out.items()

    return Field(name, tuple(f"{name}=seat+{r}" for r in range(players)), meaning, 0.0, INF, read)


def positions(name: str, meaning: str, vocabulary: Sequence[Any], length: int, get: Getter) -> Field:
    """A list whose order matters, one-hot per position: ``length`` blocks of one number per name."""
    index = {v: i for i, v in enumerate(vocabulary)}
    width = len(vocabulary)

    def read(seen: Seen) -> Slots:
        items = get(seen) or ()
        if len(items) > length:
            raise EncodingError(f"{name}: {len(items)} items do not fit the {length} positions")
        return [(i * width + _slot(index, item, name), 1.0) for i, item in enumerate(items)]

    labels = tuple(f"{name}[{i}]={v}" for i in range(length) for v in vocabulary)
    return Field(name, labels, meaning, 0.0, 1.0, read)


def per_seat(
    players: int, make: Callable[[str, Callable[[Seen], View], int], list[Field]], container: str | None = "seats"
) -> list[Field]:
    """The fields ``make(prefix, entry, rel)`` gives for one seat, for every seat relative to the observer
    (``seat+0`` first); ``entry(seen)`` is that seat's entry of the view (under ``container``)."""
    out: list[Field] = []
    for rel in range(players):

        def entry(seen: Seen, rel: int = rel) -> View:
            return seen.seat_data(rel, container)

        for f in make(f"seat+{rel}", entry, rel):
            out.append(f if f.key != f"seat+{rel}" else replace(f, key=container or "<seat>"))
    return out


def _slot(index: Mapping[Any, int], key: Any, name: str) -> int:
    found = index.get(key)
    if found is None:
        raise EncodingError(f"{name}: {key!r} has no slot (the layout's vocabulary lacks it)")
    return found


def _tally(items: Iterable[Any]) -> list[tuple[Any, int]]:
    out: dict[Any, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return list(out.items())

"""The actions of Ra: one small dataclass per kind of decision, and shared instances for the hot path.

Playing several God tiles is a sequence (``PlayGod`` ... then ``EndTurn``); a disaster's discards are a
sequence of ``Discard`` actions, one tile each, asked only when the winner really has a choice. Their JSON forms
(with names) are in ``names.py``.

Inside they hold the rules' codes; people see names: ``str(action)`` is the action as docs/positions.md writes it
(``{god = "gold"}``, ``pass``: what ``game.action`` reads back), ``repr`` that text with the class
(``<PlayGod {god = "gold"}>``). Their JSON (``game.action_to_data``) is unchanged by either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from nilerules.core import written
from nilerules.games.ra.state import KINDS, Disk, TileKind


class _Named:
    """The ``str`` and ``repr`` of every Ra action: its written form, with names (``names.action_to_data``); an
    action whose codes name nothing (``Bid(0)``, built by hand) shows its fields instead."""

    __slots__ = ()

    def _text(self) -> str | None:
        from nilerules.games.ra import names  # names imports the action classes

        return written.named(self, names.action_to_data, lambda data: names.action_from_data(data, _no_old_deals))

    def __str__(self) -> str:
        text = self._text()
        return text if text is not None else written.fields(self)

    def __repr__(self) -> str:
        text = self._text()
        return f"<{type(self).__name__} {text}>" if text is not None else written.fields(self)


def _no_old_deals(players: int) -> None:
    """No disk sets: ``str`` reads back today's forms only (an old log's deal order needs the spec's sets)."""
    return None


@dataclass(frozen=True, slots=True, repr=False)
class Draw(_Named):
    """Draw a tile from the bag (the tile itself is the next chance action)."""


@dataclass(frozen=True, slots=True, repr=False)
class InvokeRa(_Named):
    """Start an auction voluntarily."""


@dataclass(frozen=True, slots=True, repr=False)
class PlayGod(_Named):
    """Use one God tile to take one tile of ``kind`` from the auction track."""

    kind: TileKind


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(_Named):
    """Stop playing God tiles this turn."""


@dataclass(frozen=True, slots=True, repr=False)
class Bid(_Named):
    """Bid one face-up sun disk in the running auction."""

    disk: Disk


@dataclass(frozen=True, slots=True, repr=False)
class Pass(_Named):
    """Do not bid in the running auction."""


@dataclass(frozen=True, slots=True, repr=False)
class Discard(_Named):
    """Discard one tile of ``kind`` to a disaster."""

    kind: TileKind


@dataclass(frozen=True, slots=True, repr=False)
class DrawTile(_Named):
    """Chance: the tile drawn from the bag is of ``kind``."""

    kind: TileKind


@dataclass(frozen=True, slots=True, repr=False)
class Deal(_Named):
    """Chance, once at the start: seat ``p`` receives the sun disks ``sets[p]`` (each way of handing out the spec's
    disk sets equally likely)."""

    sets: tuple[tuple[Disk, ...], ...]


RaAction: TypeAlias = Draw | InvokeRa | PlayGod | EndTurn | Bid | Pass | Discard | DrawTile | Deal
ACTION_TYPES: Final = (Draw, InvokeRa, PlayGod, EndTurn, Bid, Pass, Discard, DrawTile, Deal)
"""The classes of ``RaAction`` (``isinstance(value, ACTION_TYPES)``: is it an action of this game at all)."""

DRAW_ACTION: Final = Draw()
INVOKE_ACTION: Final = InvokeRa()
END_ACTION: Final = EndTurn()
PASS_ACTION: Final = Pass()
BIDS: Final = tuple(Bid(d) for d in range(17))
GODS_BY_KIND: Final = tuple(PlayGod(k) for k in range(KINDS))
DISCARDS: Final = tuple(Discard(k) for k in range(KINDS))
DRAWS: Final = tuple(DrawTile(k) for k in range(KINDS))

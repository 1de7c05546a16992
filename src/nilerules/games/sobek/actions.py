"""Sobek's actions: each is one small decision; compound choices are sequences ending in ``Done``.

Inside they hold the rules' codes; people see names: ``str(action)`` is the action as docs/positions.md writes it
(``{horizontal = "wheat"}``, ``done``: what ``game.action`` reads back), ``repr`` that text with the class
(``<StartHorizontal {horizontal = "wheat"}>``). Their JSON (``game.action_to_data``) is unchanged by either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias


class _Named:
    """The ``str`` and ``repr`` of every Sobek action: its written form, with names (``names.action_text``)."""

    __slots__ = ()

    def __str__(self) -> str:
        from nilerules.games.sobek import names  # names imports the action classes

        text = names.action_text(self)
        return text if text is not None else self._fields()

    def __repr__(self) -> str:
        from nilerules.games.sobek import names

        text = names.action_text(self)
        return f"<{type(self).__name__} {text}>" if text is not None else self._fields()

    def _fields(self) -> str:
        """The dataclass form with the codes (``DrawCard(item=99)``), for an action whose codes name nothing."""
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in getattr(self, "__slots__", ()))
        return f"{type(self).__name__}({values})"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class DrawCard(_Named):
    """Chance: the card type (or event token type) drawn for the pending draw."""

    item: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class DrawToken(_Named):
    """Chance: the event token type drawn (the round's five tokens, or a token taken blind)."""

    item: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Take(_Named):
    """Take the card at ``index`` of the row along the Nile (market action, or the Merchant's power)."""

    index: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class PlayCharacter(_Named):
    """Play a character card from hand for its power."""

    card: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class StartSet(_Named):
    """Begin a set of goods type ``family``: a new set (``target`` -1) or an addition to own set ``target``."""

    family: int
    target: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class StartHorizontal(_Named):
    """At the end of the round, begin a horizontal set (``family`` -1 under the different-kinds reading)."""

    family: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class AddCard(_Named):
    """Add one card of this type from hand to the set being built (or to the Courtesan's set)."""

    card: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Done(_Named):
    """Finish the current compound choice (a set, the Courtesan's additions, the horizontal sets)."""


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ChooseEvent(_Named):
    """Choose an event token from the ones remaining this round."""

    token: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ChooseTarget(_Named):
    """Choose an opponent (Guild, Curse, Vizir, Thief)."""

    player: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ChooseSet(_Named):
    """Choose a played set: ``owner``'s set number ``index`` (Prosperity, Courtesan)."""

    owner: int
    index: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ChooseGoods(_Named):
    """Choose a goods type (High Priest/Priestess)."""

    kind: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ChooseCard(_Named):
    """Choose a card type (Vizir: from a corruption pile; Scribe: a card of the hand to corruption)."""

    card: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ChooseBack(_Named):
    """Thief: choose a card back colour seen in the opponent's hand."""

    back: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Confirm(_Named):
    """Yes/no (High Priest: also discard the characters of that goods type)."""

    yes: bool


@dataclass(frozen=True, slots=True, order=True, repr=False)
class ChooseStart(_Named):
    """Choose the seat that starts the next round (the lowest scorer's choice: SOB-018's ``lowest_chooses`` only)."""

    player: int


SobekAction: TypeAlias = (
    DrawCard | DrawToken | Take | PlayCharacter | StartSet | StartHorizontal | AddCard | Done | ChooseEvent
    | ChooseTarget | ChooseSet | ChooseGoods | ChooseCard | ChooseBack | Confirm | ChooseStart
)
ACTION_TYPES: Final = (
    DrawCard, DrawToken, Take, PlayCharacter, StartSet, StartHorizontal, AddCard, Done, ChooseEvent, ChooseTarget,
    ChooseSet, ChooseGoods, ChooseCard, ChooseBack, Confirm, ChooseStart,
)
"""The classes of ``SobekAction`` (``isinstance(value, ACTION_TYPES)``: is it an action of this game at all)."""

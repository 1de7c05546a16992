"""Actions of Nile Artefacts: one small frozen record per kind of decision (chance outcomes included).

Inside they hold the rules' codes; people see names: ``str(action)`` is the action as docs/positions.md writes it
(``{take = "eye/nile@6"}``, ``{done = true}``: what ``game.action`` reads back), ``repr`` that text with the class
(``<Take {take = "eye/nile@6"}>``). Their JSON (``game.action_to_data``) is unchanged by either. A card, a Monument
or a space is named by the spec's tables (``names.shown_params``): an action holds a code, not its spec.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from nilerules.core import written


class _Named:
    """The ``str`` and ``repr`` of every Nile Artefacts action: its written form, with names
    (``names.action_text``); an action whose codes name nothing (``Draw(999)``, built by hand, or a card when the
    games made so far disagree on the card table) shows its fields instead."""

    __slots__ = ()

    def __str__(self) -> str:
        from nilerules.games.nile_artefacts import names  # names imports the action classes

        text = names.action_text(self)
        return text if text is not None else written.fields(self)

    def __repr__(self) -> str:
        from nilerules.games.nile_artefacts import names

        text = names.action_text(self)
        return f"<{type(self).__name__} {text}>" if text is not None else written.fields(self)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Reveal(_Named):
    """Chance: the Monument card turned over."""

    monument: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Draw(_Named):
    """Chance: the Artifact card kind drawn from the pile."""

    kind: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class TurnAround(_Named):
    """Pay 3 Coins to reverse the Boat before moving."""


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Buy(_Named):
    """Pay 3 Coins for the top card of the draw pile."""


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Move(_Named):
    """Move the Boat forward to ``space``."""

    space: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Take(_Named):
    """Take a card of this kind from under the Boat's space."""

    kind: int


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Offer(_Named):
    """Add a card of this kind from hand to the offering, counting as ``types`` (one type per Artifact it gives);
    under the ``split`` reading of ``card_sharing`` the card is pushed toward one visible Monument (its index)."""

    kind: int
    types: tuple[int, ...]
    monument: int = -1


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Done(_Named):
    """End the offering (it is then checked against every Monument)."""


Action: TypeAlias = Reveal | Draw | TurnAround | Buy | Move | Take | Offer | Done
ACTION_TYPES: Final = (Reveal, Draw, TurnAround, Buy, Move, Take, Offer, Done)
"""The classes of ``Action`` (``isinstance(value, ACTION_TYPES)``: is it an action of this game at all)."""

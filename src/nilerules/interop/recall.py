"""Information states with perfect recall: what a seat has seen since the start, and what it did.

A seat's **record** is a chain with one link per step of the game: the first holds the seat's observation of the
set-up (``{"observer": seat, "position": view}``), each later one what the seat saw of that step, one line of JSON:
``{"by": mover, "did": action, "saw": change}``, where ``by`` is the seat that moved (or ``"chance"``), ``did`` the
action's name when the seat itself moved (left out otherwise), and ``saw`` the change of the seat's view that the
step made (``diff``: the keys whose values changed, with their new values; a key that went away is ``null``). The
record is exactly the sequence of the seat's observations and its own actions (each observation is the first one
with every change applied in turn), so two histories give the same record if and only if the seat cannot tell them
apart: ``information_state_string`` is the record's lines.

``information_state_tensor`` cannot hold a sequence of up to ``max_game_length`` steps (160,100 in Nile Artefacts)
at a fixed size; it holds three fixed-size summaries of the record, in this order:

1. the seat's observation now (``observation_tensor``, the game's layout);
2. its **peak**: for every number of the layout, the largest value it has had in the seat's observations so far
   (a card seen once in a pile that is face down now stays counted; the most Deben a seat ever held);
3. **own actions**: how many times the seat took each action of the fixed action space so far.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from nilerules.core import dumps

GONE: Final = None
"""What ``diff`` writes for a key that went away."""


def diff(before: Any, after: Any) -> Any:
    """The change from ``before`` to ``after``: for two tables, the keys whose values changed (nested tables
    recursively), with ``None`` for a key that went away; otherwise ``after`` itself."""
    if not (isinstance(before, Mapping) and isinstance(after, Mapping)):
        return after
    out: dict[str, Any] = {}
    for key, value in after.items():
        if key not in before:
            out[key] = value
        elif before[key] != value:
            out[key] = diff(before[key], value)
    for key in before:
        if key not in after:
            out[key] = GONE
    return out


def patch(before: Any, change: Any) -> Any:
    """``before`` with ``change`` applied (``patch(a, diff(a, b)) == b`` where ``b`` holds no ``None`` value)."""
    if not (isinstance(before, Mapping) and isinstance(change, Mapping)):
        return change
    out = dict(before)
    for key, value in change.items():
        if value is GONE:
            out.pop(key, None)
        elif key in out:
            out[key] = patch(out[key], value)
        else:
            out[key] = value
    return out


class Recall:
    """One link of a seat's record: the line of this step, the seat's own action id (-1 when another moved), the
    link before it (None for the first). Immutable."""

    __slots__ = ("depth", "line", "own", "parent")

    def __init__(self, parent: Recall | None, line: str, own: int = -1) -> None:
        self.parent = parent
        self.line = line
        self.own = own
        self.depth: int = 0 if parent is None else parent.depth + 1

    @classmethod
    def start(cls, seat: int, view: Mapping[str, Any]) -> Recall:
        """The first link: the seat's observation of the first state."""
        return cls(None, dumps({"observer": seat, "position": view}))

    def then(self, mover: int | None, action: str | None, own: int, before: Any, after: Any) -> Recall:
        """The next link: ``mover`` (None for chance) moved, the seat's view went from ``before`` to ``after``;
        ``action`` is the action's name and ``own`` its id when the mover is the seat."""
        entry: dict[str, Any] = {"by": "chance" if mover is None else mover}
        if action is not None:
            entry["did"] = action
        entry["saw"] = diff(before, after)
        return Recall(self, dumps(entry), own)

    def links(self) -> list[Recall]:
        """Every link from the first to this one."""
        out: list[Recall] = []
        link: Recall | None = self
        while link is not None:
            out.append(link)
            link = link.parent
        out.reverse()
        return out

    def text(self) -> str:
        """The record as lines of JSON (``information_state_string``)."""
        return "\n".join(link.line for link in self.links())

    def own_actions(self) -> Iterator[int]:
        """The ids of the seat's own actions, most recent first."""
        link: Recall | None = self
        while link is not None:
            if link.own >= 0:
                yield link.own
            link = link.parent

    def data(self) -> list[tuple[str, int]]:
        """The record as plain data (for pickling): (line, own id) from the first link."""
        return [(link.line, link.own) for link in self.links()]

    @classmethod
    def from_data(cls, data: list[tuple[str, int]]) -> Recall:
        """The record ``data()`` wrote."""
        link: Recall | None = None
        for line, own in data:
            link = cls(link, line, own)
        if link is None:
            raise ValueError("an empty record")
        return link

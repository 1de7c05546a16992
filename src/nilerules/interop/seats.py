"""What a seat sees and what a seat gets: the observation of a seat (its view of the position), and the returns.

**Views.** A seat's view is the game's own (``game.seen_view``, frozen as ``game.observation``: each game's
``seen.py`` says what is hidden, citing the seeds; docs/interop.md quotes them): the position data
(docs/positions.md) with what that seat cannot see replaced by what it can, a count of face-down items or the backs
of an opponent's cards. Ra and Nile Artefacts hide nothing (what no one has seen yet, the bag or the draw pile, is
not part of the position: the model draws it when it comes out); Sobek hides an opponent's hand but its backs, and
Nefertiti the cards under the Gift pile.

**Returns.** At the end of a game each seat gets a value from its place in ``game.ranking`` (which applies every
tie-break the rules state): place ``k`` of ``n`` (0 = first) is worth ``(n - 1 - 2k) / (n - 1)``, from +1 for the
winner to -1 for the last, and seats still tied share the mean of the places they span. The returns sum to 0.
Points are not used: their scale differs between games and specs (a what-if edit of a spec changes it), they have no
stated bounds (OpenSpiel needs a minimum and a maximum utility), and a game is won by its ranking, tie-breaks
included, not by a margin.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from nilerules.core import dumps

View = dict[str, Any]

IMPERFECT: Final = frozenset({"sobek", "nefertiti"})
"""The games in which some seat cannot see part of the position (OpenSpiel: imperfect information)."""


def view(game: Any, state: Any, seat: int, data: View | None = None) -> View:
    """What ``seat`` sees of ``state``: the position data (``data`` when the caller has it already), with what the
    seat cannot see replaced (see the module doc)."""
    found: View = game.seen_view(state, seat, data)
    return found


def observation_text(game: Any, state: Any, seat: int, data: View | None = None) -> str:
    """A seat's observation as one line of canonical JSON: ``{"observer": seat, "position": view}``."""
    return dumps({"observer": seat, "position": view(game, state, seat, data)})


def rank_returns(game: Any, state: Any) -> tuple[float, ...]:
    """The return of every seat at the end of the game (see the module doc); zeros before the end."""
    players: int = game.state_config(state).players
    if not game.is_terminal(state):
        return (0.0,) * players
    worth = [Fraction(players - 1 - 2 * k, players - 1) for k in range(players)]
    out = [Fraction(0)] * players
    place = 0
    for group in game.ranking(state).places:
        share = sum(worth[place : place + len(group)], Fraction(0)) / len(group)
        for seat in group:
            out[seat] = share
        place += len(group)
    return tuple(float(x) for x in out)


def render_text(game: Any, state: Any) -> str:
    """The whole position as text, for a person watching: a header, then one line per key (nested tables indented
    once). Nothing is hidden: this is the table seen from above, not any seat's view."""
    config = game.state_config(state)
    mover = game.current_player(state)
    who = "over" if mover is None else f"{mover} to move" if isinstance(mover, int) else "chance to move"
    lines = [f"{game.info.id}, {config.players} players ({who}); scores {list(game.scores(state))}"]
    for key, value in game.position_data(state).items():
        if key == "config":
            continue
        if isinstance(value, Mapping) and value:
            lines.append(f"{key}:")
            lines += [f"  {k}: {_line(v)}" for k, v in value.items()]
        else:
            lines.append(f"{key}: {_line(value)}")
    return "\n".join(lines)


def _line(value: Any) -> str:
    return value if isinstance(value, str) else dumps(value)

"""What a seat sees and what a seat gets: the observation of a seat (its view of the position), and the returns.

**Views.** A seat's view is the game's position data (docs/positions.md, ``game.position_data``) with what that seat
cannot see replaced by what it can: a count of face-down items, or the backs of an opponent's cards. What is hidden
follows the seeds (docs/interop.md quotes them):

- Ra, Nile Artefacts: nothing. Every tile and card a player holds lies face up; what no one has seen yet (the bag,
  the draw pile, the Monuments removed unseen) is not part of the position at all: the model draws it when it comes
  out.
- Sobek: an opponent's hand shows only its backs (the goods colour, the green back of the starting cards, the
  characters' back; under ``thief_backs = kind_known`` a green back shows its goods type too); the cards a 2-player
  game removes at set-up; the round's event tokens under ``event_choice = blind``.
- Nefertiti: the cards under the Gift pile (drawn face down), except to the seat using the Priest while it looks.

**Returns.** At the end of a game each seat gets a value from its place in ``game.ranking`` (which applies every
tie-break the rules state): place ``k`` of ``n`` (0 = first) is worth ``(n - 1 - 2k) / (n - 1)``, from +1 for the
winner to -1 for the last, and seats still tied share the mean of the places they span. The returns sum to 0.
Points are not used: their scale differs between games and specs (a what-if edit of a spec changes it), they have no
stated bounds (OpenSpiel needs a minimum and a maximum utility), and a game is won by its ranking, tie-breaks
included, not by a margin.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

from nilerules.core import Config, dumps

View = dict[str, Any]
Redact = Callable[[Any, View, int, Config], View]

IMPERFECT: Final = frozenset({"sobek", "nefertiti"})
"""The games in which some seat cannot see part of the position (OpenSpiel: imperfect information)."""


def view(game: Any, state: Any, seat: int, data: View | None = None) -> View:
    """What ``seat`` sees of ``state``: the position data (``data`` when the caller has it already), with what the
    seat cannot see replaced (see the module doc)."""
    if data is None:
        data = game.position_data(state)
    redact = _REDACT.get(game.info.id)
    return redact(game, data, seat, game.state_config(state)) if redact is not None else data


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


def _face_down(items: Any) -> dict[str, int]:
    """Face-down items shown as their number: a list, or a table of name to count."""
    count = sum(items.values()) if isinstance(items, Mapping) else len(items)
    return {"face_down": count}


# -- Sobek ---------------------------------------------------------------------------------------------------------
def _sobek(game: Any, data: View, seat: int, config: Config) -> View:
    """Opponents' hands as backs; removed cards, and the round's tokens under the blind reading, as counts."""
    kind_known = config.reading("thief_backs") == "kind_known"
    characters = frozenset(game.spec.value("characters"))
    out = dict(data)
    seats = {}
    for key, entry in data.get("seats", {}).items():
        if int(key) != seat and "hand" in entry:
            entry = {k: v for k, v in entry.items() if k != "hand"}
            entry["hand_backs"] = _backs(data["seats"][key]["hand"], characters, kind_known)
        seats[key] = entry
    if "seats" in data:
        out["seats"] = seats
    if "removed" in data:
        out["removed"] = _face_down(data["removed"])  # 'In a two player game 9 cards are removed at random' (002)
    if config.reading("event_choice") == "blind":
        for key in ("events", "event_bag"):
            if key in data:
                out[key] = _face_down(data[key])
    return out


def _backs(hand: Mapping[str, int], characters: frozenset[str], kind_known: bool) -> dict[str, int]:
    """The backs of a hand's cards (docs/positions.md names: ``fish``, ``fish_scarabs``, ``fish_green``, and the
    characters): a goods card's back is its goods colour, a starting card's is green (or its goods colour under
    ``kind_known``), a character's is the characters' back."""
    backs: Counter[str] = Counter()
    for name, count in hand.items():
        if name in characters:
            backs["character"] += count
        elif name.endswith("_green"):
            backs[name.removesuffix("_green") if kind_known else "green"] += count
        else:
            backs[name.removesuffix("_scarabs")] += count
    return dict(sorted(backs.items()))


# -- Nefertiti -----------------------------------------------------------------------------------------------------
def _nefertiti(game: Any, data: View, seat: int, config: Config) -> View:
    """The cards under the Gift pile as a count, except to the seat using the Priest while it looks."""
    character = data.get("character", {})
    looking = character.get("active") == "priest" and data.get("to_move") == seat and data.get("phase") == "character"
    if looking:
        return data
    out = dict(data)
    if "bottom" in data:
        out["bottom"] = _face_down(data["bottom"])
    if "priest" in character:
        out["character"] = {k: v for k, v in character.items() if k != "priest"}
    return out


_REDACT: Final[dict[str, Redact]] = {"sobek": _sobek, "nefertiti": _nefertiti}

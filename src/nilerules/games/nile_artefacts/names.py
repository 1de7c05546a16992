"""The one code<->name table of Nile Artefacts, and the JSON forms of its actions.

Codes inside the rules, names at every boundary (logs, positions, actions in JSON, errors, the report):

- an Artifact type is 0..5 inside and ``eye statue cat figure bird ankh`` outside; a region is 0..2 inside and
  ``nile desert fields`` outside;
- a card *kind* is an index into ``Params.cards``; its name is ``type[+type2]/region@space`` (``eye/nile@3``,
  ``cat+ankh/fields@9``, a green card giving 2 Artifacts); a hand is card names joined by commas;
- a condition is a tuple ``(kind, n, a, b, c)`` (``COND_*``) inside and ``type:T``, ``pair:N:A+B``, ``same:N``,
  ``diff:N``, ``region:R``, ``each:R+R[+R]``, ``two_plus:R+R`` outside; a Monument is its level conditions joined by
  ``|`` (its name, see ``monument_names``);
- a space is 0 (``left_port``) .. ``river_spaces + 1`` (``right_port``); river spaces are ``space_1`` and so on;
- a phase is ``state.PH_*`` inside and ``PHASE_NAMES`` outside;
- actions serialise with names (``{"draw": "eye/nile@3"}``); logs written before names (``{"type": "Draw",
  "kind": 0}``) are translated here, once (``action_from_data``).

It imports nothing of the game but the actions (the params, the state, the rules and the position format import it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeAlias

from nilerules.core import written
from nilerules.core.codec import from_data
from nilerules.errors import MalformedAction, QueryError
from nilerules.games.nile_artefacts.actions import (
    ACTION_TYPES,
    Action,
    Buy,
    Done,
    Draw,
    Move,
    Offer,
    Reveal,
    Take,
    TurnAround,
)

if TYPE_CHECKING:
    from nilerules.games.nile_artefacts.params import Params


CardKind: TypeAlias = int
"""Index of a card kind in ``Params``."""
ArtifactType: TypeAlias = int
"""0 eye, 1 bird-headed statue, 2 cat statue, 3 figure, 4 bird, 5 ankh."""
Region: TypeAlias = int
"""0 Nile (blue wave), 1 desert (orange), 2 fields (green)."""
MonumentId: TypeAlias = int
Space: TypeAlias = int
"""0 is the left Port, ``river_spaces + 1`` the right Port."""
Condition: TypeAlias = tuple[int, int, int, int, int]
"""(kind, n, a, b, c): see the ``COND_*`` constants; unused fields are -1."""
Options: TypeAlias = tuple[tuple[ArtifactType, ...], ...]
"""The type tuples an offered card may count as (one type per Artifact it gives)."""

TYPE_NAMES: Final = ("eye", "statue", "cat", "figure", "bird", "ankh")
REGION_NAMES: Final = ("nile", "desert", "fields")
N_TYPES: Final = 6
N_REGIONS: Final = 3

COND_TYPE: Final = 0  # n Artifacts of type a
COND_PAIR: Final = 1  # n Artifacts of types a or b
COND_SAME: Final = 2  # n Artifacts of one type
COND_DIFF: Final = 3  # n Artifacts of n different types
COND_REGION: Final = 4  # n cards of region a
COND_EACH: Final = 5  # one card of each of the regions a, b (and c if >= 0)
COND_TWO_PLUS: Final = 6  # one card of region a, one of b, a third of a or b
COND_NAMES: Final = ("type", "pair", "same", "diff", "region", "each", "two_plus")

PHASE_NAMES: Final = ("reveal", "deal", "navigation", "buy", "offerings", "over")
"""Each phase's name (in the position format), indexed by its code ``state.PH_*``."""

MAX_COUNT: Final = 10_000
"""Upper bound for a condition's N (and, in ``params``, for Coins, costs and cards per round)."""


# ------------------------------------------------------------------------------------------------ names
def type_code(name: str) -> int:
    try:
        return TYPE_NAMES.index(name.strip())
    except ValueError:
        raise ValueError(f"unknown Artifact type {name!r} (types: {', '.join(TYPE_NAMES)})") from None


def region_code(name: str) -> int:
    try:
        return REGION_NAMES.index(name.strip())
    except ValueError:
        raise ValueError(f"unknown region {name!r} (regions: {', '.join(REGION_NAMES)})") from None


def space_name(params: Params, space: Space) -> str:
    """``left_port``, ``space_1`` .. ``space_<river_spaces>``, ``right_port``."""
    if space == 0:
        return "left_port"
    if space == params.right_port:
        return "right_port"
    return f"space_{space}"


def space_code(params: Params, name: str) -> Space:
    """The inverse of ``space_name``; ValueError on a name that is not a space of this board."""
    if name == "left_port":
        return 0
    if name == "right_port":
        return params.right_port
    head, _, number = name.partition("_")
    if head == "space" and number.isdigit() and 1 <= int(number) <= params.river_spaces:
        return int(number)
    raise ValueError(f"unknown space {name!r} (left_port, space_1 .. space_{params.river_spaces}, right_port)")


def monument_names(params: Params) -> tuple[str, ...]:
    """Each Monument's name: its conditions joined by '|' (``#2``, ``#3``... added to repeats of the same text)."""
    out: list[str] = []
    for text in params.monument_text:
        repeat = sum(1 for earlier in out if earlier.partition("#")[0] == text)
        out.append(f"{text}#{repeat + 1}" if repeat else text)
    return tuple(out)


def card_code(params: Params, name: str) -> CardKind:
    """The kind of a card name ``type[+type2]/region@space`` (ValueError when the game has no such card)."""
    try:
        return params.cards.index(name.strip())
    except ValueError:
        pass
    types, region, space = parse_card(name)  # a well-formed name that is not in the data, or a spelling variant
    canonical = f"{card_text(types, region)}@{space}"
    if canonical in params.cards:
        return params.cards.index(canonical)
    raise ValueError(f"no card {name!r} in this game's card data")


# ------------------------------------------------------------------------------------------------ text formats
def parse_card(text: str) -> tuple[tuple[int, ...], int, int]:
    """``'cat+ankh/fields@9'`` -> ((2, 5), 2, 9); the space is -1 when not given."""
    body, _, space = text.strip().partition("@")
    types, sep, region = body.partition("/")
    if not sep:
        raise ValueError(f"card {text!r}: expected 'type[+type2]/region[@space]'")
    parsed = tuple(type_code(t) for t in types.split("+"))
    if not 1 <= len(parsed) <= 2:
        raise ValueError(f"card {text!r}: one or two types")
    space = space.strip()
    if space and not (space.isdigit() and len(space) <= 6):
        raise ValueError(f"card {text!r}: the space after '@' must be a number")
    return parsed, region_code(region), int(space) if space else -1


def card_text(types: tuple[int, ...], region: int) -> str:
    return "+".join(TYPE_NAMES[t] for t in types) + "/" + REGION_NAMES[region]


def _count(text: str) -> int:
    if not (text.isdigit() and 1 <= len(text) <= 6) or not 1 <= int(text) <= MAX_COUNT:
        raise ValueError(f"N must be a whole number 1..{MAX_COUNT}, got {text!r}")
    return int(text)


def parse_condition(text: str) -> Condition:
    """``'pair:3:ankh+eye'`` -> (COND_PAIR, 3, 5, 0, -1)."""
    parts = text.strip().split(":")
    head = parts[0]
    try:
        if head == "type" and len(parts) == 2:
            return (COND_TYPE, 2, type_code(parts[1]), -1, -1)
        if head == "pair" and len(parts) == 3:
            pair = [type_code(t) for t in parts[2].split("+")]
            if len(pair) != 2:
                raise ValueError("two types")
            return (COND_PAIR, _count(parts[1]), pair[0], pair[1], -1)
        if head in ("same", "diff") and len(parts) == 2:
            return (COND_SAME if head == "same" else COND_DIFF, _count(parts[1]), -1, -1, -1)
        if head == "region" and len(parts) == 2:
            return (COND_REGION, 2, region_code(parts[1]), -1, -1)
        if head == "each" and len(parts) == 2:
            regions = [region_code(r) for r in parts[1].split("+")]
            if len(regions) not in (2, 3) or len(set(regions)) != len(regions):
                raise ValueError("two or three different regions")
            return (COND_EACH, len(regions), regions[0], regions[1], regions[2] if len(regions) == 3 else -1)
        if head == "two_plus" and len(parts) == 2:
            two = [region_code(r) for r in parts[1].split("+")]
            if len(two) != 2 or two[0] == two[1]:
                raise ValueError("two different regions")
            return (COND_TWO_PLUS, 3, two[0], two[1], -1)
    except ValueError as exc:
        raise ValueError(f"condition {text!r}: {exc}") from None
    raise ValueError(
        f"condition {text!r}: expected type:T, pair:N:A+B, same:N, diff:N, region:R, each:R+R[+R], two_plus:R+R"
    )


def on_types(cond: Condition) -> bool:
    """Whether a condition counts Artifacts by type (``type``, ``pair``, ``same``, ``diff``), not cards by region."""
    return cond[0] < COND_REGION


def is_pair(cond: Condition) -> bool:
    """Whether a condition is ``pair:N:A+B`` (N Artifacts of two types)."""
    return cond[0] == COND_PAIR


def needed(cond: Condition) -> int:
    """The N of a condition: how many Artifacts (or cards) it needs at least."""
    return cond[1]


def condition_text(cond: Condition) -> str:
    kind, n, a, b, c = cond
    if kind == COND_TYPE:
        return f"type:{TYPE_NAMES[a]}"
    if kind == COND_PAIR:
        return f"pair:{n}:{TYPE_NAMES[a]}+{TYPE_NAMES[b]}"
    if kind in (COND_SAME, COND_DIFF):
        return f"{'same' if kind == COND_SAME else 'diff'}:{n}"
    if kind == COND_REGION:
        return f"region:{REGION_NAMES[a]}"
    names = [REGION_NAMES[r] for r in (a, b, c) if r >= 0]
    return ("each:" if kind == COND_EACH else "two_plus:") + "+".join(names)


def parse_hand(text: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``'eye/nile, cat+ankh/fields'`` -> (((0,), 0), ((2, 5), 2)); raises QueryError on bad text."""
    out = []
    for item in text.split(","):
        if not item.strip():
            continue
        try:
            types, region, _ = parse_card(item)
        except ValueError as exc:
            raise QueryError(str(exc)) from None
        out.append((types, region))
    return tuple(out)



# ------------------------------------------------------------------------------------------------ actions with names
def action_to_data(params: Params, action: Action) -> Any:
    """An action with names: ``{"draw": "eye/nile@3"}``, ``{"move": "space_4"}``, ``{"offer": card, "as": [...]}``."""
    if isinstance(action, Reveal):
        return {"reveal": monument_names(params)[action.monument]}
    if isinstance(action, Draw):
        return {"draw": params.cards[action.kind]}
    if isinstance(action, Take):
        return {"take": params.cards[action.kind]}
    if isinstance(action, Move):
        return {"move": space_name(params, action.space)}
    if isinstance(action, Offer):
        out: dict[str, Any] = {"offer": params.cards[action.kind], "as": [TYPE_NAMES[t] for t in action.types]}
        if action.monument >= 0:
            out["toward"] = action.monument
        return out
    key = _FLAG_KEYS.get(type(action))
    if key is None:
        raise TypeError(f"not a nile_artefacts action: {action!r}"[:120])
    return {key: True}


_FLAG_KEYS: Final[dict[type, str]] = {TurnAround: "turn_around", Buy: "buy", Done: "done"}
"""The actions without a field and their keys (``{"turn_around": true}``)."""


ACTION_KEYS: Final = ("reveal", "draw", "take", "move", "offer", "turn_around", "buy", "done")


def action_from_data(params: Params, data: Any) -> Action:
    """The inverse of ``action_to_data``; the form written before names (``{"type": "Draw", "kind": 3}``) still
    loads. A bad action raises MalformedAction."""
    if isinstance(data, dict) and "type" in data:
        old: Action = from_data(Action, data)
        return old

    def fail(what: str) -> MalformedAction:
        return MalformedAction(f"nile_artefacts action {data!r}: {what}"[:300])

    if not isinstance(data, dict):
        raise fail('expected an object such as {"draw": "eye/nile@1"}')
    head = [k for k in ACTION_KEYS if k in data]
    if len(head) != 1 or set(data) - {head[0], "as", "toward"} or (head[0] != "offer" and len(data) != 1):
        raise fail(f"expected exactly one of {list(ACTION_KEYS)}")
    key = head[0]
    value = data[key]
    try:
        if key == "reveal":
            names = monument_names(params)
            if value not in names:
                raise ValueError(f"unknown Monument {value!r}")
            return Reveal(names.index(value))
        if key in ("draw", "take", "offer"):
            if not isinstance(value, str):
                raise ValueError("expected a card name")
            kind = card_code(params, value)
            if key == "draw":
                return Draw(kind)
            if key == "take":
                return Take(kind)
            chosen = data.get("as", [])
            toward = data.get("toward", -1)
            if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
                raise ValueError("'as' must be a list of Artifact types")
            if type(toward) is not int:
                raise ValueError("'toward' must be a whole number")
            return Offer(kind, tuple(type_code(t) for t in chosen), toward)
        if key == "move":
            if not isinstance(value, str):
                raise ValueError("expected a space name")
            return Move(space_code(params, value))
        if value is not True:
            raise ValueError(f"expected {{{key!r}: true}}")
        return TurnAround() if key == "turn_around" else Buy() if key == "buy" else Done()
    except ValueError as exc:
        raise fail(str(exc)) from None


# ------------------------------------------------------------------------------------------------ str of an action
_SHOWN: Final[dict[str, dict[Any, Params]]] = {"cards": {}, "monuments": {}, "spaces": {}}
"""Per table an action's codes index (the card kinds, the Monuments, the river's spaces), the distinct tables of the
games made in this process (``note_params``), each with one params record holding it: how ``str`` names a code."""
_TABLE_OF: Final[dict[type, str]] = {Draw: "cards", Take: "cards", Offer: "cards", Reveal: "monuments",
                                     Move: "spaces"}


def note_params(params: Params) -> None:
    """Record the tables of a Nile Artefacts game being made (its params, one record per player count)."""
    _SHOWN["cards"].setdefault(params.cards, params)
    _SHOWN["monuments"].setdefault(params.monument_text, params)
    _SHOWN["spaces"].setdefault(params.river_spaces, params)


def shown_params(action: Action) -> Params | None:
    """The params by which ``str`` names ``action``'s code: a record of a game made so far, when every game made so
    far names that code alike (its card, Monument or space: a game of an edited spec that names the code otherwise
    never lends it its name, and one that names it alike changes nothing); None before any game is made, or when
    games name the code differently (an action holds a code, not its spec)."""
    known = tuple(_SHOWN[_TABLE_OF[type(action)]].values())
    if not known or len({_code_name(params, action) for params in known}) > 1:
        return None
    return known[0]


def _code_name(params: Params, action: Action) -> str:
    """The name ``params`` gives the one code of ``action`` its table indexes ('' when it names nothing there)."""
    if isinstance(action, Reveal):
        names = monument_names(params)
        return names[action.monument] if 0 <= action.monument < len(names) else ""
    if isinstance(action, Move):
        return space_name(params, action.space) if 0 <= action.space <= params.right_port else ""
    assert isinstance(action, Draw | Take | Offer)
    return params.cards[action.kind] if 0 <= action.kind < len(params.cards) else ""


def action_text(action: object) -> str | None:
    """``str`` of a Nile Artefacts action: its JSON with names as docs/positions.md writes it (``{take =
    "eye/nile@6"}``, ``{done = true}``), which ``game.action`` reads back; None for an action whose code names
    nothing (built by hand, or under tables the games made disagree on: its ``repr`` then shows the fields)."""
    assert isinstance(action, ACTION_TYPES)
    if type(action) in _FLAG_KEYS:
        return written.text({_FLAG_KEYS[type(action)]: True})
    params = shown_params(action)
    if params is None:
        return None
    return written.named(action, lambda a: action_to_data(params, a), lambda data: action_from_data(params, data))

"""Sobek's names: the one table between the codes the rules use inside and the names people and files see.

Card types are small ints inside (goods kind ``k`` has types ``3k`` with scarabs, ``3k+1`` without, ``3k+2`` green
back; characters from ``FIRST_CHAR``); outside they are ``"fish_scarabs"``, ``"fish"``, ``"fish_green"``,
``"queen"``. Event tokens are ``"guild_<symbol>"`` (the spec's symbol order), ``"flood"``, ``"curse"``,
``"prosperity"``, ``"embalming"``, ``"deceit"``. Actions and chance outcomes serialise with these names
(``{"draw": "fish"}``, ``{"take": 0}``, ``"done"``); the tagged form written before (``{"type": "DrawCard",
"item": 4}``) still decodes (its event-token draws given the state they apply to: ``action_from_data``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from nilerules.core import from_data, written
from nilerules.errors import MalformedAction
from nilerules.games.sobek.actions import (
    ACTION_TYPES,
    AddCard,
    ChooseBack,
    ChooseCard,
    ChooseEvent,
    ChooseGoods,
    ChooseSet,
    ChooseStart,
    ChooseTarget,
    Confirm,
    Done,
    DrawCard,
    DrawToken,
    PlayCharacter,
    SobekAction,
    StartHorizontal,
    StartSet,
    Take,
)
from nilerules.games.sobek.state import (
    CHAR_BACK,
    CHARACTERS,
    FIRST_CHAR,
    GREEN_BACK,
    KINDS,
    NTYPES,
    TOKEN_DESTS,
    TOKENS,
    SobekState,
)

VARIANTS: Final = ("_scarabs", "", "_green")
"""Name suffix of the three cards of a goods kind: with scarabs, without, green-backed."""
CARD_NAMES: Final = (*(k + v for k in KINDS for v in VARIANTS), *CHARACTERS)
"""The name of each card type, by code."""
assert len(CARD_NAMES) == NTYPES
CARD_CODES: Final = {name: code for code, name in enumerate(CARD_NAMES)}
GOODS_NAMES: Final = KINDS[:6]
"""Goods types a set can be of (amulets are wild)."""
MIXED: Final = "mixed"
"""The goods name of a horizontal set of different types (reading ``horizontal_sets = different_kinds``)."""
BACK_NAMES: Final = (*KINDS, "green", "character")
"""Card backs a Thief sees: a goods kind's colour, the green back, the characters' back."""
assert BACK_NAMES.index("green") == GREEN_BACK and BACK_NAMES.index("character") == CHAR_BACK


def token_names(symbol_order: tuple[str, ...]) -> tuple[str, ...]:
    """Event token names by code: the four Guilds by the symbol each moves to, then the others."""
    return (*(f"guild_{s}" for s in symbol_order), *TOKENS[len(symbol_order):])


_ORDERS: set[tuple[str, ...]] = set()
"""The symbol orders of the Sobek games made in this process (``note_symbol_order``): how ``str`` names a Guild."""


def note_symbol_order(symbol_order: tuple[str, ...]) -> None:
    """Record the symbol order of a Sobek game being made (its spec's ``params.symbol_order``)."""
    _ORDERS.add(symbol_order)


def shown_token_names() -> tuple[str, ...]:
    """The event token names ``str`` and ``repr`` of an action use (an action holds a code, not its spec): the k-th
    Guild by its symbol when every Sobek game made so far has that symbol k-th in its order (the bundled spec's
    unless edited), else ``guild_k``, as before any game is made; the other tokens by their names. A Guild that a
    game of an edited spec puts elsewhere is never named by the other game's symbol, and the Guilds both games put
    in the same place keep their names."""
    shown = list(TOKENS)
    for k in range(min((len(order) for order in _ORDERS), default=0)):
        symbols = {order[k] for order in _ORDERS}
        if len(symbols) == 1:
            shown[k] = f"guild_{symbols.pop()}"
    return tuple(shown)


def action_text(action: object) -> str | None:
    """``str`` of a Sobek action: its JSON with names written as docs/positions.md writes it (``{take = 0}``,
    ``{set = "fish", onto = 0}``, ``done``), which ``game.action`` reads back; None for an action built by hand with
    a code that names nothing (``DrawCard(99)``: its ``repr`` then shows the fields, and never raises)."""
    assert isinstance(action, ACTION_TYPES)
    tokens = shown_token_names()
    try:
        data = action_to_data(action, tokens)
        if action_from_data(data, tokens) != action:  # a code out of range, shown as another card (DrawCard(-1))
            return None
    except (LookupError, TypeError, MalformedAction):
        return None
    return written.text(data)


def named(value: Any, names: tuple[str, ...] | Mapping[str, int], what: str, key: str) -> int:
    """The code of a name; MalformedAction naming the key otherwise."""
    table = names if isinstance(names, Mapping) else {n: i for i, n in enumerate(names)}
    if not isinstance(value, str) or value not in table:
        raise MalformedAction(f"sobek action {key}: {value!r} is not a {what} ({', '.join(table)})")
    return table[value]


# -- actions ----------------------------------------------------------------------------------------------------
def action_to_data(action: SobekAction, tokens: tuple[str, ...]) -> Any:
    """An action with names (see the module docstring)."""
    if isinstance(action, DrawCard):
        return {"draw": CARD_NAMES[action.item]}
    if isinstance(action, DrawToken):
        return {"draw": tokens[action.item]}
    if isinstance(action, Take):
        return {"take": action.index}
    if isinstance(action, PlayCharacter):
        return {"play": CARD_NAMES[action.card]}
    if isinstance(action, StartSet):
        data: dict[str, Any] = {"set": GOODS_NAMES[action.family]}
        if action.target >= 0:
            data["onto"] = action.target
        return data
    if isinstance(action, StartHorizontal):
        return {"horizontal": GOODS_NAMES[action.family] if action.family >= 0 else MIXED}
    if isinstance(action, AddCard):
        return {"add": CARD_NAMES[action.card]}
    if isinstance(action, Done):
        return "done"
    if isinstance(action, ChooseEvent):
        return {"event": tokens[action.token]}
    if isinstance(action, ChooseTarget):
        return {"target": action.player}
    if isinstance(action, ChooseSet):
        return {"choose_set": action.index, "seat": action.owner}
    if isinstance(action, ChooseGoods):
        return {"goods": GOODS_NAMES[action.kind]}
    if isinstance(action, ChooseCard):
        return {"card": CARD_NAMES[action.card]}
    if isinstance(action, ChooseBack):
        return {"back": BACK_NAMES[action.back]}
    if isinstance(action, ChooseStart):
        return {"start": action.player}
    assert isinstance(action, Confirm)
    return {"confirm": action.yes}


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 16:
        raise MalformedAction(f"sobek action {key}: {value!r} is not a small non-negative integer")
    return value


def action_from_data(data: Any, tokens: tuple[str, ...], state: SobekState | None = None) -> SobekAction:
    """An action from its named form, or from the tagged form logs used before names (rules version 3).

    Version 3 drew event tokens as ``DrawCard`` too (``DrawToken`` came with version 4): a tagged ``DrawCard`` read
    for a ``state`` where an event token is drawn is that token's ``DrawToken``. This is the one place the old form
    is translated (the rules accept only today's chance outcomes); without the state it stays a ``DrawCard``."""
    if data == "done":
        return Done()
    if not isinstance(data, Mapping):
        raise MalformedAction(f"sobek action: {str(data)[:80]!r} is neither 'done' nor a table")
    if "type" in data:  # the tagged form of logs written before names (rules version 3)
        action: SobekAction = from_data(SobekAction, data)
        if type(action) is DrawCard and state is not None and state.draws and state.draws[0].dest in TOKEN_DESTS:
            return DrawToken(action.item)
        return action
    keys = set(data)
    if keys == {"draw"}:
        name = data["draw"]
        if name in CARD_CODES:
            return DrawCard(CARD_CODES[name])
        return DrawToken(named(name, tokens, "card or event token", "draw"))
    if keys == {"take"}:
        return Take(_int(data["take"], "take"))
    if keys == {"play"}:
        card = named(data["play"], CARD_NAMES[FIRST_CHAR:], "character", "play")
        return PlayCharacter(FIRST_CHAR + card)
    if keys in ({"set"}, {"set", "onto"}):
        return StartSet(named(data["set"], GOODS_NAMES, "goods type", "set"),
                        _int(data["onto"], "onto") if "onto" in data else -1)
    if keys == {"horizontal"}:
        if data["horizontal"] == MIXED:
            return StartHorizontal(-1)
        return StartHorizontal(named(data["horizontal"], GOODS_NAMES, "goods type", "horizontal"))
    if keys == {"add"}:
        return AddCard(named(data["add"], CARD_CODES, "card", "add"))
    if keys == {"event"}:
        return ChooseEvent(named(data["event"], tokens, "event token", "event"))
    if keys == {"target"}:
        return ChooseTarget(_int(data["target"], "target"))
    if keys == {"choose_set", "seat"}:
        return ChooseSet(_int(data["seat"], "seat"), _int(data["choose_set"], "choose_set"))
    if keys == {"goods"}:
        return ChooseGoods(named(data["goods"], GOODS_NAMES, "goods type", "goods"))
    if keys == {"card"}:
        return ChooseCard(named(data["card"], CARD_CODES, "card", "card"))
    if keys == {"back"}:
        return ChooseBack(named(data["back"], BACK_NAMES, "card back", "back"))
    if keys == {"start"}:
        return ChooseStart(_int(data["start"], "start"))
    if keys == {"confirm"} and isinstance(data["confirm"], bool):
        return Confirm(data["confirm"])
    raise MalformedAction(f"sobek action: unknown form with keys {sorted(map(str, keys))!r}")

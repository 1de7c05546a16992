"""Nefertiti actions with names (docs/positions.md): ``{"draw": "chair"}``, ``{"place": "gizeh", "square": 2}``,
``{"take": "chair/sealed"}``, ``"take_half"``, ``"done"``; the tagged form of older logs (``{"type": "DrawCard",
"card": 3}``) still decodes."""

from __future__ import annotations

from typing import Any, Final

from nilerules.core.codec import from_data
from nilerules.errors import MalformedAction, PositionError
from nilerules.games.nefertiti import position as pos
from nilerules.games.nefertiti.actions import (
    Done,
    DrawCard,
    DrawCharacter,
    FirstPlayer,
    ForceClose,
    NefAction,
    NeutralDeben,
    NeutralGift,
    Pass,
    Pick,
    PickType,
    Place,
    PlaceNeutral,
    Recall,
    Swap,
    TakeCard,
    TakeHalf,
    Target,
    UseCharacter,
)
from nilerules.games.nefertiti.state import CARD_NAMES, CHAR_NAMES, NEUTRAL_OWNER, TYPE_NAMES

_WORDS: Final[dict[str, NefAction]] = {
    "pass": Pass(),
    "take_half": TakeHalf(),
    "done": Done(),
    "skip_placement": ForceClose(-1),
}
_MARKETS: Final = pos.MARKET_KEYS


def _seat(target: int) -> int | str:
    return "neutral" if target == NEUTRAL_OWNER else target


def action_to_data(action: NefAction) -> Any:
    """An action with names (cards, Characters, markets, seats)."""
    if isinstance(action, Pass | TakeHalf | Done):
        return {Pass: "pass", TakeHalf: "take_half", Done: "done"}[type(action)]
    if isinstance(action, FirstPlayer):
        return {"first_player": action.seat}
    if isinstance(action, DrawCharacter):
        return {"draw_character": CHAR_NAMES[action.char]}
    if isinstance(action, DrawCard):
        return {"draw": CARD_NAMES[action.card]}
    if isinstance(action, UseCharacter):
        return {"use": CHAR_NAMES[action.char]}
    if isinstance(action, Place):
        return {"place": _MARKETS[action.market], "square": action.square}
    if isinstance(action, PlaceNeutral):
        return {"place_neutral": _MARKETS[action.market], "square": action.square}
    if isinstance(action, ForceClose):
        return "skip_placement" if action.market < 0 else {"close": _MARKETS[action.market]}
    if isinstance(action, TakeCard):
        return {"take": pos.slot_name(action.slot)}
    if isinstance(action, NeutralDeben):
        return {"neutral_deben": [_MARKETS[m] for m in action.targets]}
    if isinstance(action, NeutralGift):
        return {"neutral_gift": pos.slot_name(action.slot)}
    if isinstance(action, Swap):
        if action.give < 0:
            return {"wandering_thief": _MARKETS[action.market], "card": pos.slot_name(action.slot)}
        if action.market == -2:
            return {"swap": CARD_NAMES[action.give], "bottom": CARD_NAMES[action.slot]}
        if action.market == -1:
            return {"swap": CARD_NAMES[action.give], "neutral": CARD_NAMES[action.slot]}
        return {"swap": CARD_NAMES[action.give], "market": _MARKETS[action.market], "card": pos.slot_name(action.slot)}
    if isinstance(action, Pick):
        if action.target:
            return {"pick": CARD_NAMES[action.code], "seat": _seat(action.target)}
        return {"pick": CARD_NAMES[action.code]}
    if isinstance(action, PickType):
        return {"pick_type": TYPE_NAMES[action.card_type]}
    if isinstance(action, Recall):
        return {"recall": _MARKETS[action.market], "square": action.square}
    if action.item < 0:
        return {"target": _MARKETS[action.market]}
    return {"target": _MARKETS[action.market], "card": pos.slot_name(action.item)}


def _fail(data: Any, what: str) -> MalformedAction:
    text = repr(data)
    return MalformedAction(f"nefertiti action {text if len(text) <= 80 else text[:77] + '...'}: {what}")


_KEYS: Final = {
    "first_player": (),
    "draw_character": (),
    "draw": (),
    "use": (),
    "place": ("square",),
    "place_neutral": ("square",),
    "close": (),
    "take": (),
    "neutral_deben": (),
    "neutral_gift": (),
    "wandering_thief": ("card",),
    "swap": ("bottom", "neutral", "market", "card"),
    "pick": ("seat",),
    "pick_type": (),
    "recall": ("square",),
    "target": ("card",),
}


def action_from_data(data: Any) -> NefAction:
    """Decode an action written by ``action_to_data``, or the tagged form of older logs (``{"type": ...}``)."""
    if isinstance(data, str):
        if data in _WORDS:
            return _WORDS[data]
        raise _fail(data, f"expected one of {', '.join(_WORDS)} or an object such as {{'draw': 'chair'}}")
    if isinstance(data, dict) and "type" in data:
        action: NefAction = from_data(NefAction, data)
        return action
    if not isinstance(data, dict) or not data:
        raise _fail(data, "expected a word such as 'done' or an object such as {'draw': 'chair'}")
    key = next((k for k in data if k in _KEYS), None)
    if key is None:
        raise _fail(data, f"unknown action (one of {', '.join(_KEYS)})")
    extra = set(data) - {key, *_KEYS[key]}
    if extra:
        raise _fail(data, f"unknown keys {sorted(extra)!r}")
    try:
        return _decode(key, data)
    except PositionError as exc:
        raise _fail(data, exc.what) from None


def _int(value: Any, data: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(data, f"expected an integer from {lo} to {hi}, got {value!r}")
    return value


def _decode(key: str, data: dict[str, Any]) -> NefAction:
    value = data[key]

    def market(v: Any) -> int:
        return pos._index(_MARKETS, v, key)

    def card(v: Any) -> int:
        return pos._card(v, key)

    def slot(v: Any) -> int:
        return pos._slot(v, key)

    if key == "first_player":
        return FirstPlayer(_int(value, data, 0, 4))
    if key == "draw_character":
        return DrawCharacter(pos._index(CHAR_NAMES, value, key))
    if key == "draw":
        return DrawCard(card(value))
    if key == "use":
        return UseCharacter(pos._index(CHAR_NAMES, value, key))
    if key == "place":
        return Place(market(value), _int(data.get("square"), data, 0, 63))
    if key == "place_neutral":
        return PlaceNeutral(market(value), _int(data.get("square"), data, 0, 63))
    if key == "close":
        return ForceClose(market(value))
    if key == "take":
        return TakeCard(slot(value))
    if key == "neutral_deben":
        if not isinstance(value, list):
            raise _fail(data, "neutral_deben lists the markets that receive 1 Deben each")
        return NeutralDeben(tuple(market(v) for v in value))
    if key == "neutral_gift":
        return NeutralGift(slot(value))
    if key == "wandering_thief":
        return Swap(-1, market(value), slot(data.get("card")))
    if key == "swap":
        give = card(value)
        if "bottom" in data:
            return Swap(give, -2, card(data["bottom"]))
        if "neutral" in data:
            return Swap(give, -1, card(data["neutral"]))
        return Swap(give, market(data.get("market")), slot(data.get("card")))
    if key == "pick":
        seat = data.get("seat", 0)
        target = NEUTRAL_OWNER if seat == "neutral" else _int(seat, data, 0, 4)
        return Pick(card(value), target)
    if key == "pick_type":
        return PickType(pos._index(TYPE_NAMES, value, key))
    if key == "recall":
        return Recall(market(value), _int(data.get("square"), data, 0, 63))
    if "card" in data:
        return Target(market(value), slot(data["card"]))
    return Target(market(value))

"""Nefertiti's one code<->name table, and the JSON forms of its actions.

Inside the rules, cards, Gift types, Characters, markets and seats are small ints (codes); everywhere a person or
another program sees them (positions, logs, errors, the report) they are the names below. Actions are written with
names (docs/positions.md): ``{"draw": "chair"}``, ``{"place": "gizeh", "square": 2}``, ``{"take": "chair/sealed"}``,
``"take_half"``, ``"done"``; the tagged form of older logs (``{"type": "DrawCard", "card": 3}``) is decoded here, once,
into today's actions.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from nilerules.core.codec import from_data
from nilerules.errors import MalformedAction, PositionError
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
from nilerules.games.nefertiti.cards import slot, slot_code, slot_down, slot_sealed

# ---------------------------------------------------------------------------------------------------------------
# cards

Card: TypeAlias = int
"""A card code: 0..19 Gift cards, 20 the Wandering Thief card, 21 Akhenaton."""

SENET: Final = 0
SENET2: Final = 1
HARP: Final = 2
CHAIR: Final = 3
MIRROR: Final = 4
STATUETTE: Final = 5
NECKLACE: Final = 6
GOLDWORK: Final = 7
CUP: Final = 8
PAPYRUS: Final = 9
F_HARP1: Final = 10
F_HARP2: Final = 11
F_CHAIR1: Final = 12
F_CHAIR2: Final = 13
F_MIRROR1: Final = 14
F_MIRROR2: Final = 15
F_STAT1: Final = 16
F_STAT2: Final = 17
F_NECK: Final = 18
F_GOLD: Final = 19
WT: Final = 20
AKH: Final = 21
N_GIFTS: Final = 20
N_CODES: Final = 22
CARD_NAMES: Final = (
    "senet",
    "senet_x2",
    "harp",
    "chair",
    "mirror",
    "statuette",
    "necklace",
    "goldwork",
    "cup",
    "papyrus",
    "harp_f1",
    "harp_f2",
    "chair_f1",
    "chair_f2",
    "mirror_f1",
    "mirror_f2",
    "statuette_f1",
    "statuette_f2",
    "necklace_f",
    "goldwork_f",
    "wandering_thief",
    "akhenaton",
)
"""By card code (the card tables of ``cards.py`` follow the same codes)."""

TYPE_NAMES: Final = ("senet", "harp", "chair", "mirror", "statuette", "necklace", "goldwork", "cup", "papyrus")
"""By Gift type (``cards.CARD_TYPE`` gives each card's type)."""
N_TYPES: Final = 9

# ---------------------------------------------------------------------------------------------------------------
# Characters

SCRIBE2: Final = 0
SCRIBE3: Final = 1
MERCHANT: Final = 2
HIGH_PRIEST: Final = 3
TREASURER: Final = 4
THIEF: Final = 5
ROYAL_SERVANT: Final = 6
CHIEF: Final = 7
PRIEST: Final = 8
BEGGAR: Final = 9
AMON_MERCHANT: Final = 10
AMON_PRIEST: Final = 11
ROYAL_SCRIBE: Final = 12
WANDERING_THIEF: Final = 13
TRADER: Final = 14
N_CHARS: Final = 15
CHAR_NAMES: Final = (
    "scribe_2",
    "scribe_3",
    "merchant",
    "high_priest",
    "treasurer",
    "thief",
    "royal_servant",
    "chief",
    "priest",
    "beggar",
    "amon_merchant",
    "amon_priest",
    "royal_scribe",
    "wandering_thief",
    "trader",
)

# ---------------------------------------------------------------------------------------------------------------
# markets, seats, phases

MarketId: TypeAlias = int
"""0 Gizeh, 1 Louqsor, 2 Akhet-Aton, 3 Abou Simbel, 4 the Memphis Harbor."""

GIZEH: Final = 0
LOUQSOR: Final = 1
AKHET: Final = 2
ABOU: Final = 3
HARBOR: Final = 4
MARKET_KEYS: Final = ("gizeh", "louqsor", "akhet_aton", "abou_simbel", "harbor")
"""By market code, in positions and actions."""
MARKET_NAMES: Final = ("Gizeh", "Louqsor", "Akhet-Aton", "Abou Simbel", "Harbor")
"""By market code, in sentences (the checks' outcomes and summaries)."""
_ALIASES: Final = {"giza": "gizeh", "luxor": "louqsor", "akhet-aton": "akhet_aton", "abu_simbel": "abou_simbel"}
"""Other spellings of the market keys accepted on input (the expansion writes both Giza and Gizeh)."""
SIDES: Final = ("left", "right")
"""By stall index (``Market.stall``)."""

NEUTRAL_OWNER: Final = -1
"""The seat code of the neutral player (2-player game) in target fields; written "neutral"."""

PHASE_NAMES: Final = (
    "first_player",
    "characters",
    "bottom",
    "refill",
    "turn",
    "resolve",
    "neutral",
    "character",
    "wandering_thief_swap",
    "over",
)
"""By phase code (``state.P_*``)."""
STATUS_NAMES: Final = ("open", "closed", "done")
"""By market status code (``state.OPEN``, ``CLOSED``, ``DONE``)."""


def slot_name(s: int) -> str:
    """A card lying in a market: its name, then "/down" when face down and "/sealed" when it carries a Royal Seal."""
    return CARD_NAMES[slot_code(s)] + ("/down" if slot_down(s) else "") + ("/sealed" if slot_sealed(s) else "")


def code_of(names: tuple[str, ...], value: Any, key: str) -> int:
    """The code of the name ``value`` in ``names`` (market keys in any accepted spelling); a PositionError at
    ``key`` when it names none."""
    if isinstance(value, str) and names is MARKET_KEYS:
        value = _ALIASES.get(value, value)
    if not isinstance(value, str) or value not in names:
        raise PositionError(key, f"expected one of {', '.join(names)}, got {value!r}")
    return names.index(value)


def card_of(value: Any, key: str) -> int:
    """The code of a card name."""
    return code_of(CARD_NAMES, value, key)


def slot_of(value: Any, key: str) -> int:
    """The slot a name such as "chair", "chair/down" or "chair/sealed" stands for (``slot_name`` read back)."""
    if not isinstance(value, str):
        raise PositionError(key, f"expected a card name such as 'chair' or 'chair/sealed', got {value!r}")
    name, *flags = value.split("/")
    code = card_of(name, key)
    if any(f not in ("down", "sealed") for f in flags):
        raise PositionError(key, f"flags are /down and /sealed, got {value!r}")
    return slot(code, down="down" in flags, sealed="sealed" in flags)


# ---------------------------------------------------------------------------------------------------------------
# actions with names

_WORDS: Final[dict[str, NefAction]] = {
    "pass": Pass(),
    "take_half": TakeHalf(),
    "done": Done(),
    "skip_placement": ForceClose(-1),
}
_MARKETS: Final = MARKET_KEYS


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
        return {"take": slot_name(action.slot)}
    if isinstance(action, NeutralDeben):
        return {"neutral_deben": [_MARKETS[m] for m in action.targets]}
    if isinstance(action, NeutralGift):
        return {"neutral_gift": slot_name(action.slot)}
    if isinstance(action, Swap):
        if action.give < 0:
            return {"wandering_thief": _MARKETS[action.market], "card": slot_name(action.slot)}
        if action.market == -2:
            return {"swap": CARD_NAMES[action.give], "bottom": CARD_NAMES[action.slot]}
        if action.market == -1:
            return {"swap": CARD_NAMES[action.give], "neutral": CARD_NAMES[action.slot]}
        return {"swap": CARD_NAMES[action.give], "market": _MARKETS[action.market], "card": slot_name(action.slot)}
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
    return {"target": _MARKETS[action.market], "card": slot_name(action.item)}


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
        action: NefAction = from_data(NefAction, data)  # the tagged form of logs written before names
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
        return code_of(_MARKETS, v, key)

    def card(v: Any) -> int:
        return card_of(v, key)

    def slot_named(v: Any) -> int:
        return slot_of(v, key)

    if key == "first_player":
        return FirstPlayer(_int(value, data, 0, 4))
    if key == "draw_character":
        return DrawCharacter(code_of(CHAR_NAMES, value, key))
    if key == "draw":
        return DrawCard(card(value))
    if key == "use":
        return UseCharacter(code_of(CHAR_NAMES, value, key))
    if key == "place":
        return Place(market(value), _int(data.get("square"), data, 0, 63))
    if key == "place_neutral":
        return PlaceNeutral(market(value), _int(data.get("square"), data, 0, 63))
    if key == "close":
        return ForceClose(market(value))
    if key == "take":
        return TakeCard(slot_named(value))
    if key == "neutral_deben":
        if not isinstance(value, list):
            raise _fail(data, "neutral_deben lists the markets that receive 1 Deben each")
        return NeutralDeben(tuple(market(v) for v in value))
    if key == "neutral_gift":
        return NeutralGift(slot_named(value))
    if key == "wandering_thief":
        return Swap(-1, market(value), slot_named(data.get("card")))
    if key == "swap":
        give = card(value)
        if "bottom" in data:
            return Swap(give, -2, card(data["bottom"]))
        if "neutral" in data:
            return Swap(give, -1, card(data["neutral"]))
        return Swap(give, market(data.get("market")), slot_named(data.get("card")))
    if key == "pick":
        seat = data.get("seat", 0)
        target = NEUTRAL_OWNER if seat == "neutral" else _int(seat, data, 0, 4)
        return Pick(card(value), target)
    if key == "pick_type":
        return PickType(code_of(TYPE_NAMES, value, key))
    if key == "recall":
        return Recall(market(value), _int(data.get("square"), data, 0, 63))
    if "card" in data:
        return Target(market(value), slot_named(data["card"]))
    return Target(market(value))

"""Nefertiti's part of the view a question reads (``nilerules ask nefertiti``; the whole view:
``nilerules.analysis.ask.view``).

Built from the game object's public API only: ``position_data`` (docs/positions.md, "Nefertiti"), ``position`` and
``score_breakdown``. The format calls a seat's points scored during play ``prestige``; the view keeps that name for
them and, like every game, has the seat's score (``scores()``) as ``score``. Nefertiti has no rounds: ``round`` is
always 0 (count ``moves`` instead).

With 2 players the neutral player holds Gift cards, "considered to belong to a third player when scoring" (the
seed): ``neutral.score`` is what its cards score as a third player's, taken from the game's own scoring by
exchanging its hand with seat 0's in a copy of the position (the number of owners of each card type is the same
either way) and reading seat 0's ``gifts``; it holds no Deben and no seals.
"""

from __future__ import annotations

import copy
from typing import Any

from nilerules.core.types import Config

OTHER_CARDS = ("wandering_thief", "akhenaton")
"""Cards of the Gift pile that are not Gifts (named as docs/positions.md names them)."""
GIFTS = "gifts"
"""The score_breakdown category of a hand's Gift cards."""
SEAT_KEYS = ("deben", "seals", "prestige", "hand")
MARKET_KEYS = ("cards", "deben", "stall", "status", "pawns")


def card_names(game: Any) -> tuple[str, ...]:
    spec = game.spec
    names: list[str] = []
    for param in ("base_gifts", "gift_values", "foreign_gifts"):
        names += [n for n in spec.value(param) if n not in names]
    return (*names, *(n for n in OTHER_CARDS if n not in names))


def character_names(game: Any) -> tuple[str, ...]:
    names: list[str] = []
    for param in ("fixed_characters", "base_characters", "expansion_characters"):
        names += [n for n in game.spec.value(param) if n not in names]
    return tuple(names)


def market_names(game: Any, config: Config) -> tuple[str, ...]:
    """The markets, Memphis Harbor included, as the position format of the setup lists them."""
    return tuple(game.position_data(game.setup(config))["markets"])


def seat_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    return {
        "deben": (int, "Deben held"),
        "seals": (int, "Royal Seals held"),
        "prestige": (int, "points scored during play (Royal Scribe, Scribes, Amon Merchant)"),
        "hand": (card_names(game), "cards held, by name"),
    }


def shared_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    cards = card_names(game)
    market = {"cards": [str], "deben": int, "stall": str, "status": str,
              "pawns": [{"square": int, "seat": int, "neutral": bool}]}
    return {
        "round": (int, "always 0: Nefertiti has no rounds"),
        "phase": (str, "first_player, characters, bottom, refill, turn, resolve, neutral, character, "
                       "wandering_thief_swap or over"),
        "first": (int, "the first player"),
        "neutral": (
            {"present": bool, "hand": cards, "score": int},
            "the neutral player (2 players): whether there is one, its cards, and what they score as a third "
            "player's Gift cards (as `gifts` scores a seat's hand)",
        ),
        "markets": (
            {m: market for m in market_names(game, config)},
            "each market: cards (names, with /down or /sealed), deben, stall (left, right; \"\" for the harbor), "
            "status (open, closed, done), pawns (square, seat, neutral)",
        ),
        "bottom": ([str], "the cards under the Gift pile, the last one drawn last"),
        "bottom_ordered": (bool, "the order of bottom was chosen"),
        "discard": (cards, "discarded cards, by name"),
        "box": (cards, "cards returned to the box, by name"),
        "characters": (character_names(game), "Character cards still available, by name"),
        "character_draws_left": (int, "Character draws still to come"),
        "seals_removed": (int, "Royal Seals removed from the game (2 players)"),
        "deben_removed": (int, "Deben removed from the game (2 players)"),
        "akhenaton_drawn": (bool, "the Akhenaton card has been drawn"),
        "amon_priest": (int, "the seat holding the Amon Priest; -1 when nobody does"),
    }


def categories(game: Any, config: Config) -> tuple[str, ...]:
    return tuple(game.score_breakdown(game.setup(config))[0])


def neutral_score(game: Any, state: Any, data: dict[str, Any]) -> int:
    """What the neutral player's cards score as a third player's (see the module's docstring)."""
    if not data.get("neutral_hand"):
        return 0
    swapped = copy.deepcopy(data)
    seat0 = swapped["seats"]["0"]
    seat0["hand"], swapped["neutral_hand"] = data["neutral_hand"], data["seats"]["0"].get("hand", {})
    other = game.position(game.state_config(state), swapped)
    return int(game.score_breakdown(other)[0][GIFTS])


def view(game: Any, state: Any, wanted: frozenset[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    data = game.position_data(state)
    config = game.state_config(state)
    seats = []
    for i in range(config.players):
        raw = data["seats"][str(i)]
        unknown = sorted(set(raw) - set(SEAT_KEYS))
        if unknown:
            raise ValueError(f"nefertiti view: seat {i} has {unknown[0]!r}, not a seat key of the format")
        seats.append({
            "deben": raw["deben"],
            "seals": raw["seals"],
            "prestige": raw["prestige"],
            "hand": dict(raw.get("hand", {})),
        })
    markets = {}
    for name, raw in data["markets"].items():
        unknown = sorted(set(raw) - set(MARKET_KEYS))
        if unknown:
            raise ValueError(f"nefertiti view: market {name} has {unknown[0]!r}, not a market key of the format")
        markets[name] = {
            "cards": list(raw.get("cards", [])),
            "deben": raw.get("deben", 0),
            "stall": raw.get("stall", ""),
            "status": raw.get("status", "open"),
            "pawns": [
                {"square": p["square"], "seat": p["seat"], "neutral": bool(p.get("neutral", False))}
                for p in raw.get("pawns", [])
            ],
        }
    neutral_hand = dict(data.get("neutral_hand", {}))
    shared = {
        "round": 0,
        "phase": data["phase"],
        "first": data["first"],
        "neutral": {
            "present": config.players == 2,
            "hand": neutral_hand,
            "score": neutral_score(game, state, data) if "neutral" in wanted else 0,
        },
        "markets": markets,
        "bottom": list(data.get("bottom", [])),
        "bottom_ordered": bool(data.get("bottom_ordered", False)),
        "discard": dict(data.get("discard", {})),
        "box": dict(data.get("box", {})),
        "characters": dict(data.get("characters", {})),
        "character_draws_left": data.get("character_draws_left", 0),
        "seals_removed": data.get("seals_removed", 0),
        "deben_removed": data.get("deben_removed", 0),
        "akhenaton_drawn": bool(data.get("akhenaton_drawn", False)),
        "amon_priest": data.get("amon_priest", -1),
    }
    return seats, shared

"""Sobek's part of the view a question reads (``nilerules ask sobek``; the whole view:
``nilerules.analysis.ask.view``).

Built from the game object's public API only: ``position_data`` (docs/positions.md, "Sobek") with every default
filled in. Card names follow the format: a goods kind of the spec's ``goods_cards`` with ``_scarabs``, nothing or
``_green`` (``fish_scarabs``, ``fish``, ``fish_green``), and the spec's ``characters``; event tokens are
``guild_<symbol>`` for each symbol of ``symbol_order`` and the other kinds of ``event_tokens``. Tables of cards or
tokens are declared with every name (the view lists those left out with 0).
"""

from __future__ import annotations

from typing import Any

from nilerules.core.types import Config

VARIANTS = ("_scarabs", "", "_green")
"""The name endings of a goods kind's three cards: with scarabs, without, green-backed (docs/positions.md)."""
GUILD = "guild"
"""The event token kind that comes in one token per track symbol."""
SEAT_KEYS = ("hand", "corruption", "curses", "score", "last_gain", "sets", "breakdown")


def card_names(game: Any) -> tuple[str, ...]:
    kinds = tuple(game.spec.value("goods_cards"))
    return (*(k + v for k in kinds for v in VARIANTS), *game.spec.value("characters"))


def token_counts(game: Any) -> dict[str, int]:
    """Every event token by name, with how many the game has."""
    tokens = dict(game.spec.value("event_tokens"))
    symbols = tuple(game.spec.value("symbol_order"))
    guilds = tokens.pop(GUILD, 0)
    return {**{f"{GUILD}_{s}": guilds // len(symbols) for s in symbols}, **tokens}


def seat_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    cards = card_names(game)
    return {
        "hand": (cards, "cards in hand, by name"),
        "corruption": (cards, "cards in the corruption pile, by name"),
        "curses": (int, "Curse tokens held"),
        "last_gain": (int, "points of the last round"),
        "sets": (
            [{"goods": str, "cards": [str], "prosperity": int, "horizontal": bool}],
            "played sets: goods (or mixed), cards, Prosperity tokens, whether horizontal",
        ),
    }


def shared_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    cards = card_names(game)
    tokens = tuple(token_counts(game))
    return {
        "round": (int, "the round, 1 to params.rounds"),
        "phase": (str, "play, horizontal or over"),
        "start_player": (int, "the round's start player"),
        "row": ([str], "the cards along the Nile, the free one first"),
        "deliveries_left": (int, "deliveries still to come this round once the row is empty"),
        "removed": (cards, "cards removed at set-up (2 players), by name"),
        "discard": (cards, "the discard pile, by name"),
        "events": (tokens, "event tokens still available this round"),
        "event_bag": (tokens, "event tokens not drawn this round"),
        "events_used": (tokens, "event tokens applied so far in the game"),
        "extra_turn": (bool, "a Flood's extra turn is due"),
        "early_end": (bool, "the early end was triggered"),
        "horizontal_left": ([int], "seats still to play horizontal sets, the deciding one first"),
    }


def categories(game: Any, config: Config) -> tuple[str, ...]:
    return tuple(game.score_breakdown(game.setup(config))[0])


def view(game: Any, state: Any, wanted: frozenset[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    data = game.position_data(state)
    counts = token_counts(game)
    players = game.state_config(state).players
    seats = []
    for i in range(players):
        raw = data.get("seats", {}).get(str(i), {})
        unknown = sorted(set(raw) - set(SEAT_KEYS))
        if unknown:
            raise ValueError(f"sobek view: seat {i} has {unknown[0]!r}, not a seat key of the format")
        seats.append({
            "hand": dict(raw.get("hand", {})),
            "corruption": dict(raw.get("corruption", {})),
            "curses": raw.get("curses", 0),
            "last_gain": raw.get("last_gain", 0),
            "sets": [
                {
                    "goods": s["goods"],
                    "cards": list(s["cards"]),
                    "prosperity": s.get("prosperity", 0),
                    "horizontal": bool(s.get("horizontal", False)),
                }
                for s in raw.get("sets", [])
            ],
        })
    events = dict(data.get("events", {}))
    # written only when they differ from what the format derives (an empty bag is written as {})
    bag = data["event_bag"] if "event_bag" in data else {t: n - events.get(t, 0) for t, n in counts.items()}
    used = data["events_used"] if "events_used" in data else {"curse": sum(seat["curses"] for seat in seats)}
    shared = {
        "round": data.get("round", 1),
        "phase": data.get("phase", "play"),
        "start_player": data.get("start_player", 0),
        "row": list(data.get("row", [])),
        "deliveries_left": data.get("deliveries_left", 0),
        "removed": dict(data.get("removed", {})),
        "discard": dict(data.get("discard", {})),
        "events": events,
        "event_bag": dict(bag),
        "events_used": dict(used),
        "extra_turn": bool(data.get("extra_turn", False)),
        "early_end": bool(data.get("early_end", False)),
        "horizontal_left": list(data.get("horizontal_left", [])),
    }
    return seats, shared

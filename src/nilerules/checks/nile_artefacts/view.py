"""Nile Artefacts' part of the view a question reads (``nilerules ask nile_artefacts``; the whole view:
``nilerules.analysis.ask.view``).

Built from the game object's public API only: ``position_data`` (docs/positions.md, "Nile Artefacts") with every
default filled in. The position format writes each seat as a top-level key (``"0"``, ``"1"``); the view has them in
``seats`` like every other game. The Coin stock is derived as the format derives it: ``params.coin_supply`` less the
players' Coins.
"""

from __future__ import annotations

from typing import Any

from nilerules.core.types import Config

SEAT_KEYS = ("cards", "coins", "score", "completed_at_level", "boat", "facing", "docked", "levels",
             "levels_at_phase_start")
"""The keys of a seat in the position format (docs/positions.md)."""


def spaces(game: Any) -> tuple[str, ...]:
    """The river's spaces by name: the left Port, ``space_1`` .. ``space_<river_spaces>``, the right Port."""
    return ("left_port", *(f"space_{i}" for i in range(1, game.spec.int("river_spaces") + 1)), "right_port")


def seat_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    return {
        "cards": ([str], "the Artifact cards in front of the player, by name (`eye/nile@3`)"),
        "coins": (int, "the player's Coins"),
        "completed_at_level": ([int], "completed Monuments the player stood on at level 0, 1, ... when scored"),
        "boat": (str, "the space of the player's Boat"),
        "facing": (str, "right or left"),
        "docked": (bool, "the Boat reached a Port this stage"),
        "levels": ([int], "the player's level on each visible Monument, in the order of monuments (0 = bottom)"),
    }


def shared_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    return {
        "round": (int, "the round (0 before the first round setup)"),
        "phase": (str, "reveal, deal, navigation, buy, offerings or over"),
        "first": (int, "the seat with the First Player token"),
        "monuments": ([str], "the visible Monuments, in the row's order (names as in params.monuments)"),
        "completed": ([str], "Monuments completed and discarded"),
        "board": ({s: [str] for s in spaces(game)}, "the cards under each space, by space name"),
        "discard": ([str], "the discard pile"),
        "altar": ([str], "the cards offered this offering phase"),
        "last_round": (int, "the last round, once the pile's last Monument has triggered the end (else 0)"),
        "coin_stock": (int, "Coins in the stock: params.coin_supply less the players' Coins"),
        "turned_around": (bool, "the seat to move has turned its Boat this turn"),
        "picks": (int, "cards the seat to move must still take where its Boat stopped"),
        "notes": ([{"kind": str, "rule": str, "detail": str}], "diagnostics noticed (a pile run out, ...)"),
    }


def categories(game: Any, config: Config) -> tuple[str, ...]:
    return (*game.score_breakdown(game.setup(config))[0], "earlier")


def view(game: Any, state: Any, wanted: frozenset[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    data = game.position_data(state)
    players = game.state_config(state).players
    monuments = list(data.get("monuments", []))
    levels = len(game.spec.value("reward_points"))
    seats = []
    for i in range(players):
        raw = data.get(str(i), {})
        unknown = sorted(set(raw) - set(SEAT_KEYS))
        if unknown:
            raise ValueError(f"nile_artefacts view: seat {i} has {unknown[0]!r}, not a seat key of the format")
        seats.append({
            "cards": list(raw.get("cards", [])),
            "coins": raw.get("coins", game.spec.int("starting_coins")),
            "completed_at_level": list(raw.get("completed_at_level", [0] * levels)),
            "boat": raw.get("boat", "left_port"),
            "facing": raw.get("facing", "right"),
            "docked": bool(raw.get("docked", False)),
            "levels": list(raw.get("levels", [0] * len(monuments))),
        })
    board = data.get("board", {})
    shared = {
        "round": data.get("round", 0),
        "phase": data.get("phase", "reveal"),
        "first": data.get("first", 0),
        "monuments": monuments,
        "completed": list(data.get("completed", [])),
        "board": {s: list(board.get(s, [])) for s in spaces(game)},
        "discard": list(data.get("discard", [])),
        "altar": list(data.get("altar", [])),
        "last_round": data.get("last_round", 0),
        "coin_stock": game.spec.int("coin_supply") - sum(seat["coins"] for seat in seats),
        "turned_around": bool(data.get("turned_around", False)),
        "picks": data.get("picks", 0),
        "notes": [dict(n) for n in data.get("notes", [])],
    }
    return seats, shared

"""Ra's part of the view a question reads (``nilerules ask ra``; the whole view: ``nilerules.analysis.ask.view``).

Built from the game object's public API only: ``position_data`` (docs/positions.md, "Ra") with every default filled
in, and the tile names of the spec's ``tiles`` (with the Traders module's ``trader``). Each seat's tiles are fields
of the seat named as the tiles are (``s.pharaoh``, ``s.monument_sphinx``), as the position format writes them.
"""

from __future__ import annotations

from typing import Any

from nilerules.core.types import Config

TRADER = "trader"
"""The Traders module's tile, named as docs/positions.md names it."""
NOT_HELD = ("ra",)
"""Tiles no seat ever holds (Ra tiles go to the Ra track): not seat fields."""


def tile_names(game: Any) -> tuple[str, ...]:
    """Every tile name: the spec's ``tiles`` and the Traders module's tile."""
    names = tuple(game.spec.value("tiles"))
    return (*names, TRADER) if TRADER not in names else names


def seat_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    held = {name: (int, f"{name} tiles held") for name in tile_names(game) if name not in NOT_HELD}
    return {
        **held,
        "sun_disks": ([int], "face-up sun disks, by number"),
        "face_down": ([int], "sun disks won this epoch (usable next epoch)"),
        "crates": (int, "Goods Crates on the Docks board (Traders module)"),
    }


def shared_sketch(game: Any, config: Config) -> dict[str, tuple[Any, str]]:
    tiles = tile_names(game)
    return {
        "round": (int, "the epoch (1 to params.epochs)"),
        "phase": (str, "deal, turn, draw, bid, gods, discard or over"),
        "epoch": (int, "the epoch (the same as round)"),
        "ra_track": (int, "Ra tiles on the Ra track this epoch"),
        "center": (int, "the sun disk in the centre"),
        "auction_track": ([str], "the tiles on the auction track, in order"),
        "out_of_play": (tiles, "tiles out of play (discarded, played Gods, past epochs' Ra tiles), by name"),
        "turn_of": (int, "whose turn it is (differs from to_move during a disaster's discards)"),
        "trader_claims": ([{"seat": int, "traders": int}], "this epoch's Trader claims, in order"),
        "crate_supply_ran_out": ([int], "the epochs in which the crate supply ran out"),
        "bag_ran_out": ([int], "the epochs in which the bag ran out"),
        "history": (
            [{"epoch": int, "seat": int, "category": str, "points": int}],
            "the scoring so far, one entry per epoch, seat and category",
        ),
    }


def categories(game: Any, config: Config) -> tuple[str, ...]:
    return tuple(game.score_breakdown(game.setup(config))[0])


def view(game: Any, state: Any, wanted: frozenset[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    data = game.position_data(state)
    names = tile_names(game)
    seats = []
    for i in range(game.state_config(state).players):
        raw = data["seats"].get(str(i), {})
        seat: dict[str, Any] = {name: raw.get(name, 0) for name in names if name not in NOT_HELD}
        seat["sun_disks"] = list(raw.get("sun_disks", []))
        seat["face_down"] = list(raw.get("face_down", []))
        seat["crates"] = raw.get("crates", 0)
        unknown = sorted(set(raw) - set(seat) - {"score"})
        if unknown:
            raise ValueError(f"ra view: seat {i} holds {unknown[0]!r}, which is not a tile name of the spec")
        seats.append(seat)
    out_of_play = data.get("out_of_play", {})
    shared = {
        "round": data["epoch"],
        "phase": data["phase"],
        "epoch": data["epoch"],
        "ra_track": data["ra_track"],
        "center": data["center"],
        "auction_track": list(data.get("auction_track", [])),
        "out_of_play": dict(out_of_play),
        "turn_of": data.get("turn_of", data.get("to_move", -1)),
        "trader_claims": [dict(c) for c in data.get("trader_claims", [])],
        "crate_supply_ran_out": list(data.get("crate_supply_ran_out", [])),
        "bag_ran_out": list(data.get("bag_ran_out", [])),
        "history": [dict(h) for h in data.get("history", [])],
    }
    return seats, shared

"""The view a question's expression reads: one documented shape of a position, the same in every game.

Top level: ``seats`` (a list, one record per seat, in seat order), ``round`` and ``phase``, ``over``, ``to_move``,
``moves``, ``config``, and the game's shared data under its own names. Each seat has ``seat``, ``score``, ``place``
and ``breakdown`` (the same in every game) and the game's own per-seat data. Everything is in names (``"pharaoh"``,
``"gizeh"``), never the codes the rules use inside, and every field is always there: a table of counts lists every
name, with 0 for the ones not held, so an expression never meets a missing key.

The part that differs between games comes from ``nilerules.checks.<game>.view``, a module with four functions, each
built on the game object's public API only (``position_data``, ``scores``, ``ranking``, ``score_breakdown``,
``state_config``, ``is_terminal``, ``current_player``, its ``spec``):

- ``seat_sketch(game, config)`` and ``shared_sketch(game, config)``: ``{name: (sketch, description)}``, the game's
  per-seat fields and its shared fields (which must include ``round`` and ``phase``). A sketch is ``int``, ``bool``,
  ``str``, ``[T]`` (a list of T), ``{name: T, ...}`` (a record with exactly these fields) or a tuple of names (a
  table of counts by those names: a view may leave out the names it has none of, the view lists them with 0, and a
  name not in the tuple is an error);
- ``categories(game, config)``: the names of ``score_breakdown``'s categories under this config;
- ``view(game, state, wanted)``: ``(seats, shared)``, the per-seat records and the shared data of one position; only
  the shared names in ``wanted`` are needed (a view may skip costly ones that are not).

`GameView` checks that what a view gives has exactly the shape it declares, so an expression checked against the
sketch never meets another shape.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from nilerules.analysis.ask.language import CelType, Expression, from_sketch, to_cel
from nilerules.core.types import CHANCE, Config, Ranking
from nilerules.errors import NileRulesError

SEAT_FIELDS: dict[str, tuple[Any, str]] = {
    "seat": (int, "the seat's number, 0 first (the order of `scores`)"),
    "score": (int, "the seat's score (`scores()`): the final score once the game is over, the score so far before"),
    "place": (int, "1 for the winner(s); otherwise 1 + the number of seats ranked ahead (ties share a place: 1, 1, 3)"),
    "ahead": (int, "score less the best score among the other seats: a sole leader's lead, 0 or less for the others"),
}
"""The fields every seat has in every game (``breakdown`` is added with the game's categories)."""
TOP_FIELDS: dict[str, tuple[Any, str]] = {
    "over": (bool, "whether the game is over"),
    "to_move": (int, "the seat to move; -1 when chance is to move or the game is over"),
    "moves": (int, "moves played from setup to this position (chance outcomes count as moves)"),
}
"""The top-level fields every game has besides ``seats``, ``round``, ``phase`` and ``config``."""
RESERVED = frozenset({"seats", "config", *TOP_FIELDS})


class ViewError(NileRulesError, ValueError):
    """A game's view does not have the shape it declares (a bug in the view, not in the question)."""


def view_module(game_id: str) -> ModuleType:
    """``nilerules.checks.<game>.view``: the game's part of the view."""
    try:
        return importlib.import_module(f"nilerules.checks.{game_id}.view")
    except ModuleNotFoundError:
        raise NileRulesError(f"{game_id}: no view for questions (nilerules.checks.{game_id}.view)") from None


def places(ranking: Ranking, players: int) -> list[int]:
    """Each seat's place: 1 + the seats in the groups ranked ahead of its group."""
    out = [0] * players
    ahead = 0
    for group in ranking.places:
        for seat in group:
            out[seat] = ahead + 1
        ahead += len(group)
    return out


@dataclass(frozen=True, slots=True)
class Field:
    """One documented name of the view: where it is, its type as people read it, and what it means."""

    path: str
    type: str
    description: str


class GameView:
    """The view of one game under one config: its type (for checking expressions), its documentation, and the
    values of a position for an expression."""

    def __init__(self, game: Any, config: Config, module: ModuleType | None = None) -> None:
        self.game = game
        self.config = config
        self.module = module if module is not None else view_module(game.info.id)
        seat_game = dict(self.module.seat_sketch(game, config))
        shared = dict(self.module.shared_sketch(game, config))
        self.categories = tuple(self.module.categories(game, config))
        clash = sorted((set(seat_game) & {*SEAT_FIELDS, "breakdown"}) | (set(shared) & RESERVED))
        if clash or "round" not in shared or "phase" not in shared:
            raise ViewError(
                f"{game.info.id}'s view: "
                + (f"{', '.join(clash)} are names the view itself gives" if clash else "no round or phase")
            )
        self.seat_sketch: dict[str, tuple[Any, str]] = {
            **SEAT_FIELDS,
            "breakdown": (self.categories, "points by category (`score_breakdown`): "
                          + ", ".join(self.categories)),
            **seat_game,
        }
        spec = game.spec
        self.top_sketch: dict[str, tuple[Any, str]] = {
            "seats": ([{k: s for k, (s, _) in self.seat_sketch.items()}], "one record per seat, in seat order"),
            "round": shared.pop("round"),
            "phase": shared.pop("phase"),
            **TOP_FIELDS,
            "config": (
                {"players": int, "modules": [str], "readings": {a: str for a in sorted(spec.ambiguities)}},
                "players, modules and the reading of every ambiguity (`readings.<ambiguity id>`)",
            ),
            **shared,
        }
        self.shared_names = tuple(shared)
        self.type: CelType = from_sketch({k: s for k, (s, _) in self.top_sketch.items()}, "")
        modules = list(config.modules)
        self._config_value = {"players": config.players, "modules": modules, "readings": dict(config.readings)}

    # -- documentation ----------------------------------------------------------------------------------------------
    def fields(self) -> list[Field]:
        """Every name of the view, the top level first, then a seat's fields (``seats[].name``)."""
        out = [Field(name, describe(s), d) for name, (s, d) in self.top_sketch.items() if name != "seats"]
        out += [Field(f"seats[].{name}", describe(s), d) for name, (s, d) in self.seat_sketch.items()]
        return out

    # -- values -----------------------------------------------------------------------------------------------------
    def data(self, state: Any, moves: int, expression: Expression | None = None) -> dict[str, Any]:
        """The view of one position as plain data: every name, or only those ``expression`` reads."""
        game = self.game
        top = set(self.top_sketch) if expression is None else set(expression.top)
        seat_fields = None if expression is None else expression.seat_fields
        wanted = frozenset(n for n in self.shared_names if n in top) | ({"seats"} if "seats" in top else set())
        out: dict[str, Any] = {}
        if top & {"seats", "round", "phase", *self.shared_names}:
            seats, shared = self.module.view(game, state, wanted)
            for name in ("round", "phase", *self.shared_names):
                if name in top:
                    if name not in shared:
                        raise ViewError(f"{game.info.id}'s view gave no {name!r}")
                    out[name] = _fill(shared[name], self.top_sketch[name][0], name)
            if "seats" in top:
                out["seats"] = self._seats(state, seats, seat_fields)
        if "over" in top:
            out["over"] = bool(game.is_terminal(state))
        if "to_move" in top:
            mover = game.current_player(state)
            out["to_move"] = -1 if mover is None or mover is CHANCE else int(mover)
        if "moves" in top:
            out["moves"] = moves
        if "config" in top:
            out["config"] = self._config_value
        return out

    def _seats(self, state: Any, seats: Sequence[Mapping[str, Any]], fields: frozenset[str] | None) -> list[Any]:
        game = self.game
        players = self.config.players
        if len(seats) != players:
            raise ViewError(f"{game.info.id}'s view gave {len(seats)} seats for {players} players")
        need = set(self.seat_sketch) if fields is None else set(fields)
        scores = game.scores(state) if need & {"score", "ahead"} else ()
        place = places(game.ranking(state), players) if "place" in need else []
        breakdown = game.score_breakdown(state) if "breakdown" in need else ()
        out = []
        for i in range(players):
            row: dict[str, Any] = {}
            for name in need:
                if name == "seat":
                    row[name] = i
                elif name == "score":
                    row[name] = int(scores[i])
                elif name == "ahead":
                    row[name] = int(scores[i]) - max((int(s) for j, s in enumerate(scores) if j != i), default=0)
                elif name == "place":
                    row[name] = place[i]
                elif name == "breakdown":
                    row[name] = self._breakdown(breakdown[i])
                elif name in seats[i]:
                    row[name] = _fill(seats[i][name], self.seat_sketch[name][0], f"seats[{i}].{name}")
                else:
                    raise ViewError(f"{game.info.id}'s view gave seat {i} no {name!r}")
            out.append(row)
        return out

    def _breakdown(self, points: Mapping[str, int]) -> dict[str, int]:
        extra = sorted(set(points) - set(self.categories))
        if extra:
            raise ViewError(f"{self.game.info.id}'s view: score category {extra[0]!r} is not among its categories")
        return {c: int(points.get(c, 0)) for c in self.categories}

    def values(self, state: Any, moves: int, expression: Expression) -> dict[str, Any]:
        """The CEL values of the names ``expression`` reads, at one position."""
        return to_cel(self.data(state, moves, expression))

    def check_shape(self, data: Mapping[str, Any]) -> None:
        """Raise `ViewError` unless ``data`` (a whole view from `data`) has exactly the declared shape."""
        _check(data, {k: s for k, (s, _) in self.top_sketch.items()}, "")


def _fill(value: Any, sketch: Any, where: str) -> Any:
    """A view's value with each table of counts listing every name of its sketch (0 for those left out)."""
    if isinstance(sketch, tuple):
        if not isinstance(value, dict):
            raise ViewError(f"view at {where}: expected a table of counts, got {value!r}"[:200])
        unknown = sorted(set(value) - set(sketch))
        if unknown:
            raise ViewError(f"view at {where}: {unknown[0]!r} is not one of its names"[:200])
        return {name: value.get(name, 0) for name in sketch}
    if isinstance(sketch, list) and isinstance(value, list):
        return [_fill(item, sketch[0], f"{where}[{i}]") for i, item in enumerate(value)]
    if isinstance(sketch, dict) and isinstance(value, dict):
        return {k: _fill(v, sketch[k], f"{where}.{k}") if k in sketch else v for k, v in value.items()}
    return value


def describe(sketch: Any, depth: int = 0) -> str:
    """A sketch as people read it: ``int``, ``list(string)``, ``{epoch, seat, category, points}``, and a table of
    counts by name as ``counts: fish, ivory, ...``."""
    if sketch is int or sketch is bool:
        return sketch.__name__
    if sketch is str:
        return "string"
    if isinstance(sketch, list):
        return f"list({describe(sketch[0], depth + 1)})"
    if isinstance(sketch, tuple):
        return f"counts: {', '.join(sketch)}"
    if depth > 0 or len(sketch) > 12:
        return "{" + ", ".join(sketch) + "}"
    return "{" + ", ".join(f"{k}: {describe(v, depth + 1)}" for k, v in sketch.items()) + "}"


def _check(value: Any, sketch: Any, where: str) -> None:
    if isinstance(sketch, tuple):
        sketch = dict.fromkeys(sketch, int)
    if sketch is int or sketch is str or sketch is bool:
        ok = isinstance(value, sketch) and (sketch is bool or not isinstance(value, bool))
        if not ok:
            raise ViewError(f"view at {where or 'the top'}: expected {sketch.__name__}, got {value!r}"[:200])
        return
    if isinstance(sketch, list):
        if not isinstance(value, list):
            raise ViewError(f"view at {where}: expected a list, got {value!r}"[:200])
        for i, item in enumerate(value):
            _check(item, sketch[0], f"{where}[{i}]")
        return
    if not isinstance(value, dict) or set(value) != set(sketch):
        got = sorted(value) if isinstance(value, dict) else value
        raise ViewError(f"view at {where or 'the top'}: expected the names {sorted(sketch)}, got {got!r}"[:300])
    for key, sub in sketch.items():
        _check(value[key], sub, f"{where}.{key}" if where else key)

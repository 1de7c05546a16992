"""Nile Artefacts' situations: offering positions built by hand for the checks, the queries and the rules tests (which
need nothing above the rules for them), written in the public position format with Monuments and their levels taken
from the game's data; and offerings evaluated by the Python rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nilerules.core import Config
from nilerules.core.situations import build_position
from nilerules.games.nile_artefacts.names import Options, condition_text, monument_names
from nilerules.games.nile_artefacts.params import Params, readings_of
from nilerules.games.nile_artefacts.rules.conditions import type_options
from nilerules.games.nile_artefacts.rules.offerings import advance_levels
from nilerules.games.nile_artefacts.state import NAState, evolve

if TYPE_CHECKING:
    from nilerules.games.nile_artefacts.game import NileArtefactsGame


def kind_of(params: Params, types: tuple[int, ...], region: int) -> int:
    """The first card kind with these printed types and region (ValueError when the game has none)."""
    for k, (t, r) in enumerate(zip(params.card_types, params.card_region, strict=True)):
        if t == types and r == region:
            return k
    raise ValueError(f"no card with types {types!r} in region {region!r}")


def printed_copies(params: Params) -> dict[tuple[tuple[int, ...], int], int]:
    """How many cards the game has with each (printed types, region), whatever their space."""
    copies: dict[tuple[tuple[int, ...], int], int] = {}
    for types, region, count in zip(params.card_types, params.card_region, params.card_count, strict=True):
        copies[(types, region)] = copies.get((types, region), 0) + count
    return copies


def monument_at(params: Params, text: str, used: Sequence[int] = ()) -> tuple[int, int]:
    """The first Monument of the data (not in ``used``) with the condition ``text`` at some level below the top, and
    the level a player must stand on for it to be the next one (ValueError when the data has none)."""
    for m, levels in enumerate(params.monuments):
        if m in used:
            continue
        for level, cond in enumerate(levels):
            if condition_text(cond) == text:
                return m, level
    raise ValueError(f"no Monument in the data has the condition {text!r}")


def monuments_for(params: Params, texts: Sequence[str]) -> list[tuple[int, int]]:
    """``monument_at`` for each text, every Monument used once (ValueError when the data cannot give them all)."""
    out: list[tuple[int, int]] = []
    for text in texts:
        out.append(monument_at(params, text, [m for m, _ in out]))
    return out


def offering_position(
    game: NileArtefactsGame,
    readings: Mapping[str, str],
    hands: Sequence[Sequence[int]],
    targets: Sequence[tuple[int, int]],
    extra: Mapping[str, Any] | None = None,
) -> NAState:
    """Seat 0 to offer at the start of an offering phase, written in the position format: each seat holds its hand
    (card kinds), the visible Monuments are ``targets`` (Monument, level of seat 0 there), the others at 0;
    ``extra`` adds or replaces position keys (``extra["0"]`` merges into seat 0). The round is the first in which
    the levels written can have been reached (one level per Monument per round), unless ``extra`` names it."""
    p = game.params(game.config(len(hands)))
    names = monument_names(p)
    data: dict[str, Any] = {
        "phase": "offerings",
        "monuments": [names[m] for m, _ in targets],
        "0": {"cards": [p.cards[k] for k in hands[0]], "levels": [level for _, level in targets]},
    }
    for seat, hand in enumerate(hands[1:], start=1):
        data[str(seat)] = {"cards": [p.cards[k] for k in hand]}
    for key, value in (extra or {}).items():
        data[key] = {**data.get(key, {}), **value} if key.isdigit() else value
    levels = [level for key, seat in data.items() if key.isdigit() for level in seat.get("levels", [])]
    data.setdefault("round", 1 + max(levels, default=0))
    state: NAState = build_position(game, game.config(len(hands), readings=readings), data)
    return state


def options_for(params: Params, hand: Sequence[int], config: Config) -> list[Options]:
    chosen = readings_of(config)
    return [type_options(params.card_types[k], chosen.type_choice, chosen.double_card) for k in hand]


def advanced_by(state: NAState, seat: int, offered: Sequence[tuple[int, tuple[int, ...], int]]) -> tuple[int, ...]:
    """Visible Monuments (indices) that ``offered`` (kind, types, target Monument) moves ``seat`` up, by the rules'
    own function."""
    probe = evolve(state, offering=tuple(offered))
    after = advance_levels(probe, seat)
    return tuple(i for i, (a, b) in enumerate(zip(state.levels, after, strict=True)) if a[seat] != b[seat])

"""Readings in checks: one config under another reading, the readings the text leaves open, and per-reading runs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nilerules.core.game import Game
from nilerules.core.seeded import under as under

Outcomes = tuple[tuple[str, str], ...]
"""For each reading (by name, in spec order): its outcome in words."""


def all_readings(game: Game[Any, Any], ambiguity: str) -> tuple[str, ...]:
    """Every reading of ``ambiguity``, in spec order, ruled-out ones too."""
    return tuple(game.spec.ambiguities[ambiguity].reading_names())


def open_readings(game: Game[Any, Any], ambiguity: str) -> tuple[str, ...]:
    """The readings the text does not rule out (not ``contradicted``), in spec order; every reading when fewer than
    two are open (the text decides: a check then shows where the ruled-out reading parts from the default)."""
    amb = game.spec.ambiguities[ambiguity]
    names = amb.reading_names()
    allowed = tuple(name for name, r in zip(names, amb.readings, strict=True) if not r.contradicted)
    return allowed if len(allowed) >= 2 else tuple(names)


def depends(game: Game[Any, Any], ambiguity: str, readings: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The non-default readings of other ambiguities among ``readings`` (``CheckResult.depends_on``), sorted."""
    return tuple(
        (name, value)
        for name, value in sorted(readings.items())
        if name != ambiguity and value != game.spec.ambiguities[name].default
    )


def per_reading(game: Game[Any, Any], ambiguity: str, run: Callable[[str], str]) -> Outcomes:
    """``(reading, run(reading))`` for every reading of ``ambiguity``, in spec order."""
    return tuple((reading, run(reading)) for reading in all_readings(game, ambiguity))


def differ(outcomes: Outcomes, among: tuple[str, ...] | None = None) -> bool:
    """Whether the outcomes of the readings ``among`` (default: all) are not all the same."""
    return len({o for r, o in outcomes if among is None or r in among}) > 1

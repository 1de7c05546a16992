"""The four games and the registry that loads them with their spec.

Each game package exposes ``make_game(spec)``, ``CHECKS`` (ambiguity id -> check) and ``QUERIES`` (name -> query).
The generic queries every game also answers (``impact``, ``legal``) are added by ``analysis.queries.queries_of``: this
package never imports the analysis layer's machinery, so the rule modules that mypyc compiles (setup.py) type-check
without the test kit and its dependencies.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nilerules.analysis.model import Check, Query
from nilerules.core.registry import validate_implementations
from nilerules.errors import InvalidConfig, SpecError
from nilerules.specs import bundled_spec_path, load_spec

GAME_IDS: tuple[str, ...] = ("ra", "nile_artefacts", "sobek", "nefertiti")


@dataclass(frozen=True, slots=True)
class GameModule:
    """A loaded game: the rules bound to a spec, its ambiguity checks, its own named queries."""

    game: Any
    checks: Mapping[str, Check]
    queries: Mapping[str, Query]


def load(game_id: str, spec_path: str | Path | None = None) -> GameModule:
    """Load a game with its bundled spec (or an edited copy), validating the spec and the rule bindings."""
    if game_id not in GAME_IDS:
        raise InvalidConfig(f"unknown game {game_id!r} (games: {', '.join(GAME_IDS)})")
    module = importlib.import_module(f"nilerules.games.{game_id}")
    spec = load_spec(spec_path if spec_path is not None else bundled_spec_path(game_id))
    if spec.game != game_id:
        raise SpecError(spec.path, [("meta.id", f"this spec is for {spec.game!r}, not {game_id!r}")])
    validate_implementations(spec)
    checks: Mapping[str, Check] = module.CHECKS
    missing = sorted(set(spec.ambiguities) - set(checks))
    if missing:
        raise SpecError(spec.path, [(f"ambiguities.{m}", "no divergence check implements it") for m in missing])
    return GameModule(module.make_game(spec), checks, module.QUERIES)


def load_game(game_id: str, spec_path: str | Path | None = None) -> Any:
    """The game object alone (``load(...).game``)."""
    return load(game_id, spec_path).game


def available() -> tuple[str, ...]:
    """Game ids whose package is present in this install."""
    found = []
    for game_id in GAME_IDS:
        try:
            importlib.import_module(f"nilerules.games.{game_id}")
        except ModuleNotFoundError:
            continue
        found.append(game_id)
    return tuple(found)

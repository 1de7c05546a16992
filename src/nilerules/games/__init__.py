"""The four games: their pure rules, bound to a spec.

``load_game(game_id)`` imports one game package (``nilerules.games.<id>``, which exposes ``make_game(spec)``) and binds
it to its bundled spec or an edited copy. Nothing here imports the checks, the solver or the analysis: loading a game
loads the rules only. The checks and queries above the rules are loaded by ``nilerules.checks.load``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from nilerules.core.game import Game
from nilerules.core.registry import validate_implementations
from nilerules.errors import InvalidConfig, SpecError
from nilerules.specs import Spec, bundled_spec_path, load_spec

if TYPE_CHECKING:  # for the overloads only: loading one game imports no other
    from nilerules.games.nefertiti import NefertitiGame
    from nilerules.games.nile_artefacts import NileArtefactsGame
    from nilerules.games.ra import RaGame
    from nilerules.games.sobek import SobekGame

GAME_IDS: tuple[str, ...] = ("ra", "nile_artefacts", "sobek", "nefertiti")


def load_spec_for(game_id: str, spec_path: str | Path | None = None) -> Spec:
    """The spec of ``game_id`` (bundled, or an edited copy), checked to be that game's."""
    if game_id not in GAME_IDS:
        raise InvalidConfig(f"unknown game {game_id!r} (games: {', '.join(GAME_IDS)})")
    spec = load_spec(spec_path if spec_path is not None else bundled_spec_path(game_id))
    if spec.game != game_id:
        raise SpecError(spec.path, [("meta.id", f"this spec is for {spec.game!r}, not {game_id!r}")])
    return spec


@overload
def load_game(game_id: Literal["ra"], spec_path: str | Path | None = None) -> RaGame: ...
@overload
def load_game(game_id: Literal["nile_artefacts"], spec_path: str | Path | None = None) -> NileArtefactsGame: ...
@overload
def load_game(game_id: Literal["sobek"], spec_path: str | Path | None = None) -> SobekGame: ...
@overload
def load_game(game_id: Literal["nefertiti"], spec_path: str | Path | None = None) -> NefertitiGame: ...
@overload
def load_game(game_id: str, spec_path: str | Path | None = None) -> Game[Any, Any]: ...
def load_game(game_id: str, spec_path: str | Path | None = None) -> Game[Any, Any]:
    """The rules of ``game_id`` bound to its bundled spec (or an edited copy), the spec and the rule bindings
    validated. Typed by the id: ``load_game("sobek")`` is a ``SobekGame`` (a ``Game[SobekState, SobekAction]``), an
    id known only at run time gives a ``Game[Any, Any]``."""
    spec = load_spec_for(game_id, spec_path)
    module = importlib.import_module(f"nilerules.games.{game_id}")
    validate_implementations(spec)
    game: Game[Any, Any] = module.make_game(spec)
    return game


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

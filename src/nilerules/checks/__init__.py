"""The checks above the rules: for each game, one divergence check per ambiguity of its spec and the named queries.

``load(game_id)`` gives a :class:`GameModule`: the game's rules bound to its spec (``nilerules.games.load_game``), with
its checks (each registered beside itself with ``@check``: ``nilerules.checks.registry``) and queries (``QUERIES``).
The checks may use the solver and the shared kit (``nilerules.checks.kit``); the rules below them never import this
package.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, overload

from nilerules.checks.model import Check, Query
from nilerules.checks.registry import registered
from nilerules.core.game import Game
from nilerules.errors import SpecError
from nilerules.games import load_game
from nilerules.specs import Spec

if TYPE_CHECKING:
    from typing_extensions import TypeVar  # a default for the type parameter (PEP 696) for the type checker only

    from nilerules.games.nefertiti import NefertitiGame
    from nilerules.games.nile_artefacts import NileArtefactsGame
    from nilerules.games.ra import RaGame
    from nilerules.games.sobek import SobekGame

    G = TypeVar("G", default=Any)
else:
    from typing import TypeVar

    G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class GameModule(Generic[G]):
    """A loaded game: the rules bound to a spec, its ambiguity checks, its own named queries. ``GameModule[SobekGame]``
    from ``load("sobek")``; a bare ``GameModule`` is one whose game type is not known (``Any``)."""

    game: G
    checks: Mapping[str, Check]
    queries: Mapping[str, Query]


@overload
def load(game_id: Literal["ra"], spec_path: str | Path | None = None) -> GameModule[RaGame]: ...
@overload
def load(game_id: Literal["nile_artefacts"], spec_path: str | Path | None = None) -> GameModule[NileArtefactsGame]: ...
@overload
def load(game_id: Literal["sobek"], spec_path: str | Path | None = None) -> GameModule[SobekGame]: ...
@overload
def load(game_id: Literal["nefertiti"], spec_path: str | Path | None = None) -> GameModule[NefertitiGame]: ...
@overload
def load(game_id: str, spec_path: str | Path | None = None) -> GameModule[Game[Any, Any]]: ...
def load(game_id: str, spec_path: str | Path | None = None) -> GameModule[Any]:
    """Load a game with its bundled spec (or an edited copy), validating the spec, the rule bindings and that every
    ambiguity of the spec has a check. Typed by the id, as ``nilerules.games.load_game`` is."""
    game = load_game(game_id, spec_path)
    spec: Spec = game.spec  # parsed once, by load_game
    module = importlib.import_module(f"nilerules.checks.{game_id}")
    registered_checks = registered(game_id)
    checks: Mapping[str, Check] = {
        **{a: registered_checks[a] for a in spec.ambiguities if a in registered_checks},
        **registered_checks,
    }
    missing = sorted(set(spec.ambiguities) - set(checks))
    if missing:
        raise SpecError(spec.path, [(f"ambiguities.{m}", "no divergence check implements it") for m in missing])
    return GameModule(game, checks, module.QUERIES)

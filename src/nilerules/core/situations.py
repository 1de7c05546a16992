"""Situations over the Game protocol: a real position written out with names, edited to the case in point, built
back; or a written position built under a config. Used by Sobek's and Nile Artefacts' situation builders
(``games/<game>/situations.py``; Ra's and Nefertiti's build through their own ``position`` module) and by the checks
(``checks.kit`` re-exports them), so that the rules tests, which build on those builders, need nothing above the
rules for it.

A situation built so passes the game's invariants (``game.position`` checks them); a check's witness found in one is
labelled constructed (its reachability from setup is not shown), and its position is written into the witness so that
``nilerules score`` and ``nilerules query GAME legal --position`` reproduce it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from nilerules.core.game import Game
from nilerules.core.types import Config


def edit_position(game: Game[Any, Any], config: Config, state: Any, edit: Callable[[dict[str, Any]], None]) -> Any:
    """``state`` written with names (``game.position_data``), changed by ``edit`` (which edits the dict in place),
    and built back under ``config`` by ``game.position`` (PositionError or InvalidState when the edit breaks it)."""
    data: dict[str, Any] = copy.deepcopy(game.position_data(state))
    edit(data)
    return game.position(config, data)


def build_position(game: Game[Any, Any], config: Config, position: dict[str, Any]) -> Any:
    """The state a written position describes, under ``config`` (the position's own ``config`` key, if any, is
    replaced by ``config``'s readings, so one document serves every reading)."""
    data = {k: v for k, v in position.items() if k != "config"}
    return game.position(config, data)

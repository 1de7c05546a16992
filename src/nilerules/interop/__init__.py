"""The four games where game-playing code is written: OpenSpiel and PettingZoo adapters (docs/interop.md).

- ``nilerules.interop.openspiel`` (``pip install 'nilerules[openspiel]'``) registers each game as an OpenSpiel
  Python game, ``nilerules_<game>``;
- ``nilerules.interop.pettingzoo`` (``pip install 'nilerules[pettingzoo]'``) gives each game as a PettingZoo AEC
  environment, ``env(game_id, players, ...)``.

Both stand on modules that import neither library: ``spaces`` (the fixed action space of a game and config),
``seats`` (what a seat sees, and the rank-based returns), ``tensors`` and ``layouts`` (a seat's view as a fixed-size
vector of numbers, and the layout of each game; they need numpy, so this package does not import them) and ``recall``
(a seat's information state: its record, perfect recall). Nothing in ``nilerules`` outside this package imports
OpenSpiel or PettingZoo, and importing this package imports neither.
"""

from __future__ import annotations

from nilerules.interop.seats import IMPERFECT, observation_text, rank_returns, render_text, view
from nilerules.interop.spaces import ActionSpace, SpaceError, action_name, action_space

__all__ = [
    "IMPERFECT",
    "ActionSpace",
    "SpaceError",
    "action_name",
    "action_space",
    "observation_text",
    "rank_returns",
    "render_text",
    "view",
]

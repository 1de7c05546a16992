"""God tiles: which tiles of the auction track a God tile may take (RA-008 for the disasters).

Playing one is a turn's action (``rules.turn.play_god``); what may be taken is asked on every turn and after every
God tile, so it is computed here once, on the track alone.
"""

from __future__ import annotations

from typing import Final

from nilerules.core.registry import rule
from nilerules.games.ra.actions import GODS_BY_KIND, RaAction
from nilerules.games.ra.params import RaParams
from nilerules.games.ra.state import DISASTERS, GOD, KINDS, RA

GOD_TARGETS: Final = tuple(k for k in range(KINDS) if k not in (RA, GOD))
"""The kinds a God tile may ever take: any tile but a Ra tile (which never lies on the track) or a God tile."""
_NOT_DISASTERS: Final = tuple(k for k in GOD_TARGETS if k not in DISASTERS)
"""The kinds a God tile may take when it may not take a disaster (RA-008's ``forbidden``)."""


def god_menu(track: tuple[int, ...] | list[int], params: RaParams) -> list[RaAction]:
    """A God tile takes any one tile from the auction track except a God tile (Ra tiles never lie there); a
    disaster only under RA-008 (god_takes_disaster) ``allowed``."""
    return [GODS_BY_KIND[k] for k in (GOD_TARGETS if params.god_takes_disaster_allowed else _NOT_DISASTERS) if track[k]]


rule("ra.base.god")(god_menu)


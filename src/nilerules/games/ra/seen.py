"""What each seat sees in Ra: everything (``SEEN``).

Seed 000 hides no component: a claimed Trader tile goes face up ("The player then places the newly claimed tile on
the right side of their Docks board"), and so do the base game's tiles and sun disks (reference/ra.md). The bag is
chance: the model draws a tile when it comes out, so no state holds an unseen tile. Ra keeps ``GameBase``'s
defaults: every seat's observation is the whole position, and a state is its own only determinization.
"""

from __future__ import annotations

from typing import Final

from nilerules.core.seen import Seen

SEEN: Final = (
    Seen("seats.*, track, center", "everyone", "everything", ("ra.traders.claim.docks", "ra.base.disks")),
    Seen("the bag", "nobody", "nothing (chance: a tile is drawn when it comes out)", ("ra.traders.setup.bag",)),
)
"""What lies where in Ra, who sees its face, and what the other seats see of it."""

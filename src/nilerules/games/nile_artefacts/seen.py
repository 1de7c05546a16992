"""What each seat sees in Nile Artefacts: everything but what no one has seen yet (``SEEN``).

Seed 001: a card taken goes "face up in front of you", a bought one too ("Put it in front of you face up"); the draw
pile ("Shuffle the Artifact cards and put them in a pile face down") and the six Monuments removed "without looking
at them" are unseen by every seat, and the model draws them from the unseen ones when they come out (chance, not
part of any state). Nile Artefacts keeps ``GameBase``'s defaults: every seat's observation is the whole position,
and a state is its own only determinization.
"""

from __future__ import annotations

from typing import Final

from nilerules.core.seen import Seen

SEEN: Final = (
    Seen("seats.*.cards", "everyone", "everything",
         ("nile_artefacts.navigation.take_card", "nile_artefacts.navigation.buy")),
    Seen("the Artifact pile", "nobody", "nothing (chance: a card is drawn when it comes out)",
         ("nile_artefacts.setup.artifact_pile",)),
    Seen("the Monuments removed", "nobody", "nothing (chance)", ("nile_artefacts.setup.monuments_removed",)),
)
"""What lies where in Nile Artefacts, who sees its face, and what the other seats see of it."""

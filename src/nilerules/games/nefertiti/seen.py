"""What each seat sees in Nefertiti, and a determinization: the cards under the Gift pile dealt again.

Hidden (``SEEN``, from seed 004 and reference/nefertiti.md): the last cards of the Gift pile ("Four Gift cards are
drawn face down, shuffled with the Akhenaton card, and put at the bottom of the Gift pile") show as a count, except
to the seat using the Priest while it looks ("Players look at the last 5 cards of the draw pile"), and so does that
seat's choice of their order. The rest of the Gift pile is chance (not written in a position). Hands are open: no
sentence of the seed hides them, and the model's Royal Servant chooses "a Gift card held by another player"; a Gift
card the Beggar turns face down keeps its name (every seat saw it face up before).

**Determinization** (``determinize``) uses the seat's observation only, not the history: the Gift cards under the
pile are drawn again from every Gift card not seen (the pile and those cards), the Akhenaton card kept among them;
an order the Priest gave them becomes a random order. A seat that looked with the Priest forgets what it saw once its
turn with the Priest is over (a memory of the history would keep it), so that a determinization is a function of
what the seat sees now and the generator (docs/strength.md).
"""

from __future__ import annotations

import random
from typing import Any, Final

from nilerules.core.seen import Seen, deal, face_down
from nilerules.games.nefertiti.names import AKH, PRIEST
from nilerules.games.nefertiti.state import P_CHAR, NefState

SEEN: Final = (
    Seen("bottom", "nobody", "their number; all of them to the seat using the Priest while it looks",
         ("nefertiti.base.bottom", "nefertiti.priest.look", "nefertiti.priest.order")),
    Seen("the Gift pile", "nobody", "nothing (chance: not written in a position)", ("nefertiti.base.bottom",)),
    Seen("seats.*.hand", "everyone", "everything", ("nefertiti.priest.exchange",),
         "spec base_character_powers: the Royal Servant chooses a Gift card held by another player"),
    Seen("markets, harbor, deben, seals, characters", "everyone", "everything (a card turned face down keeps its name)",
         ("nefertiti.beggar.each_market", "nefertiti.beggar.face_up_again")),
)
"""What lies where in Nefertiti, who sees its face, and what the other seats see of it."""


def looking(state: NefState, seat: int) -> bool:
    """Whether ``seat`` is using the Priest now, and so sees the cards under the Gift pile."""
    return state.phase == P_CHAR and state.char_active == PRIEST and state.to_move == seat


def view(state: NefState, seat: int, data: dict[str, Any]) -> dict[str, Any]:
    """What ``seat`` sees: the position data ``data`` with the cards under the Gift pile, and the Priest's working
    (the order chosen so far), hidden unless the seat is looking."""
    if looking(state, seat):
        return data
    out = dict(data)
    if "bottom" in data:
        out["bottom"] = face_down(len(state.bottom))
    character = data.get("character", {})
    if "priest" in character:
        out["character"] = {k: v for k, v in character.items() if k != "priest"}
    return out


def determinize(state: NefState, seat: int, rng: random.Random) -> NefState:
    """A state that gives ``seat`` the same observation: the Gift cards under the pile dealt again (module doc)."""
    if looking(state, seat) or not state.bottom:
        return state
    gifts = [c for c in state.bottom if c != AKH]
    pool = list(state.pile)
    for c in gifts:
        pool[c] += 1
    under, pile = deal(pool, [len(gifts), sum(pool) - len(gifts)], rng)
    bottom = [c for c, n in enumerate(under) for _ in range(n)] + [AKH] * (len(state.bottom) - len(gifts))
    if state.bottom_ordered:
        rng.shuffle(bottom)
    else:
        bottom.sort()
    new = state.copy()
    new.pile = tuple(pile)
    new.bottom = tuple(bottom)
    if state.phase == P_CHAR and state.char_active == PRIEST and len(state.scratch) > 3:
        # another seat is ordering them with the Priest: its choices so far, drawn again from the new cards
        left = list(bottom)
        rng.shuffle(left)
        new.scratch = (*state.scratch[:3], *left[: len(state.scratch) - 3])
    return new

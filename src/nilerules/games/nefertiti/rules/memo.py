"""The legal-action memo: the last state whose legal actions were computed, with them.

Legal actions are derived data of an (immutable) state: a policy asks for them, then ``apply`` checks the chosen
action against the same tuple, so the last state's are kept here, keyed by the state's identity (the memo holds the
state, so its identity is not reused while it is here). Written by ``legal_actions`` and by the closing steps that
compute the next bidder's choices anyway (``closing.advance_resolution``, ``closing.after_take``: the state they
return is the one remembered); read by ``legal_actions`` only.
"""

from __future__ import annotations

from nilerules.games.nefertiti.actions import NefAction
from nilerules.games.nefertiti.state import NefState

_last: tuple[object, tuple[NefAction, ...]] = (None, ())
"""The last state remembered, with its legal actions (one tuple: read and replaced at once)."""


def remembered(state: NefState) -> tuple[NefAction, ...] | None:
    """The legal actions remembered for this very state object, or None."""
    last = _last
    return last[1] if last[0] is state else None


def remember(state: NefState, actions: tuple[NefAction, ...]) -> None:
    """Record ``actions`` as the legal actions of ``state`` (the state is unchanged)."""
    global _last
    _last = (state, actions)

"""The legal-action memo every game shares: the last state whose legal actions were computed, with them.

Legal actions are derived data of an (immutable) state, and every decision of a playout or a search asks for them
twice: the caller choosing a move (``legal_actions``), then ``apply``, which checks the chosen action against them.
A game keeps one `LegalMemo` and asks it first; the second time the actions come from the memo instead of being
computed again. The key is the state's identity (the memo holds the state, so its identity is not reused while it is
here; states are values that the rules never change). Compiled with the rules (setup.py), so that a look-up is a
native attribute read.
"""

from __future__ import annotations

from typing import Any


class LegalMemo:
    """One entry: a state and its legal actions."""

    def __init__(self) -> None:
        self.state: object = None
        self.actions: tuple[Any, ...] = ()

    def get(self, state: object) -> tuple[Any, ...] | None:
        """The legal actions remembered for this very state object, or None."""
        return self.actions if self.state is state else None

    def put(self, state: object, actions: tuple[Any, ...]) -> None:
        """Remember ``actions`` as the legal actions of ``state`` (the state is unchanged)."""
        self.state = state
        self.actions = actions

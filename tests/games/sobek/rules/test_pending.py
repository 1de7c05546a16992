"""Sobek's pending choices as one table (``games/sobek/rules/pending.py``) that the mechanic modules fill in."""

from __future__ import annotations

import pytest

from nilerules.games import load_game
from nilerules.games.sobek import state as sobek_state
from nilerules.games.sobek.position import CHOICES
from nilerules.games.sobek.rules.pending import KINDS, PendingKind, pending_kind

CODES = {name: code for name, code in vars(sobek_state).items() if name.startswith("K_") and isinstance(code, int)}


def test_every_pending_code_of_the_state_is_filled_in_once_with_its_own_name() -> None:
    """The 18 ``K_*`` codes of state.py each have a kind at their code, with a distinct position name."""
    filled = {kind.code: kind.name for kind in KINDS if kind.name}
    assert sorted(CODES.values()) == sorted(filled)
    assert len(set(filled.values())) == len(filled)
    assert filled == CHOICES


def test_each_kind_names_a_rule_of_the_spec() -> None:
    """The rule an illegal step is refused under is catalogued in specs/sobek.toml."""
    catalogued = set(load_game("sobek").spec.rule_ids())
    assert [kind.name for kind in KINDS if kind.name and kind.rule_id not in catalogued] == []


def test_a_code_filled_twice_is_refused() -> None:
    """A second kind at a filled code is a programming error, not a silent override."""
    with pytest.raises(AssertionError, match="filled twice"):
        pending_kind(PendingKind(CODES["K_THIEF_BACK"], "another_thief_back", "sobek.characters.thief_backs"))

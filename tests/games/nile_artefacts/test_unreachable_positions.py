"""Nile Artefacts positions the rules could never produce are refused (issue 24), each beside a control the rules do
reach. The reasons are the seed's (001: the offerings are their own stage, after navigation; a Boat that reaches a
Port stays there for the stage; at the Rewards 'each player earns Divine Favor points based on their offering level'
for each Monument completed) and docs/positions.md's (round 0 is before the first round setup); each built before."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.errors import InvalidState, PositionError
from nilerules.games.nile_artefacts import make_game
from tests.helpers import documented_position

GAME = make_game()
EXAMPLE = documented_position("Nile Artefacts")
"""The page's example: round 3, the offering phase, one Monument completed before (seat 0 stood at level 3, seat 1
at level 2: each seat's completed_at_level counts it once)."""
NAVIGATION = {"phase": "navigation", "round": 1, "monuments": EXAMPLE["monuments"]}
"""Round 1's navigation stage, the example's five Monuments in the row."""


def _build(data: dict[str, Any]) -> Any:
    return GAME.position(GAME.config(2), data)


def test_an_offering_belongs_to_the_offering_stage() -> None:
    """Seed 001: each player makes an offering in turn, after the navigation stage: an offering in progress or cards
    on the altar during navigation are refused, an offering in progress at the example's offering phase builds; so
    are cards still to take where a Boat stopped (navigation) during the offerings."""
    hand = {**EXAMPLE["0"], "cards": ["eye/desert@4", "cat/nile@3"]}
    _build({**EXAMPLE, "0": hand, "offering": [{"card": "eye/nile@1", "as": ["eye"]}]})
    with pytest.raises(InvalidState, match="an offering or cards on the altar in phase 'navigation'"):
        _build({**NAVIGATION, "offering": [{"card": "eye/nile@1", "as": ["eye"]}]})
    with pytest.raises(InvalidState, match="an offering or cards on the altar in phase 'navigation'"):
        _build({**NAVIGATION, "altar": ["eye/nile@1"]})
    _build({**NAVIGATION, "picks": 1})
    with pytest.raises(InvalidState, match="cards to take in phase 'offerings' \\(navigation only\\)"):
        _build({**EXAMPLE, "picks": 1})


def test_rounds_start_at_one_and_a_purchase_returns_to_its_stage() -> None:
    """docs/positions.md: round 0 is before the first round setup, so no navigation then; a card bought is drawn
    (phase ``buy``) in the navigation or the offering stage and returns there."""
    with pytest.raises(InvalidState, match="phase 'navigation' in round 0"):
        _build({**NAVIGATION, "round": 0})
    _build({**NAVIGATION, "phase": "buy", "buy_return": "navigation"})
    with pytest.raises(InvalidState, match="a purchase returning to phase 'reveal'"):
        _build({**NAVIGATION, "phase": "buy"})


def test_only_a_port_docks_a_boat() -> None:
    """Seed 001: 'When you reach a Port, your boat turns around and you can no longer navigate during the current
    stage': a Boat docked in the right Port builds, one docked on a river space does not."""
    _build({**NAVIGATION, "0": {"boat": "right_port", "docked": True, "facing": "left"}})
    with pytest.raises(InvalidState, match="seat 0 is docked at space_3, which is not a Port"):
        _build({**NAVIGATION, "0": {"boat": "space_3", "docked": True}})


def test_every_seat_is_scored_for_every_completed_monument() -> None:
    """Seed 001, Rewards: for each Monument completed, each player earns points by its level there, so each seat's
    completed_at_level counts every completed Monument once: the example's seat 1 with none counted is refused."""
    with pytest.raises(InvalidState, match="seat 1 is scored for 0 completed Monuments, of the 1 completed"):
        _build({**EXAMPLE, "1": {**EXAMPLE["1"], "completed_at_level": [0, 0, 0, 0]}})


def test_the_documents_own_config_must_agree_with_the_callers() -> None:
    """Issue 24: ``game.position(config, doc)`` ignored the document's ``[config]``: the example is for 2 players,
    and a reading that differs is a PositionError naming the key."""
    with pytest.raises(PositionError, match=r"config\.players: the document is for 2 players"):
        GAME.position(GAME.config(3), EXAMPLE)
    with pytest.raises(PositionError, match=r"config\.readings\.card_sharing: the document reads 'split'"):
        _build({**EXAMPLE, "config": {"players": 2, "readings": {"card_sharing": "split"}}})

"""Nefertiti positions the rules could never produce are refused (issue 24), each beside a control the rules do
reach. The reasons are the reference's and the expansion seed's (/work/shared/reference/nefertiti.md: when the
Akhenaton card comes up the game ends; Louqsor starts closed; seed 004: a bought Wandering Thief card must be used
immediately; the neutral pawns are the two-player rules; the Memphis Harbor is the expansion's module); each built
before, and two of them (a market resolved, a Wandering Thief's swap, with nothing recorded) crashed legal_actions."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.errors import InvalidState, PositionError
from nilerules.games.nefertiti import make_game

GAME = make_game()


def _build(data: dict[str, Any], players: int = 3, modules: tuple[str, ...] = ()) -> Any:
    return GAME.position(GAME.config(players, modules), data)


def test_the_akhenaton_and_wandering_thief_cards_are_never_kept() -> None:
    """Reference: 'When the Akhenaton card comes up, the game ends'; seed 004: 'A player who buys this [Wandering
    Thief] card must use it immediately'. Neither is ever in a hand; a chair is."""
    _build({"seats": {"0": {"hand": {"chair": 1}}}})
    with pytest.raises(InvalidState, match="a player holds the akhenaton card, which is never kept"):
        _build({"seats": {"0": {"hand": {"akhenaton": 1}}}})
    with pytest.raises(InvalidState, match="a player holds the wandering_thief card"):
        _build({"seats": {"1": {"hand": {"wandering_thief": 1}}}}, modules=("harbor",))


def test_the_harbor_and_the_neutral_player_need_their_rules() -> None:
    """Seed 004: the Memphis Harbor is the expansion's (the ``harbor`` module), the neutral pawns are 'for the
    2-player game': Harbor cards without the module and a neutral pawn with 3 players are refused."""
    _build({"markets": {"harbor": {"cards": ["chair"]}}}, modules=("harbor",))
    with pytest.raises(InvalidState, match="the Memphis Harbor is in use without its module"):
        _build({"markets": {"harbor": {"cards": ["chair"]}}})
    # below seat 1's Servant (Gizeh's left stall bids 1 to 6 from the left): a neutral pawn is never the highest bid
    pawn = {"markets": {"gizeh": {"pawns": [{"square": 1, "seat": 1}, {"square": 0, "seat": 0, "neutral": True}]}}}
    _build(pawn, players=2)
    with pytest.raises(InvalidState, match="a neutral player with 3 players"):
        _build(pawn)
    with pytest.raises(InvalidState, match="phase 'neutral' with 3 players"):
        _build({"phase": "neutral"})


def test_pawns_stand_only_on_open_markets() -> None:
    """Reference: 'Louqsor starts closed under the Market Closed tile' and Servants return to their owners when a
    market closes: a Servant on Louqsor at the start is refused, one on Gizeh builds."""
    _build({"markets": {"gizeh": {"pawns": [{"square": 0, "seat": 0}]}}})
    with pytest.raises(InvalidState, match="pawns on louqsor, which is closed"):
        _build({"markets": {"louqsor": {"pawns": [{"square": 0, "seat": 0}]}}})


def test_a_phase_in_progress_records_what_it_resolves() -> None:
    """A market's resolution, a Wandering Thief's swap and a Character in use each record their market or Character
    (docs/positions.md: ``resolution.market``, ``character.active``); written without, they were built and then
    crashed ``legal_actions`` with an IndexError."""
    for phase in ("resolve", "wandering_thief_swap"):
        with pytest.raises(InvalidState, match=f"phase '{phase}' without the market it resolves"):
            _build({"phase": phase})
    with pytest.raises(InvalidState, match="phase 'character' without the Character in use"):
        _build({"phase": "character"})


def test_the_documents_own_config_must_agree_with_the_callers() -> None:
    """Issue 24: ``game.position(config, doc)`` ignored the document's ``[config]``: its players and modules that
    differ from the caller's are a PositionError naming the key."""
    with pytest.raises(PositionError, match=r"config\.players: the document is for 2 players"):
        _build({"config": {"players": 2}})
    with pytest.raises(PositionError, match=r"config\.modules: the document names the modules \['harbor'\]"):
        _build({"config": {"players": 3, "modules": ["harbor"]}})
    _build({"config": {"players": 3, "modules": ["harbor"]}}, modules=("harbor",))

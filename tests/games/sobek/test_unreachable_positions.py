"""Sobek positions the rules could never produce are refused (issue 24): a set of Fish written as Ivory built, and so
did end-of-round choices in the middle of a round. Every case is checked against a control the rules do reach;
the expected refusals come from the seed and the rules by hand (sets of three or more of one goods type, amulets
wild; five event tokens a round, one Guild per symbol; the Courtesan adds one or two cards), and each built before."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nilerules.errors import InvalidState, PositionError
from nilerules.games.sobek import position
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.state import SobekState

END = {"phase": "horizontal", "horizontal_left": [1], "pending": {"choice": "horizontal_sets", "seat": 1}}
"""The end of round 1 of a two-player game: seat 1, the last, chooses its horizontal sets (docs/positions.md)."""
IN_PLAY = {"row": ["cattle", "marble"]}
"""A turn in round 1, cards along the Nile."""


def _build(game: SobekGame, base: dict[str, Any], readings: dict[str, str] | None = None, players: int = 2,
           **changes: Any) -> SobekState:
    return game.position(game.config(players, readings=readings), {**base, **changes})


def _seat0_sets(*sets: dict[str, Any]) -> dict[str, Any]:
    return {"0": {"sets": list(sets)}}


def test_a_set_of_fish_written_as_ivory_is_refused(game: SobekGame, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24's example: a set of goods ``ivory`` made of three ``fish`` cards built. A set holds cards of its
    goods type or amulets: refused, while three Ivory build; a Fish added to three Ivory is refused too."""
    _build(game, IN_PLAY, seats=_seat0_sets({"goods": "ivory", "cards": ["ivory", "ivory", "ivory_scarabs"]}))
    with pytest.raises(InvalidState, match="fewer than 3 cards of its goods type or amulets"):
        _build(game, IN_PLAY, seats=_seat0_sets({"goods": "ivory", "cards": ["fish", "fish", "fish"]}))
    monkeypatch.setattr(position, "invariants", lambda state: ())  # built unchecked, to list every violation
    added = _build(game, IN_PLAY, seats=_seat0_sets({"goods": "ivory", "cards": ["ivory", "ivory", "ivory_scarabs",
                                                                                  "fish"]}))
    assert game.invariants(added) == ("1 cards in sets not of the set's goods type (the Courtesan adds such cards "
                                      "only under courtesan_match = any_card, at most 2 each time)",)


def test_amulets_alone_are_a_set_only_where_the_reading_allows_it(game: SobekGame) -> None:
    """Three amulets as an Ivory set: refused under ``amulet_only = forbidden`` (the default), built under
    ``allowed``; a character counts as its goods type (the Queen is Ivory)."""
    amulets = _seat0_sets({"goods": "ivory", "cards": ["amulet", "amulet", "amulet"]})
    with pytest.raises(InvalidState, match="amulets only"):
        _build(game, IN_PLAY, seats=amulets)
    _build(game, IN_PLAY, {"amulet_only": "allowed"}, seats=amulets)
    _build(game, IN_PLAY, seats=_seat0_sets({"goods": "ivory", "cards": ["queen", "amulet", "amulet"]}))


def test_horizontal_sets_follow_their_reading_and_the_round(game: SobekGame) -> None:
    """A horizontal set of different types is made only under ``horizontal_sets = different_kinds`` (and never with
    two cards of a type), one of one type only under ``same_kind``; none lies on the table during the round while
    the sets are discarded between rounds (the default)."""
    mixed = {"goods": "mixed", "horizontal": True, "cards": ["fish", "wheat", "ivory"]}
    fish = {"goods": "fish", "horizontal": True, "cards": ["fish", "fish", "fish"]}
    with pytest.raises(InvalidState, match="different types, under horizontal_sets = same_kind"):
        _build(game, END, seats=_seat0_sets(mixed))
    _build(game, END, {"horizontal_sets": "different_kinds"}, seats=_seat0_sets(mixed))
    with pytest.raises(InvalidState, match="two cards of a type"):
        _build(game, END, {"horizontal_sets": "different_kinds"},
               seats=_seat0_sets({**mixed, "cards": ["fish", "fish_scarabs", "ivory"]}))
    with pytest.raises(InvalidState, match="of one type"):
        _build(game, END, {"horizontal_sets": "different_kinds"}, seats=_seat0_sets(fish))
    _build(game, END, seats=_seat0_sets(fish))
    with pytest.raises(InvalidState, match="a horizontal set during the round"):
        _build(game, IN_PLAY, seats=_seat0_sets(fish))
    _build(game, IN_PLAY, {"sets_between_rounds": "keep"}, seats=_seat0_sets(fish))


def test_prosperity_tokens_lie_on_fish_cattle_and_wheat_sets_once_applied(game: SobekGame) -> None:
    """Seed: the Prosperity token joins one of the player's fish, cattle or wheat sets. On an Ivory set: refused; on
    a Fish set it counts its event as applied unless ``events_used`` says none was."""
    fish = {"goods": "fish", "cards": ["fish", "fish", "fish"], "prosperity": 1}
    state = _build(game, IN_PLAY, seats=_seat0_sets(fish))
    assert game.position_data(state)["events_used"] == {"prosperity": 1}
    with pytest.raises(InvalidState, match="not of fish, cattle or wheat"):
        _build(game, IN_PLAY, seats=_seat0_sets({**fish, "goods": "ivory", "cards": ["ivory", "ivory", "ivory_green"]}))
    with pytest.raises(InvalidState, match="1 Prosperity tokens on sets, more than the Prosperity events applied"):
        _build(game, IN_PLAY, seats=_seat0_sets(fish), events_used={})


def test_the_phase_agrees_with_what_is_pending(game: SobekGame) -> None:
    """An end-of-round choice in the middle of the round, cards along the Nile at its end, a choice once the game is
    over, a round in play with nothing to do (no card, no draw, no choice: the rules deliver or end the round
    first), a Flood's extra turn at the end of the round: each refused."""
    cases = [
        ({**IN_PLAY, "pending": {"choice": "horizontal_sets", "seat": 0}}, "an end-of-round choice"),
        ({**END, "row": ["fish"]}, "the end of the round with cards along the Nile"),
        ({**END, "pending": {"choice": "horizontal_sets", "seat": 0}}, "seat 1 is the one choosing"),
        ({"phase": "horizontal"}, "no seat left to choose"),
        ({"phase": "horizontal", "horizontal_left": [0, 1]}, "the end of the round with nothing pending"),
        ({"phase": "over", "pending": {"choice": "event", "seat": 0}}, "the game is over, yet a choice"),
        ({}, "a round in play with no card along the Nile"),
        ({**END, "extra_turn": True}, "extra turn at the end of the round"),
    ]
    for doc, message in cases:
        with pytest.raises(InvalidState, match=message):
            _build(game, doc)
    _build(game, {"phase": "over"})
    _build(game, {**IN_PLAY, "extra_turn": True})


def test_event_tokens_are_counted_by_type_and_by_round(game: SobekGame) -> None:
    """One Guild token per symbol, so a Guild both among the round's tokens and in the bag is one too many; five
    tokens are drawn a round, so six left to choose in round 1 are too many; in round 1 a token applied is out of
    the bag (its default follows)."""
    with pytest.raises(InvalidState, match="event token 0: 2 in this round, the bag"):
        _build(game, IN_PLAY, events={"guild_snake": 1}, event_bag={"guild_snake": 1})
    six = {"guild_snake": 1, "guild_reed": 1, "guild_ankh": 1, "flood": 2, "curse": 1}
    with pytest.raises(InvalidState, match="6 event tokens drawn this round and 0 to draw, more than 5"):
        _build(game, IN_PLAY, events=six)
    five = {"guild_snake": 1, "guild_reed": 1, "guild_ankh": 1, "flood": 2}
    state = _build(game, IN_PLAY, events=five)
    assert sum(state.token_bag) == 12 - 5
    state = _build(game, IN_PLAY, events={"flood": 1}, events_used={"flood": 1})
    assert state.token_bag[game.token_names.index("flood")] == 0  # two Floods: one to choose, one applied


def test_cards_removed_at_setup_only_with_two_players(game: SobekGame) -> None:
    """Seed: in a two-player game 9 cards are removed at random; with three players none is."""
    _build(game, IN_PLAY, removed={"fish": 1})
    with pytest.raises(InvalidState, match="cards removed at set-up in a game of more than two players"):
        _build(game, IN_PLAY, players=3, removed={"fish": 1})


def test_cards_of_another_type_in_a_set_only_from_the_courtesan(game: SobekGame) -> None:
    """Seed: the Courtesan adds 1 or 2 cards to a played set, of its type unless ``courtesan_match = any_card``;
    there is one Courtesan, so at most two cards of other types lie in sets, and only under that reading."""
    one = _seat0_sets({"goods": "wheat", "cards": ["wheat", "wheat", "wheat", "fish"]})
    with pytest.raises(InvalidState, match="cards in sets not of the set's goods type"):
        _build(game, IN_PLAY, seats=one)
    _build(game, IN_PLAY, {"courtesan_match": "any_card"}, seats=one)
    three = _seat0_sets({"goods": "wheat", "cards": ["wheat", "wheat", "wheat", "fish", "fish", "ivory"]})
    with pytest.raises(InvalidState, match="more than the Courtesan can add"):
        _build(game, IN_PLAY, {"courtesan_match": "any_card"}, seats=three)


def test_a_choice_in_progress_holds_cards_of_the_hand_and_a_set_that_exists(game: SobekGame) -> None:
    """An addition to a set seat 0 does not have, a set being built of cards it does not hold: refused (the rules
    would fail on them later); the same addition to a played Fish set builds."""
    fish = {"goods": "fish", "cards": ["fish", "fish", "fish"]}
    pending = {"choice": "set", "seat": 0, "goods": "fish", "onto": 0, "cards": ["fish"]}
    seats = {"0": {"hand": {"fish": 1}, "sets": [fish]}}
    _build(game, IN_PLAY, seats=seats, pending=pending)
    with pytest.raises(InvalidState, match="adds to its set 1, which is not a played set"):
        _build(game, IN_PLAY, seats=seats, pending={**pending, "onto": 1})
    with pytest.raises(InvalidState, match="holds cards not in its hand"):
        _build(game, IN_PLAY, seats={"0": {"sets": [fish]}}, pending=pending)


def test_a_document_naming_another_configuration_is_refused(game: SobekGame) -> None:
    """Issue 24: ``game.position(game.config(3), doc)`` ignored the document's own ``players = 2``. A disagreement
    between the document's ``[config]`` and the caller's is an error naming the key; an agreeing one builds."""
    with pytest.raises(PositionError, match=re.escape("config.players: the document is for 2 players, the "
                                                      "configuration given for 3")):
        game.position(game.config(3), {**IN_PLAY, "config": {"players": 2}})
    with pytest.raises(PositionError, match=re.escape("config.readings.amulet_only: the document reads 'allowed'")):
        game.position(game.config(2), {**IN_PLAY, "config": {"readings": {"amulet_only": "allowed"}}})
    built = game.position(game.config(2, readings={"amulet_only": "allowed"}),
                          {**IN_PLAY, "config": {"players": 2, "readings": {"amulet_only": "allowed"}}})
    assert built == _build(game, IN_PLAY, {"amulet_only": "allowed"})

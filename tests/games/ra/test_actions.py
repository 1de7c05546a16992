"""Ra's moves by name in Python (issue 24): actions print with the names of docs/positions.md, ``game.action``
reads back what they print, and ``apply`` says what is wrong with what it was given."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nilerules.errors import LISTED_MOVES, IllegalAction, MalformedAction
from nilerules.games.ra import make_game
from nilerules.games.ra.actions import (
    ACTION_TYPES,
    PASS_ACTION,
    Bid,
    Deal,
    Discard,
    DrawTile,
    PlayGod,
)
from nilerules.games.ra.state import GOLD, NILE, TRADER
from tests.helpers import documented_actions, documented_kinds_met, seeded_states

GAME = make_game()


def _position(data: dict[str, Any], players: int = 3, modules: tuple[str, ...] = ()) -> Any:
    return GAME.position(GAME.config(players, modules), data)


GODS = {"phase": "gods", "to_move": 0, "auction_track": ["gold", "nile"], "seats": {"0": {"god": 1}},
        "out_of_play": {"god": 1}}
"""A God tile played this turn (one in out_of_play), one more held, a Gold and a Nile on the track: the seed lets a
God tile take any tile but a disaster, so the legal moves are both takes and the end of the turn."""
DISCARD = {"phase": "discard", "to_move": 1, "discards": {"unrest": 2},
           "seats": {"1": {"civ_writing": 1, "civ_religion": 1, "civ_art": 1}}}
"""An Unrest won by seat 1, who holds three civilizations of different kinds: two of them to discard, a choice."""


def test_the_documented_action_forms_parse_and_print_back() -> None:
    """Each action form of the page's Ra section is read by ``game.action`` and printed back by ``str`` as written
    there (a name the page quotes, ``"draw"``, prints bare)."""
    forms = documented_actions("Ra")
    assert len(forms) == 9  # counted by hand on the page: from "draw" to {deal = [[2, 5, 8, 13], ...]}
    for form in forms:
        assert form.strip('"') == str(GAME.action(form))


def test_repr_and_str_use_the_names_of_the_positions_page() -> None:
    """Names from docs/positions.md's Ra section (tiles by name, disks by number); ``repr`` adds the class."""
    assert str(PlayGod(GOLD)) == '{god = "gold"}'
    assert repr(PlayGod(GOLD)) == '<PlayGod {god = "gold"}>'
    assert (str(Discard(NILE)), str(DrawTile(TRADER)), str(Bid(5))) == ('{discard = "nile"}', '{draw = "trader"}',
                                                                         "{bid = 5}")
    assert (str(PASS_ACTION), repr(PASS_ACTION)) == ("pass", "<Pass pass>")
    assert str(Deal(((2, 5, 8, 13), (3, 6, 9, 12)))) == "{deal = [[2, 5, 8, 13], [3, 6, 9, 12]]}"


def test_an_action_whose_code_names_nothing_shows_its_fields() -> None:
    """Disks are 1 to 16 and tile kinds 0 to 23: a hand-built action outside them shows its codes, never another
    tile's name (Python's negative index would name the last kind, the Trader) or an exception."""
    assert "Bid(disk=0)" == str(Bid(0)) == repr(Bid(0))
    assert repr(DrawTile(-1)) == "DrawTile(kind=-1)"
    assert str(PlayGod(99)) == "PlayGod(kind=99)"


def test_every_move_met_reads_back_from_its_text_in_a_documented_form() -> None:
    """``game.action(str(a)) == a``, and ``str(a)`` has the shape of one of the page's forms, for every move and chance
    outcome of seeded games (2 to 5 players, with and without Traders) and of the written positions where a God tile
    was played and a disaster's discards are chosen (random play rarely reaches those): every kind of action is met."""
    states = [_position(GODS), _position(DISCARD)]
    for i, players in enumerate(GAME.info.player_counts):
        states += seeded_states(GAME, GAME.config(players, GAME.info.modules[: i % 2]), 40 + i)
    assert documented_kinds_met(GAME, states, "Ra") == set(ACTION_TYPES)


def test_apply_given_a_string_says_to_parse_it() -> None:
    """Issue 24: a name passed to ``apply`` said 'illegal action ...: not a legal action here'; a string is no action,
    and the error says so and how to make one, even where the named move is legal (``pass`` in an auction)."""
    state = _position({"phase": "bid", "to_move": 1, "auction_track": ["gold"],
                       "auction": {"started_by": 0, "invoked": True}})
    assert PASS_ACTION in GAME.legal_actions(state)
    message = "ra: apply was given a string, 'pass', not an action: parse it first with game.action('pass')"
    with pytest.raises(MalformedAction, match=re.escape(message)):
        GAME.apply(state, "pass")
    with pytest.raises(MalformedAction, match=re.escape("apply was given a table, {'bid': 5}")):
        GAME.apply(state, {"bid": 5})
    assert GAME.apply(state, GAME.action("pass")) == GAME.apply(state, PASS_ACTION)


def test_an_illegal_action_lists_the_legal_moves_by_name() -> None:
    """In the God tile position above, a God tile may not take a tile that is not on the track: the error names the
    rule and lists the moves there by name; findings.json keeps the dataclass form (``IllegalAction.recorded``)."""
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(_position(GODS), PlayGod(TRADER))
    assert str(raised.value).startswith('illegal action <PlayGod {god = "trader"}>: ')
    assert str(raised.value).endswith('(rule ra.base.god); legal here: {god = "gold"}, {god = "nile"}, end_turn')
    assert raised.value.recorded.startswith("illegal action PlayGod(kind=23): ")
    listed = '{discard = "civ_writing"}, {discard = "civ_religion"}, {discard = "civ_art"}'  # the page's tile order
    with pytest.raises(IllegalAction, match=re.escape(f"legal here: {listed}")):
        GAME.apply(_position(DISCARD), Discard(GOLD))


def test_a_long_list_of_legal_moves_is_shortened() -> None:
    """At the deal of 5 players the outcomes are the 5! = 120 ways of handing out the five disk sets: a move there is
    refused listing the first ``LISTED_MOVES`` deals and counting the rest."""
    state = GAME.setup(GAME.config(5))
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(state, PASS_ACTION)
    listed = str(raised.value).split("; legal here: ", 1)[1]
    assert listed.count("{deal = ") == LISTED_MOVES
    assert listed.endswith(f", and {5 * 4 * 3 * 2 * 1 - LISTED_MOVES} more")
    assert len(raised.value.legal) == 120


def test_game_action_refuses_what_is_no_ra_action() -> None:
    """An unknown name, a tile that is not one, a disk out of range: MalformedAction saying what was passed."""
    with pytest.raises(MalformedAction, match="'bogus': expected one of draw, invoke_ra, end_turn, pass"):
        GAME.action("bogus")
    with pytest.raises(MalformedAction, match="'god' takes a tile name"):
        GAME.action('{god = "cod"}')
    with pytest.raises(MalformedAction, match=re.escape("a bid is a sun disk 1..16")):
        GAME.action("{bid = 17}")

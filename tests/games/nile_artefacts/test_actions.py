"""Nile Artefacts' moves by name in Python (issue 24): actions print with the names of docs/positions.md (cards,
Monuments and spaces by the spec's tables), ``game.action`` reads back what they print, and ``apply`` says what is
wrong with what it was given."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from nilerules.errors import LISTED_MOVES, IllegalAction, MalformedAction
from nilerules.games.nile_artefacts import make_game, names
from nilerules.games.nile_artefacts.actions import ACTION_TYPES, Done, Draw, Move, Offer, Reveal, Take, TurnAround
from nilerules.specs import load_spec
from tests.helpers import (
    documented_actions,
    documented_kinds_met,
    documented_position,
    edited_rules,
    seeded_states,
    spec_with_line_edited,
)

GAME = make_game()
EXAMPLE = documented_position("Nile Artefacts")
"""The page's example: round 3, the offering phase, seat 0 (three cards, 2 Coins) to offer."""


@pytest.fixture(autouse=True)
def _bundled_tables_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``str`` names a code by the table every game made so far shares, and other tests of a session make games of
    edited specs: here the bundled spec's game is the only one made."""
    monkeypatch.setattr(names, "_SHOWN", {table: {} for table in names._SHOWN})
    for players in GAME.info.player_counts:
        names.note_params(GAME.params(GAME.config(players)))


def _example() -> Any:
    return GAME.position(GAME.config(2), EXAMPLE)


def test_the_documented_action_forms_parse_and_print_back() -> None:
    """Each action form of the page's Nile Artefacts section is read by ``game.action`` and printed back by ``str``
    as written there (the page's example names are cards and Monuments of the bundled spec)."""
    forms = documented_actions("Nile Artefacts")
    assert len(forms) == 9  # counted by hand on the page: from {reveal = ...} to {done = true}
    for form in forms:
        assert form == str(GAME.action(form))


def test_repr_and_str_use_the_names_of_the_positions_page() -> None:
    """Issue 24: actions printed their codes (``Take(kind=4)``). Card kinds count the bundled spec's
    params.artifact_cards in the order of type, region and space (the params sort them): eye/nile@1, @6, @8,
    eye/desert@2, @4, so kind 4 is ``eye/desert@4``; Monument 0 is the first of params.monuments, the eye Monument;
    the Boat's spaces are ``space_<n>``."""
    assert str(Take(4)) == '{take = "eye/desert@4"}'
    assert repr(Take(4)) == '<Take {take = "eye/desert@4"}>'
    assert str(Draw(0)) == '{draw = "eye/nile@1"}'
    assert str(Reveal(0)) == '{reveal = "type:eye|pair:3:ankh+eye|pair:4:ankh+eye"}'
    assert str(Move(3)) == '{move = "space_3"}'
    assert str(Offer(0, (0,))) == '{offer = "eye/nile@1", as = ["eye"]}'
    assert str(Offer(0, (5,), 1)) == '{offer = "eye/nile@1", as = ["ankh"], toward = 1}'
    assert (str(Done()), repr(TurnAround())) == ("{done = true}", "<TurnAround {turn_around = true}>")


def test_an_action_whose_code_names_nothing_shows_its_fields() -> None:
    """A hand-built card kind past the table (or negative) or a space off the river shows its codes."""
    assert "Draw(kind=999)" == str(Draw(999)) == repr(Draw(999))
    assert str(Take(-1)) == "Take(kind=-1)"
    assert str(Move(99)) == "Move(space=99)"


def test_cards_are_shown_by_code_when_loaded_specs_disagree_on_the_card(tmp_path: Path) -> None:
    """An action holds a code, not its spec: once a game of a spec whose card table differs is made, a card action
    whose card the two tables name differently shows its code rather than guess which table is meant, and never the
    other table's name; a card both tables name alike, and Monuments and spaces, keep their names. The edit moves
    the first eye card from space 1 to space 2: kind 0 is ``eye/nile@1`` in the bundled table and ``eye/nile@2`` in
    the edited one (both sorted by type, region, space), kind 4 ``eye/desert@4`` in both."""
    assert (str(Take(0)), str(Take(4))) == ('{take = "eye/nile@1"}', '{take = "eye/desert@4"}')
    path = spec_with_line_edited(tmp_path, "nile_artefacts", r'^  "eye/nile@1", "eye/nile@8"',
                                 '  "eye/nile@2", "eye/nile@8"')
    edited = make_game(load_spec(path))
    assert str(Take(0)) == "Take(kind=0)"
    assert str(Take(4)) == '{take = "eye/desert@4"}'
    assert str(Move(3)) == '{move = "space_3"}'
    assert GAME.action(str(Take(4))) == edited.action(str(Take(4))) == Take(4)


def test_a_move_prints_the_same_after_a_game_with_another_river_is_made(tmp_path: Path) -> None:
    """The bundled river has 9 spaces (params.river_spaces), so its right Port is space 10; a copy with 10 (as the
    report's what-if of that assumed parameter makes) has its right Port at 11. Every space both name alike prints
    as before with both games loaded; space 10 (``right_port`` in one, ``space_10`` in the other) shows its code."""
    before = [str(Move(space)) for space in range(10)]
    assert before[3] == '{move = "space_3"}' and str(Move(10)) == '{move = "right_port"}'
    edited = edited_rules(tmp_path, "nile_artefacts", river_spaces=10)
    assert edited.params(edited.config(2)).river_spaces == 10
    assert [str(Move(space)) for space in range(10)] == before
    assert str(Move(10)) == "Move(space=10)"
    assert GAME.action(str(Move(3))) == edited.action(str(Move(3))) == Move(3)


@pytest.mark.slow  # whole seeded games, every move parsed back: nox -s compiled, about five times cheaper
def test_every_move_met_reads_back_from_its_text_in_a_documented_form() -> None:
    """``game.action(str(a)) == a``, and ``str(a)`` has the shape of one of the page's forms, for every move and
    chance outcome of seeded games (2 to 4 players; one under ``card_sharing = split``, whose offers go toward a
    Monument): every kind of action is met."""
    configs = [GAME.config(n) for n in GAME.info.player_counts]
    configs.append(GAME.config(2, (), {"card_sharing": "split"}))
    met = set()
    for i, config in enumerate(configs):
        met |= documented_kinds_met(GAME, seeded_states(GAME, config, 30 + i), "Nile Artefacts",
                                    lambda a: "toward" if isinstance(a, Offer) and a.monument >= 0 else type(a))
    assert met == {*ACTION_TYPES, "toward"}


def test_apply_given_a_string_says_to_parse_it() -> None:
    """Issue 24: a name or a table passed to ``apply`` was 'illegal action ...'; it is no action, and the error says
    so and how to make one, even where the move it names is legal (``done`` in the example's offering)."""
    state = _example()
    assert Done() in GAME.legal_actions(state)
    message = "nile_artefacts: apply was given a table, {'done': True}, not an action: parse it first with game.action("
    with pytest.raises(MalformedAction, match=re.escape(message)):
        GAME.apply(state, {"done": True})
    with pytest.raises(MalformedAction, match=re.escape("apply was given a string, 'done', not an action")):
        GAME.apply(state, "done")
    assert GAME.apply(state, GAME.action("{done = true}")) == GAME.apply(state, Done())


def test_an_illegal_action_lists_the_legal_moves_by_name_shortened() -> None:
    """The example's seat 0 is offering (docs/positions.md: it may offer any of its three cards as any of the six
    types, or be done: 3 x 6 + 1 = 19 moves); moving the Boat is not one of them, and the error lists the first
    ``LISTED_MOVES`` by name and counts the rest. findings.json keeps the dataclass form (``recorded``)."""
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(_example(), Move(3))
    message = str(raised.value)
    assert message.startswith('illegal action <Move {move = "space_3"}>: not a legal action here (move space_3)')
    assert message.split("; legal here: ", 1)[1].startswith('{offer = "eye/nile@1", as = ["eye"]}, ')
    assert message.endswith(f", and {3 * 6 + 1 - LISTED_MOVES} more")
    assert len(raised.value.legal) == 3 * 6 + 1
    assert raised.value.recorded.startswith("illegal action Move(space=3): not a legal action here")


def test_a_chance_outcome_not_left_lists_the_outcomes() -> None:
    """At the start the Monuments are turned over (chance); a card drawn there is refused, listing the Monuments that
    may be revealed."""
    state = GAME.setup(GAME.config(2))
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(state, Draw(0))
    listed = str(raised.value).split("; legal here: ", 1)[1]
    assert listed.startswith('{reveal = "type:eye|pair:3:ankh+eye|pair:4:ankh+eye"}')


def test_game_action_refuses_what_is_no_nile_artefacts_action() -> None:
    """A card not in the data, an unknown space, a bare name: MalformedAction saying what was passed."""
    with pytest.raises(MalformedAction, match="no card 'eye/nile@2' in this game's card data"):
        GAME.action('{take = "eye/nile@2"}')
    with pytest.raises(MalformedAction, match="unknown space 'space_99'"):
        GAME.action('{move = "space_99"}')
    with pytest.raises(MalformedAction, match="expected an object"):
        GAME.action("done")

"""Nefertiti's moves by name in Python (issue 24): actions print with the names of docs/positions.md, ``game.action``
reads back what they print, and ``apply`` says what is wrong with what it was given."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nilerules.core.game import moves_here
from nilerules.errors import LISTED_MOVES, IllegalAction, MalformedAction
from nilerules.games.nefertiti import make_game
from nilerules.games.nefertiti.actions import (
    ACTION_TYPES,
    DrawCard,
    FirstPlayer,
    ForceClose,
    Pass,
    Pick,
    Place,
    Swap,
    TakeCard,
    Target,
)
from nilerules.games.nefertiti.cards import slot
from nilerules.games.nefertiti.names import CHAIR, GIZEH, HARBOR, LOUQSOR, MIRROR, NECKLACE, NEUTRAL_OWNER, PAPYRUS
from tests.helpers import documented_actions, documented_kinds_met, documented_position, seeded_states

GAME = make_game()
EXAMPLE = documented_position("Nefertiti")
"""The page's example: 2 players with the Harbor, seat 0 to place, its Servant on Gizeh's right stall, square 5."""


def _example() -> Any:
    return GAME.position(GAME.config(2, ("harbor",)), EXAMPLE)


def test_the_documented_action_forms_parse_and_print_back() -> None:
    """Each action form of the page's Nefertiti section is read by ``game.action`` and printed back by ``str`` as
    written there (a name the page quotes, ``"pass"``, prints bare)."""
    forms = documented_actions("Nefertiti")
    assert len(forms) == 25  # counted by hand on the page: from {first_player = 0} to "done"
    for form in forms:
        assert form.strip('"') == str(GAME.action(form))


def test_repr_and_str_use_the_names_of_the_positions_page() -> None:
    """Issue 24: actions printed their codes (``Place(market=0, square=2)``); markets, cards and seats by the names
    of docs/positions.md's Nefertiti section, a card lying in a market with its flags."""
    assert str(Place(GIZEH, 2)) == '{place = "gizeh", square = 2}'
    assert repr(Place(GIZEH, 2)) == '<Place {place = "gizeh", square = 2}>'
    assert str(TakeCard(slot(CHAIR, sealed=True))) == '{take = "chair/sealed"}'
    assert str(Swap(CHAIR, LOUQSOR, slot(NECKLACE))) == '{swap = "chair", market = "louqsor", card = "necklace"}'
    assert str(Swap(CHAIR, -1, PAPYRUS)) == '{swap = "chair", neutral = "papyrus"}'
    assert str(Pick(CHAIR, NEUTRAL_OWNER)) == '{pick = "chair", seat = "neutral"}'
    assert str(Target(GIZEH, slot(MIRROR))) == '{target = "gizeh", card = "mirror"}'
    assert (str(ForceClose(-1)), str(ForceClose(HARBOR))) == ("skip_placement", '{close = "harbor"}')
    assert (str(Pass()), repr(Pass()), str(FirstPlayer(0))) == ("pass", "<Pass pass>", "{first_player = 0}")


def test_an_action_whose_code_names_nothing_shows_its_fields() -> None:
    """A hand-built card code past the 22 names, or a market past the five, shows its codes."""
    assert "DrawCard(card=99)" == str(DrawCard(99)) == repr(DrawCard(99))
    assert str(Place(9, 0)) == "Place(market=9, square=0)"
    assert str(DrawCard(-1)) == "DrawCard(card=-1)"


@pytest.mark.slow  # whole seeded games, every move parsed back: nox -s compiled, about five times cheaper
def test_every_move_met_reads_back_from_its_text_in_a_documented_form() -> None:
    """``game.action(str(a)) == a``, and ``str(a)`` has the shape of one of the page's forms, for every move and
    chance outcome of seeded games (2 to 5 players, every module and the fewest): every kind of action is met."""
    met = set()
    for i, players in enumerate(GAME.info.player_counts * 2):
        modules = GAME.info.modules if i % 2 == 0 else GAME.info.required_modules.get(players, ())
        met |= documented_kinds_met(GAME, seeded_states(GAME, GAME.config(players, modules), 100 + i), "Nefertiti")
    assert met == set(ACTION_TYPES)


def test_apply_given_a_string_says_to_parse_it() -> None:
    """Issue 24: a name passed to ``apply`` was 'illegal action ...: not a legal action in this state'; a string is
    no action, and the error says so and how to make one, even where the move it names is legal (the first ``pass``
    of a seeded game)."""
    state = next(s for s in seeded_states(GAME, GAME.config(2, ("harbor",)), 7) if Pass() in moves_here(GAME, s))
    message = "nefertiti: apply was given a string, 'pass', not an action: parse it first with game.action('pass')"
    with pytest.raises(MalformedAction, match=re.escape(message)):
        GAME.apply(state, "pass")
    with pytest.raises(MalformedAction, match=re.escape("apply was given a table, {'close': 'gizeh'}")):
        GAME.apply(state, {"close": "gizeh"})
    assert GAME.apply(state, GAME.action("pass")) == GAME.apply(state, Pass())


def test_an_illegal_action_lists_the_legal_moves_by_name_shortened() -> None:
    """In the page's example seat 0's Servant stands on Gizeh's square 5: placing another there is refused, naming
    the rule and listing the placements by name, the first ``LISTED_MOVES`` of them and how many more; findings.json
    keeps the dataclass form (``IllegalAction.recorded``)."""
    state = _example()
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(state, Place(GIZEH, 5))
    message = str(raised.value)
    assert message.startswith('illegal action <Place {place = "gizeh", square = 5}>: not a legal action in this state')
    listed = message.split("; legal here: ", 1)[1]
    assert listed.startswith("{place = ") and listed.count("{place") == LISTED_MOVES
    assert raised.value.legal == GAME.legal_actions(state) and len(raised.value.legal) > LISTED_MOVES
    assert listed.endswith(f", and {len(raised.value.legal) - LISTED_MOVES} more")
    assert raised.value.recorded == ("illegal action Place(market=0, square=5): not a legal action in this state "
                                     "(rule nefertiti.turn.place)")


def test_a_chance_outcome_not_possible_lists_the_outcomes() -> None:
    """At the start the dice choose the first player among the 3 seats: a card drawn there is refused, listing the
    three outcomes."""
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(GAME.setup(GAME.config(3)), DrawCard(CHAIR))
    assert str(raised.value).endswith("; legal here: {first_player = 0}, {first_player = 1}, {first_player = 2}")


def test_game_action_refuses_what_is_no_nefertiti_action() -> None:
    """An unknown market, an unknown name, a card flag that is none: MalformedAction saying what was passed."""
    with pytest.raises(MalformedAction, match="expected one of gizeh, louqsor"):
        GAME.action('{close = "thebes"}')
    with pytest.raises(MalformedAction, match="'bogus': expected one of pass, take_half, done, skip_placement"):
        GAME.action("bogus")
    with pytest.raises(MalformedAction, match="flags are /down and /sealed"):
        GAME.action('{take = "chair/broken"}')

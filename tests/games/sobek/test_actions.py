"""Sobek's moves by name in Python (issue 24): actions print with the names of docs/positions.md, ``game.action``
reads the forms that page writes, and ``apply`` says what is wrong with what it was given."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nilerules.core.game import moves_here
from nilerules.errors import IllegalAction, MalformedAction
from nilerules.games.sobek import names
from nilerules.games.sobek.actions import (
    ChooseEvent,
    Confirm,
    Done,
    DrawCard,
    DrawToken,
    StartHorizontal,
    StartSet,
    Take,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.state import FISH, WHEAT
from tests.helpers import documented_actions, edited_rules, seeded_states


def test_the_documented_action_forms_parse_and_print_back(game: SobekGame) -> None:
    """Each action form of the page is read by ``game.action`` and printed back by ``str`` as the page writes it
    (``"done"``, a TOML string there, prints bare)."""
    forms = documented_actions("Sobek")
    assert len(forms) == 17  # counted by hand on the page: from {draw = "fish"} to {start = 2}
    for form in forms:
        assert form.strip('"') == str(game.action(form))


def test_repr_and_str_use_the_names_of_the_positions_page(game: SobekGame) -> None:
    """Issue 24: ``StartHorizontal(family=5)`` printed its code; it prints the goods type's name now, and so do
    the others (names from docs/positions.md; the Guilds by the bundled spec's symbol order, snake first)."""
    assert str(StartHorizontal(WHEAT)) == '{horizontal = "wheat"}'
    assert repr(StartHorizontal(WHEAT)) == '<StartHorizontal {horizontal = "wheat"}>'
    assert str(StartHorizontal(-1)) == '{horizontal = "mixed"}'
    assert (str(StartSet(FISH, -1)), str(StartSet(FISH, 0))) == ('{set = "fish"}', '{set = "fish", onto = 0}')
    assert (str(Done()), repr(Done())) == ("done", "<Done done>")
    assert str(DrawToken(0)) == '{draw = "guild_snake"}'
    assert str(ChooseEvent(3)) == '{event = "guild_scorpion"}'
    assert str(Confirm(True)) == "{confirm = true}"


def test_an_action_whose_code_names_nothing_shows_its_fields() -> None:
    """A hand-built action with a code out of range shows the code rather than another card's name (Python's
    negative indexing would name the last card, the Thief) or an exception."""
    assert "DrawCard(item=-1)" == repr(DrawCard(-1)) == str(DrawCard(-1))
    assert repr(StartSet(9, 0)) == "StartSet(family=9, target=0)"


def test_guilds_are_numbered_when_loaded_specs_disagree_on_the_symbol_order(
    game: SobekGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action holds a code, not its spec: when two games of different symbol orders are loaded, ``str`` names the
    k-th Guild ``guild_k`` where the orders put different symbols k-th, rather than guess which order is meant; the
    Guilds both orders put in the same place keep their symbol (reed second, scorpion fourth in both here)."""
    monkeypatch.setattr(names, "_ORDERS", {("snake", "reed", "ankh", "scorpion"), ("ankh", "reed", "snake",
                                                                                       "scorpion")})
    assert str(DrawToken(0)) == '{draw = "guild_1"}'
    assert str(DrawToken(2)) == '{draw = "guild_3"}'
    assert (str(DrawToken(1)), str(ChooseEvent(3))) == ('{draw = "guild_reed"}', '{event = "guild_scorpion"}')
    assert str(DrawToken(4)) == '{draw = "flood"}'


def test_a_guild_prints_the_same_after_a_game_of_another_symbol_order_is_made(
    game: SobekGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two specs loaded: the bundled one (params.symbol_order snake, reed, ankh, scorpion) and a copy with snake and
    ankh swapped. The Guilds of reed and scorpion, second and fourth in both, print as before and read back in both
    games; the first and third, which the two orders name differently, are numbered."""
    monkeypatch.setattr(names, "_ORDERS", {tuple(game.spec.value("symbol_order"))})
    before = [str(DrawToken(k)) for k in range(4)]
    assert before == [f'{{draw = "guild_{s}"}}' for s in ("snake", "reed", "ankh", "scorpion")]
    edited = edited_rules(tmp_path, "sobek", symbol_order='["ankh", "reed", "snake", "scorpion"]')
    after = [str(DrawToken(k)) for k in range(4)]
    assert after == ['{draw = "guild_1"}', before[1], '{draw = "guild_3"}', before[3]]
    assert game.action(after[1]) == edited.action(after[1]) == DrawToken(1)


def test_every_move_of_a_game_reads_back_from_its_text_and_its_json(game: SobekGame) -> None:
    """``game.action(str(a)) == a`` and ``game.action(<a's JSON text>) == a`` for every move and chance outcome of
    a seeded game (three players, the Guild and card draws included)."""
    seen = 0
    for state in seeded_states(game, game.config(3), 11)[:400]:
        for action in moves_here(game, state):
            assert action == game.action(str(action))
            assert action == game.action(json.dumps(game.action_to_data(action)))
            seen += 1
    assert seen > 400


def test_apply_given_a_string_says_to_parse_it(game: SobekGame) -> None:
    """Issue 24: ``apply(state, "done")`` said "illegal action 'done': not a legal action here" where done is
    legal; a string is no action, and the error says so and how to make one."""
    state = game.position(game.config(2), {"phase": "horizontal", "horizontal_left": [1],
                                          "pending": {"choice": "horizontal_sets", "seat": 1}})
    assert Done() in game.legal_actions(state)
    with pytest.raises(MalformedAction, match=re.escape("apply was given a string, 'done', not an action: parse it "
                                                        "first with game.action('done')")):
        game.apply(state, "done")  # type: ignore[arg-type]
    with pytest.raises(MalformedAction, match="apply was given a table"):
        game.apply(state, {"take": 0})  # type: ignore[arg-type]
    assert game.apply(state, game.action("done")) == game.apply(state, Done())


def test_an_illegal_action_lists_the_legal_moves_by_name(game: SobekGame) -> None:
    """Seed: a player may take one of the first four cards along the Nile. With five cards in the row and an
    empty hand, taking the fifth is illegal, and the error lists the four takes."""
    row = ["fish", "wheat", "ivory", "ebony", "marble"]
    state = game.position(game.config(2), {"row": row})
    with pytest.raises(IllegalAction) as raised:
        game.apply(state, Take(4))
    assert str(raised.value).endswith("; legal here: {take = 0}, {take = 1}, {take = 2}, {take = 3}")
    assert str(raised.value).startswith("illegal action <Take {take = 4}>: not a legal action here (rule ")
    assert (Take(0), Take(1), Take(2), Take(3)) == raised.value.legal
    assert (
        raised.value.recorded) == "illegal action Take(index=4): not a legal action here (rule sobek.actions.choose)"


def test_a_chance_outcome_of_the_wrong_kind_lists_the_outcomes(game: SobekGame) -> None:
    """At set-up the round's event tokens are drawn first (seed: five of the twelve tokens); a card is not an
    outcome there, and the error lists the nine kinds of token by name."""
    state = game.setup(game.config(3))
    with pytest.raises(IllegalAction) as raised:
        game.apply(state, DrawCard(0))
    listed = str(raised.value).split("; legal here: ", 1)[1].split(", ")
    tokens = ["guild_snake", "guild_reed", "guild_ankh", "guild_scorpion", "flood", "curse", "prosperity",
              "embalming", "deceit"]
    assert listed == [f'{{draw = "{name}"}}' for name in tokens]


def test_game_action_refuses_what_is_no_sobek_action(game: SobekGame) -> None:
    """Text neither JSON nor TOML, an unknown form, an unknown name: MalformedAction saying what was passed."""
    with pytest.raises(MalformedAction, match="neither JSON nor a TOML inline value"):
        game.action("{take = ")
    with pytest.raises(MalformedAction, match="'bogus' is neither 'done' nor a table"):
        game.action("bogus")
    with pytest.raises(MalformedAction, match="'cod' is not a card"):
        game.action('{add = "cod"}')

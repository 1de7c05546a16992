"""The generic parts of moves by name (issue 24): the written form of an action's JSON (``core.written``), the
parser every game's ``action`` uses, and the errors ``apply`` raises for what it cannot apply (``core.game.refused``),
on hand-made values (no game's names involved); and ``game.action`` on the moves of each of the four games."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest

from nilerules.core import CHANCE, written
from nilerules.core.game import moves_here, refusal, refused
from nilerules.errors import LISTED_MOVES, IllegalAction, MalformedAction
from nilerules.games import load_game
from tests.helpers import documented_kinds_met, game, games, seeded_states


@dataclass(frozen=True)
class Pick:
    """A toy action whose ``repr`` is for people, as the games' are."""

    card: int

    def __repr__(self) -> str:
        return f"<Pick {self.card}>"


def test_text_writes_json_as_the_positions_page_does() -> None:
    """A bare name stays bare; a table is a TOML inline table; strings quoted, booleans and lists as TOML writes
    them (the forms of docs/positions.md, written out by hand)."""
    assert written.text("done") == "done"
    assert written.text({"take": 0}) == "{take = 0}"
    assert written.text({"set": "fish", "onto": 0}) == '{set = "fish", onto = 0}'
    assert written.text({"confirm": True}) == "{confirm = true}"
    assert written.text({"deal": [[2, 5], [3, 6]]}) == "{deal = [[2, 5], [3, 6]]}"
    assert written.text({"neutral_deben": ["louqsor", "akhet_aton"]}) == '{neutral_deben = ["louqsor", "akhet_aton"]}'
    assert written.text("two words") == '"two words"'


def test_parse_reads_json_toml_and_bare_names() -> None:
    """JSON text as logs write it, a TOML inline value as the positions page writes it, or a bare name."""
    assert {"take": 0} == written.parse('{"take": 0}') == written.parse("{take = 0}")
    assert "done" == written.parse('"done"') == written.parse("done") == written.parse('  "done" ')
    assert written.parse('{offer = "eye/nile@1", as = ["eye"]}') == {"offer": "eye/nile@1", "as": ["eye"]}
    with pytest.raises(MalformedAction, match="neither JSON nor a TOML inline value"):
        written.parse("{take = }")
    with pytest.raises(MalformedAction, match=f"at most {written.MAX_TEXT}"):
        written.parse("[" * (written.MAX_TEXT + 1))


def test_refused_tells_a_value_from_an_illegal_action() -> None:
    """A string, a table or a number in place of an action is MalformedAction saying what it is and how to parse
    it; another class of object is not one of the game's actions; one of them is IllegalAction."""
    cases = [("done", "apply was given a string, 'done', not an action: parse it first with game.action('done')"),
             ({"take": 0}, "apply was given a table, {'take': 0}, not an action: parse it first with game.action("),
             (3, "apply was given a number, 3, not an action"), (None, "apply was given None, None, not an action")]
    for value, message in cases:
        error = refused("toy", Pick, "toy.rule", "why", None, value)
        assert isinstance(error, MalformedAction)
        assert str(error).startswith("toy: " + message)
    assert "apply was given a complex, 2.5j, not a toy action" in str(refused("toy", Pick, "r", "why", None, 2.5j))
    illegal = refused("toy", Pick, "toy.rule", "why", None, Pick(7), (Pick(1),))
    assert isinstance(illegal, IllegalAction) and illegal.legal == (Pick(1),)


def test_an_illegal_action_lists_the_legal_moves_shortened_when_long() -> None:
    """By ``str``; the first ``LISTED_MOVES`` only, then how many more (15 moves: 12 listed and 3 more)."""
    assert LISTED_MOVES == 12
    moves = [f"m{i}" for i in range(15)]
    message = str(IllegalAction("toy.rule", "why", None, Pick(7), moves))
    assert message == ("illegal action <Pick 7>: why (rule toy.rule); legal here: m0, m1, m2, m3, m4, m5, m6, m7, m8, "
                       "m9, m10, m11, and 3 more")
    assert str(IllegalAction("toy.rule", "why", None, Pick(7))) == "illegal action <Pick 7>: why (rule toy.rule)"
    long_move = "x" * 100
    assert re.search(r"legal here: x{77}\.\.\.$", str(IllegalAction("r", "why", None, 1, [long_move])))


def test_the_recorded_text_keeps_the_dataclass_form() -> None:
    """findings.json records the error with the action's generated dataclass form, not its ``repr`` for people,
    and without the legal moves: a repr made friendlier changes no recorded byte."""
    error = IllegalAction("toy.rule", "why", None, Pick(7), ["m0"])
    assert error.recorded == "illegal action Pick(card=7): why (rule toy.rule)"
    assert IllegalAction("r", "why", None, "done").recorded == "illegal action 'done': why (rule r)"


@pytest.mark.parametrize("game_id", games())
def test_game_action_reads_every_move_from_its_json_text_and_data(game_id: str) -> None:
    """``game.action`` (``GameBase.action``, generic over each game's ``action_from_data``) reads back every move and
    chance outcome of a seeded game's first 150 steps, from its JSON text as the logs write it and from the data."""
    g = game(game_id)
    for state in seeded_states(g, g.config(g.info.player_counts[0]), 5)[:150]:
        chance = g.current_player(state) is CHANCE
        for action in [a for a, _ in g.chance_outcomes(state)] if chance else g.legal_actions(state):
            data = g.action_to_data(action)
            assert action == g.action(json.dumps(data)) == g.action(data)


def test_refusal_converts_a_rules_error_with_the_moves_there() -> None:
    """``core.game.refusal`` (what Ra's apply raises for its rules' IllegalAction) on the Dice Tally toy: at the
    rolls (chance) the error lists the die's faces, at a turn the legal moves, at the end none; a value that is no
    toy action becomes MalformedAction whatever the rules said. The toy's die faces are its spec's."""
    from tests.toys.tally import Pass, Roll, Wait, make_game

    game = make_game()
    config = game.config(2)
    start = game.setup(config)
    faces = game.faces()
    error = IllegalAction("tally.turn.pass", "why", start, Pass())
    at_roll = refusal(game, (Roll, Pass, Wait), error, start, Pass())
    assert isinstance(at_roll, IllegalAction) and at_roll.legal == tuple(Roll(v) for v in range(1, faces + 1))
    assert (at_roll.rule_id, at_roll.reason) == ("tally.turn.pass", "why")
    turn = game.apply(game.apply(start, Roll(1)), Roll(2))
    assert refusal(game, (Roll, Pass, Wait), error, turn, Wait()).legal == (Pass(),)  # the default reading
    end = turn
    while not game.is_terminal(end):
        end = game.apply(end, Pass())
    assert moves_here(game, end) == ()
    not_one = refusal(game, (Roll, Pass, Wait), error, turn, "pass")
    assert isinstance(not_one, MalformedAction) and "tally: apply was given a string, 'pass'" in str(not_one)


def test_the_documented_forms_check_is_not_blind() -> None:
    """``tests.helpers.documented_kinds_met`` (each game's ``test_actions`` runs it) names the kinds met where every
    move reads back in a documented form (Ra's deal at set-up, under Ra's section), and fails on a deal checked
    against another game's forms (Sobek's section writes no deal) and on a game whose ``action`` misreads its text."""
    ra = load_game("ra")
    start = ra.setup(ra.config(3))
    assert {"Deal"} == {kind.__name__ for kind in documented_kinds_met(ra, [start], "Ra")}
    with pytest.raises(AssertionError, match="deal"):
        documented_kinds_met(ra, [start], "Sobek")

    class Misreads:
        """Ra, but ``action`` reads every text as the first move of the set-up."""

        def __getattr__(self, name: str) -> object:
            return getattr(ra, name)

        def action(self, text: str) -> object:
            return moves_here(ra, start)[0]

    with pytest.raises(AssertionError):
        documented_kinds_met(Misreads(), [start], "Ra")

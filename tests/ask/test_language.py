"""The expression language of ``nilerules ask``: errors with their column and the names that exist, types checked
before anything runs, the functions it adds, the cost limit, and the distance the guided search climbs.

Columns are counted by hand in each expression (1-based, as editors count). Values come from hand-built Dice Tally
positions (tests/ask/tally_view.py), whose view is one ``tally`` per seat.
"""

from __future__ import annotations

import pytest

from nilerules.analysis.ask import language
from nilerules.analysis.ask.distance import distance
from nilerules.analysis.ask.language import MAX_LENGTH, EvaluationError, ExpressionError, compile_expression, evaluate
from nilerules.analysis.ask.view import GameView
from nilerules.games import load_game
from tests.ask import tally_view
from tests.ask.tally_view import module
from tests.toys.tally import TallyState

RA = GameView(load_game("ra"), load_game("ra").config(2))
TOY = module().game


def toy_view(players: int = 2) -> GameView:
    return GameView(TOY, TOY.config(players), tally_view)


def values(tallies: tuple[int, ...], expression: language.Expression) -> dict[str, object]:
    view = toy_view(len(tallies))
    return view.values(TallyState(view.config, tallies, 0), 0, expression)


def error(text: str, want: str = "bool", view: GameView = RA) -> ExpressionError:
    with pytest.raises(ExpressionError) as caught:
        compile_expression(text, view.type, want)  # type: ignore[arg-type]
    return caught.value


def test_syntax_error_at_the_end_names_the_column_after_the_last_character() -> None:
    """'seats.exists(s, s.score >= 60' has 29 characters and lacks its ')': column 30, expecting ')' or ','."""
    exc = error("seats.exists(s, s.score >= 60")
    assert exc.column == 30
    assert "ends too early (expected ')' or ',')" in str(exc)


def test_syntax_error_names_the_unexpected_token_and_its_column() -> None:
    """In '1 +* 2' the '*' is the 4th character."""
    exc = error("1 +* 2", "int")
    assert exc.column == 4
    assert "unexpected '*'" in str(exc)


def test_unknown_top_level_name_lists_the_names_of_the_view() -> None:
    """'foo' is not a name of the view: column 1, and the message lists the top level (seats, round, ...)."""
    exc = error("foo > 1")
    assert exc.column == 1
    assert "unknown name 'foo'" in str(exc) and "seats" in str(exc) and "round" in str(exc)


def test_unknown_seat_field_suggests_the_likeliest_name() -> None:
    """'scor' starts at column 19 of 'seats.exists(s, s.scor >= 60)' (18 characters before it)."""
    exc = error("seats.exists(s, s.scor >= 60)")
    assert exc.column == 19
    assert "in seats[]" in str(exc) and "did you mean 'score'?" in str(exc)


def test_comparing_an_int_with_a_string_is_a_type_error_at_the_string() -> None:
    """The issue's example: score < "x"; the string starts at column 27."""
    exc = error('seats.exists(s, s.score < "x")')
    assert exc.column == 27
    assert "'<' compares int with string" in str(exc)


def test_an_int_and_a_double_do_not_mix() -> None:
    """CEL has no implicit conversion; the message says how to convert."""
    assert "double()" in str(error("seats[0].score / 2.0 > 1.0"))


@pytest.mark.parametrize(
    ("text", "want", "words"),
    [
        ("round", "bool", "needs a bool expression"),
        ("round > 1", "int", "need an int expression"),
        ("seats.filter(s, s.place > 1).map(s, s.score)", "int", "list(int)"),
        ("seats.exists(round, round > 0)", "bool", "already names something"),
        ("seats.map(s, s.score).min() > 0", "bool", "unknown method 'min'"),
        ("type(round) == int", "bool", "unknown function 'type'"),
        ("google.protobuf.Int32Value > 0", "bool", "unknown name 'google'"),
        ("round.size() > 0", "bool", "size() needs"),
        ("!round", "bool", "'!' needs a bool"),
    ],
)
def test_malformed_questions_are_refused_before_they_run(text: str, want: str, words: str) -> None:
    """Wrong result types, shadowed names and anything outside the view or the listed functions."""
    assert words in str(error(text, want))


def test_the_longest_expression_is_accepted_and_one_more_character_refused() -> None:
    """MAX_LENGTH characters pass (here padded with spaces); MAX_LENGTH + 1 are refused, saying the limit."""
    compile_expression("round >= 0".ljust(MAX_LENGTH), RA.type, "bool")
    assert f"at most {MAX_LENGTH}" in str(error("round >= 0".ljust(MAX_LENGTH + 1)))


def test_deep_nesting_is_refused() -> None:
    """Thirty nested parentheses are far beyond a readable question (ten syntax levels each)."""
    assert "nested too deeply" in str(error("(" * 30 + "round" + ")" * 30 + " > 0"))


def test_the_added_functions_over_lists() -> None:
    """max, min and sum of the tallies 2, 5, 3: 5, 2 and 10."""
    view = toy_view(3)
    for text, expected in (("max(seats.map(s, s.tally))", 5), ("min(seats.map(s, s.tally))", 2),
                           ("sum(seats.map(s, s.tally))", 10)):
        expression = compile_expression(text, view.type, "int")
        assert expected == evaluate(expression, values((2, 5, 3), expression))


def test_max_of_an_empty_list_has_no_value_at_that_position() -> None:
    """No seat has a tally above 6: max() of the empty list is an evaluation error, not a crash."""
    view = toy_view()
    expression = compile_expression("max(seats.filter(s, s.tally > 6).map(s, s.tally))", view.type, "int")
    with pytest.raises(EvaluationError, match="empty list"):
        evaluate(expression, values((2, 5), expression))


def test_an_evaluation_over_the_cost_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three nested macros over ten items take more than 1,000 interpreter steps: refused in one line."""
    monkeypatch.setattr(language, "COST_LIMIT", 1000)
    view = toy_view()
    items = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]"
    text = f"{items}.all(x, {items}.all(y, {items}.all(z, x + y + z >= 0)))"
    expression = compile_expression(text, view.type, "bool")
    with pytest.raises(ExpressionError, match="more than 1000 steps"):
        evaluate(expression, values((1, 1), expression))


def test_what_an_expression_reads() -> None:
    """The names read, and the fields of a seat read (None when seats are used whole)."""
    e = compile_expression("seats.exists(s, s.score >= 60) && round > 1", RA.type, "bool")
    assert (frozenset({"seats", "round"}), frozenset({"score"})) == (e.top, e.seat_fields)
    assert compile_expression("seats[0] == seats[1]", RA.type, "bool").seat_fields is None


@pytest.mark.parametrize(
    ("text", "tallies", "expected"),
    [
        ("seats.exists(s, s.tally >= 6)", (2, 4), 2.0),  # the nearer seat is 2 short
        ("seats.all(s, s.tally == 6)", (2, 4), 6.0),  # 4 + 2 short
        ("seats[0].tally > 5 || seats[1].tally > 5", (2, 4), 2.0),  # 6 - 4
        ("seats[0].tally >= 3 && seats[1].tally >= 6", (2, 4), 3.0),  # 1 + 2
        ("!(seats[0].tally < 3)", (2, 4), 1.0),  # not below 3: at least 3, 1 short
        ("seats.exists(s, s.tally >= 4)", (2, 4), 0.0),  # holds
        ("seats[0].tally == seats[1].tally", (2, 5), 3.0),
    ],
)
def test_distance_to_holding(text: str, tallies: tuple[int, int], expected: float) -> None:
    """Gaps of comparisons, && adds, || and exists take the nearer, all adds, ! flips the comparison."""
    view = toy_view()
    expression = compile_expression(text, view.type, "bool")
    assert expected == distance(expression, values(tallies, expression))

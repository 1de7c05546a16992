"""What-if (issue 10): an edited copy of specs/nefertiti.toml changes every figure the checks and queries state.

Each case edits one numeric param to another valid value, loads the game with that spec, runs every check and query,
and compares the figures that state the edited number with a hand calculation from the edited value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.checks.nefertiti import characters, end, harbor, markets, neutral
from nilerules.checks.nefertiti.queries import QUERIES
from nilerules.cli import main
from nilerules.core import replay
from nilerules.errors import SpecError
from nilerules.testing.conformance import every_config
from tests.helpers import spec_with_line_edited

pytestmark = pytest.mark.slow  # many games: nox -s compiled runs it, nox -s tests leaves it out

# (pattern of the one line edited, replacement, check id, reading, text expected in that reading's outcome or summary)
CASES = [
    # Royal Scribe +3: a lone senet owner's Senet x2 is 2 x 6 (senet, one owner) + 2 x 3 (two cards) = 18, or + 3 = 15
    (
        r"^(\[params\.royal_scribe_bonus\]\ntype = \"int\"\nmin = -100\nmax = 100\n)value = 1$",
        r"\1value = 3",
        "senet_x2_scribe",
        "two_cards",
        "18 points",
    ),
    (
        r"^(\[params\.royal_scribe_bonus\]\ntype = \"int\"\nmin = -100\nmax = 100\n)value = 1$",
        r"\1value = 3",
        "senet_x2_scribe",
        "one_card",
        "15 points",
    ),
    # Amon Priest table 0, 7, 10, 13, 16: the 4-player witness holder tied for 3rd place gains 10 (was 9)
    (r"^value = \[0, 6, 9, 12, 15\]$", "value = [0, 7, 10, 13, 16]", "amon_priest_ties", "competition",
     "seat 0 gains +10"),
    # Gizeh's left stall with squares 2, 3, 4, 5, 7, 9: the highest square bids 9, the third 4, the first 2
    (
        r"^  \{ squares = \[1, 2, 3, 4, 5, 6\], conditions = \[\[\"pawns\", 4\], \[\"full\", 0\]\] \},$",
        '  { squares = [2, 3, 4, 5, 7, 9], conditions = [["pawns", 4], ["full", 0]] },',
        "neutral_action_order",
        None,
        "seat 0 servant bids 9, seat 1 neutral bids 4, seat 1 servant bids 2",
    ),
    (
        r"^  \{ squares = \[1, 2, 3, 4, 5, 6\], conditions = \[\[\"pawns\", 4\], \[\"full\", 0\]\] \},$",
        '  { squares = [2, 3, 4, 5, 7, 9], conditions = [["pawns", 4], ["full", 0]] },',
        "unaffordable_bid",
        None,
        "(bid 9)",
    ),
    (
        r"^  \{ squares = \[1, 2, 3, 4, 5, 6\], conditions = \[\[\"pawns\", 4\], \[\"full\", 0\]\] \},$",
        '  { squares = [2, 3, 4, 5, 7, 9], conditions = [["pawns", 4], ["full", 0]] },',
        "sealed_card_buyer",
        None,
        "(bid 3)",
    ),
    # 3 Servants each with 2 players: all 3 stand on the Harbor; the closure table searches up to 3+3 Servants
    (
        r'^value = \{ "2" = 4, "3" = 4, "4" = 4, "5" = 3 \}$',
        'value = { "2" = 3, "3" = 4, "4" = 4, "5" = 3 }',
        "forced_close_harbor",
        None,
        "3 Servants all stand on the Harbor",
    ),
    (
        r'^value = \{ "2" = 4, "3" = 4, "4" = 4, "5" = 3 \}$',
        'value = { "2" = 3, "3" = 4, "4" = 4, "5" = 3 }',
        "neutral_three_colors",
        "searched",
        "<= 3+3 Servants",
    ),
    # goldwork worth 13 at most: the Priest's witness names it
    (
        r"goldwork = \[12, 10, 8, 6, 5\]",
        "goldwork = [13, 10, 8, 6, 5]",
        "priest_value_limit",
        None,
        "goldwork (max 13)",
    ),
    # 5 players with 9 Deben each: 45 + 4 market Deben + 1 on the Harbor = 50
    (
        r'"5" = \[8, 8, 8, 9, 9\] \}$',
        '"5" = [9, 9, 9, 9, 9] }',
        "deben_coins",
        None,
        "5 players with the Harbor: 50 Deben",
    ),
]


@pytest.mark.parametrize(("pattern", "replacement", "check", "reading", "expected"), CASES)
def test_an_edited_param_changes_the_figure_the_check_states(
    tmp_path: Path, pattern: str, replacement: str, check: str, reading: str | None, expected: str
) -> None:
    """The figure follows the edited spec (hand calculation in the comment above each case)."""
    module = load("nefertiti", spec_with_line_edited(tmp_path, "nefertiti", pattern, replacement))
    # the hand-built situation of the check (its seeded-play witness states the figures met in play)
    themes = (characters, end, harbor, markets, neutral)
    fallback = next(getattr(t, f"check_{check}") for t in themes if hasattr(t, f"check_{check}"))
    result = fallback(module.game, Budget.quick())
    if reading is None:
        text = result.verdict.summary
    elif reading == "searched":
        text = result.searched
    else:
        text = dict(result.outcomes)[reading]
    assert expected in text


@pytest.mark.parametrize("case", sorted({(c[0], c[1]) for c in CASES}))
def test_every_check_and_query_runs_on_an_edited_spec(tmp_path: Path, case: tuple[str, str]) -> None:
    """Every check and every query (default parameters) still runs with each edited spec."""
    module = load("nefertiti", spec_with_line_edited(tmp_path, "nefertiti", *case))
    for name, check in module.checks.items():
        result = check(module.game, Budget.quick())
        assert {r for r, _ in result.outcomes} <= set(module.game.spec.ambiguities[name].reading_names())
        if result.witness_log is not None:  # a witness from play replays under the edited rules
            replay(module.game, result.witness_log)
    for name in QUERIES:  # the game's own queries (generic ones such as 'impact' take required parameters)
        assert module.queries[name].run(module.game, {}).text


def test_the_colour_condition_of_gizeh_right_follows_the_spec(tmp_path: Path) -> None:
    """With Gizeh's right stall closed by 4 colours instead of 3, the NEF-001 search states the edited condition."""
    pattern = (
        r'^  \{ squares = \[1, 2, 3, 4, 5, 6\], conditions = \[\["colors", 3\], \["pawns", 4\], \["full", 0\]\] \},$'
    )
    replacement = '  { squares = [1, 2, 3, 4, 5, 6], conditions = [["colors", 4], ["pawns", 4], ["full", 0]] },'
    module = load("nefertiti", spec_with_line_edited(tmp_path, "nefertiti", pattern, replacement))
    result = module.checks["neutral_three_colors"](module.game, Budget.quick())
    assert "closed by 4 colours or 4 pawns" in result.searched


def _refusal(path: Path) -> SpecError:
    """The SpecError that loading a spec and setting up every config of it raises (the parser's cross-param rules
    apply per config)."""
    with pytest.raises(SpecError) as caught:
        module = load("nefertiti", path)
        for config in every_config(module.game):
            module.game.setup(config)
    return caught.value


@pytest.mark.rules("nefertiti.two.no_senet", "nefertiti.base.gift_counts")
def test_removing_more_senet_cards_than_the_deck_holds_is_a_spec_error_naming_the_param(tmp_path: Path) -> None:
    """two_player_removed_gifts.senet 5 -> 6 (found by the what-if sweep: it was an InvalidConfig naming no param):
    the base game has 5 single Senet cards (reference: 'Senet 8 (5 single, 3 double)'), so the 2-player game cannot
    remove 6. One SpecError names the removal's key and the base count it exceeds, and says why; the command line
    gives it as one line, exit 2."""
    path = spec_with_line_edited(
        tmp_path, "nefertiti", r"^value = \{ senet = 5, senet_x2 = 3 \}$", "value = { senet = 6, senet_x2 = 3 }"
    )
    error = _refusal(path)
    assert dict(error.problems) == {
        "params.two_player_removed_gifts.value.senet": "2 players: removes 6 senet card(s) but the deck holds 5",
        "params.base_gifts.value.senet": "2 players: 5 senet card(s) in the base game, fewer than "
        "params.two_player_removed_gifts removes (6)",
    }
    code = main(["simulate", "nefertiti", "--players", "2", "--games", "1", "--spec", str(path)])
    assert code == 2


@pytest.mark.rules("nefertiti.two.no_senet", "nefertiti.base.gift_counts")
def test_fewer_base_senet_cards_than_two_players_remove_names_the_base_count(tmp_path: Path) -> None:
    """base_gifts.senet_x2 3 -> 2 while the 2-player game removes 3 (seed 004: 'Remove 8 senet cards'): the refusal
    names params.base_gifts, the param edited, as well as the removal."""
    path = spec_with_line_edited(
        tmp_path, "nefertiti", r"^(value = \{ senet = 5, )senet_x2 = 3(, harp = 8)", r"\1senet_x2 = 2\2"
    )
    keys = [key for key, _ in _refusal(path).problems]
    assert keys == ["params.two_player_removed_gifts.value.senet_x2", "params.base_gifts.value.senet_x2"]

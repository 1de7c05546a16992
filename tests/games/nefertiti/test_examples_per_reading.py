"""Issue 15: each of the expansion's examples, run under every reading of the ambiguities that touch it. A reading the
text allows reproduces the example's figures; a reading that does not is marked contradicted in the spec."""

from __future__ import annotations

import itertools

import pytest

from nilerules.games import load_game
from nilerules.games.nefertiti.names import STATUETTE
from nilerules.games.nefertiti.scoring import amon_priest_bonus
from tests.games.nefertiti.positions import ROYAL_SCRIBE_SETUP, royal_scribe_example

GAME = load_game("nefertiti")
SPEC = GAME.spec


def readings(amb: str) -> tuple[str, ...]:
    names: tuple[str, ...] = SPEC.ambiguities[amb].reading_names()
    return names


@pytest.mark.rules("nefertiti.royal_scribe.example_hand", "nefertiti.royal_scribe.example_points")
@pytest.mark.parametrize(
    ("bonus", "senet"), list(itertools.product(readings("scribe_foreign_bonus"), readings("senet_x2_scribe")))
)
def test_royal_scribe_example_gives_49_under_every_reading(bonus: str, senet: str) -> None:
    """'The player gains 49 prestige points, and keeps 1 statuette card in hand' (3 x 9 + 3 x 1 + 8 + 1 + 9 + 1):
    the example has neither foreign cards nor a Senet x2, so NEF-002 and NEF-003 cannot change it."""
    config = GAME.config(*ROYAL_SCRIBE_SETUP, {"scribe_foreign_bonus": bonus, "senet_x2_scribe": senet})
    state = royal_scribe_example(GAME, config)
    assert (state.prestige[0], state.hands[0][STATUETTE]) == (49, 1)


@pytest.mark.rules("nefertiti.amon_priest.example")
def test_amon_priest_example_tied_for_third_gains_nine_unless_the_reading_is_contradicted() -> None:
    """'A player tied for 3rd place gains 9 extra prestige points' (scores 50, 40, 30, 30, the holder one of the 30s,
    Deben equal): every reading the text allows gives 9; the one that gives another bonus is marked contradicted."""
    params = GAME.params(GAME.config(4))
    scores, debens = (50, 40, 30, 30), (5, 5, 5, 5)
    for reading in SPEC.ambiguities["amon_priest_ties"].readings:
        bonus = amon_priest_bonus(params, scores, debens, 3, reading.name)
        assert (bonus == params.amon_priest_bonus[2]) == (reading.contradicted == ""), reading.name

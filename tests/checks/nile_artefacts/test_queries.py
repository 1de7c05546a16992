"""The queries of Nile Artefacts on the documented example position (docs/positions.md).

Expected values are the doc's own hand reading of the position.
"""

from __future__ import annotations

from nilerules.games.nile_artefacts import make_game
from tests.helpers import documented_position, written_state

GAME = make_game()


def test_the_best_offering_query_reads_the_documented_position() -> None:
    """With a position, best-offering takes the seat to move's hand and the next levels of the visible Monuments:
    by hand (as the doc says), naming eye, eye and ankh meets all five next conditions with all three cards."""
    from nilerules.analysis.positions import Situation
    from nilerules.checks.model import POSITION_PARAM
    from nilerules.checks.nile_artefacts.queries import QUERIES

    state = written_state(GAME, documented_position("Nile Artefacts"))
    params = {
        "hand": "",
        "monuments": "",
        "readings": "",
        POSITION_PARAM: Situation("position", state, state.config, None),
    }
    result = QUERIES["best-offering"].run(GAME, params)
    assert (result.data["count"], result.data["kept"]) == (5, [])

"""A user's script with mistakes that `mypy --strict` must reject, each on the line that a comment ``error: [code]``
marks (``tests/typed/test_typed_api.py`` runs mypy on this file and compares; never run).

Before the games were typed (``load_game(...) -> Any``) mypy accepted every line of it.
"""

from __future__ import annotations

import nilerules
from nilerules.games import load_game
from nilerules.games.ra.params import readings_of
from nilerules.games.sobek.actions import Done
from nilerules.games.sobek.scoring import clamp


def mistakes(game_id: str) -> None:
    sobek = load_game("sobek")
    state = sobek.setup(sobek.config(3))
    x: int = sobek.scores(state)  # error: [assignment]
    sobek.no_such_method()  # error: [attr-defined]
    ra = load_game("ra")
    sobek.apply(ra.setup(ra.config(3)), Done())  # error: [arg-type]
    ra.legal_actions(state)  # error: [arg-type]
    sobek.apply(state, "done")  # error: [arg-type]
    names = nilerules.load("ra").game.token_names  # error: [attr-defined]
    field = sobek.position(sobek.config(2), {}).no_such_field  # error: [attr-defined]
    unknown = load_game(game_id)
    unknown.no_such_method()  # error: [attr-defined]
    points: str = unknown.ranking(unknown.setup(unknown.config(2)))  # error: [assignment]
    shared = readings_of(ra.config(3)).pharaoh_all_tie == "shrae"  # error: [comparison-overlap]
    clamp(40, 36, "stopp")  # error: [arg-type]
    print(x, names, field, points, shared)

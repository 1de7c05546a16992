"""Nefertiti's checks on hand-built situations (``games/nefertiti/situations.py``): each reading's outcome in a
written position, built under each reading with the kit, and the check's result labelled constructed, its position
document in the witness data.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from nilerules.checks import kit
from nilerules.checks.model import CheckResult
from nilerules.core.types import Config
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.state import NefState


def at_each_reading(
    game: NefertitiGame, ambiguity: str, config: Config, doc: Mapping[str, Any], outcome: Callable[[NefState], str]
) -> kit.Outcomes:
    """``outcome`` of the position ``doc`` built under each reading of ``ambiguity`` (``config`` otherwise), in spec
    order."""

    def run(reading: str) -> str:
        state: NefState = kit.build_position(game, kit.under(game, config, ambiguity, reading), dict(doc))
        return outcome(state)

    return kit.per_reading(game, ambiguity, run)


def built(
    outcomes: kit.Outcomes,
    summary: str,
    doc: Mapping[str, Any],
    searched: str = "one situation",
    *,
    config: Config | None = None,
    figures: Callable[[str], str] | None = None,
    **data: Any,
) -> CheckResult:
    """The result of a hand-built situation (``kit.situation_result``), labelled constructed, its position document
    in the data, with its player count and modules when ``config`` gives them (so the written position can be built
    again from the finding alone), and ``figures`` recomputing each reading's outcome from that position
    (``written_outcomes``)."""
    shape = {"players": config.players, "modules": list(config.modules)} if config is not None else {}
    result = kit.situation_result(outcomes, summary, {**data, **shape, "position": dict(doc)}, searched)
    return dataclasses.replace(result, constructed=True, figures=figures)


def written_outcomes(
    game: NefertitiGame, ambiguity: str, config: Config, doc: Mapping[str, Any], outcome: Callable[[NefState], str]
) -> tuple[kit.Outcomes, Callable[[str], str]]:
    """``outcome`` of the written position ``doc`` built under each reading (``kit.written_figures``), and the
    function that recomputes it for one reading."""
    figures = kit.written_figures(game, ambiguity, config, {"position": dict(doc)}, lambda s, _r: outcome(s))
    return kit.per_reading(game, ambiguity, figures), figures

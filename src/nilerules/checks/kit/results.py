"""Check results built the same way in every game: a witness met in play, one from a written position, or one
hand-built situation whose outcomes the check computed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nilerules.checks.kit.play import Divergence
from nilerules.checks.kit.readings import Outcomes, all_readings, depends, differ, open_readings, under
from nilerules.checks.model import CheckResult
from nilerules.core.game import Game
from nilerules.core.situations import build_position
from nilerules.core.types import Config
from nilerules.core.verdicts import Unknown, Witness
from nilerules.errors import IllegalAction


def play_witness(
    game: Game[Any, Any],
    ambiguity: str,
    found: Divergence,
    summary: str,
    searched: str,
    data: Mapping[str, Any] | None = None,
) -> CheckResult:
    """A witness met in play: its log from setup (``witness_log``) replays to where the readings part, and the
    outcomes are each reading's there (``found.outcomes``)."""
    return CheckResult(
        Witness(summary, dict(data or {})),
        "playout",
        found.outcomes,
        searched,
        dict(data or {}),
        witness_log=found.log(game),
        depends_on=depends(game, ambiguity, found.config.readings_dict()),
        figures=found.figures(game) if found.describe is not None else None,
    )


def written_figures(
    game: Game[Any, Any],
    ambiguity: str,
    config: Config,
    written: Mapping[str, Any],
    describe: Callable[[Any, str], str],
) -> Callable[[str], str]:
    """How each reading's figures are recomputed from a witness written out (its ``position`` and ``actions``, as
    ``docs/positions.md`` writes them; ``config`` gives its players, modules and the other readings): the position
    built under that reading, the written moves played from it, then ``describe(state, reading)``; moves the reading
    refuses are said so (``CheckResult.figures`` for a constructed witness)."""
    position = dict(written["position"])
    moves = tuple(written.get("actions") or ())

    def figures(reading: str) -> str:
        state = build_position(game, under(game, config, ambiguity, reading), position)
        try:
            for raw in moves:
                state = game.apply(state, game.action_from_data(raw))
        except IllegalAction as exc:
            return f"the moves are not legal under this reading ({exc.recorded})"
        return describe(state, reading)

    return figures


def constructed_witness(
    game: Game[Any, Any],
    ambiguity: str,
    config: Config,
    position: dict[str, Any],
    actions: Sequence[Any],
    describe: Callable[[Any, str], str],
    summary: str,
    searched: str,
) -> CheckResult:
    """A witness from a written position (``docs/positions.md``), reachability not shown: each reading's outcome is
    ``describe(state, reading)`` after building the position under that reading and playing ``actions`` from it.
    The position and the actions are written into the witness data, so that ``nilerules score`` and ``query legal
    --position`` reproduce it, and each outcome is computed from that written data (``written_figures``). A witness
    when the open readings' outcomes differ, else unknown."""
    data = {
        "players": config.players,
        "modules": list(config.modules),
        "position": position,
        "actions": [game.action_to_data(a) for a in actions],
    }
    figures = written_figures(game, ambiguity, config, data, describe)
    found = tuple((reading, figures(reading)) for reading in all_readings(game, ambiguity))
    verdict: Witness | Unknown
    if differ(found, open_readings(game, ambiguity)):
        verdict = Witness(summary, data)
    else:
        verdict = Unknown(f"the written position did not separate the readings: {summary}", budget="one situation")
    return CheckResult(verdict, "situation", found, searched, data, constructed=True,
                       depends_on=depends(game, ambiguity, config.readings_dict()), figures=figures)


def situation_result(
    outcomes: Outcomes, summary: str, data: Mapping[str, Any], searched: str = "one situation"
) -> CheckResult:
    """The result of one hand-built situation whose outcomes the check computed: a witness when the readings differ
    there, else unknown (the situation did not separate them)."""
    verdict: Witness | Unknown
    if differ(outcomes):
        verdict = Witness(summary, dict(data))
    else:
        verdict = Unknown(f"the hand-built situation did not separate the readings: {summary}", budget="one situation")
    return CheckResult(verdict, "situation", outcomes, searched)

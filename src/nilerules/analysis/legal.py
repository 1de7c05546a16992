"""What may be done in a position under each reading: the generic query ``legal`` (``nilerules query GAME legal
--position FILE``), the editor's "what may I do here?".

The position's own readings (its ``[config]`` table, or the state's) are the baseline. Each ambiguity is varied on its
own over its other readings, every other reading kept at the baseline's (one at a time, never the product), and the
position is built again under each: who is to move and the legal moves (or, when chance is to move, the outcomes
with their probabilities), all named as the game writes actions (``game.action_to_data``). A reading under which the
position cannot be built (a PositionError, an InvalidState) is reported for that reading. ``legal_moves`` does the
work; ``LEGAL_QUERY`` is the query every game has.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nilerules.analysis.positions import Situation, build_position
from nilerules.analysis.witness import move_words
from nilerules.checks.model import POSITION_PARAM, Query, QueryResult
from nilerules.core.log import moves_at
from nilerules.core.types import Config
from nilerules.errors import NileRulesError

LISTED = 12
"""Legal moves named one by one in the text before the rest are counted (the data lists them all)."""
LISTED_DIFFERENCE = 6
"""Moves named one by one for each reading that disagrees."""


@dataclass(frozen=True, slots=True)
class Allowed:
    """What one set of readings allows in the position."""

    ambiguity: str
    """The ambiguity varied ("" for the position's own readings)."""
    reading: str
    mover: str
    """``"seat N"``, ``"chance"`` or ``"nobody"`` (the game is over); empty when the position cannot be built."""
    moves: tuple[str, ...]
    """The legal moves, or the chance outcomes as ``[outcome, "p/q"]``, each as canonical JSON."""
    error: str = ""
    """Why the position cannot be built under this reading, or empty."""

    def kind(self) -> str:
        return "chance outcome" if self.mover == "chance" else "legal move"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"mover": self.mover, "moves": [json.loads(m) for m in self.moves]}
        if self.ambiguity:
            data = {"ambiguity": self.ambiguity, "reading": self.reading, **data}
        return {**data, "error": self.error} if self.error else data


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One reading under which the position allows something else than under the position's own readings."""

    ambiguity: str
    code: str
    baseline: str
    """The position's reading of the ambiguity."""
    reading: str
    mover: tuple[str, str] | None
    """(under the position's reading, under this one) when the player to move differs."""
    only_baseline: tuple[str, ...]
    """Moves (or chance outcomes) allowed under the position's reading only."""
    only_reading: tuple[str, ...]
    """Moves (or chance outcomes) allowed under this reading only."""
    error: str = ""

    def words(self) -> str:
        head = f"{self.code} {self.ambiguity}={self.reading} (the position's: {self.baseline})"
        if self.error:
            return f"{head}: the position cannot be built: {self.error}"
        parts = [f"{self.mover[1]} to move instead of {self.mover[0]}"] if self.mover else []
        if self.only_reading:
            parts.append(f"also {move_words(self.only_reading, LISTED_DIFFERENCE)}")
        if self.only_baseline:
            parts.append(f"not {move_words(self.only_baseline, LISTED_DIFFERENCE)}")
        return f"{head}: {'; '.join(parts)}"

    def to_data(self) -> dict[str, Any]:
        return {
            "ambiguity": self.ambiguity,
            "code": self.code,
            "readings": [self.baseline, self.reading],
            "mover_differs": self.mover is not None,
            **({"mover": list(self.mover)} if self.mover else {}),
            "only_under_position_reading": [json.loads(m) for m in self.only_baseline],
            "only_under_reading": [json.loads(m) for m in self.only_reading],
            **({"error": self.error} if self.error else {}),
        }


@dataclass(frozen=True, slots=True)
class LegalMoves:
    """The legal moves of a position under its own readings and under each other reading of each ambiguity."""

    game: str
    config: Config
    baseline: Allowed
    variants: tuple[Allowed, ...]
    disagreements: tuple[Disagreement, ...]

    def text(self) -> str:
        modules = f", modules {', '.join(self.config.modules)}" if self.config.modules else ""
        base = self.baseline
        head = f"{self.game}, {self.config.players} players{modules}; under the position's readings: "
        if base.mover == "nobody":
            head += "the game is over (no moves)"
        else:
            count = f"{len(base.moves)} {base.kind()}{'' if len(base.moves) == 1 else 's'}"
            who = "a chance draw" if base.mover == "chance" else f"{base.mover} to move"
            head += f"{who}, {count}: {move_words(base.moves, LISTED)}"
        lines = [head]
        tried = len(self.variants)
        ambiguities = len({v.ambiguity for v in self.variants})
        if self.disagreements:
            lines.append(
                f"{len(self.disagreements)} of {tried} other readings ({ambiguities} ambiguities, one at a time) "
                "disagree:"
            )
            lines += [f"  {d.words()}" for d in self.disagreements]
        else:
            lines.append(
                f"every other reading ({tried}, of {ambiguities} ambiguities, one at a time) allows the same here"
            )
        return "\n".join(lines)

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "config": {
                "players": self.config.players,
                "modules": list(self.config.modules),
                "readings": self.config.readings_dict(),
            },
            "position": self.baseline.to_data(),
            "readings": [v.to_data() for v in self.variants],
            "disagreements": [d.to_data() for d in self.disagreements],
        }


def _allowed(game: Any, config: Config, body: Mapping[str, Any], ambiguity: str, reading: str) -> Allowed:
    try:
        state = build_position(game, config, body)
    except NileRulesError as exc:
        return Allowed(ambiguity, reading, "", (), str(exc))
    mover, moves = moves_at(game, state)
    return Allowed(ambiguity, reading, mover, moves)


def _disagreement(game: Any, base: Allowed, other: Allowed) -> Disagreement | None:
    """How ``other`` differs from the position's own readings (``base``: its reading of the same ambiguity)."""
    mine, theirs = set(base.moves), set(other.moves)
    if not other.error and (other.mover, theirs) == (base.mover, mine):
        return None
    built = not other.error
    return Disagreement(
        other.ambiguity,
        game.spec.ambiguities[other.ambiguity].code,
        base.reading,
        other.reading,
        (base.mover, other.mover) if built and other.mover != base.mover else None,
        tuple(m for m in base.moves if m not in theirs) if built else (),
        tuple(m for m in other.moves if m not in mine) if built else (),
        other.error,
    )


def legal_moves(game: Any, situation: Situation) -> LegalMoves:
    """The legal moves of ``situation`` under its own readings, then under each other reading of each ambiguity
    (one ambiguity varied at a time, in code order), and the readings that disagree with the position's."""
    config = situation.config
    base_mover, base_moves = moves_at(game, situation.state)
    unwritable = ""
    try:
        body: Mapping[str, Any] | None = situation.body(game)
    except NileRulesError as exc:
        body, unwritable = None, str(exc)
    variants: list[Allowed] = []
    disagreements: list[Disagreement] = []
    for amb_id, amb in sorted(game.spec.ambiguities.items(), key=lambda item: item[1].code):
        own = config.reading(amb_id)
        baseline = Allowed("", own, base_mover, base_moves)
        for reading in amb.reading_names():
            if reading == own:
                continue
            if body is None:
                allowed = Allowed(amb_id, reading, "", (), unwritable)
            else:
                changed = game.config(config.players, config.modules, {**config.readings_dict(), amb_id: reading})
                allowed = _allowed(game, changed, body, amb_id, reading)
            variants.append(allowed)
            found = _disagreement(game, baseline, allowed)
            if found is not None:
                disagreements.append(found)
    return LegalMoves(
        game.info.id, config, Allowed("", "", base_mover, base_moves), tuple(variants), tuple(disagreements)
    )


def _run(game: Any, params: Mapping[str, Any]) -> QueryResult:
    situation: Situation = params[POSITION_PARAM]
    result = legal_moves(game, situation)
    return QueryResult(result.text(), result.to_data())


LEGAL_QUERY = Query(
    "legal",
    "What may be done in this position under each reading? (--position FILE; the readings that disagree)",
    (),
    _run,
    position="required",
)


def with_legal_query(queries: Mapping[str, Query]) -> dict[str, Query]:
    """A game's queries plus ``legal`` (unless the game defines its own)."""
    return {"legal": LEGAL_QUERY, **queries}

"""A question's answer as data and as sentences, both rendered from the search's outcome (never typed beside it).

Found: the witness is a log from setup (`nilerules.core.log`: ``nilerules show`` and ``replay`` take it) ending at
the position judged, and that position is given in names. Not found: "not found in N games (at most X % at 95 %)",
the one-sided 95 % upper bound on how often the expression holds in play under the policy, from the seeded games
alone (the guided search's games are not a sample): with no hit in N independent games, every rate p with
(1 - p)^N < 0.05 is ruled out, so X = 1 - 0.05^(1/N), rounded up. Never "impossible": a search that finds nothing
proves nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from nilerules.analysis.ask.engine import Outcome
from nilerules.analysis.ask.kinds import CONFIDENCE, percent, percent_up, upper_bound
from nilerules.analysis.ask.language import compile_expression
from nilerules.analysis.ask.view import GameView
from nilerules.core.log import log_to_json, make_log

__all__ = ["CONFIDENCE", "Answer", "percent", "percent_up", "upper_bound"]


def _named(value: Any, paths: frozenset[str], where: str) -> Any:
    """``value`` cut to the places the expression names: a record keeps the fields named, or all when none is."""
    if isinstance(value, list):
        return [_named(item, paths, f"{where}[]") for item in value]
    if not isinstance(value, dict):
        return value
    named = {k: v for k, v in value.items() if (f"{where}.{k}" if where else k) in paths}
    if not named:
        return value
    return {k: _named(v, paths, f"{where}.{k}" if where else k) for k, v in named.items()}


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to one question: `to_data` for ``--json``, `lines` for people, `witness_json` for a log file."""

    game: Any
    outcome: Outcome
    view_module: Any = None
    """The module of the game's part of the view (None: ``nilerules.checks.<game>.view``)."""

    @property
    def kind(self) -> str:
        """``found`` or ``not_found`` (a search never proves a "no"; ``proved`` is left to a decision procedure)."""
        return self.outcome.question.record.answer(self.outcome)

    def witness_json(self) -> str | None:
        """The witness as a log file's text (``nilerules show`` and ``replay`` read it), or None."""
        found = self.outcome.found
        if found is None:
            return None
        return log_to_json(make_log(self.game, self.outcome.config, found.actions, found.final))

    def position_data(self) -> dict[str, Any] | None:
        """Where the expression was judged, in names (``position_data``, without its config)."""
        found = self.outcome.found
        if found is None:
            return None
        data = dict(self.game.position_data(found.final))
        data.pop("config", None)
        return data

    def reads(self) -> dict[str, Any] | None:
        """What the expression reads from the view where it was judged (the names it uses, a seat's fields it uses)."""
        found = self.outcome.found
        if found is None:
            return None
        view = GameView(self.game, self.outcome.config, self.view_module)
        expression = compile_expression(self.outcome.question.expression, view.type, self.outcome.question.wants)
        named: dict[str, Any] = _named(view.data(found.final, found.position, expression), expression.paths, "")
        return named

    def to_data(self) -> dict[str, Any]:
        o = self.outcome
        config = o.config
        data: dict[str, Any] = {
            "game": config.game,
            "players": config.players,
            "modules": list(config.modules),
            "readings": dict(config.readings),
            "question": o.question.kind,
            "expression": o.question.expression,
            "at": o.question.at,
            "policy": o.search.policy,
            "seed": o.search.seed,
            "answer": self.kind,
            "games": o.games,
            "guided": o.guided,
            "guided_rounds": o.rounds,
            "guided_stopped": o.stopped,
            "errors": o.errors,
            "truncated": o.truncated,
        }
        if o.error:
            data["first_error"] = o.error
        data.update(o.question.record.data(o))
        found = o.found
        if found is not None:
            witness = self.witness_json()
            data["witness"] = json.loads(witness) if witness else None
            data["witness_origin"] = found.origin
            data["witness_moves"] = found.position
            data["position"] = self.position_data()
            data["reads"] = self.reads()
        return data

    # -- words ------------------------------------------------------------------------------------------------------
    def header(self) -> str:
        o = self.outcome
        config = o.config
        modules = ", ".join(config.modules) or "no modules"
        return (
            f"{config.game}, {config.players} players, {modules}, {o.search.policy} play "
            f"(seeds {o.search.seed}..{o.search.seed + o.games - 1}): {o.question.expression}"
        )

    def where(self) -> str:
        return "at the end of" if self.outcome.question.at == "end" else "at some position of"

    def summary(self) -> str:
        """The answer in one sentence (its kind's ``summary``)."""
        return self.outcome.question.record.summary(self)

    def position_label(self) -> str:
        """The heading of the witness's last position."""
        found = self.outcome.found
        if found is None:
            return ""
        what = "holds" if found.value is None else f"is {found.value}"
        return f"the position where the expression {what} (after move {found.position}), in names"

    def spot(self, position: int) -> str:
        """Where along a game the expression was judged: its end, or after a move."""
        return "at the end of" if self.outcome.question.at == "end" else f"after move {position} of"

    def lines(self) -> list[str]:
        """The answer for people: the question, the answer, the witness and any evaluation errors."""
        o = self.outcome
        out = [self.header(), self.summary()]
        reads = self.reads()
        if o.found is not None and reads is not None:
            out.append(
                f"witness: {len(o.found.actions)} moves from setup (--out FILE writes it as a log: "
                "`nilerules show FILE`, `nilerules replay FILE`)"
            )
            shown = ", ".join(f"{k} = {json.dumps(v, sort_keys=True)}" for k, v in sorted(reads.items()))
            out.append(f"the expression reads there: {shown if len(shown) <= 400 else shown[:397] + '...'}")
        if o.errors:
            out.append(f"the expression had no value at {o.errors} positions (first: {o.error})")
        if o.truncated:
            out.append(f"{o.truncated} games did not end within the declared maximum length")
        return out

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
import math
from dataclasses import dataclass
from typing import Any

from nilerules.analysis.ask.engine import Outcome
from nilerules.analysis.ask.language import compile_expression
from nilerules.analysis.ask.view import GameView
from nilerules.analysis.montecarlo import wilson
from nilerules.core.log import log_to_json, make_log

CONFIDENCE = 0.95
"""The confidence of every bound and interval an answer gives."""


def upper_bound(games: int, confidence: float = CONFIDENCE) -> float:
    """The one-sided upper bound on a rate after ``games`` games without a hit: ``1 - (1 - confidence)^(1/games)``."""
    return float(1.0 - (1.0 - confidence) ** (1.0 / games))


def percent_up(rate: float) -> str:
    """A rate as a percentage with two decimals, rounded up (a bound stated as "at most" never understates)."""
    return f"{math.ceil(rate * 10000 - 1e-9) / 100:.2f}"


def percent(rate: float) -> str:
    return f"{100 * rate:.2f}"


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
        o = self.outcome
        if o.question.kind == "how_often":
            return "found" if o.hits else "not_found"
        return "found" if o.found is not None else "not_found"

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
        if o.question.kind in ("can", "how_often"):
            data["hits"] = o.hits
            data["rate"] = round(o.hits / o.games, 6)
            if o.question.kind == "how_often" or o.hits:
                low, high = wilson(o.hits, o.games)
            else:
                low, high = 0.0, upper_bound(o.games)
            data["low"], data["high"] = round(low, 6), round(high, 6)
        if o.question.kind in ("max", "min"):
            data["value"] = o.found.value if o.found is not None else None
            data["seeded_value"] = o.seeded_best
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
        """The answer in one sentence."""
        o = self.outcome
        kind = o.question.kind
        found = o.found
        guided = f"{o.guided} games of guided search" + (" (stopped at its time bound)" if o.stopped == "time" else "")
        climbed = o.guided > 0 or o.stopped == "time"
        if kind == "how_often":
            low, high = wilson(o.hits, o.games)
            first = ""
            if found is not None and found.game_index is not None:
                first = f"; the first: game {found.game_index + 1} ({found.origin})"
            return (
                f"holds {self.where()} {o.hits} of {o.games} games: {percent(o.hits / o.games)} % "
                f"(95 % interval {percent(low)}–{percent(high)} %){first}"
            )
        if kind == "can":
            if found is None:
                tail = f", nor in {guided}" if climbed else ""
                return f"not found in {o.games} games (at most {percent_up(upper_bound(o.games))} % at 95 %){tail}"
            if found.game_index is not None:
                return (
                    f"found: holds {self._spot(found.position)} game {found.game_index + 1} of {o.games} "
                    f"({found.origin}); it holds in {o.hits} of the {o.games} games"
                )
            return (
                f"found by the guided search ({found.origin}, after {o.games} seeded games without it): holds "
                f"{self._spot(found.position)} its game"
            )
        largest = "largest" if kind == "max" else "smallest"
        if found is None:
            return f"no value in {o.games} games" + (f" nor in {guided}" if climbed else "") + " (see the errors)"
        where = "at the end of a game" if o.question.at == "end" else "at any position"
        met = f"met in {o.games} games of {o.search.policy} play"  # a value met, not proved the extreme (issue 32)
        if found.game_index is not None:
            text = f"the {largest} value {met} {where}: {found.value}, in game {found.game_index + 1}"
            more = f"; {guided} found nothing {'larger' if kind == 'max' else 'smaller'}" if climbed else ""
            return f"{text} ({found.origin}){more}"
        return (
            f"the {largest} value {where} met by the guided search: {found.value} ({found.origin}); the {largest} "
            f"{met}: {o.seeded_best}"
        )

    def position_label(self) -> str:
        """The heading of the witness's last position."""
        found = self.outcome.found
        if found is None:
            return ""
        what = "holds" if found.value is None else f"is {found.value}"
        return f"the position where the expression {what} (after move {found.position}), in names"

    def _spot(self, position: int) -> str:
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

"""Answering a question: seeded playouts, then a guided search, in chunks through the execution layer.

Seeded games first: game ``i`` is ``playout(game, config, seed + i, policy)``, the very game ``nilerules play --seed``
plays, judged at its end (``at="end"``) or at every position from the setup on (``at="any"``). Then, for ``--can``
when no seeded game satisfied the expression, and for ``--max``/``--min``, a hill-climb over games: each round
takes the best games so far (the elite), cuts each at one of its positions that offer a choice (several moves or
several chance outcomes), drawn from a seeded generator, and plays on from there under the same policy with that
generator (new chance draws, new choices); a game that scores better (the expression's value, or its `distance` to
holding) joins the elite. Every candidate of a round is drawn before any is played and
results come back in order, so ``--jobs 1`` and ``--jobs 2`` give the same answer; a time bound can stop the climb
between rounds, and the answer then says so (the only way the output can depend on the machine).

Only the seeded games are a sample: ``--how-often`` and the bound of a not-found answer come from them alone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from nilerules.analysis.ask.distance import distance
from nilerules.analysis.ask.kinds import KINDS, Kind, QuestionKind
from nilerules.analysis.ask.language import EvaluationError, Expression, compile_expression, evaluate, to_cel
from nilerules.analysis.ask.view import GameView, view_module
from nilerules.analysis.parallel import Execution, GameRef, chunk_ranges, game_source, resolve, run_chunks
from nilerules.core.playout import POLICIES, playout
from nilerules.core.types import CHANCE, Config
from nilerules.errors import InvalidConfig, QueryError

if TYPE_CHECKING:
    from nilerules.checks import GameModule

At = Literal["end", "any"]

MAX_GAMES = 1_000_000
"""The most seeded games one question may play."""
MAX_GUIDED = 100_000
"""The most games of guided search one question may play."""
MAX_SECONDS = 3600.0
"""The longest time bound of the guided search."""
ASK_CHUNK = 20
"""Seeded games per chunk."""
WIDTH = 8
"""Games per round of the guided search."""
ELITE = 4
"""Games the guided search keeps and plays on from."""


@dataclass(frozen=True, slots=True)
class Question:
    """What is asked: ``can`` (find a game where EXPR holds), ``how_often`` (the share of games where it does),
    ``max`` / ``min`` (the largest / smallest value of an int EXPR), at the end of the game or at any position; what
    the kind means is its record, `record` (``nilerules.analysis.ask.kinds``)."""

    kind: QuestionKind
    expression: str
    at: At = "end"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise QueryError(f"unknown question {self.kind!r} (questions: {', '.join(KINDS)})")
        if self.at not in ("end", "any"):
            raise QueryError(f"at: expected 'end' or 'any', got {self.at!r}")

    @property
    def record(self) -> Kind:
        """What the kind means: the expression's type, the search, the answer's data and words."""
        return KINDS[self.kind]

    @property
    def wants(self) -> Literal["bool", "int"]:
        return self.record.wants


@dataclass(frozen=True, slots=True)
class Search:
    """How much work a question may take: ``games`` seeded games, then at most ``guided`` games of guided search
    within ``seconds``; ``seed`` is the first seed, ``policy`` how every seat chooses (a name of `POLICIES`)."""

    games: int = 200
    guided: int = 200
    seconds: float = 120.0
    seed: int = 0
    policy: str = "random"

    def __post_init__(self) -> None:
        if isinstance(self.games, bool) or not isinstance(self.games, int) or not 1 <= self.games <= MAX_GAMES:
            raise InvalidConfig(f"games: expected 1 to {MAX_GAMES}, got {self.games!r}")
        if isinstance(self.guided, bool) or not isinstance(self.guided, int) or not 0 <= self.guided <= MAX_GUIDED:
            raise InvalidConfig(f"guided games: expected 0 to {MAX_GUIDED}, got {self.guided!r}")
        if not isinstance(self.seconds, int | float) or not 0 < self.seconds <= MAX_SECONDS:
            raise InvalidConfig(f"seconds: expected more than 0 and at most {MAX_SECONDS:g}, got {self.seconds!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**63:
            raise InvalidConfig(f"seed: expected 0 to 2**63-1, got {self.seed!r}")
        if self.policy not in POLICIES:
            raise InvalidConfig(f"unknown policy {self.policy!r} (policies: {', '.join(sorted(POLICIES))})")


# -- judging one game ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Judged:
    """What one game gives: whether EXPR held (and where), its best value, how far it came from holding."""

    holds: bool
    position: int
    """Moves from setup to the position judged best (where EXPR first held, where the value was best; the end)."""
    value: int | None
    """The best value (``max``/``min``), or None."""
    objective: float
    """Higher is better: the value (``max``), minus the value (``min``), minus the distance (``can``)."""
    errors: int
    error: str
    length: int
    truncated: bool


@dataclass(slots=True)
class _Context:
    view: GameView
    expression: Expression
    question: Question
    climb: bool
    """Whether the distance to holding is wanted (a guided search may follow)."""


def _context(source: GameRef | GameModule, view_name: str, config: Config, question: Question, climb: bool) -> _Context:
    import importlib

    game = resolve(source).game
    view = GameView(game, config, importlib.import_module(view_name))
    return _Context(view, compile_expression(question.expression, view.type, question.wants), question, climb)


def _positions(
    game: Any, config: Config, actions: Sequence[Any], final: Any, at: At, skip: int
) -> Iterator[tuple[int, Any]]:
    """The positions to judge: the end, or every position from the setup on except the first ``skip``."""
    if at == "end":
        yield len(actions), final
        return
    state = game.setup(config)
    if skip <= 0:
        yield 0, state
    for k, action in enumerate(actions, start=1):
        state = game.apply(state, action)
        if k >= skip:
            yield k, state


DISTANCE_SAMPLES = 16
"""Along a game (``at="any"``), the distance to holding is measured at about this many positions and at the last
(it only steers the guided search; whether EXPR holds is judged at every position)."""


def _judge(ctx: _Context, actions: Sequence[Any], final: Any, truncated: bool, skip: int = 0) -> Judged:
    """Judge one game: at its end, or along it from the setup (stopping where a bool EXPR first holds). The first
    ``skip`` positions are not judged: in the guided search they are the parent game's, judged already."""
    view, expression, kind = ctx.view, ctx.expression, ctx.question.record
    at: At = ctx.question.at
    errors, first_error = 0, ""
    best_value: int | None = None
    best_at, nearest = len(actions), math.inf
    if truncated and at == "end":  # no end to judge
        return Judged(False, len(actions), None, -math.inf, 0, "", len(actions), True)
    step = max(1, (len(actions) + 1 - skip) // DISTANCE_SAMPLES)
    last: dict[str, Any] | None = None
    result: bool | int | EvaluationError = False
    for k, state in _positions(view.game, view.config, actions, final, at, skip):
        data = view.data(state, k, expression)
        if data != last:  # the expression is a function of what it reads: the same inputs, the same value
            last = data
            try:
                result = evaluate(expression, to_cel(data))
            except EvaluationError as exc:
                result = exc
        if isinstance(result, EvaluationError):
            errors += 1
            first_error = first_error or f"after move {k}: {result}"
            continue
        if kind.wants == "bool":
            if result:
                return Judged(True, k, None, 0.0, errors, first_error, len(actions), truncated)
            if ctx.climb and ((k - skip) % step == 0 or k == len(actions)):
                gap = distance(expression, to_cel(data))
                if gap < nearest:
                    nearest, best_at = gap, k
        else:
            value = int(result)
            if kind.better(value, best_value):
                best_value, best_at = value, k
    if kind.wants == "bool":
        return Judged(False, best_at, None, -nearest, errors, first_error, len(actions), truncated)
    if best_value is None:
        return Judged(False, best_at, None, -math.inf, errors, first_error, len(actions), truncated)
    objective = float(best_value * kind.sign)
    return Judged(True, best_at, best_value, objective, errors, first_error, len(actions), truncated)


# -- chunks -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _SeededChunk:
    source: GameRef | GameModule
    view: str
    config: Config
    question: Question
    policy: str
    seed: int
    games: range
    climb: bool


def _seeded_chunk(chunk: _SeededChunk) -> list[Judged]:
    ctx = _context(chunk.source, chunk.view, chunk.config, chunk.question, chunk.climb)
    game = ctx.view.game
    out = []
    for i in chunk.games:
        result = playout(game, chunk.config, chunk.seed + i, chunk.policy)
        out.append(_judge(ctx, result.actions, result.final, result.truncated))
    return out


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A game of the guided search: its parent's moves and the seed that picks where to cut them and plays on."""

    parent: tuple[Any, ...]
    seed: int


@dataclass(frozen=True, slots=True)
class _GuidedChunk:
    source: GameRef | GameModule
    view: str
    config: Config
    question: Question
    policy: str
    candidates: tuple[_Candidate, ...]


def _branches(game: Any, state: Any) -> bool:
    """Whether the position offers a choice: several legal moves, or several chance outcomes."""
    mover = game.current_player(state)
    if mover is None:
        return False
    if mover is CHANCE:
        return len(game.chance_outcomes(state)) > 1
    return len(game.legal_actions(state)) > 1


def play_on(
    game: Any, config: Config, parent: Sequence[Any], seed: int, policy: str
) -> tuple[tuple[Any, ...], Any, bool, int]:
    """Replay ``parent`` from the setup, cut it at one of its positions that offer a choice (drawn with a generator
    seeded by ``seed``), and play on from there under ``policy`` with the same generator until the game ends or
    reaches its declared maximum length: ``(actions, final state, truncated, cut)``."""
    choose = POLICIES[policy]
    rng = random.Random(seed)
    state = game.setup(config)
    states = [state]
    for action in parent:
        state = game.apply(state, action)
        states.append(state)
    choices = [k for k in range(len(parent)) if _branches(game, states[k])]
    cut = rng.choice(choices) if choices else len(parent)
    state = states[cut]
    actions = list(parent[:cut])
    limit = game.info.max_game_length
    while (mover := game.current_player(state)) is not None:
        if len(actions) >= limit:
            return tuple(actions), state, True, cut
        if mover is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            if not game.legal_actions(state):
                return tuple(actions), state, True, cut
            action = choose(game, state, rng)
        state = game.apply(state, action)
        actions.append(action)
    return tuple(actions), state, False, cut


def _guided_chunk(chunk: _GuidedChunk) -> list[tuple[Judged, tuple[Any, ...]]]:
    ctx = _context(chunk.source, chunk.view, chunk.config, chunk.question, True)
    game = ctx.view.game
    out = []
    for candidate in chunk.candidates:
        actions, final, truncated, cut = play_on(game, chunk.config, candidate.parent, candidate.seed, chunk.policy)
        out.append((_judge(ctx, actions, final, truncated, cut + 1), actions))
    return out


# -- the answer ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Found:
    """A game that answers the question: its moves from setup (the whole game, or up to the position judged), where
    it came from, and what the expression gave there."""

    actions: tuple[Any, ...]
    position: int
    origin: str
    """``seed N`` (the seeded game ``nilerules play --seed N`` plays) or ``round R`` (of the guided search)."""
    game_index: int | None
    """Its index among the seeded games (None: found by the guided search)."""
    value: int | None
    final: Any
    """The state at ``position``."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Everything a question's search found, before it is put in words (`nilerules.analysis.ask.answer`)."""

    question: Question
    config: Config
    search: Search
    games: int
    hits: int
    guided: int
    """Games of guided search played."""
    rounds: int
    stopped: str
    """Why the guided search stopped: ``work`` (its budget), ``found``, ``time`` (its time bound), ``none`` (none)."""
    found: Found | None
    seeded_best: int | None
    """The best value among the seeded games (``max``/``min``)."""
    errors: int
    error: str
    truncated: int
    seconds: float = field(compare=False)


def _hit_order(judged: Sequence[Judged]) -> list[int]:
    """Seeded games from best to worst (ties: the earlier game first)."""
    return sorted(range(len(judged)), key=lambda i: (not judged[i].holds, -judged[i].objective, i))


def search(
    module: GameModule,
    config: Config,
    question: Question,
    budget: Search,
    execution: Execution | None = None,
    view: str | None = None,
) -> Outcome:
    """Answer ``question`` about ``module``'s game under ``config`` within ``budget`` (see the module docstring).

    ``view`` names the module holding the game's part of the view (default ``nilerules.checks.<game>.view``).
    The expression is checked before any game is played: an `ExpressionError` names the problem and its column.
    """
    game = module.game
    view_name = view or view_module(game.info.id).__name__
    import importlib

    gv = GameView(game, config, importlib.import_module(view_name))
    compile_expression(question.expression, gv.type, question.wants)  # every error before any work
    start = time.perf_counter()
    source = game_source(module)
    climb = budget.guided > 0 and question.record.climbs
    chunks = [
        _SeededChunk(source, view_name, config, question, budget.policy, budget.seed, r, climb)
        for r in chunk_ranges(budget.games, ASK_CHUNK)
    ]
    parts = run_chunks(
        _seeded_chunk, chunks, execution, sizes=[len(c.games) for c in chunks], unit="games",
        label=f"{game.info.id} games",
    )
    judged = [j for part in parts for j in part]
    hits = sum(j.holds for j in judged) if question.wants == "bool" else 0
    errors = sum(j.errors for j in judged)
    error = next((j.error for j in judged if j.error), "")
    truncated = sum(j.truncated for j in judged)
    order = _hit_order(judged)
    seeded_best: int | None = None
    found: Found | None = None
    best = order[0] if order else None
    if best is not None and judged[best].holds:
        found = _seeded_found(game, config, budget, best, judged[best])
        seeded_best = judged[best].value
    guided = rounds = 0
    stopped = "none"
    wants_climb = climb and (found is None or not question.record.stops_when_found)
    if wants_climb:
        elite = [_seeded_elite(game, config, budget, i, judged[i]) for i in order[:ELITE]]
        result = _climb(module, source, view_name, config, question, budget, execution, elite, start)
        guided, rounds, stopped = result.games, result.rounds, result.stopped
        errors += result.errors
        error = error or result.error
        truncated += result.truncated
        if result.best is not None and (found is None or result.best.judged.objective > judged[order[0]].objective):
            found = _guided_found(game, config, result.best)
    return Outcome(
        question, config, budget, budget.games, hits, guided, rounds, stopped, found, seeded_best, errors, error,
        truncated, time.perf_counter() - start,
    )


@dataclass(frozen=True, slots=True)
class _Member:
    """A game of the guided search's elite: its moves, how it was judged, its order of arrival (ties: earlier)."""

    actions: tuple[Any, ...]
    judged: Judged
    order: int
    round: int


def _seeded_elite(game: Any, config: Config, budget: Search, index: int, judged: Judged) -> _Member:
    result = playout(game, config, budget.seed + index, budget.policy)
    return _Member(result.actions, judged, index - budget.games, 0)


def _state_at(game: Any, config: Config, actions: Sequence[Any]) -> Any:
    state = game.setup(config)
    for action in actions:
        state = game.apply(state, action)
    return state


def _seeded_found(game: Any, config: Config, budget: Search, index: int, judged: Judged) -> Found:
    actions = playout(game, config, budget.seed + index, budget.policy).actions[: judged.position]
    return Found(actions, judged.position, f"seed {budget.seed + index}", index, judged.value,
                 _state_at(game, config, actions))


def _guided_found(game: Any, config: Config, member: _Member) -> Found:
    actions = member.actions[: member.judged.position]
    return Found(actions, member.judged.position, f"round {member.round}", None, member.judged.value,
                 _state_at(game, config, actions))


def _rank(member: _Member) -> tuple[bool, float, int]:
    """Best first: games where EXPR holds (or has a value), then the higher objective, then the earlier arrival."""
    return not member.judged.holds, -member.judged.objective, member.order


@dataclass(frozen=True, slots=True)
class _Climb:
    best: _Member | None
    games: int
    rounds: int
    stopped: str
    errors: int
    error: str
    truncated: int


def _climb(
    module: GameModule, source: GameRef | GameModule, view_name: str, config: Config, question: Question,
    budget: Search, execution: Execution | None, elite: list[_Member], start: float,
) -> _Climb:
    """The hill-climb (module docstring): rounds of `WIDTH` candidates cut from the elite and played on."""
    elite = [m for m in elite if m.judged.objective > -math.inf] or elite
    if not elite:
        return _Climb(None, 0, 0, "none", 0, "", 0)
    elite = sorted(elite, key=_rank)
    best = elite[0]
    played = rounds = errors = truncated = 0
    error = ""
    stopped = "work"
    arrival = 1
    while played < budget.guided:
        if question.record.stops_when_found and best.judged.holds:
            stopped = "found"
            break
        if time.perf_counter() - start > budget.seconds:
            stopped = "time"
            break
        rounds += 1
        width = min(WIDTH, budget.guided - played)
        rng = random.Random(f"nilerules-ask:{budget.seed}:{rounds}")
        candidates = []
        for j in range(width):
            candidates.append(_Candidate(elite[j % len(elite)].actions, rng.getrandbits(63)))
        chunks = [
            _GuidedChunk(source, view_name, config, question, budget.policy, tuple(candidates[r.start : r.stop]))
            for r in chunk_ranges(len(candidates), max(1, math.ceil(len(candidates) / 2)))
        ]
        results = [x for part in run_chunks(_guided_chunk, chunks, execution) for x in part]
        played += width
        for judged, actions in results:
            errors += judged.errors
            error = error or judged.error
            truncated += judged.truncated
            elite.append(_Member(actions, judged, arrival, rounds))
            arrival += 1
        elite = sorted(elite, key=_rank)[:ELITE]
        best = elite[0]
    else:
        if question.record.stops_when_found and best.judged.holds:
            stopped = "found"
    return _Climb(best if best.judged.holds else None, played, rounds, stopped, errors, error, truncated)

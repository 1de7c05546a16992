"""Impact, measured: how often a reading changes the moves, the scores or the winner of real games.

For one ambiguity and one non-default reading, the same seeded game is played twice side by side with common random
numbers: once with every reading at its default, once with only that reading changed. Each game owns a generator
seeded alike, so the two games make the same chance draws and the same policy choices for as long as they agree; the
pair records the first step where they part (the mover, the legal moves, a chance draw or a policy choice differ) and
whether the final scores and the winners differ.

The measurement is a pure function over an explicit list of work items (``measure``), so it can be cut into chunks
and run in parallel (``impact_chunks``, ``measure_chunk``); ``tally`` counts the outcomes and ``classify`` turns them,
with the check's verdict and what its witness shows, into one :class:`Impact` per ambiguity. The game played under
the defaults is the same for every ambiguity, so ``measure`` plays it once per (config, seed, policy) and compares
each changed reading against it. When the measured pairs meet no difference and the check has no game for a witness,
the trials that follow (``work_items(..., search=True)``) are searched for one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from nilerules.analysis.montecarlo import wilson
from nilerules.checks.model import Budget
from nilerules.core.chance import random_index
from nilerules.core.game import Game
from nilerules.core.types import CHANCE, Config, Mover
from nilerules.core.verdicts import VerdictKind

ImpactClass = Literal[
    "changes the winner", "changes scores", "changes play only", "never matters", "unknown", "the text decides"
]
CLASSES: Final[tuple[ImpactClass, ...]] = (
    "changes the winner",
    "changes scores",
    "changes play only",
    "unknown",
    "never matters",
    "the text decides",
)
"""From the strongest effect to none: the order of the report's summary table. The open questions come first;
"the text decides" (every reading but the default is ruled out by the text: only the wording needs clarifying)
comes last."""
TEXT_DECIDES: Final = "The text rules out every other reading: no decision is needed, only a clearer wording."
POLICY_NAMES: Final = ("random", "greedy")
PartKind = Literal["", "moves", "chance", "choice", "end"]
"""Where two paired games part: the mover or legal moves differ, a chance draw differs, the policy chose differently
among the same legal moves, or one game ended and the other did not."""


@dataclass(frozen=True, slots=True)
class PairItem:
    """One pair of games to play: the defaults against one changed reading, with one seed and one policy."""

    ambiguity: str
    reading: str
    base: Config
    changed: Config
    seed: int
    policy: str


@dataclass(frozen=True, slots=True)
class PairOutcome:
    """What one pair of games showed."""

    item: PairItem
    part_step: int
    """The first step (0-based action index) where the games part, -1 when they never do."""
    part_kind: PartKind
    length: int
    """Actions in the game played under the defaults."""
    scores_differ: bool
    winner_differs: bool
    alike: bool
    """The scores differ by the same amount for every seat (so the ranking cannot change)."""

    @property
    def witness_steps(self) -> int:
        """How many actions a witness log of this pair holds: up to the parting, or the whole game."""
        return self.part_step if self.part_step >= 0 else self.length

    @property
    def differs(self) -> bool:
        return self.part_step >= 0 or self.scores_differ or self.winner_differs


@dataclass(frozen=True, slots=True)
class Rate:
    """``hits`` of ``trials`` paired games, with a 95 % Wilson interval."""

    hits: int
    trials: int

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.trials)

    def describe(self) -> str:
        low, high = self.interval
        share = 100 * self.hits / self.trials if self.trials else 0.0
        return f"{self.hits} of {self.trials} ({share:.0f} %; 95 % {100 * low:.0f}–{100 * high:.0f} %)"

    def to_data(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "hits": self.hits,
            "trials": self.trials,
            "rate": round(self.hits / self.trials, 6) if self.trials else 0.0,
            "low": round(low, 6),
            "high": round(high, 6),
        }


@dataclass(frozen=True, slots=True)
class Counts:
    """Paired games under one policy (or all): how many parted in play, differed in scores, in the winner."""

    trials: int = 0
    play: int = 0
    scores: int = 0
    winner: int = 0
    alike: int = 0
    """Of the games whose scores differ: those where every seat shifted by the same amount."""
    scoring_only: int = 0
    """Of the games whose scores differ: those whose moves never parted (only the scoring differed)."""

    def add(self, o: PairOutcome) -> Counts:
        return Counts(
            self.trials + 1,
            self.play + (o.part_step >= 0),
            self.scores + o.scores_differ,
            self.winner + o.winner_differs,
            self.alike + (o.scores_differ and o.alike),
            self.scoring_only + (o.scores_differ and o.part_step < 0),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "trials": self.trials,
            "play": Rate(self.play, self.trials).to_data(),
            "scores": Rate(self.scores, self.trials).to_data(),
            "winner": Rate(self.winner, self.trials).to_data(),
            "every_seat_alike": self.alike,
            "scoring_only": self.scoring_only,
        }


@dataclass(frozen=True, slots=True)
class ReadingImpact:
    """One non-default reading against the default."""

    reading: str
    counts: Counts
    by_policy: tuple[tuple[str, Counts], ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "reading": self.reading,
            **self.counts.to_data(),
            "by_policy": {name: c.to_data() for name, c in self.by_policy},
        }


@dataclass(frozen=True, slots=True)
class Impact:
    """How much an ambiguity matters, measured in play (and, failing that, from its check)."""

    ambiguity: str
    default: str
    cls: ImpactClass
    alike: bool
    """Every game whose scores differed shifted every seat by the same amount: the ranking cannot change."""
    rare: bool
    """The check has a witness, but play never met a difference within the budget."""
    readings: tuple[ReadingImpact, ...]
    budget: str
    """The games that produced the figures, in words."""
    note: str = ""
    """Why the class is what it is when play alone does not say (a proof, a witness play never met, a search)."""

    @property
    def rank(self) -> int:
        return CLASSES.index(self.cls)

    def headline_rate(self) -> Rate:
        """The figure behind the class: games where the winner / the scores / the moves differ (the most of any
        non-default reading)."""
        def pick(c: Counts) -> int:
            if self.cls == "changes the winner":
                return c.winner
            if self.cls == "changes scores":
                return c.scores
            return c.play

        best = max(self.readings, key=lambda r: (pick(r.counts), -r.counts.trials), default=None)
        if best is None:
            return Rate(0, 0)
        return Rate(pick(best.counts), best.counts.trials)

    def how_often(self) -> str:
        """The frequency in words: what differs, in how many paired games, with the 95 % interval."""
        rate = self.headline_rate()
        if rate.trials == 0:
            return "not measured"
        if rate.hits == 0:
            return f"never in {rate.trials} games" + (" (rare)" if self.rare else "")
        what = {"changes the winner": "the winner", "changes scores": "scores"}.get(self.cls, "moves")
        return f"{what}: {rate.describe()}"

    def describe(self) -> str:
        """The class and its figures in a sentence or two (the budget is said once per game)."""
        words = self.cls + (", every seat alike (the ranking cannot change)" if self.alike else "")
        if self.rare:
            words += ", rare"
        text = f"{words}: {self.how_often()}"
        rows = [
            f"`{r.reading}` moves {r.counts.play}, scores {r.counts.scores}"
            + (f" ({r.counts.scoring_only} with the same moves)" if r.counts.scoring_only else "")
            + f", winner {r.counts.winner} of {r.counts.trials}"
            for r in self.readings
            if r.counts.trials and (r.counts.play or r.counts.scores)
        ]
        if rows:
            text += " (against the default: " + "; ".join(rows) + ")"
        return text + (f". {self.note}" if self.note else "")

    def to_data(self) -> dict[str, Any]:
        rate = self.headline_rate()
        return {
            "class": self.cls,
            "every_seat_alike": self.alike,
            "rare": self.rare,
            "how_often": self.how_often(),
            "headline": rate.to_data(),
            "budget": self.budget,
            "note": self.note,
            "default": self.default,
            "readings": [r.to_data() for r in self.readings],
        }


# -- the work -----------------------------------------------------------------------------------------------------
def impact_trials(game: Game[Any, Any], budget: Budget) -> int:
    """Paired games per non-default reading: an eighth of the budget's playouts, at least one per config and
    policy."""
    return max(len(impact_configs(game)) * len(POLICY_NAMES), budget.playouts // 8)


def impact_configs(game: Game[Any, Any]) -> tuple[Config, ...]:
    """Every supported player count without optional modules and with all of them, and each module alone once
    (every reading at its default)."""
    from nilerules.core.configs import every_config

    return every_config(game)


def search_trials(game: Game[Any, Any], budget: Budget) -> int:
    """Further paired games per reading, searched for a witness when the measured ones met no difference."""
    return impact_trials(game, budget)


def work_items(
    game: Game[Any, Any], budget: Budget, ambiguities: Sequence[str] | None = None, search: bool = False
) -> tuple[PairItem, ...]:
    """The pairs to play for ``ambiguities`` (default: all), grouped by the defaults' game so that chunks of
    consecutive items share it: trial ``k`` uses config ``k mod C``, policy ``(k div C) mod 2`` and seed
    ``budget.seed + k``. With ``search``, the trials that follow the measured ones (for the witness search)."""
    spec = game.spec
    ambs = sorted(spec.ambiguities) if ambiguities is None else list(ambiguities)
    configs = impact_configs(game)
    items = []
    first = impact_trials(game, budget) if search else 0
    count = search_trials(game, budget) if search else impact_trials(game, budget)
    for k in range(first, first + count):
        base = configs[k % len(configs)]
        policy = POLICY_NAMES[(k // len(configs)) % len(POLICY_NAMES)]
        for amb_id in ambs:
            amb = spec.ambiguities[amb_id]
            for reading in amb.open_readings():  # impact is measured against the readings the text leaves open
                if reading == base.reading(amb_id):
                    continue
                changed = game.config(base.players, base.modules, {**base.readings_dict(), amb_id: reading})
                items.append(PairItem(amb_id, reading, base, changed, budget.seed + k, policy))
    return tuple(items)


def budget_words(game: Game[Any, Any], budget: Budget) -> str:
    """What ``work_items`` plays, in words."""
    configs = impact_configs(game)
    counts = sorted({c.players for c in configs})
    modules = sorted({m for c in configs for m in c.modules})
    players = f"{counts[0]}-{counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players"
    where = players + (f", with and without {', '.join(modules)}" if modules else "")
    trials = impact_trials(game, budget)
    return (
        f"{trials} paired games per reading over {len(configs)} configs ({where}), random and greedy play, "
        f"seeds {budget.seed}..{budget.seed + trials - 1}"
    )


@dataclass(frozen=True, slots=True)
class _Trajectory:
    movers: tuple[Mover, ...]
    legal: tuple[tuple[Any, ...] | None, ...]
    actions: tuple[Any, ...]
    final: Any


def _choose(game: Game[Any, Any], policy: str) -> Callable[[Any, tuple[Any, ...], random.Random], Any]:
    if policy == "random":
        return lambda state, legal, rng: legal[random_index(rng, len(legal))]
    greedy = game.greedy_action
    return lambda state, legal, rng: greedy(state, rng)


def play(game: Game[Any, Any], config: Config, seed: int, policy: str) -> _Trajectory:
    """One seeded game, as ``core.playout.playout`` plays it, keeping the mover and legal moves of every step (a
    game that gets stuck simply stops)."""
    rng = random.Random(seed)
    choose = _choose(game, policy)
    state = game.setup(config)
    movers: list[Mover] = []
    legals: list[tuple[Any, ...] | None] = []
    actions: list[Any] = []
    limit = game.info.max_game_length
    while (mover := game.current_player(state)) is not None and len(actions) < limit:
        legal: tuple[Any, ...] | None
        if mover is CHANCE:
            legal, action = None, game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            if not legal:
                break
            action = choose(state, legal, rng)
        movers.append(mover)
        legals.append(legal)
        actions.append(action)
        state = game.apply(state, action)
    return _Trajectory(tuple(movers), tuple(legals), tuple(actions), state)


def _pair(game: Game[Any, Any], item: PairItem, base: _Trajectory) -> PairOutcome:
    return pair(game, item, base)


def pair(
    game: Game[Any, Any], item: PairItem, base: _Trajectory, base_game: Game[Any, Any] | None = None
) -> PairOutcome:
    """Play ``item.changed`` in ``game`` beside the trajectory ``base`` (same seed and policy) and compare them.
    ``base_game`` scores and ranks the base game's end when it is another game than ``game`` (the same rules with
    another value of a parameter: ``analysis.assumptions``)."""
    judge = base_game if base_game is not None else game
    rng = random.Random(item.seed)
    choose = _choose(game, item.policy)
    state = game.setup(item.changed)
    step, part, kind = 0, -1, ""
    n, limit = len(base.actions), game.info.max_game_length
    while (mover := game.current_player(state)) is not None and step < limit:
        synced = part < 0
        if synced and (step >= n or mover != base.movers[step]):
            part, kind, synced = step, "moves", False
        if mover is CHANCE:
            action = game.sample_chance(state, rng)
            if synced and action != base.actions[step]:
                part, kind = step, "chance"
        else:
            legal = game.legal_actions(state)
            if not legal:
                break
            if synced and legal != base.legal[step]:
                part, kind, synced = step, "moves", False
            action = choose(state, legal, rng)
            if synced and action != base.actions[step]:
                part, kind = step, "choice"
        state = game.apply(state, action)
        step += 1
    if part < 0 and step != n:
        part, kind = min(step, n), "end"
    a, b = judge.scores(base.final), game.scores(state)
    shifts = {y - x for x, y in zip(a, b, strict=True)}
    return PairOutcome(
        item,
        part,
        kind,  # type: ignore[arg-type]
        n,
        a != b,
        judge.ranking(base.final).winners != game.ranking(state).winners,
        a != b and len(shifts) == 1,
    )


def measure(game: Game[Any, Any], items: Iterable[PairItem]) -> tuple[PairOutcome, ...]:
    """Play every pair of ``items`` (pure: the same items give the same outcomes, in the same order). The defaults'
    game is played once for consecutive items that share it."""
    out: list[PairOutcome] = []
    key: tuple[Config, int, str] | None = None
    base: _Trajectory | None = None
    for item in items:
        if key != (item.base, item.seed, item.policy) or base is None:
            key = (item.base, item.seed, item.policy)
            base = play(game, item.base, item.seed, item.policy)
        out.append(_pair(game, item, base))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ImpactChunk:
    """Pairs that share the defaults' game (one trial of every ambiguity), the unit the parallel layer runs."""

    source: Any
    """What names the game: a ``parallel.GameRef`` or the game module itself."""
    items: tuple[PairItem, ...]


def impact_chunks(
    source: Any, game: Game[Any, Any], budget: Budget, ambiguities: Sequence[str] | None = None, search: bool = False
) -> list[ImpactChunk]:
    """``work_items`` cut at each change of the defaults' game."""
    chunks: list[ImpactChunk] = []
    current: list[PairItem] = []
    for item in work_items(game, budget, ambiguities, search):
        if current and (current[0].base, current[0].seed, current[0].policy) != (item.base, item.seed, item.policy):
            chunks.append(ImpactChunk(source, tuple(current)))
            current = []
        current.append(item)
    if current:
        chunks.append(ImpactChunk(source, tuple(current)))
    return chunks


def measure_chunk(chunk: ImpactChunk) -> tuple[PairOutcome, ...]:
    """``measure`` on one chunk (in any process: the game is loaded from what the chunk names)."""
    from nilerules.analysis.parallel import resolve

    return measure(resolve(chunk.source).game, chunk.items)


# -- the summary ----------------------------------------------------------------------------------------------------
def tally(outcomes: Iterable[PairOutcome]) -> dict[str, dict[str, dict[str, Counts]]]:
    """ambiguity -> reading -> policy (and "all") -> counts."""
    table: dict[str, dict[str, dict[str, Counts]]] = {}
    for o in outcomes:
        per = table.setdefault(o.item.ambiguity, {}).setdefault(o.item.reading, {})
        for name in ("all", o.item.policy):
            per[name] = per.get(name, Counts()).add(o)
    return table


def first_witness(outcomes: Iterable[PairOutcome], ambiguity: str) -> PairOutcome | None:
    """The pair that makes the clearest witness: legal moves that part, else a chance draw that parts, else scores
    that differ with the same moves, else a policy choice that parts; the shortest, then the first played."""
    order = {"moves": 0, "end": 0, "chance": 1, "": 2, "choice": 3}
    best: tuple[tuple[int, int, int], PairOutcome] | None = None
    for index, o in enumerate(outcomes):
        if o.item.ambiguity != ambiguity or not o.differs:
            continue
        rank = (order[o.part_kind], o.witness_steps, index)
        if best is None or rank < best[0]:
            best = (rank, o)
    return None if best is None else best[1]


WitnessEffect = Literal["winner", "scores", "moves", "position", "none"]
"""What a witness replayed under each reading shows (``analysis.witness.effect``), from the strongest difference to
none; ``position``: the same moves and scores, a different position. Only the first three make a class."""


def classify(
    ambiguity: str,
    default: str,
    readings: Mapping[str, Mapping[str, Counts]],
    verdict: VerdictKind,
    budget: str,
    witness_effect: WitnessEffect | None = None,
    searched: str = "",
    found_by_search: int = 0,
    open_alternatives: bool = True,
) -> Impact:
    """The class of one ambiguity from its paired games, its check's verdict and what its witness shows when
    replayed under each reading (``witness_effect``; None when the witness is not a game; one that parts only in the
    position makes no class, but its note says so rather than 'only in what the check reports'). ``found_by_search``:
    the further paired games per reading whose search found the witness (0 when it did not come from that search).
    ``open_alternatives``: whether the text leaves some reading other than the default open; when it does not, the
    class is "the text decides" whatever play shows (only the readings left open are measured)."""
    if not open_alternatives:
        return Impact(ambiguity, default, "the text decides", False, False, (), budget, TEXT_DECIDES)
    rows = tuple(
        ReadingImpact(name, per.get("all", Counts()), tuple((p, per[p]) for p in POLICY_NAMES if p in per))
        for name, per in sorted(readings.items())
    )
    total = Counts(
        sum(r.counts.trials for r in rows),
        sum(r.counts.play for r in rows),
        sum(r.counts.scores for r in rows),
        sum(r.counts.winner for r in rows),
        sum(r.counts.alike for r in rows),
        sum(r.counts.scoring_only for r in rows),
    )
    note, rare = "", False
    cls: ImpactClass
    if total.winner:
        cls = "changes the winner"
    elif total.scores:
        cls = "changes scores"
    elif total.play:
        cls = "changes play only"
    elif verdict == "proof":
        cls, note = "never matters", "The check proves the readings always agree, and play never met a difference."
    elif verdict == "witness" or found_by_search:
        rare = True
        cls = {"winner": "changes the winner", "scores": "changes scores", "moves": "changes play only"}.get(
            witness_effect or "none", "unknown"
        )  # type: ignore[assignment]
        if found_by_search:
            note = (
                f"Not met in the measured games; met in {found_by_search} more per reading (the witness; the class is "
                "what it shows)."
            )
        elif cls != "unknown":
            note = "Not met in play; the class is what the witness shows when replayed."
        elif witness_effect is None:
            note = "Not met in play, and the witness is not a game."
        elif witness_effect == "position":
            note = (
                "Not met in play; replayed, the witness gives the same moves and scores under every reading, and the "
                "readings part only in the position (each reading's end names the parts)."
            )
        else:
            note = (
                "Not met in play, and the witness replays alike under every reading: the difference is only in what "
                "the check reports."
            )
    else:
        cls = "unknown"
        note = "Play never met a difference and the check proved nothing" + (f"; searched: {searched}" if searched
                                                                              else "") + "."
    if verdict == "proof" and total.play + total.scores:
        note = "Play met a difference although the check reports a proof: the proof's domain does not cover play."
    alike = cls == "changes scores" and total.scores > 0 and total.alike == total.scores
    return Impact(ambiguity, default, cls, alike, rare, rows, budget, note)

"""Impact, measured where a rule applies: how often an ambiguity's situation arises in real games, and how often,
when it does, the readings change the moves, the scores or the winner.

For one ambiguity and one non-default reading, a seeded base game is played with every reading at its default
(``play(..., keep=True)`` keeps its states). Its *application points* are the steps where the changed reading gives,
in the same position (``Game.rebase``), another mover, other legal moves, another chance distribution or another
successor for the move played, or at the end other scores or winners (``application_point``: a differential test
at every step, so it needs no hook in the rules and holds under the compiled build alike). The paired game follows
the base game move for move up to the first application point and only from there goes on under its own reading
with its own players, drawing from where the base game's generator stood (``follow``): a pair whose situation never
arose is the base game itself, and a pair can part nowhere else (tests/analysis/test_application_points.py: the
placebo). The trials alternate random and greedy play (the context), then ``Budget.strong_trials`` more have every
seat play the strong player (``POLICIES["strong"]``, at ``Budget.strong_simulations`` per decision): the impact among
competent players.

The measurement is a pure function over an explicit list of work items (``measure``), so it can be cut into chunks
and run in parallel (``impact_chunks``, ``measure_chunk``); ``tally`` counts the outcomes per reading,
``game_counts`` per base game (every reading together: ``arises``, then ``play``, ``scores``, ``winner`` among the
games where it arises) and ``classify`` turns them, with the check's verdict and what its witness shows, into one
:class:`Impact` per ambiguity. The game played under the defaults is the same for every ambiguity, so ``measure``
plays it once per (config, seed, policy) and compares each changed reading against it. When the measured pairs meet
no difference and the check has no game for a witness, the trials that follow (``work_items(..., search=True)``) are
searched for one. A changed value of an assumed parameter (``analysis.assumptions``) is measured the same way on
the same base games: ``application_point(..., under=...)`` with the rules bound to the changed value, then
``follow(..., base_game=...)``.
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
from nilerules.core.search import SearchBudget, SearchPolicy
from nilerules.core.types import CHANCE, Config, Mover
from nilerules.core.verdicts import VerdictKind

ImpactClass = Literal[
    "changes the winner", "changes scores", "changes play only", "never matters", "no difference seen",
    "the text decides"
]
CLASSES: Final[tuple[ImpactClass, ...]] = (
    "changes the winner",
    "changes scores",
    "changes play only",
    "no difference seen",
    "never matters",
    "the text decides",
)
"""From the strongest effect to none: the order of the report's summary table. The open questions come first;
"the text decides" (every reading but the default is ruled out by the text: only the wording needs clarifying)
comes last. "no difference seen": play met no difference and the check decides nothing (not the verdict's
"unknown": the check may have a witness that no game reached)."""
UNSEEN: Final = "no difference seen"
TEXT_DECIDES: Final = "The text rules out every other reading: no decision is needed, only a clearer wording."
POLICY_NAMES: Final = ("random", "greedy")
"""The context policies: the trials alternate them."""
STRONG: Final = "strong"
"""Every seat plays the search-based player (``core.search.SearchPolicy``) in the strong trials."""
STATED: Final = (STRONG, *POLICY_NAMES)
"""The policies in the order the report states them: strong play first, random and greedy as context."""
CONTEXT: Final = "random and greedy"
"""The context's paired games together, when they give the class."""
NOT_MET: Final = "not met"
"""What one policy's paired games show when none of them differs."""
PLAY_WORDS: Final[dict[str, str]] = {"changes the winner": "winner", "changes scores": "scores",
                                     "changes play only": "play", NOT_MET: "none"}
"""A class in a table cell of one policy's figures."""
PointKind = Literal["setup", "mover", "moves", "chance", "successor", "scores"]
"""What the readings change at an application point: the position set up, who moves, the legal moves, the chance
distribution, the position the same move leads to, or (at the end) the scores or the winner."""
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
    simulations: int = 0
    """The strong player's simulations per decision (``policy == STRONG``); 0 otherwise."""


@dataclass(frozen=True, slots=True)
class Trial:
    """One trial: a config, a seed and how every seat plays (``simulations``: the strong player's, else 0)."""

    config: Config
    seed: int
    policy: str
    simulations: int = 0


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
    point: int = -1
    """The base game's first application point (the action index where the readings first give a different mover,
    legal moves, chance distribution, successor or, at ``length``, scores), -1 when the situation never arose."""
    point_kind: PointKind | Literal[""] = ""

    @property
    def arises(self) -> bool:
        """The base game met an application point: the rule applied."""
        return self.point >= 0

    @property
    def witness_steps(self) -> int:
        """How many actions a witness log of this pair holds: up to the application point (past its action when the
        successor differs), else up to the parting, or the whole game."""
        if self.point >= 0:
            return min(self.length, self.point + (self.point_kind == "successor"))
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
    arises: int = 0
    """The games that met an application point (``PairOutcome.arises``); the play, scores and winner counts are
    among these (a pair whose situation never arose is, by construction, the same game)."""

    def add(self, o: PairOutcome) -> Counts:
        return Counts(
            self.trials + 1,
            self.play + (o.part_step >= 0),
            self.scores + o.scores_differ,
            self.winner + o.winner_differs,
            self.alike + (o.scores_differ and o.alike),
            self.scoring_only + (o.scores_differ and o.part_step < 0),
            self.arises + o.arises,
        )

    def plus(self, other: Counts) -> Counts:
        return Counts(*(a + b for a, b in zip(_fields(self), _fields(other), strict=True)))

    def play_class(self) -> ImpactClass | None:
        """The strongest difference these games met, or None."""
        if self.winner:
            return "changes the winner"
        if self.scores:
            return "changes scores"
        return "changes play only" if self.play else None

    def hits(self, cls: str) -> int:
        """The games that show ``cls``'s difference (the moves for any other class)."""
        return {"changes the winner": self.winner, "changes scores": self.scores}.get(cls, self.play)

    def to_data(self) -> dict[str, Any]:
        return {
            "trials": self.trials,
            "play": Rate(self.play, self.trials).to_data(),
            "scores": Rate(self.scores, self.trials).to_data(),
            "winner": Rate(self.winner, self.trials).to_data(),
            "every_seat_alike": self.alike,
            "scoring_only": self.scoring_only,
        }


def _fields(c: Counts) -> tuple[int, ...]:
    return (c.trials, c.play, c.scores, c.winner, c.alike, c.scoring_only, c.arises)


def total(counts: Iterable[Counts]) -> Counts:
    """The sum of several counts."""
    out = Counts()
    for c in counts:
        out = out.plus(c)
    return out


@dataclass(frozen=True, slots=True)
class PlayView:
    """What one kind of play (strong, random, greedy, or random and greedy together) showed over an ambiguity's
    readings: the strongest difference met and the figure behind it (the reading that shows it most)."""

    play: str
    cls: str
    """A class of ``CLASSES`` met in play, or ``NOT_MET``."""
    rate: Rate

    def cell(self) -> str:
        """In a table cell: ``winner 2/8 (7–59 %)``; not measured when no game was played."""
        if self.rate.trials == 0:
            return "not measured"
        low, high = self.rate.interval
        return f"{PLAY_WORDS[self.cls]} {self.rate.hits}/{self.rate.trials} ({100 * low:.0f}–{100 * high:.0f} %)"

    def words(self) -> str:
        """In a sentence: ``the winner in 2 of 8 (25 %; 95 % 7–59 %)``, or ``no difference in 8``."""
        if self.cls == NOT_MET:
            return f"no difference in {self.rate.trials}"
        what = {"changes the winner": "the winner", "changes scores": "scores"}.get(self.cls, "moves")
        return f"{what} in {self.rate.describe()}"

    def to_data(self) -> dict[str, Any]:
        return {"class": self.cls, **self.rate.to_data()}


def view(play: str, per_reading: Sequence[Counts]) -> PlayView:
    """The view of one kind of play from its counts per non-default reading."""
    cls = total(per_reading).play_class() or NOT_MET
    best = max(per_reading, key=lambda c: (c.hits(cls), -c.trials), default=Counts())
    hits = best.hits(cls) if cls != NOT_MET else 0
    return PlayView(play, cls, Rate(hits, best.trials))


@dataclass(frozen=True, slots=True)
class GameCounts:
    """One policy's base games for one ambiguity, every non-default reading together: in how many the situation
    arose (an application point of some reading was met), and among those, in how many some reading changed the
    moves, the scores, the winner."""

    games: int = 0
    arises: int = 0
    play: int = 0
    scores: int = 0
    winner: int = 0

    def rates(self) -> dict[str, Rate]:
        """``arises`` among the games; ``play``, ``scores``, ``winner`` among the games where it arises."""
        return {
            "arises": Rate(self.arises, self.games),
            "play": Rate(self.play, self.arises),
            "scores": Rate(self.scores, self.arises),
            "winner": Rate(self.winner, self.arises),
        }

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"games": self.games}
        for name, rate in self.rates().items():
            low, high = rate.interval
            out[name] = {"hits": rate.hits, "trials": rate.trials, "low": round(low, 6), "high": round(high, 6)}
        return out


def game_counts(outcomes: Iterable[PairOutcome]) -> dict[str, dict[str, GameCounts]]:
    """ambiguity -> policy -> ``GameCounts``: the pairs grouped by their base game (config, seed, policy), a base
    game counting once however many readings it was paired with."""
    games: dict[tuple[str, str, Config, int], list[bool]] = {}
    for o in outcomes:
        key = (o.item.ambiguity, o.item.policy, o.item.base, o.item.seed)
        flags = games.setdefault(key, [False, False, False, False])
        flags[0] |= o.arises
        flags[1] |= o.arises and o.part_step >= 0
        flags[2] |= o.arises and o.scores_differ
        flags[3] |= o.arises and o.winner_differs
    out: dict[str, dict[str, GameCounts]] = {}
    for (amb, policy, _, _), (arises, moved, scored, won) in games.items():
        per = out.setdefault(amb, {})
        c = per.get(policy, GameCounts())
        per[policy] = GameCounts(c.games + 1, c.arises + arises, c.play + moved, c.scores + scored, c.winner + won)
    return out


@dataclass(frozen=True, slots=True)
class Evidence:
    """One game where the situation arose and the readings parted: the base game's policy, seed and config, the
    application point (action index) and the reading that parted from the default there."""

    policy: str
    seed: int
    players: int
    modules: tuple[str, ...]
    step: int
    reading: str
    kind: str
    """What the readings change at the point (``PointKind``)."""
    effect: str
    """``winner``, ``scores`` or ``play``: the strongest difference the pair showed."""

    def to_data(self) -> dict[str, Any]:
        return {
            "policy": self.policy,
            "seed": self.seed,
            "config": {"players": self.players, "modules": list(self.modules)},
            "step": self.step,
            "reading": self.reading,
            "kind": self.kind,
            "effect": self.effect,
        }


def evidence(outcomes: Iterable[PairOutcome], policy: str = STRONG) -> Evidence | None:
    """The first game of ``policy`` whose situation arose and whose readings parted, with the strongest difference
    (the winner, else the scores, else the moves); None when there is none."""
    best: tuple[int, PairOutcome] | None = None
    for o in outcomes:
        if o.item.policy != policy or not o.arises or not o.differs:
            continue
        rank = 0 if o.winner_differs else 1 if o.scores_differ else 2
        if best is None or rank < best[0]:
            best = (rank, o)
    if best is None:
        return None
    rank, o = best
    return Evidence(o.item.policy, o.item.seed, o.item.base.players, tuple(o.item.base.modules), o.point,
                    o.item.reading, o.point_kind, ("winner", "scores", "play")[rank])


@dataclass(frozen=True, slots=True)
class ReadingImpact:
    """One non-default reading against the default."""

    reading: str
    counts: Counts
    by_policy: tuple[tuple[str, Counts], ...]

    def of(self, policies: Sequence[str]) -> Counts:
        """The games of these policies together."""
        return total(c for name, c in self.by_policy if name in policies)

    def to_data(self) -> dict[str, Any]:
        return {
            "reading": self.reading,
            **self.counts.to_data(),
            "by_policy": {name: c.to_data() for name, c in self.by_policy},
        }


def effect_class(c: GameCounts) -> ImpactClass | None:
    """The strongest difference one policy's games met where the situation arose, or None."""
    if c.winner:
        return "changes the winner"
    if c.scores:
        return "changes scores"
    return "changes play only" if c.play else None


def _hits(c: GameCounts, cls: str) -> int:
    return {"changes the winner": c.winner, "changes scores": c.scores, "changes play only": c.play}.get(cls, 0)


def _games(n: int) -> str:
    return f"{n} {'game' if n == 1 else 'games'}"


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
    shown_by: str = ""
    """The policy whose games show the class (strong play whenever it shows it; else the policy where it is most
    frequent); empty when play met no difference (the class comes from the check)."""
    by_game: tuple[tuple[str, GameCounts], ...] = ()
    """Per policy, in ``STATED`` order: its base games, where the situation arose, and what changed there."""
    evidence: Evidence | None = None
    """One strong game where the situation arose and the readings parted (None when there is none)."""

    @property
    def class_index(self) -> int:
        """The class's place in ``CLASSES`` (0: the strongest effect); not the finding's rank range in the report's
        order (``findings.ordered``, findings.json's ``impact.rank``)."""
        return CLASSES.index(self.cls)

    def games(self, play: str) -> GameCounts:
        """One policy's base games (``GameCounts()`` when it was not played)."""
        return dict(self.by_game).get(play, GameCounts())

    def strong_trials(self) -> int:
        """Strong base games (0: strong play was not measured)."""
        return self.games(STRONG).games

    def play_view(self, play: str) -> PlayView:
        """What one policy's games showed: its strongest difference, in how many of the games where it arose."""
        c = self.games(play)
        cls = effect_class(c) or NOT_MET
        return PlayView(play, cls, Rate(_hits(c, cls), c.arises))

    def views(self) -> tuple[PlayView, ...]:
        """Each policy measured, in the order stated: strong play first, then random and greedy."""
        return tuple(self.play_view(p) for p, c in self.by_game if c.games)

    @property
    def unmet_by_strong(self) -> bool:
        """Random or greedy play met a difference that strong play never met in its games."""
        return (
            self.strong_trials() > 0
            and effect_class(self.games(STRONG)) is None
            and any(effect_class(c) is not None for p, c in self.by_game if p != STRONG)
        )

    def headline_rate(self) -> Rate:
        """The figure behind the class: the games of the policy that shows it where the winner / the scores / the
        moves differ, among those where the situation arose."""
        c = self.games(self.shown_by)
        return Rate(_hits(c, self.cls), c.arises)

    def priority(self) -> Rate:
        """How often the readings change the winner among competent players: strong games where the situation
        arose and the winner changed, among all strong games (arises × changes the winner); the table's order."""
        c = self.games(STRONG)
        return Rate(c.winner, c.games)

    def how_often(self) -> str:
        """Each policy's figures in words, strong play first: how often the situation arose, and among those
        games how often the strongest difference it met showed."""
        parts = []
        for v in self.views():
            c = self.games(v.play)
            arose = f"arose in {Rate(c.arises, c.games).describe()}"
            parts.append(f"{v.play} play: {arose}" + (f", then {v.words()}" if c.arises else ""))
        return "; ".join(parts) if parts else "not measured"

    def unmet_words(self) -> str:
        """When strong play never met what random or greedy play did: that, with the strong games in which it could
        have arisen (else empty)."""
        if not self.unmet_by_strong:
            return ""
        c = self.games(STRONG)
        met = [v for v in self.views() if v.play != STRONG and v.cls != NOT_MET]
        where = (
            f"the situation arose in {Rate(c.arises, c.games).describe()} strong games and the readings changed "
            "nothing there"
            if c.arises
            else f"the situation arose in none of {_games(c.games)} of strong play (95 %: in at most "
            f"{100 * Rate(0, c.games).interval[1]:.0f} % of such games)"
        )
        return (
            f"{where[0].upper()}{where[1:]}; {' and '.join(v.play for v in met)} play met it "
            f"({'; '.join(f'{v.play}: {v.words()}' for v in met)})."
        )

    def evidence_words(self) -> str:
        """The evidence game in words (seed, config, step), or empty."""
        e = self.evidence
        if e is None:
            return ""
        modules = f" with {', '.join(e.modules)}" if e.modules else ""
        return (
            f"{e.policy} game seed {e.seed}, {e.players} players{modules}: the rule applies at action {e.step} "
            f"({e.kind}); under `{e.reading}` the {e.effect} differs"
        )

    def describe(self) -> str:
        """The class and its figures in a sentence or two (the budget is said once per game)."""
        words = self.cls + (", every seat alike (the ranking cannot change)" if self.alike else "")
        if self.rare:
            words += ", rare"
        if self.shown_by:
            words += f" (shown by {self.shown_by} play)"
        text = f"{words}: {self.how_often()}"
        rows = [
            f"`{r.reading}` moves {r.counts.play}, scores {r.counts.scores}"
            + (f" ({r.counts.scoring_only} with the same moves)" if r.counts.scoring_only else "")
            + f", winner {r.counts.winner} of {r.counts.arises} where it arose"
            for r in self.readings
            if r.counts.trials and (r.counts.play or r.counts.scores)
        ]
        if rows:
            text += " (against the default, every policy: " + "; ".join(rows) + ")"
        text += f". {self.unmet_words()}" if self.unmet_by_strong else ""
        text += f". Evidence: {self.evidence_words()}" if self.evidence is not None else ""
        return text + (f". {self.note}" if self.note else "")

    def to_data(self) -> dict[str, Any]:
        rate = self.headline_rate()
        views = {v.play: v for v in self.views()}
        return {
            "class": self.cls,
            "every_seat_alike": self.alike,
            "rare": self.rare,
            "how_often": self.how_often(),
            "headline": rate.to_data(),
            "priority": self.priority().to_data(),
            "budget": self.budget,
            "note": self.note,
            "default": self.default,
            "readings": [r.to_data() for r in self.readings],
            "shown_by": self.shown_by,
            "by_play": {p: {**views[p].to_data(), **c.to_data()} for p, c in self.by_game if p in views},
            "evidence": self.evidence.to_data() if self.evidence is not None else None,
            "unmet_by_strong": self.unmet_words(),
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


def trials(game: Game[Any, Any], budget: Budget, search: bool = False) -> tuple[Trial, ...]:
    """The trials of the paired games, the same for readings and assumed values: context trial ``k`` uses config
    ``k mod C``, policy ``(k div C) mod 2`` and seed ``budget.seed + k``; then strong trial ``k`` (of
    ``budget.strong_trials``) config ``k mod C``, every seat strong, seed ``budget.seed + k``. With ``search``, the
    context trials that follow the measured ones (for the witness search; no strong ones)."""
    configs = impact_configs(game)
    first = impact_trials(game, budget) if search else 0
    count = search_trials(game, budget) if search else impact_trials(game, budget)
    out = [
        Trial(configs[k % len(configs)], budget.seed + k, POLICY_NAMES[(k // len(configs)) % len(POLICY_NAMES)])
        for k in range(first, first + count)
    ]
    if not search:
        out += [
            Trial(configs[k % len(configs)], budget.seed + k, STRONG, budget.strong_simulations)
            for k in range(budget.strong_trials)
        ]
    return tuple(out)


def work_items(
    game: Game[Any, Any], budget: Budget, ambiguities: Sequence[str] | None = None, search: bool = False
) -> tuple[PairItem, ...]:
    """The pairs to play for ``ambiguities`` (default: all), one trial after another (``trials``), so that chunks of
    consecutive items share the defaults' game. With ``search``, the trials that follow the measured ones (for the
    witness search)."""
    spec = game.spec
    ambs = sorted(spec.ambiguities) if ambiguities is None else list(ambiguities)
    items = []
    for trial in trials(game, budget, search):
        base = trial.config
        for amb_id in ambs:
            amb = spec.ambiguities[amb_id]
            for reading in amb.open_readings():  # impact is measured against the readings the text leaves open
                if reading == base.reading(amb_id):
                    continue
                changed = game.config(base.players, base.modules, {**base.readings_dict(), amb_id: reading})
                items.append(PairItem(amb_id, reading, base, changed, trial.seed, trial.policy, trial.simulations))
    return tuple(items)


def _where(configs: Sequence[Config]) -> str:
    counts = sorted({c.players for c in configs})
    modules = sorted({m for c in configs for m in c.modules})
    players = f"{counts[0]}-{counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players"
    if not modules:
        return players
    plain = any(not c.modules for c in configs)
    return players + (f", with and without {', '.join(modules)}" if plain else f", with {', '.join(modules)}")


def _seeds(first: int, count: int) -> str:
    return f"seed {first}" if count == 1 else f"seeds {first}..{first + count - 1}"


def budget_words(game: Game[Any, Any], budget: Budget, followed: bool = True) -> str:
    """What ``work_items`` plays, in words, and for strong play the interval its games buy: the 95 % upper end of a
    situation it never met (``followed``: the pairs follow the base game to an application point; an assumed value's
    do not, and its words speak of a difference)."""
    configs = impact_configs(game)
    count = impact_trials(game, budget)
    text = (
        f"{count} games per reading over {len(configs)} configs ({_where(configs)}), random and greedy play, "
        f"{_seeds(budget.seed, count)}"
    )
    strong = budget.strong_trials
    if not strong:
        return text
    _, high = wilson(0, strong)
    used = [t.config for t in trials(game, budget) if t.policy == STRONG]
    distinct = list(dict.fromkeys(used))
    return text + (
        f"; and {strong} {'game' if strong == 1 else 'games'} with every seat playing the strong player (the "
        f"search-based player, at most {budget.strong_simulations} simulations per decision on "
        f"{_candidates(budget.strong_simulations)}) over "
        f"{len(distinct)} {'config' if len(distinct) == 1 else 'configs'} ({_where(distinct)}), "
        f"{_seeds(budget.seed, strong)}"
        + (", each game where the situation arose followed to its end under each reading: a situation strong play "
           "never met there arises" if followed else ": a difference strong play never met there occurs")
        + f" in at most {100 * high:.0f} % of such games (95 %)"
    )


def _candidates(simulations: int) -> str:
    """The moves the report's strong player races (``SearchBudget.report``), in words."""
    n = SearchBudget.report(simulations).candidates
    return "the greedy move alone" if n == 1 else (
        f"the greedy move and the best {'other' if n == 2 else f'{n - 1} others'} by a one-step look, two rounds each"
    )


@dataclass(frozen=True, slots=True)
class _Trajectory:
    movers: tuple[Mover, ...]
    legal: tuple[tuple[Any, ...] | None, ...]
    actions: tuple[Any, ...]
    final: Any
    states: tuple[Any, ...] = ()
    """With ``play(..., keep=True)``: the state before each action, then the final one."""
    rngs: tuple[Any, ...] = ()
    """With ``keep``: the generator's state before each action (a continuation from there draws what the base game
    would have drawn)."""


def _strong(simulations: int) -> Callable[[Game[Any, Any], Any, random.Random], Any]:
    """``POLICIES["strong"]`` (looked up by name, whatever player it is), at ``simulations`` per decision when that is
    given and the player searches with a ``SearchBudget`` (what it sees kept), spent on ``simulations // 2``
    candidates, two rounds each (``SearchBudget.report``)."""
    from nilerules.core.playout import POLICIES

    strong = POLICIES[STRONG]
    if simulations and isinstance(strong, SearchPolicy):
        return SearchPolicy(SearchBudget.report(simulations, strong.budget), strong.__name__, strong.sees)
    return strong


def _choose(
    game: Game[Any, Any], policy: str, simulations: int = 0
) -> Callable[[Any, tuple[Any, ...], random.Random], Any]:
    if policy == "random":
        return lambda state, legal, rng: legal[random_index(rng, len(legal))]
    if policy == STRONG:
        strong = _strong(simulations)
        return lambda state, legal, rng: legal[0] if len(legal) == 1 else strong(game, state, rng)
    greedy = game.greedy_action
    return lambda state, legal, rng: greedy(state, rng)


def play(
    game: Game[Any, Any], config: Config, seed: int, policy: str, simulations: int = 0, keep: bool = False
) -> _Trajectory:
    """One seeded game, as ``core.playout.playout`` plays it, keeping the mover and legal moves of every step (a
    game that gets stuck simply stops). ``simulations``: the strong player's, when ``policy`` is ``STRONG``.
    ``keep``: keep every state and the generator's state before each action too (for ``application_point``)."""
    rng = random.Random(seed)
    choose = _choose(game, policy, simulations)
    state = game.setup(config)
    movers: list[Mover] = []
    legals: list[tuple[Any, ...] | None] = []
    actions: list[Any] = []
    states: list[Any] = []
    rngs: list[Any] = []
    limit = game.info.max_game_length
    while (mover := game.current_player(state)) is not None and len(actions) < limit:
        legal: tuple[Any, ...] | None
        if keep:
            states.append(state)
            rngs.append(rng.getstate())
        if mover is CHANCE:
            legal, action = None, game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            if not legal:
                if keep:
                    states.pop()
                    rngs.pop()
                break
            action = choose(state, legal, rng)
        movers.append(mover)
        legals.append(legal)
        actions.append(action)
        state = game.apply(state, action)
    if keep:
        states.append(state)
    return _Trajectory(tuple(movers), tuple(legals), tuple(actions), state, tuple(states), tuple(rngs))


def _chance_at(game: Game[Any, Any], base: _Trajectory, cache: dict[int, Any], step: int) -> Any:
    found = cache.get(step)
    if found is None:
        found = cache[step] = game.chance_outcomes(base.states[step])
    return found


def application_point(
    game: Game[Any, Any],
    base: _Trajectory,
    config: Config,
    cache: dict[int, Any] | None = None,
    under: Game[Any, Any] | None = None,
) -> tuple[int, PointKind | Literal[""]]:
    """The first step of ``base`` (played with ``keep``) where ``config``'s readings apply: setup gives another
    position (step 0, ``setup``), or, in the same position under ``config`` (``Game.rebase``), another mover, other
    legal moves, another chance distribution, or another position after the same action; at the end (step
    ``len(actions)``), other scores or winners. (-1, "") when there is none: then the same actions replay under
    ``config`` to the same scores and winners (the placebo test). ``cache``: the base game's chance distributions by
    step, shared across the configs compared with one base game. ``under``: the rules the changed game is played by
    when they are not ``game``'s (the same rules with a changed value of a parameter: ``analysis.assumptions``);
    ``base`` is always ``game``'s."""
    rules = game if under is None else under
    chances = {} if cache is None else cache
    states = base.states
    after = rules.rebase(states[0], config)
    if rules.setup(config) != after:
        return 0, "setup"
    for step, action in enumerate(base.actions):
        here = after
        mover = rules.current_player(here)
        if mover != base.movers[step]:
            return step, "mover"
        if mover is CHANCE:
            if rules.chance_outcomes(here) != _chance_at(game, base, chances, step):
                return step, "chance"
        elif rules.legal_actions(here) != base.legal[step]:
            return step, "moves"
        after = rules.rebase(states[step + 1], config)
        if rules.apply(here, action) != after:
            return step, "successor"
    end, final = after, base.final
    n = len(base.actions)
    if rules.current_player(end) != game.current_player(final):
        return n, "mover"
    if rules.scores(end) != game.scores(final) or rules.ranking(end).winners != game.ranking(final).winners:
        return n, "scores"
    return -1, ""


def _beside(
    game: Game[Any, Any], item: PairItem, base: _Trajectory, state: Any, step: int, rng: random.Random
) -> tuple[Any, int, str]:
    """Play ``state`` (at action ``step``) to its end beside ``base``, every seat as ``item`` says, drawing from
    ``rng``: the final state, the first step where the games part (-1: never) and how (``PartKind``)."""
    choose = _choose(game, item.policy, item.simulations)
    part, kind = -1, ""
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
    return state, part, kind


def follow(
    game: Game[Any, Any],
    item: PairItem,
    base: _Trajectory,
    point: int,
    kind: PointKind | Literal[""],
    base_game: Game[Any, Any] | None = None,
) -> PairOutcome:
    """The pair of ``item`` whose changed game follows ``base`` move for move up to the application point
    ``point`` and from there goes on under its own reading with its own players, drawing from where the base game's
    generator stood (common random numbers); compared with ``base`` from there. No point: the same game.
    ``base_game`` scores and ranks the base game's end when it is another game than ``game`` (the same rules with
    another value of a parameter: ``analysis.assumptions``)."""
    judge = base_game if base_game is not None else game
    n = len(base.actions)
    if point < 0:
        return PairOutcome(item, -1, "", n, False, False, False)
    state = game.setup(item.changed) if kind == "setup" else game.rebase(base.states[point], item.changed)
    rng = random.Random(item.seed)
    if point < len(base.rngs):  # at the end (point == len(actions)) nothing is drawn
        rng.setstate(base.rngs[point])
    state, part, part_kind = _beside(game, item, base, state, point, rng)
    a, b = judge.scores(base.final), game.scores(state)
    shifts = {y - x for x, y in zip(a, b, strict=True)}
    return PairOutcome(
        item,
        part,
        part_kind,  # type: ignore[arg-type]
        n,
        a != b,
        judge.ranking(base.final).winners != game.ranking(state).winners,
        a != b and len(shifts) == 1,
        point,
        kind,
    )


def measure(
    game: Game[Any, Any], items: Iterable[PairItem], played: _Trajectory | None = None
) -> tuple[PairOutcome, ...]:
    """Play every pair of ``items`` (pure: the same items give the same outcomes, in the same order). The defaults'
    game is played once for consecutive items that share it; ``played``: that game already played (``play(...,
    keep=True)``), when every item shares it (``analysis.assumptions`` measures its changed values on it too)."""
    out: list[PairOutcome] = []
    key: tuple[Config, int, str, int] | None = None
    base: _Trajectory | None = None
    chances: dict[int, Any] = {}
    for item in items:
        if key != (item.base, item.seed, item.policy, item.simulations) or base is None:
            first = key is None
            key = (item.base, item.seed, item.policy, item.simulations)
            if played is not None and not first:
                raise ValueError("measure: items of several base games beside one game already played")
            base = played if played is not None else play(
                game, item.base, item.seed, item.policy, item.simulations, keep=True
            )
            chances = {}
        point, kind = application_point(game, base, item.changed, chances)
        out.append(follow(game, item, base, point, kind))
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
        first = current[0] if current else None
        if first is not None and (first.base, first.seed, first.policy, first.simulations) != (
            item.base, item.seed, item.policy, item.simulations
        ):
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
    that differ with the same moves, else a policy choice that parts; the shortest, then the first played. A pair of
    random or greedy play before any of strong play (its log is the one a reader can replay fastest)."""
    order = {"moves": 0, "end": 0, "chance": 1, "": 2, "choice": 3}
    best: tuple[tuple[bool, int, int, int], PairOutcome] | None = None
    for index, o in enumerate(outcomes):
        if o.item.ambiguity != ambiguity or not o.differs:
            continue
        rank = (o.item.policy == STRONG, order[o.part_kind], o.witness_steps, index)
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
    games: Mapping[str, GameCounts] | None = None,
    example: Evidence | None = None,
) -> Impact:
    """The class of one ambiguity from its paired games, its check's verdict and what its witness shows when
    replayed under each reading (``witness_effect``; None when the witness is not a game; one that parts only in the
    position makes no class, but its note says so rather than 'only in what the check reports'). ``games``: per
    policy, its base games (``game_counts``); without them, each policy's pairs stand in for its games.
    ``found_by_search``: the further paired games per reading whose search found the witness (0 when it did not come
    from that search). ``open_alternatives``: whether the text leaves some reading other than the default open; when
    it does not, the class is "the text decides" whatever play shows (only the readings left open are measured).

    The class is the strongest difference met in any policy's games where the situation arose, shown by strong play
    whenever strong play shows it, else by the policy where it is most frequent; so it is never weaker than a
    figure of the finding shows. ``example``: the evidence game (kept on the impact)."""
    rows = tuple(
        ReadingImpact(name, per.get("all", Counts()), tuple((p, per[p]) for p in STATED if p in per))
        for name, per in sorted(readings.items())
    )
    if games is None:
        games = {}
        for p in STATED:
            c = total(r.of((p,)) for r in rows)
            if c.trials:
                games[p] = GameCounts(c.trials, c.arises, c.play, c.scores, c.winner)
    by_game = tuple((p, games[p]) for p in STATED if p in games)
    if not open_alternatives:
        return Impact(ambiguity, default, "the text decides", False, False, (), budget, TEXT_DECIDES)
    every = total(r.counts for r in rows)
    note, rare, shown_by = "", False, ""
    cls: ImpactClass
    met = [(p, c, effect_class(c)) for p, c in by_game]
    classes = [m for _, _, m in met if m is not None]
    if classes:
        cls = min(classes, key=CLASSES.index)
        showing = [(p, c) for p, c, m in met if m == cls]
        shown_by = STRONG if any(p == STRONG for p, _ in showing) else max(
            showing, key=lambda pc: (_hits(pc[1], cls) / pc[1].games, -STATED.index(pc[0]))
        )[0]
    elif verdict == "proof":
        cls, note = "never matters", "The check proves the readings always agree, and play never met a difference."
    elif verdict == "witness" or found_by_search:
        rare = True
        cls = {"winner": "changes the winner", "scores": "changes scores", "moves": "changes play only"}.get(
            witness_effect or "none", UNSEEN
        )  # type: ignore[assignment]
        if found_by_search:
            note = (
                f"Not met in the measured games; met in {found_by_search} more per reading (the witness; the class is "
                "what it shows)."
            )
        elif cls != UNSEEN:
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
        cls = UNSEEN
        note = "Play never met a difference and the check proved nothing" + (f"; searched: {searched}" if searched
                                                                              else "") + "."
    if verdict == "proof" and classes:
        note = "Play met a difference although the check reports a proof: the proof's domain does not cover play."
    alike = cls == "changes scores" and every.scores > 0 and every.alike == every.scores
    return Impact(ambiguity, default, cls, alike, rare, rows, budget, note, shown_by, by_game, example)

"""Assumed data, measured: how often a small change of an assumed value changes the winner, a score or the moves.

For each ``assumed`` parameter of a spec that holds numbers, two changed values: every number inside one step down,
and one step up (a step is 1, or a tenth of the number from ``TENTH_FROM`` up), each kept within the schema's
``min``/``max``. Each changed value is measured where it applies, exactly as a reading is in ``analysis.impact``, on
the same base games (``impact.trials``: configs, seeds and policies, every strong trial included; a trial's base game
is played once, for its reading pairs and its changed values together: ``AssumptionChunk``). At every step of the base
game the rules bound to the changed value (``game_with``) are asked, in the same position (``Game.rebase``, which
gives the state the changed params), for the mover, the legal moves, the chance distribution and the successor of
the move played, and at the end for the scores; the first step where they differ is the value's *application point*,
and only from there does the changed game go on by its own rules with its own players (``impact.follow``). A value
the set-up reads (a starting amount, the contents of a bag) applies at setup (point 0): its pair is two whole games
from setup, and ``ValueImpact.at_setup`` counts them. Wherever no application point was met, the same moves replay
under the changed value to the same result (tests/analysis/test_assumptions.py: the placebo). The pairs are
counted alike (``impact.Counts``), by policy: a value's class is the strongest difference any play met, shown by
strong play when it shows it. ``assumption_impacts`` turns the outcomes into one :class:`AssumptionImpact` per
parameter.

A parameter that holds no number, or whose value is the length of another parameter (changing it would break that
one's schema), is not varied, and its impact says why. A changed value the game cannot run with (its set-up or rules
refuse it) is reported with the error, not measured.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from nilerules.analysis.impact import (
    CLASSES,
    NOT_MET,
    POLICY_NAMES,
    STATED,
    STRONG,
    Counts,
    GameCounts,
    ImpactChunk,
    PairItem,
    PairOutcome,
    PlayView,
    Rate,
    application_point,
    budget_words,
    effect_class,
    follow,
    measure,
    play,
    total,
    trials,
)
from nilerules.checks.model import Budget
from nilerules.core.codec import dumps
from nilerules.core.game import Game
from nilerules.core.types import Config
from nilerules.specs import Param, Spec

TENTH_FROM: Final = 10
"""From this size up, a number's step is a tenth of it (rounded) instead of 1."""
NO_DIFFERENCE: Final = "no difference met"
"""The class of a parameter whose changed values never made a difference in the paired games (not a proof)."""
NOT_MEASURED: Final = "not measured"
ADDRESS: Final = re.compile(r" at 0x[0-9a-fA-F]+")
"""An object's address in an error message (it differs between runs)."""
MAX_CACHED: Final = 256
"""Games with a changed value kept per process (each is built once and reused for every trial)."""


# -- the changed values ---------------------------------------------------------------------------------------------
def step_of(number: int) -> int:
    """The small change of one number: 1, or a tenth of it (rounded) from ``TENTH_FROM`` up."""
    return 1 if abs(number) < TENTH_FROM else max(1, round(abs(number) / 10))


def _numbers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list):
        return [n for item in value for n in _numbers(item)]
    if isinstance(value, dict):
        return [n for item in value.values() for n in _numbers(item)]
    return []


def shifted(value: Any, direction: int, low: int | None, high: int | None) -> Any:
    """``value`` with every number inside moved one step in ``direction`` (-1 or +1), kept within ``low..high``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        moved = value + direction * step_of(value)
        moved = moved if low is None else max(low, moved)
        return moved if high is None else min(high, moved)
    if isinstance(value, list):
        return [shifted(item, direction, low, high) for item in value]
    if isinstance(value, dict):
        return {key: shifted(item, direction, low, high) for key, item in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Variant:
    """One changed value of one assumed parameter."""

    param: str
    direction: int
    """-1: one step down, +1: one step up."""
    value: Any
    words: str
    """The change in words: ``9 → 10``, or ``each number +1`` for a table of numbers."""


def _words(param: Param, value: Any, direction: int) -> str:
    if isinstance(param.value, int) and not isinstance(param.value, bool):
        return f"{param.value} → {value}"
    sign = "+" if direction > 0 else "−"
    tenth = any(abs(n) >= TENTH_FROM for n in _numbers(param.value))
    return f"each number {sign}1" + (f" ({sign}10 % from {TENTH_FROM} up)" if tenth else "")


def variants(spec: Spec, param: Param) -> tuple[tuple[Variant, ...], str]:
    """The changed values of ``param`` (one step down, one step up, those the bounds allow), or none and why."""
    if param.schema is not None and param.schema.type == "custom":
        return (), "its value has no schema to keep a change within"
    if not _numbers(param.value):
        return (), "it holds no number"
    users = sorted(p.name for p in spec.params.values() if p.schema is not None and p.schema.length == param.name)
    if users:
        return (), f"it sets the length of {', '.join(users)}"
    low = param.schema.min if param.schema is not None else None
    high = param.schema.max if param.schema is not None else None
    out = []
    for direction in (-1, 1):
        value = shifted(param.value, direction, low, high)
        if value != param.value:
            out.append(Variant(param.name, direction, value, _words(param, value, direction)))
    return tuple(out), "" if out else "its bounds leave no room for a step"


def spec_with(spec: Spec, name: str, value: Any) -> Spec:
    """``spec`` with one parameter's value replaced (and a digest of its own, so nothing keyed on the digest mixes
    the two)."""
    digest = hashlib.sha256(f"{spec.digest}|{name}={dumps(value)}".encode()).hexdigest()
    return replace(spec, params={**spec.params, name: replace(spec.params[name], value=value)}, digest=digest)


_GAMES: dict[tuple[int, str, str], tuple[Game[Any, Any], Game[Any, Any]]] = {}
"""(id of the game, parameter, changed value) -> (that game, the game with the changed value); the game itself is
kept so that its id cannot be reused by another while the entry lives."""
_GAMES_LOCK = threading.Lock()


def game_with(game: Game[Any, Any], variant: Variant) -> Game[Any, Any]:
    """The same rules bound to the spec with ``variant``'s value (built once per process and game)."""
    key = (id(game), variant.param, dumps(variant.value))
    with _GAMES_LOCK:
        found = _GAMES.get(key)
    if found is not None and found[0] is game:
        return found[1]
    made: Game[Any, Any] = type(game)(spec_with(game.spec, variant.param, variant.value))  # type: ignore[call-arg]
    with _GAMES_LOCK:
        if len(_GAMES) >= MAX_CACHED:
            _GAMES.clear()
        _GAMES[key] = (game, made)
    return made


# -- the work -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AssumptionChunk:
    """One trial of a game: its base game under the spec's own values and default readings, played once; the
    trial's reading pairs (``items``, as ``impact.measure`` measures them) and every changed value are measured on
    it, each where it applies."""

    source: Any
    """What names the game: a ``parallel.GameRef`` or the game module itself."""
    variants: tuple[Variant, ...]
    config: Config
    seed: int
    policy: str
    simulations: int = 0
    """The strong player's simulations per decision (``policy == STRONG``); 0 otherwise."""
    items: tuple[PairItem, ...] = ()
    """The trial's pairs of readings (``impact.work_items``), measured on the same base game."""


@dataclass(frozen=True, slots=True)
class VariantOutcome:
    """What one pair showed for one changed value (``failed``: why the changed game could not be played)."""

    variant: Variant
    outcome: PairOutcome | None
    failed: str = ""


@dataclass(frozen=True, slots=True)
class TrialOutcome:
    """What one trial showed: its reading pairs (as ``impact.measure`` gives them) and its changed values."""

    pairs: tuple[PairOutcome, ...]
    variants: tuple[VariantOutcome, ...]


def game_variants(spec: Spec) -> tuple[Variant, ...]:
    """Every changed value of every assumed parameter of ``spec``, in the spec's order."""
    return tuple(v for p in spec.assumed() for v in variants(spec, p)[0])


ASSUMED_STRONG_TRIALS: Final[int | None] = None
"""The most strong trials whose base games the changed values are measured on (None: every one, as the readings).
A lever on the report's time: on the compiled build (2026-12-06) a strong trial's changed values cost, per trial,
Ra 0.09 s beside its reading pairs' 0.44 s, Nefertiti 0.35 s beside 0.26 s, Sobek 1.72 s beside 2.01 s, Nile
Artefacts 1.54 s beside 2.87 s (a value the set-up reads pairs two whole games); the base games stay shared whatever
it is."""


def strong_budget(budget: Budget) -> Budget:
    """``budget`` with the strong trials the changed values are measured on (``ASSUMED_STRONG_TRIALS``)."""
    if ASSUMED_STRONG_TRIALS is None:
        return budget
    return replace(budget, strong_trials=min(budget.strong_trials, ASSUMED_STRONG_TRIALS))


def assumption_chunks(
    source: Any, game: Game[Any, Any], budget: Budget, paired: Sequence[ImpactChunk] = ()
) -> list[AssumptionChunk]:
    """One chunk per trial (``impact.trials``, the strong ones included: every changed value is measured on the base
    games the readings are, up to ``ASSUMED_STRONG_TRIALS`` strong ones), each holding the items of ``paired``'s
    chunk of the same trial, so that the trial's base game is played once for both; none when no assumed parameter
    can be varied."""
    changed = game_variants(game.spec)
    if not changed:
        return []
    items = {(c.items[0].base, c.items[0].seed, c.items[0].policy, c.items[0].simulations): c.items
             for c in paired if c.items}
    measured = set(trials(game, strong_budget(budget)))
    out = [
        AssumptionChunk(source, changed if t in measured else (), t.config, t.seed, t.policy, t.simulations,
                        items.get((t.config, t.seed, t.policy, t.simulations), ()))
        for t in trials(game, budget)
    ]
    out = [c for c in out if c.items or c.variants]  # a trial with nothing to measure plays nothing
    if sum(len(c.items) for c in out) != sum(len(c.items) for c in paired):
        raise ValueError("assumption_chunks: some reading pairs belong to no trial")  # paired comes from the trials
    return out


def measure_variant(
    game: Game[Any, Any], variant: Variant, item: PairItem, base: Any, chances: dict[int, Any] | None = None
) -> VariantOutcome:
    """One changed value against the spec's own on the base game ``base`` (``play(..., keep=True)`` under ``game``):
    the rules bound to the changed value (``game_with``) are tested at every step of the base game in the same
    position (``Game.rebase``: the state with the changed params), and the changed game follows the base game up to
    the first step where they give another mover, other legal moves, another chance distribution, another successor
    or (at the end) other scores, and from there goes on by its own rules; a value consulted at setup parts there
    (point 0, ``setup``: two whole games). ``chances``: the base game's chance distributions by step, shared."""
    try:
        changed = game_with(game, variant)
        point, kind = application_point(game, base, item.changed, chances, under=changed)
        return VariantOutcome(variant, follow(changed, item, base, point, kind, base_game=game))
    except Exception as exc:  # a value the rules cannot run with is a finding about the data, not a crash
        # the same report on every machine and every run, and for a copy of the spec under another name
        text = ADDRESS.sub("", without_file(str(exc), game.spec.path))
        return VariantOutcome(variant, None, f"{type(exc).__name__}: {text}")


def measure_assumptions(game: Game[Any, Any], chunk: AssumptionChunk) -> TrialOutcome:
    """Play the chunk's trial under the spec's own values once; measure its reading pairs and every changed value on
    it."""
    base = play(game, chunk.config, chunk.seed, chunk.policy, chunk.simulations, keep=True)
    pairs = measure(game, chunk.items, played=base)
    chances: dict[int, Any] = {}
    out = []
    for v in chunk.variants:
        item = PairItem(v.param, v.words, chunk.config, chunk.config, chunk.seed, chunk.policy, chunk.simulations)
        out.append(measure_variant(game, v, item, base, chances))
    return TrialOutcome(pairs, tuple(out))


def without_file(text: str, path: str) -> str:
    """An error text without the spec file's path or name (a spec error names its file before each problem)."""
    for name in (path, Path(path).name):
        text = text.replace(f"{name}: ", "").replace(name, "the spec")
    return text


def measure_assumption_chunk(chunk: AssumptionChunk) -> TrialOutcome:
    """``measure_assumptions`` on one chunk (in any process: the game is loaded from what the chunk names)."""
    from nilerules.analysis.parallel import resolve

    return measure_assumptions(resolve(chunk.source).game, chunk)


# -- the summary ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ValueImpact:
    """One changed value against the spec's own, over the paired games (one per base game)."""

    words: str
    value: Any
    counts: Counts
    failed: str = ""
    """Why the game could not be played with this value (the first error met), or empty."""
    by_policy: tuple[tuple[str, Counts], ...] = ()
    """The counts of each policy's paired games (strong first); empty: every game counts as random and greedy."""
    at_setup: int = 0
    """Of the paired games where the value applied, those where it applied at setup (two whole games paired)."""

    def of(self, policies: tuple[str, ...]) -> Counts:
        if not self.by_policy:
            return self.counts if STRONG not in policies else Counts()
        return total(c for name, c in self.by_policy if name in policies)

    def games(self, play: str) -> GameCounts:
        """One policy's base games: where the value applied, and what changed there."""
        c = self.of((play,))
        return GameCounts(c.trials, c.arises, c.play, c.scores, c.winner)

    def shown(self) -> Counts:
        """The paired games that give the class, the strongest difference any policy met: strong play's when it
        shows that class, else random and greedy play's."""
        strong, context = self.of((STRONG,)), self.of(POLICY_NAMES)
        met = [c.play_class() for c in (strong, context) if c.play_class() is not None]
        if not met:
            return context
        best = min(met, key=CLASSES.index)
        return strong if strong.play_class() == best else context

    @property
    def cls(self) -> str:
        if self.failed:
            return NOT_MEASURED
        return self.shown().play_class() or NO_DIFFERENCE

    def rate(self) -> Rate:
        """The games that show the class's difference, among all paired games of the play that shows it (arises ×
        the difference; none met: 0 hits among every game)."""
        shown = self.shown() if self.cls != NO_DIFFERENCE else self.counts
        return Rate(shown.hits(self.cls) if self.cls != NO_DIFFERENCE else 0, shown.trials)

    def views(self) -> tuple[PlayView, ...]:
        """Each policy's figures, strong play first: its strongest difference, in how many of the games where the
        value applied."""
        out = []
        for p in STATED:
            c = self.games(p)
            if c.games:
                cls = effect_class(c) or NOT_MET
                out.append(PlayView(p, cls, Rate(self.of((p,)).hits(cls) if cls != NOT_MET else 0, c.arises)))
        return tuple(out)

    def to_data(self) -> dict[str, Any]:
        return {"change": self.words, "value": self.value, "class": self.cls, "failed": self.failed,
                **self.counts.to_data(), "arises": self.counts.arises, "at_setup": self.at_setup,
                "by_play": {v.play: {**v.to_data(), **self.games(v.play).to_data()} for v in self.views()}}


ORDER: Final = (*CLASSES[:3], NO_DIFFERENCE, NOT_MEASURED)
"""From the strongest effect to none."""


@dataclass(frozen=True, slots=True)
class AssumptionImpact:
    """How much a small change of one assumed value matters in play."""

    param: str
    values: tuple[ValueImpact, ...]
    budget: str
    """The games that produced the figures, in words."""
    skipped: str = ""
    """Why no changed value was played (no number in it, it sets another parameter's length, ...)."""

    def headline(self) -> ValueImpact | None:
        """The changed value with the strongest effect (then the most games showing it)."""
        measured = [v for v in self.values if not v.failed]
        if not measured:
            return None
        return min(measured, key=lambda v: (ORDER.index(v.cls), -v.rate().hits))

    @property
    def cls(self) -> str:
        best = self.headline()
        return NOT_MEASURED if best is None else best.cls

    def why_not(self) -> str:
        """Why there is no figure: the parameter was not varied, or the game refused every changed value."""
        if self.skipped:
            return self.skipped
        failed = [v for v in self.values if v.failed]
        return f"the game does not run with {failed[0].words}: {failed[0].failed}" if failed else ""

    def to_data(self) -> dict[str, Any]:
        best = self.headline()
        return {
            "class": self.cls,
            "headline": {"change": best.words, **best.rate().to_data(), "by_play": best.to_data()["by_play"]}
            if best is not None
            else None,
            "budget": self.budget,
            "not_measured": self.why_not() if best is None else "",
            "values": [v.to_data() for v in self.values],
        }


def assumption_impacts(
    game: Game[Any, Any], budget: Budget, outcomes: Iterable[VariantOutcome]
) -> tuple[AssumptionImpact, ...]:
    """One impact per assumed parameter of ``game``'s spec, from the outcomes of its chunks."""
    counts: dict[tuple[str, int], Counts] = {}
    by_policy: dict[tuple[str, int, str], Counts] = {}
    failed: dict[tuple[str, int], str] = {}
    setup: dict[tuple[str, int], int] = {}
    for o in outcomes:
        key = (o.variant.param, o.variant.direction)
        if o.outcome is None:
            failed.setdefault(key, o.failed)
        else:
            counts[key] = counts.get(key, Counts()).add(o.outcome)
            mine = (*key, o.outcome.item.policy)
            by_policy[mine] = by_policy.get(mine, Counts()).add(o.outcome)
            setup[key] = setup.get(key, 0) + (o.outcome.point_kind == "setup")
    words = (
        budget_words(game, strong_budget(budget))
        .replace(" per reading", " per changed value")
        .replace("under each reading", "under each changed value")
        .replace("the situation arose", "the value applied")
        .replace("a situation strong play never met there arises",
                 "a changed value strong play never saw apply there applies")
    )
    out = []
    for p in game.spec.assumed():
        changed, skipped = variants(game.spec, p)
        values = tuple(
            ValueImpact(
                v.words,
                v.value,
                counts.get((p.name, v.direction), Counts()),
                failed.get((p.name, v.direction), ""),
                tuple((q, c) for q in STATED if (c := by_policy.get((p.name, v.direction, q))) is not None),
                setup.get((p.name, v.direction), 0),
            )
            for v in changed
        )
        out.append(AssumptionImpact(p.name, values, words, skipped))
    return tuple(out)


def measure_game(game: Game[Any, Any], budget: Budget) -> tuple[AssumptionImpact, ...]:
    """Every assumed parameter's impact, measured here (one process): for tests and single-game callers."""
    outcomes: list[VariantOutcome] = []
    for chunk in assumption_chunks(game, game, budget):
        outcomes.extend(measure_assumptions(game, chunk).variants)
    return assumption_impacts(game, budget, outcomes)


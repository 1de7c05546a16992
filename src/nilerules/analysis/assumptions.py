"""Assumed data, measured: how often a small change of an assumed value changes the winner, a score or the moves.

For each ``assumed`` parameter of a spec that holds numbers, two changed values: every number inside one step down,
and one step up (a step is 1, or a tenth of the number from ``TENTH_FROM`` up), each kept within the schema's
``min``/``max``. Each changed value is played against the spec's own in paired seeded games, exactly as a reading is
in ``analysis.impact``: the same trials (``impact.trials``: configs, seeds and policies, the strong trials
included), the same chance draws and choices while the two games agree, and the pairs counted alike
(``impact.Counts``), by policy: a value's class is what strong play shows, else what random and greedy play show.
The game under the spec's own values is played once per trial and compared with every changed value, so a trial is
the unit the parallel layer runs (``assumption_chunks``, ``measure_assumption_chunk``); ``assumption_impacts`` turns
the outcomes into one :class:`AssumptionImpact` per parameter.

A parameter that holds no number, or whose value is the length of another parameter (changing it would break that
one's schema), is not varied, and its impact says why. A changed value the game cannot run with (its set-up or rules
refuse it) is reported with the error, not measured.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from nilerules.analysis.impact import (
    CLASSES,
    POLICY_NAMES,
    STATED,
    STRONG,
    Counts,
    PairItem,
    PairOutcome,
    PlayView,
    Rate,
    budget_words,
    pair,
    play,
    total,
    trials,
    view,
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
    """One trial of a game: the spec's own values against every changed value, with one config, seed and policy."""

    source: Any
    """What names the game: a ``parallel.GameRef`` or the game module itself."""
    variants: tuple[Variant, ...]
    config: Config
    seed: int
    policy: str
    simulations: int = 0
    """The strong player's simulations per decision (``policy == STRONG``); 0 otherwise."""


@dataclass(frozen=True, slots=True)
class VariantOutcome:
    """What one pair showed for one changed value (``failed``: why the changed game could not be played)."""

    variant: Variant
    outcome: PairOutcome | None
    failed: str = ""


def game_variants(spec: Spec) -> tuple[Variant, ...]:
    """Every changed value of every assumed parameter of ``spec``, in the spec's order."""
    return tuple(v for p in spec.assumed() for v in variants(spec, p)[0])


ASSUMED_STRONG_TRIALS: Final = 2
"""The most strong trials a changed assumed value is paired in: each pair plays two whole strong games from setup (a
changed value has no application point to follow the base game to), so the assumed data keeps the strong trials the
report had before the readings' went to 100 a game (``Budget.strong_trials``)."""


def assumption_chunks(source: Any, game: Game[Any, Any], budget: Budget) -> list[AssumptionChunk]:
    """One chunk per trial (none when no assumed parameter can be varied); at most ``ASSUMED_STRONG_TRIALS`` strong
    ones."""
    changed = game_variants(game.spec)
    if not changed:
        return []
    capped = replace(budget, strong_trials=min(budget.strong_trials, ASSUMED_STRONG_TRIALS))
    return [AssumptionChunk(source, changed, t.config, t.seed, t.policy, t.simulations) for t in trials(game, capped)]


def measure_assumptions(game: Game[Any, Any], chunk: AssumptionChunk) -> tuple[VariantOutcome, ...]:
    """Play the chunk's trial under the spec's own values once and beside it under every changed value."""
    base = play(game, chunk.config, chunk.seed, chunk.policy, chunk.simulations)
    out = []
    for v in chunk.variants:
        item = PairItem(v.param, v.words, chunk.config, chunk.config, chunk.seed, chunk.policy, chunk.simulations)
        try:
            out.append(VariantOutcome(v, pair(game_with(game, v), item, base, base_game=game)))
        except Exception as exc:  # a value the rules cannot run with is a finding about the data, not a crash
            # the same report on every machine and every run, and for a copy of the spec under another name
            text = ADDRESS.sub("", without_file(str(exc), game.spec.path))
            out.append(VariantOutcome(v, None, f"{type(exc).__name__}: {text}"))
    return tuple(out)


def without_file(text: str, path: str) -> str:
    """An error text without the spec file's path or name (a spec error names its file before each problem)."""
    for name in (path, Path(path).name):
        text = text.replace(f"{name}: ", "").replace(name, "the spec")
    return text


def measure_assumption_chunk(chunk: AssumptionChunk) -> tuple[VariantOutcome, ...]:
    """``measure_assumptions`` on one chunk (in any process: the game is loaded from what the chunk names)."""
    from nilerules.analysis.parallel import resolve

    return measure_assumptions(resolve(chunk.source).game, chunk)


# -- the summary ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ValueImpact:
    """One changed value against the spec's own, over the paired games."""

    words: str
    value: Any
    counts: Counts
    failed: str = ""
    """Why the game could not be played with this value (the first error met), or empty."""
    by_policy: tuple[tuple[str, Counts], ...] = ()
    """The counts of each policy's paired games (strong first); empty: every game counts as random and greedy."""

    def of(self, policies: tuple[str, ...]) -> Counts:
        if not self.by_policy:
            return self.counts if STRONG not in policies else Counts()
        return total(c for name, c in self.by_policy if name in policies)

    def shown(self) -> Counts:
        """The paired games that give the class: strong play's when it met a difference, else random and greedy
        play's."""
        strong = self.of((STRONG,))
        return strong if strong.play_class() is not None else self.of(POLICY_NAMES)

    @property
    def cls(self) -> str:
        if self.failed:
            return NOT_MEASURED
        return self.shown().play_class() or NO_DIFFERENCE

    def rate(self) -> Rate:
        """The games that show the class's difference (none met: the games where nothing differed, 0 hits)."""
        shown = self.shown() if self.cls != NO_DIFFERENCE else self.counts
        return Rate(shown.hits(self.cls) if self.cls != NO_DIFFERENCE else 0, shown.trials)

    def views(self) -> tuple[PlayView, ...]:
        """Each policy's figures, strong play first."""
        return tuple(view(p, [self.of((p,))]) for p in STATED if self.of((p,)).trials)

    def to_data(self) -> dict[str, Any]:
        return {"change": self.words, "value": self.value, "class": self.cls, "failed": self.failed,
                **self.counts.to_data(), "by_play": {v.play: v.to_data() for v in self.views()}}


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
    for o in outcomes:
        key = (o.variant.param, o.variant.direction)
        if o.outcome is None:
            failed.setdefault(key, o.failed)
        else:
            counts[key] = counts.get(key, Counts()).add(o.outcome)
            mine = (*key, o.outcome.item.policy)
            by_policy[mine] = by_policy.get(mine, Counts()).add(o.outcome)
    capped = replace(budget, strong_trials=min(budget.strong_trials, ASSUMED_STRONG_TRIALS))
    words = budget_words(game, capped, followed=False).replace(" per reading", " per changed value")
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
            )
            for v in changed
        )
        out.append(AssumptionImpact(p.name, values, words, skipped))
    return tuple(out)


def measure_game(game: Game[Any, Any], budget: Budget) -> tuple[AssumptionImpact, ...]:
    """Every assumed parameter's impact, measured here (one process): for tests and single-game callers."""
    outcomes: list[VariantOutcome] = []
    for chunk in assumption_chunks(game, game, budget):
        outcomes.extend(measure_assumptions(game, chunk))
    return assumption_impacts(game, budget, outcomes)


"""The records that games hand to the analysis: check results, named queries, search budgets.

Games define their ambiguity checks (one per ambiguity id in the spec) and their named queries with these types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from nilerules.core.log import GameLog
from nilerules.core.verdicts import Verdict

Method = Literal["z3", "exhaustive", "hypothesis", "monte-carlo", "arithmetic", "playout", "situation"]
"""How a verdict was reached; "situation" is one hand-built situation (a witness, never a proof)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the analysis searches. The same budget gives the same report, byte for byte."""

    playouts: int = 200
    """Random and greedy games per Monte Carlo estimate or playout-based search."""
    examples: int = 200
    """Hypothesis examples per search."""
    rlimit: int = 5_000_000
    """Z3 resource limit per query (deterministic, unlike a timeout)."""
    seed: int = 20261129
    strong_trials: int = 100
    """Base games per game (spread over its configs, seeds ``seed``, ``seed + 1``, ...) in which every seat plays the
    strong player (``POLICIES["strong"]``), beside the random and greedy ones: the impact among competent players
    (``analysis.impact``). Every ambiguity shares them; each game where an ambiguity's situation arises is followed
    to its end under each of its readings (and each changed assumed value is paired with them). 0: none."""
    strong_simulations: int = 4
    """The most simulations per decision of that player, spent on half as many candidates, two rounds each
    (``SearchBudget.report``: at 4, the greedy move and the best other by a one-step look at the estimate; greedy
    rollouts to the first scoring, the caution). The report lowers it from the player's own budget so that its 100
    games a game fit in its time (``docs/strength.md`` measures it against greedy seats)."""

    @classmethod
    def quick(cls) -> Budget:
        """A small budget for tests and CI (fewer playouts and examples, no strong play; the solver keeps its default
        limit, since a query near its limit can be settled or not depending on earlier queries in the same
        process)."""
        return cls(playouts=20, examples=30, rlimit=5_000_000, strong_trials=0)

    @classmethod
    def thorough(cls) -> Budget:
        """The default budget with ten times the games of strong play, 1,000 a game (the random, greedy and check
        figures are the default's; its cost is in docs/strength.md)."""
        return cls(strong_trials=1000)

    @classmethod
    def named(cls, name: str) -> Budget:
        """The budget ``nilerules report --budget NAME`` runs: one of ``BUDGET_NAMES``."""
        if name not in BUDGET_NAMES:
            raise ValueError(f"budget: expected one of {', '.join(BUDGET_NAMES)}, got {name!r}")
        return {"quick": cls.quick, "thorough": cls.thorough}.get(name, cls)()


BUDGET_NAMES = ("default", "quick", "thorough")
"""The budgets by name (``nilerules report --budget``)."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What a divergence check found for one ambiguity."""

    verdict: Verdict
    method: Method
    outcomes: tuple[tuple[str, str], ...]
    """For each reading (by name): the outcome in the witness situation, or under the proof, in words."""
    searched: str
    """The domain or bounds searched and the budget spent, in words."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """Extra figures (for example Monte Carlo estimates), JSON-able."""
    witness_log: GameLog | None = None
    """The witness as a game: a log from setup (config with every reading named, moves and chance outcomes) that
    replays to the position where the readings part. None when there is no witness or it was not found in play."""
    constructed: bool = False
    """True when the witness position was built by hand (reachability from setup not shown); it must still pass
    the game's invariants."""
    depends_on: tuple[tuple[str, str], ...] = ()
    """Non-default readings of other ambiguities that the witness needs: (ambiguity id, reading)."""
    figures: Callable[[str], str] | None = field(default=None, compare=False)
    """How each reading's outcome is recomputed from the witness's source: ``figures(reading)`` replays
    ``witness_log`` from setup under that reading and words what it reaches, as ``outcomes`` states it; for a
    constructed witness, it builds the position the witness data writes out under that reading and plays the written
    moves (``kit.written_figures``). A witness is "met in play" only when this gives every stated outcome
    (tests/analysis/test_bundled_witnesses.py); a check whose figures come from elsewhere labels its witness
    ``constructed``."""


Check = Callable[[Any, Budget], CheckResult]
"""A divergence check: given the loaded game and a budget, find out whether the readings differ."""


@dataclass(frozen=True, slots=True)
class QueryParam:
    """A parameter of a named query, given on the CLI as ``--param name=value``."""

    name: str
    type: Literal["int", "str", "bool"]
    default: int | str | bool
    help: str
    bounds: tuple[int, int] | None = None
    """Allowed values of an int parameter (every work-size argument has an upper bound). None: -10,000..10,000, or
    up to ten times the default when that is larger; declare tighter bounds per query."""

    def int_bounds(self) -> tuple[int, int]:
        if self.bounds is not None:
            return self.bounds
        reach = max(10_000, 10 * abs(self.default)) if isinstance(self.default, int) else 10_000
        return (-reach, reach)


@dataclass(frozen=True, slots=True)
class QueryResult:
    """A query's answer: a verdict when it asked a yes/no question, text for people, data for machines."""

    text: str
    data: Mapping[str, Any]
    verdict: Verdict | None = None


PositionUse = Literal["none", "optional", "required"]
POSITION_PARAM = "position"
"""The params key under which a query that takes a position receives it: an ``analysis.positions.Situation`` (the
state, checked by the game's invariants, its config and the position written with names), or None when the query
takes a position optionally and none was given. No query parameter may have this name."""


@dataclass(frozen=True, slots=True)
class Query:
    """A named question a rulebook editor can ask (``nilerules query GAME NAME``)."""

    name: str
    title: str
    params: tuple[QueryParam, ...]
    run: Callable[[Any, Mapping[str, Any]], QueryResult]
    position: PositionUse = "none"
    """Whether the query is about a situation (``--position FILE``): "none" refuses a position, "optional" and
    "required" pass it to ``run`` in the params mapping under :data:`POSITION_PARAM`."""

    @property
    def takes_position(self) -> bool:
        return self.position != "none"

"""The boundary pass (issue 31): run every probe of a game's edges file with the ask engine, and tally its verdicts.

For each ``[[edge]]`` with a ``probe`` (a CEL expression over the ask view, judged at every position), the probe is
asked ``--can`` under each of its configs: every player count it names (default: the game's smallest), every policy
(default ``random``), with its modules; and, for an ``assumed`` entry with a ``variant``, once more under the rules
bound to the variant's values (the boundary the assumed data hides). Each run is seeded play from ``seed``, then the
ask engine's guided search when the seeded games did not meet it. A probe is found when any of its runs is. A
variant that does not fit the spec at hand (an edited copy: :attr:`nilerules.spec_edges.Edge.variant_unfit`) is
not run; the result lists it with the reason.

An ``unreachable`` entry whose probe is found is a contradiction (``nilerules edges`` exits 1), as is a rule or an
applicable kind without an entry (:attr:`nilerules.spec_edges.EdgesFile.missing`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from nilerules.analysis.ask import ask
from nilerules.analysis.ask.answer import percent_up, upper_bound
from nilerules.analysis.ask.language import compile_expression
from nilerules.analysis.ask.view import GameView
from nilerules.analysis.assumptions import spec_with
from nilerules.analysis.parallel import Execution
from nilerules.checks import GameModule
from nilerules.core.codec import dumps
from nilerules.errors import InvalidConfig, NileRulesError, SpecError
from nilerules.spec_edges import KINDS, VERDICTS, Edge, EdgesFile, edges_path, load_edges
from nilerules.specs import Spec

MAX_GAMES: Final = 10_000
"""The most seeded games per config a probe may play."""
MAX_GUIDED: Final = 10_000
"""The most games of guided search per config."""
MAX_SECONDS: Final = 3600
"""The longest time bound of one guided search."""
DEFAULT_POLICIES: Final = ("random",)


@dataclass(frozen=True, slots=True)
class EdgesBudget:
    """How much each probe may play, per config: ``games`` seeded games from ``seed``, then at most ``guided`` games
    of guided search within ``seconds``."""

    games: int = 2
    guided: int = 8
    seconds: float = 30.0
    seed: int = 0

    def __post_init__(self) -> None:
        for name, value, low, high in (
            ("games", self.games, 1, MAX_GAMES), ("guided", self.guided, 0, MAX_GUIDED),
            ("seconds", self.seconds, 1, MAX_SECONDS), ("seed", self.seed, 0, 2**63 - 1),
        ):
            if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
                raise InvalidConfig(f"edges {name}: expected {low}..{high}, got {value!r}")


@dataclass(frozen=True, slots=True)
class ProbeRun:
    """One config of one probe and what the search gave."""

    players: int
    policy: str
    variant: Mapping[str, Any] | None
    """The assumed values it ran under (None: the spec's own)."""
    found: bool
    games: int
    guided: int
    stopped: str
    """Why the guided search stopped (``work``, ``found``, ``time``, ``none``): ``time`` is the only machine-dependent
    outcome."""
    origin: str = ""
    """Where the witness came from: ``seed N`` (replayable with ``nilerules play --seed N``) or ``round R``."""
    moves: int = 0
    """Moves from setup to the position where the probe held."""

    def label(self) -> str:
        shown = f"{self.players}p {self.policy}"
        if self.variant:
            shown += " variant " + ", ".join(f"{k}={dumps(v)}" for k, v in sorted(self.variant.items()))
        return shown

    def summary(self) -> str:
        if self.found:
            return f"found ({self.origin}, move {self.moves})"
        guided = f", nor in {self.guided} guided" if self.guided else ""
        stopped = " (guided search stopped at its time bound)" if self.stopped == "time" else ""
        bound = percent_up(upper_bound(self.games))
        return f"not found in {self.games} games (at most {bound} % at 95 %){guided}{stopped}"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": self.players, "policy": self.policy, "variant": dict(self.variant) if self.variant else None,
            "found": self.found, "games": self.games, "guided": self.guided, "guided_stopped": self.stopped,
        }
        if self.found:
            data["witness"] = {"origin": self.origin, "moves": self.moves}
        else:
            data["upper_bound"] = round(upper_bound(self.games), 6)
        return data


@dataclass(frozen=True, slots=True)
class ProbeResult:
    """A probe's entry and its runs."""

    edge: Edge
    runs: tuple[ProbeRun, ...]

    @property
    def found(self) -> bool:
        return any(r.found for r in self.runs)

    @property
    def contradicts(self) -> bool:
        """An ``unreachable`` entry whose probe was met."""
        return self.edge.verdict == "unreachable" and self.found

    def to_data(self) -> dict[str, Any]:
        return {
            "rule": self.edge.rule, "kind": self.edge.kind, "verdict": self.edge.verdict, "probe": self.edge.probe,
            "modules": list(self.edge.modules), "found": self.found, "runs": [r.to_data() for r in self.runs],
        }


@dataclass(frozen=True, slots=True)
class EdgesResult:
    """What the pass gives for one game: the file's tally, each probe's result, and what is wrong."""

    edges: EdgesFile
    probes: tuple[ProbeResult, ...]
    budget: EdgesBudget

    @property
    def contradictions(self) -> tuple[ProbeResult, ...]:
        return tuple(p for p in self.probes if p.contradicts)

    @property
    def failed(self) -> bool:
        """Exit 1: an entry is missing, or an unreachable entry's probe was found."""
        return bool(self.edges.missing or self.contradictions)

    def to_data(self) -> dict[str, Any]:
        e = self.edges
        return {
            "game": e.game,
            "file": e.path,
            "entries": len(e.edges),
            "rules": len(e.rules),
            "skipped": len(e.skip),
            "counts": e.counts(),
            "budget": {"games": self.budget.games, "guided": self.budget.guided, "seed": self.budget.seed},
            "probes": [p.to_data() for p in self.probes],
            "unprobed": len(e.edges) - len(self.probes),
            "new_questions": [
                {"rule": q.rule, "kind": q.kind, "question": q.question, "readings": list(q.readings),
                 "default": q.default}
                for q in e.new_questions()
            ],
            "missing": [{"key": k, "what": w} for k, w in e.missing],
            "unfit_variants": [
                {"rule": u.rule, "kind": u.kind, "variant": dict(u.variant or {}), "why": list(u.variant_unfit)}
                for u in e.unfit_variants()
            ],
            "contradictions": [{"rule": p.edge.rule, "kind": p.edge.kind} for p in self.contradictions],
            "failed": self.failed,
        }

    def lines(self) -> list[str]:
        e = self.edges
        out = [
            f"edges of {e.game} ({e.path}): {len(e.edges)} entries over {len(e.rules)} rules "
            f"({len(e.skip)} rules skipped as touching nothing, flavour rules not counted)",
            "",
            *count_table(e.counts()),
            "",
            f"probes: {len(self.probes)} of {len(e.edges)} entries ({self.budget.games} seeded games per config "
            f"from seed {self.budget.seed}, then up to {self.budget.guided} games of guided search; judged at every "
            "position)",
        ]
        for p in self.probes:
            mark = "  CONTRADICTION: unreachable, but found" if p.contradicts else ""
            out.append(f"  {p.edge.rule} {p.edge.kind} [{p.edge.verdict}]: {p.edge.probe}{mark}")
            out += [f"    {r.label()}: {r.summary()}" for r in p.runs]
            if p.edge.variant_unfit:
                out.append(f"    {variant_words(p.edge)}: not run")
        questions = e.new_questions()
        out += ["", f"new questions this pass raised: {len(questions)}"]
        out += [f"  {q.rule} {q.kind}: {q.question} (readings {', '.join(q.readings)}; default {q.default})"
                for q in questions]
        unfit = e.unfit_variants()
        out += ["", f"variants not examined (they do not fit this spec's values): {len(unfit)}"]
        out += [f"  {u.rule} {u.kind}: {variant_words(u)}" for u in unfit]
        out += ["", f"missing entries: {len(e.missing)}"]
        out += [f"  {k}: {w}" for k, w in e.missing]
        out += [f"unreachable entries whose probe was found: {len(self.contradictions)}"]
        out += [f"  {p.edge.rule} {p.edge.kind}" for p in self.contradictions]
        return out


def variant_words(edge: Edge) -> str:
    """An entry's variant, and why it does not fit the spec at hand when it does not: ``variant deliveries=[2,2,2]
    does not fit: deliveries: expected a list of length 4, found 3 items``."""
    shown = "variant " + ", ".join(f"{k}={dumps(v)}" for k, v in sorted((edge.variant or {}).items()))
    return shown + (f" does not fit: {'; '.join(edge.variant_unfit)}" if edge.variant_unfit else "")


def count_table(counts: Mapping[str, Mapping[str, int]]) -> list[str]:
    """The kind × verdict counts as aligned text lines, with a total row."""
    width = max(len(k) for k in (*KINDS, "total"))
    head = f"{'kind':<{width}}  " + "  ".join(f"{v:>11}" for v in VERDICTS)
    rows = [head]
    for kind in KINDS:
        rows.append(f"{kind:<{width}}  " + "  ".join(f"{counts[kind][v]:>11}" for v in VERDICTS))
    totals = [sum(counts[k][v] for k in KINDS) for v in VERDICTS]
    rows.append(f"{'total':<{width}}  " + "  ".join(f"{t:>11}" for t in totals))
    return rows


def _configs(module: GameModule, edge: Edge) -> list[tuple[int, str, Mapping[str, Any] | None]]:
    players = edge.players or (module.game.info.player_counts[0],)
    policies = edge.policies or DEFAULT_POLICIES
    variants: list[Mapping[str, Any] | None] = [None]
    if edge.verdict == "assumed" and edge.variant and not edge.variant_unfit:
        variants.append(edge.variant)
    return [(p, pol, v) for v in variants for p in players for pol in policies]


def _variant_module(module: GameModule, variant: Mapping[str, Any]) -> GameModule:
    """The game bound to the spec with the variant's values. Its spec names no file, so the ask engine carries the
    game itself to its workers (a file would make them load the bundled values)."""
    game = module.game
    spec = game.spec
    for name, value in sorted(variant.items()):
        spec = spec_with(spec, name, value)
    words = ", ".join(f"{k}={dumps(v)}" for k, v in sorted(variant.items()))
    spec = replace(spec, path=f"{spec.path} (variant {words})")
    try:
        made = type(game)(spec)
    except (NileRulesError, ValueError, TypeError) as exc:
        raise SpecError(spec.path, [("variant", f"the game refuses the variant: {exc}")]) from None
    return GameModule(made, {}, {})


def _solver_exists(name: str) -> bool:
    """Whether ``module:function`` names a function of the solver package (the Z3 check an unreachable entry cites)."""
    import importlib

    module, _, function = name.partition(":")
    try:
        return callable(getattr(importlib.import_module(module), function, None))
    except ImportError:
        return False


def check_probes(module: GameModule, edges: EdgesFile) -> None:
    """Every probe compiles against the view of each of its configs (a bool expression), its players and modules
    are the game's, every cited solver function exists: a SpecError lists every problem before any game is played."""
    game = module.game
    problems: list[tuple[str, str]] = []
    for edge in edges.edges:
        key = f"edge ({edge.rule} {edge.kind})"
        if edge.solver and not _solver_exists(edge.solver):
            problems.append((f"{key}.solver", f"no function {edge.solver!r}"))
        if not edge.probe:
            continue
        for players in edge.players or (game.info.player_counts[0],):
            try:
                config = game.config(players, edge.modules)
            except (NileRulesError, ValueError) as exc:
                problems.append((f"{key}.players/modules", str(exc)))
                continue
            try:
                compile_expression(edge.probe, GameView(game, config).type, "bool")
            except NileRulesError as exc:
                problems.append((f"{key}.probe", str(exc)))
                break
    if problems:
        raise SpecError(edges.path, problems)


def examine(
    module: GameModule,
    edges: EdgesFile,
    budget: EdgesBudget | None = None,
    execution: Execution | None = None,
    progress: Callable[[str], None] | None = None,
) -> EdgesResult:
    """Run every probe of ``edges`` on ``module``'s game (see the module docstring); ``progress`` is told each probe
    as it starts (for stderr)."""
    budget = budget or EdgesBudget()
    check_probes(module, edges)
    probed = [e for e in edges.edges if e.probe]
    variants: dict[str, GameModule] = {}  # every variant built before any game: a refused one fails first
    for edge in probed:
        if edge.verdict == "assumed" and edge.variant and not edge.variant_unfit:
            key = dumps(dict(sorted(edge.variant.items())))
            variants.setdefault(key, _variant_module(module, edge.variant))
    results: list[ProbeResult] = []
    for number, edge in enumerate(probed, start=1):
        if progress is not None:
            progress(f"[{number}/{len(probed)}] {edge.rule} {edge.kind}")
        runs: list[ProbeRun] = []
        for players, policy, variant in _configs(module, edge):
            target = module
            if variant:
                target = variants[dumps(dict(sorted(variant.items())))]
            answer = ask(
                target, "can", edge.probe, at="any", players=players, modules=edge.modules, games=budget.games,
                guided=budget.guided, seconds=float(budget.seconds), seed=budget.seed, policy=policy,
                execution=execution,
            )
            o = answer.outcome
            found = o.found
            runs.append(ProbeRun(
                players, policy, variant, found is not None, o.games, o.guided, o.stopped,
                found.origin if found else "", found.position if found else 0,
            ))
        results.append(ProbeResult(edge, tuple(runs)))
    return EdgesResult(edges, tuple(results), budget)


def bundled_edges(spec: Spec) -> EdgesFile | None:
    """The game's bundled edges file checked against ``spec`` (its completeness listed, not raised), or None when
    the game has none yet: what the report shows (it runs no probe)."""
    path = edges_path(spec.game)
    return load_edges(path, spec, complete=False) if path.is_file() else None


__all__ = [
    "EdgesBudget",
    "EdgesResult",
    "ProbeResult",
    "ProbeRun",
    "bundled_edges",
    "check_probes",
    "count_table",
    "examine",
    "variant_words",
]


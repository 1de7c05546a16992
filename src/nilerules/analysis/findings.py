"""Findings: one frozen record per clarified passage, merging the spec's words, a check's verdict, the impact measured
in paired games and the witness as a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from nilerules.analysis.impact import (
    CLASSES,
    UNSEEN,
    Impact,
    PairOutcome,
    Rate,
    budget_words,
    classify,
    evidence,
    first_witness,
    game_counts,
    measure,
    search_trials,
    tally,
    work_items,
)
from nilerules.analysis.montecarlo import MOVED_TEST
from nilerules.analysis.witness import EndPosition, effect, end_words, log_words, replay_under, witness_log
from nilerules.checks.model import BUDGET_NAMES, Budget, Check, CheckResult, Query, QueryParam, QueryResult
from nilerules.core.game import Game
from nilerules.core.log import GameLog
from nilerules.core.verdicts import Proof, VerdictKind, Witness
from nilerules.errors import NileRulesError, QueryError
from nilerules.specs import Ambiguity, FindingKind, Spec
from nilerules.wording import render

FigureSource = Literal["game", "position", "model", "sample", "proof", "situation", ""]
"""Where a finding's per-reading figures come from (``Finding.figures_from``)."""

FIGURE_SOURCES: Mapping[str, str] = {
    "game": "the witness game",
    "position": "a written position (constructed)",
    "model": "a solver model, written as a position (constructed)",
    "sample": "a sample of seeded games",
    "proof": "the proof",
    "situation": "a hand-built situation",
}
"""Each source of figures in words, as the report labels them."""


def figures_source(result: CheckResult) -> FigureSource:
    """Where a check's words for each reading were computed: its own witness log (``game``), the written position its
    witness data holds (``position``, or ``model`` when a solver found it), a sample of games (its data gives ``n``),
    the proof, or a situation it does not write out."""
    if not result.outcomes:
        return ""
    if result.verdict.kind == "proof":
        return "proof"
    if result.witness_log is not None:
        return "game"
    data = result.verdict.data if isinstance(result.verdict, Witness) else result.data
    if isinstance(data.get("position"), dict):
        return "model" if result.method == "z3" else "position"
    if result.method == "monte-carlo":
        return "sample"
    return "situation"


@dataclass(frozen=True, slots=True)
class ReadingOutcome:
    """One reading of a passage and what it gives in the finding's situation."""

    name: str
    description: str
    outcome: str
    """What the check says this reading gives (in words)."""
    default: bool
    contradicted: str = ""
    """The quote that rules this reading out, when the text decides."""
    end: EndPosition | None = None
    """What replaying the witness log under this reading gives at its end (None when there is no log)."""
    in_witness: str = ""
    """``end`` in words, compared with the log's own reading."""


@dataclass(frozen=True, slots=True)
class Finding:
    """A clarified rule ambiguity, data gap, contradiction or rules hole, with its verdict and measured impact."""

    code: str
    game: str
    ambiguity: str
    title: str
    kind: FindingKind
    rule_ids: tuple[str, ...]
    quote: str
    readings: tuple[ReadingOutcome, ...]
    verdict: VerdictKind
    summary: str
    """The witness in words, the proof's statement, or why the search is inconclusive."""
    witness: Mapping[str, Any]
    core_rules: tuple[str, ...]
    method: str
    searched: str
    recommendation: str
    """The wording to paste (``Ambiguity.wording`` with its figures filled in)."""
    data: Mapping[str, Any] = field(default_factory=dict)
    answered_by: str = ""
    """A published ruling or FAQ that already answers the question."""
    document: str = ""
    """The file the quote comes from (a seed or a reference file)."""
    section: str = ""
    default: str = ""
    placement: str = ""
    """Where the wording goes."""
    reason: tuple[str, ...] = ()
    """Why, sentence by sentence, each rendered from the check's figures (a sentence without its figure is left
    out)."""
    impact: Impact | None = None
    witness_log: GameLog | None = None
    """The witness as a game from setup (the check's own, else the first divergence met in paired play)."""
    witness_source: str = ""
    """``check`` or ``play``: where the witness log comes from (empty when there is none)."""
    witness_words: str = ""
    """The witness log in a few words: the config, its length, who did what last."""
    constructed: bool = False
    """The check's witness is a hand-built position (reachability from setup not shown) and play found none."""
    depends_on: tuple[tuple[str, str], ...] = ()
    """Non-default readings of other ambiguities that the witness needs."""
    figures_from: FigureSource = ""
    """Where each reading's ``outcome`` words were computed (``figures_source``): ``game`` (the check's witness log,
    at its last step), ``position`` (a written position, constructed), ``model`` (a position decoded from a solver
    model, constructed), ``sample`` (seeded games, with n and an interval), ``proof`` (what every reading gives under
    the proof), ``situation`` (a situation the check does not write out); empty when the check has no words."""

    @property
    def matters(self) -> bool | None:
        """True when a witness shows the readings differ, False when proved not to, None when unknown."""
        if self.verdict == "witness":
            return True
        if self.verdict == "proof":
            return False
        return None

    @property
    def impact_class(self) -> str:
        return self.impact.cls if self.impact is not None else UNSEEN


def _source(spec: Spec | None, amb: Ambiguity) -> tuple[str, str]:
    """The document and section the ambiguity's quote stands in: its own ``seed``/``section`` when the spec gives
    them, else its first cited rule's (tests/specs/test_quotes.py checks that the quote stands there)."""
    if spec is None or not amb.rules:
        return amb.seed, amb.section
    try:
        entry = spec.rule(amb.rules[0])
    except KeyError:
        return amb.seed, amb.section
    return amb.seed or entry.seed, amb.section or entry.section


def rendered(spec: Spec | None, texts: Sequence[str], data: Mapping[str, Any]) -> tuple[str, ...]:
    """The sentences whose figures the check's ``data`` (and the spec's params) have, with the figures filled in."""
    params = {name: p.value for name, p in spec.params.items()} if spec is not None else {}
    out = []
    for text in texts:
        sentence = render(text, data, params)
        if sentence is not None:
            out.append(sentence)
    return tuple(out)


def make_finding(
    game: str,
    amb: Ambiguity,
    result: CheckResult,
    *,
    spec: Spec | None = None,
    impact: Impact | None = None,
    play_log: GameLog | None = None,
    ends: Mapping[str, EndPosition] | None = None,
    witness_words: str = "",
) -> Finding:
    """Merge a spec ambiguity with the result of its check, the impact measured in play and the witness's replays
    (``ends``: reading -> end position of the witness log under it)."""
    outcomes = dict(result.outcomes)
    verdict = result.verdict
    witness: Mapping[str, Any] = verdict.data if isinstance(verdict, Witness) else {}
    core = verdict.core_rules if isinstance(verdict, Proof) else ()
    log = result.witness_log or play_log
    source = "check" if result.witness_log is not None else ("play" if play_log is not None else "")
    ends = dict(ends or {})
    own = ends.get(log.config.readings_dict().get(amb.id, "")) if log is not None else None
    kind, summary, method = verdict.kind, verdict.summary, result.method
    if kind == "unknown" and source == "play" and impact is not None and impact.cls != "never matters":
        kind, method = "witness", "playout"
        summary = f"Paired play met a difference the check did not find ({verdict.summary})"
    document, section = _source(spec, amb)
    return Finding(
        code=amb.code,
        game=game,
        ambiguity=amb.id,
        title=amb.title,
        kind=amb.kind,
        rule_ids=amb.rules,
        quote=amb.quote,
        readings=tuple(
            ReadingOutcome(
                r.name,
                r.description,
                outcomes.get(r.name, ""),
                r.name == amb.default,
                r.contradicted,
                ends.get(r.name),
                end_words(ends[r.name], own if own is not ends[r.name] else None) if r.name in ends else "",
            )
            for r in amb.readings
        ),
        verdict=kind,
        summary=summary,
        witness=witness,
        core_rules=core,
        method=method,
        searched=result.searched,
        recommendation=" ".join(rendered(spec, (amb.wording,), result.data)),
        data=result.data,
        answered_by=amb.answered_by,
        document=document,
        section=section,
        default=amb.default,
        placement=" ".join(rendered(spec, (amb.placement,), result.data)),
        reason=rendered(spec, amb.reason, result.data),
        impact=impact,
        witness_log=log,
        witness_source=source,
        witness_words=witness_words,
        constructed=result.constructed and source != "play",
        depends_on=result.depends_on if source == "check" else (),
        figures_from=figures_source(result),
    )


def needs_search(result: CheckResult, outcomes: Sequence[PairOutcome], amb_id: str) -> bool:
    """Whether the witness search should play further pairs for ``amb_id``: the check has no game for a witness, is
    not a proof, and the measured pairs met no difference."""
    if result.witness_log is not None or result.verdict.kind == "proof":
        return False
    return first_witness(outcomes, amb_id) is None


def build_finding(
    game: Game[Any, Any],
    amb: Ambiguity,
    result: CheckResult,
    outcomes: Sequence[PairOutcome],
    budget: Budget,
    searched: Sequence[PairOutcome] = (),
) -> Finding:
    """The finding for ``amb``: its check's result, the paired games of ``outcomes`` that vary it, and its witness
    (the check's log, else the clearest divergence met in the measured pairs, else in the ``searched`` ones)
    replayed under every reading."""
    mine = [o for o in outcomes if o.item.ambiguity == amb.id]
    play_log, by_search = None, 0
    if result.witness_log is None:
        found = first_witness(mine, amb.id)
        if found is None and result.verdict.kind != "proof":
            found = first_witness([o for o in searched if o.item.ambiguity == amb.id], amb.id)
            by_search = search_trials(game, budget) if found is not None else 0
        play_log = witness_log(game, found) if found is not None else None
    log = result.witness_log or play_log
    ends: dict[str, EndPosition] = {}
    words = ""
    if log is not None:
        try:
            for r in amb.reading_names():
                ends[r] = replay_under(game, log, {amb.id: r})
            words = log_words(game, log)
        except NileRulesError as exc:
            ends, words = {}, f"the witness log does not replay: {exc}"
    impact = classify(
        amb.id,
        amb.default,
        tally(mine).get(amb.id, {}),
        result.verdict.kind,
        budget_words(game, budget),
        effect(list(ends.values())) if ends else None,
        result.searched,
        by_search,
        open_alternatives=any(r != amb.default for r in amb.open_readings()),
        games=game_counts(mine).get(amb.id, {}),
        example=evidence(mine),
    )
    return make_finding(
        game.spec.game,
        amb,
        result,
        spec=game.spec,
        impact=impact,
        play_log=play_log,
        ends=ends,
        witness_words=words,
    )


def measure_ambiguity(game: Game[Any, Any], amb_id: str, budget: Budget) -> tuple[PairOutcome, ...]:
    """The paired games that vary one ambiguity: the same pairs, in the same order, as the report's."""
    return measure(game, work_items(game, budget, [amb_id]))


def finding_for(game: Game[Any, Any], check: Check, amb_id: str, budget: Budget) -> Finding:
    """One finding exactly as the report gives it (its check, its paired games, its witness): for queries."""
    from nilerules.solver.context import Z3_LOCK, fresh_context

    with Z3_LOCK:  # as the report runs each check: on a fresh Z3 context, so the verdict is the same
        fresh_context()
        result = check(game, budget)
    outcomes = measure_ambiguity(game, amb_id, budget)
    searched: tuple[PairOutcome, ...] = ()
    if needs_search(result, outcomes, amb_id):
        searched = measure(game, work_items(game, budget, [amb_id], search=True))
    return build_finding(game, game.spec.ambiguities[amb_id], result, outcomes, budget, searched)


def impact_of(game: Game[Any, Any], check: Check, amb_id: str, budget: Budget) -> Impact:
    """The impact class and frequencies of one ambiguity, exactly as the report gives them."""
    impact = finding_for(game, check, amb_id, budget).impact
    assert impact is not None  # build_finding always measures
    return impact


def _impact_query(checks: Mapping[str, Check]) -> Query:
    def run(game: Any, params: Mapping[str, Any]) -> QueryResult:
        spec: Spec = game.spec
        by_code = {a.code: a.id for a in spec.ambiguities.values()}
        wanted = str(params["ambiguity"])
        amb_id = by_code.get(wanted.upper(), wanted)  # a code in any case: ra-001 is RA-001
        if amb_id not in spec.ambiguities or amb_id not in checks:
            known = ", ".join(sorted(by_code))
            raise QueryError(f"--param ambiguity: unknown ambiguity {wanted!r} (codes: {known})")
        if str(params["budget"]) not in BUDGET_NAMES:
            raise QueryError(f"--param budget: expected one of {', '.join(BUDGET_NAMES)}, got {params['budget']!r}")
        budget = Budget.named(str(params["budget"]))
        f = finding_for(game, checks[amb_id], amb_id, budget)
        assert f.impact is not None
        text = f"{f.code} {f.title}: {f.impact.describe()} ({f.impact.budget})"
        data = {"code": f.code, "ambiguity": amb_id, "verdict": f.verdict, "impact": f.impact.to_data()}
        return QueryResult(text, data)

    return Query(
        "impact",
        "How much does an ambiguity matter in play? (the report's class and frequency)",
        (
            QueryParam("ambiguity", "str", "", "a finding code (RA-001) or an ambiguity id"),
            QueryParam("budget", "str", "default", "default | quick | thorough, as `nilerules report --budget`"),
        ),
        run,
    )


def with_impact_query(queries: Mapping[str, Query], checks: Mapping[str, Check]) -> dict[str, Query]:
    """A game's queries plus ``impact`` (unless the game defines its own)."""
    return {"impact": _impact_query(checks), **queries}


# -- the order of the report's table ------------------------------------------------------------------------------
RANK_TEST: Final = (
    "one finding ranks above another only when their intervals of strong play's estimate (arises × changes the "
    f"winner) say so ({MOVED_TEST}, the test `check` applies to a moved figure): its best rank is 1 + the findings "
    "whose interval lies wholly above its own, its worst the findings whose interval does not lie wholly below its "
    "own, itself included"
)
"""How a finding's rank range is drawn from the intervals, in the words the outputs and the docs use."""


@dataclass(frozen=True, slots=True)
class RankRange:
    """Where a finding stands among the ranked findings of a report, as far as the intervals allow (``RANK_TEST``):
    any rank from ``low`` to ``high`` (1 is the first) is consistent with every finding's interval."""

    low: int
    high: int
    of: int
    """How many findings are ranked (those with strong play's estimate)."""

    def cell(self) -> str:
        """In a table cell: ``3`` or ``3–9``."""
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"

    def words(self) -> str:
        """In a sentence: ``rank 3 of 97`` or ``ranks 3–9 of 97``."""
        return f"{'rank' if self.low == self.high else 'ranks'} {self.cell()} of {self.of}"

    def to_data(self) -> dict[str, int]:
        return {"low": self.low, "high": self.high, "of": self.of}


def rank_ranges(intervals: Sequence[tuple[float, float]]) -> tuple[RankRange, ...]:
    """Each interval's rank range among ``intervals`` (``RANK_TEST``): best = 1 + those wholly above it, worst = those
    not wholly below it (itself included)."""
    n = len(intervals)
    return tuple(
        RankRange(
            1 + sum(1 for other_low, _ in intervals if other_low > high),
            sum(1 for _, other_high in intervals if other_high >= low),
            n,
        )
        for low, high in intervals
    )


def priority(f: Finding) -> Rate | None:
    """Strong play's estimate for ``f`` (``Impact.priority``: strong games where the situation arose and the winner
    changed, among all strong games), or None when strong play was not measured for it (no impact, no strong game,
    or the text decides)."""
    if f.impact is None or f.impact.cls == "the text decides" or f.impact.strong_trials() == 0:
        return None
    return f.impact.priority()


def _order_key(f: Finding, rate: Rate | None) -> tuple[int, float, int, float, str]:
    """Ranked findings first, by strong play's estimate (its share), then the class, then the figure behind the
    class, then the code; then the unranked ones by class, figure and code. Deterministic: codes are unique."""
    cls = CLASSES.index(f.impact.cls) if f.impact is not None else CLASSES.index(UNSEEN)
    head = f.impact.headline_rate() if f.impact is not None else None
    share = head.hits / head.trials if head is not None and head.trials else 0.0
    first = rate.hits / rate.trials if rate is not None and rate.trials else 0.0
    return (rate is None, -first, cls, -share, f.code)


def ordered(findings: Sequence[Finding]) -> tuple[tuple[Finding, RankRange | None], ...]:
    """The report's table order, each finding with its rank range among those strong play measured (None for the
    others, which follow them by class). Two findings whose intervals overlap may stand either way round: the order
    between them is by class and code, not a claim, and their rank ranges overlap to say so. A finding never stands
    below one whose interval lies wholly below its own (its share is higher: each interval holds its share)."""
    rates = [priority(f) for f in findings]
    ranked = [i for i, r in enumerate(rates) if r is not None]
    ranges = rank_ranges([rates[i].interval for i in ranked])  # type: ignore[union-attr]
    rank_of: dict[int, RankRange] = dict(zip(ranked, ranges, strict=True))
    order = sorted(range(len(findings)), key=lambda i: _order_key(findings[i], rates[i]))
    return tuple((findings[i], rank_of.get(i)) for i in order)

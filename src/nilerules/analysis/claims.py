"""The wording to paste, checked against the model: each claim a finding's wording makes is a situation and what must
hold there (``nilerules.wording.Claim``), run under the reading the wording adopts.

A claim's situation is a written position (``at = "position"``), or the finding's witness (``at = "witness"``): the
position its log reaches from setup, or its written position for a constructed witness, under the claim's reading.
A claim with a ``variant`` (parameter = value) is about the rules with those values instead of the spec's: its
situation is built, and its expectations are checked, in ``type(game)`` bound to the spec with them
(``analysis.assumptions.spec_with``). The claim's moves are played from there, then each expectation is compared
with what the model gives. Every problem comes back as a line naming the finding, the words, and what the model does
instead.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from nilerules.analysis.assumptions import spec_with
from nilerules.analysis.findings import Finding
from nilerules.core.codec import dumps
from nilerules.core.game import Game
from nilerules.core.log import moves_at
from nilerules.core.types import Config
from nilerules.documents import fold
from nilerules.errors import NileRulesError
from nilerules.specs import Ambiguity, variant_problems
from nilerules.wording import Claim


class ClaimError(Exception):
    """A claim's situation cannot be built (no witness, a variant the rules refuse, a position that does not build,
    moves that are illegal)."""


def claim_game(game: Game[Any, Any], claim: Claim) -> Game[Any, Any]:
    """The rules a claim is about: ``game``, or with the claim's ``variant`` the same rules bound to the spec with
    those values; ClaimError names an unknown parameter, a value outside its schema, or a value the game refuses (a
    spec's own claims are refused at load for the first two: ``specs.variant_problems``)."""
    if not claim.variant:
        return game
    wrong = variant_problems(game.spec.params, claim.variant, "variant")
    if wrong:
        raise ClaimError(f"the claim's variant does not fit the spec ({'; '.join(f'{k}: {w}' for k, w in wrong)})")
    spec = game.spec
    for name, value in sorted(claim.variant.items()):
        spec = spec_with(spec, name, value)
    try:
        made: Game[Any, Any] = type(game)(spec)  # type: ignore[call-arg]
    except (NileRulesError, ValueError, TypeError) as exc:
        raise ClaimError(f"the game refuses the claim's variant: {exc}") from None
    return made


def _config(game: Game[Any, Any], base: Config, amb: Ambiguity, reading: str) -> Config:
    return game.config(base.players, base.modules, {**base.readings_dict(), amb.id: reading})


def situation(game: Game[Any, Any], amb: Ambiguity, claim: Claim, finding: Finding | None) -> Any:
    """The position a claim is about, under the reading the wording adopts, after the claim's moves (in the rules
    of its variant, if it has one)."""
    return _situation(claim_game(game, claim), amb, claim, finding)


def _situation(game: Game[Any, Any], amb: Ambiguity, claim: Claim, finding: Finding | None) -> Any:
    reading = claim.reading or amb.default
    if claim.at == "position":
        try:
            config = _config(game, game.config(claim.players, claim.modules), amb, reading)
        except (NileRulesError, ValueError) as exc:
            raise ClaimError(f"the claim's config is refused: {exc}") from None
        state = _build(game, config, claim.position)
    else:
        state = _witness_state(game, amb, reading, finding)
    for raw in claim.actions:
        try:
            state = game.apply(state, game.action_from_data(raw))
        except NileRulesError as exc:
            raise ClaimError(f"the claim's move {dumps(raw)} cannot be played there: {exc}") from None
    return state


def _build(game: Game[Any, Any], config: Config, position: Mapping[str, Any]) -> Any:
    try:
        return game.position(config, {k: v for k, v in position.items() if k != "config"})
    except NileRulesError as exc:
        raise ClaimError(f"the claim's position does not build: {exc}") from None


def _witness_state(game: Game[Any, Any], amb: Ambiguity, reading: str, finding: Finding | None) -> Any:
    if finding is None:
        raise ClaimError("the claim is about the witness, and the finding has none")
    if finding.witness_log is not None:
        config = _config(game, finding.witness_log.config, amb, reading)
        state = game.setup(config)
        for index, raw in enumerate(finding.witness_log.actions):
            try:
                state = game.apply(state, game.action_from_data(raw))
            except NileRulesError as exc:
                raise ClaimError(f"the witness does not replay under {reading!r} (step {index}: {exc})") from None
        return state
    position = finding.witness.get("position")
    if not isinstance(position, dict):
        raise ClaimError("the witness is neither a game nor a written position")
    players = finding.witness.get("players")
    modules = finding.witness.get("modules", [])
    if not isinstance(players, int) or not isinstance(modules, list):
        raise ClaimError("the witness's written position does not say its players and modules")
    state = _build(game, _config(game, game.config(players, tuple(modules)), amb, reading), position)
    for raw in finding.witness.get("actions", []):
        state = game.apply(state, game.action_from_data(raw))
    return state


def claim_problems(game: Game[Any, Any], amb: Ambiguity, claim: Claim, finding: Finding | None) -> list[str]:
    """What the model does that the claim says it does not (empty: the model keeps the claim)."""
    lead = f"{amb.code} “{claim.says}”"
    said = fold(" ".join((amb.wording, amb.placement, *amb.reason)))
    problems = [] if fold(claim.says) in said else [f"{lead}: these words are not in the finding's wording"]
    try:
        game = claim_game(game, claim)
        state = _situation(game, amb, claim, finding)
    except ClaimError as exc:
        return [*problems, f"{lead}: {exc}"]
    expect = claim.expect
    legal = {dumps(game.action_to_data(a)) for a in game.legal_actions(state)}
    problems += [f"{lead}: {dumps(a)} is not a legal move there" for a in expect.legal if dumps(a) not in legal]
    problems += [f"{lead}: {dumps(a)} is a legal move there" for a in expect.not_legal if dumps(a) in legal]
    who, _ = moves_at(game, state)
    if expect.to_move is not None and who != expect.to_move:
        problems.append(f"{lead}: {who} is to move there, not {expect.to_move}")
    if expect.phase is not None:
        phase = game.position_data(state).get("phase")
        if phase != expect.phase:
            problems.append(f"{lead}: the phase there is {phase!r}, not {expect.phase!r}")
    if expect.scores is not None and tuple(game.scores(state)) != expect.scores:
        problems.append(f"{lead}: the scores there are {list(game.scores(state))}, not {list(expect.scores)}")
    if expect.winners is not None:
        winners = tuple(sorted(game.ranking(state).winners))
        if winners != expect.winners:
            problems.append(f"{lead}: seats {list(winners)} are first there, not {list(expect.winners)}")
    if expect.points:
        breakdown = game.score_breakdown(state)
        for seat, wanted in expect.points.items():
            got = breakdown[int(seat)]
            for category, points in wanted.items():
                if got.get(category) != points:
                    problems.append(f"{lead}: seat {seat} has {got.get(category)!r} {category}, not {points}")
    return problems


def wording_problems(game: Game[Any, Any], findings: Sequence[Finding] = ()) -> list[str]:
    """Every claim of every finding of the game's spec, checked (``findings`` give the witnesses)."""
    by_ambiguity = {f.ambiguity: f for f in findings}
    problems = []
    for amb in game.spec.ambiguities.values():
        for claim in amb.claims:
            problems += claim_problems(game, amb, claim, by_ambiguity.get(amb.id))
    return problems


COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
PLAYER_COUNT = re.compile(r"\b(two|three|four|five|six|[2-6])[- ]players?\b", re.IGNORECASE)
"""A player count a wording names: ``two players``, ``2-player``, ``five-player`` (``three or four players``
names four only; a wording for both names both)."""
ONLY_IN_A_VARIANT = "only in a variant"
"""What a placement says of a wording meant for a variant of the game, not the published one (RA-015's): its
claims may need their variant."""


def mentioned_players(text: str) -> tuple[int, ...]:
    """The player counts ``text`` names, sorted (``With two players, ...`` -> ``(2,)``)."""
    return tuple(sorted({COUNTS.get(m.lower(), 0) or int(m) for m in PLAYER_COUNT.findall(text)}))


def _played_at(claim: Claim, finding: Finding | None) -> tuple[int, tuple[str, ...]]:
    """The player count and modules a claim is played with (0 and none for a witness claim without a witness)."""
    if claim.at != "witness":
        return claim.players, tuple(claim.modules)
    if finding is not None and finding.witness_log is not None:
        return finding.witness_log.config.players, tuple(finding.witness_log.config.modules)
    if finding is not None and isinstance(finding.witness.get("players"), int):
        return int(finding.witness["players"]), tuple(finding.witness.get("modules") or ())
    return 0, ()


def _mentions(text: str, module: str) -> bool:
    return re.search(rf"\b{re.escape(module)}\b", text, re.IGNORECASE) is not None


def assumed_data_problems(game: Game[Any, Any], amb: Ambiguity, finding: Finding | None = None) -> list[str]:
    """Where a wording is not checked under the spec's own (assumed) values (issue 32, item 5): a player count or a
    module the wording names with no claim played there without a variant, and a claim that holds only with its
    variant, so that the wording states a rule the model does not play (unless its placement says the wording goes
    ``only in a variant``). Empty: every claim holds under the spec's values, at every count and module named.

    A claim about the witness is played at the witness's player count and modules: those of its log, or of its
    written position; without ``finding`` (no report at hand) it is taken to cover what the wording names, and the
    bundled report's test checks it with the finding."""
    text = amb.wording
    plain = [c for c in amb.claims if not c.variant]
    if finding is None and any(c.at == "witness" for c in plain):
        named: list[tuple[int, tuple[str, ...]]] = [(n, tuple(game.info.modules)) for n in mentioned_players(text)]
    else:
        named = []
    where = named + [_played_at(c, finding) for c in plain]
    problems = [
        f"{amb.code}: the wording names {n} players, and no claim is played with {n} players under the spec's values"
        for n in mentioned_players(text) if all(players != n for players, _ in where)
    ]
    problems += [
        f"{amb.code}: the wording names module {m!r}, and no claim is played with it under the spec's values"
        for m in game.info.modules if _mentions(text, m) and all(m not in modules for _, modules in where)
    ]
    if ONLY_IN_A_VARIANT in amb.placement:
        return problems
    for claim in amb.claims:
        if claim.variant:
            plain_claim = dataclasses.replace(claim, variant={})
            for problem in claim_problems(game, amb, plain_claim, finding):
                problems.append(f"{problem} (under the spec's values; the claim's variant "
                                f"{dumps(dict(claim.variant))} is not the rules the model plays)")
    return problems

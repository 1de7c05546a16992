"""Seeded play for checks, and the two searches every game's checks use: play until the readings part.

- :func:`find_divergence` plays in **lockstep** under each open reading (the same moves, the same chance outcomes)
  and stops at the first step where the readings part by themselves: the legal moves differ, or the same move gives
  different positions.
- :func:`find_scripted` plays seeded games and, at each position, asks a ``tail`` for the scripted legal actions that
  lead from there to the situation in question; the first whose outcome differs between readings is the witness.

Both return a :class:`Divergence`: the actions from setup (a witness log replays them under every reading), where
the readings part, and each reading's outcome there in words. Generic over the Game protocol: no game names here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from nilerules.checks.kit.readings import Outcomes, all_readings, open_readings, under
from nilerules.core.codec import dumps
from nilerules.core.game import Game
from nilerules.core.log import GameLog
from nilerules.core.playout import POLICIES, playout
from nilerules.core.seeded import (
    Policy,
    PolicyName,
    Prefer,
    Step,
    first_decision,
    log_of,
    play_until,
    policy_name,
    replay_actions,
    seeded_steps,
)
from nilerules.core.types import CHANCE, Config
from nilerules.errors import IllegalAction

__all__ = [
    "Divergence",
    "Policy",
    "PolicyName",
    "Prefer",
    "Step",
    "default_projection",
    "find_divergence",
    "find_scripted",
    "first_decision",
    "log_of",
    "play_until",
    "policy_name",
    "replay_actions",
    "seeded_steps",
]
"""Seeded play itself lives in ``nilerules.core.seeded`` (rules tests use it without the checks); re-exported here."""

Among = Literal["open", "all"]


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where seeded play met a situation whose readings part."""

    config: Config
    """The config played (its readings are the ones the moves were chosen under)."""
    actions: tuple[Any, ...]
    """The witness log's actions, from setup: up to the diverging step (``kind="moves"``: the legal moves part, so the
    log ends before it), through it (``kind="position"``: the same move gives different positions), or through the
    scripted tail (``kind="scripted"``)."""
    state: Any
    """The position where the readings part, under ``config``'s readings (before the diverging step)."""
    outcomes: Outcomes
    """Each reading's outcome there, for every reading of the ambiguity (ruled-out ones too), in spec order."""
    kind: Literal["moves", "position", "scripted"]
    seed: int
    policy: str
    step: int
    """How many actions of the seeded game were played before the divergence (the tail not counted)."""
    ambiguity: str = ""
    step_action: Any = None
    """The diverging step's action (``kind="moves"``: it is not in the log, which ends before it)."""
    describe: Callable[..., str] | None = field(default=None, compare=False, repr=False)
    """How each reading's outcome was worded (``describe(before, after)`` for lockstep play, ``describe(final,
    reading)`` for a script)."""

    def log(self, game: Game[Any, Any]) -> GameLog:
        return log_of(game, self.config, self.actions)

    def figures(self, game: Game[Any, Any]) -> Callable[[str], str]:
        """Each reading's outcome recomputed from the log replayed from setup under that reading (what
        ``CheckResult.figures`` holds for a witness met in play)."""
        describe = self.describe
        assert describe is not None, "a divergence found by the kit carries its describe"

        def recompute(reading: str) -> str:
            config = under(game, self.config, self.ambiguity, reading)
            if self.kind == "scripted":
                return _scripted_outcome(game, self.config, self.ambiguity, reading, self.actions, describe)
            if self.kind == "moves":
                before = replay_actions(game, config, self.actions)
                action = self.step_action
            else:
                before = replay_actions(game, config, self.actions[:-1])
                action = self.actions[-1]
            legal = tuple(game.legal_actions(before))
            return _outcome(describe, before, _after(game, before, action, legal))

        return recompute


def default_projection(game: Game[Any, Any]) -> Callable[[Any], str]:
    """What a reading can change in a position, as canonical JSON: the state's JSON without its config and rule
    parameters (generic and slow; a game may pass a cheaper projection)."""

    def project(state: Any) -> str:
        data = game.state_to_data(state)
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in ("config", "params")}
        return dumps(data)

    return project


def _after(game: Game[Any, Any], state: Any, action: Any, legal: tuple[Any, ...]) -> Any | None:
    """The position after ``action`` (a chance outcome, or a legal move), or None when it is not allowed there."""
    if game.current_player(state) is CHANCE:
        try:
            return game.apply(state, action)
        except IllegalAction:
            return None
    return game.apply(state, action) if action in legal else None


def find_divergence(
    game: Game[Any, Any],
    ambiguity: str,
    configs: Iterable[Config],
    seeds: Iterable[int],
    describe: Callable[[Any, Any | None], str],
    *,
    policies: Sequence[Policy] = ("random",),
    prefer: Prefer | None = None,
    project: Callable[[Any], Any] | None = None,
    among: Among = "open",
    compare_chance: bool = True,
) -> Divergence | None:
    """The first step of seeded play (each config, each policy, each seed, in that order) where the readings of
    ``ambiguity`` part by themselves, played in lockstep under each reading; None when no game within the seeds met
    one.

    The moves are chosen on the config's own position; every reading's position receives the same moves and chance
    outcomes. The readings part at a step when the legal moves differ between the readings ``among`` considers
    ("open": those the text does not rule out; "all"), or the chance outcomes do (``compare_chance``), or the same
    move leads to different positions (compared by ``project``, default :func:`default_projection`). ``describe(before,
    after)`` words each reading's outcome there (``after`` is None when the move is not allowed under that reading;
    the outcome then says so)."""
    names = all_readings(game, ambiguity)
    considered = open_readings(game, ambiguity) if among == "open" else names
    picked = [names.index(r) for r in considered]
    seen = project or default_projection(game)
    seeds = tuple(seeds)
    for config in configs:
        variants_config = [under(game, config, ambiguity, r) for r in names]
        own = names.index(config.reading(ambiguity))
        for policy in policies:
            for seed in seeds:
                found = _lockstep(
                    game, config, variants_config, picked, own, seed, policy, prefer, seen, compare_chance
                )
                if found is None:
                    continue
                states, afters, actions, step, moves_part = found
                outcomes = tuple(
                    (r, _outcome(describe, s, a)) for r, s, a in zip(names, states, afters, strict=True)
                )
                logged = tuple(actions) if moves_part else (*actions, step.action)
                kind: Literal["moves", "position"] = "moves" if moves_part else "position"
                return Divergence(config, logged, states[own], outcomes, kind, seed, policy_name(policy), step.index,
                                  ambiguity, step.action, describe)
    return None


_Parted = tuple[list[Any], list[Any], list[Any], Step, bool]


def _lockstep(
    game: Game[Any, Any],
    config: Config,
    configs: Sequence[Config],
    picked: Sequence[int],
    own: int,
    seed: int,
    policy: Policy,
    prefer: Prefer | None,
    seen: Callable[[Any], Any],
    compare_chance: bool,
) -> _Parted | None:
    """One seeded game played under every reading's config at once, until the readings ``picked`` part: each
    reading's position before the step (None for a reading the moves left earlier: only readings not picked can),
    its position after it, the actions before it, the step, and whether the legal moves parted (else the
    positions did)."""
    states: list[Any] = [game.setup(c) for c in configs]
    actions: list[Any] = []
    for step in seeded_steps(game, config, seed, policy, prefer):
        states[own] = step.state
        moves = [() if s is None else tuple(game.legal_actions(s)) for s in states]
        if compare_chance:
            chances = [() if s is None else tuple(game.chance_outcomes(s)) for s in states]
            moves_part = len({(moves[i], chances[i]) for i in picked}) > 1
        else:
            moves_part = len({moves[i] for i in picked}) > 1
        afters = [None if s is None else _after(game, s, step.action, moves[i]) for i, s in enumerate(states)]
        if moves_part or len({None if afters[i] is None else seen(afters[i]) for i in picked}) > 1:
            return states, afters, actions, step, moves_part
        states = afters
        actions.append(step.action)
    return None


def _outcome(describe: Callable[[Any, Any | None], str], before: Any, after: Any) -> str:
    if before is None:
        return "(the moves played left this reading's game earlier)"
    if after is None:
        return describe(before, before) + " (the move played is not legal)"
    return describe(before, after)


def find_scripted(
    game: Game[Any, Any],
    ambiguity: str,
    configs: Iterable[Config],
    seeds: Iterable[int],
    tail: Callable[[Any], Sequence[Any] | None],
    describe: Callable[[Any, str], str],
    *,
    policies: Sequence[Policy] = ("random", "greedy"),
    among: Among = "open",
) -> Divergence | None:
    """The first position of seeded play (each config, each policy, each seed, in that order; every position before
    an action of the game) where ``tail(state)`` gives scripted actions and the actions so far plus the tail, replayed
    from setup under each reading, end where ``describe(final_state, reading)`` differs between the readings
    ``among`` considers (the script must be legal under each of them); None when none did."""
    names = all_readings(game, ambiguity)
    considered = open_readings(game, ambiguity) if among == "open" else names
    seeds = tuple(seeds)
    for config in configs:
        for policy in policies:
            for seed in seeds:
                played = _played(game, config, seed, policy)
                state = game.setup(config)
                for index, action in enumerate(played):
                    extra = tail(state)
                    if extra is not None:
                        script = (*played[:index], *extra)
                        outcomes = _scripted_outcomes(game, config, ambiguity, considered, script, describe)
                        if outcomes is not None and len(set(outcomes.values())) > 1:
                            for reading in names:  # the ruled-out readings' outcomes too, for the report
                                if reading not in outcomes:
                                    outcomes[reading] = _scripted_outcome(game, config, ambiguity, reading, script,
                                                                          describe)
                            return Divergence(
                                config, script, state, tuple((r, outcomes[r]) for r in names), "scripted", seed,
                                policy_name(policy), index, ambiguity, None, describe,
                            )
                    state = game.apply(state, action)
    return None


def _played(game: Game[Any, Any], config: Config, seed: int, policy: Policy) -> tuple[Any, ...]:
    """A whole seeded game's actions (a named policy through ``core.playout.playout``, the playout of record)."""
    if isinstance(policy, str) and policy in POLICIES:
        return playout(game, config, seed, policy).actions
    return tuple(step.action for step in seeded_steps(game, config, seed, policy))


def _scripted_outcomes(
    game: Game[Any, Any],
    config: Config,
    ambiguity: str,
    readings: Sequence[str],
    script: Sequence[Any],
    describe: Callable[[Any, str], str],
) -> dict[str, str] | None:
    """Each reading's outcome at the end of the script; None when the script is not legal under one of them."""
    found = {}
    for reading in readings:
        try:
            found[reading] = describe(replay_actions(game, under(game, config, ambiguity, reading), script), reading)
        except IllegalAction:
            return None
    return found


def _scripted_outcome(
    game: Game[Any, Any], config: Config, ambiguity: str, reading: str, script: Sequence[Any],
    describe: Callable[[Any, str], str],
) -> str:
    try:
        return describe(replay_actions(game, under(game, config, ambiguity, reading), script), reading)
    except IllegalAction as exc:
        return f"the scripted moves are not legal under this reading ({exc.recorded})"

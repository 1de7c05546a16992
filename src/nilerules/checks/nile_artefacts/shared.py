"""What the checks of Nile Artefacts share: the player counts they play at, a verdict from outcomes, and seeded play.

Seeded play is the kit's (``nilerules.checks.kit``): ``kit.seeded_steps`` plays, ``kit.find_divergence`` finds where the
readings part in lockstep, and a witness met in play is a ``kit.Divergence`` handed to ``kit.play_witness``. The
game's own helpers:

- ``random_games``: seeded random playouts that show every position to an observer (the ``random-games`` query and the
  figures of NA-001, NA-006 and NA-007). It plays the same games as ``kit.seeded_steps`` with the random policy; it is
  kept because it is about a fifth faster (a plain loop over the rules: no generator, no ``Step`` record per action),
  and the query watches every position of up to 10,000 games.
- ``find_in_play``: the first step of seeded play where a condition of the step holds (``stop(before, action,
  after)``), on ``kit.seeded_steps``. It serves NA-009 and NA-010 (``final_tie``, ``tie_count``), whose readings
  change only the ranking of a finished game, which lockstep play compares only through a projection and at several
  times the cost.
- ``offering_in_play``: the first position of seeded play where a seat is to begin its offering and the positions
  reached under each reading differ in what the seat can achieve there (NA-001, NA-002, NA-003, NA-013: their
  readings change which offers exist and how they are written, not the positions before them), searched before the
  first card offered in a game so that the log replays under every reading.
- ``log_witness``: a witness met in play whose every stated outcome is the words for the position its log reaches,
  replayed from setup under that reading (``CheckResult.figures`` recomputes exactly those words).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, NamedTuple

from nilerules.checks.kit import (
    Divergence,
    all_readings,
    depends,
    differ,
    find_divergence,
    log_of,
    open_readings,
    per_reading,
    play_witness,
    replay_actions,
    seeded_steps,
    under,
)
from nilerules.checks.model import CheckResult
from nilerules.core import CHANCE, Config, Unknown, Witness
from nilerules.games.nile_artefacts.actions import Action, Offer
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.rules import apply, legal_actions
from nilerules.games.nile_artefacts.state import PH_OFFER, PH_OVER, NAState

Readings = Mapping[str, str]
Describe = Callable[[NAState, NAState], str]
"""Words for one reading's outcome of a step: from the position before it and after it (the one before when the
step is not allowed under that reading: the kit then marks the words as not legal)."""
Stop = Callable[[NAState, Action, NAState], bool]
Words = Callable[[NAState], str]
"""Words for one reading's outcome at the position a witness log reaches (replayed under that reading)."""
Policy = Callable[[NileArtefactsGame, NAState, random.Random], Action]


def fewest_players(game: NileArtefactsGame, seats: int = 1) -> int:
    """The fewest players of params.player_counts with at least ``seats`` seats (a tie needs two), else the most."""
    return min((n for n in game.info.player_counts if n >= seats), default=most_players(game))


def most_players(game: NileArtefactsGame) -> int:
    return max(game.info.player_counts)


def verdict_of(differs: bool, summary: str, data: Mapping[str, Any], searched: str) -> Witness | Unknown:
    if differs:
        return Witness(summary, dict(data))
    return Unknown(f"no difference found: {summary}", searched)


def random_games(
    game: NileArtefactsGame,
    players: int,
    readings: Readings,
    games: int,
    seed: int,
    observe: Callable[[NAState], None] | None = None,
) -> list[NAState]:
    """The game's own seeded random playouts (the module docstring says why not ``kit.seeded_steps``): game ``i`` is
    played with ``random.Random(seed + i)``; ``observe`` sees every position before an action; the final states."""
    finals = []
    for i in range(games):
        rng = random.Random(seed + i)
        state = game.setup(game.config(players, readings=readings))
        while state.phase != PH_OVER:
            if observe is not None:
                observe(state)
            if game.current_player(state) is CHANCE:
                action = game.sample_chance(state, rng)
            else:
                action = rng.choice(legal_actions(state))
            state = apply(state, action)
        finals.append(state)
    return finals


class Met(NamedTuple):
    """A step of seeded play where a condition held: the config, the actions before the step, the position there,
    the step's action and the seed of the game."""

    config: Config
    actions: tuple[Action, ...]
    before: NAState
    action: Action
    seed: int


def find_in_play(
    game: NileArtefactsGame, config: Config, seeds: Iterable[int], stop: Stop, policy: str | Policy = "random"
) -> Met | None:
    """The game's own search (the module docstring says for which checks, and why): the first step of seeded play
    (``kit.seeded_steps``, each seed in turn) where ``stop(before, action, after)`` holds; None when none did."""
    for seed in seeds:
        actions: list[Action] = []
        last = None
        for step in seeded_steps(game, config, seed, policy):
            if last is not None:  # the step before this one led to this position
                if stop(last.state, last.action, step.state):
                    return Met(config, tuple(actions), last.state, last.action, seed)
                actions.append(last.action)
            last = step
        if last is not None and stop(last.state, last.action, apply(last.state, last.action)):
            return Met(config, tuple(actions), last.state, last.action, seed)
    return None


def diverging(game: NileArtefactsGame, ambiguity: str, met: Met, describe: Describe) -> Divergence:
    """What ``find_in_play`` met, as the kit's record: the log ends after the step when every reading allows it (the
    positions then differ), before it otherwise (the legal moves then differ). Each reading's outcome is what the
    kit's ``Divergence.figures`` recomputes from the log replayed under that reading: ``describe(before, after)``,
    and for a reading that does not allow the step, ``describe(before, before)`` marked as not legal."""
    everywhere = True
    for reading in all_readings(game, ambiguity):
        before = replay_actions(game, under(game, met.config, ambiguity, reading), met.actions)
        everywhere = everywhere and met.action in game.legal_actions(before)
    actions = (*met.actions, met.action) if everywhere else met.actions
    kind: Literal["moves", "position"] = "position" if everywhere else "moves"
    draft = Divergence(
        met.config, actions, met.before, (), kind, met.seed, "random", len(met.actions), ambiguity, met.action, describe
    )
    return dataclasses.replace(draft, outcomes=per_reading(game, ambiguity, draft.figures(game)))


def play_result(
    game: NileArtefactsGame,
    ambiguity: str,
    found: Divergence,
    action: Action,
    first_seed: int,
    lead: str,
    searched: str,
    extra: Mapping[str, Any] | None = None,
) -> CheckResult:
    """A witness met in seeded play (``kit.play_witness``: the log from setup to where the readings part) when the
    readings' outcomes differ there, else unknown. The summary is ``lead`` followed by each reading's outcome; the
    data name the game (its seed less ``first_seed``), the step and its position."""
    texts = dict(found.outcomes)
    data = {
        "game": found.seed - first_seed,
        "steps": found.step,
        "diverging_step": game.action_to_data(action),
        "position": game.position_data(found.state),
        "outcomes": texts,
        **(extra or {}),
    }
    summary = lead + "; ".join(f"{k}: {v}" for k, v in texts.items())
    if len(set(texts.values())) > 1:
        return play_witness(game, ambiguity, found, summary, searched, data)
    return CheckResult(
        verdict_of(False, summary, data, searched),
        "playout",
        found.outcomes,
        searched,
        data,
        depends_on=depends(game, ambiguity, found.config.readings_dict()),
    )


def first_parting(
    game: NileArtefactsGame,
    ambiguity: str,
    config: Config,
    seeds: Iterable[int],
    describe: Callable[[NAState, NAState], str],
    policy: str | Policy = "random",
) -> Divergence | None:
    """``kit.find_divergence`` for a check whose readings part only in the position a move leads to (never in the
    legal moves or the chance outcomes, so these are not compared: positions are, by ``position_key``, after every
    step). The move played there is legal under every reading, so ``describe(before, after)`` always has a position
    after it (the kit passes the one before, were it not)."""
    return find_divergence(
        game,
        ambiguity,
        [config],
        seeds,
        lambda before, after: describe(before, before if after is None else after),
        policies=(policy,),
        project=position_key,
        compare_chance=False,
    )


def offering_in_play(
    game: NileArtefactsGame,
    ambiguity: str,
    config: Config,
    seeds: Iterable[int],
    parts: Callable[[Mapping[str, NAState]], bool],
) -> Met | None:
    """The first position of seeded random play (each seed in turn) where a seat holding cards is to begin its
    offering and ``parts`` holds of the positions reached there under each reading of ``ambiguity`` (the same moves
    played under each); None when none did. A game is searched up to its first card offered: the offering readings
    change which offers exist and how they are written, so a log through an offer would not replay under all of
    them."""
    readings = all_readings(game, ambiguity)
    for seed in seeds:
        states = {r: game.setup(under(game, config, ambiguity, r)) for r in readings}
        actions: list[Action] = []
        for step in seeded_steps(game, config, seed):
            s = step.state
            if s.phase == PH_OFFER and not s.offering and s.hands[s.to_move] and parts(states):
                return Met(config, tuple(actions), s, step.action, seed)
            if isinstance(step.action, Offer):
                break
            states = {r: game.apply(state, step.action) for r, state in states.items()}
            actions.append(step.action)
    return None


def log_witness(
    game: NileArtefactsGame,
    ambiguity: str,
    met: Met,
    first_seed: int,
    words: Words,
    lead: str,
    searched: str,
    extra: Mapping[str, Any] | None = None,
) -> CheckResult:
    """A witness met in play, the log from setup to the position ``met`` stopped at (before its step): each reading's
    outcome is ``words`` of the position the log reaches when replayed from setup under that reading, and
    ``CheckResult.figures`` recomputes it so. A witness when the open readings' outcomes differ, else unknown. The
    summary is ``lead`` followed by each reading's outcome; the data name the game (its seed less ``first_seed``),
    the moves from setup and the position."""

    def figures(reading: str) -> str:
        return words(replay_actions(game, under(game, met.config, ambiguity, reading), met.actions))

    outcomes = per_reading(game, ambiguity, figures)
    data = {
        "game": met.seed - first_seed,
        "steps": len(met.actions),
        "position": game.position_data(met.before),
        "outcomes": dict(outcomes),
        **(extra or {}),
    }
    summary = lead + "; ".join(f"{k}: {v}" for k, v in outcomes)
    if not differ(outcomes, open_readings(game, ambiguity)):
        return CheckResult(verdict_of(False, summary, data, searched), "playout", outcomes, searched, data)
    return CheckResult(
        Witness(summary, dict(data)),
        "playout",
        outcomes,
        searched,
        data,
        witness_log=log_of(game, met.config, met.actions),
        depends_on=depends(game, ambiguity, met.config.readings_dict()),
        figures=figures,
    )


def words(game: NileArtefactsGame, action: Action) -> str:
    """An action in a few words, from its named JSON form."""
    data = game.action_to_data(action)
    return ", ".join(f"{k} {v}" if v is not True else k for k, v in data.items()).replace("_", " ")


def with_data(result: CheckResult, figures: Mapping[str, Any]) -> CheckResult:
    """``result`` with more figures in its data (for the finding's sentences), its witness unchanged."""
    return dataclasses.replace(result, data={**result.data, **figures})


def nothing_found(searched: str) -> CheckResult:
    return CheckResult(Unknown("not met in seeded play", searched), "playout", (), searched)


def position_key(state: NAState) -> tuple[Any, ...]:
    """What a reading can change in a position, for ``kit.find_divergence``: every field but the config and the
    params (what ``kit.default_projection`` compares, without writing JSON at every step)."""
    return state.fields()[2:]

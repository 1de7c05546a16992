"""Whole Nefertiti games: every player count and module set, every reading, replay, chance, illegal actions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from nilerules.core import CHANCE, log_from_json, log_to_json, playout, playout_log, replay
from nilerules.errors import IllegalAction
from nilerules.games import load_game
from nilerules.games.nefertiti.actions import DrawCard, Place
from nilerules.games.nefertiti.names import AKH, LOUQSOR
from nilerules.games.nefertiti.state import P_OVER

GAME = load_game("nefertiti")


SETUPS = [
    (2, ()),
    (2, ("harbor", "characters")),
    (3, ()),
    (3, ("harbor", "scenario")),
    (4, ()),
    (4, ("characters",)),
    (4, ("harbor", "scenario")),
    (5, ("harbor",)),
    (5, ("harbor", "characters", "scenario")),
]


def play_checked(players: int, modules: tuple[str, ...], readings: dict[str, str], seed: int) -> object:
    """A random game with the invariants checked after every action."""
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players, modules, readings))
    for _ in range(GAME.info.max_game_length):
        if GAME.is_terminal(state):
            return state
        if GAME.current_player(state) is CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)
        assert GAME.invariants(state) == (), (seed, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "modules"), SETUPS)
def test_random_games_end_with_invariants_holding(players: int, modules: tuple[str, ...]) -> None:
    """Every player count and module set plays to the end with every conservation law holding at every step."""
    for seed in range(2):
        final = play_checked(players, modules, {}, seed)
        assert len(GAME.scores(final)) == players
        assert sorted(p for group in GAME.ranking(final).places for p in group) == list(range(players))


def test_every_reading_plays_whole_games() -> None:
    """Each reading of each ambiguity (others at their default) plays whole 2- and 4-player games."""
    for amb_id, amb in sorted(GAME.spec.ambiguities.items()):
        for reading in amb.reading_names():
            for players, modules in ((2, ("harbor", "characters")), (4, ("harbor", "characters"))):
                result = playout(GAME, GAME.config(players, modules, {amb_id: reading}), seed=len(reading))
                assert not result.truncated, (amb_id, reading)
                assert GAME.invariants(result.final) == ()


def test_random_reading_combinations_play_whole_games() -> None:
    """A few random combinations of all readings at once also end properly."""
    rng = random.Random(7)
    for k in range(6):
        readings = {a: rng.choice(amb.reading_names()) for a, amb in GAME.spec.ambiguities.items()}
        players, modules = SETUPS[k % len(SETUPS)]
        final = play_checked(players, modules, readings, seed=k)
        assert final.phase == P_OVER  # type: ignore[attr-defined]


def test_logs_replay_to_the_same_final_state() -> None:
    """A game log round-trips through JSON and replays to the same state."""
    for players, modules in ((2, ("harbor",)), (5, ("harbor", "characters"))):
        result = playout(GAME, GAME.config(players, modules), seed=3, policy="greedy")
        log = log_from_json(log_to_json(playout_log(GAME, result)))
        assert replay(GAME, log) == result.final


def test_sample_chance_agrees_with_chance_outcomes() -> None:
    """The fast sampler only returns listed outcomes, with frequencies near their probabilities."""
    rng = random.Random(1)
    state = GAME.setup(GAME.config(4, ("harbor",)))
    seen = 0
    while not GAME.is_terminal(state) and seen < 60:
        if GAME.current_player(state) is CHANCE:
            outcomes = dict(GAME.chance_outcomes(state))
            assert sum(outcomes.values()) == 1
            action = GAME.sample_chance(state, rng)
            assert action in outcomes
            seen += 1
        else:
            action = rng.choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)
    start = GAME.setup(GAME.config(4))
    counts = Counter(GAME.sample_chance(start, rng) for _ in range(4000))
    for action, p in GAME.chance_outcomes(start):
        assert abs(counts[action] / 4000 - float(p)) < 0.04


def test_illegal_actions_and_impossible_outcomes_are_rejected() -> None:
    """apply refuses an action that is not legal (naming a rule) and a chance outcome that cannot happen."""
    result = playout(GAME, GAME.config(4), seed=0, max_steps=40)
    state = result.final
    while GAME.current_player(state) is CHANCE:
        state = GAME.apply(state, GAME.sample_chance(state, random.Random(0)))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Place(LOUQSOR, 99))
    assert info.value.rule_id.startswith("nefertiti.")
    fresh = GAME.setup(GAME.config(4))
    with pytest.raises(IllegalAction):
        GAME.apply(fresh, DrawCard(AKH))


def test_apply_accepts_exactly_the_listed_chance_outcomes() -> None:
    """At chance nodes along a game, apply accepts a DrawCard/DrawCharacter/FirstPlayer iff chance_outcomes lists it."""
    from nilerules.games.nefertiti.actions import DrawCharacter, FirstPlayer

    rng = random.Random(5)
    state = GAME.setup(GAME.config(3, ("harbor", "characters")))
    checked = 0
    while not GAME.is_terminal(state) and checked < 40:
        if GAME.current_player(state) is CHANCE:
            listed = {a for a, _ in GAME.chance_outcomes(state)}
            candidates: list[object] = [DrawCard(c) for c in range(22)] + [DrawCharacter(c) for c in range(15)]
            candidates += [FirstPlayer(s) for s in range(-1, 4)]
            for action in candidates:
                if action in listed:
                    GAME.apply(state, action)
                else:
                    with pytest.raises(IllegalAction):
                        GAME.apply(state, action)
            checked += 1
            state = GAME.apply(state, GAME.sample_chance(state, rng))
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))

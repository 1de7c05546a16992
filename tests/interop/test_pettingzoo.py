"""The PettingZoo adapter under PettingZoo's own tests (``api_test``: the AEC contract, spaces, masks, rewards,
terminations, dead steps; ``seed_test``: two environments reset with one seed play alike; ``render_test``), and
what they cannot judge, by hand."""

from __future__ import annotations

import functools
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from nilerules.core import CHANCE
from nilerules.errors import IllegalAction, InvalidConfig, MalformedAction
from nilerules.interop.seats import observation_text, rank_returns
from tests.interop.cases import all_modules, smallest_and_largest


def make(game_id: str, players: int, seed: int = 0, **options: Any) -> Any:
    """The environment with every module, its action spaces seeded: PettingZoo's tests sample the actions they
    play from them, so the games they play are the same on every run."""
    from nilerules.interop.pettingzoo import env

    made = env(game_id, players, all_modules(game_id), **options)
    for index, agent in enumerate(made.possible_agents):
        made.action_space(agent).seed(seed + index)
    return made


KNOWN_WARNINGS = (
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)
"""What api_test says of every environment with a dict observation and an action mask (its own chess and Connect
Four are exempted by name): the convention of PettingZoo's documentation, not a fault (docs/interop.md)."""


@pytest.mark.filterwarnings(*KNOWN_WARNINGS)
@pytest.mark.parametrize(("game_id", "players"), smallest_and_largest())
def test_api_seed_and_render_tests(pettingzoo_test: ModuleType, game_id: str, players: int) -> None:
    """PettingZoo's api_test (a whole game: 1000 cycles of every agent is more than any game lasts), seed_test and
    render_test pass for every game at its smallest and largest count."""
    pettingzoo_test.api_test(make(game_id, players, render_mode="ansi"), num_cycles=1000)
    pettingzoo_test.seed_test(functools.partial(make, game_id, players), num_cycles=1000)
    pettingzoo_test.render_test(functools.partial(make, game_id, players))


def test_seed_test_sees_chance_that_ignores_the_seed(
    pettingzoo_test: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The harness itself: an environment drawing chance from an unseeded generator fails seed_test."""
    import random

    from nilerules.interop.pettingzoo import NileRulesEnv

    def unseeded(self: Any, state: Any) -> Any:
        rng = random.Random()
        while self.game.current_player(state) is CHANCE:
            state = self.game.apply(state, self.game.sample_chance(state, rng))
        return state

    monkeypatch.setattr(NileRulesEnv, "_resolve_chance", unseeded)
    with pytest.raises(AssertionError):
        pettingzoo_test.seed_test(functools.partial(make, "sobek", 2), num_cycles=1000)


@pytest.mark.filterwarnings(*KNOWN_WARNINGS)
def test_api_test_sees_rewards_that_are_not_accumulated(
    pettingzoo_test: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The harness itself: an environment that never adds the final rewards to the cumulative ones fails api_test
    (in a game that does not end in an open tie, where every reward is 0: action seed 0)."""
    from nilerules.interop.pettingzoo import NileRulesEnv

    monkeypatch.setattr(NileRulesEnv, "_accumulate_rewards", lambda self: None)
    with pytest.raises(AssertionError, match="accumulated rewards"):
        pettingzoo_test.api_test(make("sobek", 2, seed=0), num_cycles=1000)


def test_the_brief_s_environment(pettingzoo_test: ModuleType) -> None:
    """``env("sobek", players=3, readings={...})``: a seeded reset gives the same game, chance never waits for an
    agent, the mask marks the rules' legal actions, and the final rewards are the rank-based returns."""
    from nilerules.interop.pettingzoo import env

    first, second = (env("sobek", players=3, readings={"event_choice": "blind"}) for _ in range(2))
    first.reset(seed=5)
    second.reset(seed=5)
    assert np.array_equal(first.observe("player_0")["observation"], second.observe("player_0")["observation"])
    game, space = first.game, first.space
    rng = np.random.default_rng(0)
    while not first.terminations[first.agent_selection]:
        assert game.current_player(first.game_state) is not CHANCE
        mask = first.observe(first.agent_selection)["action_mask"]
        assert {space.actions[i] for i in np.flatnonzero(mask)} == set(game.legal_actions(first.game_state))
        first.step(int(rng.choice(np.flatnonzero(mask))))
    final = rank_returns(game, first.game_state)
    assert [first._cumulative_rewards[f"player_{seat}"] for seat in range(3)] == list(final)


def test_bad_actions_and_options_are_refused() -> None:
    """A non-integer action or an id outside the space is malformed; a masked-out id is the rules' IllegalAction;
    an unknown render mode or player count is an InvalidConfig."""
    e = make("ra", 2)
    e.reset(seed=0)
    with pytest.raises(MalformedAction, match="an integer id"):
        e.step("draw")
    with pytest.raises(MalformedAction, match="is not an action id"):
        e.step(len(e.space.actions))
    with pytest.raises(IllegalAction):  # seat 0 holds no God tile at the start
        e.step(e.space.action_names.index('{"god":"gold"}'))
    with pytest.raises(InvalidConfig, match="render_mode 'rgb_array'"):
        make("ra", 2, render_mode="rgb_array")
    with pytest.raises(InvalidConfig, match="9 players"):
        make("ra", 9)


def test_render_without_a_mode_warns_and_returns_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """render() needs a render_mode; "human" prints the text that "ansi" returns."""
    quiet = make("sobek", 2)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None
    shown = make("sobek", 2, render_mode="human")
    shown.reset(seed=1)
    assert shown.render() is None
    text = make("sobek", 2, render_mode="ansi")
    text.reset(seed=1)
    assert capsys.readouterr().out == text.render() + "\n"


def test_the_observation_is_the_layout_of_the_seat_s_view() -> None:
    """Every agent's observation is the layout's encoding of its view (float32, within the Box), and
    ``observation_text`` is the OpenSpiel adapter's observation string."""
    from nilerules.interop.tensors import observation_view

    e = make("sobek", 3)
    e.reset(seed=4)
    for _ in range(20):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    for seat, agent in enumerate(e.possible_agents):
        vector = e.observe(agent)["observation"]
        assert vector.dtype == np.float32 and e.observation_space(agent)["observation"].contains(vector)
        assert np.array_equal(vector, e.layout.encode(observation_view(e.game, e.game_state, seat), seat))
        assert e.observation_text(agent) == observation_text(e.game, e.game_state, seat)

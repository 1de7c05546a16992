"""The four games as PettingZoo AEC environments (``pip install 'nilerules[pettingzoo]'``).

::

    from nilerules.interop.pettingzoo import env

    e = env("sobek", players=3, readings={"event_choice": "blind"})
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

- Agents are ``player_0`` .. ``player_<n-1>``, the seats in turn order.
- Actions are ids of the game's fixed action space (``nilerules.interop.spaces``, ``Discrete``); the observation's
  ``action_mask`` marks the legal ones (all zeros for an agent whose turn it is not). ``step`` with an id outside
  the space raises ``MalformedAction``; with an id the rules forbid, the rules' ``IllegalAction`` (naming the rule).
- Chance is resolved inside ``reset`` and ``step`` with the environment's generator (``random.Random``), seeded by
  ``reset(seed=...)``; ``reset()`` without a seed goes on with the same generator (a fresh one the first time).
  ``options`` is accepted and unused.
- Rewards: 0 until the end, then each seat's rank-based return (``nilerules.interop.seats.rank_returns``: +1 first
  to -1 last, ties sharing). The game always ends by its rules (``max_game_length``), so nothing is truncated.
- ``observation["observation"]`` is the seat's observation tensor (``float32``, the OpenSpiel adapter's
  ``observation_tensor``: the game's layout, ``nilerules.interop.layouts``, docs/interop.md), in a ``Box`` whose
  bounds are the layout's; it hides what the seat cannot see. ``env.layout`` names every number, and
  ``env.observation_text(agent)`` gives the same view as one line of JSON.
- ``render()`` returns the whole position as text (``render_mode="ansi"``) or prints it (``"human"``).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from nilerules.core import CHANCE, dumps
from nilerules.errors import InvalidConfig, MalformedAction
from nilerules.interop.layouts import layout
from nilerules.interop.seats import rank_returns, render_text
from nilerules.interop.spaces import action_space, shared_game
from nilerules.interop.tensors import observation_view

RENDER_MODES: Final = ("ansi", "human")

Observation = dict[str, np.ndarray[Any, np.dtype[Any]]]


class NileRulesEnv(AECEnv):  # type: ignore[misc]
    """One of the four games under one config, as a PettingZoo AEC environment."""

    def __init__(
        self,
        game_id: str,
        players: int,
        modules: Sequence[str] = (),
        readings: Mapping[str, str] | None = None,
        spec: str | Path | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidConfig(f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)} (or None)")
        self.game = shared_game(game_id, spec)
        self.config = self.game.config(players, modules, readings)
        self.space = action_space(self.game, self.config)
        self.layout = layout(self.game, self.config)
        low, high = self.layout.bounds()
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"nilerules_{game_id}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(self.space.actions)
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low, high, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for agent in self.possible_agents
        }
        self._rng: random.Random | None = None
        self.game_state: Any = None
        self._position: tuple[Any, dict[str, Any]] = (None, {})

    # -- the AEC API ----------------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new game: set up, its opening chance resolved with the generator (seeded when ``seed`` is given)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.game_state = self._resolve_chance(self.game.setup(self.config))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._mover_agent()

    def step(self, action: Any) -> None:
        """Apply the current agent's action (an id of the fixed space), then any chance that follows."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            action_id = operator.index(action)
        except TypeError:
            raise MalformedAction(f"{self.game.info.id}: an action is an integer id, got {action!r}") from None
        chosen = self.space.action(action_id)
        state = self.game.apply(self.game_state, chosen)  # IllegalAction (with the rule) for a masked-out id
        self.game_state = self._resolve_chance(state)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_terminal(self.game_state):
            for other, value in zip(self.possible_agents, rank_returns(self.game, self.game_state), strict=True):
                self.rewards[other] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._mover_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """The agent's observation tensor and, on its turn, the mask of its legal actions."""
        seat = self._seats[agent]
        view = self.layout.encode(self._view(seat), seat)
        mask = np.zeros(len(self.space.actions), np.int8)
        if agent == self.agent_selection and not self.game.is_terminal(self.game_state):
            mask[[self.space.action_id(a) for a in self.game.legal_actions(self.game_state)]] = 1
        return {"observation": view, "action_mask": mask}

    def render(self) -> str | None:
        """The whole position as text ("ansi": returned; "human": printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human' to env()")
            return None
        text = render_text(self.game, self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def observation_text(self, agent: str) -> str:
        """The agent's view as one line of JSON (the OpenSpiel adapter's ``observation_string``)."""
        seat = self._seats[agent]
        return dumps({"observer": seat, "position": self._view(seat)})

    # -- helpers -------------------------------------------------------------------------------------------------
    def _view(self, seat: int) -> Any:
        if self._position[0] is not self.game_state:  # every agent's view of a state starts from its position data
            self._position = (self.game_state, self.game.position_data(self.game_state))
        return observation_view(self.game, self.game_state, seat, self._position[1])

    def _resolve_chance(self, state: Any) -> Any:
        assert self._rng is not None, "reset() first"
        while self.game.current_player(state) is CHANCE:
            state = self.game.apply(state, self.game.sample_chance(state, self._rng))
        return state

    def _mover_agent(self) -> str:
        mover = self.game.current_player(self.game_state)
        return self.possible_agents[mover if isinstance(mover, int) else 0]


env = NileRulesEnv
"""``env(game_id, players, modules=(), readings=None, spec=None, render_mode=None)``: the AEC environment of
``game_id`` for ``players`` seats, with modules, readings and an edited spec as in ``game.config`` (bad values raise
``InvalidConfig``). It is the class itself: no wrapper changes what the rules do."""

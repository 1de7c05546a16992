"""The four games as OpenSpiel Python games (``pip install 'nilerules[openspiel]'``).

Importing this module registers ``nilerules_ra``, ``nilerules_nile_artefacts``, ``nilerules_sobek`` and
``nilerules_nefertiti``::

    import pyspiel
    import nilerules.interop.openspiel  # registers the games

    game = pyspiel.load_game("nilerules_ra", {"players": 4, "modules": "traders", "readings": "pharaoh_all_tie=nobody"})

Parameters: ``players`` (an int; default the smallest count), ``modules`` (names separated by ``,`` or ``;``),
``readings`` (``ambiguity=reading`` or ``ambiguity:reading`` pairs separated by ``,`` or ``;``; readings not given
take the spec's default) and ``spec`` (the path of an edited spec; default the bundled one). OpenSpiel's game strings
split on ``=`` and ``,``, so the game keeps modules and readings in the form ``a:x;b:y``, which its string
(``game.to_string()``, ``pyspiel.serialize_game_and_state``) carries intact.

- Chance nodes are explicit: ``chance_outcomes()`` lists the rules' outcomes with their exact ``Fraction``
  probabilities as floats. Action and outcome ids are those of the fixed space (``nilerules.interop.spaces``);
  action strings are the actions' names (``{"bid":5}``, ``draw``).
- Returns are rank-based (``nilerules.interop.seats.rank_returns``): +1 for first place to -1 for last, ties
  sharing, so the game is zero-sum with utilities in [-1, 1].
- ``state.serialize()`` pickles the Python state, and the state pickles as its JSON in our codec
  (``game.state_to_data``); deserializing checks that JSON against the spec before decoding it. As with any pickle,
  deserialize only what you serialized.
- ``observation_string(seat)`` is the seat's view (``nilerules.interop.tensors.observation_view``), one line of
  JSON; ``observation_tensor(seat)`` the same view as numbers (``nilerules.interop.layouts``, docs/interop.md gives
  the layout per game); Sobek and Nefertiti are declared ``IMPERFECT_INFORMATION`` and their views hide what the
  seat cannot see. ``information_state_string(seat)`` is the seat's record (perfect recall: its observations and
  its own actions, ``nilerules.interop.recall``), ``information_state_tensor(seat)`` a fixed-size summary of it;
  ``resample_from_infostate`` samples a state the seat cannot tell apart (for OpenSpiel's ISMCTS).
- ``str(state)`` is the position data (docs/positions.md) as canonical JSON.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Final

import numpy as np
import pyspiel

from nilerules.core import CHANCE, Config, dumps
from nilerules.core.game import check_state_data
from nilerules.core.jsonio import loads
from nilerules.errors import InvalidConfig, MalformedAction
from nilerules.games import GAME_IDS
from nilerules.interop.layouts import layout
from nilerules.interop.recall import Recall
from nilerules.interop.seats import IMPERFECT, rank_returns
from nilerules.interop.spaces import ActionSpace, action_space, shared_game
from nilerules.interop.tensors import Layout, Vector, determinization, observation_view

PREFIX: Final = "nilerules_"
GAME_NAMES: Final = tuple(PREFIX + game_id for game_id in GAME_IDS)
"""The OpenSpiel short names of the four games."""


# -- parameters and the shared, immutable context of one loaded game -----------------------------------------------
@dataclass(frozen=True, slots=True)
class Key:
    """A loaded game's parameters in canonical form: what its states pickle to find their game again."""

    game_id: str
    players: int
    modules: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    spec: str

    def parameters(self) -> dict[str, Any]:
        """The parameters as OpenSpiel keeps them (strings free of ``=`` and ``,``; empty ones left out)."""
        texts = {
            "modules": ";".join(self.modules),
            "readings": ";".join(f"{a}:{r}" for a, r in self.readings),
            "spec": self.spec,
        }
        return {"players": self.players, **{name: text for name, text in texts.items() if text}}


def parse_parameters(game_id: str, params: Mapping[str, Any]) -> Key:
    """Read OpenSpiel parameters; InvalidConfig names an unknown parameter or a malformed value."""
    unknown = sorted(set(params) - {"players", "modules", "readings", "spec"})
    if unknown:
        raise InvalidConfig(f"{PREFIX}{game_id}: unknown parameters {unknown!r} (players, modules, readings, spec)")
    players = params.get("players", min(_game(game_id, "").info.player_counts))
    modules, readings, spec = (params.get(name, "") for name in ("modules", "readings", "spec"))
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidConfig(f"{PREFIX}{game_id}: players must be an integer, got {players!r}")
    for name, value in (("modules", modules), ("readings", readings), ("spec", spec)):
        if not isinstance(value, str):
            raise InvalidConfig(f"{PREFIX}{game_id}: {name} must be a string, got {value!r}")
    pairs = []
    for item in _items(readings):
        ambiguity, sep, reading = item.replace(":", "=", 1).partition("=")
        if not sep or not ambiguity or not reading:
            raise InvalidConfig(f"{PREFIX}{game_id}: readings are ambiguity=reading pairs, got {item!r}")
        pairs.append((ambiguity.strip(), reading.strip()))
    if len(dict(pairs)) != len(pairs):
        raise InvalidConfig(f"{PREFIX}{game_id}: an ambiguity is given two readings in {readings!r}")
    return Key(game_id, players, tuple(sorted(set(_items(modules)))), tuple(sorted(pairs)), spec)


def _items(text: str) -> list[str]:
    return [item.strip() for item in text.replace(";", ",").split(",") if item.strip()]


def _game(game_id: str, spec: str) -> Any:
    return shared_game(game_id, spec or None)


@dataclass(frozen=True, slots=True)
class Context:
    """What every state of one loaded game shares: the rules, the config, the fixed space, the set-up state."""

    key: Key
    game: Any
    config: Config
    space: ActionSpace
    initial: Any
    layout: Layout


@lru_cache(maxsize=64)
def context(key: Key) -> Context:
    """The context of a game's parameters (validated by the game's ``config``; built once per key)."""
    game = _game(key.game_id, key.spec)
    config = game.config(key.players, key.modules, dict(key.readings))
    return Context(key, game, config, action_space(game, config), game.setup(config), layout(game, config))


Memory = tuple[Recall, Vector]
"""What a seat remembers at a node: its record (``recall.Recall``) and the peak of its observations."""


class Node:
    """A rules state with its context and the step that led to it (the node before it, the mover, the action id).
    Immutable, so OpenSpiel's ``clone()`` (a deep copy) shares it, and it pickles as its JSON in our codec
    (``serialize()``) with what every seat remembers. What a node works out (views, tensors, records) it keeps."""

    __slots__ = ("_base", "_data", "_legal", "_obs", "_peak", "_recall", "_text", "_views", "context", "parent",
                 "state", "step")

    def __init__(
        self,
        ctx: Context,
        state: Any,
        parent: Node | None = None,
        step: tuple[int | None, int] | None = None,
        base: Mapping[int, Memory] | None = None,
    ) -> None:
        self.context = ctx
        self.state = state
        self.parent = parent
        self.step = step
        """(the mover, None for chance; the action or outcome id)."""
        self._base = dict(base or {})
        self._data: dict[str, Any] | None = None
        self._text: str | None = None
        self._legal: list[int] | None = None
        players = ctx.config.players
        self._views: list[Any] = [None] * players
        self._obs: list[Vector | None] = [None] * players
        self._recall: list[Recall | None] = [None] * players
        self._peak: list[Vector | None] = [None] * players

    def position(self) -> dict[str, Any]:
        """The position data (docs/positions.md), written once and shared by ``str(state)`` and every seat's view."""
        if self._data is None:
            self._data = self.context.game.position_data(self.state)
        return self._data

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions, ascending (OpenSpiel asks several times a state: worked out once)."""
        if self._legal is None:
            ids = self.context.space.action_id
            self._legal = sorted(ids(a) for a in self.context.game.legal_actions(self.state))
        return list(self._legal)

    def text(self) -> str:
        """The position data as canonical JSON (``str(state)``), written once: a clone shares the node."""
        if self._text is None:
            self._text = dumps(self.position())
        return self._text

    def then(self, action_id: int) -> Node:
        """The node after the mover takes ``action_id`` (an outcome id at a chance node)."""
        ctx = self.context
        mover = ctx.game.current_player(self.state)
        if mover is CHANCE:
            chosen, who = ctx.space.outcome(action_id), None
        else:
            chosen, who = ctx.space.action(action_id), int(mover)
        return Node(ctx, ctx.game.apply(self.state, chosen), self, (who, action_id))

    # -- what a seat sees and remembers ---------------------------------------------------------------------------
    def view(self, seat: int) -> Any:
        """The seat's view (``tensors.observation_view``)."""
        found = self._views[seat]
        if found is None:
            found = self._views[seat] = observation_view(self.context.game, self.state, seat, self.position())
        return found

    def observation(self, seat: int) -> Vector:
        """The seat's observation tensor (do not write to it: the node keeps it)."""
        found = self._obs[seat]
        if found is None:
            found = self._obs[seat] = self.context.layout.encode(self.view(seat), seat)
        return found

    def recall(self, seat: int) -> Recall:
        """The seat's record up to this node (``recall.Recall``)."""
        path = self._unknown(seat, "_recall")
        for node in path:
            parent = node.parent
            if parent is None:
                base = node._base.get(seat)
                node._recall[seat] = base[0] if base else Recall.start(seat, node.view(seat))
                continue
            before = parent._recall[seat]
            assert before is not None and node.step is not None
            mover, action_id = node.step
            own = action_id if mover == seat else -1
            name = self.context.space.action_names[action_id] if own >= 0 else None
            node._recall[seat] = before.then(mover, name, own, parent.view(seat), node.view(seat))
        found = self._recall[seat]
        assert found is not None
        return found

    def peak(self, seat: int) -> Vector:
        """The largest value each number of the seat's observation tensor has had so far."""
        path = self._unknown(seat, "_peak")
        for node in path:
            parent = node.parent
            if parent is None:
                base = node._base.get(seat)
                node._peak[seat] = base[1] if base else node.observation(seat)
                continue
            before = parent._peak[seat]
            assert before is not None
            node._peak[seat] = np.maximum(before, node.observation(seat))
        found = self._peak[seat]
        assert found is not None
        return found

    def _unknown(self, seat: int, slot: str) -> list[Node]:
        """This node and the nodes before it whose cache ``slot`` lacks the seat, oldest first (a loop, not a
        recursion: a game runs to thousands of steps)."""
        path: list[Node] = []
        node: Node | None = self
        while node is not None and getattr(node, slot)[seat] is None:
            path.append(node)
            node = node.parent
        path.reverse()
        return path

    def information_tensor(self, seat: int, out: Vector) -> None:
        """The seat's information state tensor (``recall``'s module doc), written into ``out``."""
        size = self.context.layout.size
        out[:size] = self.observation(seat)
        out[size : 2 * size] = self.peak(seat)
        own = np.fromiter(self.recall(seat).own_actions(), np.int64)
        out[2 * size :] = np.bincount(own, minlength=len(self.context.space.actions))

    def memory(self, seat: int) -> Memory:
        """What the seat remembers here (its record and its peak), for a node that carries it on."""
        return self.recall(seat), self.peak(seat)

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Key, str, tuple[Any, ...]]]:
        seats = range(self.context.config.players)
        memories = tuple((self.recall(s).data(), self.peak(s).tolist()) for s in seats)
        return thaw, (self.context.key, dumps(self.context.game.state_to_data(self.state)), memories)


def thaw(key: Key, text: str, memories: tuple[Any, ...] = ()) -> Node:
    """A node from its pickled form: the state's JSON is checked against the spec, then decoded; what each seat
    remembered is carried on."""
    ctx = context(key)
    data = loads(text, "an OpenSpiel state of nilerules", MalformedAction)
    check_state_data(ctx.game, data)
    base = {
        seat: (Recall.from_data([(str(line), int(own)) for line, own in record]), np.asarray(peak, np.float32))
        for seat, (record, peak) in enumerate(memories)
    }
    return Node(ctx, ctx.game.state_from_data(data), base=base)


# -- the OpenSpiel classes -----------------------------------------------------------------------------------------
def game_type(game_id: str) -> Any:
    """The OpenSpiel game type of a game (from its bundled spec's properties)."""
    info = _game(game_id, "").info
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"nilerules: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information.IMPERFECT_INFORMATION if game_id in IMPERFECT else information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": min(info.player_counts), "modules": "", "readings": "", "spec": ""},
    )


class NileRulesGame(pyspiel.Game):  # type: ignore[misc]
    """One of the four games under one config; a subclass per game is registered (``game_id``)."""

    game_id: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        ctx = context(parse_parameters(self.game_id, params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(ctx.space.actions),
            max_chance_outcomes=len(ctx.space.outcomes),
            num_players=ctx.config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=ctx.game.info.max_game_length,
        )
        super().__init__(_TYPES[self.game_id], info, ctx.key.parameters())
        self.context = ctx

    def new_initial_state(self) -> NileRulesState:
        """The set-up state (before the first chance draw)."""
        return NileRulesState(self, Node(self.context, self.context.initial))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer of a seat: its current view (the default), or with ``perfect_recall`` its information state
        (its record, ``nilerules.interop.recall``). Both are public and private information of one seat."""
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes the params alone when no type is asked for
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"{self.game_id}: observer parameters are not supported, got {params!r}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"{self.game_id}: only a seat's own observation is provided (its view, or its information state "
                "with perfect recall; no public-only or all-seats view)"
            )
        return Observer(self.context, bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class NileRulesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a nilerules state (held in an immutable ``Node``)."""

    def __init__(self, game: NileRulesGame, node: Node) -> None:
        super().__init__(game)
        self.node = node

    def current_player(self) -> int:
        mover = self.node.context.game.current_player(self.node.state)
        if mover is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if mover is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(mover)

    def _legal_actions(self, player: int) -> list[int]:
        return self.node.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self.node
        ids = node.context.space.outcome_id
        return sorted((ids(a), float(p)) for a, p in node.context.game.chance_outcomes(node.state))

    def _apply_action(self, action: int) -> None:
        self.node = self.node.then(action)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NileRulesState:
        """A state the seat cannot tell from this one (``tensors.determinization``), carrying the seat's record on,
        so its information state is this one's (OpenSpiel's ISMCTS asks for it). The other seats start their
        records at the sampled state: what they saw in the sampled world is not known."""
        node = self.node
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = determinization(node.context.game, node.state, player_id, rng)
        return NileRulesState(self.get_game(), Node(node.context, sampled, base={player_id: node.memory(player_id)}))

    def _action_to_string(self, player: int, action: int) -> str:
        space = self.node.context.space
        if player == pyspiel.PlayerId.CHANCE:
            space.outcome(action)  # MalformedAction for an id outside the space
            return space.outcome_names[action]
        space.action(action)
        return space.action_names[action]

    def is_terminal(self) -> bool:
        return bool(self.node.context.game.is_terminal(self.node.state))

    def returns(self) -> list[float]:
        return list(rank_returns(self.node.context.game, self.node.state))

    def __str__(self) -> str:
        return self.node.text()


class Observer:
    """OpenSpiel's Python observer protocol: a seat's observation, or its information state (``perfect_recall``),
    as a string and as a tensor; ``dict`` names the tensor's parts (the layout's fields)."""

    def __init__(self, ctx: Context, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = ctx.layout.size
        actions = len(ctx.space.actions)
        self.tensor: Vector = np.zeros(2 * size + actions if perfect_recall else size, np.float32)
        self.dict: dict[str, Any] = {}
        parts = ("observation", "peak") if perfect_recall else ("",)
        for number, part in enumerate(parts):
            for offset, f in ctx.layout.offsets():
                start = number * size + offset
                self.dict[f"{part}.{f.name}" if part else f.name] = self.tensor[start : start + f.size]
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[2 * size :]

    def set_from(self, state: NileRulesState, player: int) -> None:
        """Write the seat's tensor (``tensors`` and ``recall`` say what each number is)."""
        if self.perfect_recall:
            state.node.information_tensor(player, self.tensor)
        else:
            self.tensor[:] = state.node.observation(player)

    def string_from(self, state: NileRulesState, player: int) -> str:
        """The seat's view as one line of JSON (``nilerules.interop.seats.observation_text``), or its record."""
        node = state.node
        if self.perfect_recall:
            return node.recall(player).text()
        return dumps({"observer": player, "position": node.view(player)})


_TYPES: Final = {game_id: game_type(game_id) for game_id in GAME_IDS}
GAME_CLASSES: Final[dict[str, type[NileRulesGame]]] = {
    game_id: type(f"{game_id.title().replace('_', '')}Game", (NileRulesGame,), {"game_id": game_id})
    for game_id in GAME_IDS
}


def register() -> None:
    """Register the four games with OpenSpiel (done on import; registering again does nothing)."""
    known = set(pyspiel.registered_names())
    for game_id, cls in GAME_CLASSES.items():
        if PREFIX + game_id not in known:
            pyspiel.register_game(_TYPES[game_id], cls)


register()

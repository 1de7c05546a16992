"""The Ra game object: binds the pure rules to a spec, with the parameters and readings resolved once per config."""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from nilerules.core.codec import from_data, to_data
from nilerules.core.game import Diagnostic, GameBase, position_config, refusal
from nilerules.core.types import Config, GameInfo, Mover, Ranking
from nilerules.errors import IllegalAction, MalformedAction
from nilerules.games.ra import names, rules, scoring
from nilerules.games.ra import position as position_module
from nilerules.games.ra import state as state_module
from nilerules.games.ra.actions import (
    ACTION_TYPES,
    DRAW_ACTION,
    END_ACTION,
    INVOKE_ACTION,
    PASS_ACTION,
    Bid,
    PlayGod,
    RaAction,
)
from nilerules.games.ra.invariants import invariants
from nilerules.games.ra.params import RaParams, check_spec, make_params, params_from_data, params_to_data
from nilerules.games.ra.seen import SEEN
from nilerules.games.ra.state import (
    BID,
    DISASTERS,
    GOD,
    GODS,
    GOLD,
    H_PHASE,
    OVER,
    TRADER,
    TURN,
    Disk,
    RaState,
    bag_ran_out,
    phase,
    supply_ran_out,
    track_length,
)
from nilerules.specs import Spec, bundled_spec_path, load_spec


class RaGame(GameBase[RaState, RaAction]):
    """Ra for 2-5 players, with the Traders module as an option."""

    info = GameInfo("ra", "Ra, with the Traders module", (2, 3, 4, 5), ("traders",), 1500, 4)
    """Max length, by hand: at most 200 draws (2 actions each); at most 100 auctions (45 won: 15 face-up disks
    per epoch at most; 30 drawn Ra tiles; 25 full tracks discarded), each an invocation and at most 5 bids;
    8 God tiles and their turn ends; 10 disasters of 2 discards; the deal: 400 + 600 + 16 + 20 + 1 < 1500."""
    state_type = RaState
    action_type = RaAction
    seen = SEEN
    """Nothing hidden (``seen.py``): ``GameBase``'s observation and determinization."""

    def __init__(self, spec: Spec) -> None:
        super().__init__(spec)
        check_spec(spec)
        self._params: dict[Config, RaParams] = {}
        self._legal_for: Any = None
        self._legal: tuple[RaAction, ...] = ()

    def params(self, config: Config) -> RaParams:
        """The parameters and readings of ``config`` (``params.make_params``, made once per config)."""
        found = self._params.get(config)
        if found is None:
            found = self._params[config] = make_params(self.spec, config)
        return found

    def setup(self, config: Config) -> RaState:
        return rules.setup(config, self.params(config))

    def current_player(self, state: RaState) -> Mover:
        return rules.current_player(state)

    def legal_actions(self, state: RaState) -> tuple[RaAction, ...]:
        """The rules' legal actions; the last state asked about and its answer are kept here (read and written by
        this method only), since a playout asks for the same state's moves twice."""
        if state is self._legal_for:
            return self._legal
        legal = rules.legal_actions(state)
        self._legal_for, self._legal = state, legal
        return legal

    def chance_outcomes(self, state: RaState) -> tuple[tuple[RaAction, Fraction], ...]:
        return rules.chance_outcomes(state)

    def sample_chance(self, state: RaState, rng: random.Random) -> RaAction:
        return rules.sample_chance(state, rng)

    def apply(self, state: RaState, action: RaAction) -> RaState:
        """The state after ``action``; an action not legal here raises IllegalAction naming the rule that forbids it
        and listing the legal moves (or chance outcomes) there, and a value that is no Ra action at all (a name, JSON
        text or data: parse it with ``game.action``) MalformedAction saying what it is (the failure path only)."""
        try:
            return rules.apply(state, action)
        except IllegalAction as exc:
            raise refusal(self, ACTION_TYPES, exc, state, action) from None

    def is_terminal(self, state: RaState) -> bool:
        return state.h[H_PHASE] == OVER  # raw: asked after every action of every playout

    def scores(self, state: RaState) -> tuple[int, ...]:
        return state.score

    def estimate(self, state: RaState) -> tuple[int, ...]:
        """The scores plus the Pharaohs held scored once more and the final scoring of the Monuments and sun disks
        held (``scoring.estimate``)."""
        return scoring.estimate(state)

    def ranking(self, state: RaState) -> Ranking:
        return scoring.rank(state.score, scoring.highest_disks(state.up, state.down), state.params)

    def invariants(self, state: RaState) -> tuple[str, ...]:
        return invariants(state)

    def diagnostics(self, state: RaState) -> tuple[Diagnostic, ...]:
        found = []
        supply, bag = supply_ran_out(state), bag_ran_out(state)
        for epoch in range(1, state.params.epochs + 1):
            if epoch in supply:
                found.append(Diagnostic(
                    "supply_exhausted", "ra.traders.crates.supply_exhausted",
                    f"epoch {epoch}: the crates owed exceed the supply of {state.params.small_crates} small and "
                    f"{state.params.large_crates} large crates"))
            if epoch in bag:
                found.append(Diagnostic("supply_exhausted", "ra.base.bag_empty",
                                        f"epoch {epoch}: the bag ran out of tiles"))
        if phase(state) == OVER:
            ranking = self.ranking(state)
            if len(ranking.winners) > 1:
                found.append(Diagnostic("open_tie", "ra.scoring.most_points",
                                        f"players {list(ranking.winners)} tie for the win"))
        return tuple(found)

    def greedy_action(self, state: RaState, rng: random.Random) -> RaAction:
        """Bid the lowest winning disk on a lot worth 3 or more; invoke Ra on such a lot; take Traders with Gods."""
        legal = self.legal_actions(state)
        now = phase(state)
        value = lot_value(state)
        if now == BID:
            bids = [a for a in legal if isinstance(a, Bid)]
            if bids and (value >= 3 or PASS_ACTION not in legal):
                return bids[0]
            return PASS_ACTION if PASS_ACTION in legal else legal[0]
        if now == TURN:
            gods = [a for a in legal if isinstance(a, PlayGod) and a.kind in (TRADER, GOLD)]
            if gods:
                return gods[0]
            if INVOKE_ACTION in legal and (value >= 3 or DRAW_ACTION not in legal):
                return INVOKE_ACTION
            return DRAW_ACTION if DRAW_ACTION in legal else legal[0]
        if now == GODS:
            return END_ACTION
        return legal[0]

    def state_config(self, state: RaState) -> Config:
        return state.config

    # -- the public position format (docs/positions.md) -------------------------------------------------------
    def position(self, config: Config, data: Mapping[str, Any]) -> RaState:
        """The state a position document describes under ``config``; PositionError names a bad key (or a ``config``
        table of the document's own that names another configuration), InvalidState a broken invariant."""
        position_config(self, data, config)
        return position_module.build(config, self.params(config), data)

    def position_data(self, state: RaState) -> dict[str, Any]:
        """The state written with names (``position(state_config(s), position_data(s)) == s``)."""
        return position_module.position_data(state)

    def score_breakdown(self, state: RaState) -> tuple[dict[str, int], ...]:
        """Per seat, points by category (start, pharaohs, nile_flood, ..., traders, crates); sums to ``scores``."""
        return position_module.score_breakdown(state)

    # -- actions with names: {"draw": "trader"}, {"bid": 5}, "pass"; old log forms decode too (names.py) ---------
    def action_to_data(self, action: RaAction) -> Any:
        return names.action_to_data(action)

    def action_from_data(self, data: Any) -> RaAction:
        return names.action_from_data(data, self._disk_sets)

    def _disk_sets(self, players: int) -> tuple[tuple[Disk, ...], ...] | None:
        """The spec's disk sets for ``players`` (None: not a player count of Ra), for old logs' deals."""
        return self.params(self.config(players)).disk_sets if players in self.info.player_counts else None

    # -- JSON: RaState is a NamedTuple, so it is encoded field by field like a dataclass -----------------------
    def state_to_data(self, state: RaState) -> Any:
        data: dict[str, Any] = {"type": "RaState"}
        for name in RaState._fields:
            data[name] = to_data(getattr(state, name))
        data["params"] = params_to_data(data["params"])  # the reading flags under their JSON names
        return data

    def state_from_data(self, data: Any) -> RaState:
        if not isinstance(data, dict) or data.get("type") != "RaState":
            raise MalformedAction(f"$: expected an object of type 'RaState', got {str(data)[:100]!r}")
        extra = set(data) - set(RaState._fields) - {"type"}
        missing = set(RaState._fields) - set(data)
        if extra or missing:
            raise MalformedAction(f"$: unknown fields {sorted(extra)}, missing fields {sorted(missing)}")
        # RaState's params hint names RaParams, which state.py imports only for type checking (params.py imports
        # state.py): it is resolved here
        hints = typing.get_type_hints(RaState, {**vars(state_module), "RaParams": RaParams})
        data = {**data, "params": params_from_data(data["params"])}  # the reading flags' JSON names to their fields'
        return RaState(**{name: from_data(hints[name], data[name], f"$.{name}") for name in RaState._fields})


def make_game(spec: Spec | None = None) -> RaGame:
    """The Ra game bound to ``spec`` (the bundled specs/ra.toml by default)."""
    return RaGame(spec if spec is not None else load_spec(bundled_spec_path("ra")))


def lot_value(state: RaState) -> int:
    """A rough worth of the auction track: tiles count 1, Gods and Traders 2, disasters -2."""
    track = state.track
    length = track_length(state)
    if not length:
        return 0
    value = length + track[GOD] + track[TRADER]
    return value - 3 * sum(track[k] for k in DISASTERS)

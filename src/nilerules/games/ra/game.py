"""The Ra game object: binds the pure rules to a spec, resolves parameters and readings once per configuration."""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from nilerules.core.codec import from_data, to_data
from nilerules.core.game import Diagnostic, GameBase
from nilerules.core.types import CHANCE, Config, GameInfo, Mover, Ranking
from nilerules.errors import MalformedAction, SpecError
from nilerules.games.ra import actions as actions_module
from nilerules.games.ra import position as position_module
from nilerules.games.ra import rules, scoring
from nilerules.games.ra import state as state_module
from nilerules.games.ra.actions import (
    DRAW_ACTION,
    END_ACTION,
    INVOKE_ACTION,
    PASS_ACTION,
    Bid,
    PlayGod,
    RaAction,
)
from nilerules.games.ra.invariants import invariants
from nilerules.games.ra.state import (
    BID,
    DEAL,
    DISASTERS,
    DRAW,
    GOD,
    GOLD,
    H_ACTOR,
    H_BAG_EMPTY,
    H_EXHAUSTED,
    H_PHASE,
    H_TRACK_LEN,
    KIND_BY_NAME,
    KINDS,
    OVER,
    TRADER,
    TURN,
    RaParams,
    RaState,
)
from nilerules.specs import Spec


def crate_supply(spec: Spec, reading: str) -> tuple[int, int]:
    """RA-004: the (Small, Large) crates under each reading of the component list, from the printed numbers.

    as_printed: each number follows its label (the spec's small_crates, large_crates); value_forty: '40 Goods
    Crates' is their value, with the Large count as printed; shifted: each number precedes its label, so Small takes
    the number printed after 'Docks boards' and Large the one printed after 'Small Goods Crates'.
    """
    small, large = spec.int("small_crates"), spec.int("large_crates")
    if reading == "value_forty":
        return max(0, spec.int("crate_total") - spec.int("large_crate_value") * large), large
    if reading == "shifted":
        return spec.int("docks_boards"), small
    return small, large


def check_disks(spec: Spec) -> None:
    """Each player count's sun disks are distinct: the sets and the centre disk (the reference numbers them 1-16,
    one of each; the schema bounds each value). A repeated disk is a SpecError naming the key; a centre disk that is
    also dealt names both params.center_disk and the player counts' params.disk_sets, either of which may be wrong."""
    centre = spec.int("center_disk")
    problems = []
    clashes = []
    for n, sets in sorted(spec.value("disk_sets").items()):
        dealt = [d for ds in sets for d in ds]
        repeated = sorted({d for d in [centre, *dealt] if [centre, *dealt].count(d) > 1})
        if centre in dealt:
            clashes.append(n)
        if repeated:
            also = f" ({centre!r} is the centre disk, params.center_disk)" if centre in dealt else ""
            problems.append((f"params.disk_sets.value.{n}", f"each sun disk exists once; repeated: {repeated!r}{also}"))
    if clashes:
        problems.append(
            ("params.center_disk.value", f"each sun disk exists once; the centre disk {centre!r} is also dealt in "
                                         f"the disk sets of {', '.join(clashes)} players")
        )
    if problems:
        raise SpecError(spec.path, problems)


def resolve_params(spec: Spec, config: Config) -> RaParams:
    """The parameters and readings one game uses, from the spec and the configuration."""
    n = str(config.players)
    tiles = [0] * KINDS
    for name, count in spec.typed("tiles", lambda v: isinstance(v, dict), "a table of tile counts").items():
        tiles[KIND_BY_NAME[name]] = int(count)
    if config.has("traders"):
        tiles[TRADER] = spec.int("trader_tiles")
    table = spec.typed("ra_track", lambda v: isinstance(v, dict), "a table by player count")
    disk_sets = spec.typed("disk_sets", lambda v: isinstance(v, dict), "a table by player count")
    small, large = crate_supply(spec, config.reading("crate_counts"))
    pharaoh = spec.value("pharaoh_points")
    sun = spec.value("sun_disk_points")
    r = config.reading
    return RaParams(
        tiles=tuple(tiles),
        auction_track=spec.int("auction_track"),
        ra_track=int(table[n]),
        disk_sets=tuple(tuple(int(d) for d in ds) for ds in disk_sets[n]),
        center_disk=spec.int("center_disk"),
        start_score=spec.int("start_score"),
        epochs=spec.int("epochs"),
        small_crates=small,
        large_crates=large,
        large_value=spec.int("large_crate_value"),
        god_points=spec.int("god_points"),
        gold_points=spec.int("gold_points"),
        pharaoh_most=int(pharaoh[0]),
        pharaoh_fewest=int(pharaoh[1]),
        civ_points=tuple(int(x) for x in spec.value("civilization_points")),
        monument_distinct=tuple(int(x) for x in spec.value("monument_distinct_points")),
        monument_same=tuple(int(x) for x in spec.value("monument_identical_points")),
        sun_most=int(sun[0]),
        sun_fewest=int(sun[1]),
        trader_points=spec.int("trader_points"),
        disaster_discards=spec.int("disaster_discards"),
        pharaoh_tie_share=r("pharaoh_all_tie") == "share",
        sun_tie_share=r("sun_all_tie") == "share",
        tiebreak_highest_disk=r("winner_tiebreak") == "highest_disk",
        supply_capped=r("supply_exhausted") == "capped",
        crates_per_tile=r("crates_per_claim") == "per_tile",
        exchange_pooled=r("crate_exchange") == "pooled",
        god_takes_disaster=r("god_takes_disaster") == "allowed",
        invoke_empty=r("invoke_empty_track") == "allowed",
        floods_first=r("drought_order") == "floods_first",
        last_ra_at_once=r("last_ra") == "at_once",
        full_track_forced=r("full_track_bid") == "forced",
        gods_kept=r("gods_after_epoch") == "keep",
        starter_highest_disk=r("epoch_starter") == "highest_disk",
        bag_empty_game_ends=r("bag_empty") == "game_ends",
        disaster_with_lot=r("disaster_lot") == "with_lot",
        track_stays=r("track_at_epoch_end") == "stay",
    )


class RaGame(GameBase[RaState, RaAction]):
    """Ra for 2-5 players, with the Traders module as an option."""

    info = GameInfo("ra", "Ra, with the Traders module", (2, 3, 4, 5), ("traders",), 1500, 4)
    """Max length, by hand: at most 200 draws (2 actions each); at most 100 auctions (45 won: 15 face-up disks
    per epoch at most; 30 drawn Ra tiles; 25 full tracks discarded), each an invocation and at most 5 bids;
    8 God tiles and their turn ends; 10 disasters of 2 discards; the deal: 400 + 600 + 16 + 20 + 1 < 1500."""
    state_type = RaState
    action_type = RaAction

    def __init__(self, spec: Spec) -> None:
        super().__init__(spec)
        check_disks(spec)
        self._params: dict[Config, RaParams] = {}
        self._legal_for: Any = None
        self._legal: tuple[RaAction, ...] = ()

    def params(self, config: Config) -> RaParams:
        found = self._params.get(config)
        if found is None:
            found = self._params[config] = resolve_params(self.spec, config)
        return found

    def setup(self, config: Config) -> RaState:
        return rules.setup(config, self.params(config))

    def current_player(self, state: RaState) -> Mover:
        phase = state.h[H_PHASE]
        if phase == OVER:
            return None
        if phase in (DRAW, DEAL):
            return CHANCE
        return state.h[H_ACTOR]

    def legal_actions(self, state: RaState) -> tuple[RaAction, ...]:
        if state is self._legal_for:
            return self._legal
        legal = rules.legal_actions(state)
        self._legal_for, self._legal = state, legal
        return legal

    def chance_outcomes(self, state: RaState) -> tuple[tuple[RaAction, Fraction], ...]:
        return rules.chance_outcomes(state)

    def sample_chance(self, state: RaState, rng: random.Random) -> RaAction:
        """Fast path: a uniform tile from the bag, i.e. kind k with probability count/total (as chance_outcomes)."""
        if state.h[H_PHASE] == DEAL:
            deals = rules.deals(state.params.disk_sets)
            return deals[rng.randrange(len(deals))]
        if state.h[H_PHASE] != DRAW:
            raise ValueError("no chance node: nothing is being drawn")
        return rules.sample_draw(state, rng.randrange(sum(state.bag)))

    def apply(self, state: RaState, action: RaAction) -> RaState:
        return rules.apply(state, action)

    def is_terminal(self, state: RaState) -> bool:
        return state.h[H_PHASE] == OVER

    def scores(self, state: RaState) -> tuple[int, ...]:
        return state.score

    def ranking(self, state: RaState) -> Ranking:
        highest = [(u | d).bit_length() - 1 for u, d in zip(state.up, state.down, strict=True)]
        return scoring.rank(state.score, highest, state.params)

    def invariants(self, state: RaState) -> tuple[str, ...]:
        return invariants(state)

    def diagnostics(self, state: RaState) -> tuple[Diagnostic, ...]:
        found = []
        for epoch in range(1, state.params.epochs + 1):
            if state.h[H_EXHAUSTED] >> epoch & 1:
                found.append(Diagnostic(
                    "supply_exhausted", "ra.traders.crates.supply_exhausted",
                    f"epoch {epoch}: the crates owed exceed the supply of {state.params.small_crates} small and "
                    f"{state.params.large_crates} large crates"))
            if state.h[H_BAG_EMPTY] >> epoch & 1:
                found.append(Diagnostic("supply_exhausted", "ra.base.bag_empty",
                                        f"epoch {epoch}: the bag ran out of tiles"))
        if state.h[H_PHASE] == OVER:
            ranking = self.ranking(state)
            if len(ranking.winners) > 1:
                found.append(Diagnostic("open_tie", "ra.scoring.most_points",
                                        f"players {list(ranking.winners)} tie for the win"))
        return tuple(found)

    def greedy_action(self, state: RaState, rng: random.Random) -> RaAction:
        """Bid the lowest winning disk on a lot worth 3 or more; invoke Ra on such a lot; take Traders with Gods."""
        legal = self.legal_actions(state)
        phase = state.h[H_PHASE]
        value = lot_value(state)
        if phase == BID:
            bids = [a for a in legal if isinstance(a, Bid)]
            if bids and (value >= 3 or PASS_ACTION not in legal):
                return bids[0]
            return PASS_ACTION if PASS_ACTION in legal else legal[0]
        if phase == TURN:
            gods = [a for a in legal if isinstance(a, PlayGod) and a.kind in (TRADER, GOLD)]
            if gods:
                return gods[0]
            if INVOKE_ACTION in legal and (value >= 3 or DRAW_ACTION not in legal):
                return INVOKE_ACTION
            return DRAW_ACTION if DRAW_ACTION in legal else legal[0]
        if phase == 4:
            return END_ACTION
        return legal[0]

    def state_config(self, state: RaState) -> Config:
        return state.config

    # -- the public position format (docs/positions.md) -------------------------------------------------------
    def position(self, config: Config, data: Mapping[str, Any]) -> RaState:
        """The state a position document describes; PositionError names a bad key, InvalidState a broken invariant."""
        return position_module.build(config, self.params(config), data)

    def position_data(self, state: RaState) -> dict[str, Any]:
        """The state written with names (``position(state_config(s), position_data(s)) == s``)."""
        return position_module.position_data(state)

    def score_breakdown(self, state: RaState) -> tuple[dict[str, int], ...]:
        """Per seat, points by category (start, pharaohs, nile_flood, ..., traders, crates); sums to ``scores``."""
        return position_module.score_breakdown(state)

    # -- actions with names: {"draw": "trader"}, {"bid": 5}, "pass"; the old tagged form still decodes ----------
    def action_to_data(self, action: RaAction) -> Any:
        return actions_module.action_to_data(action)

    def action_from_data(self, data: Any) -> RaAction:
        return actions_module.action_from_data(data)

    # -- JSON: RaState is a NamedTuple, so it is encoded field by field like a dataclass -----------------------
    def state_to_data(self, state: RaState) -> Any:
        data: dict[str, Any] = {"type": "RaState"}
        for name in RaState._fields:
            data[name] = to_data(getattr(state, name))
        return data

    def state_from_data(self, data: Any) -> RaState:
        if not isinstance(data, dict) or data.get("type") != "RaState":
            raise MalformedAction(f"$: expected an object of type 'RaState', got {str(data)[:100]!r}")
        extra = set(data) - set(RaState._fields) - {"type"}
        missing = set(RaState._fields) - set(data)
        if extra or missing:
            raise MalformedAction(f"$: unknown fields {sorted(extra)}, missing fields {sorted(missing)}")
        hints = typing.get_type_hints(RaState, vars(state_module))
        return RaState(**{name: from_data(hints[name], data[name], f"$.{name}") for name in RaState._fields})


def lot_value(state: RaState) -> int:
    """A rough worth of the auction track: tiles count 1, Gods and Traders 2, disasters -2."""
    track = state.track
    if not state.h[H_TRACK_LEN]:
        return 0
    value = state.h[H_TRACK_LEN] + track[GOD] + track[TRADER]
    return value - 3 * sum(track[k] for k in DISASTERS)



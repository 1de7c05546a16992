"""The Sobek game object: binds the pure rules to the spec's parameters."""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from nilerules.core import (
    CHANCE,
    Config,
    Diagnostic,
    GameBase,
    GameInfo,
    Ranking,
    from_data,
    rank_by_keys,
    rule,
    to_data,
)
from nilerules.errors import SpecError
from nilerules.games.sobek import names, position, rules
from nilerules.games.sobek.actions import (
    AddCard,
    Done,
    SobekAction,
    StartHorizontal,
    StartSet,
    Take,
)
from nilerules.games.sobek.invariants import invariants
from nilerules.games.sobek.state import (
    CHAR_FAMILY,
    CHARACTERS,
    KINDS,
    NO_POINTS,
    NTYPES,
    OVER,
    Params,
    SobekState,
    SobekStateRecord,
)
from nilerules.specs import Spec

VERSION = 4
"""4: event tokens are drawn as ``DrawToken`` (actions and logs with names), the state keeps a score ledger."""


def make_params(spec: Spec) -> Params:
    """The frozen parameter record, checked against the spec (problems collected before raising)."""
    problems: list[tuple[str, str]] = []

    def table(name: str) -> dict[str, int]:
        value = spec.value(name)
        if not isinstance(value, dict) or set(value) != set(KINDS) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()
        ):
            problems.append((f"params.{name}.value", f"expected a table of {', '.join(KINDS)} to counts"))
            return dict.fromkeys(KINDS, 0)
        return value

    goods, green, valued, scarabs = (table(n) for n in ("goods_cards", "green_backed", "valued_cards", "scarabs"))
    for k in KINDS:
        if green[k] + valued[k] > goods[k]:
            problems.append((f"params.valued_cards.value.{k}", "valued + green-backed exceed the cards of the kind"))
    chars = spec.value("characters")
    if chars != list(CHARACTERS):
        problems.append(("params.characters.value", f"expected the nine characters {list(CHARACTERS)!r}"))
    order = spec.value("symbol_order")
    if not isinstance(order, list) or sorted(order) != ["ankh", "reed", "scorpion", "snake"]:
        problems.append(("params.symbol_order.value", "expected the four symbols in some order"))
        order = ["snake", "reed", "ankh", "scorpion"]
    if spec.int("track_spaces") % 5 or spec.int("track_spaces") < 10:
        problems.append(("params.track_spaces.value", "expected a multiple of 5, at least 10"))
    if spec.int("penalty_step") < 1:
        problems.append(("params.penalty_step.value", f"expected at least 1 point per move, found "
                                                     f"{spec.int('penalty_step')!r}"))
    if problems:
        raise SpecError(spec.path, problems)
    kind: list[int] = []
    sc: list[int] = []
    gr: list[bool] = []
    totals: list[int] = []
    for index, kind_name in enumerate(KINDS):
        for variant in range(3):
            kind.append(index)
            gr.append(variant == 2)
            sc.append(scarabs[kind_name] if variant == 0 else 0)
            plain = goods[kind_name] - valued[kind_name] - green[kind_name]
            count = (valued[kind_name], plain, green[kind_name])[variant]
            totals.append(count)
    for family in CHAR_FAMILY:
        kind.append(family)
        gr.append(False)
        sc.append(0)
        totals.append(1)
    assert len(kind) == NTYPES
    return Params(
        kind=tuple(kind), scarabs=tuple(sc), green=tuple(gr), totals=tuple(totals),
        track_spaces=spec.int("track_spaces"), symbol_order=tuple(order), hand_size=spec.int("hand_size"),
        delivery_size=spec.int("delivery_size"), deliveries=tuple(spec.value("deliveries")),
        deliveries_two=tuple(spec.value("deliveries_two_players")), removed_two=spec.int("removed_two_players"),
        market_open=spec.int("market_open"), scribe_limit=spec.int("scribe_hand_limit"),
        queen_draws=spec.int("queen_draws"), early_end=spec.int("early_end_points"),
        events_per_round=spec.int("events_per_round"), rounds=spec.int("rounds"), set_min=spec.int("set_minimum"),
        penalty_step=spec.int("penalty_step"), curse_cards=spec.int("curse_cards"),
    )


@rule("sobek.theme.goal")
def final_keys(state: SobekState) -> dict[int, tuple[int, ...]]:
    """Most points wins; under ``final_tie = last_round`` a tie goes to the most points gained in the last round."""
    n = state.config.players
    if state.config.reading("final_tie") == "last_round":
        return {p: (state.scores[p], state.last_gain[p]) for p in range(n)}
    return {p: (state.scores[p],) for p in range(n)}


class SobekGame(GameBase[SobekState, SobekAction]):
    info = GameInfo("sobek", "Sobek (seed 002)", (2, 3, 4), (), 6000, VERSION)
    state_type = SobekState
    action_type = SobekAction

    def __init__(self, spec: Spec) -> None:
        super().__init__(spec)
        self.params = make_params(spec)
        self.token_names = names.token_names(self.params.symbol_order)

    def setup(self, config: Config) -> SobekState:
        return rules.setup(config, self.params)

    # the pure rule functions themselves (no delegating frame: these are the playout hot path)
    current_player = staticmethod(rules.current_player)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def chance_outcomes(self, state: SobekState) -> tuple[tuple[SobekAction, Fraction], ...]:
        return rules.chance_outcomes(state)

    sample_chance = staticmethod(rules.sample_chance)

    def is_terminal(self, state: SobekState) -> bool:
        return state.phase == OVER

    def scores(self, state: SobekState) -> tuple[int, ...]:
        return state.scores

    def ranking(self, state: SobekState) -> Ranking:
        steps = ("sobek.theme.goal", "last_round_points")
        return rank_by_keys(final_keys(state), steps)

    def invariants(self, state: SobekState) -> tuple[str, ...]:
        return invariants(state)

    def diagnostics(self, state: SobekState) -> tuple[Diagnostic, ...]:
        out = []
        if "track_stop" in state.log:
            out.append(Diagnostic("supply_exhausted", "sobek.game_end.early", "a marker reached the last space"))
        if state.phase == OVER and self.ranking(state).open_tie:
            out.append(Diagnostic("open_tie", "sobek.theme.goal", f"scores {state.scores!r}"))
        return tuple(out)

    def greedy_action(self, state: SobekState, rng: random.Random) -> SobekAction:
        legal = rules.legal_actions(state)
        for kind in (Done, AddCard, StartSet, StartHorizontal):
            picks = [a for a in legal if isinstance(a, kind)]
            if picks:
                return picks[-1] if kind is AddCard else picks[0]
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            return takes[0]
        return rng.choice(legal)

    def state_config(self, state: SobekState) -> Config:
        return state.config

    # -- the public position format (docs/positions.md) -------------------------------------------------------
    def position(self, config: Config, data: Mapping[str, Any]) -> SobekState:
        """The state a position document describes; PositionError names a bad key, InvalidState a broken invariant."""
        return position.build(config, self.params, data)

    def position_data(self, state: SobekState) -> dict[str, Any]:
        """The state written with names (``position(state_config(s), position_data(s)) == s``)."""
        return position.position_data(state)

    def score_breakdown(self, state: SobekState) -> tuple[dict[str, int], ...]:
        """Per seat, points by category (sets by goods type, characters, horizontal sets, the events, the corruption
        penalty, the track's end, earlier); each seat's values sum to ``scores``."""
        return position.score_breakdown(state)

    # -- actions with names ({"draw": "fish"}, {"take": 0}, "done"); the tagged form of older logs still decodes ---
    def action_to_data(self, action: SobekAction) -> Any:
        return names.action_to_data(action, self.token_names)

    def action_from_data(self, data: Any) -> SobekAction:
        return names.action_from_data(data, self.token_names)

    # the state is a NamedTuple; its JSON is that of its frozen-dataclass twin (tagged "SobekState", as before)
    def state_to_data(self, state: SobekState) -> Any:
        return to_data(SobekStateRecord(*state))

    def state_from_data(self, data: Any) -> SobekState:
        if isinstance(data, dict) and "ledger" not in data and isinstance(data.get("scores"), list):
            # a state written before the ledger (rules version 3): its scores are booked as "earlier"
            data = {**data, "ledger": [[s, *NO_POINTS[1:]] for s in data["scores"]]}
        record = from_data(SobekStateRecord, data)
        return SobekState(*(getattr(record, name) for name in SobekState._fields))


def is_chance(state: SobekState) -> bool:
    return rules.current_player(state) is CHANCE



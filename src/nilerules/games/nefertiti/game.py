"""The Nefertiti game object: the pure rules of ``rules/`` bound to a spec (``make_game``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from nilerules.core.chance import choice
from nilerules.core.codec import from_data, to_data
from nilerules.core.game import Diagnostic, GameBase, position_config
from nilerules.core.types import Config, GameInfo, Ranking
from nilerules.games.nefertiti import names, rules, scoring
from nilerules.games.nefertiti import position as position_module
from nilerules.games.nefertiti import seen as seen_rules
from nilerules.games.nefertiti.actions import NefAction, TakeCard
from nilerules.games.nefertiti.cards import slot_code
from nilerules.games.nefertiti.invariants import invariants
from nilerules.games.nefertiti.names import N_GIFTS
from nilerules.games.nefertiti.params import Params, make_params
from nilerules.games.nefertiti.rules.common import max_value
from nilerules.games.nefertiti.state import P_OVER, NefState, NefStateRecord, state_from_record, state_record
from nilerules.specs import Spec, bundled_spec_path, load_spec

MAX_GAME_LENGTH = 6000


class NefertitiGame(GameBase[NefState, NefAction]):
    """Nefertiti: the pure rules of ``rules/`` bound to a spec."""

    info = GameInfo(
        "nefertiti",
        "Nefertiti with its expansion (Memphis Harbor, foreign gifts, new Characters, 2- and 5-player rules)",
        (2, 3, 4, 5),
        ("harbor", "characters", "scenario"),
        MAX_GAME_LENGTH,
        3,  # 2: a papyrus taken with the Priest brings a Royal Seal (NEF-024); 3: Scribe and Chief actions of their own
        True,
        {5: ("harbor",)},
    )
    state_type = NefState
    action_type = NefAction

    def __init__(self, spec: Spec) -> None:
        super().__init__(spec)
        self._params: dict[Config, Params] = {}

    def setup(self, config: Config) -> NefState:
        return rules.setup(config, self.params(config))

    # the pure functions themselves: a playout calls these once per step, so no wrapper frame in between
    current_player = staticmethod(rules.current_player)
    legal_actions = staticmethod(rules.legal_actions)
    chance_outcomes = staticmethod(rules.chance_outcomes)
    sample_chance = staticmethod(rules.sample_chance)
    apply = staticmethod(rules.apply)

    def is_terminal(self, state: NefState) -> bool:
        return state.phase == P_OVER

    def scores(self, state: NefState) -> tuple[int, ...]:
        return scoring.final_scores(state)

    def ranking(self, state: NefState) -> Ranking:
        return scoring.ranking(self.scores(state), state.deben)

    def invariants(self, state: NefState) -> tuple[str, ...]:
        return invariants(state)

    def diagnostics(self, state: NefState) -> tuple[Diagnostic, ...]:
        out: list[Diagnostic] = []
        if state.seal_supply <= 0:
            out.append(Diagnostic("supply_exhausted", "nefertiti.base.fill", "no Royal Seal left in the supply"))
        if state.phase == P_OVER and self.ranking(state).open_tie:
            out.append(Diagnostic("open_tie", "nefertiti.end.tiebreak", "tied on prestige and Deben"))
        return tuple(out)

    def greedy_action(self, state: NefState, rng: random.Random) -> NefAction:
        """Buy the most valuable card when buying; otherwise a random legal action."""
        legal = self.legal_actions(state)
        takes = [a for a in legal if isinstance(a, TakeCard)]
        if takes:
            return max(takes, key=lambda a: (self._take_value(state, a), a))
        return choice(rng, legal)

    @staticmethod
    def _take_value(state: NefState, take: TakeCard) -> int:
        """What ``greedy_action`` ranks a card by: a Gift card's maximum value (0 for the Wandering Thief card)."""
        code = slot_code(take.slot)
        return max_value(state.params, code) if code < N_GIFTS else 0

    def params(self, config: Config) -> Params:
        """The params of ``config`` (made once per config)."""
        params = self._params.get(config)
        if params is None:
            params = make_params(self.spec, config)
            self._params[config] = params
        return params

    def position(self, config: Config, data: Mapping[str, Any]) -> NefState:
        """The state a position document describes (docs/positions.md) under ``config``: PositionError names a bad key
        (or a ``config`` table of the document's own that names another configuration), InvalidState a broken
        invariant; the Gift pile, the seal supply and the pawn supplies are derived by conservation."""
        position_config(self, data, config)
        return position_module.build(config, self.params(config), data)

    def position_data(self, state: NefState) -> dict[str, Any]:
        """The state written with names (``position(state_config(s), position_data(s)) == s``)."""
        return position_module.position_data(state)

    def score_breakdown(self, state: NefState) -> tuple[dict[str, int], ...]:
        """Per seat, points by category (during_play, gifts, royal_seals, deben, amon_priest); sums to ``scores``."""
        return position_module.score_breakdown(state)

    # actions with names: {"draw": "chair"}, {"place": "gizeh", "square": 2}, "done"; the tagged form still decodes
    def action_to_data(self, action: NefAction) -> Any:
        return names.action_to_data(action)

    def action_from_data(self, data: Any) -> NefAction:
        return names.action_from_data(data)

    def state_config(self, state: NefState) -> Config:
        return state.config

    # -- what a seat sees (seen.py) ---------------------------------------------------------------------------
    seen = seen_rules.SEEN

    def seen_view(self, state: NefState, seat: int, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` sees: the cards under the Gift pile as a count unless it looks with the Priest
        (``seen.view``)."""
        return seen_rules.view(state, seat, self.position_data(state) if data is None else data)

    def determinize(self, state: NefState, seat: int, rng: random.Random) -> NefState:
        """The cards under the Gift pile dealt again from what ``seat`` sees (``seen.determinize``)."""
        return seen_rules.determinize(state, seat, rng)

    def state_to_data(self, state: NefState) -> Any:
        return to_data(state_record(state))

    def state_from_data(self, data: Any) -> NefState:
        return state_from_record(from_data(NefStateRecord, data))


def make_game(spec: Spec | None = None) -> NefertitiGame:
    """Nefertiti bound to ``spec`` (the bundled ``specs/nefertiti.toml`` by default)."""
    return NefertitiGame(spec or load_spec(bundled_spec_path("nefertiti")))


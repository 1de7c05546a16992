"""The Sobek game object: binds the pure rules (``rules``) to the spec's parameters (``params``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from nilerules.core import Config, Diagnostic, GameBase, GameInfo, Ranking, rank_by_keys
from nilerules.core.chance import choice
from nilerules.core.game import position_config
from nilerules.games.sobek import names, position, rules, scoring
from nilerules.games.sobek import seen as seen_rules
from nilerules.games.sobek.actions import (
    AddCard,
    Done,
    SobekAction,
    StartHorizontal,
    StartSet,
    Take,
)
from nilerules.games.sobek.invariants import invariants
from nilerules.games.sobek.params import Params, make_params
from nilerules.games.sobek.state import OVER, SobekState, state_from_data, state_to_data
from nilerules.specs import Spec, bundled_spec_path, load_spec

VERSION: Final = 6
"""4: event tokens are drawn as ``DrawToken`` (actions and logs with names), the state keeps a score ledger. 5: the
deck can be formed again every round (``params.deck_reformed``, the default, with six deliveries a round); under
SOB-018's ``lowest_chooses`` the lowest scorer chooses who starts a round (``ChooseStart``). 6: ``lowest_chooses``
is the default (issue 32 item 6: the reference presupposes it): a default game's log has the lowest scorer's choice
between rounds."""
_PARAMS_KEPT: Final = 4096
"""How many configs' params a game object keeps (a bound on the cache; any config's params can be rebuilt)."""


class SobekGame(GameBase[SobekState, SobekAction]):
    info = GameInfo("sobek", "Sobek (seed 002)", (2, 3, 4), (), 6000, VERSION)
    state_type = SobekState
    action_type = SobekAction

    def __init__(self, spec: Spec) -> None:
        super().__init__(spec)
        self._params: dict[Config, Params] = {}
        # the spec's numbers are checked here, once (make_params collects every problem); the symbol order, and so
        # the event tokens' names, is the same for every config
        symbol_order = self.params(self.config(min(self.info.player_counts))).symbol_order
        self.token_names = names.token_names(symbol_order)
        names.note_symbol_order(symbol_order)  # for str(action) of the event tokens

    def params(self, config: Config) -> Params:
        """The numbers the rules read under ``config`` (``params.make_params``), built once per config."""
        known = self._params.get(config)
        if known is None:
            if len(self._params) >= _PARAMS_KEPT:
                self._params.clear()
            known = self._params[config] = make_params(self.spec, config)
        return known

    def setup(self, config: Config) -> SobekState:
        return rules.setup(config, self.params(config))

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
        return rank_by_keys(scoring.final_keys(state), steps)

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
        return choice(rng, legal)

    def state_config(self, state: SobekState) -> Config:
        return state.config

    # -- what a seat sees (seen.py) ---------------------------------------------------------------------------
    seen = seen_rules.SEEN

    def seen_view(self, state: SobekState, seat: int, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` sees: opponents' hands as backs, the removed cards and (under ``blind``) the event tokens as
        counts (``seen.view``)."""
        return seen_rules.view(state, seat, position.position_data(state) if data is None else data)

    def determinize(self, state: SobekState, seat: int, rng: random.Random) -> SobekState:
        """The unseen cards dealt again from what ``seat`` sees (``seen.determinize``)."""
        return seen_rules.determinize(state, seat, rng)

    # -- the public position format (docs/positions.md) -------------------------------------------------------
    def position(self, config: Config, data: Mapping[str, Any]) -> SobekState:
        """The state a position document describes under ``config``; PositionError names a bad key (or a ``config``
        table of the document's own that names another configuration), InvalidState a broken invariant."""
        position_config(self, data, config)
        return position.build(config, self.params(config), data)

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

    def action_from_data(self, data: Any, state: SobekState | None = None) -> SobekAction:
        """An action from its JSON; a log written by rules version 3 (tagged, with codes) is read with the ``state``
        each action applies to (its event-token draws were card draws: ``names.action_from_data``)."""
        return names.action_from_data(data, self.token_names, state)

    # the state is a native class when compiled; its JSON is that of its frozen-dataclass twin (tagged "SobekState")
    def state_to_data(self, state: SobekState) -> Any:
        return state_to_data(state)

    def state_from_data(self, data: Any) -> SobekState:
        return state_from_data(data)




def make_game(spec: Spec | None = None) -> SobekGame:
    """The Sobek game bound to ``spec`` (default: the bundled ``specs/sobek.toml``)."""
    return SobekGame(spec or load_spec(Path(bundled_spec_path("sobek"))))

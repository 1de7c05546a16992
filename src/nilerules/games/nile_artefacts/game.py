"""The game object: binds the pure rules (``rules``, with its fast chance sampler) to a spec, and a greedy policy."""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from nilerules.core import Config, Diagnostic, GameBase, GameInfo, Mover, Ranking
from nilerules.core.game import position_config
from nilerules.games.nile_artefacts import rules
from nilerules.games.nile_artefacts.actions import Action, Done, Move, Offer, Take
from nilerules.games.nile_artefacts.invariants import invariants
from nilerules.games.nile_artefacts.names import action_from_data, action_to_data, note_params
from nilerules.games.nile_artefacts.params import Params, make_params, player_counts
from nilerules.games.nile_artefacts.position import position, position_data, score_breakdown
from nilerules.games.nile_artefacts.records import state_from_data, state_to_data
from nilerules.games.nile_artefacts.scoring import ranking
from nilerules.games.nile_artefacts.seen import SEEN
from nilerules.games.nile_artefacts.state import COMPILED, PH_NAV, PH_OVER, NAState, evolve
from nilerules.specs import Spec, bundled_spec_path, load_spec

GAME_ID: Final = "nile_artefacts"
ROUND_BOUND: Final = 4000
"""Generous bound on actions (chance included) per round, for ``max_game_length``."""


class NileArtefactsGame(GameBase[NAState, Action]):
    """Nile Artefacts for 2-4 players."""

    state_type = NAState
    action_type = Action
    seen = SEEN
    """Nothing hidden but chance (``seen.py``): ``GameBase``'s observation and determinization."""

    def __init__(self, spec: Spec) -> None:
        super().__init__(spec)
        counts = player_counts(spec)
        # the params depend on the player count only: one record per count, read (and checked) here, shared by every
        # config of that count (states hold it, and ``state.ctx_of`` finds its tables by it)
        self._params: dict[int, Params] = {n: make_params(spec, Config(GAME_ID, n)) for n in counts}
        for params in self._params.values():
            note_params(params)  # for str(action): the names of its cards, Monuments and spaces
        cap = self._params[counts[0]].max_rounds
        self.info = GameInfo(GAME_ID, spec.title, counts, (), cap * ROUND_BOUND + 100, 5)

    def params(self, config: Config) -> Params:
        """The params of ``config`` (the same record for every config of a player count)."""
        return self._params[config.players]

    def setup(self, config: Config) -> NAState:
        return rules.setup(config, self._params[config.players])

    def current_player(self, state: NAState) -> Mover:
        return rules.current_player(state)

    def legal_actions(self, state: NAState) -> tuple[Action, ...]:
        return rules.legal_actions(state)

    def chance_outcomes(self, state: NAState) -> tuple[tuple[Action, Fraction], ...]:
        return rules.chance_outcomes(state)

    def sample_chance(self, state: NAState, rng: random.Random) -> Action:
        return rules.sample_chance(state, rng)

    def apply(self, state: NAState, action: Action) -> NAState:
        return rules.apply(state, action)

    def is_terminal(self, state: NAState) -> bool:
        return state.phase == PH_OVER

    def scores(self, state: NAState) -> tuple[int, ...]:
        return state.scores

    def ranking(self, state: NAState) -> Ranking:
        return ranking(state)

    def invariants(self, state: NAState) -> tuple[str, ...]:
        return invariants(state)

    def diagnostics(self, state: NAState) -> tuple[Diagnostic, ...]:
        out = [Diagnostic(n.kind, n.rule_id, n.detail) for n in state.notes]  # type: ignore[arg-type]
        if state.phase == PH_OVER and ranking(state).open_tie:
            out.append(Diagnostic("open_tie", "nile_artefacts.end.tie_break", "players tie on points and cards"))
        return tuple(out)

    def greedy_action(self, state: NAState, rng: random.Random) -> Action:
        """Navigate to the nearest space with the most cards, take the first card, offer every card as its printed
        type(s), then Done."""
        legal = rules.legal_actions(state)
        if state.phase == PH_NAV:
            takes = [a for a in legal if isinstance(a, Take)]
            if takes:
                return takes[0]
            moves = [a for a in legal if isinstance(a, Move)]
            pos = state.boats[state.to_move]
            return max(moves, key=lambda m: (len(state.board[m.space]), -abs(m.space - pos)))
        offers = [a for a in legal if isinstance(a, Offer)]
        if not offers:
            return Done()
        printed = [a for a in offers if a.types and set(a.types) <= set(state.params.card_types[a.kind])]
        return (printed or offers)[0]

    def state_config(self, state: NAState) -> Config:
        return state.config

    def rebase(self, state: NAState, config: Config) -> NAState:
        """The state under ``config``'s readings: its config, params and the context derived from them replaced."""
        return evolve(state, config=config, params=self.params(config))

    # -- JSON (``records``, ``names``) and the position format (``position``) ----------------------------------------
    def state_to_data(self, state: NAState) -> Any:
        return state_to_data(state)

    def state_from_data(self, data: Any) -> NAState:
        return state_from_data(data)

    def action_to_data(self, action: Action) -> Any:
        """With names (``{"draw": "eye/nile@3"}``); the card and Monument tables are the same at every player count."""
        return action_to_data(self._params[self.info.player_counts[0]], action)

    def action_from_data(self, data: Any) -> Action:
        """Names, or the form written before them (``{"type": "Draw", "kind": 3}``)."""
        return action_from_data(self._params[self.info.player_counts[0]], data)

    def position(self, config: Config, data: Mapping[str, Any]) -> NAState:
        """A state from a position document (docs/positions.md) under ``config``; PositionError names a bad key (or a
        ``config`` table of the document's own that names another configuration), InvalidState a broken invariant."""
        position_config(self, data, config)
        return position(config, self._params[config.players], data)

    def position_data(self, state: NAState) -> dict[str, Any]:
        return position_data(state)

    def score_breakdown(self, state: NAState) -> tuple[dict[str, int], ...]:
        return score_breakdown(state)


if not COMPILED:
    # Pure Python: the rules' functions themselves, without a wrapper frame (they are called at every step of a
    # playout). Compiled, the methods above are the faster form: a compiled class hands out a class attribute holding
    # a ``staticmethod`` as the descriptor object itself, which is then called through its generic ``__call__``.
    setattr(NileArtefactsGame, "current_player", staticmethod(rules.current_player))  # noqa: B010
    setattr(NileArtefactsGame, "legal_actions", staticmethod(rules.legal_actions))  # noqa: B010
    setattr(NileArtefactsGame, "sample_chance", staticmethod(rules.sample_chance))  # noqa: B010
    setattr(NileArtefactsGame, "apply", staticmethod(rules.apply))  # noqa: B010

def make_game(spec: Spec | None = None) -> NileArtefactsGame:
    return NileArtefactsGame(spec or load_spec(bundled_spec_path("nile_artefacts")))


__all__ = ["NileArtefactsGame", "make_game"]

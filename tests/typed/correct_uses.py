"""A user's script that `mypy --strict` must accept: every game loads as its concrete class, and what it returns
has the types its protocol promises (``tests/typed/test_typed_api.py`` runs mypy on this file; never run).

Each ``assert_type`` is a claim about the public API: ``load_game`` and ``load`` are typed by the literal game id,
an id known only at run time gives a ``Game[Any, Any]``, and each concrete game is a ``Game`` (a generic function
over ``Game[S, A]`` accepts it, its state and action types inferred).
"""

from __future__ import annotations

from typing import Any, TypeVar, assert_type

import nilerules
from nilerules import Game
from nilerules.checks import GameModule
from nilerules.core import Config, Mover, Ranking
from nilerules.games import load_game
from nilerules.games.nefertiti import NefertitiGame
from nilerules.games.nile_artefacts import NileArtefactsGame
from nilerules.games.ra import RaGame
from nilerules.games.sobek import SobekGame
from nilerules.games.sobek.actions import SobekAction
from nilerules.games.sobek.state import SobekState

S = TypeVar("S")
A = TypeVar("A")


def first_step(game: Game[S, A], state: S) -> S:
    """A generic helper over any game: the state after the first legal action."""
    return game.apply(state, game.legal_actions(state)[0])


def sobek_uses(text: str) -> None:
    sobek = load_game("sobek")
    assert_type(sobek, SobekGame)
    config = sobek.config(3, readings={"event_choice": "blind"})
    assert_type(config, Config)
    state = sobek.setup(config)
    assert_type(state, SobekState)
    assert_type(sobek.legal_actions(state), tuple[SobekAction, ...])
    assert_type(sobek.apply(state, sobek.action("done")), SobekState)
    assert_type(sobek.action(text), SobekAction)
    assert_type(sobek.action({"take": 0}), SobekAction)
    assert_type(sobek.current_player(state), Mover)
    assert_type(sobek.scores(state), tuple[int, ...])
    assert_type(sobek.ranking(state), Ranking)
    assert_type(sobek.invariants(state), tuple[str, ...])
    assert_type(sobek.position(config, {"round": 2}), SobekState)
    assert_type(sobek.position_data(state), dict[str, Any])
    assert_type(sobek.score_breakdown(state), tuple[dict[str, int], ...])
    assert_type(sobek.action_to_data(sobek.legal_actions(state)[0]), Any)
    assert_type(sobek.state_from_data(sobek.state_to_data(state)), SobekState)
    assert_type(first_step(sobek, state), SobekState)
    as_protocol: Game[SobekState, SobekAction] = sobek
    assert_type(as_protocol.apply(state, sobek.action("done")), SobekState)


def other_games() -> None:
    ra = load_game("ra")
    assert_type(ra, RaGame)
    assert_type(ra.scores(ra.setup(ra.config(3))), tuple[int, ...])
    assert_type(ra.position_data(ra.setup(ra.config(3))), dict[str, Any])
    first_step(ra, ra.setup(ra.config(3)))
    artefacts = load_game("nile_artefacts")
    assert_type(artefacts, NileArtefactsGame)
    assert_type(artefacts.ranking(artefacts.setup(artefacts.config(2))), Ranking)
    first_step(artefacts, artefacts.setup(artefacts.config(2)))
    nefertiti = load_game("nefertiti")
    assert_type(nefertiti, NefertitiGame)
    assert_type(nefertiti.score_breakdown(nefertiti.setup(nefertiti.config(4))), tuple[dict[str, int], ...])
    first_step(nefertiti, nefertiti.setup(nefertiti.config(4)))


def loaded_with_checks(game_id: str) -> None:
    assert_type(nilerules.load("sobek"), GameModule[SobekGame])
    assert_type(nilerules.load("ra").game, RaGame)
    assert_type(nilerules.checks.load("nefertiti").game, NefertitiGame)
    assert_type(nilerules.load_game(game_id), Game[Any, Any])
    assert_type(nilerules.load(game_id).game, Game[Any, Any])
    unknown = load_game(game_id)
    assert_type(unknown.scores(unknown.setup(unknown.config(2))), tuple[int, ...])

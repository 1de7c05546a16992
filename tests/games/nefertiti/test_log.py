"""Issue 13: Nefertiti actions and chance outcomes serialise with names; the tagged form of older logs still loads."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nilerules.core import CHANCE, log_from_json, playout, replay
from nilerules.core.codec import from_data, to_data
from nilerules.core.log import GameLog, state_digest
from nilerules.errors import MalformedAction
from nilerules.games import load_game
from nilerules.games.nefertiti.actions import DrawCard, NefAction, Place, PlaceNeutral, Swap, TakeCard
from nilerules.games.nefertiti.cards import slot
from nilerules.games.nefertiti.names import CHAIR, GIZEH, HARBOR

GAME = load_game("nefertiti")
TAGGED = Path(__file__).with_name("tagged_log_v2.json")


def test_actions_are_written_with_names() -> None:
    """A draw names the card, a placement the market, a card in a market its flags (the documented forms)."""
    assert GAME.action_to_data(DrawCard(CHAIR)) == {"draw": "chair"}
    assert GAME.action_to_data(Place(GIZEH, 2)) == {"place": "gizeh", "square": 2}
    assert GAME.action_to_data(PlaceNeutral(HARBOR, 0)) == {"place_neutral": "harbor", "square": 0}
    assert GAME.action_to_data(TakeCard(slot(CHAIR, sealed=True))) == {"take": "chair/sealed"}
    assert GAME.action_to_data(Swap(-1, GIZEH, slot(CHAIR))) == {"wandering_thief": "gizeh", "card": "chair"}


@pytest.mark.parametrize(
    ("players", "modules"),
    [(2, ("harbor", "characters")), (4, ("characters",)), (5, ("harbor", "characters")), (3, ("scenario",))],
)
def test_every_action_met_in_play_round_trips_through_names(players: int, modules: tuple[str, ...]) -> None:
    """Every legal action and chance outcome of seeded games decodes back from its named, JSON form."""
    rng = random.Random(players)
    state = GAME.setup(GAME.config(players, modules))
    while not GAME.is_terminal(state):
        options: list[NefAction] = (
            [a for a, _ in GAME.chance_outcomes(state)]
            if GAME.current_player(state) is CHANCE
            else list(GAME.legal_actions(state))
        )
        for action in options:
            data = json.loads(json.dumps(GAME.action_to_data(action)))
            assert "type" not in (data if isinstance(data, dict) else {})
            assert GAME.action_from_data(data) == action
        state = GAME.apply(state, rng.choice(options))


def test_an_older_tagged_log_still_loads() -> None:
    """A log written before names (tagged actions such as {"type": "DrawCard", "card": 3}) still loads: each action
    decodes to the same action as the tagged decoder gives."""
    log = log_from_json(json.loads(TAGGED.read_text())["log"])
    for raw in log.actions:
        assert GAME.action_from_data(raw) == from_data(NefAction, raw)


def test_a_log_in_the_tagged_form_replays() -> None:
    """The decoder for the old form is used by replay: a current game written with tagged actions replays."""
    result = playout(GAME, GAME.config(4, ("characters",)), seed=4)
    tagged = tuple(to_data(a) for a in result.actions)
    log = GameLog(
        "nefertiti", GAME.info.version, GAME.spec.digest, result.config, tagged, state_digest(GAME, result.final)
    )
    assert replay(GAME, log) == result.final


def test_a_malformed_named_action_is_refused_with_the_value() -> None:
    """Unknown action keys and unknown names are MalformedAction naming the input."""
    with pytest.raises(MalformedAction, match="unknown action"):
        GAME.action_from_data({"dance": "chair"})
    with pytest.raises(MalformedAction, match="camel"):
        GAME.action_from_data({"draw": "camel"})
    with pytest.raises(MalformedAction, match="square"):
        GAME.action_from_data({"place": "gizeh", "square": -1})

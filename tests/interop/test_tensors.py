"""Observation tensors and information states: every view of random games fits its layout, the numbers of a
documented position are the ones its document gives, and what a seat cannot see changes none of its numbers."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from nilerules.core import Config
from nilerules.games import load_game
from nilerules.interop.layouts import layout
from nilerules.interop.tensors import Layout, observation_view
from tests.helpers import seeded_states
from tests.interop.cases import all_modules, smallest_and_largest


def configs(game_id: str, players: int) -> Iterator[Config]:
    """The default config with every module, and every ambiguity at its last reading (without modules)."""
    game = load_game(game_id)
    yield game.config(players, all_modules(game_id))
    last = {a: amb.reading_names()[-1] for a, amb in sorted(game.spec.ambiguities.items())}
    yield game.config(players, readings=last)


def unencoded(lay: Layout, view: dict[str, Any]) -> list[str]:
    """The top-level keys of a view that the layout neither encodes nor lists as left out (a seat's own key, as in
    Nile Artefacts, counts as ``<seat>``)."""
    known = lay.keys() | {key for key, _ in lay.left_out}
    return sorted(k for k in view if (k if not k.isdigit() else "<seat>") not in known)


def nonzero(lay: Layout, vector: Any) -> dict[str, float]:
    """The labels of the non-zero numbers of a vector, with their values."""
    labels = [label for _, f in lay.offsets() for label in f.labels]
    return {labels[i]: float(vector[i]) for i in np.flatnonzero(vector)}


@pytest.mark.parametrize(("game_id", "players"), smallest_and_largest())
def test_every_view_of_random_games_fits_the_layout(game_id: str, players: int) -> None:
    """Random games under the default and the last readings, every 5th state, every seat: the tensor has the
    layout's size, lies within its bounds, and every key of the view is encoded or left out with a reason."""
    game = load_game(game_id)
    for config in configs(game_id, players):
        lay = layout(game, config)
        low, high = lay.bounds()
        for state in seeded_states(game, config, seed=2)[::5]:
            for seat in range(players):
                view = observation_view(game, state, seat)
                vector = lay.encode(view, seat)
                assert vector.shape == (lay.size,)
                assert np.all(low <= vector) and np.all(vector <= high)
                assert unencoded(lay, view) == [], (config, seat)


def test_the_key_check_sees_a_key_the_layout_drops() -> None:
    """The check itself: a Ra layout without its phase field leaves the view's ``phase`` unencoded."""
    game = load_game("ra")
    config = game.config(3, all_modules("ra"))
    full = layout(game, config)
    broken = Layout("ra", config, tuple(f for f in full.fields if f.key != "phase"), full.left_out)
    view = observation_view(game, seeded_states(game, config, seed=0)[3], 0)
    assert unencoded(full, view) == [] and unencoded(broken, view) == ["phase"]


def test_ra_document_example_by_hand() -> None:
    """docs/positions.md's Ra example (epoch 1, 3 players with Traders, seat 2 to move) from seat 2's chair: seat+0
    is seat 2, seat+1 seat 0, seat+2 seat 1; every number the document writes is there, and nothing else but the
    defaults it states (epoch 1, phase turn, each seat's disk set, score 10 = the example's '10 + ...')."""
    game = load_game("ra")
    config = game.config(3, ["traders"])
    data = {
        "ra_track": 7, "center": 3, "auction_track": ["gold", "trader", "funeral"], "to_move": 2,
        "seats": {
            "0": {"pharaoh": 2, "nile": 3, "flood": 1, "civ_art": 1, "civ_writing": 1, "civ_religion": 1, "gold": 1,
                  "trader": 1, "sun_disks": [5, 8, 13], "face_down": [1]},
            "1": {"pharaoh": 2, "god": 1, "trader": 2, "civ_astronomy": 1, "monument_pyramid": 2,
                  "sun_disks": [6, 9, 12], "face_down": [2]},
            "2": {"nile": 2, "gold": 1},
        },
    }
    state = game.position(config, data)
    lay = layout(game, config)
    found = nonzero(lay, lay.encode(observation_view(game, state, 2), 2))
    disks = {"seat+0.sun_disks.4", "seat+0.sun_disks.7", "seat+0.sun_disks.10", "seat+0.sun_disks.11"}
    expected = {
        "phase=turn": 1, "to_move=seat+0": 1, "epoch=1": 1, "ra_track": 7, "center=3": 1,
        "auction_track.gold": 1, "auction_track.trader": 1, "auction_track.funeral": 1,
        "seat+0.tiles.nile": 2, "seat+0.tiles.gold": 1, **dict.fromkeys(disks, 1), "seat+0.score": 10,
        "seat+1.tiles.pharaoh": 2, "seat+1.tiles.nile": 3, "seat+1.tiles.flood": 1, "seat+1.tiles.civ_art": 1,
        "seat+1.tiles.civ_writing": 1, "seat+1.tiles.civ_religion": 1, "seat+1.tiles.gold": 1,
        "seat+1.tiles.trader": 1, "seat+1.sun_disks.5": 1, "seat+1.sun_disks.8": 1, "seat+1.sun_disks.13": 1,
        "seat+1.face_down.1": 1, "seat+1.score": 10, "seat+1.traders_claimed": 1,
        "seat+2.tiles.pharaoh": 2, "seat+2.tiles.god": 1, "seat+2.tiles.trader": 2, "seat+2.tiles.civ_astronomy": 1,
        "seat+2.tiles.monument_pyramid": 2, "seat+2.sun_disks.6": 1, "seat+2.sun_disks.9": 1,
        "seat+2.sun_disks.12": 1, "seat+2.face_down.2": 1, "seat+2.score": 10, "seat+2.traders_claimed": 2,
    }
    assert expected == {k: v for k, v in found.items() if not k.endswith(".crates")}
    assert found["seat+1.crates"] == 2  # 'seat 0 holds 2 Goods Crates (2 Traders claimed x its 1 Trader)'


# -- hidden cards, through OpenSpiel ---------------------------------------------------------------------------------
def branches(pyspiel: ModuleType, game_id: str, players: int, at: int, readings: str = "") -> tuple[Any, Any]:
    """Two OpenSpiel games of ``game_id`` played alike but for the chance outcome of step ``at`` (its first two
    outcomes), then on 40 more steps with the smallest id both allow (chance and players alike)."""
    params = {"players": players, **({"readings": readings} if readings else {})}
    game = pyspiel.load_game(f"nilerules_{game_id}", params)
    one = game.new_initial_state()
    for _ in range(at):
        one.apply_action(one.chance_outcomes()[0][0] if one.is_chance_node() else one.legal_actions()[0])
    assert one.is_chance_node()
    two = one.clone()
    first, second = (a for a, _ in one.chance_outcomes()[:2])
    one.apply_action(first)
    two.apply_action(second)
    for _ in range(40):
        if one.is_terminal():
            break
        ids = [a for a, _ in one.chance_outcomes()] if one.is_chance_node() else one.legal_actions()
        ids2 = [a for a, _ in two.chance_outcomes()] if two.is_chance_node() else two.legal_actions()
        common = sorted(set(ids) & set(ids2))
        one.apply_action(common[0])
        two.apply_action(common[0])
    return one, two


def seen(state: Any, seat: int) -> tuple[str, list[float], str, list[float]]:
    return (
        state.observation_string(seat),
        state.observation_tensor(seat),
        state.information_state_string(seat),
        state.information_state_tensor(seat),
    )


def test_a_green_card_dealt_to_an_opponent_changes_nothing_the_seat_sees(pyspiel: ModuleType) -> None:
    """Sobek, 3 players: seat 1's first green-backed card (step 7 of the set-up: 5 event tokens, 2 green cards for
    seat 0) is a marble or a cattle; 40 steps on, seat 0's observation and information state, string and tensor, are
    the same in both games ('Nine of the cards have a different coloured back', seed 002), while seat 1's differ."""
    one, two = branches(pyspiel, "sobek", 3, at=7)
    assert str(one) != str(two)
    assert seen(one, 0) == seen(two, 0) and seen(one, 2) == seen(two, 2)
    assert seen(one, 1)[0] != seen(two, 1)[0] and seen(one, 1)[2] != seen(two, 1)[2]


def test_a_green_back_that_shows_its_kind_is_seen(pyspiel: ModuleType) -> None:
    """The placebo of the test above: under SOB-022's kind_known reading a green back shows its goods type, so seat
    0's observation tensor tells the two games apart."""
    one, two = branches(pyspiel, "sobek", 3, at=7, readings="thief_backs:kind_known")
    assert one.observation_tensor(0) != two.observation_tensor(0)


def test_a_card_under_the_gift_pile_changes_nothing_anyone_sees(pyspiel: ModuleType) -> None:
    """Nefertiti, 3 players: the first card drawn face down under the Gift pile (step 7: after the first player and
    six Characters) is a senet or a senet_x2; no seat's observation or information state tells them apart ('drawn
    face down', reference/nefertiti.md)."""
    one, two = branches(pyspiel, "nefertiti", 3, at=7)
    assert str(one) != str(two)
    for seat in range(3):
        assert seen(one, seat) == seen(two, seat)


@pytest.mark.parametrize("game_id", ["ra", "sobek"])
def test_the_information_state_replays_the_observations(pyspiel: ModuleType, game_id: str) -> None:
    """Perfect recall: applying the record's changes in turn to its first view gives the seat's view at every step,
    and its own actions are named where it moved (a seeded random game of 30 steps)."""
    import json

    from nilerules.interop.recall import patch

    game = pyspiel.load_game(f"nilerules_{game_id}", {"players": 2})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(30):
        mover = state.current_player()
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        lines = [json.loads(line) for line in state.information_state_string(0).splitlines()]
        view = lines[0]["position"]
        for line in lines[1:]:
            view = patch(view, line["saw"])
        assert json.loads(state.observation_string(0))["position"] == view
        assert ("did" in lines[-1]) == (mover == 0)


def test_observation_tensor_is_the_layout_of_the_view(pyspiel: ModuleType) -> None:
    """OpenSpiel's tensors are the layout's encoding of the view; the information state tensor starts with it, and
    its last part counts the seat's own actions (the record's ``did`` lines)."""
    game = pyspiel.load_game("nilerules_nefertiti", {"players": 2})
    state = game.new_initial_state()
    for _ in range(60):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[-1])
    node = state.node
    lay = node.context.layout
    expected = lay.encode(observation_view(node.context.game, node.state, 1), 1)
    assert list(expected) == state.observation_tensor(1)
    info = np.asarray(state.information_state_tensor(1))
    assert list(info[: lay.size]) == list(expected)
    own = state.information_state_string(1).count('"did":')
    assert own > 0 and info[2 * lay.size :].sum() == own
    assert game.observation_tensor_shape() == [lay.size]
    assert game.information_state_tensor_shape() == [2 * lay.size + len(node.context.space.actions)]


def test_serialization_keeps_what_each_seat_remembers(pyspiel: ModuleType) -> None:
    """A state deserialized has the same information states (string and tensor) as the one serialized."""
    game = pyspiel.load_game("nilerules_sobek", {"players": 2})
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    again = game.deserialize_state(state.serialize())
    for seat in range(2):
        assert seen(again, seat) == seen(state, seat)


class Flat:
    """An ISMCTS evaluator that costs nothing: uniform priors, every leaf worth 0 (the test is of the information
    states and the resampling, not of the search's strength)."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("game_id", ["sobek", "nefertiti"])
def test_openspiel_s_ismcts_plays_a_whole_game(pyspiel: ModuleType, game_id: str) -> None:
    """OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``) plays every seat of a 2-player
    game to the end: at each decision it resamples states from the mover's information state and checks that each
    has the same information state (its own assertion), then searches them."""
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game(f"nilerules_{game_id}", {"players": 2})
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, Flat(), uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
            decisions += 1
    assert decisions > 0 and sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", ["ra", "nile_artefacts", "sobek", "nefertiti"])
def test_the_view_encoded_is_the_game_s_observation(game_id: str) -> None:
    """The one function the encodings are written from gives the game's own observation (``game.observation``,
    core/seen.py) as data: every 9th state of a seeded 3-player game, every seat."""
    game = load_game(game_id)
    config = game.config(3, all_modules(game_id))
    for state in seeded_states(game, config, seed=5)[::9]:
        for seat in range(3):
            assert observation_view(game, state, seat) == game.observation(state, seat).data()


@pytest.mark.parametrize("game_id", ["sobek", "nefertiti"])
def test_a_determinization_leaves_the_seat_s_tensor_unchanged(game_id: str) -> None:
    """``game.determinize`` deals again what the seat cannot see: the seat's observation tensor is the same in the
    dealt state, while the dealt states differ from the true ones (in Sobek, the next seat sees its new hand: the
    change is real)."""
    import random

    game = load_game(game_id)
    config = game.config(3, all_modules(game_id))
    lay = layout(game, config)
    rng = random.Random(0)
    changed = seen_by_next = 0
    for state in seeded_states(game, config, seed=6)[::11]:
        dealt = game.determinize(state, 0, rng)
        before, after = (lay.encode(observation_view(game, s, 0), 0) for s in (state, dealt))
        assert np.array_equal(before, after)
        changed += game.position_data(dealt) != game.position_data(state)
        next_before, next_after = (lay.encode(observation_view(game, s, 1), 1) for s in (state, dealt))
        seen_by_next += not np.array_equal(next_before, next_after)
    assert changed > 0
    if game_id == "sobek":
        assert seen_by_next > 0

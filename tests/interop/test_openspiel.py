"""The OpenSpiel adapter under OpenSpiel's own harness (``pyspiel.random_sim_test``: legal actions sorted and
unique, masks, clones, chance outcomes summing to 1, returns within the utilities and summing as declared, history,
game length, serialization round trips), and the parts of it that harness cannot judge, by hand."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from nilerules.errors import InvalidConfig, InvalidState, MalformedAction
from tests.interop.cases import all_modules, smallest_and_largest

SIMULATIONS = 1
"""Random games per game, player count and serialization setting: 16 games in all, about a minute of CPU (the
harness asks every seat's observation and information state, string and tensor, at every step)."""


def load(pyspiel: ModuleType, game_id: str, players: int, **params: Any) -> Any:
    modules = ",".join(all_modules(game_id))
    return pyspiel.load_game(f"nilerules_{game_id}", {"players": players, "modules": modules, **params})


def sim_cases() -> list[Any]:
    """Every game at its smallest and largest count, with and without serialization. Whole random games cost the
    most: the run without serialization repeats what the run with it covers, and the largest count what the smallest
    covers, so ``nox -s tests`` (under coverage) runs each game's smallest count with serialization, and the other
    three are ``slow``: ``nox -s compiled`` runs them, where a game costs about a fifth."""
    cases = []
    for game_id, players in smallest_and_largest():
        smallest = players == min(n for g, n in smallest_and_largest() if g == game_id)
        for serialize in (True, False):
            marks = () if smallest and serialize else (pytest.mark.slow,)
            cases.append(pytest.param(game_id, players, serialize, marks=marks))
    return cases


@pytest.mark.parametrize(("game_id", "players", "serialize"), sim_cases())
def test_random_sim_test(pyspiel: ModuleType, game_id: str, players: int, serialize: bool) -> None:
    """OpenSpiel's random simulation test passes for every game at its smallest and largest count."""
    pyspiel.random_sim_test(load(pyspiel, game_id, players), num_sims=SIMULATIONS, serialize=serialize, verbose=False)


def test_the_harness_sees_chance_outcomes_that_do_not_sum_to_one(
    pyspiel: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The harness itself: an adapter whose chance probabilities sum to 0.9 fails it."""
    from nilerules.interop.openspiel import NileRulesState

    exact = NileRulesState.chance_outcomes
    monkeypatch.setattr(NileRulesState, "chance_outcomes", lambda self: [(a, 0.9 * p) for a, p in exact(self)])
    with pytest.raises(pyspiel.SpielError, match="sum"):
        pyspiel.random_sim_test(load(pyspiel, "sobek", 2), num_sims=1, serialize=False, verbose=False)


def test_the_brief_s_game_loads_and_its_string_loads_it_again(pyspiel: ModuleType) -> None:
    """``load_game`` with the parameters of issue 22; OpenSpiel's game string (it splits on '=' and ',') keeps
    the readings as 'a:x' and loads the same game."""
    params = {"players": 4, "modules": "traders", "readings": "pharaoh_all_tie=nobody"}
    game = pyspiel.load_game("nilerules_ra", params)
    assert str(game) == "nilerules_ra(modules=traders,players=4,readings=pharaoh_all_tie:nobody)"
    assert game.num_players() == 4
    assert game.context.config.reading("pharaoh_all_tie") == "nobody"
    assert str(pyspiel.load_game(str(game))) == str(game)
    two = pyspiel.load_game("nilerules_ra(players=3,readings=pharaoh_all_tie:nobody;sun_all_tie:nobody)")
    assert dict(two.context.config.readings)["sun_all_tie"] == "nobody"


def test_bad_parameters_name_what_is_wrong(pyspiel: ModuleType) -> None:
    """Players out of range, a malformed reading, an unknown one: one readable message each."""
    with pytest.raises(InvalidConfig, match="7 players is not supported"):
        pyspiel.load_game("nilerules_ra", {"players": 7})
    with pytest.raises(InvalidConfig, match="ambiguity=reading pairs, got 'nonsense'"):
        pyspiel.load_game("nilerules_ra", {"players": 3, "readings": "nonsense"})
    with pytest.raises(InvalidConfig, match="unknown ambiguity 'colour'"):
        pyspiel.load_game("nilerules_sobek", {"players": 3, "readings": "colour=red"})
    with pytest.raises(InvalidConfig, match="two readings"):
        pyspiel.load_game("nilerules_sobek", {"players": 3, "readings": "event_choice=blind;event_choice=choose"})


def test_parameters_read_directly_are_checked_too(pyspiel: ModuleType) -> None:
    """What pyspiel checks before calling the adapter (names, types) the adapter checks again when called directly."""
    from nilerules.interop.openspiel import parse_parameters

    with pytest.raises(InvalidConfig, match="unknown parameters \\['colour'\\]"):
        parse_parameters("ra", {"colour": "red"})
    with pytest.raises(InvalidConfig, match="players must be an integer, got '3'"):
        parse_parameters("ra", {"players": "3"})
    with pytest.raises(InvalidConfig, match="modules must be a string, got 3"):
        parse_parameters("ra", {"players": 3, "modules": 3})
    key = parse_parameters("nefertiti", {"players": 2, "modules": "harbor;characters,harbor", "readings": " a : b "})
    assert (key.modules, key.readings) == (("characters", "harbor"), (("a", "b"),))


def test_chance_probabilities_are_the_exact_fractions(pyspiel: ModuleType) -> None:
    """Ra with Traders, 3 players (reference/ra.md): the deal hands out 3 disk sets, 3! = 6 ways of 1/6; the first
    tile comes from a bag of 180 tiles and 20 Traders, 30 of them Ra: 30/200."""
    state = load(pyspiel, "ra", 3).new_initial_state()
    assert [p for _, p in state.chance_outcomes()] == [1 / 6] * 6
    state.apply_action(state.chance_outcomes()[0][0])
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["draw", "invoke_ra"]
    state.apply_action(state.legal_actions()[0])
    outcomes = dict(state.chance_outcomes())
    names = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): p for a, p in outcomes.items()}
    assert names['{"draw":"ra"}'] == 30 / 200
    assert names['{"draw":"trader"}'] == 20 / 200


def test_serialize_goes_through_the_codec_and_checks_the_spec(pyspiel: ModuleType) -> None:
    """A state pickles as its JSON in our codec; unpickling checks it against the spec before decoding."""
    from nilerules.interop.openspiel import thaw

    game = load(pyspiel, "sobek", 3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    restore, (key, text, memories) = state.node.__reduce__()
    assert len(memories) == 3  # what each seat remembers (its record and its peak) travels with the state
    assert restore is thaw and '"type":"SobekState"' in text
    with pytest.raises(InvalidState, match="rule parameters differ"):
        thaw(key, text.replace('"delivery_size":9', '"delivery_size":90'))
    with pytest.raises(MalformedAction):
        thaw(key, text[:-5])


def test_observations_hide_what_the_seat_cannot_see(pyspiel: ModuleType) -> None:
    """Sobek: each seat's observation names its own hand and only the backs of the others'; the game type says
    imperfect information for Sobek and Nefertiti, perfect for Ra and Nile Artefacts."""
    game = load(pyspiel, "sobek", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    own = state.observation_string(0)
    assert own.startswith('{"observer":0,') and '"hand_backs":{"green":2}' in own
    assert str(state).count('"hand":') == 2 and own.count('"hand":') == 1
    information = pyspiel.GameType.Information
    kinds = {g: load(pyspiel, g, 2).get_type().information for g in ("ra", "nile_artefacts", "sobek", "nefertiti")}
    assert kinds == {
        "ra": information.PERFECT_INFORMATION,
        "nile_artefacts": information.PERFECT_INFORMATION,
        "sobek": information.IMPERFECT_INFORMATION,
        "nefertiti": information.IMPERFECT_INFORMATION,
    }
    record = state.information_state_string(0).splitlines()  # the set-up as seat 0 saw it, then a line a step
    assert len(record) == len(state.history()) + 1 and record[0].startswith('{"observer":0,')


def test_an_illegal_id_is_refused_by_the_rules(pyspiel: ModuleType) -> None:
    """An id outside the space is malformed; an id in the space that the rules forbid is the rules' IllegalAction."""
    from nilerules.errors import IllegalAction

    game = load(pyspiel, "ra", 2)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(MalformedAction, match="is not an action id"):
        state.apply_action(10_000)
    with pytest.raises(IllegalAction):  # seat 0 holds no God tile at the start
        state.apply_action(game.context.space.action_names.index('{"god":"gold"}'))

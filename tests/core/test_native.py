"""The native state records' shared behaviour (``nilerules.core.native.NativeState``), in the games that have one."""

from __future__ import annotations

import pickle

import pytest

from nilerules.games import load_game

GAMES = ("nefertiti", "sobek", "nile_artefacts")


def _setup(game_id: str) -> object:
    game = load_game(game_id)
    return game.setup(game.config(game.info.player_counts[0]))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_state_is_a_value_that_survives_pickling(game_id: str) -> None:
    """Workers send states through pickle: the copy equals the original and hashes alike, and is another object."""
    state = _setup(game_id)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and (copy != state) is False and hash(copy) == hash(state) and copy is not state


@pytest.mark.parametrize("game_id", GAMES)
def test_repr_names_the_class_and_every_field_in_order(game_id: str) -> None:
    """``NefState(config=..., params=..., ...)``: the field names of ``field_names()``, in order."""
    state = _setup(game_id)
    text = repr(state)
    names = state.field_names()  # type: ignore[attr-defined]
    assert text.startswith(f"{type(state).__name__}(config=")
    at = 0
    for name in names[1:]:  # each after the one before it
        at = text.index(f", {name}=", at) + 1
    assert text.endswith(")")


@pytest.mark.parametrize("game_id", GAMES)
def test_replace_changes_the_one_field_named(game_id: str) -> None:
    """``_replace(to_move=...)`` as a NamedTuple's: the named field changes, the others stay."""
    state = _setup(game_id)
    changed = state._replace(to_move=1)  # type: ignore[attr-defined]
    names = state.field_names()  # type: ignore[attr-defined]
    differing = [n for n, a, b in zip(names, state.fields(), changed.fields(), strict=True) if a != b]  # type: ignore[attr-defined]
    assert (changed.to_move, differing) == (1, [] if state.to_move == 1 else ["to_move"])  # type: ignore[attr-defined]


def test_states_of_two_games_are_never_equal() -> None:
    """Equality is within one class: comparing two games' states gives False, not an error."""
    assert _setup("nefertiti") != _setup("sobek")

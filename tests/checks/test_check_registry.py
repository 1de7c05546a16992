"""The check registry (``nilerules.checks.registry``): ``@check`` beside each check binds it to its ambiguity id."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.registry import check, game_of, register, registered
from nilerules.core.registry import RegistrationError
from nilerules.errors import SpecError

GAMES = ("ra", "nile_artefacts", "sobek", "nefertiti")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ambiguity_of_the_spec_has_one_registered_check_in_spec_order(game_id: str) -> None:
    """The spec lists the ambiguities (specs/<game>.toml); load gives exactly one check per ambiguity, in its order."""
    module = load(game_id)
    assert list(module.game.spec.ambiguities) == list(module.checks)


def test_a_check_is_registered_under_the_game_of_its_package() -> None:
    """``nilerules.checks.<game>.<theme>`` names the game; a module elsewhere must name it itself."""
    assert game_of("nilerules.checks.sobek.scores") == "sobek"
    with pytest.raises(RegistrationError, match=r"outside nilerules\.checks"):
        game_of("tests.toys.tally")


def _dummy(game: Any, budget: Budget) -> CheckResult:
    raise NotImplementedError


def test_an_ambiguity_bound_twice_is_refused() -> None:
    """Registration fails loudly on a duplicate, as ``@rule`` does."""
    register("registry_test_game", "twice", _dummy)
    with pytest.raises(RegistrationError, match="two checks"):
        register("registry_test_game", "twice", _dummy)
    with pytest.raises(RegistrationError, match="malformed"):
        register("registry_test_game", "Not An Id", _dummy)
    assert list(registered("registry_test_game")) == ["twice"]


def test_the_decorator_returns_the_function_untouched() -> None:
    """``@check`` registers and hands back the very function (compiled functions have no ``__dict__`` to mark)."""
    _dummy.__module__ = "nilerules.checks.registry_test_game2.theme"
    assert check("untouched")(_dummy) is _dummy
    assert registered("registry_test_game2") == {"untouched": _dummy}


def test_a_spec_ambiguity_without_a_check_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spec ambiguity whose check is not registered fails to load, naming the ambiguity."""
    from nilerules.checks import registry

    load("ra")  # imports the package, so its checks are registered
    monkeypatch.delitem(registry._BY_GAME["ra"], "pharaoh_all_tie")
    with pytest.raises(SpecError, match=r"ambiguities\.pharaoh_all_tie: no divergence check implements it"):
        load("ra")


def test_every_played_nefertiti_check_has_its_seeded_play_search() -> None:
    """A check searched in seeded play first (``@check(name)`` in checks/nefertiti) finds its theme's search."""
    from nilerules.checks.nefertiti import THEMES
    from nilerules.checks.nefertiti.checks import play_search

    searched = {name for theme in THEMES for name in theme.SEARCHES}
    assert searched <= set(load("nefertiti").checks)
    assert all(play_search(name) is not None for name in searched)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_check_says_what_it_checks(game_id: str) -> None:
    """Issue 33: a docstring on every check."""
    undocumented = [a for a, run in load(game_id).checks.items() if not (run.__doc__ or "").strip()]
    assert undocumented == []

"""The fair strong player (``POLICIES["strong"]``): it searches determinizations of what the mover's seat sees, so
its choice depends only on the mover's observation and the seed; the all-seeing search stays as ``omniscient``.

Expected values: what a seat sees is the seeds' (docs/interop.md: 002, an opponent's hand shows its backs; 004, the
cards under the Gift pile are drawn face down; 000 and 001 hide nothing), so a card changed where the seat cannot see
it must leave the choice unchanged, and in Ra and Nile Artefacts the fair player is the all-seeing one move for move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from nilerules import load_game
from nilerules.core import CHANCE, playout
from nilerules.core.search import SearchBudget, SearchPolicy, search
from nilerules.core.seeded import decisions
from nilerules.errors import InvalidConfig
from tests.property.test_determinization import SWAPS

SMALL = SearchBudget(simulations=24)
"""A small budget: the properties hold at any budget, and this one keeps the tests fast."""


def _sample(game: Any, config: Any) -> list[Any]:
    """Every fifth decision of three seeded random games: the decisions both checks below look at."""
    return [state for seed in (1, 2, 3) for state in decisions(game, config, seed, 400)[::5]]


@pytest.mark.parametrize(("game_id", "modules"), [("sobek", ()), ("nefertiti", ())])
def test_changing_an_unseen_opponent_card_leaves_the_fair_choice_unchanged(game_id: str, modules: tuple[str, ...]
                                                                           ) -> None:
    """A card the mover cannot see exchanged for another it cannot see (an opponent's Sobek card for one of the same
    back, a Gift card under the Nefertiti pile for one of the pile): the fair player, same seed, same move."""
    game = load_game(game_id)
    fair = SearchPolicy(SMALL)
    compared = 0
    for state in _sample(game, game.config(3, modules)):
        mover = game.current_player(state)
        changed = SWAPS[game_id](game, state, mover)
        if changed is None:
            continue
        assert game.observation(state, mover) == game.observation(changed, mover)
        assert fair(game, state, random.Random(9)) == fair(game, changed, random.Random(9))
        compared += 1
    assert compared >= 5  # enough decisions had a card to change (else the test would pass vacuously)


def test_the_fair_player_searches_worlds_that_are_not_the_true_state() -> None:
    """Against a vacuous pass of the test above: in Sobek the determinizations the fair search plays in differ from
    the true state (002: an opponent's hand is hidden but its backs), so its rollouts are not those of the true
    state."""
    game = load_game("sobek")
    state = decisions(game, game.config(3), 1, 400)[20]
    mover = game.current_player(state)
    worlds = {game.determinize(state, mover, random.Random(k)) for k in range(10)}
    assert state not in worlds or len(worlds) > 1
    assert len(worlds) > 1


@pytest.mark.parametrize("game_id", ["ra", "nile_artefacts"])
def test_in_a_game_that_hides_nothing_the_fair_player_is_the_all_seeing_one(game_id: str) -> None:
    """000 and 001 hide nothing but chance: the fair and the all-seeing search choose the same moves (same seeds),
    and their search draws the same numbers, so whole games are the same."""
    game = load_game(game_id)
    config = game.config(3)
    fair = SearchPolicy(SearchBudget(simulations=8))
    seeing = SearchPolicy(SearchBudget(simulations=8), name="omniscient", sees="all")
    for state in decisions(game, config, 2, 300)[::25]:
        assert search(game, state, random.Random(4), fair.budget) == search(
            game, state, random.Random(4), seeing.budget, "all")
    first = playout(game, config, 3, [fair, "greedy", "greedy"])
    second = playout(game, config, 3, [seeing, "greedy", "greedy"])
    assert first.actions == second.actions


def test_what_the_player_sees_is_checked() -> None:
    """``sees`` is "seat" or "all"; anything else is refused at the edge."""
    with pytest.raises(InvalidConfig, match="sees must be one of seat, all"):
        SearchPolicy(sees="everything")  # type: ignore[arg-type]


def test_the_all_seeing_player_does_change_its_choice_when_an_unseen_card_changes() -> None:
    """The check above can fail: at the same Sobek decisions and seeds, the all-seeing search (which sees the
    changed card) chooses another move at least once."""
    game = load_game("sobek")
    seeing = SearchPolicy(SMALL, name="omniscient", sees="all")
    moved = 0
    for state in _sample(game, game.config(3)):
        changed = SWAPS["sobek"](game, state, game.current_player(state))
        if changed is not None:
            moved += seeing(game, state, random.Random(9)) != seeing(game, changed, random.Random(9))
    assert moved >= 1


def _a_choice_among_hidden_cards(game: Any, config: Any) -> Any:
    """The first decision of a seeded random game where a determinization of the mover's observation gives the mover
    other legal moves than the true state (the mover picks among cards its observation hides)."""
    for seed in range(40):
        rng = random.Random(seed)
        state = game.setup(config)
        while not game.is_terminal(state):
            mover = game.current_player(state)
            if mover is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            worlds = (game.determinize(state, mover, random.Random(k)) for k in range(3))
            if len(legal) > 1 and any(game.legal_actions(w) != legal for w in worlds):
                return state
            state = game.apply(state, rng.choice(legal))
    raise AssertionError("no decision among hidden cards in 40 games")


def test_the_fair_player_only_plays_moves_of_the_true_state_when_its_options_name_hidden_cards() -> None:
    """Sobek under SOB-025's reading ``scribe_player`` (``scribe_chooser``: the Scribe's player chooses which of the
    opponent's cards go): the Scribe's player picks among an opponent's hand, which its observation shows only as
    backs, so a world that re-deals that hand gives it other moves. The fair player must still choose a move of the
    true state (the default report once ended in "illegal action ChooseCard" there); its options tell it what it
    chooses among."""
    game = load_game("sobek")
    state = _a_choice_among_hidden_cards(game, game.config(2, readings={"scribe_chooser": "scribe_player"}))
    legal = game.legal_actions(state)
    for seed in range(4):
        assert SearchPolicy(SMALL)(game, state, random.Random(seed)) in legal

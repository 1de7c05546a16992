"""The game's own seeded play in the Nile Artefacts checks (``checks.nile_artefacts.shared``): ``random_games`` plays
the seeded games a plain loop plays (``tests.helpers.seeded_states``, written apart from it), ``find_in_play`` stops at
the first step where its condition holds, and ``diverging`` ends the log where the readings part."""

from __future__ import annotations

from functools import cache

from nilerules.checks.nile_artefacts.shared import diverging, find_in_play, random_games
from nilerules.games import load_game
from nilerules.games.nile_artefacts.actions import Action, Done, Move
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.state import PH_NAV, PH_OVER, NAState
from tests.helpers import seeded_states

SEED = 11


@cache
def game() -> NileArtefactsGame:
    g: NileArtefactsGame = load_game("nile_artefacts")
    return g


@cache
def states(seed: int) -> tuple[NAState, ...]:
    return tuple(seeded_states(game(), game().config(2), seed))


def test_random_games_are_the_seeded_games_and_show_every_position_before_an_action() -> None:
    """Game ``i`` is the seeded game of ``seed + i``: its positions before each action are observed, in order, and its
    final state is returned."""
    seen: list[NAState] = []
    finals = random_games(game(), 2, {}, 2, SEED, seen.append)
    assert finals == [states(SEED)[-1], states(SEED + 1)[-1]]
    assert seen == [*states(SEED)[:-1], *states(SEED + 1)[:-1]]


def test_find_in_play_stops_at_the_first_step_whose_condition_holds() -> None:
    """The first navigation stage of the seeded game: the step before the first position in navigation."""
    line = states(SEED)
    first = next(i for i, s in enumerate(line) if s.phase == PH_NAV)

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        return after.phase == PH_NAV

    met = find_in_play(game(), game().config(2), [SEED], stop)
    assert met is not None
    assert (met.seed, len(met.actions), met.before) == (SEED, first - 1, line[first - 1])
    assert game().apply(met.before, met.action) == line[first]


def test_find_in_play_sees_the_last_step_and_the_next_seed() -> None:
    """A condition on the position ending the game holds at the game's last step; one that holds in the second
    seed's game only is found there; one that never holds gives None."""
    last = find_in_play(game(), game().config(2), [SEED], lambda b, a, c: c.phase == PH_OVER)
    assert last is not None and last.before == states(SEED)[-2]
    target = states(SEED + 1)[40]
    later = find_in_play(game(), game().config(2), [SEED, SEED + 1], lambda b, a, c: c == target)
    assert later is not None and (later.seed, len(later.actions)) == (SEED + 1, 39)
    assert find_in_play(game(), game().config(2), [SEED], lambda b, a, c: False) is None


def test_diverging_ends_the_log_before_a_step_one_reading_forbids_and_after_one_all_allow() -> None:
    """A Done with nothing offered, by a player holding cards, is not legal under empty_offering=at_least_one: the
    log ends before it, and that reading's outcome is the words for the position before the step, marked as not
    legal (the kit's convention). A Move is legal under both coin_space readings: the log ends after it. Either way
    each outcome is what the kit recomputes from the log (``Divergence.figures``)."""

    def passes(before: NAState, action: Action, after: NAState) -> bool:
        return isinstance(action, Done) and not before.offering and bool(before.hands[before.to_move])

    met = find_in_play(game(), game().config(2), [SEED, SEED + 1, SEED + 2], passes)
    assert met is not None
    found = diverging(game(), "empty_offering", met, lambda b, a: "stays" if a is b else "passes")
    assert (found.kind, found.actions, found.outcomes) == (
        "moves",
        met.actions,
        (("may_pass", "passes"), ("at_least_one", "stays (the move played is not legal)")),
    )
    assert [(r, found.figures(game())(r)) for r, _ in found.outcomes] == list(found.outcomes)
    moved = find_in_play(game(), game().config(2), [SEED], lambda b, a, c: isinstance(a, Move))
    assert moved is not None
    found = diverging(game(), "coin_space", moved, lambda b, a: "stays" if a is b else "moved")
    assert (found.kind, found.actions) == ("position", (*moved.actions, moved.action))

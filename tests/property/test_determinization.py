"""What a seat sees and the determinizations sampled from it (``Game.observation``, ``Game.determinize``; the data in
each game's ``seen.py``), over every game.

Expected values: what is hidden is read from the seeds as docs/interop.md quotes them (002: an opponent's hand shows
its backs; 004: the cards under the Gift pile are "drawn face down"); the distribution of the cards dealt again is the
hypergeometric one of a hand calculation from the unaccounted-for counts (cards of a back that the seat cannot see,
shared at random among the places that hold cards of that back).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nilerules import load_game
from nilerules.core import CHANCE
from nilerules.core.seen import Observation, deal, freeze, thaw
from nilerules.games.nefertiti.names import AKH
from nilerules.games.nefertiti.seen import looking
from nilerules.games.sobek.seen import backs
from nilerules.testing.strategies import reachable_states

GAMES = ("ra", "nile_artefacts", "sobek", "nefertiti")
HIDDEN = ("sobek", "nefertiti")
Z: float = 4.5
"""The distribution checks allow each count this many standard deviations from its expectation (derandomized: the
same seeds every run; 30 counts at 4.5 sd would all pass by chance with probability above 0.9998)."""


def _played(game: Any, config: Any, seed: int, steps: int) -> Any:
    """The state after ``steps`` actions of a seeded random game (chance sampled)."""
    rng = random.Random(seed)
    state = game.setup(config)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        mover = game.current_player(state)
        state = game.apply(state, game.sample_chance(state, rng) if mover is CHANCE else rng.choice(
            game.legal_actions(state)))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data())
def test_a_determinization_keeps_the_invariants_the_observation_and_the_movers_moves(game_id: str,
                                                                                       data: st.DataObject) -> None:
    """Every sampled state passes the game's invariants, gives the seat the same observation, and (for the seat to
    move) the same legal actions: what a seat may do depends only on what it sees."""
    game = load_game(game_id)
    state = data.draw(reachable_states(game, max_steps=300))
    players = game.state_config(state).players
    seat = data.draw(st.integers(0, players - 1))
    world = game.determinize(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    assert tuple(game.invariants(world)) == ()
    assert game.observation(state, seat) == game.observation(world, seat)
    # the state itself exactly when the seat sees all of it, whatever the generator (the search relies on it)
    assert (world is state) == (game.determinize(state, seat, random.Random(1)) is state)
    if game.current_player(state) == seat:
        assert game.legal_actions(state) == game.legal_actions(world)


@pytest.mark.parametrize("game_id", ("ra", "nile_artefacts"))
def test_a_game_that_hides_nothing_shows_the_whole_position_and_is_its_own_determinization(game_id: str) -> None:
    """Seeds 000 and 001 hide no component (only the bag and the draw pile, which are chance): every seat sees the
    whole position, and a determinization is the state itself."""
    game = load_game(game_id)
    state = _played(game, game.config(3), 5, 60)
    for seat in range(3):
        assert game.position_data(state) == game.observation(state, seat).data()
        assert game.determinize(state, seat, random.Random(seat)) is state


def _sobek_swap(game: Any, state: Any, seat: int) -> Any | None:
    """``state`` with one card of an opponent's hand exchanged for an unseen card of the same back and another type
    (from the deck or the green pile), or None when no such exchange exists."""
    back_of = backs(state)
    params = state.params
    for opp in range(game.state_config(state).players):
        if opp == seat:
            continue
        for t, n in enumerate(state.hands[opp]):
            if not n:
                continue
            for u in range(len(back_of)):
                pile = "green_pile" if params.green[u] else "deck"
                same = back_of[u] == back_of[t] and params.green[u] == params.green[t]
                if u != t and same and getattr(state, pile)[u]:
                    new = state.copy()
                    hand = list(state.hands[opp])
                    hand[t] -= 1
                    hand[u] += 1
                    source = list(getattr(state, pile))
                    source[u] -= 1
                    source[t] += 1
                    new.hands = tuple(tuple(hand) if p == opp else h for p, h in enumerate(state.hands))
                    setattr(new, pile, tuple(source))
                    return new
    return None


def _nefertiti_swap(game: Any, state: Any, seat: int) -> Any | None:
    """``state`` with one Gift card under the pile exchanged for a card of the pile of another kind, or None."""
    for c in state.bottom:
        for u, n in enumerate(state.pile):
            if c != AKH and u != c and n:
                new = state.copy()
                bottom = list(state.bottom)
                bottom[bottom.index(c)] = u
                pile = list(state.pile)
                pile[u] -= 1
                pile[c] += 1
                new.bottom = tuple(bottom) if state.bottom_ordered else tuple(sorted(bottom))
                new.pile = tuple(pile)
                return new
    return None


SWAPS = {"sobek": _sobek_swap, "nefertiti": _nefertiti_swap}


@pytest.mark.parametrize("game_id", HIDDEN)
@given(data=st.data())
def test_changing_a_card_the_seat_cannot_see_never_changes_its_observation(game_id: str, data: st.DataObject) -> None:
    """An opponent's card exchanged for an unseen one of the same back (Sobek, 002: the backs are all a seat sees),
    or a Gift card under the pile for one of the pile (Nefertiti, 004: "drawn face down"): the state is another one,
    still valid, and the seat's observation is the same (a seat not looking with the Priest)."""
    game = load_game(game_id)
    state = data.draw(reachable_states(game, max_steps=300))
    seat = data.draw(st.integers(0, game.state_config(state).players - 1))
    if game_id == "nefertiti" and game.determinize(state, seat, random.Random(0)) is state:
        return  # the seat looks with the Priest, or nothing lies under the pile
    changed = SWAPS[game_id](game, state, seat)
    if changed is None:
        return
    assert changed != state
    assert tuple(game.invariants(changed)) == ()
    assert game.observation(state, seat) == game.observation(changed, seat)


def test_the_owner_of_a_changed_card_sees_the_change() -> None:
    """The check above can fail: the opponent whose card was exchanged sees its own hand change (002: a hand is
    its owner's)."""
    game = load_game("sobek")
    state = _played(game, game.config(3), 11, 40)
    changed = _sobek_swap(game, state, 0)
    assert changed is not None
    owner = next(p for p in range(3) if changed.hands[p] != state.hands[p])
    assert game.observation(state, owner) != game.observation(changed, owner)
    assert game.observation(state, 0) == game.observation(changed, 0)


def _within(observed: list[int], expected: list[float], variance: list[float]) -> list[tuple[int, int, float]]:
    """The counts further than ``Z`` standard deviations from their expectation: (index, observed, expected)."""
    return [(i, o, e) for i, (o, e, v) in enumerate(zip(observed, expected, variance, strict=True))
            if abs(o - e) > Z * math.sqrt(v) + 1e-9]


def _hypergeometric(samples: int, size: int, pool: list[int]) -> tuple[list[float], list[float]]:
    """Expectation and variance, over ``samples`` independent deals, of how many items of each code a place of
    ``size`` items gets when it is dealt at random from ``pool`` (a hand calculation: the hypergeometric law)."""
    total = sum(pool)
    mean = [samples * size * n / total for n in pool]
    var = [samples * size * (n / total) * (1 - n / total) * (total - size) / max(total - 1, 1) for n in pool]
    return mean, var


SAMPLES = 1500


def test_sobek_opponents_hidden_cards_follow_the_unaccounted_for_counts() -> None:
    """Seat 0's determinizations of a 3-player Sobek game: for each back, each opponent's cards of that back are a
    random draw from the cards of that back that seat 0 cannot see (hypergeometric, ``Z`` sd per card type), counted
    by hand from the state: deck, green pile and the opponents' hands."""
    game = load_game("sobek")
    state = _played(game, game.config(3), 3, 90)
    back_of = backs(state)
    unseen = [state.deck[t] + state.green_pile[t] + state.hands[1][t] + state.hands[2][t] for t in range(30)]
    rng = random.Random(7)
    worlds = [game.determinize(state, 0, rng) for _ in range(SAMPLES)]
    checked = 0
    for opp in (1, 2):
        for b in sorted(set(back_of)):
            pool = [unseen[t] if back_of[t] == b else 0 for t in range(30)]
            size = sum(state.hands[opp][t] for t in range(30) if back_of[t] == b)
            if not size or size == sum(pool):
                continue
            observed = [sum(w.hands[opp][t] for w in worlds) for t in range(30)]
            mean, var = _hypergeometric(SAMPLES, size, pool)
            keep = [t for t in range(30) if back_of[t] == b]
            assert _within([observed[t] for t in keep], [mean[t] for t in keep], [var[t] for t in keep]) == []
            checked += 1
    assert checked >= 2  # the state has hidden hands to check (the test would pass vacuously otherwise)


def test_the_distribution_check_fails_a_determinization_that_keeps_the_true_cards() -> None:
    """Placebo the other way: a "determinization" that returns the true state every time fails the check above."""
    game = load_game("sobek")
    state = _played(game, game.config(3), 3, 90)
    back_of = backs(state)
    unseen = [state.deck[t] + state.green_pile[t] + state.hands[1][t] + state.hands[2][t] for t in range(30)]
    b = next(back_of[t] for t in range(30) if state.hands[1][t] and sum(
        unseen[u] for u in range(30) if back_of[u] == back_of[t]) > state.hands[1][t])
    keep = [t for t in range(30) if back_of[t] == b]
    pool = [unseen[t] if back_of[t] == b else 0 for t in range(30)]
    size = sum(state.hands[1][t] for t in keep)
    mean, var = _hypergeometric(SAMPLES, size, pool)
    observed = [SAMPLES * state.hands[1][t] for t in keep]
    assert _within(observed, [mean[t] for t in keep], [var[t] for t in keep]) != []


def test_nefertiti_cards_under_the_pile_follow_the_unaccounted_for_counts() -> None:
    """Determinizations of a 3-player Nefertiti game for a seat that does not look: the Gift cards under the pile
    are a random draw from every Gift card unseen (the pile and those cards; hypergeometric, ``Z`` sd per card),
    and the Akhenaton card stays among them (004: "Four Gift cards are drawn face down, shuffled with the Akhenaton
    card")."""
    game = load_game("nefertiti")
    state = _played(game, game.config(3), 4, 40)
    gifts = [c for c in state.bottom if c != AKH]
    assert gifts and sum(state.pile)
    pool = list(state.pile)
    for c in gifts:
        pool[c] += 1
    rng = random.Random(8)
    worlds = [game.determinize(state, 0, rng) for _ in range(SAMPLES)]
    assert all(w.bottom.count(AKH) == state.bottom.count(AKH) and len(w.bottom) == len(state.bottom) for w in worlds)
    observed = [sum(w.bottom.count(c) for w in worlds) for c in range(len(pool))]
    observed[AKH] -= SAMPLES * state.bottom.count(AKH)
    mean, var = _hypergeometric(SAMPLES, len(gifts), pool)
    assert _within(observed, mean, var) == []


def test_a_seat_looking_with_the_priest_sees_the_cards_under_the_pile() -> None:
    """004: "Players look at the last 5 cards of the draw pile": the seat using the Priest sees them by name, the
    others their number; its determinization is the state itself."""
    game = load_game("nefertiti")
    for seed in range(30):  # a third of random games with the new Characters use the Priest
        state = game.setup(game.config(3, modules=["characters"]))
        rng = random.Random(seed)
        while not game.is_terminal(state):
            mover = game.current_player(state)
            if isinstance(mover, int) and looking(state, mover):
                other = (mover + 1) % 3
                assert isinstance(game.observation(state, mover).data()["bottom"], list)
                assert {"face_down": len(state.bottom)} == game.observation(state, other).data()["bottom"]
                assert game.determinize(state, mover, rng) is state
                return
            state = game.apply(state, game.sample_chance(state, rng) if mover is CHANCE else rng.choice(
                game.legal_actions(state)))
    pytest.fail("no random game of 30 used the Priest")


@given(st.lists(st.integers(0, 5), min_size=1, max_size=6), st.integers(0, 2**32))
def test_deal_hands_out_the_pool_exactly(pool: list[int], seed: int) -> None:
    """``deal`` gives every item of the pool to exactly one place, each place its size."""
    rng = random.Random(seed)
    total = sum(pool)
    cut = rng.randint(0, total)
    places = deal(pool, [cut, total - cut], rng)
    assert [cut, total - cut] == [sum(p) for p in places]
    assert pool == [a + b for a, b in zip(*places, strict=True)]


def test_an_observation_is_hashable_and_gives_its_view_back() -> None:
    """An observation freezes the view (tables, lists) and ``data()`` thaws it to the same JSON."""
    view = {"b": [1, {"c": 2}], "a": {"x": [3]}}
    obs = Observation.of("toy", 1, view)
    assert view == obs.data()
    assert hash(obs) == hash(Observation.of("toy", 1, {"a": {"x": [3]}, "b": [1, {"c": 2}]}))
    assert view == thaw(freeze(view))


@pytest.mark.parametrize("game_id", ["ra", "nile_artefacts", "sobek", "nefertiti"])
def test_what_a_seat_sees_cites_rules_of_its_spec(game_id: str) -> None:
    """Each entry of a game's ``seen`` table names the rule ids (specs/<game>.toml) that say who sees it: every id
    exists, and every entry names one."""
    game = load_game(game_id)
    ids = {r.id for r in game.spec.rules}
    assert game.seen
    for entry in game.seen:
        assert entry.rules, entry.what
        assert set(entry.rules) <= ids, (entry.what, sorted(set(entry.rules) - ids))

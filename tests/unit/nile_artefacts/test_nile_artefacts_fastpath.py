"""The playout fast paths agree with the plain definitions: the chance sampler with ``chance_outcomes``, the memoised
legal actions and offers with a fresh computation, ``evolve`` with ``dataclasses.replace``."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from nilerules.core import CHANCE, sample_index
from nilerules.games.nile_artefacts import make_game, rules
from nilerules.games.nile_artefacts.actions import Draw
from nilerules.games.nile_artefacts.state import PH_REVEAL, NAState, evolve

GAME = make_game()


class FixedPick(random.Random):
    """A generator whose ``randrange(n)`` answers a chosen value (to enumerate every draw a sampler can make)."""

    def __init__(self, pick: int) -> None:
        super().__init__(0)
        self.pick = pick

    def randrange(self, start: int, *args: int, **kwargs: int) -> int:  # type: ignore[override]
        assert not args and not kwargs
        assert 0 <= self.pick < start
        return self.pick


def states(players: int, seeds: range, readings: dict[str, str] | None = None) -> list[NAState]:
    """Every state of a few seeded random games."""
    out = []
    config = GAME.config(players, readings=readings)
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.setup(config)
        while (mover := GAME.current_player(s)) is not None:
            out.append(s)
            a = GAME.sample_chance(s, rng) if mover is CHANCE else rng.choice(GAME.legal_actions(s))
            s = GAME.apply(s, a)
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_sample_chance_has_the_support_and_probabilities_of_chance_outcomes(players: int) -> None:
    """Enumerating every value of the generator's one draw gives each outcome count/total of the time."""
    for s in states(players, range(3)):
        if GAME.current_player(s) is not CHANCE:
            continue
        total = len(GAME.params(players).monuments) - len(s.seen) if s.phase == PH_REVEAL else sum(s.deck)
        hits = Counter(GAME.sample_chance(s, FixedPick(i)) for i in range(total))
        assert {a: Fraction(n, total) for a, n in hits.items()} == dict(GAME.chance_outcomes(s))


def test_draws_are_the_draws_of_sample_index() -> None:
    """A card draw picks exactly the kind ``sample_index`` picks from the same generator (seeded games unchanged)."""
    for s in states(3, range(2)):
        if GAME.current_player(s) is CHANCE and s.phase != PH_REVEAL:
            for seed in range(5):
                drawn = GAME.sample_chance(s, random.Random(seed))
                assert isinstance(drawn, Draw)
                assert sample_index(s.deck, random.Random(seed)) == drawn.kind


@pytest.mark.parametrize(
    "readings", [None, {"card_sharing": "split"}, {"type_scope": "per_monument", "type_choice": "shown_type"}]
)
def test_memoised_legal_actions_equal_a_fresh_computation(readings: dict[str, str] | None) -> None:
    """The last-state memo and the per-hand offer memo give what a cold computation gives."""
    for s in states(4, range(2), readings):
        memo = rules.legal_actions(s)
        rules._LAST[0] = None
        rules._OFFER_TABLES.clear()
        assert memo == rules.legal_actions(s)


def test_evolve_is_replace() -> None:
    """``evolve`` copies like ``dataclasses.replace`` and rejects an unknown field."""
    s = states(2, range(1))[100]
    assert evolve(s, round=7, coins=(1, 2)) == replace(s, round=7, coins=(1, 2))
    before = s.round
    assert evolve(s, round=before + 1).round == before + 1
    assert before == s.round
    with pytest.raises(TypeError):
        evolve(s, rounds=7)

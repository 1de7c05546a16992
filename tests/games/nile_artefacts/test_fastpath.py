"""The playout fast paths agree with the plain definitions: the chance sampler with ``chance_outcomes`` (and its
integer draw with ``randrange``), the memoised legal actions and offers with a fresh computation, ``evolve`` with
``dataclasses.replace``."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from nilerules.core import CHANCE, sample_index
from nilerules.games.nile_artefacts import make_game, rules
from nilerules.games.nile_artefacts.actions import Draw
from nilerules.games.nile_artefacts.rules import below
from nilerules.games.nile_artefacts.rules.offerings import advance_levels
from nilerules.games.nile_artefacts.state import PH_REVEAL, STATE_FIELDS, Ctx, NAState, clone, evolve
from tests.helpers import seeded_states

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

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
    """Every state but the last (the game over) of a few seeded random games."""
    config = GAME.config(players, readings=readings)
    return [s for seed in seeds for s in seeded_states(GAME, config, seed)[:-1]]


@pytest.mark.parametrize("players", [2, 4])
def test_sample_chance_has_the_support_and_probabilities_of_chance_outcomes(players: int) -> None:
    """Enumerating every value of the generator's one draw gives each outcome count/total of the time."""
    for s in states(players, range(3)):
        if GAME.current_player(s) is not CHANCE:
            continue
        monuments = len(GAME.params(GAME.config(players)).monuments)
        total = monuments - len(s.seen) if s.phase == PH_REVEAL else sum(s.deck)
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
    """The last-state memo and the offer tables give what a cold computation (with fresh tables) gives."""
    for s in states(4, range(2), readings):
        memo = rules.legal_actions(s)
        assert memo is rules.legal_actions(s)  # the second ask is answered by the memo
        cold = clone(s)
        cold.ctx = Ctx(s.params, s.config)
        assert memo == rules.legal_actions(cold)


def test_the_integer_draw_is_randrange() -> None:
    """``below(rng, n)`` gives what ``rng.randrange(n)`` gives and leaves the generator in the same state."""
    for n in (*range(1, 70), 127, 128, 129, 1000, 2**40 + 3):
        ours, theirs = random.Random(n), random.Random(n)
        assert [below(ours, n) for _ in range(50)] == [theirs.randrange(n) for _ in range(50)]
        assert ours.getstate() == theirs.getstate()


def test_evolve_is_replace() -> None:
    """``evolve`` copies like ``dataclasses.replace`` (every other field unchanged), keeps the derived fields in step,
    and rejects an unknown field."""
    s = states(2, range(1))[100]
    changed = evolve(s, round=7, coins=(1, 2))
    expected = {**dict(zip(STATE_FIELDS, s.fields(), strict=True)), "round": 7, "coins": (1, 2)}
    assert expected == dict(zip(STATE_FIELDS, changed.fields(), strict=True))
    assert clone(s) == s and clone(s) is not s
    assert GAME.state_from_data(GAME.state_to_data(s)) == s
    emptied = evolve(s, deck=(0,) * len(s.deck))
    assert (emptied.left, s.left) == (0, sum(s.deck))
    two = GAME.config(2, readings={"card_sharing": "split"})
    assert evolve(s, config=two).ctx.card_sharing_split and not s.ctx.card_sharing_split
    before = s.round
    assert evolve(s, round=before + 1).round == before + 1
    assert before == s.round
    with pytest.raises(TypeError):
        evolve(s, rounds=7)


def test_offering_tally_fast_path_agrees_with_tally_and_meets() -> None:
    """``tally_offering`` counts what ``tally`` counts, and ``advance_levels`` moves a level exactly where ``meets``
    (on tuples) says the next level's condition is met."""
    from nilerules.games.nile_artefacts.rules.conditions import meets, tally, tally_offering
    from nilerules.games.nile_artefacts.state import PH_OFFER

    checked = 0
    for s in states(4, range(4)):
        if s.phase != PH_OFFER or not s.offering:
            continue
        region = s.params.card_region
        counts, regions = tally([t for _, t, _ in s.offering], [region[k] for k, _, _ in s.offering])
        assert tally_offering(s.offering, region) == (counts, regions)
        after = advance_levels(s, s.to_move)
        for i, monument in enumerate(s.visible):
            level = s.levels[i][s.to_move]
            cond = s.params.monuments[monument][level] if level < s.params.top else None
            met = cond is not None and meets(cond, tuple(counts), tuple(regions), s.ctx.pair_mix_both_types)
            assert after[i][s.to_move] == level + (1 if met else 0)
            checked += 1
    assert checked

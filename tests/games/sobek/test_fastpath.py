"""The playout fast paths of Sobek agree with the generic rules: the sampler with ``chance_outcomes``, the inlined
draws and market takes with ``apply_draw``/``settle`` and ``take``/``end_turn``, the cards offered for a set of one
type with the card-by-card test, the state's JSON with its frozen-dataclass twin's.

Expected values are the generic functions' results on the same states (the fast paths must not change behaviour).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from nilerules.core import CHANCE, sample_index
from nilerules.errors import IllegalAction
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import AddCard, Done, DrawCard, DrawToken, Take
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.rules import common, sets
from nilerules.games.sobek.state import K_HSET, K_SET, NTYPES, OVER, PLAY, STATE_FIELDS, SobekState
from tests.helpers import seeded_states

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

READINGS: tuple[dict[str, str], ...] = (
    {}, {"green_deal": "once"}, {"market_row": "row_of_all"}, {"event_choice": "blind"}, {"queen_draw": "market"},
)


class Counting(random.Random):
    """A generator whose ``randrange(n)`` returns a set value: to enumerate every draw of the sampler."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self.value = value

    def randrange(self, *args: object, **kwargs: object) -> int:
        return self.value


def visited_states(game: SobekGame, players: int, readings: dict[str, str], seed: int) -> list[SobekState]:
    """Every state of one seeded random game."""
    return seeded_states(game, game.config(players, readings=readings), seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampler_has_the_support_and_probabilities_of_chance_outcomes(game: SobekGame, players: int) -> None:
    """Over every value of the generator's one ``randrange``, the sampler picks each outcome count/total times."""
    checked = 0
    for readings in READINGS:
        for state in visited_states(game, players, readings, seed=players)[::3]:
            if game.current_player(state) is not CHANCE:
                continue
            outcomes = dict(game.chance_outcomes(state))
            total = sum(rules.draw_source(state, state.draws[0]))
            picks = Counter(game.sample_chance(state, Counting(r)) for r in range(total))
            assert {a: Fraction(c, total) for a, c in picks.items()} == outcomes
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampler_draws_what_core_sample_index_draws_from_the_same_generator(game: SobekGame, players: int) -> None:
    """From a plain ``random.Random`` in the same state, the sampler picks the item ``core.chance.sample_index`` picks
    over the pending draw's pile (one ``randrange`` over the pile's total): seeded games stay the same games."""
    checked = 0
    for readings in READINGS:
        for state in visited_states(game, players, readings, seed=50 + players)[::3]:
            if game.current_player(state) is not CHANCE:
                continue
            for seed in range(3):
                action = game.sample_chance(state, random.Random(seed))
                assert isinstance(action, DrawCard | DrawToken)
                assert action.item == sample_index(rules.draw_source(state, state.draws[0]), random.Random(seed))
                checked += 1
    assert checked > 150


@pytest.mark.parametrize("players", [2, 3, 4])
def test_inlined_draws_equal_apply_draw_then_settle(game: SobekGame, players: int) -> None:
    """``apply`` on a chance node gives ``settle(apply_draw(...))`` for every outcome of the node."""
    for readings in READINGS:
        for state in visited_states(game, players, readings, seed=10 + players)[::4]:
            if game.current_player(state) is not CHANCE:
                continue
            for action, _ in game.chance_outcomes(state):
                assert isinstance(action, DrawCard | DrawToken)
                assert rules.apply(state, action) == rules.settle(rules.apply_draw(state, action.item))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_copy_take_equals_take_then_end_turn(game: SobekGame, players: int) -> None:
    """Taking from the row in play gives ``settle(end_turn(take(...)))`` for every card on offer."""
    seen = 0
    for readings in READINGS:
        for state in visited_states(game, players, readings, seed=20 + players):
            if state.phase != PLAY or state.draws or state.pending is not None:
                continue
            for action in game.legal_actions(state):
                if isinstance(action, Take):
                    p = state.to_move
                    expected = rules.settle(rules.end_turn(rules.take(state, p, action.index, corrupt=True), p))
                    assert rules.apply(state, action) == expected
                    seen += 1
    assert seen > 100


def test_equal_actions_not_from_legal_actions_are_accepted_and_illegal_ones_named(game: SobekGame) -> None:
    """Legality is by value: a fresh ``Take(0)`` is legal; ``Take(7)`` (past the first four) names the rule."""
    state = next(s for s in visited_states(game, 3, {}, seed=1)
                 if s.phase == PLAY and not s.draws and s.pending is None and len(s.row) > 7)
    assert rules.apply(state, Take(0)) == rules.apply(state, rules.legal_actions(state)[0])
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, Take(7))
    assert caught.value.rule_id == "sobek.actions.choose"


def test_impossible_draws_are_rejected_by_the_inlined_paths(game: SobekGame) -> None:
    """A draw (of the kind pending) of a card type or token with none left, or out of range, raises IllegalAction,
    for each kind of draw."""
    kinds = set()
    for state in visited_states(game, 4, {}, seed=3):
        if game.current_player(state) is not CHANCE:
            continue
        source = rules.draw_source(state, state.draws[0])
        empty = next((k for k, c in enumerate(source) if c == 0), None)
        draw = type(game.chance_outcomes(state)[0][0])  # the kind of draw pending: a card, or an event token
        for item in (-1, len(source), empty):
            if item is None:
                continue
            with pytest.raises(IllegalAction) as caught:
                rules.apply(state, draw(item))
            assert caught.value.rule_id == "sobek.market.deliveries"
        kinds.add(state.draws[0].dest)
    assert len(kinds) >= 3


def test_state_json_is_the_tagged_record_and_round_trips(game: SobekGame) -> None:
    """The state is written as the object tagged ``SobekState`` with every field, and read back equal."""
    states = visited_states(game, 3, {}, seed=5)
    for state in [*states[::10], states[-1]]:
        data = game.state_to_data(state)
        assert data["type"] == "SobekState"
        assert set(data) == {"type", *STATE_FIELDS}
        assert game.state_from_data(data) == state
    assert states[-1].phase == OVER


def test_replace_rejects_unknown_fields(game: SobekGame) -> None:
    """``rules.replace`` changes named fields only."""
    state = game.setup(game.config(2))
    assert rules.replace(state, round=2).round == 2
    with pytest.raises(TypeError):
        rules.replace(state, rounds=2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_kind_set_steps_equal_the_card_by_card_test(game: SobekGame, players: int) -> None:
    """While a set of one goods type is built, the cards offered (computed once for the hand) are those the generic
    test ``_add_ok`` accepts one by one, then done when the set may be finished."""
    seen = 0
    for readings in (*READINGS, {"amulet_only": "allowed"}):
        for state in (s for seed in (30, 40) for s in visited_states(game, players, readings, seed + players)):
            pend = state.pending
            if state.draws or pend is None or pend.kind not in (K_SET, K_HSET) or pend.a < 0:
                continue
            hand = common.less(state.hands[pend.player], pend.cards)
            natural = sets.natural_needed(state) and (pend.kind == K_HSET or pend.b < 0)
            generic: list[object] = [AddCard(t) for t in range(NTYPES)
                                     if sets._add_ok(state, pend.a, pend.cards, hand, t, natural)]
            if sets._done_ok(state, pend.cards, natural):
                generic.append(Done())
            assert list(game.legal_actions(state)) == generic
            seen += 1
    assert seen > 20

"""The search-based player (nilerules.core.search) on the toy games, and per-seat policies in playouts.

Expected moves and results come from hand calculation on Dice Nim (tests/toys/nim.py: take 1 or 2 stones, the last
stone wins): a pile that is a multiple of 3 is lost for the player to move against perfect play, so from a pile of 4
the winning move takes 1 and from 5 it takes 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from nilerules.analysis.simulate import win_shares
from nilerules.core import CHANCE, Config, GameBase, GameInfo, Mover, Ranking, playout, rank_by_keys
from nilerules.core.playout import POLICIES, greedy_policy, random_policy, seat_policies
from nilerules.core.search import SearchBudget, SearchPolicy, _choose, evaluate, rollout, search
from nilerules.errors import InvalidConfig
from tests.toys import nim, tally

GAME = nim.make_game()
ONE_SIM = SearchBudget(simulations=2)


def pile(stones: int, players: int = 2) -> nim.NimState:
    """A rolled Nim pile of ``stones`` with seat 0 to move."""
    state = GAME.setup(GAME.config(players))
    return GAME.apply(state, nim.Roll(stones)) if stones <= 6 else state


def test_strong_is_registered_beside_random_and_greedy() -> None:
    """POLICIES names the four policies; 'strong' is a search with the default budget over what its seat sees,
    'omniscient' the same search of the true state."""
    assert sorted(POLICIES) == ["greedy", "omniscient", "random", "strong"]
    strong, omniscient = POLICIES["strong"], POLICIES["omniscient"]
    assert isinstance(strong, SearchPolicy) and strong.budget == SearchBudget() and strong.sees == "seat"
    assert isinstance(omniscient, SearchPolicy) and omniscient.budget == SearchBudget() and omniscient.sees == "all"


@pytest.mark.parametrize(("stones", "best"), [(4, 1), (5, 2)])
def test_search_finds_the_winning_take(stones: int, best: int) -> None:
    """From 4 stones take 1, from 5 take 2 (leave a multiple of 3), with greedy or random rollouts: under random
    play the mover then wins 3/4 of the time against 1/2 (from 4) or 3/8 (from 5), by hand."""
    for kind in ("greedy", "random"):
        budget = SearchBudget(simulations=64, rollout=kind)
        for seed in range(5):
            assert SearchPolicy(budget)(GAME, pile(stones), random.Random(seed)) == nim.Take(best)


def test_random_play_misses_the_winning_take() -> None:
    """The same position under uniformly random play: some seeds take 2 from 4 stones (so the test above can
    fail)."""
    picks = {random_policy(GAME, pile(4), random.Random(seed)) for seed in range(20)}
    assert nim.Take(2) in picks


def test_search_values_by_hand() -> None:
    """With greedy rollouts (every seat takes 2 when it can), from 4 stones: take 1 leaves 3, the opponent takes 2,
    the mover takes the last: a win (value 1); take 2 leaves 2 and the opponent takes both: a loss (value 0). The
    loser trails by 1 with no spread in every round, so it leaves the race after the 4 rounds of patience: 8
    simulations of the 64 allowed."""
    result = search(GAME, pile(4), random.Random(0), SearchBudget(simulations=64, margin_weight=0.0, patience=4))
    assert {action: (n, mean) for action, n, mean in result.children} == {nim.Take(2): (4, 0.0), nim.Take(1): (4, 1.0)}
    assert result.action == nim.Take(1) and result.simulations == 8


def test_moves_with_identical_values_leave_the_race_together() -> None:
    """Tally under wait_too: Wait does what Pass does, so every round gives both the same value; after the rounds of
    patience one is dropped and the greedy move (Wait, tried first) is chosen: 2 x 3 simulations."""
    game = tally.make_game()
    state = game.setup(game.config(2, readings={"wait": "wait_too"}))
    state = game.apply(game.apply(state, tally.Roll(2)), tally.Roll(5))
    result = search(game, state, random.Random(0), SearchBudget(simulations=50, patience=3))
    assert result.action == tally.Wait() and result.simulations == 6


def test_the_greedy_move_stays_unless_beaten_by_enough_standard_errors() -> None:
    """Move 0 (the greedy one) gives 0.5 three times. Move 1 gives 0.6, 0.4, 0.65: paired differences 0.1, -0.1,
    0.15, mean 0.05, standard error sqrt(0.0175 / 3) = 0.076; 0.05 < 1.5 x 0.076, so move 0 is played though move 1
    has the higher mean. Move 1 at 0.7, 0.7, 0.8: mean 0.233, standard error 0.033, so move 1 (by hand)."""
    assert _choose([0, 1], [[0.5] * 3, [0.6, 0.4, 0.65]], 1.5) == 0
    assert _choose([0, 1], [[0.5] * 3, [0.7, 0.7, 0.8]], 1.5) == 1
    assert _choose([1], [[0.5], [0.9, 0.9]], 1.5) == 0  # one round in common: no spread to judge by, greedy stays


def test_a_search_needs_a_seat_to_move() -> None:
    """Before the roll (chance to move) there is nothing to choose: ValueError."""
    with pytest.raises(ValueError, match="a seat to move"):
        search(GAME, GAME.setup(GAME.config(2)), random.Random(0), SearchBudget())
    assert "simulations=192" in repr(SearchPolicy())


def test_a_forced_move_is_not_searched_and_draws_nothing() -> None:
    """One stone left: the only move, and the caller's generator is untouched."""
    rng = random.Random(3)
    before = rng.getstate()
    assert SearchPolicy()(GAME, pile(1), rng) == nim.Take(1)
    assert rng.getstate() == before


def test_a_search_draws_one_number_from_the_callers_generator() -> None:
    """Whatever the budget, a searched decision advances the caller's generator by one 64-bit draw."""
    for budget in (ONE_SIM, SearchBudget(simulations=40, rollout="random")):
        rng, twin = random.Random(9), random.Random(9)
        SearchPolicy(budget)(GAME, pile(5), rng)
        twin.getrandbits(64)
        assert rng.getstate() == twin.getstate()


def test_strong_play_is_deterministic_for_a_seed() -> None:
    """The same seed gives the same game, action for action, on the toy with chance."""
    config = GAME.config(3, ("bonus",))
    first = [playout(GAME, config, seed, "strong").actions for seed in range(6)]
    second = [playout(GAME, config, seed, "strong").actions for seed in range(6)]
    assert first == second


def test_strong_plays_only_legal_actions() -> None:
    """Every seat's move in strong games of both toys is one of the legal actions where it was played."""
    for game, config in ((GAME, GAME.config(3, ("bonus",))), (tally.make_game(), tally.make_game().config(3))):
        for seed in range(4):
            state = game.setup(config)
            for action in playout(game, config, seed, "strong").actions:
                if game.current_player(state) is not CHANCE:
                    assert action in game.legal_actions(state)
                state = game.apply(state, action)
            assert game.is_terminal(state)


# Against a seat that always takes 2 when it can (Nim's greedy, a deliberately weak player), by hand for each roll:
# moving first, a best reply wins every pile but 3 (from 6: take 2, the weak seat takes 2, take the last 2);
# moving second, it wins piles 3, 4 and 6 (the weak seat leaves 1, 2 and 4).
WINS_FIRST = {1: True, 2: True, 3: False, 4: True, 5: True, 6: True}
WINS_SECOND = {1: False, 2: False, 3: True, 4: True, 5: False, 6: True}


def test_strong_beats_a_weak_player_exactly_where_the_hand_table_says() -> None:
    """Strong against always-take-2, seats in turn: it wins exactly the games the hand table gives for the roll."""
    config = GAME.config(2)
    for seed in range(24):
        seat = seed % 2
        policies = ["greedy", "greedy"]
        policies[seat] = "strong"
        result = playout(GAME, config, seed, policies)
        roll = result.actions[0].value
        expected = (WINS_FIRST if seat == 0 else WINS_SECOND)[roll]
        assert (GAME.ranking(result.final).winners == (seat,)) == expected, (seed, roll)


def test_evaluate_by_hand() -> None:
    """Scores 5, 5, 1 at a cut-off: seats 0 and 1 share first (1/2 each); margins 0, 0, -4 on a scale of
    1 + 11/3: values (1/2 + 1/2) / 2, the same, and (0 + (1 + tanh(-4 / (14/3))) / 2) / 2."""
    import math

    class Fixed:
        def scores(self, state: object) -> tuple[int, ...]:
            return (5, 5, 1)

    values = evaluate(Fixed(), None, False, 0.5)  # type: ignore[arg-type]
    third = 0.5 * (0.5 + 0.5 * math.tanh(-4 / (1 + 11 / 3)))
    assert values == pytest.approx((0.5, 0.5, third))


def test_evaluate_at_a_cut_off_reads_the_estimate_when_asked() -> None:
    """Scores 5, 5, 1 but an estimate of 2, 9, 1: with ``estimated`` seat 1 alone leads, by 7 on a scale of
    1 + 12/3; without it, as above; at the end the scores and the ranking (seat 0 first) decide, never the estimate
    (by hand)."""
    import math

    class Fixed:
        def scores(self, state: object) -> tuple[int, ...]:
            return (5, 5, 1)

        def estimate(self, state: object) -> tuple[int, ...]:
            return (2, 9, 1)

        def ranking(self, state: object) -> Ranking:
            return Ranking(((0,), (1,), (2,)), ("score",))

    def squash(margin: float, scale: float) -> float:
        return 0.5 + 0.5 * math.tanh(margin / scale)

    game: Any = Fixed()
    assert evaluate(game, None, False, 0.5, True) == pytest.approx(
        (0.5 * squash(-7, 5), 0.5 + 0.5 * squash(7, 5), 0.5 * squash(-8, 5))
    )
    assert evaluate(game, None, False, 0.5, False) == evaluate(game, None, False, 0.5)
    assert evaluate(game, None, True, 0.5, True) == pytest.approx(
        (0.5 + 0.5 * squash(0, 14 / 3), 0.5 * squash(0, 14 / 3), 0.5 * squash(-4, 14 / 3))
    )


@dataclass(frozen=True, slots=True)
class GemsState:
    turn: int
    coins: tuple[int, int]
    gems: tuple[int, int]
    score: tuple[int, int]


class GemsGame(GameBase[GemsState, str]):
    """Coins and Gems, a toy for the estimate: two rounds, each seat in turn takes a "coin" (1 point at the end of
    the round) or a "gem" (``GEM`` points at the end of the game, kept until then); greedy takes the coin. Its
    ``estimate`` adds the gems held to the scores. No chance, no spec read (it borrows Nim's)."""

    GEM = 3
    info = GameInfo("gems", "Coins and Gems", (2,), (), 4, 1, has_chance=False)
    state_type = GemsState
    action_type = str

    def __init__(self) -> None:
        super().__init__(nim.make_game().spec)

    def setup(self, config: Config) -> GemsState:
        return GemsState(0, (0, 0), (0, 0), (0, 0))

    def current_player(self, state: GemsState) -> Mover:
        return state.turn % 2 if state.turn < 4 else None

    def legal_actions(self, state: GemsState) -> tuple[str, ...]:
        return ("coin", "gem") if state.turn < 4 else ()

    def apply(self, state: GemsState, action: str) -> GemsState:
        seat = state.turn % 2
        coins = tuple(c + (action == "coin" and p == seat) for p, c in enumerate(state.coins))
        gems = tuple(g + (action == "gem" and p == seat) for p, g in enumerate(state.gems))
        score, turn = state.score, state.turn + 1
        if turn in (2, 4):  # the end of a round: coins score; at the end of the game, gems too
            gem_points = self.GEM if turn == 4 else 0
            score = tuple(s + c + gem_points * g for s, c, g in zip(score, coins, gems, strict=True))
            coins = (0, 0)
        return GemsState(turn, coins, gems, score)  # type: ignore[arg-type]

    def is_terminal(self, state: GemsState) -> bool:
        return state.turn >= 4

    def scores(self, state: GemsState) -> tuple[int, ...]:
        return state.score

    def estimate(self, state: GemsState) -> tuple[int, ...]:
        held = (0, 0) if state.turn >= 4 else state.gems
        return tuple(s + self.GEM * g for s, g in zip(state.score, held, strict=True))

    def ranking(self, state: GemsState) -> Ranking:
        return rank_by_keys({p: (s,) for p, s in enumerate(state.score)}, ("score",))

    def greedy_action(self, state: GemsState, rng: random.Random) -> str:
        return "coin"

    def state_config(self, state: GemsState) -> Config:
        return Config("gems", 2, (), ())


def test_a_cut_off_valued_by_the_estimate_sees_what_is_kept_to_the_end() -> None:
    """Coins and Gems, seat 0's first move, greedy rollouts (seat 1 then takes the coin), by hand. Cut off at the
    first scoring (the end of round 1): by the scores alone the coin ties 1-1 (value 0.5) and the gem trails 0-1, so
    the coin; by the estimate the gem leads 3-1 (value 0.3 + 0.7 (1 + tanh(2/3)) / 2 = 0.81), so the gem; played to
    the end the gem wins 4-2 (a coin each in round 2) and the coin ties 2-2: the gem, as the estimate says."""
    import math

    game = GemsGame()
    start = game.setup(game.config(2))
    cut = SearchBudget(simulations=16, scorings=1)
    found = search(game, start, random.Random(0), cut)
    assert found.action == "gem"
    assert dict((a, mean) for a, _, mean in found.children) == pytest.approx(
        {"coin": 0.5, "gem": 0.3 + 0.7 * (1 + math.tanh(2 / 3)) / 2}
    )
    assert search(game, start, random.Random(0), SearchBudget(simulations=16, scorings=1, estimate=False)).action == (
        "coin"
    )
    assert search(game, start, random.Random(0), SearchBudget(simulations=16, scorings=0, estimate=False)).action == (
        "gem"
    )


@dataclass(frozen=True, slots=True)
class PickState:
    picked: int | None
    done: bool


class PickGame(GameBase[PickState, int]):
    """Pick, a toy for small budgets: seat 0 picks ``n`` of 0..``moves - 1`` and scores ``n``; seat 1 then makes its
    one (forced) move and scores 1; the game ends. Greedy picks 0. No chance, no spec read (it borrows Nim's)."""

    info = GameInfo("pick", "Pick", (2,), (), 2, 1, has_chance=False)
    state_type = PickState
    action_type = int

    def __init__(self, moves: int = 4) -> None:
        super().__init__(nim.make_game().spec)
        self.moves = moves

    def setup(self, config: Config) -> PickState:
        return PickState(None, False)

    def current_player(self, state: PickState) -> Mover:
        return None if state.done else 0 if state.picked is None else 1

    def legal_actions(self, state: PickState) -> tuple[int, ...]:
        return () if state.done else tuple(range(self.moves)) if state.picked is None else (0,)

    def apply(self, state: PickState, action: int) -> PickState:
        return PickState(action, False) if state.picked is None else PickState(state.picked, True)

    def is_terminal(self, state: PickState) -> bool:
        return state.done

    def scores(self, state: PickState) -> tuple[int, ...]:
        return (state.picked or 0, 1 if state.done else 0)

    def ranking(self, state: PickState) -> Ranking:
        return rank_by_keys({p: (s,) for p, s in enumerate(self.scores(state))}, ("score",))

    def greedy_action(self, state: PickState, rng: random.Random) -> int:
        return 0

    def state_config(self, state: PickState) -> Config:
        return Config("pick", 2, (), ())


def test_four_simulations_over_every_move_always_keep_the_greedy_move() -> None:
    """Pick at the report's old budget (4 simulations, every move raced), by hand: the 4 moves are simulated once
    each (4 simulations), the best (3: it wins 3-1) has one paired difference with the greedy move, whose standard
    error is infinite, so the caution keeps the greedy move (0, a 0-1 loss) for every seed; with 3 moves alike (3
    simulations, then the better half and the greedy move have no budget left for a second round)."""
    game = PickGame()
    start = game.setup(game.config(2))
    for seed in range(5):
        found = search(game, start, random.Random(seed), SearchBudget(simulations=4))
        assert (found.action, found.simulations) == (0, 4)
    three = PickGame(3)
    assert {search(three, start, random.Random(s), SearchBudget(simulations=4)).action for s in range(5)} == {0}


def test_two_candidates_at_four_simulations_can_leave_the_greedy_move() -> None:
    """The same decision with ``candidates=2``: the one-step look values each successor by its scores (n against 0:
    seat 1 has not moved), so the candidates are the greedy move 0 and move 3; round 1 has 3 ahead, both stay, round
    2 repeats it: two paired differences alike (no spread), so 3 beats the greedy move by more than 1.5 standard
    errors and is played, in 4 simulations (by hand)."""
    game = PickGame()
    start = game.setup(game.config(2))
    for seed in range(5):
        found = search(game, start, random.Random(seed), SearchBudget(simulations=4, candidates=2))
        assert (found.action, found.simulations) == (3, 4)
        assert [a for a, _, _ in found.children] == [0, 3]


@pytest.mark.parametrize(
    "kwargs",
    [{"simulations": 0}, {"simulations": 10**6}, {"rollout": "clever"}, {"depth": -1}, {"margin_weight": 2.0},
     {"confidence": -1.0}, {"patience": 0}, {"scorings": -1}, {"indifference": 2.0}, {"estimate": 1},
     {"candidates": -1}],
)
def test_budget_bounds(kwargs: dict[str, object]) -> None:
    """Every work-size field of a budget is bounded; a bad one is an InvalidConfig naming it."""
    with pytest.raises(InvalidConfig, match=next(iter(kwargs))):
        SearchBudget(**kwargs)  # type: ignore[arg-type]


def test_a_rollout_stops_at_the_first_scoring() -> None:
    """Tally before the rolls, scorings=1: the first roll gives seat 0 its tally (the scores change), so the rollout
    stops there: seat 0 leads by its roll v alone, value 0.3 * 1 + 0.7 * (1 + tanh(v / (1 + v/2))) / 2; seat 1 trails
    by v, value 0.7 * (1 + tanh(-v / (1 + v/2))) / 2 (scale 1 + mean |score|; by hand)."""
    import math

    game = tally.make_game()
    state = game.setup(game.config(2))
    budget = SearchBudget(scorings=1, margin_weight=0.7)
    v = game.sample_chance(state, random.Random(4)).value
    scale = 1 + v / 2
    expected = (0.3 + 0.7 * (1 + math.tanh(v / scale)) / 2, 0.7 * (1 + math.tanh(-v / scale)) / 2)
    assert rollout(game, state, random.Random(4), budget) == pytest.approx(expected)


def test_a_cut_off_rollout_costs_at_most_its_depth() -> None:
    """A depth-1 budget stops every rollout after one action: each search still chooses a legal move."""
    budget = SearchBudget(simulations=6, depth=1)
    state = pile(6)
    assert SearchPolicy(budget)(GAME, state, random.Random(1)) in GAME.legal_actions(state)


# -- per-seat policies -------------------------------------------------------------------------------------------
def test_one_policy_per_seat_is_the_same_as_one_for_all() -> None:
    """('random', 'random') plays exactly the games 'random' plays (the per-seat path draws alike)."""
    config = GAME.config(2)
    for seed in range(10):
        assert playout(GAME, config, seed, ["random", "random"]).actions == playout(GAME, config, seed).actions


def test_each_seat_plays_its_own_policy() -> None:
    """Seat 0 greedy (always the last legal action, tally's 'wait'), seat 1 random: in tally under wait_too every
    move of seat 0 is Wait and seat 1 plays both moves over a few games."""
    game = tally.make_game()
    config = game.config(2, readings={"wait": "wait_too"})
    seen: dict[int, set[object]] = {0: set(), 1: set()}
    for seed in range(8):
        result = playout(game, config, seed, [greedy_policy, "random"])
        assert result.policy == "greedy_policy,random"
        state = game.setup(config)
        for action in result.actions:
            mover = game.current_player(state)
            if isinstance(mover, int):
                seen[mover].add(action)
            state = game.apply(state, action)
    assert seen[0] == {tally.Wait()} and seen[1] == {tally.Wait(), tally.Pass()}


def test_a_policy_count_that_is_not_the_players_is_refused() -> None:
    """Three policies for two players, an unknown name: InvalidConfig naming the problem."""
    with pytest.raises(InvalidConfig, match="3 policies given for 2 players"):
        seat_policies(["random", "greedy", "strong"], 2)
    with pytest.raises(InvalidConfig, match="unknown policy 'clever'"):
        playout(GAME, GAME.config(2), 0, ["random", "clever"])


def test_win_shares_from_hand_made_rankings() -> None:
    """A first place shared by k seats gives 1/k to each; a sole winner 1; the others 0."""
    assert win_shares(Ranking(((0, 2), (1,)), ("score",)), 3) == (Fraction(1, 2), 0, Fraction(1, 2))
    assert win_shares(Ranking(((1,), (0, 2)), ("score",)), 3) == (0, 1, 0)
    assert win_shares(rank_by_keys({0: (4,), 1: (4,), 2: (4,), 3: (4,)}, ("score",)), 4) == (Fraction(1, 4),) * 4


def test_the_report_s_player_spends_its_simulations_on_two_rounds_per_candidate() -> None:
    """``SearchBudget.report(n)``: n simulations on n // 2 candidates (4 -> 2, 5 -> 2, 1 -> 1), every other field the
    default's; the impact measurement's strong player is that budget over what its seat sees."""
    from nilerules.analysis.impact import _strong

    assert [(b.simulations, b.candidates) for b in map(SearchBudget.report, (4, 5, 1))] == [(4, 2), (5, 2), (1, 1)]
    assert SearchBudget.report(4) == SearchBudget(simulations=4, candidates=2)
    player = _strong(4)
    assert isinstance(player, SearchPolicy) and player.budget == SearchBudget.report(4) and player.sees == "seat"

"""A search-based player for every game: Monte Carlo simulation of every legal move, raced against each other.

The player (``SearchPolicy``, registered as ``"strong"`` in ``nilerules.core.playout.POLICIES``) calls only the pure
public API (``current_player``, ``legal_actions``, ``sample_chance``, ``apply``, ``scores``, ``estimate``,
``ranking``, ``greedy_action``), so it plays every game and the toy games of the tests alike; it knows no game by name.

One decision, where a seat must choose among several legal moves:
- **Simulations.** Each move is applied and the game played on by a **rollout**: every seat plays the budget's
  rollout policy (the game's greedy choice, or uniformly at random), chance is sampled with ``sample_chance``, until
  the scores have changed ``scorings`` times (a game that scores at the end of each round or epoch is thus played
  to the end of the round it is in), or for ``depth`` actions, or to the end of the game.
- **The value** where a rollout stops, per seat, in 0..1: a blend of the win share (1/k for each of k seats sharing
  first place; by the game's ranking at the end, at a cut-off by the points of the game's ``estimate``: the scores
  plus what is already held for the end, in Ra the Pharaohs, Monuments and sun disks; the scores alone in a game
  that does not say more) and the margin over the best other seat, squashed by ``tanh`` on the scale of those
  points' own size (1 + their mean absolute value). The margin lets a
  few rollouts tell a near win from a rout, and is what a cut-off can measure before anyone has won.
- **Racing** (``search``). The moves are simulated in rounds, every move once a round from the same generator
  seed (common random numbers: the moves meet the same draws as far as their games allow). After ``patience``
  rounds a move leaves the race when the leader beats it by ``confidence`` standard errors of the paired
  differences, or when the two are within ``indifference`` of each other at that confidence (the choice does not
  matter); while more moves are left than the budget can give those rounds, the better half is kept (and the
  rollout policy's own move). A clear or indifferent decision costs a few rounds, a close one the budget.
- **The move** is the highest mean left, unless it does not beat the rollout policy's own move (the greedy move,
  always simulated first) by ``confidence`` standard errors: then the greedy move. Without this caution a small
  budget makes noise the player's guide: at 16 simulations it won 18 % of 4-player Ra games against greedy seats
  (fair share 25 %), with it 64 %.
- This is one step of policy improvement over the rollout policy (a "rollout algorithm"): with greedy rollouts the
  player chooses the move that does best if everyone, itself included, then plays greedily. A tree search in which
  every seat searched (UCT, max^n) was tried first and lost to plain greedy seats at these budgets: with few
  simulations it took the other seats' exploratory moves for their play (``docs/strength.md``).

What the player sees. The strong player (``sees="seat"``, ``POLICIES["strong"]``) sees what its seat sees: each
round of simulations is played in a new **determinization** of the mover's observation (``Game.determinize``: the
cards the seat cannot see dealt again at random from what is unaccounted for), every move of the round in the same
one, and its greedy move is that of a first determinization; its choice is a function of the mover's observation
and the seed alone (a test changes an unseen opponent card and gets the same move). In a game that hides nothing (Ra,
Nile Artefacts) the state is its own determinization, and the player is the search of the true state move for move,
at the same cost. The all-seeing player (``sees="all"``, ``POLICIES["omniscient"]``) searches the true state, the
opponents' hands included: kept for comparison (``docs/strength.md``). What no one can see yet (the order of a
shuffled pile) is a chance node in every game, sampled by both.

Determinism. A decision draws from the caller's generator only through one 64-bit seed for its own generator: the
same state and seed give the same move on every machine, and the caller's generator advances by the same amount
whatever the search does (paired games keep their common random numbers). A state with one legal action is not
searched and draws nothing.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, get_args

from nilerules.core.game import Game
from nilerules.core.rollout import evaluate, play_on
from nilerules.errors import InvalidConfig

RolloutPolicy = Literal["greedy", "random"]
Sees = Literal["seat", "all"]
"""What the player searches: determinizations of what the mover's seat sees, or the true state (all-seeing)."""
SEES: Final[tuple[Sees, ...]] = get_args(Sees)
WORLD_BIT: Final = 1 << 63
"""Set in the seed of a round's determinization, so that it never equals a rollout's seed (those are below 2**63)."""
ROLLOUT_POLICIES: Final[tuple[RolloutPolicy, ...]] = ("greedy", "random")
MAX_SIMULATIONS: Final = 100_000
"""The most simulations one decision may spend (each keeps one float per move: a few megabytes at most)."""
MAX_DEPTH: Final = 1_000_000
"""The largest rollout cut-off, in actions (0 means no cut-off: every rollout plays to the game's end)."""
MAX_CONFIDENCE: Final = 100.0
"""The largest racing confidence, in standard errors."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How much the strong player searches per decision, and how it evaluates what it finds.

    The default is the budget of ``POLICIES["strong"]`` and of ``docs/strength.md``; ``cheap()`` is for measuring
    many games (the report), ``thorough()`` for a closer look.
    """

    simulations: int = 192
    """The most simulations one decision spends (racing stops sooner); a decision with one legal action is not
    searched."""
    rollout: RolloutPolicy = "greedy"
    """How every seat plays in a rollout: the game's greedy choice, or uniformly at random."""
    scorings: int = 1
    """Rollout cut-off in scorings: a rollout stops once the scores have changed this many times (where a game
    scores at the end of a round, at the end of the round it is in); 0: never."""
    depth: int = 0
    """Rollout cut-off in actions (chance draws included); 0: none."""
    confidence: float = 1.5
    """Racing: a move is dropped when the leader beats it by this many standard errors of their paired
    differences."""
    patience: int = 4
    """Racing: rounds every move plays before any is dropped."""
    indifference: float = 0.01
    """Racing: a move whose difference from the leader is below this (at the same confidence) is dropped too: the
    choice between them does not matter enough to spend more on it (values are in 0..1)."""
    margin_weight: float = 0.7
    """How much of a value is the score margin (the rest is the win share), 0..1."""
    estimate: bool = True
    """A rollout cut off before the end is valued by the game's ``estimate`` (its scores and what is already held
    for a later scoring: in Ra the Pharaohs, scored again at the epoch's end, and the Monuments and sun disks, scored
    only at the game's end), not by its scores alone."""
    candidates: int = 0
    """The moves raced (0: every legal move): the rollout policy's own move and the best others by a one-step look
    (each move applied once and valued as a rollout's cut-off is, by the game's estimate; a tie keeps the seeded
    order). A small budget spent on two candidates gives each of them two rounds, so that the caution can judge the
    best against the greedy move on more than one paired difference."""

    def __post_init__(self) -> None:
        problems = [
            f"{name}: expected {low} to {high}, got {value!r}"
            for name, value, low, high, integral in (
                ("simulations", self.simulations, 1, MAX_SIMULATIONS, True),
                ("scorings", self.scorings, 0, MAX_DEPTH, True),
                ("depth", self.depth, 0, MAX_DEPTH, True),
                ("confidence", self.confidence, 0, MAX_CONFIDENCE, False),
                ("patience", self.patience, 1, MAX_SIMULATIONS, True),
                ("indifference", self.indifference, 0, 1, False),
                ("margin_weight", self.margin_weight, 0, 1, False),
                ("candidates", self.candidates, 0, MAX_SIMULATIONS, True),
            )
            if isinstance(value, bool)
            or not isinstance(value, int if integral else (int, float))
            or not low <= value <= high
        ]
        estimate: object = self.estimate  # typed bool, but a budget may come from outside
        if not isinstance(estimate, bool):
            problems.append(f"estimate: expected True or False, got {estimate!r}")
        if self.rollout not in ROLLOUT_POLICIES:
            problems.append(f"rollout: expected one of {', '.join(ROLLOUT_POLICIES)}, got {self.rollout!r}")
        if problems:
            raise InvalidConfig("search budget: " + "; ".join(problems))

    @classmethod
    def cheap(cls) -> SearchBudget:
        """A sixth of the default's simulations: for measuring many games (the report's impact);
        ``docs/strength.md`` gives its cost and strength."""
        return cls(simulations=32)

    @classmethod
    def report(cls, simulations: int, base: SearchBudget | None = None) -> SearchBudget:
        """``base`` (default: the default budget) at ``simulations`` per decision spent on ``simulations // 2``
        candidates (at least one), so that every candidate raced gets two rounds: the report's strong player
        (``Budget.strong_simulations``; ``docs/strength.md`` measures it at 4, the greedy move and one other)."""
        return replace(base or cls(), simulations=simulations, candidates=max(1, simulations // 2))

    @classmethod
    def thorough(cls) -> SearchBudget:
        """Four times the default's simulations, rollouts to the second scoring."""
        return cls(simulations=768, scorings=2)

    def describe(self) -> str:
        cuts = [f"{self.scorings} scoring{'s' if self.scorings > 1 else ''}"] if self.scorings else []
        cuts += [f"{self.depth} actions"] if self.depth else []
        cut = f"cut off after {' or '.join(cuts)}" if cuts else "to the end of the game"
        among = (
            f" among the {self.rollout} move and the best {self.candidates - 1} other"
            f"{'s' if self.candidates > 2 else ''} by a one-step look"
            if self.candidates > 1 else " of the greedy move alone" if self.candidates == 1 else ""
        )
        return (
            f"at most {self.simulations} simulations per decision{among} ({self.rollout} rollouts {cut}), racing "
            f"after {self.patience} rounds at {self.confidence:g} standard errors (indifference "
            f"{self.indifference:g}), margin weight {self.margin_weight:g}"
            + (", a cut-off valued by the game's estimate" if self.estimate and cuts else "")
        )


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What one search found: the chosen action, and per move tried its simulations and mean value to the mover."""

    action: Any
    simulations: int
    children: tuple[tuple[Any, int, float], ...]
    """(action, simulations, mean value to the mover), in the order the moves were tried (the greedy one first)."""


def rollout(game: Game[Any, Any], state: Any, rng: random.Random, budget: SearchBudget) -> tuple[float, ...]:
    """Play on from ``state`` with the budget's rollout policy for every seat (chance sampled) to the end or the
    cut-off, and evaluate where it stops (``core.rollout.play_on``, compiled with the playouts; ``evaluate`` is its
    value)."""
    limit = budget.depth or game.info.max_game_length
    return play_on(
        game, state, rng, budget.rollout == "random", limit, budget.scorings, budget.margin_weight, budget.estimate
    )


def _order(game: Game[Any, Any], state: Any, rng: random.Random) -> list[Any]:
    """The moves in the order they are tried: the game's greedy move first, then the others in a seeded shuffle."""
    first = game.greedy_action(state, rng)
    rest = [a for a in game.legal_actions(state) if a != first]
    rng.shuffle(rest)
    return [first, *rest]


def _shortlist(
    game: Game[Any, Any], state: Any, seat: int, moves: list[Any], budget: SearchBudget
) -> tuple[list[Any], list[Any]]:
    """The rollout policy's move (``moves[0]``) and the ``budget.candidates - 1`` others whose successor in ``state``
    is worth most to ``seat`` (valued as a rollout's cut-off: ``evaluate`` by the estimate), a tie kept in the order
    of ``moves``; with the successors of the moves kept, in that order."""
    after = [game.apply(state, move) for move in moves]
    worth = [
        evaluate(game, s, game.current_player(s) is None, budget.margin_weight, budget.estimate)[seat]
        for s in after[1:]
    ]
    best = sorted(range(1, len(moves)), key=lambda i: -worth[i - 1])[: budget.candidates - 1]
    kept = [0, *sorted(best)]
    return [moves[i] for i in kept], [after[i] for i in kept]


def _paired(first: list[float], second: list[float]) -> tuple[float, float]:
    """The mean of ``first - second`` round by round, and its standard error (infinite from one round)."""
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    n = len(diffs)
    mean = math.fsum(diffs) / n
    return mean, math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else math.inf


def _race(alive: list[int], samples: list[list[float]], confidence: float, indifference: float) -> list[int]:
    """The moves still in the race: the leader (highest mean, the earlier on a tie) and every move it neither leads
    by ``confidence`` standard errors of their paired differences nor is within ``indifference`` of at that
    confidence (all moves have the same rounds)."""
    leader = max(alive, key=lambda i: (math.fsum(samples[i]), -i))
    kept = []
    for i in alive:
        mean, spread = _paired(samples[leader], samples[i])
        if i == leader or not (mean > confidence * spread or mean + confidence * spread < indifference):
            kept.append(i)
    return kept


def _choose(alive: list[int], samples: list[list[float]], confidence: float) -> int:
    """The move to play: the highest mean left in the race (the earlier on a tie), unless the rollout policy's own
    move (index 0) has been simulated and the best does not beat it by ``confidence`` standard errors over the rounds
    both played: noise alone does not make the player leave the move its rollouts would make."""
    best = max(alive, key=lambda i: (math.fsum(samples[i]), -i))
    if best and samples[0]:
        both = min(len(samples[0]), len(samples[best]))
        mean, spread = _paired(samples[best][:both], samples[0][:both])
        if not mean > confidence * spread:
            return 0
    return best


def search(
    game: Game[Any, Any], state: Any, rng: random.Random, budget: SearchBudget, sees: Sees = "seat"
) -> SearchResult:
    """Race the legal moves of ``state`` (a seat to move) against each other with at most ``budget.simulations``
    simulations, drawing from ``rng``.

    Round ``k`` simulates every move still in the race once, each from the same generator seed (common random
    numbers: the moves meet the same chance draws as far as their games allow, so the difference of two moves is not
    drowned by the draws' own spread) and, when ``sees="seat"``, in the same determinization of what the mover sees
    (a new one every round). After ``patience`` rounds, a move the leader beats by ``confidence`` standard errors of
    the paired differences is dropped. The move is the highest mean among those left."""
    seat = game.current_player(state)
    if not isinstance(seat, int):
        raise ValueError(f"search needs a seat to move, not {seat!r}")
    if sees not in SEES:
        raise InvalidConfig(f"search: sees must be one of {', '.join(SEES)}, got {sees!r}")
    # the greedy move of a first determinization, from a copy of the generator (the generator itself advances as the
    # all-seeing search's does); where the seat sees everything (a game that hides nothing) the determinization is the
    # state itself, for every generator (``Game.determinize``): the search of the true state, at its cost
    legal = game.legal_actions(state)
    first = _determinize(game, state, seat, legal, rng) if sees == "seat" else state
    fair = first is not state
    moves = _order(game, first, rng)
    # with candidates, the first determinization (where they were chosen) is the world of the first round too
    opening: list[Any] = []
    if 0 < budget.candidates < len(moves):
        moves, opening = _shortlist(game, first, seat, moves, budget)
    elif budget.candidates:
        opening = [game.apply(first, move) for move in moves]
    children = [] if fair else opening or [game.apply(state, move) for move in moves]
    base = rng.getrandbits(62)
    samples: list[list[float]] = [[] for _ in moves]
    alive = list(range(min(len(moves), budget.simulations)))
    used = rounds = 0
    while len(alive) > 1 and used + len(alive) <= budget.simulations:
        here = children
        if fair and rounds == 0 and opening:
            here = opening
        elif fair:
            world = _world(game, state, seat, legal, random.Random((base + rounds) | WORLD_BIT))
            here = [game.apply(world, moves[i]) if i in alive else None for i in range(len(moves))]
        for i in alive:
            samples[i].append(rollout(game, here[i], random.Random(base + rounds), budget)[seat])
        used += len(alive)
        rounds += 1
        if rounds >= budget.patience:
            alive = _race(alive, samples, budget.confidence, budget.indifference)
        if len(alive) * budget.patience > budget.simulations - used:
            # more moves left than the budget can give the rounds of patience: keep the better half, and the
            # rollout policy's own move (only a race leaves it behind)
            half = sorted(alive, key=lambda i: (-math.fsum(samples[i]), i))[: (len(alive) + 1) // 2]
            alive = half if 0 in half or 0 not in alive else [0, *half]
    best = _choose(alive, samples, budget.confidence)
    stats = tuple((moves[i], len(s), math.fsum(s) / len(s)) for i, s in enumerate(samples) if s)
    return SearchResult(moves[best], used, stats)


WORLD_TRIES: Final = 8
"""Determinizations drawn for one world before the search settles for the true state. A world must give the mover
the legal moves it has in the true state: its options are part of what it sees (under Sobek's ``scribe_chooser =
scribe_player`` the Scribe's player picks among an opponent's cards, so its moves name cards its observation hides),
and a move of the true state may be illegal in a world that re-dealt them."""


def _world(game: Game[Any, Any], state: Any, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A determinization of what ``seat`` sees in which the mover has the moves ``legal`` (the true state's), drawn
    from ``rng``: the first of ``WORLD_TRIES`` draws that has them, else ``state`` itself (where the mover's moves
    show what its observation hides, so that no re-deal is likely to match them, the moves tell the seat what it is
    choosing among)."""
    for _ in range(WORLD_TRIES):
        world = game.determinize(state, seat, rng)
        if world is state or game.legal_actions(world) == legal:
            return world
    return state


def _determinize(
    game: Game[Any, Any], state: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
) -> Any:
    """A world of ``_world`` drawn from a copy of ``rng`` (``rng`` itself does not advance)."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return _world(game, state, seat, legal, copy)


class SearchPolicy:
    """A policy ``(game, state, rng) -> action`` that searches with its budget (see the module's docstring): over
    determinizations of what the mover sees (``sees="seat"``, the default), or the true state (``"all"``)."""

    __slots__ = ("__name__", "budget", "sees")

    def __init__(self, budget: SearchBudget | None = None, name: str = "strong", sees: Sees = "seat") -> None:
        if sees not in SEES:
            raise InvalidConfig(f"search: sees must be one of {', '.join(SEES)}, got {sees!r}")
        self.budget = budget or SearchBudget()
        self.__name__ = name
        self.sees: Sees = sees

    def __call__(self, game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        return search(game, state, random.Random(rng.getrandbits(64)), self.budget, self.sees).action

    def __repr__(self) -> str:
        shown = "" if self.sees == "seat" else f", sees={self.sees!r}"
        return f"SearchPolicy({self.budget!r}{shown})"


__all__ = ["SEES", "SearchBudget", "SearchPolicy", "SearchResult", "Sees", "evaluate", "rollout", "search"]

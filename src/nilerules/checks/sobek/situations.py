"""Situations for Sobek's divergence checks: seeded play from setup, positions in the public format edited to the
case in point, and the helpers that turn each reading's run into a check result.

A situation is a seeded game's first decision written out with ``position_data``, edited, and built back with
``game.position`` (so it passes the game's invariants; a witness built so is labelled constructed). Where seeded play
reaches the divergence itself, the witness is that game's log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import product
from typing import Any

from nilerules.checks.model import Budget, CheckResult
from nilerules.core import CHANCE, Unknown, Witness, make_log
from nilerules.core.log import moves_at
from nilerules.errors import IllegalAction, NileRulesError
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import Done, StartSet
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_CODES
from nilerules.games.sobek.params import Params
from nilerules.games.sobek.state import D_EVENT, K_EVENT, KINDS, SobekState

SEED = 20261129


SEATS = "seats"


def cards(game: SobekGame, kind: str, count: int, with_scarabs: int = 0) -> list[str]:
    """``count`` cards of a goods kind by name: ``with_scarabs`` with scarabs, the rest without as far as the game
    has them, then more with scarabs, then green-backed ones."""
    left = {name: params_of(game).totals[code(name)] for name in (f"{kind}_scarabs", kind, f"{kind}_green")}
    out: list[str] = []
    for name, wanted in ((f"{kind}_scarabs", with_scarabs), (kind, count), (f"{kind}_scarabs", count),
                         (f"{kind}_green", count)):
        take = max(min(wanted, left[name], count - len(out)), 0)
        out += [name] * take
        left[name] -= take
    return out


def params_of(game: SobekGame, players: int = 2) -> Params:
    """The numbers the rules read in a ``players``-player game (Sobek's params are the same for every config:
    ``params.make_params``)."""
    return game.params(game.config(players))


def code(name: str) -> int:
    return CARD_CODES[name]


def first_decision(game: SobekGame, players: int, readings: Mapping[str, str], seed: int = SEED) -> SobekState:
    """A set-up game, chance resolved with a seeded generator, at the first player's first decision."""
    return seeded_until(game, players, readings, lambda s: True, seed)[0]


def seeded_until(
    game: SobekGame, players: int, readings: Mapping[str, str], stop: Callable[[SobekState], bool],
    seed: int = SEED, limit: int = 20_000, greedy: bool = False, random_play: bool = False,
) -> tuple[SobekState, list[Any]]:
    """Seeded play (chance sampled; the first legal action taken, or the greedy policy's, or a uniformly random one)
    from setup to the first player decision where ``stop`` holds; the state and the actions that led there."""
    rng = random.Random(seed)
    config = game.config(players, readings=dict(readings))
    state = game.setup(config)
    actions: list[Any] = []
    for _ in range(limit):
        if game.current_player(state) is CHANCE:
            action: Any = game.sample_chance(state, rng)
        elif game.is_terminal(state) or stop(state):
            break
        else:
            if random_play:
                action = rng.choice(game.legal_actions(state))
            else:
                action = game.greedy_action(state, rng) if greedy else game.legal_actions(state)[0]
        actions.append(action)
        state = game.apply(state, action)
    return state, actions


def situation(game: SobekGame, players: int, readings: Mapping[str, str], **changes: Any) -> SobekState:
    """A seeded game's first decision in the position format, with ``changes`` written over it (per seat for
    ``seats``; None removes a key), built back by ``game.position``."""
    data = game.position_data(first_decision(game, players, readings))
    seats = dict(data.get(SEATS, {}))
    for seat, body in changes.pop(SEATS, {}).items():
        seats[str(seat)] = body
    for key, value in changes.items():  # None: back to the default (the key is not written)
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    data[SEATS] = seats
    config = game.config(players, readings=dict(readings))
    fit_row(game, config.reading("goods_total"), data)
    return game.position(config, data)


def fit_row(game: SobekGame, goods_total: str, data: dict[str, Any]) -> None:
    """Drop from the written row and the removed cards (2 players) those that the edits put elsewhere (each card
    exists once per copy; dropped ones go back to the deck)."""
    left = list(rules.card_totals(params_of(game), goods_total))
    piles = [data.get("discard", {})]
    for body in data[SEATS].values():
        piles += [body.get("hand", {}), body.get("corruption", {})]
        piles += [{name: 1} for x in body.get("sets", []) for name in x["cards"]]
    for pile in piles:
        for name, count in pile.items():
            left[code(name)] -= count
    row = []
    for name in data.get("row", []):
        if left[code(name)] > 0:
            left[code(name)] -= 1
            row.append(name)
    data["row"] = row
    removed: dict[str, int] = {}
    for name, count in data.get("removed", {}).items():
        kept = max(min(count, left[code(name)]), 0)
        left[code(name)] -= kept
        if kept:
            removed[name] = kept
    data["removed"] = removed


def end_of_round(game: SobekGame, players: int, readings: Mapping[str, str], **changes: Any) -> SobekState:
    """The end of round 1 with the row empty: the last seat is choosing its horizontal sets (then the round is
    scored); hands and corruption piles empty unless ``changes`` write them."""
    last = players - 1
    seats: dict[Any, Any] = {p: {} for p in range(players)}
    seats.update(changes.pop(SEATS, {}))
    base: dict[str, Any] = {"row": [], "deliveries_left": 0, "phase": "horizontal", "horizontal_left": [last],
                            "pending": {"choice": "horizontal_sets", "seat": last}, SEATS: seats}
    base.update(changes)
    return situation(game, players, readings, **base)


def score_round(game: SobekGame, state: SobekState) -> SobekState:
    """The last seat is done with horizontal sets: the round is scored."""
    return game.apply(state, Done())


def per_reading(
    game: SobekGame, amb: str, run: Callable[[dict[str, str]], str]
) -> tuple[tuple[str, str], ...]:
    """``run`` under each reading of ``amb`` (the others at their defaults): (reading, outcome in words)."""
    return tuple((r, run({amb: r})) for r in game.spec.ambiguities[amb].reading_names())


def in_play(
    game: SobekGame, amb: str, players: int, budget: Budget, stop: Callable[[SobekState], bool],
    act: Callable[[SobekState, list[Any]], str], summary: str,
) -> CheckResult | None:
    """A witness from reachable play: seeded greedy and random games (as many seeds as the budget's playouts) up to
    the first decision where ``stop`` holds; the same moves replayed under each reading of ``amb`` (they agree up to
    there, or the seed is skipped), then ``act`` says what each reading does (the moves it makes, recorded in the list
    it is given, end the witness log: replayed under each reading, the log shows the difference). None when no seed
    reaches a divergence."""
    names = game.spec.ambiguities[amb].reading_names()
    for seed, greedy in product(range(SEED, SEED + budget.playouts), (True, False)):
        state, actions = seeded_until(game, players, {}, stop, seed=seed, greedy=greedy, random_play=not greedy)
        if game.is_terminal(state) or game.current_player(state) is CHANCE or not stop(state):
            continue
        outcomes = []
        moves: list[Any] = []
        for name in names:
            other = game.setup(game.config(players, readings={amb: name}))
            try:
                for action in actions:
                    other = game.apply(other, action)
            except NileRulesError:
                break
            if game.position_data(other) != game.position_data(state):
                break
            made: list[Any] = []
            outcomes.append((name, act(other, made)))
            if name == game.spec.ambiguities[amb].default:
                moves = made
        if len(outcomes) == len(names) and differs(tuple(outcomes)):
            final = state
            for move in moves:
                final = game.apply(final, move)
            log = make_log(game, state.config, [*actions, *moves], final)
            policy = "greedy" if greedy else "random"
            return result(tuple(outcomes), f"{summary} (seeded {policy} play, seed {seed}, after {len(actions)} "
                          "steps)", {"seed": seed, "policy": policy},
                          f"seeded greedy and random games, seeds {SEED}.. (up to {budget.playouts} each)",
                          "playout", witness_log=log)
    return None


def differs(outcomes: tuple[tuple[str, str], ...]) -> bool:
    return len({o for _, o in outcomes}) > 1


def result(
    outcomes: tuple[tuple[str, str], ...], summary: str, data: Mapping[str, Any], searched: str,
    method: Any = "situation", constructed: bool = True, witness_log: Any = None,
) -> CheckResult:
    """A witness when the readings' outcomes differ (a hand-built position unless a log from setup is given)."""
    if differs(outcomes):
        return CheckResult(Witness(summary, data), method, outcomes, searched, witness_log=witness_log,
                           constructed=constructed and witness_log is None)
    return CheckResult(Unknown(f"no difference in this situation: {summary}", "one situation"), method, outcomes,
                       searched)


# -- the corruption penalty ------------------------------------------------------------------------------------


def rich_set(game: SobekGame, kind: str) -> dict[str, Any]:
    """A played set of the minimum size of ``kind``, with as many scarab cards as the game has."""
    params = params_of(game)
    valued = params.totals[3 * KINDS.index(kind)]
    return {"goods": kind, "cards": cards(game, kind, params.set_min, min(valued, params.set_min))}


def counts_of(names: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name in names:
        out[name] = out.get(name, 0) + 1
    return out


PLAIN_KINDS = ("fish", "wheat", "cattle", "ebony", "marble", "ivory")


def plain_cards(game: SobekGame, count: int, kinds: tuple[str, ...] = PLAIN_KINDS) -> dict[str, int]:
    """``count`` cards without scarabs, spread over ``kinds`` as the game's counts allow (a table by name)."""
    out: dict[str, int] = {}
    for kind in kinds * count:
        if sum(out.values()) == count:
            break
        if out.get(kind, 0) < params_of(game).totals[code(kind)]:
            out[kind] = out.get(kind, 0) + 1
    return out


def step(game: SobekGame, state: SobekState, action: Any, moves: list[Any]) -> SobekState:
    """``game.apply``, the action recorded in ``moves``."""
    moves.append(action)
    after: SobekState = game.apply(state, action)
    return after


def play_set(game: SobekGame, state: SobekState, start: StartSet, moves: list[Any]) -> SobekState:
    """Play a set: ``start``, then the first card offered until the set can be finished, then done."""
    state = step(game, state, start, moves)
    for _ in range(len(CARD_CODES)):
        legal = game.legal_actions(state)
        if Done() in legal:
            return step(game, state, Done(), moves)
        state = step(game, state, legal[0], moves)
    raise AssertionError("a set that could be started could not be finished")  # pragma: no cover


def set_event(game: SobekGame, state: SobekState, new: bool, moves: list[Any]) -> str:
    start = next(a for a in game.legal_actions(state) if isinstance(a, StartSet) and (a.target < 0) == new)
    after = play_set(game, state, start, moves)
    if after.pending is not None and after.pending.kind == K_EVENT:
        return "the player chooses a token"
    if game.current_player(after) is CHANCE and after.draws and after.draws[0].dest == D_EVENT:
        return f"chance draws the token ({len(game.chance_outcomes(after))} kinds possible)"
    return "no event"


def can_start_set(game: SobekGame, state: SobekState, new: bool) -> bool:
    return sum(state.tokens) > 0 and any(isinstance(a, StartSet) and (a.target < 0) == new
                                         for a in game.legal_actions(state))


def setup_witness(game: SobekGame, players: int, amb: str = "") -> Any:
    """The log of a seeded game's set-up to its first decision; with ``amb``, only up to where the readings of
    ``amb`` first part in play (``first_parting``), when they part before that decision."""
    state, actions = seeded_until(game, players, {}, lambda s: True)
    if amb:
        actions = actions[: first_parting(game, players, amb, actions)]
        state = game.setup(state.config)
        for action in actions:
            state = game.apply(state, action)
    return make_log(game, state.config, actions, state)


def first_parting(game: SobekGame, players: int, amb: str, actions: list[Any]) -> int:
    """How many of ``actions`` (a game under the default readings) lead to the first position where replays under
    the readings of ``amb`` part in play: who moves, the legal moves or chance outcomes (with their probabilities) or
    the scores; the next action illegal under one of them also parts them. ``len(actions)`` when they do not part
    before the end (they may still differ in the position, e.g. a pile the next round does not look at yet)."""
    names = game.spec.ambiguities[amb].reading_names()
    states = [game.setup(game.config(players, readings={amb: r})) for r in names]

    def view(state: SobekState) -> tuple[Any, ...]:
        return (*moves_at(game, state), tuple(game.scores(state)))

    for index, action in enumerate(actions):
        if len({view(x) for x in states}) > 1:
            return index
        try:
            states = [game.apply(x, action) for x in states]
        except IllegalAction:
            return index
    return len(actions)

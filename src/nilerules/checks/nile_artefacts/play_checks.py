"""Checks whose witnesses are found in seeded play (Nile Artefacts), and the play helpers the other checks share.

A check plays seeded games until a step where the readings part (``search_play``), hands over the game up to there
as a ``witness_log`` (a log from setup, ending after the diverging step when every reading allows it), and runs that
step under every reading. Every number a summary states is read from the params of the game checked or computed by
running the readings.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nilerules.checks.model import Budget, CheckResult, Method
from nilerules.checks.nile_artefacts.situations import with_readings
from nilerules.core import CHANCE, Config, Unknown, Witness
from nilerules.core.log import GameLog, make_log
from nilerules.errors import IllegalAction
from nilerules.games.nile_artefacts.actions import Action, Done, Move, Offer, Reveal
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.names import space_name
from nilerules.games.nile_artefacts.rules import apply, legal_actions
from nilerules.games.nile_artefacts.scoring import ranking, tie_count
from nilerules.games.nile_artefacts.state import PH_NAV, PH_OFFER, PH_OVER, NAState

Readings = Mapping[str, str]


# ------------------------------------------------------------------------------------------------ helpers
def fewest_players(game: NileArtefactsGame, seats: int = 1) -> int:
    """The fewest players of params.player_counts with at least ``seats`` seats (a tie needs two), else the most."""
    return min((n for n in game.info.player_counts if n >= seats), default=most_players(game))


def most_players(game: NileArtefactsGame) -> int:
    return max(game.info.player_counts)


def depends(game: NileArtefactsGame, ambiguity: str, readings: Readings) -> tuple[tuple[str, str], ...]:
    """The non-default readings of other ambiguities among ``readings``."""
    return tuple(
        (name, value)
        for name, value in sorted(readings.items())
        if name != ambiguity and value != game.spec.ambiguities[name].default
    )


def random_games(
    game: NileArtefactsGame,
    players: int,
    readings: Readings,
    games: int,
    seed: int,
    observe: Callable[[NAState], None] | None = None,
    policy: Callable[[NAState, random.Random], Any] | None = None,
) -> list[NAState]:
    """Seeded random (or ``policy``) playouts; ``observe`` sees every state; returns the final states."""
    finals = []
    for i in range(games):
        rng = random.Random(seed + i)
        state = game.setup(game.config(players, readings=readings))
        while state.phase != PH_OVER:
            if observe is not None:
                observe(state)
            if game.current_player(state) is CHANCE:
                action = game.sample_chance(state, rng)
            elif policy is not None:
                action = policy(state, rng)
            else:
                action = rng.choice(legal_actions(state))
            state = apply(state, action)
        finals.append(state)
    return finals


Stop = Callable[[NAState, Action, NAState], bool]
Found = tuple[Config, list[Action], Action, int]
"""Where seeded play met a condition: the config, the actions before the step, the step's action, the game's index."""


def search_play(
    game: NileArtefactsGame,
    players: int,
    readings: Readings,
    games: int,
    seed: int,
    stop: Stop,
    policy: Callable[[NAState, random.Random], Any] | None = None,
) -> Found | None:
    """The first step of seeded play where ``stop(before, action, after)`` holds: the config, the actions before
    that step, the step's action and the game's index; None when no game within ``games`` has one."""
    for i in range(games):
        rng = random.Random(seed + i)
        config = game.config(players, readings=readings)
        state = game.setup(config)
        actions: list[Action] = []
        while state.phase != PH_OVER:
            if game.current_player(state) is CHANCE:
                action = game.sample_chance(state, rng)
            elif policy is not None:
                action = policy(state, rng)
            else:
                action = rng.choice(legal_actions(state))
            after = apply(state, action)
            if stop(state, action, after):
                return config, actions, action, i
            actions.append(action)
            state = after
    return None


def replay_actions(game: NileArtefactsGame, config: Config, actions: Sequence[Action]) -> NAState:
    state = game.setup(config)
    for action in actions:
        state = apply(state, action)
    return state


def log_of(game: NileArtefactsGame, config: Config, actions: Sequence[Action]) -> GameLog:
    """The witness as a game: the log from setup up to the position where the readings part."""
    return make_log(game, config, actions, replay_actions(game, config, actions))


def under(game: NileArtefactsGame, config: Config, ambiguity: str, reading: str) -> Config:
    return game.config(config.players, config.modules, {**config.readings_dict(), ambiguity: reading})


def step_under(
    game: NileArtefactsGame, config: Config, actions: Sequence[Action], action: Action, ambiguity: str, reading: str
) -> tuple[NAState, NAState | None]:
    """The position before the diverging step and after it (None when the step is illegal) under ``reading``."""
    before = replay_actions(game, under(game, config, ambiguity, reading), actions)
    try:
        return before, apply(before, action)
    except IllegalAction:
        return before, None


def verdict_of(differs: bool, summary: str, data: Mapping[str, Any], searched: str) -> Witness | Unknown:
    if differs:
        return Witness(summary, dict(data))
    return Unknown(f"no difference found: {summary}", searched)


# ------------------------------------------------------------------------------------------------ the checks
def _play_check(
    game: NileArtefactsGame,
    ambiguity: str,
    found: Found,
    describe: Callable[[NAState, NAState | None], str],
    lead: str,
    searched: str,
    method: Method = "playout",
    extra: Mapping[str, Any] | None = None,
) -> CheckResult:
    """A witness found in seeded play: the log from setup to where the readings part, and the diverging step run
    under every reading. The summary is ``lead`` followed by each reading's outcome as ``describe`` words it."""
    config, actions, action, index = found
    outcomes: list[tuple[str, str]] = []
    legal_everywhere = True
    for reading in game.spec.ambiguities[ambiguity].reading_names():
        before, after = step_under(game, config, actions, action, ambiguity, reading)
        legal_everywhere = legal_everywhere and after is not None
        outcomes.append((reading, describe(before, after)))
    texts = dict(outcomes)
    position = game.position_data(replay_actions(game, config, actions))
    data = {
        "game": index,
        "steps": len(actions),
        "diverging_step": game.action_to_data(action),
        "position": position,
        "outcomes": texts,
        **(extra or {}),
    }
    differs = len(set(texts.values())) > 1
    summary = lead + "; ".join(f"{k}: {v}" for k, v in texts.items())
    verdict = verdict_of(differs, summary, data, searched)
    return CheckResult(
        verdict,
        method,
        tuple(outcomes),
        searched,
        data,
        # the log ends where the readings part: after the diverging step when every reading allows it (the
        # positions then differ), before it when some reading forbids it (the legal moves then differ)
        witness_log=log_of(game, config, [*actions, action] if legal_everywhere else actions) if differs else None,
        depends_on=depends(game, ambiguity, config.readings_dict()),
    )


def _words(game: NileArtefactsGame, action: Action) -> str:
    """An action in a few words, from its named JSON form."""
    data = game.action_to_data(action)
    return ", ".join(f"{k} {v}" if v is not True else k for k, v in data.items()).replace("_", " ")


def _search(game: NileArtefactsGame, players: int, games: int, budget: Budget, stop: Stop) -> tuple[Found | None, str]:
    """The first step of ``games`` seeded random games (default readings) where ``stop`` holds; what was searched."""
    found = search_play(game, players, {}, games, budget.seed, stop)
    return found, f"seeded random {players}-player games (up to {games})"


def _nothing_found(searched: str) -> CheckResult:
    return CheckResult(Unknown("not met in seeded play", searched), "playout", (), searched)


def check_coin_space(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A Boat reaches a Coin space holding at least two cards, in seeded random play."""
    players = fewest_players(game)
    games = max(3, budget.playouts)

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        if not isinstance(action, Move) or before.phase != PH_NAV:
            return False
        return before.ctx.coin_space[action.space] and len(before.board[action.space]) >= 2

    found, searched = _search(game, players, games, budget, stop)
    if found is None:
        return _nothing_found(searched)
    at = replay_actions(game, found[0], found[1])

    def describe(before: NAState, after: NAState | None) -> str:
        if after is None:
            return f"{_words(game, found[2])} is not allowed"
        while after.phase == PH_NAV and after.to_move == before.to_move and after.picks:
            after = apply(after, legal_actions(after)[0])
        cards = len(after.hands[before.to_move]) - len(before.hands[before.to_move])
        coins = after.coins[before.to_move] - before.coins[before.to_move]
        return f"seat {before.to_move} takes {cards} card(s) and {coins} Coin(s) there"

    space = found[2].space if isinstance(found[2], Move) else -1
    there = len(at.board[space])

    lead = (
        f"In seeded game {found[3]}, seat {at.to_move} moves its Boat to the Coin space "
        f"{space_name(game.params(game.config(players)), space)} holding {there} cards: "
    )

    return _play_check(game, "coin_space", found, describe, lead, searched)


def check_port_start(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first navigation stage of a seeded game, and whole games, under each reading."""
    players = fewest_players(game)
    games = max(2, budget.playouts // 40)

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        return after.phase == PH_NAV

    found = search_play(game, players, {}, 1, budget.seed, stop)
    searched = f"the first round of a seeded {players}-player game; {games} random games per reading"
    if found is None:
        return _nothing_found(searched)
    capped: dict[str, int] = {}
    for reading in game.spec.ambiguities["port_start"].reading_names():
        finals = random_games(game, players, {"port_start": reading}, games, budget.seed)
        capped[reading] = sum(1 for s in finals if any(n.kind == "no_progress" for n in s.notes))

    def describe(before: NAState, after: NAState | None) -> str:
        if after is None:
            return f"{_words(game, found[2])} is not allowed"
        stage = "navigation" if after.phase == PH_NAV else "offerings (nobody navigates)"
        reading = after.config.reading("port_start")
        return f"after the round setup the game is in {stage}; {capped[reading]} of {games} random games hit the cap"

    lead = (
        "Every Boat starts the game (and every later navigation stage) in a Port; read literally, no Boat ever "
        f"navigates and {capped.get('literal', 0)} of {games} random games never end (stopped at the model's cap "
        f"of {game.params(game.config(players)).max_rounds} rounds). "
    )

    return _play_check(game, "port_start", found, describe, lead, searched, extra={"capped_games": capped})


def _new_note(before: NAState, after: NAState, text: str) -> bool:
    return any(text in n.detail for n in after.notes) and not any(text in n.detail for n in before.notes)


def check_deck_exhausted(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first draw from an empty Artifact pile in seeded play, and how often the pile runs out."""
    players = most_players(game)
    games = max(3, budget.playouts // 20)
    figures: dict[str, dict[str, int]] = {}
    for reading in game.spec.ambiguities["deck_exhausted"].reading_names():
        finals = random_games(game, players, {"deck_exhausted": reading}, games, budget.seed)
        figures[reading] = {
            "games": games,
            "pile_ran_out": sum(1 for s in finals if any("Artifact pile" in n.detail for n in s.notes)),
            "stopped_by_round_cap": sum(1 for s in finals if any(n.kind == "no_progress" for n in s.notes)),
        }
    found = search_play(
        game, players, {}, max(games, budget.playouts), budget.seed, lambda b, a, c: _new_note(b, c, "Artifact pile")
    )
    searched = f"seeded random {players}-player games (up to {max(games, budget.playouts)}); {games} per reading"
    if found is None:
        return _nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        fig = figures[before.config.reading("deck_exhausted")]
        tail = (
            f"; the pile ran out in {fig['pile_ran_out']}/{games} random games, {fig['stopped_by_round_cap']}/{games} "
            "never ended"
        )
        if after is None:
            return f"{_words(game, found[2])} is not possible (the pile is empty, the discard is not reused){tail}"
        return (
            f"{_words(game, found[2])}: the pile holds {after.left} cards after it (discard {sum(after.discard)}){tail}"
        )

    lead = (
        "The rules never say what happens when the Artifact pile is empty and a card must be drawn. In seeded "
        f"game {found[3]} the pile runs out: "
    )

    return _play_check(game, "deck_exhausted", found, describe, lead, searched, extra={"random_games": figures})


def check_coin_stock(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first Coin due from an empty stock in seeded play."""
    players = most_players(game)
    games = max(3, budget.playouts)
    found, searched = _search(game, players, games, budget, lambda b, a, c: _new_note(b, c, "Coin stock"))
    supply = game.params(game.config(players)).coin_supply
    if found is None:
        return _nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        if after is None:
            return f"{_words(game, found[2])} is not allowed"
        gained = [a - b for a, b in zip(after.coins, before.coins, strict=True)]
        return f"Coins gained by each seat {gained}; stock {after.stock}"

    lead = f"In seeded game {found[3]} all {supply} Coins are with the players when one is due: "

    return _play_check(game, "coin_stock", found, describe, lead, searched)


def _places(state: NAState) -> str:
    return " then ".join("+".join(f"seat {s}" for s in group) for group in ranking(state).places)


def check_final_tie(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A seeded game that ends with players tied on points and on cards (the stated tie-breaks)."""
    players = most_players(game)
    games = max(5, budget.playouts)

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        if after.phase != PH_OVER:
            return False
        other = ranking(with_readings(after, after.config, {"final_tie": "most_coins"}))
        return ranking(after).open_tie and other.places != ranking(after).places

    found, searched = _search(game, players, games, budget, stop)
    if found is None:
        return _nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        if after is None:
            return f"{_words(game, found[2])} is not allowed"
        return f"scores {list(after.scores)}, Coins {list(after.coins)}: places {_places(after)}"

    lead = f"Seeded game {found[3]} ends with players tied on points and on Artifact cards: "

    return _play_check(game, "final_tie", found, describe, lead, searched)


def check_tie_count(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A seeded game ending with players tied on points where counting Artifacts rather than cards changes places."""
    players = most_players(game)
    games = max(5, budget.playouts)

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        if after.phase != PH_OVER:
            return False
        other = ranking(with_readings(after, after.config, {"tie_count": "artifacts"}))
        return other.places != ranking(after).places

    found, searched = _search(game, players, games, budget, stop)
    if found is None:
        return _constructed_tie_count(game, searched)

    def describe(before: NAState, after: NAState | None) -> str:
        if after is None:
            return f"{_words(game, found[2])} is not allowed"
        counts = [tie_count(after, s) for s in range(players)]
        return f"scores {list(after.scores)}, tie-break counts {counts}: places {_places(after)}"

    lead = f"Seeded game {found[3]} ends with a tie on points: "

    return _play_check(game, "tie_count", found, describe, lead, searched)


def _constructed_tie_count(game: NileArtefactsGame, searched: str) -> CheckResult:
    """When play finds no such tie: a written end position, seat 0 with 2-Artifact cards, seat 1 with more
    one-type cards, both on the same score (in the fewest players of params.player_counts that seat two)."""
    players = fewest_players(game, 2)
    p = game.params(game.config(players))
    doubles = [p.cards[k] for k in range(len(p.cards)) if p.is_double(k)]
    singles = [p.cards[k] for k in range(len(p.cards)) if not p.is_double(k)]
    if players < 2:
        return _nothing_found(searched + f"; no player count of {list(game.info.player_counts)} seats two players")
    if len(doubles) < 2 or len(singles) < 3:
        return _nothing_found(searched + "; the card data has too few 2-Artifact cards for a written example")
    outcomes = []
    for reading in game.spec.ambiguities["tie_count"].reading_names():
        state = game.position(
            game.config(players, readings={"tie_count": reading}),
            {"phase": "over", "0": {"cards": doubles[:2]}, "1": {"cards": singles[:3]}},
        )
        outcomes.append((reading, f"places {_places(state)}"))
    data = {"hands": {"0": doubles[:2], "1": singles[:3]}}
    summary = "Tied on points, seat 0 holds two 2-Artifact cards, seat 1 three one-type cards: " + "; ".join(
        f"{k}: {v}" for k, v in outcomes
    )
    return CheckResult(
        Witness(summary, data),
        "situation",
        tuple(outcomes),
        searched + "; then one written end",
        data,
        constructed=True,
    )


def check_last_round(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The last Monument of the pile turned over in a seeded game."""
    players = fewest_players(game)
    games = max(3, budget.playouts)

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        return isinstance(action, Reveal) and before.round > 0 and before.pile > 0 and after.pile == 0

    found, searched = _search(game, players, games, budget, stop)
    if found is None:
        return _nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        if after is None:
            return f"{_words(game, found[2])} is not allowed"
        if after.phase == PH_OVER:
            return f"the game ends after round {before.round}"
        return f"round {after.round} is played, the last one being round {after.final_round}"

    lead = (
        f"In seeded game {found[3]} the pile's last Monument is turned over in round "
        f"{replay_actions(game, found[0], found[1]).round}'s reward phase: "
    )

    return _play_check(game, "last_round", found, describe, lead, searched)


def _stall_policy(state: NAState, rng: random.Random) -> Any:
    """Offer everything in round 1, then never offer again (a legal way to keep the game from ending)."""
    legal = legal_actions(state)
    if state.phase == PH_OFFER:
        if state.round == 1:
            offers = [a for a in legal if isinstance(a, Offer)]
            if offers:
                return offers[0]
        return Done()
    return rng.choice([a for a in legal if not isinstance(a, Offer)] or list(legal))


def check_endless_game(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Players who offer in round 1 and never again: the game reaches the model's round cap."""
    players = fewest_players(game)
    cap = game.params(game.config(players)).max_rounds
    found = search_play(game, players, {}, 1, budget.seed, lambda b, a, c: c.phase == PH_OVER, _stall_policy)
    searched = "one seeded game in which every player offers in round 1 and never again"
    if found is None:
        return _nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        if after is None:
            return f"{_words(game, found[2])} is not allowed"
        return f"stopped after {after.round} rounds, scores {list(after.scores)}"

    lead = (
        "Players who offer in round 1 and never again complete no Monument, so the Monument pile never empties "
        f"and the rules never end the game: the model stops at its cap of {cap} rounds. "
    )

    return _play_check(game, "endless_game", found, describe, lead, searched)


def check_empty_offering(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A player holding cards offers none of them, in seeded random play."""
    players = fewest_players(game)
    games = max(3, budget.playouts)

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        return isinstance(action, Done) and not before.offering and bool(before.hands[before.to_move])

    found, searched = _search(game, players, games, budget, stop)
    if found is None:
        return _nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        seat = before.to_move
        held = ", ".join(before.params.cards[k] for k in before.hands[seat])
        if after is None:
            return f"seat {seat} may not offer nothing: it must offer at least one of its cards ({held})"
        return f"seat {seat} offers nothing and keeps its cards ({held}) for later rounds"

    lead = f"In seeded game {found[3]}, at an offering phase: "

    return _play_check(game, "empty_offering", found, describe, lead, searched)


__all__ = [
    "check_coin_space",
    "check_coin_stock",
    "check_deck_exhausted",
    "check_empty_offering",
    "check_endless_game",
    "check_final_tie",
    "check_last_round",
    "check_port_start",
    "check_tie_count",
    "random_games",
    "search_play",
]

"""The checks of Nile Artefacts on how a game ends: ties (NA-009, NA-010), the last round (NA-011) and a game the rules
never end (NA-012).

NA-011's and NA-012's witnesses are met in seeded play where the readings first part (``kit.find_divergence``). The
tie readings change only the ranking of a finished game, so NA-009's and NA-010's are met with the game's own search
(``shared.find_in_play``: the first seeded game whose ranking the readings change); when play meets no such tie,
NA-010 falls back to a written end position.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from nilerules.checks.kit import constructed_witness, under
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nile_artefacts.shared import (
    Stop,
    diverging,
    fewest_players,
    find_in_play,
    first_parting,
    most_players,
    nothing_found,
    play_result,
)
from nilerules.checks.registry import check
from nilerules.games.nile_artefacts.actions import Action, Done, Offer
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.position import incomplete_counted
from nilerules.games.nile_artefacts.scoring import ranking, tie_count
from nilerules.games.nile_artefacts.state import PH_OFFER, PH_OVER, NAState, evolve


def _places(state: NAState) -> str:
    return " then ".join("+".join(f"seat {s}" for s in group) for group in ranking(state).places)


def _ranked_apart(game: NileArtefactsGame, ambiguity: str, reading: str, open_tie: bool) -> Stop:
    """The end of a game whose places change when ``ambiguity`` reads ``reading`` (and, with ``open_tie``, whose
    ranking under the config's readings leaves a tie open)."""

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        if after.phase != PH_OVER:
            return False
        other = ranking(evolve(after, config=under(game, after.config, ambiguity, reading)))
        return (ranking(after).open_tie or not open_tie) and other.places != ranking(after).places

    return stop


def _ranked_end(
    game: NileArtefactsGame,
    budget: Budget,
    ambiguity: str,
    reading: str,
    open_tie: bool,
    end_words: Callable[[NAState], str],
    ends_with: str,
    fallback: Callable[[str], CheckResult],
) -> CheckResult:
    """The first seeded game (at the most players) whose final places change when ``ambiguity`` reads ``reading``
    (``_ranked_apart``), each reading's end as ``end_words(end)`` and its places; ``fallback(searched)`` when none."""
    players = most_players(game)
    games = max(5, budget.playouts)
    searched = f"seeded random {players}-player games (up to {games})"
    stop = _ranked_apart(game, ambiguity, reading, open_tie)
    met = find_in_play(game, game.config(players), range(budget.seed, budget.seed + games), stop)
    if met is None:
        return fallback(searched)

    def describe(before: NAState, after: NAState) -> str:
        return f"{end_words(after)}: places {_places(after)}"

    lead = f"Seeded game {met.seed - budget.seed} ends with {ends_with}: "
    found = diverging(game, ambiguity, met, describe)
    extra = {"players": players}
    return play_result(game, ambiguity, found, met.action, budget.seed, lead, searched, extra)


@check("final_tie")
def check_final_tie(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A seeded game that ends with players tied on points and on cards (the stated tie-breaks)."""

    def end_words(end: NAState) -> str:
        return f"scores {list(end.scores)}, Coins {list(end.coins)}"

    ends_with = "players tied on points and on Artifact cards"
    return _ranked_end(game, budget, "final_tie", "most_coins", True, end_words, ends_with, nothing_found)


@check("tie_count")
def check_tie_count(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A seeded game ending with players tied on points where counting Artifacts rather than cards changes places."""

    def end_words(end: NAState) -> str:
        counts = [tie_count(end, s) for s in range(end.config.players)]
        return f"scores {list(end.scores)}, tie-break counts {counts}"

    def fallback(searched: str) -> CheckResult:
        return _constructed_tie_count(game, searched)

    return _ranked_end(game, budget, "tie_count", "artifacts", False, end_words, "a tie on points", fallback)


def _constructed_tie_count(game: NileArtefactsGame, searched: str) -> CheckResult:
    """When play finds no such tie: a written end position (``kit.constructed_witness``, the position in the
    witness), seat 0 with 2-Artifact cards, seat 1 with more one-type cards, both on the same score (in the fewest
    players of params.player_counts that seat two)."""
    players = fewest_players(game, 2)
    p = game.params(game.config(players))
    doubles = [p.cards[k] for k in range(len(p.cards)) if p.is_double(k)]
    singles = [p.cards[k] for k in range(len(p.cards)) if not p.is_double(k)]
    if players < 2:
        return nothing_found(searched + f"; no player count of {list(game.info.player_counts)} seats two players")
    if len(doubles) < 2 or len(singles) < 3:
        return nothing_found(searched + "; the card data has too few 2-Artifact cards for a written example")
    position = {"phase": "over", "0": {"cards": doubles[:2]}, "1": {"cards": singles[:3]}}

    def describe(state: NAState, reading: str) -> str:
        counts = [tie_count(state, s) for s in range(players)]
        return f"tie-break counts {counts}: places {_places(state)}"

    summary = "Tied on points, seat 0 holds two 2-Artifact cards, seat 1 three one-type cards (a written end position)"
    return constructed_witness(
        game, "tie_count", game.config(players), position, (), describe, summary, searched + "; then one written end"
    )


def _track(game: NileArtefactsGame, state: NAState) -> list[int]:
    """Each seat's points on the Divine Favor track before the end's count of incomplete Monuments."""
    return [sum(v for k, v in b.items() if k != "incomplete_monuments") for b in game.score_breakdown(state)]


@check("last_round")
def check_last_round(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The last Monument of the pile turned over in a seeded game; each reading's outcome gives the track's points
    there under both (so that a game that goes on and one that ends are compared on the same figures)."""
    players = fewest_players(game)
    games = max(3, budget.playouts)
    searched = f"seeded random {players}-player games (up to {games})"

    def describe(before: NAState, after: NAState) -> str:
        track = _track(game, after)
        if after.phase == PH_OVER:
            end = [b["incomplete_monuments"] for b in game.score_breakdown(after)]
            return (
                f"the game ends after round {before.round}: the track's {track} plus {end} for incomplete Monuments "
                f"gives the final scores {list(after.scores)}"
            )
        return (
            f"round {after.round} is played, the last one being round {after.final_round}; the track stands at "
            f"{track}, incomplete Monuments to be counted after it"
        )

    seeds = range(budget.seed, budget.seed + games)
    found = first_parting(game, "last_round", game.config(players), seeds, describe)
    if found is None:
        return nothing_found(searched)
    lead = (
        f"In seeded game {found.seed - budget.seed} the pile's last Monument is turned over in round "
        f"{found.state.round}'s reward phase: "
    )
    extra = {"round": found.state.round, "players": players}
    return play_result(game, "last_round", found, found.actions[-1], budget.seed, lead, searched, extra)


def stall_policy(game: NileArtefactsGame, state: NAState, rng: random.Random) -> Action:
    """Offer everything in round 1, then never offer again (a legal way to keep the game from ending)."""
    legal = game.legal_actions(state)
    if state.phase == PH_OFFER:
        if state.round == 1:
            offers = [a for a in legal if isinstance(a, Offer)]
            if offers:
                return offers[0]
        return Done()
    return rng.choice([a for a in legal if not isinstance(a, Offer)] or list(legal))


@check("endless_game")
def check_endless_game(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Players who offer in round 1 and never again: the game reaches the model's round cap."""
    players = fewest_players(game)
    cap = game.params(game.config(players)).max_rounds
    searched = "one seeded game in which every player offers in round 1 and never again"

    def describe(before: NAState, after: NAState) -> str:
        end = [b["incomplete_monuments"] for b in game.score_breakdown(after)]
        counted = "incomplete Monuments not counted"
        if incomplete_counted(after):
            counted = f"{end} of them for incomplete Monuments"
        return f"stopped after {after.round} rounds, scores {list(after.scores)} ({counted})"

    found = first_parting(game, "endless_game", game.config(players), [budget.seed], describe, stall_policy)
    if found is None:
        return nothing_found(searched)
    last = found.state
    lead = (
        "Players who offer in round 1 and never again complete no Monument, so the Monument pile never empties "
        f"and the rules never end the game: the model stops at its cap of {cap} rounds. "
    )
    extra = {"rounds": last.round, "players": players}
    return play_result(game, "endless_game", found, found.actions[-1], budget.seed, lead, searched, extra)

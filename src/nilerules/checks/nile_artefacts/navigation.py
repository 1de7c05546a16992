"""The navigation checks of Nile Artefacts: what a Coin space gives (NA-005) and which Boats in a Port may move at the
start of a stage (NA-006).

Both witnesses are met in seeded play where the readings first part (``kit.find_divergence``: the same moves under
every reading, the first step after which the positions differ), handed over as the log from setup through that step.
"""

from __future__ import annotations

from typing import Any

from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nile_artefacts.shared import (
    fewest_players,
    first_parting,
    nothing_found,
    play_result,
    random_games,
    with_data,
)
from nilerules.checks.registry import check
from nilerules.games.nile_artefacts.actions import Move
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.names import space_name
from nilerules.games.nile_artefacts.state import PH_NAV, NAState


@check("coin_space")
def check_coin_space(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A Boat reaches a Coin space holding at least two cards, in seeded random play."""
    players = fewest_players(game)
    games = max(3, budget.playouts)
    searched = f"seeded random {players}-player games (up to {games})"

    def describe(before: NAState, after: NAState) -> str:
        while after.phase == PH_NAV and after.to_move == before.to_move and after.picks:
            after = game.apply(after, game.legal_actions(after)[0])
        cards = len(after.hands[before.to_move]) - len(before.hands[before.to_move])
        coins = after.coins[before.to_move] - before.coins[before.to_move]
        return f"seat {before.to_move} takes {cards} card(s) and {coins} Coin(s) there"

    seeds = range(budget.seed, budget.seed + games)
    found = first_parting(game, "coin_space", game.config(players), seeds, describe)
    if found is None:
        return nothing_found(searched)
    action = found.actions[-1]
    at = found.state
    space = action.space if isinstance(action, Move) else -1
    lead = (
        f"In seeded game {found.seed - budget.seed}, seat {at.to_move} moves its Boat to the Coin space "
        f"{space_name(at.params, space)} holding {len(at.board[space])} cards: "
    )
    return play_result(game, "coin_space", found, action, budget.seed, lead, searched)


@check("port_start")
def check_port_start(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first navigation stage of a seeded game under each reading, and how many random games under each reach
    the model's round cap (figures for the finding's sentences, not the witness's)."""
    players = fewest_players(game)
    games = max(2, budget.playouts // 40)
    searched = f"the first round of a seeded {players}-player game; {games} random games per reading"
    figures: dict[str, Any] = {"random_games": games, "random_players": players}
    for reading in game.spec.ambiguities["port_start"].reading_names():
        finals = random_games(game, players, {"port_start": reading}, games, budget.seed)
        figures[f"capped_{reading}"] = sum(1 for s in finals if any(n.kind == "no_progress" for n in s.notes))

    def describe(before: NAState, after: NAState) -> str:
        if after.phase == PH_NAV:
            return f"after the round setup the game is in navigation, seat {after.to_move} to move"
        return "after the round setup the game is in offerings: nobody navigates"

    found = first_parting(game, "port_start", game.config(players), [budget.seed], describe)
    if found is None:
        return with_data(nothing_found(searched), figures)
    lead = "Every Boat starts the game (and every later navigation stage) in a Port. "
    return play_result(game, "port_start", found, found.actions[-1], budget.seed, lead, searched, figures)

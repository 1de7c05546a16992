"""The supply checks of Nile Artefacts: an empty Artifact pile (NA-007) and an empty Coin stock (NA-008).

Both witnesses are met in seeded play where the readings first part (``kit.find_divergence``): for NA-007, where the
pile is empty and the discard is not, before any card is drawn from the empty pile (a purchase possible under one
reading only); for NA-008, where a Coin is due from the empty stock.
"""

from __future__ import annotations

from typing import Any

from nilerules.checks.kit import find_divergence, play_witness
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nile_artefacts.shared import (
    first_parting,
    most_players,
    nothing_found,
    play_result,
    random_games,
    with_data,
)
from nilerules.checks.registry import check
from nilerules.games.nile_artefacts.actions import Buy
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.state import PH_NAV, PH_OFFER, NAState


@check("deck_exhausted")
def check_deck_exhausted(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first place of seeded play where the readings part (``kit.find_divergence``): the Artifact pile is empty
    and its discard is not, so that a purchase (or a round setup's draw) is possible under one reading only; and how
    often the pile runs out, and the game then stalls, in random games."""
    players = most_players(game)
    games = max(3, budget.playouts // 20)
    figures: dict[str, Any] = {"random_games": games, "random_players": players}
    for reading in game.spec.ambiguities["deck_exhausted"].reading_names():
        finals = random_games(game, players, {"deck_exhausted": reading}, games, budget.seed)
        figures[f"pile_ran_out_{reading}"] = sum(1 for s in finals if any("Artifact pile" in n.detail for n in s.notes))
        figures[f"never_ended_{reading}"] = sum(1 for s in finals if any(n.kind == "no_progress" for n in s.notes))
    searched_games = max(games, budget.playouts)
    searched = f"seeded random {players}-player games (up to {searched_games}); {games} random games per reading"

    def describe(before: NAState, after: NAState | None) -> str:
        where = f"the pile is empty and the discard holds {sum(before.discard)} cards"
        if before.phase in (PH_NAV, PH_OFFER) and not before.left:
            seat = before.to_move
            coins = before.coins[seat]
            if any(isinstance(a, Buy) for a in game.legal_actions(before)):
                return f"{where}: seat {seat} ({coins} Coins) may buy: the discard is shuffled into a new pile"
            return f"{where}: seat {seat} ({coins} Coins) may not buy"
        assert after is not None  # a chance outcome: listed under every reading in lockstep play
        return (
            f"the draw empties the pile; then the pile holds {after.left} cards and the discard "
            f"{sum(after.discard)}, and the game is in {game.position_data(after)['phase']}"
        )

    seeds = range(budget.seed, budget.seed + searched_games)
    found = find_divergence(game, "deck_exhausted", [game.config(players)], seeds, describe)
    if found is None:
        return with_data(nothing_found(searched), figures)
    at = found.state
    lead = f"In seeded game {found.seed - budget.seed}, round {at.round}, the Artifact pile has run out: "
    summary = lead + "; ".join(f"{k}: {v}" for k, v in found.outcomes)
    data: dict[str, Any] = {
        "game": found.seed - budget.seed,
        "steps": found.step,
        "round": at.round,
        "discard": sum(at.discard),
        "position": game.position_data(at),
        **figures,
    }
    if at.phase in (PH_NAV, PH_OFFER) and any(isinstance(a, Buy) for a in game.legal_actions(at)):
        data.update({"buy_seat": at.to_move, "buy_coins": at.coins[at.to_move]})  # the parting is a purchase
    return play_witness(game, "deck_exhausted", found, summary, searched, data)


@check("coin_stock")
def check_coin_stock(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first Coin due from an empty stock in seeded play."""
    players = most_players(game)
    games = max(3, budget.playouts)
    searched = f"seeded random {players}-player games (up to {games})"

    def describe(before: NAState, after: NAState) -> str:
        gained = [a - b for a, b in zip(after.coins, before.coins, strict=True)]
        return f"Coins gained by each seat {gained}; stock {after.stock}"

    seeds = range(budget.seed, budget.seed + games)
    found = first_parting(game, "coin_stock", game.config(players), seeds, describe)
    if found is None:
        return nothing_found(searched)
    supply = game.params(found.config).coin_supply
    lead = f"In seeded game {found.seed - budget.seed} all {supply} Coins are with the players when one is due: "
    extra = {"players": players}
    return play_result(game, "coin_stock", found, found.actions[-1], budget.seed, lead, searched, extra)

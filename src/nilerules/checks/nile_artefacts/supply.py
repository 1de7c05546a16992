"""The supply checks of Nile Artefacts: an empty Artifact pile (NA-007) and an empty Coin stock (NA-008).

Both witnesses are met in seeded play: NA-008's where the readings first part (``kit.find_divergence``), NA-007's at
the first draw from the empty pile (the game's own search, ``shared.find_in_play``: in lockstep the readings part
earlier, when the pile is empty and a purchase is refused under one reading only).
"""

from __future__ import annotations

from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nile_artefacts.shared import (
    diverging,
    find_in_play,
    first_parting,
    most_players,
    nothing_found,
    play_result,
    random_games,
    words,
)
from nilerules.games.nile_artefacts.actions import Action
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.params import readings_of
from nilerules.games.nile_artefacts.state import NAState


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
    searched_games = max(games, budget.playouts)
    searched = f"seeded random {players}-player games (up to {searched_games}); {games} per reading"

    def stop(before: NAState, action: Action, after: NAState) -> bool:
        return _new_note(before, after, "Artifact pile")

    met = find_in_play(game, game.config(players), range(budget.seed, budget.seed + searched_games), stop)
    if met is None:
        return nothing_found(searched)

    def describe(before: NAState, after: NAState | None) -> str:
        fig = figures[readings_of(before.config).deck_exhausted]
        tail = (
            f"; the pile ran out in {fig['pile_ran_out']}/{games} random games, {fig['stopped_by_round_cap']}/{games} "
            "never ended"
        )
        if after is None:
            return f"{words(game, met.action)} is not possible (the pile is empty, the discard is not reused){tail}"
        held = f"the pile holds {after.left} cards after it (discard {sum(after.discard)})"
        return f"{words(game, met.action)}: {held}{tail}"

    lead = (
        "The rules never say what happens when the Artifact pile is empty and a card must be drawn. In seeded "
        f"game {met.seed - budget.seed} the pile runs out: "
    )
    found = diverging(game, "deck_exhausted", met, describe)
    extra = {"random_games": figures}
    return play_result(game, "deck_exhausted", found, met.action, budget.seed, lead, searched, extra)


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
    return play_result(game, "coin_stock", found, found.actions[-1], budget.seed, lead, searched)

"""The checks of the end of the game and of the box's contents: whether the game ends when the Akhenaton card is
drawn, and whether the Deben coins cover every setup."""

from __future__ import annotations

from nilerules.checks import kit
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nefertiti.checks import check
from nilerules.checks.nefertiti.constructed import at_each_reading, built
from nilerules.checks.nefertiti.play import Search
from nilerules.core.verdicts import Proof, Witness
from nilerules.games.nefertiti.actions import DrawCard
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import AKH, CARD_NAMES, N_GIFTS
from nilerules.games.nefertiti.rules.common import open_markets
from nilerules.games.nefertiti.state import P_OVER, P_TURN, NefState


@check("end_of_game")
def check_end_of_game(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-010 (``end_of_game``): Does the game end the moment Akhenaton is drawn?"""
    p = game.params(game.config(4))
    # every Gift card drawn and discarded: only Akhenaton is left to draw while Louqsor is refilled
    discard = {CARD_NAMES[c]: p.deck[c] for c in range(N_GIFTS) if p.deck[c]}
    doc = {
        "phase": "refill",
        "refill": {"queue": ["louqsor"]},
        "bottom": ["akhenaton"],
        "bottom_ordered": True,
        "discard": discard,
    }
    config = game.config(4)

    def outcome(s: NefState) -> str:
        after = game.apply(s, DrawCard(AKH))
        if after.phase == P_TURN:
            return f"play goes on: {len(open_markets(after))} open markets are played out"
        return "the game is over"

    outcomes = at_each_reading(game, "end_of_game", config, doc, outcome)
    return built(outcomes, "Akhenaton is drawn while Louqsor is being refilled.", doc)


def setup_deben(game: NefertitiGame) -> tuple[int, tuple[tuple[int, tuple[str, ...], int], ...]]:
    """The Deben coins in the boxes, and for each player count (with and without the Harbor where allowed) the Deben
    the setup lays out: the players' starting Deben, each market tile's and the Harbor's (all from the params)."""
    coins = game.spec.value("deben_coins")
    have = int(coins["base"]) + int(coins["expansion"])
    rows = []
    for n in game.info.player_counts:
        required = game.info.required_modules.get(n, ())
        for modules in ((), ("harbor",)):
            if "harbor" in required and not modules:
                continue
            state = game.setup(game.config(n, modules))
            need = sum(state.params.start_deben) + sum(m.deben for m in state.markets)
            rows.append((n, modules, need))
    return have, tuple(rows)


@check("deben_coins", played=False)
def check_deben_coins(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-023 (``deben_coins``): Do the Deben coins cover the Deben the setup lays out?"""
    have, rows = setup_deben(game)
    short = [(n, mods, need) for n, mods, need in rows if need > have]

    def words(n: int, mods: tuple[str, ...], need: int) -> str:
        return f"{n} players{' with the Harbor' if mods else ''}: {need} Deben"

    readings = kit.all_readings(game, "deben_coins")
    if not short:
        return CheckResult(
            Proof(f"the {have} coins cover every setup even at one Deben each", ("nefertiti.contents.deben",)),
            "arithmetic",
            tuple((r, "the setup can be laid out") for r in readings),
            "every player count, with and without the Harbor",
        )
    listing = "; ".join(words(*row) for row in short)
    counts = sorted({n for n, _, _ in short})
    summary = (
        f"The boxes hold {have} Deben coins; the setup lays out {listing} (starting Deben, the market tiles and the "
        f"Harbor), so at {', '.join(map(str, counts))} players the coins are too few unless coins have several values."
    )
    data = {
        "coins": have,
        "short": listing,
        "needed": [{"players": n, "modules": list(mods), "deben": need} for n, mods, need in rows],
    }
    # the witness as a game: the setup itself, at the smallest player count whose Deben the coins cannot cover; each
    # reading's outcome is what that setup, replayed under the reading, lays out
    n, mods, _ = short[0]
    config = game.config(n, mods)
    log = kit.log_of(game, config, ())

    def figures(reading: str) -> str:
        state = kit.replay_actions(game, kit.under(game, config, "deben_coins", reading), ())
        return setup_outcome(state, reading, have)

    outcomes = kit.per_reading(game, "deben_coins", figures)
    return CheckResult(
        Witness(summary, data),
        "arithmetic",
        outcomes,
        "every player count, with and without the Harbor (setup Deben from the params)",
        data,
        witness_log=log,
        figures=figures,
    )


def setup_outcome(state: NefState, reading: str, coins: int) -> str:
    """NEF-023 at a setup: whether the Deben it lays out (the players' and the tiles') can be laid out with the coins
    under ``reading``."""
    need = sum(state.params.start_deben) + sum(m.deben for m in state.markets)
    where = f"{state.config.players} players{' with the Harbor' if 'harbor' in state.config.modules else ''}"
    if need <= coins:
        return f"{where}: the {need} Deben can be laid out with {coins} coins"
    if reading == "one_deben_each":
        return f"{where}: {need} Deben needed against {coins} coins: the setup cannot be laid out"
    return f"{where}: the {need} Deben are laid out with coins of several values; play is unchanged"


SEARCHES: dict[str, Search] = {
    "end_of_game": Search(
        ((4, ()), (3, ())),
        lambda _b, a: (
            "the game is over"
            if a.phase == P_OVER
            else f"play goes on: {len(open_markets(a))} open markets are played out"
        ),
        lambda _s: "the Akhenaton card is drawn",
    ),
}
"""The seeded-play search of the end of the game's check (``play.played_first``)."""

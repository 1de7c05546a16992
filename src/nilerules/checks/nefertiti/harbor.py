"""The checks of the Memphis Harbor's ambiguities: its first Deben, when it distributes (after a refill, and when the
Akhenaton card is drawn), a player whose Servants all stand there, the High Priest's extra Servant, and the papyrus's
Royal Seal when the supply is empty."""

from __future__ import annotations

from typing import Any

from nilerules.checks import kit
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nefertiti.checks import check
from nilerules.checks.nefertiti.constructed import at_each_reading, built, written_outcomes
from nilerules.checks.nefertiti.play import (
    Search,
    closings_offered,
    closures_in_words,
    for_kit,
    legal,
    projection,
    uses,
)
from nilerules.core.verdicts import Witness
from nilerules.games.nefertiti.actions import DrawCard, Place, TakeCard
from nilerules.games.nefertiti.cards import slot
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import AKH, CARD_NAMES, HARBOR, HIGH_PRIEST, N_GIFTS, PAPYRUS
from nilerules.games.nefertiti.rules.harbor import harbor_check
from nilerules.games.nefertiti.rules.turn import forced_closures
from nilerules.games.nefertiti.situations import harbor_example_doc, papyrus_seal_supply_doc, pawns, situation, spread
from nilerules.games.nefertiti.state import P_RESOLVE, NefState


@check("harbor_first_deben")
def check_harbor_first_deben(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-009 (``harbor_first_deben``): Does the first Servant on the Harbor earn 1 Deben from it?"""
    config = game.config(4, ("harbor",))

    def outcome(s: NefState) -> str:
        after = game.apply(s, Place(HARBOR, 0))
        return f"the player gains {after.deben[s.to_move] - s.deben[s.to_move]} Deben"

    doc: dict[str, Any] = {}  # the setup's own position: seat 0 to place, the Harbor holding its starting Deben
    outcomes = at_each_reading(game, "harbor_first_deben", config, doc, outcome)
    return built(outcomes, "First Servant on the Harbor, which holds its starting Deben.", doc)


@check("harbor_trigger_added", played=False)
def check_harbor_trigger_added(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-015 (``harbor_trigger_added``): Harbor condition “At least 1 foreign Gift card was added”: when?"""
    def distributes(s: NefState) -> bool:
        return s.phase == P_RESOLVE and s.res_market == HARBOR

    def outcome(s: NefState) -> str:
        return "distribution" if distributes(harbor_check(s)) else "no distribution"

    doc = harbor_example_doc(game)
    example = situation(game, 3, ("harbor",), doc)
    on_example = at_each_reading(game, "harbor_trigger_added", example.config, doc, outcome)
    ruled_out = [r.name for r in game.spec.ambiguities["harbor_trigger_added"].readings if r.contradicted]
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 20))

    def describe(_before: NefState, after: NefState) -> str:
        return "distribution" if distributes(after) else "no distribution"

    configs = [game.config(n, ("harbor",)) for n in (3, 4, 5)]
    found = kit.find_divergence(
        game, "harbor_trigger_added", configs, seeds, for_kit(describe), project=projection, compare_chance=False
    )
    example_words = "; ".join(f"{r}: {o}" for r, o in on_example)
    summary = (
        f"The seed's Harbor example ({example.params.harbor_threshold} foreign cards, Black's pawn there, the next "
        f"refill draws none) gives {example_words}; the seed says 'no distribution'"
        + (f", so the text rules out {', '.join(ruled_out)}." if ruled_out else ".")
    )
    data: dict[str, Any] = {"example": dict(on_example)}
    if found is None:
        searched = f"the seed's example; seeded play ({len(seeds)} games per player count) met no divergence"
        data.update(players=3, modules=["harbor"], position=doc)
        return CheckResult(Witness(summary, data), "situation", on_example, searched, data, constructed=True)
    state: NefState = found.state
    data["harbor_cards"] = len(state.markets[HARBOR].cards)
    data["play_steps"] = len(found.actions)
    summary += f" Seeded play meets the same situation after {len(found.actions)} steps."
    searched = f"seeded random play, up to {len(seeds)} games per player count with the Harbor, until the readings part"
    return kit.play_witness(game, "harbor_trigger_added", found, summary, searched, data)


@check("harbor_final_threshold")
def check_harbor_final_threshold(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-027 (``harbor_final_threshold``): The Harbor's final distribution with fewer cards than a distribution needs
    NEF-027 (``harbor_final_threshold``): The Harbor's final distribution with fewer cards than a distribution needs"""
    p = game.params(game.config(3, ("harbor",)))
    foreign = [CARD_NAMES[c] for c in range(N_GIFTS) if p.bonus[c] > 0 and p.deck[c] > 0][
        : max(p.harbor_threshold - 1, 1)
    ]
    empty = situation(game, 3, ("harbor",), {})
    discard = {CARD_NAMES[c]: empty.pile[c] for c in range(N_GIFTS) if empty.pile[c] and CARD_NAMES[c] not in foreign}
    doc = {
        "markets": {"harbor": {"cards": foreign, "pawns": pawns((1, 0, False))}},
        "bottom": ["akhenaton"],
        "bottom_ordered": True,
        "discard": discard,
        "phase": "refill",
        "refill": {"queue": ["louqsor"]},
    }

    def outcome(s: NefState) -> str:
        after = game.apply(s, DrawCard(AKH))
        if after.phase == P_RESOLVE and after.res_market == HARBOR:
            return f"the {len(foreign)} card(s) on the Harbor are distributed"
        return "no distribution: the pawns go home"

    outcomes = at_each_reading(game, "harbor_final_threshold", game.config(3, ("harbor",)), doc, outcome)
    summary = (
        f"Akhenaton is drawn while {len(foreign)} foreign card(s) lie on the Harbor (the distributions after a refill "
        f"need {p.harbor_threshold}) and seat 0's Servant stands there."
    )
    return built(outcomes, summary, doc)


@check("forced_close_harbor")
def check_forced_close_harbor(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-011 (``forced_close_harbor``): Forced closure when your Servants stand only on the Harbor"""
    doc = {"markets": spread(game, 2, 0, ("harbor",), ("harbor",))}
    config = game.config(2, ("harbor",))
    servants = game.params(config).servants

    def outcome(s: NefState) -> str:
        return closures_in_words(forced_closures(s), "distribute")

    outcomes = at_each_reading(game, "forced_close_harbor", config, doc, outcome)
    summary = f"2 players: the active player's {servants} Servants all stand on the Harbor."
    return built(outcomes, summary, doc, servants=servants)


@check("high_priest_harbor")
def check_high_priest_harbor(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-021 (``high_priest_harbor``): With the High Priest, may one of the two Servants go on the Harbor?"""
    doc = {"turn": {"placements_left": 2, "character_used": True, "high_priest": True}}

    def outcome(s: NefState) -> str:
        can = any(isinstance(a, Place) and a.market == HARBOR for a in game.legal_actions(s))
        return "a Servant may go on the Harbor" if can else "no Servant may go on the Harbor"

    outcomes = at_each_reading(game, "high_priest_harbor", game.config(4, ("harbor",)), doc, outcome)
    return built(outcomes, "The High Priest was just used; the first of two placements.", doc)


@check("papyrus_seal_supply", played=False)
def check_papyrus_seal_supply(game: NefertitiGame, budget: Budget) -> CheckResult:
    """Seeded play (random, or steered to buy sealed cards and papyri) empties the seal supply too rarely to meet a
    papyrus then, so the situation is built: every seal is held, and a papyrus is bought."""
    players = 4
    doc = papyrus_seal_supply_doc(game, players)
    state = situation(game, players, ("harbor",), doc)

    def outcome(s: NefState) -> str:
        after = game.apply(s, TakeCard(slot(PAPYRUS)))
        extra = f", {-after.seal_supply} beyond the game's {s.params.seals}" if after.seal_supply < 0 else ""
        return f"the buyer gains {after.seals[1] - s.seals[1]} Royal Seal(s){extra}"

    outcomes, figures = written_outcomes(game, "papyrus_seal_supply", state.config, doc, outcome)
    summary = (
        f"{players} players with the Harbor: all {state.params.seals} Royal Seals are held by the players (none in "
        "the supply); seat 1 buys the papyrus from Gizeh."
    )
    return built(outcomes, summary, doc, config=state.config, figures=figures)


def _on_harbor(a: object) -> bool:
    return isinstance(a, Place) and a.market == HARBOR


SEARCHES: dict[str, Search] = {
    "harbor_first_deben": Search(
        ((4, ("harbor",)), (3, ("harbor",))),
        lambda b, a: f"the player gains {a.deben[b.to_move] - b.deben[b.to_move]} Deben",
        lambda s: f"seat {s.to_move} places the first Servant on the Memphis Harbor ({s.markets[HARBOR].deben} Deben)",
        _on_harbor,
    ),
    "high_priest_harbor": Search(
        ((4, ("harbor", "characters")), (5, ("harbor", "characters")), (3, ("harbor", "characters"))),
        lambda b, _a: (
            "a Servant may go on the Harbor"
            if any(isinstance(x, Place) and x.market == HARBOR for x in legal(b))
            else "no Servant may go on the Harbor"
        ),
        lambda s: f"seat {s.to_move} has used the High Priest ({s.placements_left} placements left)",
        uses(HIGH_PRIEST),
    ),
    "forced_close_harbor": Search(
        ((2, ("harbor",)),),
        closings_offered,
        lambda s: f"seat {s.to_move} has no Servant left to place, all of them on the Harbor",
        _on_harbor,
    ),
    "harbor_final_threshold": Search(
        ((4, ("harbor",)), (3, ("harbor",)), (5, ("harbor",))),
        lambda _b, a: (
            "the Harbor's cards are distributed"
            if a.phase == P_RESOLVE and a.res_market == HARBOR
            else "no distribution: the pawns go home"
        ),
        lambda s: f"Akhenaton is drawn with {len(s.markets[HARBOR].cards)} card(s) and pawns on the Harbor",
        _on_harbor,
    ),
}
"""The seeded-play searches of the Harbor's checks (``play.played_first``)."""

"""The checks of the Characters' ambiguities: the Royal Scribe and the Scribes' scoring, the Amon Merchant's and the
Amon Priest's, the Priest's exchanges, the Beggar's and the Trader's markets, and the Wandering Thief (its card laid
down, a face-down lowest card, its card bought at a closing)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

from nilerules.checks import kit
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nefertiti.checks import check
from nilerules.checks.nefertiti.constructed import at_each_reading, built, written_outcomes
from nilerules.checks.nefertiti.play import Search, bidder_acting, for_kit, gained_prestige, legal, projection, uses
from nilerules.core.readings import one_of
from nilerules.core.verdicts import Witness
from nilerules.games.nefertiti.actions import Done, NefAction, Pass, Pick, Swap, TakeCard, Target, UseCharacter
from nilerules.games.nefertiti.cards import CARD_TYPE, slot, slot_code
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import (
    ABOU,
    AKHET,
    AMON_MERCHANT,
    BEGGAR,
    CARD_NAMES,
    CHAIR,
    F_CHAIR1,
    F_CHAIR2,
    GIZEH,
    GOLDWORK,
    LOUQSOR,
    MARKET_NAMES,
    N_GIFTS,
    N_TYPES,
    NECKLACE,
    PAPYRUS,
    PRIEST,
    ROYAL_SCRIBE,
    SENET,
    SENET2,
    TRADER,
    WANDERING_THIEF,
    WT,
)
from nilerules.games.nefertiti.params import AMON_PRIEST_TIES, SCRIBE_FOREIGN_BONUS, SENET_X2_SCRIBE
from nilerules.games.nefertiti.rules.characters import (
    amon_merchant_discard,
    beggar_markets,
    character_actions,
    priest_apply,
    priest_ok,
    trader_actions,
    wandering_thief_take,
)
from nilerules.games.nefertiti.rules.closing import HIGHEST_BIDDER_CARDS
from nilerules.games.nefertiti.rules.common import max_value, open_markets
from nilerules.games.nefertiti.scoring import amon_priest_bonus, amon_priest_rank, selection_score
from nilerules.games.nefertiti.situations import (
    CLOSED_MARKET_SETUP,
    amon_priest_end_doc,
    closed_market_doc,
    hand_of,
    situation,
    wandering_thief_bought_doc,
)
from nilerules.games.nefertiti.state import CLOSED, P_CHAR, NefState


@check("scribe_foreign_bonus")
def check_scribe_foreign_bonus(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-002 (``scribe_foreign_bonus``): Foreign bonuses when a Scribe scores only part of a type"""
    from nilerules.solver.nefertiti import scribe_divergence

    p = game.params(game.config(4, ("harbor",)))
    chair = CARD_TYPE[CHAIR]
    row = p.values[chair]
    normal = p.deck[CHAIR] + p.box[CHAIR]
    verdict = scribe_divergence(
        row,
        [0, p.bonus[F_CHAIR1], p.bonus[F_CHAIR2]],
        budget.rlimit,
        per_card=p.royal_scribe_bonus,
        max_normal=normal,
        max_owners=len(row),
    )
    searched = f"one type (chair): up to {normal} normal and both foreign cards, 1 to {len(row)} owners"
    if not isinstance(verdict, Witness):
        return CheckResult(verdict, "z3", (), searched)
    held_counts = verdict.data["held"]
    scored_counts = verdict.data["scored"]
    codes = (CHAIR, F_CHAIR1, F_CHAIR2)
    hand = hand_of(*(c for c, n in zip(codes, held_counts, strict=True) for _ in range(n)))
    chosen = hand_of(*(c for c, n in zip(codes, scored_counts, strict=True) for _ in range(n)))
    owners = [1] * N_TYPES
    owners[chair] = verdict.data["owners"]
    expected = {
        r: selection_score(p, hand, chosen[:N_GIFTS], owners, p.royal_scribe_bonus, r, "two_cards")
        for r in (one_of(SCRIBE_FOREIGN_BONUS, x) for x in kit.all_readings(game, "scribe_foreign_bonus"))
    }
    # the Z3 witness written out: seat 0 holds the cards and uses the Royal Scribe on the scored ones; the other
    # owners of chairs hold one each
    seats: dict[str, Any] = {"0": {"hand": {CARD_NAMES[c]: n for c, n in zip(codes, held_counts, strict=True) if n}}}
    seats.update({str(i): {"hand": {CARD_NAMES[CHAIR]: 1}} for i in range(1, verdict.data["owners"])})
    position = {"phase": "character", "character": {"active": "royal_scribe"}, "seats": seats}
    picks = [Pick(c) for c, n in zip(codes, scored_counts, strict=True) for _ in range(n)]
    result = kit.constructed_witness(
        game, "scribe_foreign_bonus", game.config(4, ("harbor",)), position, [*picks, Done()],
        lambda s, _r: f"{s.prestige[0]} points", verdict.summary,
        f"Z3 minimum over {searched}; the witness written out and played under both readings",
    )
    if any(result.outcomes[i] != (r, f"{points} points") for i, (r, points) in enumerate(expected.items())):
        raise AssertionError("the Z3 witness and the Royal Scribe played on its position disagree")
    data = {**verdict.data, **result.data}
    return dataclasses.replace(result, verdict=Witness(verdict.summary, data), method="z3", data=data)


@check("senet_x2_scribe")
def check_senet_x2_scribe(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-003 (``senet_x2_scribe``): Does the Senet x2 earn the Royal Scribe's +1 once or twice?"""
    p = game.params(game.config(4))
    hand = hand_of(SENET2)
    owners = [1] * N_TYPES
    outcomes = tuple(
        (r, f"{selection_score(p, hand, hand[:N_GIFTS], owners, p.royal_scribe_bonus, 'held', r)} points")
        for r in (one_of(SENET_X2_SCRIBE, x) for x in kit.all_readings(game, "senet_x2_scribe"))
    )
    summary = "The only senet owner scores one Senet x2 with the Royal Scribe."
    return built(outcomes, summary, {"seats": {"0": {"hand": {"senet_x2": 1}}}}, owners=1)


@check("amon_merchant_foreign")
def check_amon_merchant_foreign(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-004 (``amon_merchant_foreign``): Does a discarded foreign card give the Amon Merchant its bonus?"""
    doc = {"seats": {"0": {"hand": {"chair_f2": 1}}}}
    state = situation(game, 4, ("harbor",), doc)

    def outcome(s: NefState) -> str:
        after = amon_merchant_discard(s, F_CHAIR2)
        return f"+{after.prestige[s.to_move] - s.prestige[s.to_move]} prestige"

    outcomes = at_each_reading(game, "amon_merchant_foreign", state.config, doc, outcome)
    bonus = state.params.bonus[F_CHAIR2]
    return built(outcomes, f"The Amon Merchant discards the foreign chair chair_f2 (bonus +{bonus}).", doc)


@check("amon_priest_ties", played=False)
def check_amon_priest_ties(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-005 (``amon_priest_ties``): Amon Priest ranks when players tie"""
    p = game.params(game.config(4))
    readings = [one_of(AMON_PRIEST_TIES, r) for r in kit.all_readings(game, "amon_priest_ties")]
    per_count: dict[str, Any] = {}
    for n in game.info.player_counts:
        # most readings told apart first; then, like the seed's example, the holder tied with exactly one player
        best: tuple[tuple[int, int, int], tuple[int, ...], tuple[int, ...]] | None = None
        for scores in itertools.product(range(3), repeat=n):
            for debens in itertools.product(range(2), repeat=n):
                bonuses = {amon_priest_bonus(p, scores, debens, 0, r) for r in readings}
                tied = int(scores.count(scores[0]) == 2)
                key = (len(bonuses), tied, len(set(scores)))
                if best is None or key > best[0]:
                    best = (key, scores, debens)
        assert best is not None
        _, scores, debens = best
        per_count[str(n)] = {
            "scores": list(scores),
            "debens": list(debens),
            "holder": 0,
            "bonus": {r: amon_priest_bonus(p, scores, debens, 0, r) for r in readings},
        }
    counts = [str(n) for n in game.info.player_counts]
    four = per_count["4"]
    # the 4-player case written out as the end of a game: the holder's bonus is what scoring that position gives
    position = amon_priest_end_doc(game, 4, four["scores"], four["debens"])

    def bonus(s: NefState, _reading: str) -> str:
        return f"seat 0 gains +{game.score_breakdown(s)[0]['amon_priest']}"

    result = kit.constructed_witness(game, "amon_priest_ties", game.config(4), position, (), bonus, "", "")
    if result.outcomes != tuple((r, f"seat 0 gains +{four['bonus'][r]}") for r in readings):
        raise AssertionError("the Amon Priest's end position and the ranking searched disagree")
    end_state = situation(game, 4, (), position)
    scores4 = [sum(row.values()) - row["amon_priest"] for row in game.score_breakdown(end_state)]
    rank = amon_priest_rank(scores4, four["debens"], 0, "competition")
    tied = scores4.count(scores4[0]) > 1
    summary = (
        f"E.g. 4 players, final scores {scores4} before the bonus and Deben {four['debens']}, the Amon Priest with "
        "seat 0: "
        + ", ".join(f"{r} +{b}" for r, b in four["bonus"].items())
        + f". Seat 0 is {'tied for' if tied else 'in'} place {rank} of the standard competition ranking."
    )
    example_place = 3  # the seed's example: "A player tied for 3rd place gains 9 extra prestige points"
    if tied and rank == example_place and len(p.amon_priest_bonus) >= example_place:
        table = p.amon_priest_bonus[example_place - 1]
        agree = [r for r, b in four["bonus"].items() if b == table]
        summary += (
            f" The seed's example gives the 3rd-place bonus (+{table} in the table) to a tied player: here that holds "
            f"under {', '.join(agree) or 'no reading'}."
        )
    summary += " A witness exists for every player count (see data)."
    data = {**result.data, "per_count": per_count}
    searched = (
        f"for {counts[0]}..{counts[-1]} players every score vector in 0..2 and Deben in 0..1 (all reading pairs "
        "compared); the 4-player witness written out as the end of a game and scored under each reading"
    )
    return dataclasses.replace(result, verdict=Witness(summary, data), method="exhaustive", data=data,
                               searched=searched)


@check("priest_value_limit")
def check_priest_value_limit(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-007 (``priest_value_limit``): Priest: value limit per exchange or over all exchanges?"""
    p = game.params(game.config(4, ("characters",)))
    mv = {c: max_value(p, c) for c in (GOLDWORK, SENET, NECKLACE)}
    # earlier in this use: a goldwork returned for a senet; now a senet offered for a necklace
    priest = {"stage": 0, "max_given": mv[GOLDWORK], "max_received": mv[SENET]}
    doc = {
        "phase": "character",
        "character": {"active": "priest", "priest": priest},
        "seats": {"0": {"hand": {"senet": 1}}},
        "bottom": ["goldwork", "necklace", "harp", "mirror", "akhenaton"],
    }
    config = game.config(4, ("characters",))

    def outcome(s: NefState) -> str:
        return "allowed" if priest_ok(s, SENET, NECKLACE) else "forbidden"

    outcomes = at_each_reading(game, "priest_value_limit", config, doc, outcome)
    summary = (
        f"The Priest already returned a goldwork (max {mv[GOLDWORK]}) for a senet (max {mv[SENET]}); now a senet "
        f"({mv[SENET]}) for a necklace ({mv[NECKLACE]})."
    )
    return built(outcomes, summary, doc, given=["goldwork", "senet"], received=["senet", "necklace"])


@check("priest_papyrus")
def check_priest_papyrus(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-024 (``priest_papyrus``): Does a papyrus taken with the Priest bring a Royal Seal?"""
    doc = {
        "phase": "character",
        "character": {"active": "priest"},
        "bottom": ["papyrus", "senet", "harp", "mirror", "akhenaton"],
        "seats": {"0": {"hand": {"chair": 1}}},
    }
    config = game.config(4, ("characters", "harbor"))

    def outcome(s: NefState) -> str:
        after = priest_apply(s, Swap(CHAIR, -2, PAPYRUS))
        return f"the player gains {after.seals[0] - s.seals[0]} Royal Seal(s)"

    outcomes = at_each_reading(game, "priest_papyrus", config, doc, outcome)
    summary = "The Priest is used; a papyrus lies among the bottom cards of the pile; the player gives a chair for it."
    return built(outcomes, summary, doc)


# the four markets the Beggar example acts on: "from Gizeh and Akhet-Aton ... at Louqsor ... at Abou Simbel"
BEGGAR_EXAMPLE_MARKETS: tuple[int, ...] = (GIZEH, AKHET, LOUQSOR, ABOU)


def _character_search(
    game: NefertitiGame, name: str, budget: Budget, describe: Callable[[NefState, NefState], str]
) -> tuple[kit.Divergence | None, int]:
    """Seeded play of the scenarios (their Characters are always out) until the readings of ``name`` part, and the
    number of games searched per player count."""
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 20))
    configs = [game.config(4, ("scenario",)), game.config(3, ("scenario",)), game.config(5, ("harbor", "scenario"))]
    found = kit.find_divergence(game, name, configs, seeds, for_kit(describe), project=projection, compare_chance=False)
    return found, len(seeds)


@check("beggar_markets", played=False)
def check_beggar_markets(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-016 (``beggar_markets``): Does the Beggar reach the closed market?"""
    doc = closed_market_doc("beggar")
    state = situation(game, *CLOSED_MARKET_SETUP, doc)

    def outcome(s: NefState) -> str:
        return "visits " + ", ".join(MARKET_NAMES[m] for m in beggar_markets(s))

    outcomes = at_each_reading(game, "beggar_markets", state.config, doc, outcome)
    open_count = len(open_markets(state))
    ruled_out = [r.name for r in game.spec.ambiguities["beggar_markets"].readings if r.contradicted]
    setting = "The Beggar is used while Louqsor is under the Market Closed tile with a necklace left on it."
    because = (
        f"The seed's example acts on {len(set(BEGGAR_EXAMPLE_MARKETS))} different markets, while only {open_count} "
        "are open at any time before Akhenaton (one lies under the Market Closed tile)"
        + (f": the text rules out {', '.join(ruled_out)}." if ruled_out else ".")
    )
    summary = f"{setting} {because}"
    data = {"example_markets": len(set(BEGGAR_EXAMPLE_MARKETS)), "open_markets": open_count}

    def describe(before: NefState, after: NefState) -> str:
        if before.phase != P_CHAR or before.char_active != BEGGAR:
            return "differs before the Beggar is used"
        return outcome(before) + f" (next: {MARKET_NAMES[after.scratch[0]] if after.phase == P_CHAR else 'done'})"

    found, games = _character_search(game, "beggar_markets", budget, describe)
    if found is not None:
        at: NefState = found.state
        data["step"] = len(found.actions)
        closed = ", ".join(MARKET_NAMES[m] for m in range(4) if at.markets[m].status == CLOSED)
        summary = f"Seeded play, step {len(found.actions)}: the Beggar is used while {closed} lies under the Market "
        summary += f"Closed tile. {because}"
        searched = f"seeded random play of the scenario with the Beggar, up to {games} games per player count"
        return kit.play_witness(game, "beggar_markets", found, summary, searched, data)
    return built(outcomes, summary, doc, "one situation (the seed's example)", config=None, figures=None, **data)


@check("trader_markets", played=False)
def check_trader_markets(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-022 (``trader_markets``): Does the Trader reach the cards of the closed market?"""
    def closed_swaps(s: NefState) -> list[Swap]:
        acts = trader_actions(s)
        return [a for a in acts if isinstance(a, Swap) and a.market >= 0 and s.markets[a.market].status == CLOSED]

    def describe(before: NefState, _after: NefState) -> str:
        if before.phase != P_CHAR or before.char_active != TRADER:
            return "differs before the Trader is used"
        n = len(closed_swaps(before))
        return f"{n} exchange(s) with the closed market's cards" if n else "no exchange with the closed market"

    found, games = _character_search(game, "trader_markets", budget, describe)
    if found is not None:
        state: NefState = found.state
        summary = (
            f"Seeded play, step {len(found.actions)}: a player uses the Trader while "
            f"{', '.join(MARKET_NAMES[m] for m in range(4) if state.markets[m].status == CLOSED)} lies under the "
            "Market Closed tile with face-up cards on it."
        )
        searched = f"seeded random play of the scenario with the Trader, up to {games} games per player count"
        return kit.play_witness(game, "trader_markets", found, summary, searched, {"step": len(found.actions)})
    config = game.config(*CLOSED_MARKET_SETUP)
    doc = closed_market_doc("trader")
    outcomes = at_each_reading(game, "trader_markets", config, doc, lambda s: describe(s, s))
    summary = (
        "The Trader is used while Louqsor is under the Market Closed tile holding a necklace; the user has a chair."
    )
    return built(outcomes, summary, doc)


@check("wandering_thief_placement")
def check_wandering_thief_placement(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-017 (``wandering_thief_placement``): Wandering Thief: “place the Gift card they took” back?"""
    doc = {
        "phase": "character",
        "character": {"active": "wandering_thief"},
        "markets": {"gizeh": {"cards": ["senet", "goldwork", "statuette"]}},
    }
    config = game.config(4, ("characters",))

    def outcome(s: NefState) -> str:
        after = wandering_thief_take(s, GIZEH, slot(SENET))
        gained = [CARD_NAMES[c] for c in range(N_GIFTS) if after.hands[s.to_move][c] > s.hands[s.to_move][c]]
        names = [CARD_NAMES[slot_code(x)] for x in after.markets[GIZEH].cards]
        return f"player gains {gained or 'nothing'}; Gizeh holds {names}"

    outcomes = at_each_reading(game, "wandering_thief_placement", config, doc, outcome)
    return built(outcomes, "The Wandering Thief is used on Gizeh (senet, statuette, goldwork).", doc)


@check("wandering_thief_face_down")
def check_wandering_thief_face_down(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-026 (``wandering_thief_face_down``): Wandering Thief: when the lowest card of a market lies face down"""
    doc = {
        "phase": "character",
        "character": {"active": "wandering_thief"},
        "markets": {"gizeh": {"cards": ["chair/down", "goldwork", "necklace"]}},
    }
    state = situation(game, 4, ("characters",), doc)
    p = state.params

    def outcome(s: NefState) -> str:
        takes = [a for a in character_actions(s) if isinstance(a, Target) and a.market == GIZEH]
        names = sorted(CARD_NAMES[slot_code(a.item)] for a in takes)
        return f"may take {', '.join(names)} from Gizeh" if names else "may take nothing from Gizeh"

    outcomes, figures = written_outcomes(game, "wandering_thief_face_down", state.config, doc, outcome)
    summary = (
        f"The Wandering Thief is used; Gizeh holds a chair turned face down by the Beggar (max "
        f"{max_value(p, CHAIR)}), a goldwork ({max_value(p, GOLDWORK)}) and a necklace "
        f"({max_value(p, NECKLACE)})."
    )
    return built(outcomes, summary, doc, config=state.config, figures=figures)


def _wt_bought_outcome(a: NefState) -> str:
    """NEF-031: how many more cards the highest bidder may take after the Wandering Thief card's exchange."""
    most = HIGHEST_BIDDER_CARDS
    more = most - a.res_taken
    counted = f"the card counts as {a.res_taken} of the highest bidder's {most}"
    return f"{counted}: after its exchange they may take {more} more"


def _buys_wandering_thief(a: NefAction) -> bool:
    """Steer play to the Wandering Thief: use it, then buy its card at a closing market."""
    if isinstance(a, UseCharacter):
        return a.char == WANDERING_THIEF
    if isinstance(a, TakeCard):
        return slot_code(a.slot) == WT
    return not isinstance(a, Done | Pass)


@check("wandering_thief_bought")
def check_wandering_thief_bought(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-031: the highest bidder buys the Wandering Thief card; how many cards may they take after its exchange?"""
    doc = wandering_thief_bought_doc(game)
    config = game.config(3)

    def outcome(s: NefState) -> str:
        s = game.apply(s, TakeCard(slot(WT)))
        s = game.apply(s, game.legal_actions(s)[0])  # its exchange (every target leaves the same count)
        return _wt_bought_outcome(s)

    outcomes = at_each_reading(game, "wandering_thief_bought", config, doc, outcome)
    summary = (
        "Gizeh closes holding the Wandering Thief card, a harp and a mirror; its highest bidder buys the Wandering "
        "Thief card and exchanges it at once."
    )
    return built(outcomes, summary, doc)


def _thief_card_words(b: NefState, a: NefState) -> str:
    gained = [CARD_NAMES[c] for c in range(N_GIFTS) if a.hands[b.to_move][c] > b.hands[b.to_move][c]]
    lies = any(slot_code(x) == WT for m in a.markets for x in m.cards)
    return (
        "player gains "
        + str(gained or "nothing")
        + "; the Wandering Thief card "
        + ("lies in a market" if lies else "leaves the game")
    )


SEARCHES: dict[str, Search] = {
    "scribe_foreign_bonus": Search(
        ((4, ("characters", "harbor")), (5, ("characters", "harbor"))),
        gained_prestige,
        lambda s: f"seat {s.to_move} scores part of a type holding a foreign card, with the Royal Scribe",
        uses(ROYAL_SCRIBE),
    ),
    "senet_x2_scribe": Search(
        ((4, ("characters",)), (3, ("characters",))),
        gained_prestige,
        lambda s: f"seat {s.to_move} scores a Senet x2 with the Royal Scribe",
        uses(ROYAL_SCRIBE),
    ),
    "amon_merchant_foreign": Search(
        ((4, ("scenario", "harbor")), (3, ("scenario", "harbor"))),
        gained_prestige,
        lambda s: f"seat {s.to_move} discards a foreign card to the Amon Merchant",
        uses(AMON_MERCHANT),
    ),
    "priest_value_limit": Search(
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        lambda b, _a: f"{sum(1 for x in legal(b) if isinstance(x, Swap))} exchange(s) allowed",
        lambda s: f"seat {s.to_move} uses the Priest and has exchanged already",
        uses(PRIEST),
    ),
    "priest_papyrus": Search(
        ((4, ("characters", "harbor")), (5, ("characters", "harbor")), (3, ("characters", "harbor"))),
        lambda b, a: f"the player gains {a.seals[b.to_move] - b.seals[b.to_move]} Royal Seal(s)",
        lambda s: f"seat {s.to_move} uses the Priest and takes a papyrus from the bottom of the pile",
        uses(PRIEST),
    ),
    "wandering_thief_placement": Search(
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        _thief_card_words,
        lambda s: f"seat {s.to_move} uses the Wandering Thief",
        uses(WANDERING_THIEF),
    ),
    "wandering_thief_face_down": Search(
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        lambda b, _a: f"{sum(1 for x in legal(b) if isinstance(x, Target | Swap))} card(s) may be taken",
        lambda s: f"seat {s.to_move} uses the Wandering Thief while a market's lowest card lies face down",
        uses(BEGGAR, WANDERING_THIEF),
    ),
    "wandering_thief_bought": Search(
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        lambda _b, a: _wt_bought_outcome(a),
        lambda s: bidder_acting(s) + " as the highest bidder and buys the Wandering Thief card",
        _buys_wandering_thief,
    ),
}
"""The seeded-play searches of the Characters' checks (``play.played_first``)."""


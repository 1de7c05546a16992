"""The checks of the 2-player game's neutral pawns and neutral player: the colours they count for on Gizeh's right
stall (Z3, cross-checked in Python), the order they act in, a closure forced on them, the cards and Deben they may
take, and the neutral player as a target of the Royal Servant, of the Trader and of the Amon Priest's ranking."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from nilerules.checks import kit
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nefertiti.checks import check
from nilerules.checks.nefertiti.constructed import at_each_reading, built, written_outcomes
from nilerules.checks.nefertiti.play import Search, bidder_acting, closings_offered, closures_in_words, legal, uses
from nilerules.core.readings import one_of
from nilerules.core.types import Config
from nilerules.core.verdicts import Unknown, Witness
from nilerules.games.nefertiti.actions import NefAction, NeutralDeben, NeutralGift, Pick, PlaceNeutral, Swap, TakeCard
from nilerules.games.nefertiti.cards import slot_down
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import (
    AMON_PRIEST,
    BEGGAR,
    CARD_NAMES,
    CHAIR,
    CHAR_NAMES,
    GIZEH,
    HARP,
    MARKET_NAMES,
    MIRROR,
    NEUTRAL_OWNER,
    PAPYRUS,
    ROYAL_SERVANT,
    TRADER,
)
from nilerules.games.nefertiti.params import NEUTRAL_THREE_COLORS, NeutralThreeColors, readings_of
from nilerules.games.nefertiti.position import score_breakdown
from nilerules.games.nefertiti.rules.characters import base_character_actions, trader_apply
from nilerules.games.nefertiti.rules.closing import resolution_actions, start_resolution
from nilerules.games.nefertiti.rules.neutral_pawns import colours_two_player, neutral_choices
from nilerules.games.nefertiti.rules.turn import forced_closures, stall_closes
from nilerules.games.nefertiti.scoring import amon_priest_field, amon_priest_rank, gift_score, holders
from nilerules.games.nefertiti.situations import amon_priest_neutral_doc, neutral_short_doc, pawns, situation, spread
from nilerules.games.nefertiti.state import P_OVER, P_RESOLVE, NefState


def python_closure_table(
    servants: int = 4, neutrals: int = 2, pawns_to_close: int = 4, squares: int = 6, colours: int = 3
) -> dict[tuple[int, int, int, int], tuple[str, ...]]:
    """Exhaustive Python twin of the Z3 enumeration (same domain, the rule's own colour count)."""
    readings = NEUTRAL_THREE_COLORS

    def closes(r: NeutralThreeColors, c: tuple[int, int, int, int]) -> bool:
        total = sum(c)
        return colours_two_player(*c, r) >= colours or total >= pawns_to_close or total >= squares

    def valid(c: tuple[int, int, int, int]) -> bool:
        return c[0] + c[1] >= 1

    def reachable(r: str, c: tuple[int, int, int, int]) -> bool:
        if not valid(c):
            return False
        if sum(c) == 1:
            return True
        for k in range(4):
            if c[k] > 0:
                before = tuple(x - 1 if i == k else x for i, x in enumerate(c))
                assert len(before) == 4
                if valid(before) and not closes(r, before):  # type: ignore[arg-type,unused-ignore]
                    return True
        return False

    table: dict[tuple[int, int, int, int], tuple[str, ...]] = {}
    for c in itertools.product(range(servants + 1), range(servants + 1), range(neutrals + 1), range(neutrals + 1)):
        status = tuple(
            "unreachable" if not reachable(r, c) else ("closes" if closes(r, c) else "open") for r in readings
        )
        if any(s != "unreachable" for s in status):
            table[c] = status
    return table


def giza_right_stall(game: NefertitiGame) -> tuple[int, int, int, int, int]:
    """Gizeh's right stall in a 2-player game, from the params: (Servants, neutral pawns, pawns that close, squares,
    colours that close)."""
    p = game.params(game.config(2))
    stall = p.stalls[GIZEH][1]
    pawns = min((n for kind, n in stall.conditions if kind == "pawns"), default=len(stall.squares))
    colours = min((n for kind, n in stall.conditions if kind == "colors"), default=len(stall.squares) + 1)
    return p.servants, p.neutral_pawns, pawns, len(stall.squares), colours


# the multisets the text lists as closing Gizeh's right stall with 2 players (red Servant, black Servant, red
# neutral, black neutral): "2 Servant pawns of different colors + 1 neutral pawn", "2 neutral pawns of different
# colors + 1 Servant pawn"
LISTED_PATTERNS: tuple[tuple[int, int, int, int], ...] = ((1, 1, 1, 0), (1, 0, 1, 1))


@check("neutral_three_colors", played=False)
def check_neutral_three_colors(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-001 (``neutral_three_colors``): When does a 2-player stall “have 3 colors” with neutral pawns?"""
    from nilerules.solver.nefertiti import PAWN_KINDS, listed_equals_four_kinds, neutral_closure_table

    servants, neutrals, pawns_to_close, squares, colours = giza_right_stall(game)
    rows, complete = neutral_closure_table(
        servants, neutrals, pawns_to_close, squares, rlimit=budget.rlimit * 4, colours=colours
    )
    py = python_closure_table(servants, neutrals, pawns_to_close, squares, colours)
    z3_table = {r.counts: r.status for r in rows}
    searched = (
        f"all multisets of <= {servants}+{servants} Servants and <= {neutrals}+{neutrals} neutral pawns on a stall "
        f"closed by {colours} colours or {pawns_to_close} pawns ({squares} squares); Z3 all-models, cross-checked "
        "exhaustively in Python"
    )
    if not complete:
        return CheckResult(
            Unknown("Z3 ran out of budget enumerating pawn multisets", budget=f"rlimit {budget.rlimit * 4}"),
            "z3",
            (),
            searched,
        )
    if z3_table != py:
        raise AssertionError("Z3 and Python disagree on the neutral-pawn closure table")
    amb = game.spec.ambiguities["neutral_three_colors"]
    ruled_out = {one_of(NEUTRAL_THREE_COLORS, r.name) for r in amb.readings if r.contradicted}
    index = {r: i for i, r in enumerate(NEUTRAL_THREE_COLORS)}
    allowed = [r for r in NEUTRAL_THREE_COLORS if r not in ruled_out]
    differ = [r for r in rows if len(set(r.status)) > 1]
    differ_allowed = [r for r in rows if len({r.status[index[a]] for a in allowed}) > 1]
    proof = listed_equals_four_kinds(budget.rlimit)

    def words(c: tuple[int, int, int, int]) -> str:
        return ", ".join(f"{n} {k}" for n, k in zip(c, PAWN_KINDS, strict=True) if n)

    # the text's own sentences, run under every reading: a reading that leaves a listed pattern open is ruled out
    broken = {
        r: [c for c in LISTED_PATTERNS if z3_table.get(c, ("",) * 3)[index[r]] != "closes"]
        for r in NEUTRAL_THREE_COLORS
    }
    showcase = next(
        (r for r in differ_allowed if "closes" in {r.status[index[a]] for a in allowed} and "open" in r.status),
        differ_allowed[0] if differ_allowed else None,
    )
    if showcase is None:
        return CheckResult(
            Unknown("the readings the text allows agree on every multiset", budget="exhaustive"),
            "z3",
            (),
            searched,
        )
    outcomes = tuple(
        (
            r,
            f"{words(showcase.counts)}: {showcase.status[i]}"
            + "".join(f"; {words(c)} (listed in the text): {z3_table[c][i]}" for c in broken[r]),
        )
        for i, r in enumerate(NEUTRAL_THREE_COLORS)
    )
    parts = ", ".join(f"{a} {showcase.status[index[a]]}" for a in allowed)
    summary = (
        f"{len(differ_allowed)} of the {len(rows)} pawn multisets that can stand on Gizeh's right stall in a 2-player "
        f"game are classified differently by the readings the text allows; e.g. {words(showcase.counts)}: {parts}. "
        f"Listed patterns = 'four pawn kinds as colours' ({proof.kind})."
    )
    for r in sorted(ruled_out):
        if broken[r]:
            summary += (
                f" The text rules out {r}: it leaves {'; '.join(words(c) for c in broken[r])} open, "
                "which the text lists as closing."
            )
    # the showcase written out: those pawns on Gizeh's right stall (red: seat 0, black: seat 1), whose closing
    # condition each reading then decides on the position itself
    position = showcase_doc(showcase.counts, squares)
    on_position = tuple(
        "closes" if stall_closes(kit.build_position(game, kit.under(game, game.config(2), amb.id, r), position), GIZEH)
        else "open"
        for r in NEUTRAL_THREE_COLORS
    )
    if on_position != tuple(showcase.status):
        raise AssertionError("the Z3 closure table and the rules on the written showcase disagree")
    data = {
        "players": 2,
        "modules": [],
        "position": position,
        "disagreeing": len(differ),
        "disagreeing_allowed": len(differ_allowed),
        "standing": len(rows),
        "showcase": list(showcase.counts),
        "rows": [{"counts": list(r.counts), "status": list(r.status)} for r in differ],
        "listed_patterns_open_under": {r: [list(c) for c in cs] for r, cs in broken.items() if cs},
        "listed_equals_four_kinds": proof.kind,
    }
    if proof.kind == "proof":
        # the sentence of NEF-001's reason that reports the proof is rendered only when Z3 gave one
        data["four_kinds_proof"] = "Z3 proves, for any pawn counts,"
    return CheckResult(Witness(summary, data), "z3", outcomes, searched, data, constructed=True)


def showcase_doc(counts: tuple[int, int, int, int], squares: int) -> dict[str, Any]:
    """A 2-player position whose Gizeh right stall holds ``counts`` (red Servants, black Servants, red neutral pawns,
    black neutral pawns; red is seat 0, black seat 1): the Servants from the highest square down, the neutral pawns
    from the lowest up."""
    rs, bs, rn, bn = counts
    servants = [(0, False)] * rs + [(1, False)] * bs
    neutrals = [(0, True)] * rn + [(1, True)] * bn
    placed = [(squares - 1 - i, seat, nt) for i, (seat, nt) in enumerate(servants)]
    placed += [(i, seat, nt) for i, (seat, nt) in enumerate(neutrals)]
    return {"markets": {"gizeh": {"stall": "right", "pawns": pawns(*placed)}}}


@check("neutral_action_order")
def check_neutral_action_order(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-006 (``neutral_action_order``): When do neutral pawns act at a closing market?"""
    config = game.config(2)
    squares = game.params(config).stalls[GIZEH][0].squares
    top, mid, low = len(squares) - 1, len(squares) // 2 - 1, 0
    stall = pawns((top, 0, False), (mid, 1, True), (low, 1, False))
    doc = {"markets": {"gizeh": {"cards": ["chair", "harp", "mirror"], "pawns": stall}}}

    def outcome(s: NefState) -> str:
        s = start_resolution(s, GIZEH, final=False)
        while s.phase == P_RESOLVE:
            choices = resolution_actions(s)
            pick = next((a for a in choices if isinstance(a, NeutralGift | TakeCard)), choices[-1])
            s = game.apply(s, pick)
        held = [f"seat {i}: {[CARD_NAMES[c] for c in (HARP, CHAIR, MIRROR) if s.hands[i][c]]}" for i in (0, 1)]
        held.append(f"neutral: {[CARD_NAMES[c] for c in (HARP, CHAIR, MIRROR) if s.neutral_hand[c]]}")
        return "; ".join(held)

    outcomes = at_each_reading(game, "neutral_action_order", config, doc, outcome)
    bids = {"seat 0 servant": squares[top], "seat 1 neutral": squares[mid], "seat 1 servant": squares[low]}
    summary = (
        "Gizeh closes holding a harp, a chair and a mirror: "
        + ", ".join(f"{who} bids {v}" for who, v in bids.items())
        + "; everyone takes a card when they can (the highest bidder the first two offered)."
    )
    searched = "one situation, with a fixed policy: take a Gift when possible"
    return built(outcomes, summary, doc, searched, bids=bids)


@check("forced_close_neutral")
def check_forced_close_neutral(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-028 (``forced_close_neutral``): Forced closure: does a market holding only your neutral pawn count as one of
    yours?"""
    top = len(game.params(game.config(2)).stalls[GIZEH][0].squares) - 1
    markets = spread(game, 2, 0, ("akhet_aton",))
    markets["gizeh"] = {"pawns": pawns((top, 1, False), (0, 0, True))}
    doc = {"markets": markets}
    config = game.config(2)

    def outcome(s: NefState) -> str:
        return closures_in_words(forced_closures(s))

    outcomes = at_each_reading(game, "forced_close_neutral", config, doc, outcome)
    summary = (
        "2 players: the active player has no Servant left (all on Akhet-Aton) and one neutral pawn on Gizeh, under "
        "the other player's Servant."
    )
    return built(outcomes, summary, doc)


@check("neutral_gift_face_down")
def check_neutral_gift_face_down(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-018 (``neutral_gift_face_down``): May a neutral pawn take a face-down Gift card?"""
    top = len(game.params(game.config(2)).stalls[GIZEH][0].squares) - 1
    doc = {"markets": {"gizeh": {"cards": ["chair/down"], "pawns": pawns((1, 0, True), (top, 1, False))}}}
    config = game.config(2)

    def outcome(s: NefState) -> str:
        s = start_resolution(s, GIZEH, final=False)
        can = any(isinstance(a, NeutralGift) for a in neutral_choices(s))
        return "the neutral pawn may take the face-down chair" if can else "the neutral pawn can only move Deben"

    outcomes = at_each_reading(game, "neutral_gift_face_down", config, doc, outcome)
    summary = "2 players: Gizeh closes holding only a chair the Beggar turned face down; a neutral pawn acts."
    return built(outcomes, summary, doc)


@check("neutral_short_targets")
def check_neutral_short_targets(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-025 (``neutral_short_targets``): A neutral pawn short of Deben: may the market it takes from receive one
    back?"""
    doc = neutral_short_doc(game)
    state = situation(game, 2, (), doc)
    want = state.params.neutral_deben[0]
    have = state.markets[GIZEH].deben

    def outcome(s: NefState) -> str:
        choices = [a for a in neutral_choices(s) if isinstance(a, NeutralDeben)]
        targets = sorted({MARKET_NAMES[t] for a in choices for t in a.targets})
        return f"{have} Deben to one of: {', '.join(targets)}"

    outcomes = at_each_reading(game, "neutral_short_targets", state.config, doc, outcome)
    summary = (
        f"2 players: Gizeh is resolved and a neutral pawn takes Deben, but the tile holds {have} where the action "
        f"takes {want}."
    )
    return built(outcomes, summary, doc, deben=have, wanted=want)


@check("royal_servant_neutral")
def check_royal_servant_neutral(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-014 (``royal_servant_neutral``): What may players do to the neutral player's cards?"""
    doc = {"neutral_hand": {"chair": 1}, "phase": "character", "character": {"active": "royal_servant"}}
    config = game.config(2)

    def outcome(s: NefState) -> str:
        acts = base_character_actions(s)
        return (
            "can discard the neutral chair"
            if any(isinstance(a, Pick) and a.target == NEUTRAL_OWNER for a in acts)
            else "cannot touch the neutral player's chair"
        )

    outcomes = at_each_reading(game, "royal_servant_neutral", config, doc, outcome)
    return built(outcomes, "2 players: the neutral player holds a chair; the Royal Servant is used.", doc)


@check("papyrus_from_neutral")
def check_papyrus_from_neutral(game: NefertitiGame, budget: Budget) -> CheckResult:
    """NEF-020 (``papyrus_from_neutral``): A papyrus taken from the neutral player: a Royal Seal or not?"""
    doc = {
        "neutral_hand": {"papyrus": 1},
        "seats": {"0": {"hand": {"chair": 1}}},
        "phase": "character",
        "character": {"active": "trader", "trader_exchanges": 0},
    }
    config = game.config(2, ("harbor", "characters"))

    def outcome(s: NefState) -> str:
        after = trader_apply(s, Swap(CHAIR, -1, PAPYRUS))
        return f"the player gains {after.seals[0] - s.seals[0]} Royal Seal(s)"

    outcomes, figures = written_outcomes(game, "papyrus_from_neutral", config, doc, outcome)
    return built(outcomes, "2 players: the Trader exchanges a chair for the neutral player's papyrus.", doc,
                 config=config, figures=figures)


def _amon_standing(state: NefState) -> tuple[list[int], int]:
    """At the end of a game: the players' scores before the Amon Priest's bonus, and the worth of the neutral player's
    cards scored as a third player's."""
    owners = holders((*state.hands, state.neutral_hand))
    base = [sum(r.values()) - r["amon_priest"] for r in score_breakdown(state)]
    return base, gift_score(state.params, state.neutral_hand, owners)


def _amon_outcome(state: NefState) -> str:
    """At the end of a game: the Amon Priest holder's place and bonus."""
    holder = state.amon_priest
    rows = score_breakdown(state)
    base = [sum(r.values()) - r["amon_priest"] for r in rows]
    scores, debens = amon_priest_field(state, base, holders((*state.hands, state.neutral_hand)))
    rank = amon_priest_rank(scores, debens, holder, readings_of(state.config).amon_priest_ties)
    return f"seat {holder} takes place {rank} and gains +{rows[holder]['amon_priest']}"


@check("amon_priest_neutral", played=False)
def check_amon_priest_neutral(game: NefertitiGame, budget: Budget) -> CheckResult:
    """Seeded 2-player games steered to use the Amon Priest, played to the end: a witness when the holder's bonus
    differs with the neutral player ranked; else a hand-built end of game (labelled constructed)."""
    name = "amon_priest_neutral"
    setups: tuple[tuple[int, tuple[str, ...]], ...] = ((2, ("scenario",)), (2, ("scenario", "harbor")))
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 10))
    prefer = uses(AMON_PRIEST)
    for players, modules in setups:
        config = game.config(players, modules)
        for seed in seeds:
            steps = list(kit.seeded_steps(game, config, seed, prefer=prefer))
            state: NefState = game.apply(steps[-1].state, steps[-1].action)
            if state.amon_priest < 0 or state.phase != P_OVER:
                continue
            actions = [step.action for step in steps]

            def figures(reading: str, config: Config = config, actions: list[NefAction] = actions) -> str:
                """The holder's place and bonus at the end the log reaches, replayed under ``reading``."""
                return _amon_outcome(kit.replay_actions(game, kit.under(game, config, name, reading), actions))

            outcomes = kit.per_reading(game, name, figures)
            if not kit.differ(outcomes):
                continue
            base, neutral = _amon_standing(state)
            summary = (
                f"Seeded play, {len(actions)} actions: a 2-player game ends with seat {state.amon_priest} holding the "
                f"Amon Priest; the players' scores before the bonus are {base}, the neutral player's cards are worth "
                f"{neutral}."
            )
            data = {"step": len(actions), "players": players, "modules": list(modules)}
            searched = (
                f"seeded play (up to {len(seeds)} games for each of "
                + ", ".join(f"{n} players with {'+'.join(m)}" for n, m in setups)
                + ", steered to use the Amon Priest) played to the end"
            )
            log = kit.log_of(game, config, actions)
            return CheckResult(
                Witness(summary, data), "playout", outcomes, searched, data, witness_log=log, figures=figures
            )
    doc = amon_priest_neutral_doc()
    end = situation(game, 2, ("characters",), doc)
    outcomes = at_each_reading(game, name, end.config, doc, _amon_outcome)
    base, neutral = _amon_standing(end)
    summary = (
        "2 players, the end of the game: seat 0 holds the Amon Priest and a chair; seat 1 two harps and a mirror; the "
        f"neutral player two goldworks, two necklaces and a statuette. Scores before the bonus {base}, the neutral "
        f"player's cards worth {neutral}."
    )
    result = built(outcomes, summary, doc)
    return dataclasses.replace(result, searched=f"{result.searched}; seeded play met no divergence within the budget")


SEARCHES: dict[str, Search] = {
    "neutral_action_order": Search(
        ((2, ()), (2, ("harbor",))),
        lambda _b, a: (
            "acting order: "
            + ", ".join(f"seat {o}'s {'neutral pawn' if nt else 'Servant'} (bid {v})" for v, o, nt, _ in a.res_queue)
            if a.res_queue
            else "resolved at once"
        ),
        lambda s: f"seat {s.to_move}'s move closes a market where a neutral pawn stands",
        lambda a: isinstance(a, PlaceNeutral),
    ),
    "neutral_gift_face_down": Search(
        ((2, ("scenario",)), (2, ("scenario", "harbor"))),
        lambda b, _a: (
            "the neutral pawn may take a face-down card"
            if any(isinstance(x, NeutralGift) and slot_down(x.slot) for x in legal(b))
            else "the neutral pawn may not take a face-down card"
        ),
        bidder_acting,
        uses(BEGGAR),
    ),
    "royal_servant_neutral": Search(
        ((2, ("scenario",)), (2, ("scenario", "harbor"))),
        lambda b, _a: (
            f"{sum(1 for x in legal(b) if isinstance(x, Swap) and x.market == -1)} exchange(s) and "
            f"{sum(1 for x in legal(b) if isinstance(x, Pick) and x.target == NEUTRAL_OWNER)} discard(s) reach the "
            "neutral player's cards"
        ),
        lambda s: f"seat {s.to_move} uses {CHAR_NAMES[s.char_active] if s.char_active >= 0 else 'a Character'}",
        uses(TRADER, ROYAL_SERVANT),
    ),
    "papyrus_from_neutral": Search(
        ((2, ("scenario", "harbor")),),
        lambda b, a: f"the player gains {a.seals[b.to_move] - b.seals[b.to_move]} Royal Seal(s)",
        lambda s: f"seat {s.to_move} uses the Trader on the neutral player's papyrus",
        uses(TRADER),
    ),
    "neutral_short_targets": Search(
        ((2, ()), (2, ("harbor",))),
        lambda b, _a: (
            "Deben may go to "
            + ", ".join(sorted({MARKET_NAMES[t] for x in legal(b) if isinstance(x, NeutralDeben) for t in x.targets}))
        ),
        bidder_acting,
        lambda a: isinstance(a, PlaceNeutral | NeutralDeben),
    ),
    "forced_close_neutral": Search(
        ((2, ()), (2, ("harbor",))),
        closings_offered,
        lambda s: f"seat {s.to_move} has no Servant left to place and a neutral pawn on a market",
        lambda a: isinstance(a, PlaceNeutral),
    ),
}
"""The seeded-play searches of the neutral pawns' checks (``play.played_first``)."""

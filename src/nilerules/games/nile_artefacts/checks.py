"""Divergence checks, one per ambiguity of ``specs/nile_artefacts.toml``.

Each check builds a concrete situation, runs the Python rules under every reading and reports what each reading does
(a Witness when they differ). Offerings are optimised with Z3 (``nilerules.solver.nile_artefacts``) and every Z3
answer is re-checked by the rules' own ``advance_levels``. Figures about whole games come from seeded random playouts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nilerules.analysis.model import Budget, Check, CheckResult
from nilerules.core import CHANCE, Unknown, Witness
from nilerules.games.nile_artefacts.actions import Done, Move, Offer, Reveal
from nilerules.games.nile_artefacts.conditions import meets, meets_some_choice, type_options
from nilerules.games.nile_artefacts.data import card_text, condition_text, parse_condition
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.rules import apply, legal_actions
from nilerules.games.nile_artefacts.scoring import ranking
from nilerules.games.nile_artefacts.situations import (
    advanced_by,
    kind_of,
    offering_state,
    options_for,
    with_readings,
)
from nilerules.games.nile_artefacts.state import (
    COND_REGION,
    N_TYPES,
    PH_NAV,
    PH_OFFER,
    PH_OVER,
    PH_REVEAL,
    TYPE_NAMES,
    Condition,
    NAState,
    evolve,
)

if TYPE_CHECKING:
    from nilerules.solver.nile_artefacts import BestOffering

Readings = Mapping[str, str]
OPTIMIZE_FACTOR = 10
"""An Optimize query runs several checks, so it gets ten times the budget's per-query rlimit."""


class SolverGaveUp(Exception):
    """Z3 returned unknown within its resource limit."""


# ------------------------------------------------------------------------------------------------ helpers
def solve(state: NAState, seat: int, rlimit: int, canonical: bool = True) -> tuple[BestOffering, tuple[int, ...]]:
    """Z3's best offering for ``seat`` in ``state`` and the Monuments the rules say it advances (they must agree)."""
    from nilerules.solver.nile_artefacts import best_offering

    hand = state.hands[seat]
    p = state.params
    conds: list[Condition | None] = [
        p.monuments[m][row[seat]] if row[seat] < 3 else None for m, row in zip(state.visible, state.levels, strict=True)
    ]
    cfg = state.config
    best = best_offering(
        options_for(p, hand, cfg),
        [p.card_region[k] for k in hand],
        conds,
        cfg.reading("pair_mix") == "both_types",
        cfg.reading("type_scope") == "per_monument",
        rlimit * OPTIMIZE_FACTOR,
        canonical,
        cfg.reading("card_sharing") == "split",
    )
    if best.status != "optimal":
        raise SolverGaveUp(f"rlimit {rlimit * OPTIMIZE_FACTOR}")
    targets = best.targets or (-1,) * len(best.used)
    offered: list[tuple[int, tuple[int, ...], int]]
    if cfg.reading("type_scope") == "per_monument":
        offered = [(hand[i], (), t) for i, t in zip(best.used, targets, strict=True)]
    else:
        offered = [(hand[i], types, t) for i, types, t in zip(best.used, best.choice, targets, strict=True)]
    checked = advanced_by(state, seat, offered)
    if checked != best.advanced:
        raise AssertionError(f"Z3 and the rules disagree on {offered!r}: {best.advanced} vs {checked}")
    return best, checked


def describe_offer(state: NAState, best: BestOffering) -> str:
    hand = state.hands[0]
    p = state.params
    if not best.used:
        return "nothing"
    if not best.choice:
        cards = [card_text(p.card_types[hand[i]], p.card_region[hand[i]]) for i in best.used]
        return ", ".join(cards) + " (types re-chosen for each Monument)"
    parts = []
    targets = best.targets or (-1,) * len(best.used)
    for i, types, target in zip(best.used, best.choice, targets, strict=True):
        k = hand[i]
        where = f" toward Monument {target}" if target >= 0 else ""
        parts.append(
            f"{card_text(p.card_types[k], p.card_region[k])} as {'+'.join(TYPE_NAMES[t] for t in types)}{where}"
        )
    return ", ".join(parts)


def compare_offerings(
    game: NileArtefactsGame,
    ambiguity: str,
    hand_text: Sequence[tuple[tuple[int, ...], int]],
    conditions: Sequence[str],
    fixed: Readings,
    budget: Budget,
) -> tuple[list[tuple[str, str]], dict[str, int], dict[str, Any]]:
    """The best offering of one hand against some Monuments under every reading of ``ambiguity``."""
    base = game.setup(game.config(2))
    params = base.params
    hand = [kind_of(params, types, region) for types, region in hand_text]
    conds = [parse_condition(c) for c in conditions]
    outcomes: list[tuple[str, str]] = []
    counts: dict[str, int] = {}
    for reading in game.spec.ambiguities[ambiguity].reading_names():
        state = with_readings(offering_state(base, hand, conds), base.config, {**fixed, ambiguity: reading})
        best, advanced = solve(state, 0, budget.rlimit)
        counts[reading] = len(advanced)
        names = [conditions[i] for i in advanced]
        outcomes.append(
            (reading, f"best offering {describe_offer(state, best)} advances {len(advanced)}: {names or 'none'}")
        )
    data = {
        "hand": [card_text(t, r) for t, r in hand_text],
        "monument_conditions": list(conditions),
        "other_readings": dict(fixed),
        "advanced": counts,
    }
    return outcomes, counts, data


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


def _verdict(differs: bool, summary: str, data: Mapping[str, Any], searched: str) -> Witness | Unknown:
    if differs:
        return Witness(summary, dict(data))
    return Unknown(f"no difference found: {summary}", searched)


def _offering_check(
    ambiguity: str,
    hand: Sequence[tuple[tuple[int, ...], int]],
    conditions: Sequence[str],
    fixed: Readings,
    summary: str,
) -> Check:
    def check(game: NileArtefactsGame, budget: Budget) -> CheckResult:
        try:
            outcomes, counts, data = compare_offerings(game, ambiguity, hand, conditions, fixed, budget)
            freq = divergence_frequency(game, ambiguity, fixed, budget)
        except SolverGaveUp as exc:
            return CheckResult(Unknown("Z3 gave up optimising an offering", str(exc)), "z3", (), "one offering")
        differs = len(set(counts.values())) > 1
        data = {**data, "random_situations": freq}
        searched = (
            "one hand-built offering, optimised by Z3 under each reading and re-checked by the rules; plus "
            f"{freq['situations']} seeded random situations (hand of 2-5 cards, 5 random Monument conditions)"
        )
        return CheckResult(_verdict(differs, summary, data, searched), "z3", tuple(outcomes), searched, data)

    return check


def divergence_frequency(game: NileArtefactsGame, ambiguity: str, fixed: Readings, budget: Budget) -> dict[str, Any]:
    """In how many random (hand, 5 Monument conditions) situations the best offerings' counts differ by reading."""
    rng = random.Random(budget.seed)
    base = game.setup(game.config(2))
    params = base.params
    cards = [k for k, c in enumerate(params.card_count) for _ in range(c)]
    conds = sorted({c for m in params.monuments for c in m})
    situations = max(4, budget.examples // 8)
    differ = 0
    for _ in range(situations):
        hand = rng.sample(cards, rng.randint(2, 5))
        chosen = rng.sample(conds, 5)
        counts = set()
        for reading in game.spec.ambiguities[ambiguity].reading_names():
            state = with_readings(offering_state(base, hand, chosen), base.config, {**fixed, ambiguity: reading})
            counts.add(len(solve(state, 0, budget.rlimit, canonical=False)[1]))
        differ += len(counts) > 1
    return {"situations": situations, "differ": differ}


# ------------------------------------------------------------------------------------------------ NA-001
def check_type_choice(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Any type vs a type shown on the card: Z3 looks for the hand that gains most from a free choice."""
    from nilerules.solver.nile_artefacts import divergent_hand

    base = game.setup(game.config(2))
    p = base.params
    texts = ["type:eye", "type:cat", "same:3", "diff:3", "pair:3:figure+bird"]
    conds = [parse_condition(t) for t in texts]
    distinct = sorted({(p.card_types[k], p.card_region[k]) for k in range(len(p.card_types))})
    found = divergent_hand(
        [t for t, _ in distinct],
        [r for _, r in distinct],
        [3] * len(distinct),
        conds,
        3,
        both=False,
        rlimit=budget.rlimit * OPTIMIZE_FACTOR,
    )
    if found.status != "optimal":
        return CheckResult(
            Unknown("Z3 gave up searching for a divergent hand", f"rlimit {budget.rlimit}"), "z3", (), "3-card hands"
        )
    hand = [distinct[k] for k in found.kinds]
    try:
        outcomes, counts, data = compare_offerings(
            game, "type_choice", hand, texts, {"double_card": "two_each"}, budget
        )
    except SolverGaveUp as exc:
        return CheckResult(Unknown("Z3 gave up optimising an offering", str(exc)), "z3", (), "one offering")
    figures = type_condition_figures(game, budget)
    proof = type_conditions_reduce_to_counts(game)
    data = {**data, "random_play": figures, "any_type_counts_only": proof}
    summary = (
        f"Hand {data['hand']} against Monuments {texts}: offering the whole hand advances {counts['any_type']} "
        f"Monuments when any type may be chosen but {counts['shown_type']} when cards count as their printed types. "
        f"Under any_type every type condition is a count of Artifacts ({proof}); under random play the whole hand "
        f"meets {figures['any_type']['met_pct']} % of next-level type conditions with any_type against "
        f"{figures['shown_type']['met_pct']} % with shown_type."
    )
    searched = (
        "Z3 maximised the gap over every 3-card hand of the card data (optimal); exhaustive count vectors up to 8 "
        f"Artifacts; {figures['games']} seeded random 3-player games per reading"
    )
    verdict = _verdict(counts["any_type"] != counts["shown_type"], summary, data, searched)
    return CheckResult(verdict, "z3", tuple(outcomes), searched, data)


def type_conditions_reduce_to_counts(game: NileArtefactsGame, max_artifacts: int = 8) -> str:
    """Exhaustive: with free types, a type condition needing n is met by some typing iff there are >= n Artifacts."""
    conds = sorted({c for m in game.params(2).monuments for c in m if c[0] < COND_REGION})
    for total in range(max_artifacts + 1):
        vectors = [v for v in itertools.product(range(total + 1), repeat=N_TYPES) if sum(v) == total]
        for cond in conds:
            reachable = any(meets(cond, v, (0, 0, 0), True) for v in vectors)
            need = cond[1]
            if reachable != (total >= need):
                return f"refuted for {condition_text(cond)} with {total} Artifacts"
    return f"proved for all {len(conds)} type conditions and 0..{max_artifacts} Artifacts, exhaustively"


def type_condition_figures(game: NileArtefactsGame, budget: Budget) -> dict[str, Any]:
    games = max(3, budget.playouts // 10)
    out: dict[str, Any] = {"games": games}
    for reading in ("any_type", "shown_type"):
        tally = {"checked": 0, "met": 0}
        seen: set[tuple[int, int, int]] = set()

        def observe(state: NAState, tally: dict[str, int] = tally, seen: set[tuple[int, int, int]] = seen) -> None:
            if state.phase != PH_OFFER or state.offering:
                return
            key = (id(state.config), state.round, state.to_move)
            if key in seen:
                return
            seen.add(key)
            p = state.params
            seat = state.to_move
            hand = state.hands[seat]
            opts = options_for(p, hand, state.config)
            regions = [p.card_region[k] for k in hand]
            for m, row in zip(state.visible, state.levels, strict=True):
                if row[seat] < 3:
                    cond = p.monuments[m][row[seat]]
                    if cond[0] < COND_REGION:
                        tally["checked"] += 1
                        tally["met"] += meets_some_choice(cond, opts, regions, False)

        finals = random_games(game, 3, {"type_choice": reading}, games, budget.seed, observe)
        rounds = sum(s.round for s in finals) / len(finals)
        out[reading] = {
            **tally,
            "met_pct": round(100 * tally["met"] / max(1, tally["checked"]), 1),
            "mean_rounds": round(rounds, 2),
            "mean_top_score": round(sum(max(s.scores) for s in finals) / len(finals), 2),
        }
    return out


# ------------------------------------------------------------------------------------------------ NA-005 .. NA-012
def _nav_state(game: NileArtefactsGame, readings: Readings) -> NAState:
    """A 2-player navigation stage in round 1 (first deal done by a seeded draw)."""
    state = game.setup(game.config(2, readings=readings))
    rng = random.Random(1)
    while game.current_player(state) is CHANCE:
        state = apply(state, game.sample_chance(state, rng))
    return state


def check_coin_space(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Seat 0 moves to a Coin space holding two cards."""
    outcomes = []
    results = {}
    for reading in ("extra_card", "coin_only"):
        state = _nav_state(game, {"coin_space": reading})
        p = state.params
        space = p.coin_spaces[0]
        cards = tuple(k for k in range(len(p.card_space)) if p.card_space[k] == space)[:2]
        board = tuple(cards if i == space else () for i in range(p.right_port + 1))
        state = evolve(state, board=board, phase=PH_NAV, to_move=0)
        state = apply(state, Move(space))
        while state.phase == PH_NAV and state.to_move == 0 and state.picks:
            state = apply(state, legal_actions(state)[0])
        results[reading] = (len(state.hands[0]), state.coins[0])
        outcomes.append(
            (reading, f"seat 0 ends the move with {results[reading][0]} cards and {results[reading][1]} Coin")
        )
    data = {"space": space, "cards_there": 2, "result": {k: list(v) for k, v in results.items()}}
    summary = f"A Boat reaches Coin space {space} holding two cards: it takes " + " vs ".join(
        f"{v[0]} card(s) ({k})" for k, v in results.items()
    )
    return CheckResult(Witness(summary, data), "situation", tuple(outcomes), "one hand-built move", data)


def check_port_start(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The first navigation stage, and whole games, under each reading."""
    outcomes = []
    data: dict[str, Any] = {}
    games = max(2, budget.playouts // 40)
    for reading in ("stage_reset", "literal"):
        state = _nav_state(game, {"port_start": reading})
        finals = random_games(game, 2, {"port_start": reading}, games, budget.seed)
        capped = sum(1 for s in finals if any(n.kind == "no_progress" for n in s.notes))
        phase = "navigation" if state.phase == PH_NAV else "offerings (navigation skipped)"
        data[reading] = {"after_first_deal": phase, "capped_games": capped, "games": games}
        outcomes.append(
            (
                reading,
                f"after the first deal the game is in {phase}; {capped} of {games} random games hit the round cap",
            )
        )
    summary = (
        "Every Boat starts the game (and every later stage) in a Port; read literally, no Boat ever navigates "
        f"and {data['literal']['capped_games']} of {games} random games never end (round cap)."
    )
    return CheckResult(Witness(summary, data), "playout", tuple(outcomes), f"first stage + {games} games each", data)


def check_deck_exhausted(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """How often the pile runs out, and a round setup from an empty pile under each reading."""
    outcomes = []
    data: dict[str, Any] = {}
    games = max(3, budget.playouts // 20)
    for reading in ("reshuffle", "stop"):
        state = _nav_state(game, {"deck_exhausted": reading})
        p = state.params
        # empty the pile into the discard, then start round 2's deal
        emptied = evolve(
            state,
            deck=(0,) * len(p.card_count),
            discard=tuple(d + c for d, c in zip(state.discard, state.deck, strict=True)),
            board=((),) * (p.right_port + 1),
            phase=PH_REVEAL,
            pending=1,
            round=1,
            pile=2,
        )
        unseen = next(m for m in range(len(p.monuments)) if m not in emptied.seen)
        after = apply(emptied, Reveal(unseen))
        dealt = after.pending if after.phase != PH_NAV else sum(len(s) for s in after.board)
        finals = random_games(game, 4, {"deck_exhausted": reading}, games, budget.seed)
        ran_out = sum(1 for s in finals if any("Artifact pile" in n.detail for n in s.notes))
        capped = sum(1 for s in finals if any(n.kind == "no_progress" for n in s.notes))
        data[reading] = {
            "cards_after_empty_pile": dealt,
            "games_where_pile_ran_out": ran_out,
            "games_stopped_by_round_cap": capped,
            "games": games,
        }
        outcomes.append(
            (
                reading,
                f"round setup from an empty pile places {dealt} cards; pile ran out in {ran_out}/{games} "
                f"4-player games; {capped}/{games} never ended (round cap)",
            )
        )
    summary = (
        "The rules never say what happens when the Artifact pile is empty: with reshuffling the round setup deals "
        f"{data['reshuffle']['cards_after_empty_pile']} cards, without it {data['stop']['cards_after_empty_pile']}. "
        f"The pile ran out in {data['reshuffle']['games_where_pile_ran_out']} of {games} random 4-player games; "
        f"without reshuffling {data['stop']['games_stopped_by_round_cap']} of them never end (the cards end up in the "
        "discard and no Monument can be completed), against "
        f"{data['reshuffle']['games_stopped_by_round_cap']} with it."
    )
    return CheckResult(Witness(summary, data), "situation", tuple(outcomes), f"one built state + {games} games", data)


def check_coin_stock(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """A Boat reaches a Port when the stock is empty."""
    outcomes = []
    data: dict[str, Any] = {}
    games = max(3, budget.playouts // 20)
    for reading in ("limited", "unlimited"):
        state = _nav_state(game, {"coin_stock": reading})
        coins = list(state.coins)
        coins[1] += state.stock
        state = evolve(state, stock=0, coins=tuple(coins), to_move=0)
        after = apply(state, Move(state.params.right_port))
        finals = random_games(game, 4, {"coin_stock": reading}, games, budget.seed)
        out = sum(1 for s in finals if any("Coin stock" in n.detail for n in s.notes))
        data[reading] = {"coins_after_port": after.coins[0], "stock_after": after.stock, "games_stock_ran_out": out}
        outcomes.append(
            (
                reading,
                f"the Boat gets {after.coins[0]} Coin (stock {after.stock}); stock ran out in {out}/{games} games",
            )
        )
    summary = (
        "A Boat reaching a Port when the 30 Coins are all with players gets "
        f"{data['limited']['coins_after_port']} Coin (limited) or {data['unlimited']['coins_after_port']} (unlimited); "
        f"the stock ran out in {data['limited']['games_stock_ran_out']} of {games} random 4-player games."
    )
    return CheckResult(Witness(summary, data), "situation", tuple(outcomes), f"one built state + {games} games", data)


def _end_state(
    game: NileArtefactsGame, readings: Readings, hands: Sequence[Sequence[int]], coins: Sequence[int]
) -> NAState:
    state = game.setup(game.config(2, readings=readings))
    return evolve(
        state,
        phase=PH_OVER,
        scores=(20, 20),
        hands=tuple(tuple(h) for h in hands),
        coins=tuple(coins),
        stock=state.params.coin_supply - sum(coins),
    )


def check_final_tie(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """Two players tie on points and cards, with different Coins; plus how often ties happen in random 4-player games
    and how many of them the card tie-break settles."""
    hands = ((0, 1), (2, 3))
    outcomes = []
    places = {}
    for reading in ("shared", "most_coins"):
        state = _end_state(game, {"final_tie": reading}, hands, (4, 1))
        r = ranking(state)
        places[reading] = [list(g) for g in r.places]
        outcomes.append((reading, f"places {places[reading]}"))
    games = max(5, budget.playouts // 4)
    finals = random_games(game, 4, {}, games, budget.seed)
    point_ties = sum(1 for s in finals if len(set(s.scores)) < len(s.scores))
    open_ties = sum(1 for s in finals if ranking(s).open_tie)
    empty_hands = sum(1 for s in finals for h in s.hands if not h)
    data = {
        "scores": [20, 20],
        "cards": [2, 2],
        "coins": [4, 1],
        "places": places,
        "random_4p_games": games,
        "games_with_a_points_tie": point_ties,
        "games_left_tied_after_cards": open_ties,
        "players_ending_with_no_card": empty_hands,
        "card_kinds": [list(h) for h in hands],
    }
    summary = (
        "Both players end on 20 points with 2 cards each: the stated tie-break leaves them tied (shared) unless a "
        f"further tie-break is added. In {games} random 4-player games, {point_ties} had players tied on points and "
        f"{open_ties} stayed tied after the card count ({empty_hands} of {4 * games} players ended with no card, "
        "since the last offering uses them up)."
    )
    return CheckResult(Witness(summary, data), "situation", tuple(outcomes), f"one built end + {games} games", data)


def check_tie_count(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    p = game.params(2)
    doubles = [k for k in range(len(p.card_types)) if p.is_double(k)]
    singles = [k for k in range(len(p.card_types)) if not p.is_double(k)]
    hands = ((doubles[0], doubles[1]), (singles[0], singles[1], singles[2]))
    outcomes = []
    winners = {}
    for reading in ("cards", "artifacts"):
        r = ranking(_end_state(game, {"tie_count": reading}, hands, (0, 0)))
        winners[reading] = list(r.winners)
        outcomes.append((reading, f"winner(s) {winners[reading]}"))
    data = {"hands": [[card_text(p.card_types[k], p.card_region[k]) for k in h] for h in hands], "winners": winners}
    summary = (
        "Tied on points, seat 0 holds two 2-Artifact cards (4 Artifacts), seat 1 three ordinary cards: "
        + ", ".join(f"{k} -> seat {v}" for k, v in winners.items())
    )
    return CheckResult(Witness(summary, data), "situation", tuple(outcomes), "one hand-built end", data)


def check_last_round(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The last Monument of the pile is turned in round 3's reward phase."""
    outcomes = []
    data: dict[str, Any] = {}
    for reading in ("one_more", "current"):
        state = _nav_state(game, {"last_round": reading})
        state = evolve(
            state, phase=PH_REVEAL, pending=1, pile=1, round=3, visible=state.visible[:4], levels=state.levels[:4]
        )
        unseen = next(m for m in range(len(state.params.monuments)) if m not in state.seen)
        after = apply(state, Reveal(unseen))
        over = after.phase == PH_OVER
        data[reading] = {"game_over": over, "round": after.round}
        outcomes.append((reading, "the game ends now" if over else f"round {after.round} is played"))
    summary = "Turning the pile's last Monument in round 3: " + "; ".join(f"{k}: {v}" for k, v in outcomes)
    return CheckResult(Witness(summary, data), "situation", tuple(outcomes), "one hand-built reveal", data)


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
    outcomes = []
    data: dict[str, Any] = {}
    for reading in ("score_at_cap", "no_score_at_cap"):
        (final,) = random_games(game, 2, {"endless_game": reading}, 1, budget.seed, policy=_stall_policy)
        capped = any(n.kind == "no_progress" for n in final.notes)
        data[reading] = {"rounds": final.round, "capped": capped, "scores": list(final.scores)}
        outcomes.append((reading, f"stopped after {final.round} rounds (cap: {capped}), scores {list(final.scores)}"))
    summary = (
        "Players who offer in round 1 and never again complete no Monument, so the Monument pile never empties and "
        f"the game has no end: the model stops at its cap of {game.params(2).max_rounds} rounds. "
        + "; ".join(f"{k}: {v}" for k, v in outcomes)
    )
    return CheckResult(Witness(summary, data), "playout", tuple(outcomes), "one seeded stalling game per reading", data)


def check_type_scope(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    fn = _offering_check(
        "type_scope",
        (((0,), 0), ((2,), 0), ((4,), 0)),
        ("same:3", "diff:3"),
        {"type_choice": "any_type"},
        "Three cards against 'three of a kind' and 'three different types': one typing cannot serve both",
    )
    result = fn(game, budget)
    p = game.params(2)
    singletons = all(
        len(type_options(p.card_types[k], "shown_type", "two_each")) == 1 for k in range(len(p.card_types))
    )
    note = (
        f"under shown_type with two_each every one of the {len(p.card_types)} card kinds has exactly one way to "
        "count, so the scope cannot matter there (exhaustive over the card data)"
        if singletons
        else "some card kind has several ways to count even under shown_type/two_each"
    )
    return _with_note(result, note)


def _with_note(result: CheckResult, note: str) -> CheckResult:
    """Append a sentence to a witness summary and record it in the data."""
    data = {**result.data, "note": note}
    verdict = result.verdict
    if isinstance(verdict, Witness):
        verdict = Witness(f"{verdict.summary}; {note}.", dict(data))
    return CheckResult(verdict, result.method, result.outcomes, result.searched, data)


def check_double_card(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    fn = _offering_check(
        "double_card",
        (((0, 3), 2),),
        ("diff:2", "same:2", "type:eye"),
        {"type_choice": "any_type", "type_scope": "per_monument"},
        "One 2-Artifact card (eye+figure) alone against diff:2, same:2 and type:eye",
    )
    return fn(game, budget)


def check_pair_mix(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    fn = _offering_check(
        "pair_mix",
        (((0,), 0), ((0,), 1)),
        ("pair:2:ankh+eye", "type:eye"),
        {"type_choice": "any_type", "type_scope": "per_offering"},
        "Two cards against 'ankh+eye x2' and 'eye x2' (default readings)",
    )
    return _with_note(fn(game, budget), pair_mix_agreement())


def pair_mix_agreement(max_artifacts: int = 8) -> str:
    """Exhaustive: a single pair condition checked alone with freely typed Artifacts is met under both readings alike
    (n >= 2 Artifacts can always include one of each type), for every n and every count up to ``max_artifacts``."""
    for n in (2, 3, 4):
        cond = (1, n, 5, 0, -1)
        for total in range(max_artifacts + 1):
            vectors = [v for v in itertools.product(range(total + 1), repeat=N_TYPES) if sum(v) == total]
            mix = any(meets(cond, v, (0, 0, 0), False) for v in vectors)
            both = any(meets(cond, v, (0, 0, 0), True) for v in vectors)
            if mix != both:
                return f"the readings differ for a lone pair:{n} condition with {total} free Artifacts"
    return (
        "with free types and each Monument checked on its own (any_type, per_monument) the readings agree for every "
        "count "
        f"(exhaustive up to {max_artifacts} Artifacts): they differ only when one typing must serve several Monuments "
        "or types are printed"
    )


def check_card_sharing(game: NileArtefactsGame, budget: Budget) -> CheckResult:
    """The seed's example offering (3 cards, 3 Monuments) under shared and split cards, and the arithmetic bound."""
    fn = _offering_check(
        "card_sharing",
        (((0,), 0), ((0,), 0), ((0,), 1)),
        ("same:2", "each:nile+desert", "region:nile", "diff:4", "region:fields"),
        {"type_choice": "shown_type"},
        "The seed's example: red plays 3 cards (eye/nile, eye/nile, eye/desert) and moves up on 3 Monuments",
    )
    result = fn(game, budget)
    conds = sorted({c for m in game.params(2).monuments for c in m})
    fewest = min(c[1] for c in conds)
    bound = (
        f"every one of the {len(conds)} conditions in the data needs at least {fewest} Artifacts or cards, so under "
        "split k one-Artifact cards advance at most k // 2 Monuments: the seed's '3 cards, 3 Monuments' then needs "
        "three 2-Artifact cards against three 2-Artifact type conditions"
    )
    return _with_note(result, bound)


CHECKS: dict[str, Check] = {
    "card_sharing": check_card_sharing,
    "type_choice": check_type_choice,
    "type_scope": check_type_scope,
    "double_card": check_double_card,
    "pair_mix": check_pair_mix,
    "coin_space": check_coin_space,
    "port_start": check_port_start,
    "deck_exhausted": check_deck_exhausted,
    "coin_stock": check_coin_stock,
    "final_tie": check_final_tie,
    "tie_count": check_tie_count,
    "last_round": check_last_round,
    "endless_game": check_endless_game,
}

__all__ = ["CHECKS", "random_games", "solve"]

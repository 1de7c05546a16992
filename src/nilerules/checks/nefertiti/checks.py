"""One divergence check per ambiguity of ``specs/nefertiti.toml``: a witness situation and each reading's outcome."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Mapping
from typing import Any

from nilerules.checks.model import Budget, Check, CheckResult
from nilerules.core.log import make_log
from nilerules.core.types import CHANCE
from nilerules.core.verdicts import Proof, Unknown, Witness
from nilerules.games.nefertiti import rules
from nilerules.games.nefertiti.actions import (
    Done,
    DrawCard,
    ForceClose,
    NeutralDeben,
    NeutralGift,
    Pass,
    Pick,
    Place,
    PlaceNeutral,
    Swap,
    TakeCard,
    TakeHalf,
    Target,
    UseCharacter,
)
from nilerules.games.nefertiti.cards import CARD_TYPE, slot
from nilerules.games.nefertiti.names import (
    ABOU,
    AKH,
    AKHET,
    AMON_MERCHANT,
    AMON_PRIEST,
    BEGGAR,
    CARD_NAMES,
    CHAIR,
    CHAR_NAMES,
    F_CHAIR1,
    F_CHAIR2,
    GIZEH,
    GOLDWORK,
    HARBOR,
    HARP,
    HIGH_PRIEST,
    LOUQSOR,
    MIRROR,
    N_CODES,
    N_GIFTS,
    N_TYPES,
    NECKLACE,
    NEUTRAL_OWNER,
    PAPYRUS,
    PRIEST,
    ROYAL_SCRIBE,
    ROYAL_SERVANT,
    SENET,
    SENET2,
    TRADER,
    WANDERING_THIEF,
    WT,
)
from nilerules.games.nefertiti.position import score_breakdown
from nilerules.games.nefertiti.rules import characters, closing, common, harbor, neutral_pawns, turn
from nilerules.games.nefertiti.scoring import (
    amon_priest_bonus,
    amon_priest_field,
    amon_priest_rank,
    gift_score,
    holders,
    selection_score,
)
from nilerules.games.nefertiti.state import CLOSED, P_CHAR, P_OVER, P_RESOLVE, P_TURN, NefState, evolve

_MARKET_NAMES = ("Gizeh", "Louqsor", "Akhet-Aton", "Abou Simbel", "Harbor")


def start_state(
    game: Any, players: int, modules: tuple[str, ...] = (), readings: Mapping[str, str] | None = None, seed: int = 0
) -> NefState:
    """A real game, set up with seeded chance, at the first player's first decision."""
    state: NefState = game.setup(game.config(players, modules, readings))
    rng = random.Random(seed)
    while state.phase != P_TURN:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


def with_reading(game: Any, state: NefState, name: str, reading: str) -> NefState:
    """The same situation under another reading of one ambiguity."""
    readings = state.config.readings_dict()
    readings[name] = reading
    return evolve(state, config=game.config(state.config.players, state.config.modules, readings))


def per_reading(
    game: Any, name: str, state: NefState, outcome: Callable[[NefState], str]
) -> tuple[tuple[str, str], ...]:
    return tuple((r, outcome(with_reading(game, state, name, r))) for r in game.spec.ambiguities[name].reading_names())


def _differs(outcomes: tuple[tuple[str, str], ...]) -> bool:
    return len({o for _, o in outcomes}) > 1


def _verdict(outcomes: tuple[tuple[str, str], ...], summary: str, data: Mapping[str, Any]) -> Witness | Unknown:
    if _differs(outcomes):
        return Witness(summary, data)
    return Unknown(f"the hand-built situation did not separate the readings: {summary}", budget="one situation")


def _situation(
    outcomes: tuple[tuple[str, str], ...], summary: str, data: Mapping[str, Any], searched: str = "one situation"
) -> CheckResult:
    """The result of a check of one hand-built situation: a witness when its readings differ there, else unknown."""
    return CheckResult(_verdict(outcomes, summary, data), "situation", outcomes, searched)


def _hand(*codes: int) -> tuple[int, ...]:
    hand = [0] * N_CODES
    for c in codes:
        hand[c] += 1
    return tuple(hand)


def _projection(state: NefState) -> tuple[Any, ...]:
    """What a reading can change in a state (everything but the config)."""
    return tuple(state)[2:]


def _steered_action(game: Any, state: NefState, rng: random.Random, prefer: Callable[[Any], bool] | None) -> Any:
    """The next step of steered seeded play: a chance outcome, else a random legal action, taken half the time from
    those ``prefer`` marks when there are any."""
    if game.current_player(state) is CHANCE:
        return game.sample_chance(state, rng)
    legal = game.legal_actions(state)
    preferred = [a for a in legal if prefer(a)] if prefer is not None else []
    pool = preferred if preferred and rng.random() < 0.5 else legal
    return pool[rng.randrange(len(pool))]


def find_in_play(
    game: Any,
    name: str,
    setups: tuple[tuple[int, tuple[str, ...]], ...],
    seeds: range,
    describe: Callable[[NefState, NefState], str],
    prefer: Callable[[Any], bool] | None = None,
) -> tuple[Any, NefState, tuple[tuple[str, str], ...]] | None:
    """Seeded play under the default readings until one step gives a different result under another reading of
    ``name`` that the text allows (different legal moves, or the same action leading to a different position).

    Moves are chosen uniformly, except that when ``prefer`` marks some legal moves, one of those is chosen half of the
    time (to steer play toward a Character, say). Returns the log from setup up to the position where the readings
    part (when the legal moves part, up to that position; when the same move gives different positions, up to and
    including that move, so that its replay under each reading shows the difference), the position before the move,
    and each reading's outcome there (``describe(before, after)``, every reading, ruled-out ones too); None when no
    seeded game met a divergence.
    """
    from nilerules.core.log import make_log

    amb = game.spec.ambiguities[name]
    readings = amb.reading_names()
    allowed = [i for i, r in enumerate(amb.readings) if not r.contradicted]
    if len(allowed) < 2:  # the text decides: show where the ruled-out reading parts from it
        allowed = list(range(len(readings)))
    for players, modules in setups:
        config = game.config(players, modules)
        for seed in seeds:
            rng = random.Random(seed)
            state: NefState = game.setup(config)
            actions: list[Any] = []
            while game.current_player(state) is not None and len(actions) < game.info.max_game_length:
                action = _steered_action(game, state, rng, prefer)
                variants = [with_reading(game, state, name, r) for r in readings]
                moves = [tuple(game.legal_actions(v)) for v in variants]
                afters = [
                    game.apply(v, action) if game.current_player(v) is CHANCE or action in moves[i] else None
                    for i, v in enumerate(variants)
                ]
                seen = {None if afters[i] is None else _projection(afters[i]) for i in allowed}  # type: ignore[arg-type]
                if len({moves[i] for i in allowed}) > 1 or len(seen) > 1:
                    if len({moves[i] for i in allowed}) > 1:  # the legal moves part here: the log ends before them
                        log = make_log(game, config, actions, state)
                    else:  # the same move gives different positions: the log ends after it, where they part
                        log = make_log(game, config, [*actions, action], game.apply(state, action))
                    outcomes = tuple(
                        (r, describe(v, a) if a is not None else describe(v, v) + " (the move played is not legal)")
                        for r, v, a in zip(readings, variants, afters, strict=True)
                    )
                    return log, state, outcomes
                state = game.apply(state, action)
                actions.append(action)
    return None


def search_play(
    game: Any,
    name: str,
    budget: Budget,
    setups: tuple[tuple[int, tuple[str, ...]], ...],
    describe: Callable[[NefState, NefState], str],
    words: Callable[[NefState], str],
    prefer: Callable[[Any], bool] | None = None,
) -> CheckResult | None:
    """A witness from seeded play (its log replays from setup), or None when the search budget met none."""
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 10))
    found = find_in_play(game, name, setups, seeds, describe, prefer)
    if found is None:
        return None
    log, state, outcomes = found
    summary = f"Seeded play, step {len(log.actions)}: {words(state)}"
    data = {"step": len(log.actions), "players": state.config.players, "modules": list(state.config.modules)}
    searched = (
        f"seeded play (up to {len(seeds)} games for each of "
        + ", ".join(f"{n} players{' with ' + '+'.join(m) if m else ''}" for n, m in setups)
        + ") until the readings part"
    )
    return CheckResult(Witness(summary, data), "playout", outcomes, searched, data, witness_log=log)


# ---------------------------------------------------------------------------------------------------------------


def python_closure_table(
    servants: int = 4, neutrals: int = 2, pawns_to_close: int = 4, squares: int = 6, colours: int = 3
) -> dict[tuple[int, int, int, int], tuple[str, ...]]:
    """Exhaustive Python twin of the Z3 enumeration (same domain, the rule's own colour count)."""
    readings = ("listed", "neutral_one_color", "neutral_pawn_each")

    def closes(r: str, c: tuple[int, int, int, int]) -> bool:
        total = sum(c)
        return neutral_pawns.colours_two_player(*c, r) >= colours or total >= pawns_to_close or total >= squares

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


def giza_right_stall(game: Any) -> tuple[int, int, int, int, int]:
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


def check_neutral_three_colors(game: Any, budget: Budget) -> CheckResult:
    from nilerules.solver.nefertiti import NEUTRAL_READINGS, PAWN_KINDS, listed_equals_four_kinds, neutral_closure_table

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
    ruled_out = {r.name for r in amb.readings if r.contradicted}
    index = {r: i for i, r in enumerate(NEUTRAL_READINGS)}
    allowed = [r for r in NEUTRAL_READINGS if r not in ruled_out]
    differ = [r for r in rows if len(set(r.status)) > 1]
    differ_allowed = [r for r in rows if len({r.status[index[a]] for a in allowed}) > 1]
    proof = listed_equals_four_kinds(budget.rlimit)

    def words(c: tuple[int, int, int, int]) -> str:
        return ", ".join(f"{n} {k}" for n, k in zip(c, PAWN_KINDS, strict=True) if n)

    # the text's own sentences, run under every reading: a reading that leaves a listed pattern open is ruled out
    broken = {
        r: [c for c in LISTED_PATTERNS if z3_table.get(c, ("",) * 3)[index[r]] != "closes"] for r in NEUTRAL_READINGS
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
        for i, r in enumerate(NEUTRAL_READINGS)
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
    data = {
        "disagreeing": len(differ),
        "disagreeing_allowed": len(differ_allowed),
        "standing": len(rows),
        "showcase": list(showcase.counts),
        "rows": [{"counts": list(r.counts), "status": list(r.status)} for r in differ],
        "listed_patterns_open_under": {r: [list(c) for c in cs] for r, cs in broken.items() if cs},
        "listed_equals_four_kinds": proof.kind,
    }
    return CheckResult(Witness(summary, data), "z3", outcomes, searched, data, constructed=True)


def check_scribe_foreign_bonus(game: Any, budget: Budget) -> CheckResult:
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
    hand = _hand(*([CHAIR] * held_counts[0] + [F_CHAIR1] * held_counts[1] + [F_CHAIR2] * held_counts[2]))
    chosen = _hand(*([CHAIR] * scored_counts[0] + [F_CHAIR1] * scored_counts[1] + [F_CHAIR2] * scored_counts[2]))
    owners = [1] * N_TYPES
    owners[chair] = verdict.data["owners"]
    outcomes = tuple(
        (r, f"{selection_score(p, hand, chosen[:N_GIFTS], owners, p.royal_scribe_bonus, r, 'two_cards')} points")
        for r in game.spec.ambiguities["scribe_foreign_bonus"].reading_names()
    )
    return CheckResult(
        verdict,
        "z3",
        outcomes,
        f"Z3 minimum over {searched}; Python scoring recomputes both readings",
        dict(verdict.data),
        constructed=True,
    )


def check_amon_priest_ties(game: Any, budget: Budget) -> CheckResult:
    p = game.params(game.config(4))
    readings = game.spec.ambiguities["amon_priest_ties"].reading_names()
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
    outcomes = tuple((r, ", ".join(f"{n}p: +{per_count[n]['bonus'][r]}" for n in counts)) for r in readings)
    scores4 = four["scores"]
    rank = amon_priest_rank(scores4, four["debens"], 0, "competition")
    tied = scores4.count(scores4[0]) > 1
    summary = (
        f"E.g. 4 players, final scores {scores4} and Deben {four['debens']}, the Amon Priest with seat 0: "
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
    return CheckResult(
        Witness(summary, per_count),
        "exhaustive",
        outcomes,
        f"for {counts[0]}..{counts[-1]} players every score vector in 0..2 and Deben in 0..1 (all reading pairs "
        "compared)",
        per_count,
    )


def check_harbor_first_deben(game: Any, budget: Budget) -> CheckResult:
    state = start_state(game, 4, ("harbor",))

    def outcome(s: NefState) -> str:
        after = rules.apply(s, Place(HARBOR, 0))
        return f"the player gains {after.deben[s.to_move] - s.deben[s.to_move]} Deben"

    outcomes = per_reading(game, "harbor_first_deben", state, outcome)
    return _situation(outcomes, "First Servant on the Harbor, which holds its starting Deben.", {})


def check_harbor_trigger_added(game: Any, budget: Budget) -> CheckResult:
    def distributes(s: NefState) -> bool:
        return s.phase == P_RESOLVE and s.res_market == HARBOR

    def outcome(s: NefState) -> str:
        return "distribution" if distributes(harbor.harbor_check(s)) else "no distribution"

    example = harbor_example_state(game)
    on_example = per_reading(game, "harbor_trigger_added", example, outcome)
    ruled_out = [r.name for r in game.spec.ambiguities["harbor_trigger_added"].readings if r.contradicted]
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 20))
    found = find_in_play(
        game,
        "harbor_trigger_added",
        ((3, ("harbor",)), (4, ("harbor",)), (5, ("harbor",))),
        seeds,
        lambda _before, after: "distribution" if distributes(after) else "no distribution",
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
        return CheckResult(Witness(summary, data), "situation", on_example, searched, data, constructed=True)
    log, state, outcomes = found
    data["harbor_cards"] = len(state.markets[HARBOR].cards)
    data["play_steps"] = len(log.actions)
    summary += f" Seeded play meets the same situation after {len(log.actions)} steps."
    return CheckResult(
        Witness(summary, data),
        "playout",
        outcomes,
        f"seeded random play, up to {len(seeds)} games per player count with the Harbor, until the readings part",
        data,
        witness_log=log,
    )


# the four markets the Beggar example acts on: "from Gizeh and Akhet-Aton ... at Louqsor ... at Abou Simbel"
BEGGAR_EXAMPLE_MARKETS: tuple[int, ...] = (GIZEH, AKHET, LOUQSOR, ABOU)


def _character_search(game: Any, name: str, budget: Budget, describe: Callable[[NefState, NefState], str]) -> Any:
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 20))
    setups = ((4, ("scenario",)), (3, ("scenario",)), (5, ("harbor", "scenario")))
    return find_in_play(game, name, setups, seeds, describe), len(seeds)


def check_beggar_markets(game: Any, budget: Budget) -> CheckResult:
    state = _closed_market_state(game, BEGGAR)

    def outcome(s: NefState) -> str:
        return "visits " + ", ".join(_MARKET_NAMES[m] for m in characters.beggar_markets(s))

    outcomes = per_reading(game, "beggar_markets", state, outcome)
    open_count = len(common.open_markets(state))
    ruled_out = [r.name for r in game.spec.ambiguities["beggar_markets"].readings if r.contradicted]
    situation = "The Beggar is used while Louqsor is under the Market Closed tile with a necklace left on it."
    because = (
        f"The seed's example acts on {len(set(BEGGAR_EXAMPLE_MARKETS))} different markets, while only {open_count} "
        "are open at any time before Akhenaton (one lies under the Market Closed tile)"
        + (f": the text rules out {', '.join(ruled_out)}." if ruled_out else ".")
    )
    summary = f"{situation} {because}"
    data = {"example_markets": len(set(BEGGAR_EXAMPLE_MARKETS)), "open_markets": open_count}

    def describe(before: NefState, after: NefState) -> str:
        if before.phase != P_CHAR or before.char_active != BEGGAR:
            return "differs before the Beggar is used"
        return outcome(before) + f" (next: {_MARKET_NAMES[after.scratch[0]] if after.phase == P_CHAR else 'done'})"

    found, games = _character_search(game, "beggar_markets", budget, describe)
    if found is not None:
        log, at, play_outcomes = found
        data["step"] = len(log.actions)
        closed = ", ".join(_MARKET_NAMES[m] for m in range(4) if at.markets[m].status == CLOSED)
        summary = f"Seeded play, step {len(log.actions)}: the Beggar is used while {closed} lies under the Market "
        summary += f"Closed tile. {because}"
        searched = f"seeded random play of the scenario with the Beggar, up to {games} games per player count"
        return CheckResult(Witness(summary, data), "playout", play_outcomes, searched, data, witness_log=log)
    result = _situation(outcomes, summary, data, "one situation (the seed's example)")
    return dataclasses.replace(result, constructed=True)


def check_trader_markets(game: Any, budget: Budget) -> CheckResult:
    def closed_swaps(s: NefState) -> list[Swap]:
        acts = characters.trader_actions(s)
        return [a for a in acts if isinstance(a, Swap) and a.market >= 0 and s.markets[a.market].status == CLOSED]

    def describe(before: NefState, _after: NefState) -> str:
        if before.phase != P_CHAR or before.char_active != TRADER:
            return "differs before the Trader is used"
        n = len(closed_swaps(before))
        return f"{n} exchange(s) with the closed market's cards" if n else "no exchange with the closed market"

    found, games = _character_search(game, "trader_markets", budget, describe)
    if found is not None:
        log, state, outcomes = found
        summary = (
            f"Seeded play, step {len(log.actions)}: a player uses the Trader while "
            f"{', '.join(_MARKET_NAMES[m] for m in range(4) if state.markets[m].status == CLOSED)} lies under the "
            "Market Closed tile with face-up cards on it."
        )
        return CheckResult(
            Witness(summary, {"step": len(log.actions)}),
            "playout",
            outcomes,
            f"seeded random play of the scenario with the Trader, up to {games} games per player count",
            {"step": len(log.actions)},
            witness_log=log,
        )
    state = _closed_market_state(game, TRADER)
    outcomes = per_reading(game, "trader_markets", state, lambda s: describe(s, s))
    summary = (
        "The Trader is used while Louqsor is under the Market Closed tile holding a necklace; the user has a chair."
    )
    return dataclasses.replace(_situation(outcomes, summary, {}), constructed=True)


def check_harbor_final_threshold(game: Any, budget: Budget) -> CheckResult:
    p = game.params(game.config(3, ("harbor",)))
    foreign = [CARD_NAMES[c] for c in range(N_GIFTS) if p.bonus[c] > 0 and p.deck[c] > 0][
        : max(p.harbor_threshold - 1, 1)
    ]
    empty = situation(game, 3, ("harbor",), {})
    discard = {CARD_NAMES[c]: empty.pile[c] for c in range(N_GIFTS) if empty.pile[c] and CARD_NAMES[c] not in foreign}
    doc = {
        "markets": {"harbor": {"cards": foreign, "pawns": _pawns((1, 0, False))}},
        "bottom": ["akhenaton"],
        "bottom_ordered": True,
        "discard": discard,
        "phase": "refill",
        "refill": {"queue": ["louqsor"]},
    }
    state = situation(game, 3, ("harbor",), doc)

    def outcome(s: NefState) -> str:
        after = rules.apply(s, DrawCard(AKH))
        if after.phase == P_RESOLVE and after.res_market == HARBOR:
            return f"the {len(foreign)} card(s) on the Harbor are distributed"
        return "no distribution: the pawns go home"

    outcomes = per_reading(game, "harbor_final_threshold", state, outcome)
    summary = (
        f"Akhenaton is drawn while {len(foreign)} foreign card(s) lie on the Harbor (the distributions after a refill "
        f"need {p.harbor_threshold}) and seat 0's Servant stands there."
    )
    return _built(outcomes, summary, doc)


def check_forced_close_neutral(game: Any, budget: Budget) -> CheckResult:
    top = len(game.params(game.config(2)).stalls[GIZEH][0].squares) - 1
    markets = _spread(game, 2, 0, ("akhet_aton",))
    markets["gizeh"] = {"pawns": _pawns((top, 1, False), (0, 0, True))}
    doc = {"markets": markets}
    state = situation(game, 2, (), doc)

    def outcome(s: NefState) -> str:
        return ", ".join(
            "pass" if a.market < 0 else f"close {_MARKET_NAMES[a.market]}" for a in turn.forced_closures(s)
        )

    outcomes = per_reading(game, "forced_close_neutral", state, outcome)
    summary = (
        "2 players: the active player has no Servant left (all on Akhet-Aton) and one neutral pawn on Gizeh, under "
        "the other player's Servant."
    )
    return _built(outcomes, summary, doc)


def papyrus_seal_supply_doc(game: Any, players: int = 4) -> dict[str, Any]:
    """A market resolved with a papyrus in it, every Royal Seal of the game in the players' hands (the supply empty;
    the count is the params' own, shared out seat by seat), seat 1 the bidder left to buy."""
    p = game.params(game.config(players, ("harbor",)))
    bid = p.stalls[GIZEH][0].squares[1]
    seals = {str(i): {"seals": p.seals // players + int(i < p.seals % players)} for i in range(players)}
    return {
        "phase": "resolve",
        "markets": {"gizeh": {"cards": ["papyrus", "harp", "mirror"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": bid, "seat": 1}], "taken": 0},
        "seats": seals,
    }


def check_papyrus_seal_supply(game: Any, budget: Budget) -> CheckResult:
    """Seeded play (random, or steered to buy sealed cards and papyri) empties the seal supply too rarely to meet a
    papyrus then, so the situation is built: every seal is held, and a papyrus is bought."""
    players = 4
    doc = papyrus_seal_supply_doc(game, players)
    state = situation(game, players, ("harbor",), doc)

    def outcome(s: NefState) -> str:
        after = rules.apply(s, TakeCard(slot(PAPYRUS)))
        extra = f", {-after.seal_supply} beyond the game's {s.params.seals}" if after.seal_supply < 0 else ""
        return f"the buyer gains {after.seals[1] - s.seals[1]} Royal Seal(s){extra}"

    outcomes = per_reading(game, "papyrus_seal_supply", state, outcome)
    summary = (
        f"{players} players with the Harbor: all {state.params.seals} Royal Seals are held by the players (none in "
        "the supply); seat 1 buys the papyrus from Gizeh."
    )
    return _built(outcomes, summary, doc)


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
    rank = amon_priest_rank(scores, debens, holder, state.config.reading("amon_priest_ties"))
    return f"seat {holder} takes place {rank} and gains +{rows[holder]['amon_priest']}"


def amon_priest_neutral_doc() -> dict[str, Any]:
    """The end of a 2-player game: seat 0 holds the Amon Priest and a chair; the neutral player holds more."""
    return {
        "phase": "over",
        "amon_priest": 0,
        "seats": {"0": {"hand": {"chair": 1}}, "1": {"hand": {"harp": 2, "mirror": 1}}},
        "neutral_hand": {"goldwork": 2, "necklace": 2, "statuette": 1},
    }


def check_amon_priest_neutral(game: Any, budget: Budget) -> CheckResult:
    """Seeded 2-player games steered to use the Amon Priest, played to the end: a witness when the holder's bonus
    differs with the neutral player ranked; else a hand-built end of game (labelled constructed)."""
    name = "amon_priest_neutral"
    setups: tuple[tuple[int, tuple[str, ...]], ...] = ((2, ("scenario",)), (2, ("scenario", "harbor")))
    seeds = range(budget.seed, budget.seed + min(budget.playouts, 10))
    prefer = _uses(AMON_PRIEST)
    for players, modules in setups:
        config = game.config(players, modules)
        for seed in seeds:
            rng = random.Random(seed)
            state: NefState = game.setup(config)
            actions: list[Any] = []
            while game.current_player(state) is not None and len(actions) < game.info.max_game_length:
                action = _steered_action(game, state, rng, prefer)
                state = game.apply(state, action)
                actions.append(action)
            if state.amon_priest < 0 or state.phase != P_OVER:
                continue
            outcomes = per_reading(game, name, state, _amon_outcome)
            if not _differs(outcomes):
                continue
            log = make_log(game, config, actions, state)
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
            return CheckResult(Witness(summary, data), "playout", outcomes, searched, data, witness_log=log)
    doc = amon_priest_neutral_doc()
    built = situation(game, 2, ("characters",), doc)
    outcomes = per_reading(game, name, built, _amon_outcome)
    base, neutral = _amon_standing(built)
    summary = (
        "2 players, the end of the game: seat 0 holds the Amon Priest and a chair; seat 1 two harps and a mirror; the "
        f"neutral player two goldworks, two necklaces and a statuette. Scores before the bonus {base}, the neutral "
        f"player's cards worth {neutral}."
    )
    result = _built(outcomes, summary, doc)
    return dataclasses.replace(result, searched=f"{result.searched}; seeded play met no divergence within the budget")


def setup_deben(game: Any) -> tuple[int, tuple[tuple[int, tuple[str, ...], int], ...]]:
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


def check_deben_coins(game: Any, budget: Budget) -> CheckResult:
    have, rows = setup_deben(game)
    short = [(n, mods, need) for n, mods, need in rows if need > have]

    def words(n: int, mods: tuple[str, ...], need: int) -> str:
        return f"{n} players{' with the Harbor' if mods else ''}: {need} Deben"

    readings = game.spec.ambiguities["deben_coins"].reading_names()
    if not short:
        return CheckResult(
            Proof(f"the {have} coins cover every setup even at one Deben each", ("nefertiti.contents.deben",)),
            "arithmetic",
            tuple((r, "the setup can be laid out") for r in readings),
            "every player count, with and without the Harbor",
        )
    listing = "; ".join(words(*row) for row in short)
    outcomes = (
        (readings[0], "coins of several values: every setup can be laid out; play is unchanged"),
        (readings[1], f"{listing} needed against {have} coins: the setup cannot be laid out"),
    )
    counts = sorted({n for n, _, _ in short})
    summary = (
        f"The boxes hold {have} Deben coins; the setup lays out {listing} (starting Deben, the market tiles and the "
        f"Harbor), so at {', '.join(map(str, counts))} players the coins are too few unless coins have several values."
    )
    data = {
        "coins": have,
        "needed": [{"players": n, "modules": list(mods), "deben": need} for n, mods, need in rows],
    }
    # the witness as a game: the setup itself, at the smallest player count whose Deben the coins cannot cover
    n, mods, _ = short[0]
    config = game.config(n, mods)
    return CheckResult(
        Witness(summary, data),
        "arithmetic",
        outcomes,
        "every player count, with and without the Harbor (setup Deben from the params)",
        data,
        witness_log=make_log(game, config, (), game.setup(config)),
    )


def situation(game: Any, players: int, modules: tuple[str, ...], doc: Mapping[str, Any]) -> NefState:
    """A hand-built position, written with names (docs/positions.md) and checked by the game's invariants."""
    state: NefState = game.position(game.config(players, modules), doc)
    return state


def _built(
    outcomes: tuple[tuple[str, str], ...],
    summary: str,
    doc: Mapping[str, Any],
    searched: str = "one situation",
    **data: Any,
) -> CheckResult:
    """The result of a hand-built situation: labelled constructed, its position document in the data."""
    result = _situation(outcomes, summary, {**data, "position": dict(doc)}, searched)
    return dataclasses.replace(result, constructed=True)


def _pawns(*pawns: tuple[int, int, bool]) -> list[dict[str, Any]]:
    return [{"square": sq, "seat": seat, "neutral": neutral} for sq, seat, neutral in pawns]


def _spread(game: Any, players: int, seat: int, markets: tuple[str, ...], modules: tuple[str, ...] = ()) -> Any:
    """Every Servant of ``seat`` placed, spread over ``markets`` on their lowest squares (a position's markets)."""
    left = game.params(game.config(players, modules)).servants
    share = [left // len(markets) + int(i < left % len(markets)) for i in range(len(markets))]
    return {m: {"pawns": _pawns(*((sq, seat, False) for sq in range(k)))} for m, k in zip(markets, share, strict=True)}


def check_senet_x2_scribe(game: Any, budget: Budget) -> CheckResult:
    p = game.params(game.config(4))
    hand = _hand(SENET2)
    owners = [1] * N_TYPES
    outcomes = tuple(
        (r, f"{selection_score(p, hand, hand[:N_GIFTS], owners, p.royal_scribe_bonus, 'held', r)} points")
        for r in game.spec.ambiguities["senet_x2_scribe"].reading_names()
    )
    summary = "The only senet owner scores one Senet x2 with the Royal Scribe."
    return _built(outcomes, summary, {"seats": {"0": {"hand": {"senet_x2": 1}}}}, owners=1)


def check_amon_merchant_foreign(game: Any, budget: Budget) -> CheckResult:
    doc = {"seats": {"0": {"hand": {"chair_f2": 1}}}}
    state = situation(game, 4, ("harbor",), doc)

    def outcome(s: NefState) -> str:
        after = characters.amon_merchant_discard(s, F_CHAIR2)
        return f"+{after.prestige[s.to_move] - s.prestige[s.to_move]} prestige"

    outcomes = per_reading(game, "amon_merchant_foreign", state, outcome)
    bonus = state.params.bonus[F_CHAIR2]
    return _built(outcomes, f"The Amon Merchant discards the foreign chair chair_f2 (bonus +{bonus}).", doc)


def check_neutral_action_order(game: Any, budget: Budget) -> CheckResult:
    config = game.config(2)
    squares = game.params(config).stalls[GIZEH][0].squares
    top, mid, low = len(squares) - 1, len(squares) // 2 - 1, 0
    pawns = _pawns((top, 0, False), (mid, 1, True), (low, 1, False))
    doc = {"markets": {"gizeh": {"cards": ["chair", "harp", "mirror"], "pawns": pawns}}}
    state = situation(game, 2, (), doc)

    def outcome(s: NefState) -> str:
        s = closing.start_resolution(s, GIZEH, final=False)
        while s.phase == P_RESOLVE:
            legal = closing.resolution_actions(s)
            pick = next((a for a in legal if isinstance(a, NeutralGift | TakeCard)), legal[-1])
            s = rules.apply(s, pick)
        held = [f"seat {i}: {[CARD_NAMES[c] for c in (HARP, CHAIR, MIRROR) if s.hands[i][c]]}" for i in (0, 1)]
        held.append(f"neutral: {[CARD_NAMES[c] for c in (HARP, CHAIR, MIRROR) if s.neutral_hand[c]]}")
        return "; ".join(held)

    outcomes = per_reading(game, "neutral_action_order", state, outcome)
    bids = {"seat 0 servant": squares[top], "seat 1 neutral": squares[mid], "seat 1 servant": squares[low]}
    summary = (
        "Gizeh closes holding a harp, a chair and a mirror: "
        + ", ".join(f"{who} bids {v}" for who, v in bids.items())
        + "; everyone takes a card when they can (the highest bidder the first two offered)."
    )
    searched = "one situation, with a fixed policy: take a Gift when possible"
    return _built(outcomes, summary, doc, searched, bids=bids)


def check_priest_value_limit(game: Any, budget: Budget) -> CheckResult:
    p = game.params(game.config(4, ("characters",)))
    mv = {c: common.max_value(p, c) for c in (GOLDWORK, SENET, NECKLACE)}
    # earlier in this use: a goldwork returned for a senet; now a senet offered for a necklace
    priest = {"stage": 0, "max_given": mv[GOLDWORK], "max_received": mv[SENET]}
    doc = {
        "phase": "character",
        "character": {"active": "priest", "priest": priest},
        "seats": {"0": {"hand": {"senet": 1}}},
        "bottom": ["goldwork", "necklace", "harp", "mirror", "akhenaton"],
    }
    state = situation(game, 4, ("characters",), doc)

    def outcome(s: NefState) -> str:
        return "allowed" if characters.priest_ok(s, SENET, NECKLACE) else "forbidden"

    outcomes = per_reading(game, "priest_value_limit", state, outcome)
    summary = (
        f"The Priest already returned a goldwork (max {mv[GOLDWORK]}) for a senet (max {mv[SENET]}); now a senet "
        f"({mv[SENET]}) for a necklace ({mv[NECKLACE]})."
    )
    return _built(outcomes, summary, doc, given=["goldwork", "senet"], received=["senet", "necklace"])


def check_sealed_card_buyer(game: Any, budget: Budget) -> CheckResult:
    squares = game.params(game.config(3)).stalls[GIZEH][0].squares
    bid = squares[1]
    doc = {
        "phase": "resolve",
        "markets": {"gizeh": {"cards": ["chair/sealed", "harp", "mirror"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": bid, "seat": 1}], "taken": 0},
    }
    state = situation(game, 3, (), doc)

    def outcome(s: NefState) -> str:
        can = TakeCard(slot(CHAIR, sealed=True)) in closing.resolution_actions(s)
        return "may buy the sealed chair and gets the seal" if can else "may not buy the sealed chair"

    outcomes = per_reading(game, "sealed_card_buyer", state, outcome)
    summary = (
        f"The highest bidder took two unsealed Gifts; the second bidder (bid {bid}) faces the sealed chair, a harp "
        "and a mirror."
    )
    return _built(outcomes, summary, doc, bid=bid)


def check_end_of_game(game: Any, budget: Budget) -> CheckResult:
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
    state = situation(game, 4, (), doc)

    def outcome(s: NefState) -> str:
        after = rules.apply(s, DrawCard(AKH))
        if after.phase == P_TURN:
            return f"play goes on: {len(common.open_markets(after))} open markets are played out"
        return "the game is over"

    outcomes = per_reading(game, "end_of_game", state, outcome)
    return _built(outcomes, "Akhenaton is drawn while Louqsor is being refilled.", doc)


def check_forced_close_harbor(game: Any, budget: Budget) -> CheckResult:
    doc = {"markets": _spread(game, 2, 0, ("harbor",), ("harbor",))}
    state = situation(game, 2, ("harbor",), doc)
    servants = game.params(state.config).servants

    def outcome(s: NefState) -> str:
        return ", ".join(
            "pass" if a.market < 0 else f"distribute {_MARKET_NAMES[a.market]}" for a in turn.forced_closures(s)
        )

    outcomes = per_reading(game, "forced_close_harbor", state, outcome)
    summary = f"2 players: the active player's {servants} Servants all stand on the Harbor."
    return _built(outcomes, summary, doc, servants=servants)


def check_no_servant_many_players(game: Any, budget: Budget) -> CheckResult:
    doc = {"markets": _spread(game, 3, 0, ("gizeh", "akhet_aton"))}
    state = situation(game, 3, (), doc)
    servants = game.params(state.config).servants

    def outcome(s: NefState) -> str:
        return ", ".join(
            "pass" if a.market < 0 else f"close {_MARKET_NAMES[a.market]}" for a in turn.forced_closures(s)
        )

    outcomes = per_reading(game, "no_servant_many_players", state, outcome)
    summary = f"3 players: the active player has placed all {servants} Servants (on Gizeh and Akhet-Aton)."
    return _built(outcomes, summary, doc, servants=servants)


def check_unaffordable_bid(game: Any, budget: Budget) -> CheckResult:
    config = game.config(3)
    p = game.params(config)
    bid = p.stalls[GIZEH][0].squares[-1]
    # the highest bidder's Deben went to another player (conserved), leaving none
    deben = list(p.start_deben)
    doc = {
        "phase": "resolve",
        "seats": {"0": {"deben": 0}, "1": {"deben": deben[1] + deben[0]}},
        "markets": {"gizeh": {"cards": ["chair"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": bid, "seat": 0, "highest": True}]},
    }
    state = situation(game, 3, (), doc)

    def outcome(s: NefState) -> str:
        if closing.resolution_actions(s) == (TakeHalf(),):
            return "takes half of the market's Deben"
        return "pays nothing (has 0) and takes the chair"

    outcomes = per_reading(game, "unaffordable_bid", state, outcome)
    summary = f"The highest bidder (bid {bid}) has no Deben left when Gizeh closes."
    return _built(outcomes, summary, doc, bid=bid)


def check_royal_servant_neutral(game: Any, budget: Budget) -> CheckResult:
    doc = {"neutral_hand": {"chair": 1}, "phase": "character", "character": {"active": "royal_servant"}}
    state = situation(game, 2, (), doc)

    def outcome(s: NefState) -> str:
        acts = characters.base_character_actions(s)
        return (
            "can discard the neutral chair"
            if any(isinstance(a, Pick) and a.target == NEUTRAL_OWNER for a in acts)
            else "cannot touch the neutral player's chair"
        )

    outcomes = per_reading(game, "royal_servant_neutral", state, outcome)
    return _built(outcomes, "2 players: the neutral player holds a chair; the Royal Servant is used.", doc)


def harbor_example_doc(game: Any) -> dict[str, Any]:
    """The seed's Harbor example as a position, at the moment the next market is prepared: the threshold's number of
    foreign cards on the Harbor (added before any pawn was there), Black's (seat 1's) Servant on it, and a refill that
    added none."""
    p = game.params(game.config(3, ("harbor",)))
    foreign = [CARD_NAMES[c] for c in range(N_GIFTS) if p.bonus[c] > 0 and p.deck[c] > 0][: p.harbor_threshold]
    return {
        "markets": {"harbor": {"cards": foreign, "pawns": _pawns((1, 1, False))}},
        "refill": {"added": 0, "harbor_added_since": len(foreign)},
    }


def harbor_example_state(game: Any) -> NefState:
    return situation(game, 3, ("harbor",), harbor_example_doc(game))


def _closed_market_doc(char: str) -> dict[str, Any]:
    """4 players: ``char`` is being used while Louqsor lies under the Market Closed tile holding a necklace."""
    extra: dict[str, dict[str, Any]] = {"beggar": {"beggar_market": "gizeh"}, "trader": {"trader_exchanges": 0}}
    scratch = extra.get(char, {})
    return {
        "phase": "character",
        "character": {"active": char, **scratch},
        "markets": {"louqsor": {"cards": ["necklace"]}, "gizeh": {"cards": ["harp", "mirror"]}},
        "seats": {"0": {"hand": {"chair": 1}}},
    }


def _closed_market_state(game: Any, char: int) -> NefState:
    return situation(game, 4, ("characters",), _closed_market_doc(CHAR_NAMES[char]))


def check_wandering_thief_placement(game: Any, budget: Budget) -> CheckResult:
    doc = {
        "phase": "character",
        "character": {"active": "wandering_thief"},
        "markets": {"gizeh": {"cards": ["senet", "goldwork", "statuette"]}},
    }
    state = situation(game, 4, ("characters",), doc)

    def outcome(s: NefState) -> str:
        after = characters.wandering_thief_take(s, GIZEH, slot(SENET))
        gained = [CARD_NAMES[c] for c in range(N_GIFTS) if after.hands[s.to_move][c] > s.hands[s.to_move][c]]
        names = [CARD_NAMES[x >> 2] for x in after.markets[GIZEH].cards]
        return f"player gains {gained or 'nothing'}; Gizeh holds {names}"

    outcomes = per_reading(game, "wandering_thief_placement", state, outcome)
    return _built(outcomes, "The Wandering Thief is used on Gizeh (senet, statuette, goldwork).", doc)


def check_neutral_gift_face_down(game: Any, budget: Budget) -> CheckResult:
    top = len(game.params(game.config(2)).stalls[GIZEH][0].squares) - 1
    doc = {"markets": {"gizeh": {"cards": ["chair/down"], "pawns": _pawns((1, 0, True), (top, 1, False))}}}
    state = situation(game, 2, (), doc)

    def outcome(s: NefState) -> str:
        s = closing.start_resolution(s, GIZEH, final=False)
        can = any(isinstance(a, NeutralGift) for a in neutral_pawns.neutral_choices(s))
        return "the neutral pawn may take the face-down chair" if can else "the neutral pawn can only move Deben"

    outcomes = per_reading(game, "neutral_gift_face_down", state, outcome)
    summary = "2 players: Gizeh closes holding only a chair the Beggar turned face down; a neutral pawn acts."
    return _built(outcomes, summary, doc)


def check_forced_close_then_place(game: Any, budget: Budget) -> CheckResult:
    doc = {"markets": _spread(game, 2, 0, ("gizeh", "akhet_aton"))}
    state = situation(game, 2, (), doc)
    servants = game.params(state.config).servants

    def outcome(s: NefState) -> str:
        rng = random.Random(budget.seed)
        s = rules.apply(s, turn.forced_closures(s)[0])
        while game.current_player(s) is not None and (s.phase != P_TURN or s.placements_left == 0):
            if s.phase == P_TURN and s.to_move != 0:
                break
            if game.current_player(s) is CHANCE:
                s = rules.apply(s, rules.sample_chance(s, rng))
            else:
                s = rules.apply(s, rules.legal_actions(s)[-1])
        if s.phase == P_TURN and s.to_move == 0:
            return "the same player now places a returned Servant"
        return "the turn passes to the other player"

    outcomes = per_reading(game, "forced_close_then_place", state, outcome)
    summary = f"2 players: the active player has no Servant left ({servants} on Gizeh and Akhet-Aton) and closes Gizeh."
    return _built(outcomes, summary, doc, "one situation; chance seeded, other choices fixed", servants=servants)


def check_papyrus_from_neutral(game: Any, budget: Budget) -> CheckResult:
    doc = {
        "neutral_hand": {"papyrus": 1},
        "seats": {"0": {"hand": {"chair": 1}}},
        "phase": "character",
        "character": {"active": "trader", "trader_exchanges": 0},
    }
    state = situation(game, 2, ("harbor", "characters"), doc)

    def outcome(s: NefState) -> str:
        after = characters.trader_apply(s, Swap(CHAIR, -1, PAPYRUS))
        return f"the player gains {after.seals[0] - s.seals[0]} Royal Seal(s)"

    outcomes = per_reading(game, "papyrus_from_neutral", state, outcome)
    return _built(outcomes, "2 players: the Trader exchanges a chair for the neutral player's papyrus.", doc)


def check_high_priest_harbor(game: Any, budget: Budget) -> CheckResult:
    doc = {"turn": {"placements_left": 2, "character_used": True, "high_priest": True}}
    state = situation(game, 4, ("harbor",), doc)

    def outcome(s: NefState) -> str:
        can = any(isinstance(a, Place) and a.market == HARBOR for a in rules.legal_actions(s))
        return "a Servant may go on the Harbor" if can else "no Servant may go on the Harbor"

    outcomes = per_reading(game, "high_priest_harbor", state, outcome)
    return _built(outcomes, "The High Priest was just used; the first of two placements.", doc)


def check_priest_papyrus(game: Any, budget: Budget) -> CheckResult:
    doc = {
        "phase": "character",
        "character": {"active": "priest"},
        "bottom": ["papyrus", "senet", "harp", "mirror", "akhenaton"],
        "seats": {"0": {"hand": {"chair": 1}}},
    }
    state = situation(game, 4, ("characters", "harbor"), doc)

    def outcome(s: NefState) -> str:
        after = characters.priest_apply(s, Swap(CHAIR, -2, PAPYRUS))
        return f"the player gains {after.seals[0] - s.seals[0]} Royal Seal(s)"

    outcomes = per_reading(game, "priest_papyrus", state, outcome)
    summary = "The Priest is used; a papyrus lies among the bottom cards of the pile; the player gives a chair for it."
    return _built(outcomes, summary, doc)


def neutral_short_doc(game: Any) -> dict[str, Any]:
    """2 players: Gizeh is resolved and seat 1's neutral pawn acts while the tile holds less than the action takes."""
    squares = game.params(game.config(2)).stalls[GIZEH][0].squares
    return {
        "phase": "resolve",
        "markets": {"gizeh": {"pawns": _pawns((len(squares) - 1, 0, False), (0, 1, True))}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": squares[0], "seat": 1, "neutral": True}]},
    }


def check_neutral_short_targets(game: Any, budget: Budget) -> CheckResult:
    doc = neutral_short_doc(game)
    state = situation(game, 2, (), doc)
    want = state.params.neutral_deben[0]
    have = state.markets[GIZEH].deben

    def outcome(s: NefState) -> str:
        choices = [a for a in neutral_pawns.neutral_choices(s) if isinstance(a, NeutralDeben)]
        targets = sorted({_MARKET_NAMES[t] for a in choices for t in a.targets})
        return f"{have} Deben to one of: {', '.join(targets)}"

    outcomes = per_reading(game, "neutral_short_targets", state, outcome)
    summary = (
        f"2 players: Gizeh is resolved and a neutral pawn takes Deben, but the tile holds {have} where the action "
        f"takes {want}."
    )
    return _built(outcomes, summary, doc, deben=have, wanted=want)


def check_wandering_thief_face_down(game: Any, budget: Budget) -> CheckResult:
    doc = {
        "phase": "character",
        "character": {"active": "wandering_thief"},
        "markets": {"gizeh": {"cards": ["chair/down", "goldwork", "necklace"]}},
    }
    state = situation(game, 4, ("characters",), doc)
    p = state.params

    def outcome(s: NefState) -> str:
        takes = [a for a in characters.character_actions(s) if isinstance(a, Target) and a.market == GIZEH]
        names = sorted(CARD_NAMES[a.item >> 2] for a in takes)
        return f"may take {', '.join(names)} from Gizeh" if names else "may take nothing from Gizeh"

    outcomes = per_reading(game, "wandering_thief_face_down", state, outcome)
    summary = (
        f"The Wandering Thief is used; Gizeh holds a chair turned face down by the Beggar (max "
        f"{common.max_value(p, CHAIR)}), a goldwork ({common.max_value(p, GOLDWORK)}) and a necklace "
        f"({common.max_value(p, NECKLACE)})."
    )
    return _built(outcomes, summary, doc)


def wandering_thief_bought_doc(game: Any) -> dict[str, Any]:
    """3 players: Gizeh closes holding the Wandering Thief card, a harp and a mirror; seat 1 is its highest bidder (the
    first bid square's value) and has not taken a card yet; Abou Simbel holds a chair, a necklace and a goldwork."""
    bid = game.params(game.config(3)).stalls[GIZEH][0].squares[0]
    return {
        "phase": "resolve",
        "markets": {
            "gizeh": {"cards": ["wandering_thief", "harp", "mirror"]},
            "abou_simbel": {"cards": ["chair", "necklace", "goldwork"]},
        },
        "resolution": {"market": "gizeh", "bidders": [{"bid": bid, "seat": 1, "highest": True}], "taken": 0},
    }


def check_wandering_thief_bought(game: Any, budget: Budget) -> CheckResult:
    """NEF-031: the highest bidder buys the Wandering Thief card; how many cards may they take after its exchange?"""
    doc = wandering_thief_bought_doc(game)
    state = situation(game, 3, (), doc)

    def outcome(s: NefState) -> str:
        s = rules.apply(s, TakeCard(slot(WT)))
        s = rules.apply(s, rules.legal_actions(s)[0])  # its exchange (every target leaves the same count)
        return _wt_bought_outcome(s)

    outcomes = per_reading(game, "wandering_thief_bought", state, outcome)
    summary = (
        "Gizeh closes holding the Wandering Thief card, a harp and a mirror; its highest bidder buys the Wandering "
        "Thief card and exchanges it at once."
    )
    return _built(outcomes, summary, doc)


# ---------------------------------------------------------------------------------------------------------------
# witnesses from seeded play first (issue 11); the hand-built situations above are the fallback


def _legal(s: NefState) -> tuple[Any, ...]:
    return tuple(rules.legal_actions(s))


def _who(s: NefState) -> str:
    mover = rules.current_player(s)
    return f"seat {mover}" if isinstance(mover, int) else "chance"


def _closing(s: NefState) -> str:
    if s.res_market < 0 or not s.res_queue:
        return "a market is being resolved"
    v, o, nt, _ = s.res_queue[0]
    kind = "neutral pawn" if nt else "Servant"
    return f"{_MARKET_NAMES[s.res_market]} is resolved; seat {o}'s {kind} (bid {v}) acts"


def _forced(b: NefState, _a: NefState) -> str:
    closes = [a for a in _legal(b) if isinstance(a, ForceClose)]
    if not closes:
        return "places a Servant"
    return ", ".join("pass" if a.market < 0 else f"close {_MARKET_NAMES[a.market]}" for a in closes)


def _uses(*chars: int) -> Callable[[Any], bool]:
    def prefer(a: Any) -> bool:
        if isinstance(a, UseCharacter):
            return a.char in chars
        return not isinstance(a, Done | Pass)

    return prefer


def _gained_prestige(b: NefState, a: NefState) -> str:
    me = b.to_move
    return f"+{a.prestige[me] - b.prestige[me]} prestige"


def _wt_bought_outcome(a: NefState) -> str:
    """NEF-031: how many more cards the highest bidder may take after the Wandering Thief card's exchange."""
    most = closing.HIGHEST_BIDDER_CARDS
    more = most - a.res_taken
    counted = f"the card counts as {a.res_taken} of the highest bidder's {most}"
    return f"{counted}: after its exchange they may take {more} more"


def _buys_wandering_thief(a: Any) -> bool:
    """Steer play to the Wandering Thief: use it, then buy its card at a closing market."""
    if isinstance(a, UseCharacter):
        return a.char == WANDERING_THIEF
    if isinstance(a, TakeCard):
        return a.slot >> 2 == WT
    return not isinstance(a, Done | Pass)


PLAY_SEARCHES: dict[str, Any] = {
    "harbor_first_deben": (
        ((4, ("harbor",)), (3, ("harbor",))),
        lambda b, a: f"the player gains {a.deben[b.to_move] - b.deben[b.to_move]} Deben",
        lambda s: f"seat {s.to_move} places the first Servant on the Memphis Harbor ({s.markets[HARBOR].deben} Deben)",
        lambda a: isinstance(a, Place) and a.market == HARBOR,
    ),
    "high_priest_harbor": (
        ((4, ("harbor", "characters")), (5, ("harbor", "characters")), (3, ("harbor", "characters"))),
        lambda b, _a: (
            "a Servant may go on the Harbor"
            if any(isinstance(x, Place) and x.market == HARBOR for x in _legal(b))
            else "no Servant may go on the Harbor"
        ),
        lambda s: f"seat {s.to_move} has used the High Priest ({s.placements_left} placements left)",
        _uses(HIGH_PRIEST),
    ),
    "neutral_action_order": (
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
    "sealed_card_buyer": (
        ((3, ()), (4, ())),
        lambda b, _a: (
            "may buy the sealed card and gets the seal"
            if any(isinstance(x, TakeCard) and x.slot & 2 for x in _legal(b))
            else "may not buy the sealed card"
        ),
        _closing,
        None,
    ),
    "unaffordable_bid": (
        ((3, ()), (4, ()), (5, ("harbor",))),
        lambda b, _a: (
            "takes half of the market's Deben" if _legal(b) == (TakeHalf(),) else "pays what they have and buys"
        ),
        lambda s: _closing(s) + f" with {s.deben[s.res_queue[0][1]] if s.res_queue else 0} Deben",
        None,
    ),
    "end_of_game": (
        ((4, ()), (3, ())),
        lambda _b, a: (
            "the game is over"
            if a.phase == P_OVER
            else f"play goes on: {len(common.open_markets(a))} open markets are played out"
        ),
        lambda _s: "the Akhenaton card is drawn",
        None,
    ),
    "forced_close_harbor": (
        ((2, ("harbor",)),),
        _forced,
        lambda s: f"seat {s.to_move} has no Servant left to place, all of them on the Harbor",
        lambda a: isinstance(a, Place) and a.market == HARBOR,
    ),
    "no_servant_many_players": (
        ((3, ()), (4, ()), (5, ("harbor",))),
        _forced,
        lambda s: f"seat {s.to_move} has no Servant left to place while others still have some",
        None,
    ),
    "forced_close_then_place": (
        ((2, ()),),
        lambda _b, a: (
            "the same player then places a returned Servant"
            if a.placements_left > 0
            else "the closure was the player's placement"
        ),
        lambda s: f"seat {s.to_move} has no Servant left and closes a market",
        None,
    ),
    "neutral_gift_face_down": (
        ((2, ("scenario",)), (2, ("scenario", "harbor"))),
        lambda b, _a: (
            "the neutral pawn may take a face-down card"
            if any(isinstance(x, NeutralGift) and x.slot & 1 for x in _legal(b))
            else "the neutral pawn may not take a face-down card"
        ),
        _closing,
        _uses(BEGGAR),
    ),
    "royal_servant_neutral": (
        ((2, ("scenario",)), (2, ("scenario", "harbor"))),
        lambda b, _a: (
            f"{sum(1 for x in _legal(b) if isinstance(x, Swap) and x.market == -1)} exchange(s) and "
            f"{sum(1 for x in _legal(b) if isinstance(x, Pick) and x.target == NEUTRAL_OWNER)} discard(s) reach the "
            "neutral player's cards"
        ),
        lambda s: f"seat {s.to_move} uses {CHAR_NAMES[s.char_active] if s.char_active >= 0 else 'a Character'}",
        _uses(TRADER, ROYAL_SERVANT),
    ),
    "papyrus_from_neutral": (
        ((2, ("scenario", "harbor")),),
        lambda b, a: f"the player gains {a.seals[b.to_move] - b.seals[b.to_move]} Royal Seal(s)",
        lambda s: f"seat {s.to_move} uses the Trader on the neutral player's papyrus",
        _uses(TRADER),
    ),
    "amon_merchant_foreign": (
        ((4, ("scenario", "harbor")), (3, ("scenario", "harbor"))),
        _gained_prestige,
        lambda s: f"seat {s.to_move} discards a foreign card to the Amon Merchant",
        _uses(AMON_MERCHANT),
    ),
    "wandering_thief_placement": (
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        lambda b, a: (
            "player gains "
            + str([CARD_NAMES[c] for c in range(N_GIFTS) if a.hands[b.to_move][c] > b.hands[b.to_move][c]] or "nothing")
            + "; the Wandering Thief card "
            + ("lies in a market" if any(x >> 2 == WT for m in a.markets for x in m.cards) else "leaves the game")
        ),
        lambda s: f"seat {s.to_move} uses the Wandering Thief",
        _uses(WANDERING_THIEF),
    ),
    "priest_value_limit": (
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        lambda b, _a: f"{sum(1 for x in _legal(b) if isinstance(x, Swap))} exchange(s) allowed",
        lambda s: f"seat {s.to_move} uses the Priest and has exchanged already",
        _uses(PRIEST),
    ),
    "senet_x2_scribe": (
        ((4, ("characters",)), (3, ("characters",))),
        _gained_prestige,
        lambda s: f"seat {s.to_move} scores a Senet x2 with the Royal Scribe",
        _uses(ROYAL_SCRIBE),
    ),
    "scribe_foreign_bonus": (
        ((4, ("characters", "harbor")), (5, ("characters", "harbor"))),
        _gained_prestige,
        lambda s: f"seat {s.to_move} scores part of a type holding a foreign card, with the Royal Scribe",
        _uses(ROYAL_SCRIBE),
    ),
    "priest_papyrus": (
        ((4, ("characters", "harbor")), (5, ("characters", "harbor")), (3, ("characters", "harbor"))),
        lambda b, a: f"the player gains {a.seals[b.to_move] - b.seals[b.to_move]} Royal Seal(s)",
        lambda s: f"seat {s.to_move} uses the Priest and takes a papyrus from the bottom of the pile",
        _uses(PRIEST),
    ),
    "neutral_short_targets": (
        ((2, ()), (2, ("harbor",))),
        lambda b, _a: (
            "Deben may go to "
            + ", ".join(sorted({_MARKET_NAMES[t] for x in _legal(b) if isinstance(x, NeutralDeben) for t in x.targets}))
        ),
        _closing,
        lambda a: isinstance(a, PlaceNeutral | NeutralDeben),
    ),
    "wandering_thief_face_down": (
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        lambda b, _a: f"{sum(1 for x in _legal(b) if isinstance(x, Target | Swap))} card(s) may be taken",
        lambda s: f"seat {s.to_move} uses the Wandering Thief while a market's lowest card lies face down",
        _uses(BEGGAR, WANDERING_THIEF),
    ),
    "harbor_final_threshold": (
        ((4, ("harbor",)), (3, ("harbor",)), (5, ("harbor",))),
        lambda _b, a: (
            "the Harbor's cards are distributed"
            if a.phase == P_RESOLVE and a.res_market == HARBOR
            else "no distribution: the pawns go home"
        ),
        lambda s: f"Akhenaton is drawn with {len(s.markets[HARBOR].cards)} card(s) and pawns on the Harbor",
        lambda a: isinstance(a, Place) and a.market == HARBOR,
    ),
    "forced_close_neutral": (
        ((2, ()), (2, ("harbor",))),
        _forced,
        lambda s: f"seat {s.to_move} has no Servant left to place and a neutral pawn on a market",
        lambda a: isinstance(a, PlaceNeutral),
    ),
    "wandering_thief_bought": (
        ((4, ("characters",)), (3, ("characters",)), (5, ("harbor", "characters"))),
        lambda _b, a: _wt_bought_outcome(a),
        lambda s: _closing(s) + " as the highest bidder and buys the Wandering Thief card",
        _buys_wandering_thief,
    ),
}
"""Per ambiguity: the setups searched, each reading's outcome at the divergence, the situation in words, and the
moves play is steered toward (Characters, the Harbor, neutral pawns)."""


def played_first(name: str, fallback: Check) -> Check:
    """The check of ``name``: a witness from seeded play when the search meets one, else the hand-built situation."""

    def check(game: Any, budget: Budget) -> CheckResult:
        setups, describe, words, prefer = PLAY_SEARCHES[name]
        found = search_play(game, name, budget, setups, describe, words, prefer)
        if found is not None:
            return found
        result = fallback(game, budget)
        searched = f"{result.searched}; seeded play met no divergence within the budget"
        return dataclasses.replace(result, searched=searched)

    check.__doc__ = fallback.__doc__
    return check


CHECKS: dict[str, Check] = {
    "neutral_three_colors": check_neutral_three_colors,
    "scribe_foreign_bonus": played_first("scribe_foreign_bonus", check_scribe_foreign_bonus),
    "senet_x2_scribe": played_first("senet_x2_scribe", check_senet_x2_scribe),
    "amon_merchant_foreign": played_first("amon_merchant_foreign", check_amon_merchant_foreign),
    "amon_priest_ties": check_amon_priest_ties,
    "neutral_action_order": played_first("neutral_action_order", check_neutral_action_order),
    "priest_value_limit": played_first("priest_value_limit", check_priest_value_limit),
    "sealed_card_buyer": played_first("sealed_card_buyer", check_sealed_card_buyer),
    "harbor_first_deben": played_first("harbor_first_deben", check_harbor_first_deben),
    "end_of_game": played_first("end_of_game", check_end_of_game),
    "forced_close_harbor": played_first("forced_close_harbor", check_forced_close_harbor),
    "no_servant_many_players": played_first("no_servant_many_players", check_no_servant_many_players),
    "unaffordable_bid": played_first("unaffordable_bid", check_unaffordable_bid),
    "royal_servant_neutral": played_first("royal_servant_neutral", check_royal_servant_neutral),
    "harbor_trigger_added": check_harbor_trigger_added,
    "beggar_markets": check_beggar_markets,
    "trader_markets": check_trader_markets,
    "deben_coins": check_deben_coins,
    "priest_papyrus": played_first("priest_papyrus", check_priest_papyrus),
    "neutral_short_targets": played_first("neutral_short_targets", check_neutral_short_targets),
    "wandering_thief_face_down": played_first("wandering_thief_face_down", check_wandering_thief_face_down),
    "harbor_final_threshold": played_first("harbor_final_threshold", check_harbor_final_threshold),
    "forced_close_neutral": played_first("forced_close_neutral", check_forced_close_neutral),
    "wandering_thief_placement": played_first("wandering_thief_placement", check_wandering_thief_placement),
    "neutral_gift_face_down": played_first("neutral_gift_face_down", check_neutral_gift_face_down),
    "forced_close_then_place": played_first("forced_close_then_place", check_forced_close_then_place),
    "papyrus_from_neutral": played_first("papyrus_from_neutral", check_papyrus_from_neutral),
    "high_priest_harbor": played_first("high_priest_harbor", check_high_priest_harbor),
    "papyrus_seal_supply": check_papyrus_seal_supply,
    "amon_priest_neutral": check_amon_priest_neutral,
    "wandering_thief_bought": played_first("wandering_thief_bought", check_wandering_thief_bought),
}

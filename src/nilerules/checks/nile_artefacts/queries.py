"""Named queries a rulebook editor may ask (``nilerules query nile_artefacts NAME --param name=value``).

Text formats (all parameters arrive as strings from the command line):

- a card is ``type[+type2]/region``: types ``eye statue cat figure bird ankh``, regions ``nile desert fields``;
  ``eye+figure/fields`` is a green card giving 2 Artifacts. A hand is cards joined by commas.
- a Monument condition is ``type:T``, ``pair:N:A+B``, ``same:N``, ``diff:N``, ``region:R``, ``each:R+R[+R]`` or
  ``two_plus:R+R``; a list of Monuments is conditions joined by ``;`` (each is the player's *next* level there).
- readings are ``name=reading`` pairs joined by ``;`` (for example ``type_choice=shown_type;pair_mix=both_types``).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from nilerules.checks import model as analysis_model
from nilerules.checks.model import Query, QueryParam, QueryResult
from nilerules.core import Unknown, Witness
from nilerules.errors import InvalidConfig, QueryError
from nilerules.games.nile_artefacts.game import NileArtefactsGame
from nilerules.games.nile_artefacts.names import (
    TYPE_NAMES,
    Condition,
    Options,
    card_text,
    condition_text,
    parse_condition,
    parse_hand,
)
from nilerules.games.nile_artefacts.params import Params
from nilerules.games.nile_artefacts.rules.conditions import meets, meets_some_choice, tally, type_options
from nilerules.games.nile_artefacts.situations import printed_copies
from nilerules.games.nile_artefacts.state import NAState

if TYPE_CHECKING:
    from nilerules.solver.nile_artefacts import DivergentHand

HAND_HELP = (
    "cards joined by commas, each 'type[+type2]/region' with types eye statue cat figure bird ankh and regions "
    "nile desert fields (e.g. 'eye/nile,cat/desert,eye+figure/fields')"
)
MONUMENTS_HELP = (
    "next-level conditions joined by ';': type:T, pair:N:A+B, same:N, diff:N, region:R, each:R+R[+R], two_plus:R+R, "
    "or #M@L for Monument M (0-based, in the order of params.monuments) with the player at level L (0 below its "
    "top level), e.g. 'type:eye;diff:3;#4@1'"
)
READINGS_HELP = "readings as name=reading joined by ';' (e.g. 'type_choice=shown_type'); others take the default"
OFFER_AMBIGUITIES = ("type_choice", "type_scope", "double_card", "pair_mix", "card_sharing")
RLIMIT = 50_000_000
POSITION_PARAM: str = getattr(analysis_model, "POSITION_PARAM", "position")
"""Where a query that takes ``--position`` receives the situation (an object with the built ``state``)."""


def _conditions(text: str, monuments: Sequence[tuple[Condition, ...]] = ()) -> list[Condition]:
    out = []
    for item in (c.strip() for c in text.split(";")):
        if not item:
            continue
        if item.startswith("#"):
            number, _, level = item[1:].partition("@")
            try:
                m, lv = int(number), int(level or 0)
                if m < 0 or lv < 0:
                    raise IndexError(item)
                out.append(monuments[m][lv])
            except (ValueError, IndexError):
                top = len(monuments[0]) if monuments else 0
                raise QueryError(
                    f"{item!r}: expected #M@L with M a Monument 0..{len(monuments) - 1}, L 0..{top - 1}"
                ) from None
            continue
        try:
            out.append(parse_condition(item))
        except ValueError as exc:
            raise QueryError(str(exc)) from None
    return out


def _params(game: NileArtefactsGame) -> Params:
    """The component data (the cards and Monuments are the same at every player count)."""
    return game.params(game.config(game.info.player_counts[0]))


def _readings(game: NileArtefactsGame, text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        name, sep, value = item.partition("=")
        if not sep:
            raise QueryError(f"reading {item!r}: expected name=reading")
        out[name.strip()] = value.strip()
    try:
        game.config(game.info.player_counts[0], readings=out)
    except InvalidConfig as exc:
        raise QueryError(str(exc)) from None
    return out


def _reading_values(game: NileArtefactsGame, readings: Mapping[str, str]) -> dict[str, str]:
    return game.config(game.info.player_counts[0], readings=readings).readings_dict()


def _verify(
    options: Sequence[Options],
    regions: Sequence[int],
    conds: Sequence[Condition],
    used: Sequence[int],
    choice: Sequence[tuple[int, ...]],
    pair_mix_both_types: bool,
    type_scope_per_monument: bool,
    targets: Sequence[int] = (),
) -> tuple[int, ...]:
    """The Monuments the Python rules say the offering advances (re-checking Z3's answer)."""
    if targets:
        out = []
        for m, c in enumerate(conds):
            mine = [j for j, t in enumerate(targets) if t == m]
            if mine and meets_some_choice(
                c, [(choice[j],) for j in mine], [regions[used[j]] for j in mine], pair_mix_both_types
            ):
                out.append(m)
        return tuple(out)
    regs = [regions[i] for i in used]
    if type_scope_per_monument:
        opts = [options[i] for i in used]
        return tuple(m for m, c in enumerate(conds) if meets_some_choice(c, opts, regs, pair_mix_both_types))
    counts, region_counts = tally(choice, regs)
    return tuple(m for m, c in enumerate(conds) if meets(c, counts, region_counts, pair_mix_both_types))


def best_for(
    hand: Sequence[tuple[tuple[int, ...], int]], conds: Sequence[Condition], readings: Mapping[str, str]
) -> dict[str, Any]:
    """The best offering (most Monuments, then fewest cards) under the given readings, checked by the rules."""
    from nilerules.solver.nile_artefacts import best_offering

    options = [type_options(t, readings["type_choice"], readings["double_card"]) for t, _ in hand]
    regions = [r for _, r in hand]
    pair_mix_both_types = readings["pair_mix"] == "both_types"
    type_scope_per_monument = readings["type_scope"] == "per_monument"
    card_sharing_split = readings["card_sharing"] == "split"
    best = best_offering(options, regions, list(conds), pair_mix_both_types, type_scope_per_monument, RLIMIT,
                         card_sharing_split=card_sharing_split)
    if best.status != "optimal":
        return {"status": "unknown"}
    checked = _verify(options, regions, conds, best.used, best.choice, pair_mix_both_types, type_scope_per_monument,
                      best.targets)
    if checked != best.advanced:
        raise AssertionError(f"Z3 and the rules disagree: {best} vs {checked}")
    cards = []
    for j, i in enumerate(best.used):
        entry = {"card": card_text(*hand[i])}
        if best.choice:
            entry["counts_as"] = "+".join(TYPE_NAMES[t] for t in best.choice[j])
        if best.targets:
            entry["toward"] = condition_text(conds[best.targets[j]])
        cards.append(entry)
    return {
        "status": "optimal",
        "advanced": [condition_text(conds[m]) for m in best.advanced],
        "count": len(best.advanced),
        "offer": cards,
        "kept": [card_text(*hand[i]) for i in range(len(hand)) if i not in best.used],
    }


def divergent_hand_of(
    copies: Mapping[tuple[tuple[int, ...], int], int],
    conditions: Sequence[Condition],
    size: int,
    rlimit: int,
    one_type_only: bool = False,
) -> tuple[list[tuple[tuple[int, ...], int]], DivergentHand]:
    """Z3's hand of ``size`` cards of the data (``copies`` by printed types and region; with ``one_type_only``, no
    2-Artifact card) that gains most from a free type choice against ``conditions``: the (types, region) of each
    kind Z3 chose from, in order, and its answer."""
    from nilerules.solver.nile_artefacts import divergent_hand

    distinct = sorted(copies)
    available = [0 if one_type_only and len(key[0]) != 1 else copies[key] for key in distinct]
    types, regions = [t for t, _ in distinct], [r for _, r in distinct]
    return distinct, divergent_hand(types, regions, available, conditions, size, False, rlimit)


def _offer_text(best: Mapping[str, Any]) -> str:
    if best["status"] != "optimal":
        return "Z3 gave up"
    cards = ", ".join(
        c["card"]
        + (f" as {c['counts_as']}" if "counts_as" in c else "")
        + (f" toward {c['toward']}" if "toward" in c else "")
        for c in best["offer"]
    )
    return f"{best['count']} Monument(s) {best['advanced']} by offering {cards or 'nothing'}"


# ------------------------------------------------------------------------------------------------ best-offering
def query_best_offering(game: NileArtefactsGame, params: Mapping[str, Any]) -> QueryResult:
    """With ``--position``: the hand of the seat to move against the next levels of the visible Monuments, under
    the position's readings (``readings`` overrides some); otherwise the hand and conditions given as text."""
    situation = params.get(POSITION_PARAM)
    lead = ""
    if situation is not None:
        state: NAState = situation.state
        p = state.params
        seat = state.to_move
        hand = tuple((p.card_types[k], p.card_region[k]) for k in state.hands[seat])
        conds = [
            p.monuments[m][row[seat]] for m, row in zip(state.visible, state.levels, strict=True) if row[seat] < p.top
        ]
        base = state.config.readings_dict()
        readings = {**base, **_reading_values(game, {**base, **_readings(game, str(params["readings"]))})}
        lead = f"Seat {seat} holds {[p.cards[k] for k in state.hands[seat]]}. "
    else:
        hand = parse_hand(str(params["hand"]))
        conds = _conditions(str(params["monuments"]), _params(game).monuments)
        readings = _reading_values(game, _readings(game, str(params["readings"])))
    best = best_for(hand, conds, readings)
    shown = {name: readings[name] for name in OFFER_AMBIGUITIES}
    text = f"{lead}Under {shown}: the best offering advances {_offer_text(best)}; keep {best.get('kept', [])}."
    return QueryResult(text, {"readings": readings, **best})


# ------------------------------------------------------------------------------------------------ offering-divergence
def query_offering_divergence(game: NileArtefactsGame, params: Mapping[str, Any]) -> QueryResult:
    """Best offering under every combination of the four offering readings; with no hand, Z3 first finds the hand
    of ``size`` cards from the game's card data that gains most from choosing any type (vs printed types)."""
    conds = _conditions(str(params["monuments"]), _params(game).monuments)
    hand_text = str(params["hand"])
    found = ""
    if hand_text.strip():
        hand = parse_hand(hand_text)
    else:
        size = int(params["size"])
        if not 1 <= size <= 6:
            raise QueryError(f"size must be 1..6, got {size!r}")
        distinct, result = divergent_hand_of(printed_copies(_params(game)), conds, size, RLIMIT)
        if result.status != "optimal":
            return QueryResult("Z3 gave up searching for a hand", {}, Unknown("Z3 gave up", f"rlimit {RLIMIT}"))
        hand = tuple(distinct[k] for k in result.kinds)
        found = "Z3 chose the hand that gains most from a free type choice. "
    rows = []
    for combo in itertools.product(*(game.spec.ambiguities[a].reading_names() for a in OFFER_AMBIGUITIES)):
        readings = dict(zip(OFFER_AMBIGUITIES, combo, strict=True))
        best = best_for(hand, conds, readings)
        rows.append({"readings": readings, **best})
    counts = sorted({r.get("count", -1) for r in rows})
    lines = [f"{found}Hand {[card_text(*c) for c in hand]} against {[condition_text(c) for c in conds]}:"]
    for row in rows:
        lines.append(f"  {row['readings']}: {_offer_text(row)}")
    verdict = (
        Witness(f"the readings advance {counts} Monuments", {"hand": [card_text(*c) for c in hand]})
        if len(counts) > 1
        else None
    )
    return QueryResult("\n".join(lines), {"hand": [card_text(*c) for c in hand], "rows": rows}, verdict)


# ------------------------------------------------------------------------------------------------ condition-odds
def query_condition_odds(game: NileArtefactsGame, params: Mapping[str, Any]) -> QueryResult:
    """Exact chance that ``cards`` cards drawn from the full pile can meet a condition, under each type reading."""
    conds = _conditions(str(params["condition"]), _params(game).monuments)
    if len(conds) != 1:
        raise QueryError(f"give exactly one condition, got {str(params['condition'])!r}")
    cond = conds[0]
    k = int(params["cards"])
    if not 0 <= k <= 5:
        raise QueryError(f"cards must be 0..5 (exact enumeration), got {k!r}")
    p = _params(game)
    kinds = printed_copies(p)
    keys = sorted(kinds)
    total = comb(p.total_cards, k)
    pair_mix_both_types = str(params["pair_mix"]) == "both_types"
    combos = [(tc, dc) for tc in ("any_type", "shown_type") for dc in ("two_same", "two_each", "one")]
    odds: dict[str, Fraction] = {f"{tc}/{dc}": Fraction(0) for tc, dc in combos}
    for hand in itertools.combinations_with_replacement(range(len(keys)), k):
        weight = 1
        for kind in set(hand):
            weight *= comb(kinds[keys[kind]], hand.count(kind))
        if not weight:
            continue
        regions = [keys[i][1] for i in hand]
        for tc, dc in combos:
            opts = [type_options(keys[i][0], tc, dc) for i in hand]
            if meets_some_choice(cond, opts, regions, pair_mix_both_types):
                odds[f"{tc}/{dc}"] += Fraction(weight, total)
    text = f"Chance that {k} random cards can meet {condition_text(cond)} (type_choice/double_card): " + ", ".join(
        f"{name} {float(f):.4f}" for name, f in odds.items()
    )
    return QueryResult(
        text, {"condition": condition_text(cond), "cards": k, "odds": {n: str(f) for n, f in odds.items()}}
    )


# ------------------------------------------------------------------------------------------------ random-games
def query_random_games(game: NileArtefactsGame, params: Mapping[str, Any]) -> QueryResult:
    """Seeded random games: length, round cap, when the Artifact pile and the Coin stock run out, open ties."""
    from nilerules.checks.nile_artefacts.shared import random_games
    from nilerules.games.nile_artefacts.scoring import ranking

    players = int(params["players"])
    if players not in game.info.player_counts:
        raise QueryError(f"players must be one of {game.info.player_counts}, got {players!r}")
    games = int(params["games"])
    if not 1 <= games <= 10_000:
        raise QueryError(f"games must be 1..10000, got {games!r}")
    readings = _readings(game, str(params["readings"]))
    first_out: list[int] = []
    coin_out: list[int] = []
    marks: dict[str, int] = {}

    def observe(state: NAState) -> None:
        if state.round == 0 and state.pending == state.params.monuments_visible:
            marks.clear()
        for note in state.notes:
            if "Artifact pile" in note.detail and "pile" not in marks:
                marks["pile"] = state.round
                first_out.append(state.round)
            if "Coin stock" in note.detail and "coins" not in marks:
                marks["coins"] = state.round
                coin_out.append(state.round)

    finals = random_games(game, players, readings, games, int(params["seed"]), observe)
    rounds = [s.round for s in finals]
    capped = sum(1 for s in finals if any(n.kind == "no_progress" for n in s.notes))
    ties = sum(1 for s in finals if ranking(s).open_tie)
    summary = {"mean": round(sum(rounds) / games, 2), "min": min(rounds), "max": max(rounds)}
    data = {
        "players": players,
        "games": games,
        "readings": _reading_values(game, readings),
        "rounds": summary,
        "capped": capped,
        "pile_ran_out": len(first_out),
        "pile_first_out_round_mean": round(sum(first_out) / len(first_out), 2) if first_out else None,
        "coin_stock_ran_out": len(coin_out),
        "coin_first_out_round_mean": round(sum(coin_out) / len(coin_out), 2) if coin_out else None,
        "open_ties": ties,
        "mean_winner_score": round(sum(max(s.scores) for s in finals) / games, 2),
    }
    text = (
        f"{games} random {players}-player games: {summary['mean']} rounds on average "
        f"({summary['min']}-{summary['max']}), {capped} stopped by the round cap; the Artifact pile ran "
        f"out in {len(first_out)} (first in round {data['pile_first_out_round_mean']} on average), the Coin stock in "
        f"{len(coin_out)}; {ties} open ties."
    )
    return QueryResult(text, data)


def _hand_default() -> str:
    return "eye/nile,cat/desert,bird/fields,ankh/nile,eye+figure/fields"


QUERIES: dict[str, Query] = {
    "best-offering": Query(
        "best-offering",
        "The offering that advances the most Monuments (then uses the fewest cards), and the type for each card",
        (
            QueryParam("hand", "str", _hand_default(), HAND_HELP),
            QueryParam(
                "monuments", "str", "type:eye;diff:3;same:3;two_plus:nile+desert;pair:4:figure+bird", MONUMENTS_HELP
            ),
            QueryParam("readings", "str", "", READINGS_HELP),
        ),
        query_best_offering,
    ),
    "offering-divergence": Query(
        "offering-divergence",
        "The best offering under every combination of the offering readings (type_choice, type_scope, double_card, "
        "pair_mix, card_sharing); without a hand, Z3 picks the hand where a free type choice matters most",
        (
            QueryParam("hand", "str", "", HAND_HELP + "; empty: let Z3 choose"),
            QueryParam("size", "int", 3, "hand size when Z3 chooses the hand (1..6)"),
            QueryParam("monuments", "str", "type:eye;type:cat;same:3;diff:3;pair:3:figure+bird", MONUMENTS_HELP),
        ),
        query_offering_divergence,
    ),
    "condition-odds": Query(
        "condition-odds",
        "Exact chance that N random cards can meet a Monument condition, under each type reading",
        (
            QueryParam("condition", "str", "same:3", "one condition: " + MONUMENTS_HELP),
            QueryParam("cards", "int", 4, "number of cards drawn (0..5)"),
            QueryParam("pair_mix", "str", "any_mix", "any_mix or both_types"),
        ),
        query_condition_odds,
    ),
    "random-games": Query(
        "random-games",
        "Seeded random games: length, the round cap, when the Artifact pile and the Coin stock run out, open ties",
        (
            QueryParam("players", "int", 4, "a player count of params.player_counts"),
            QueryParam("games", "int", 50, "number of games (1..10000)"),
            QueryParam("seed", "int", 0, "first seed"),
            QueryParam("readings", "str", "", READINGS_HELP),
        ),
        query_random_games,
    ),
}

if "position" in {f.name for f in dataclasses.fields(Query)}:  # queries about a situation (``--position FILE``)
    QUERIES["best-offering"] = dataclasses.replace(QUERIES["best-offering"], position="optional")

"""Named queries a rulebook editor can ask about Sobek (``nilerules query sobek NAME``)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from nilerules.checks.model import Query, QueryParam, QueryResult
from nilerules.core import Witness
from nilerules.core.batch import final_states
from nilerules.errors import QueryError
from nilerules.games.sobek import scoring
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.params import CORRUPT_ALL_TIED, PENALTY_ON_NUMBER, TRACK_END, TRACK_LOW_END
from nilerules.games.sobek.situations import params_of

MAX_GAMES = 10_000
"""Upper bound on the games a Monte Carlo query plays per reading (keeps the work finite)."""


def _ints(params: Mapping[str, Any], name: str) -> tuple[int, ...]:
    raw = str(params[name])
    try:
        values = tuple(int(x) for x in raw.split(",") if x.strip())
    except ValueError:
        raise QueryError(f"--param {name}={raw!r}: expected comma-separated integers") from None
    if any(v < 0 for v in values):
        raise QueryError(f"--param {name}={raw!r}: expected non-negative integers")
    return values


def _int(params: Mapping[str, Any], name: str) -> int:
    value = params[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise QueryError(f"--param {name}={value!r}: expected a non-negative integer")
    return value


def _with_defaults(query: Query, params: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {p.name: p.default for p in query.params}
    for key, value in params.items():
        if key not in out:
            raise QueryError(f"unknown parameter {key!r} for query {query.name!r}")
        out[key] = value
    return out


def corruption_tie(game: SobekGame, raw: Mapping[str, Any]) -> QueryResult:
    params = _with_defaults(QUERIES["corruption-tie"], raw)
    cards, pile, sets = _ints(params, "cards"), _ints(params, "pile_scarabs"), _ints(params, "set_scarabs")
    if not len(cards) == len(pile) == len(sets) or not 2 <= len(cards) <= 4:
        raise QueryError("cards, pile_scarabs and set_scarabs need one value per player (2 to 4)")
    rows = {}
    for where, all_tied in product(("pile", "sets"), CORRUPT_ALL_TIED):
        scarabs = pile if where == "pile" else sets
        rows[f"corruption_scarabs={where}, corrupt_all_tied={all_tied}"] = list(
            scoring.most_corrupt(cards, scarabs, all_tied))
    text = "\n".join(f"{k}: seats {v} penalised" for k, v in rows.items())
    distinct = {tuple(v) for v in rows.values()}
    verdict = Witness("The readings penalise different players here.", {"penalised": rows}) \
        if len(distinct) > 1 else None
    return QueryResult(text, {"penalised": rows}, verdict)


def corruption_penalty(game: SobekGame, raw: Mapping[str, Any]) -> QueryResult:
    params = _with_defaults(QUERIES["corruption-penalty"], raw)
    score, points = _int(params, "score"), _int(params, "points")
    rows = {}
    for number, low in product(PENALTY_ON_NUMBER, TRACK_LOW_END):
        rows[f"penalty_on_number={number}, track_low_end={low}"] = scoring.penalty(
            score, points, number, low, params_of(game).penalty_step)
    symbol = scoring.symbol_of(score)
    where = "a numbered space" if symbol == 0 else f"symbol: {params_of(game).symbol_order[symbol - 1]}"
    text = f"Space {score} ({where}), {points} set points = {points // params_of(game).penalty_step} lot(s):\n" + \
        "\n".join(f"{k}: back to {v}" for k, v in rows.items())
    verdict = Witness("The readings differ here.", {"after": rows}) if len(set(rows.values())) > 1 else None
    return QueryResult(text, {"score": score, "points": points, "after": rows}, verdict)


def guild_move(game: SobekGame, raw: Mapping[str, Any]) -> QueryResult:
    params = _with_defaults(QUERIES["guild-move"], raw)
    score, name = _int(params, "score"), str(params["symbol"])
    order = params_of(game).symbol_order
    if name not in order:
        raise QueryError(f"--param symbol={name!r}: expected one of {', '.join(order)}")
    symbol = order.index(name) + 1
    rows: dict[str, Any] = {}
    for end, low in product(TRACK_END, TRACK_LOW_END):
        forward = scoring.guild_forward(score, symbol, params_of(game).track_spaces, end)
        back = scoring.back_to_symbol(score, symbol, low)
        rows[f"track_end={end}, track_low_end={low}"] = {"forward": forward, "back": back}
    text = f"Guild {name} with a marker on {score}:\n" + "\n".join(
        f"{k}: own marker forward to {v['forward']}, an opponent's back to {v['back']}" for k, v in rows.items())
    distinct = {(v["forward"], v["back"]) for v in rows.values()}
    verdict = Witness("The readings differ here.", {"moves": rows}) if len(distinct) > 1 else None
    return QueryResult(text, {"score": score, "symbol": name, "moves": rows}, verdict)


def early_end(game: SobekGame, raw: Mapping[str, Any]) -> QueryResult:
    """Does the round's end finish the game? Scores before the round's scoring, the round's set points, and who
    is penalised."""
    params = _with_defaults(QUERIES["early-end"], raw)
    scores, points, hit = _ints(params, "scores"), _ints(params, "set_points"), _ints(params, "penalised")
    if len(scores) != len(points):
        raise QueryError("scores and set_points need one value per player")
    limit = params_of(game).early_end
    scored = tuple(s + p for s, p in zip(scores, points, strict=True))
    after = tuple(scoring.penalty(s, p, "numbered_type", "stay", params_of(game).penalty_step) if i in hit else s
                  for i, (s, p) in enumerate(zip(scored, points, strict=True)))
    passed = max(scored) > limit
    rows: dict[str, dict[str, Any]] = {
        "immediately": {"ends": passed, "scores": list(scored if passed else after)},
        "after_scoring": {"ends": passed, "scores": list(after)},
        "after_penalty": {"ends": max(after) > limit, "scores": list(after)},
    }
    winners = {k: [i for i, s in enumerate(v["scores"]) if s == max(v["scores"])] for k, v in rows.items()}
    text = f"The early end needs more than {limit} points.\n" + "\n".join(
        f"early_end={k}: game {'ends' if v['ends'] else 'goes on'}, scores {v['scores']}" for k, v in rows.items())
    verdict = Witness("The readings differ here.", {"rows": rows}) if len(
        {(v["ends"], tuple(v["scores"])) for v in rows.values()}) > 1 else None
    return QueryResult(text, {"rows": rows, "leaders": winners}, verdict)


def reading_impact(game: SobekGame, raw: Mapping[str, Any]) -> QueryResult:
    """Monte Carlo: how often random games end differently under each reading of one ambiguity."""
    params = _with_defaults(QUERIES["reading-impact"], raw)
    amb, games, players = str(params["ambiguity"]), _int(params, "games"), _int(params, "players")
    if amb not in game.spec.ambiguities:
        raise QueryError(f"unknown ambiguity {amb!r} (see `nilerules rules sobek`)")
    if players not in game.info.player_counts:
        counts = ", ".join(map(str, game.info.player_counts))
        raise QueryError(f"--param players={players!r}: expected one of {counts}")
    if games > MAX_GAMES:
        raise QueryError(f"--param games={games!r}: at most {MAX_GAMES} games per reading")
    rows = {}
    for reading in game.spec.ambiguities[amb].reading_names():
        config = game.config(players, readings={amb: reading})
        finals = final_states(game, config, range(games), "greedy")  # on every core under query --jobs
        rows[reading] = {
            "mean_top_score": sum(max(f.scores) for f in finals) / max(games, 1),
            "early_ends": sum(f.early_end for f in finals),
            "shared_wins": sum(game.ranking(f).open_tie for f in finals),
        }
    text = "\n".join(f"{amb}={k}: mean top score {v['mean_top_score']:.1f}, early ends {v['early_ends']}, "
                     f"shared wins {v['shared_wins']} (of {games} greedy games)" for k, v in rows.items())
    return QueryResult(text, {"ambiguity": amb, "games": games, "players": players, "rows": rows})


QUERIES: dict[str, Query] = {
    "corruption-tie": Query("corruption-tie", "Who is most corrupt, under each reading of the tie-breaks?", (
        QueryParam("cards", "str", "4,4,2", "corruption cards per player, Curses counted as params.curse_cards cards"),
        QueryParam("pile_scarabs", "str", "1,1,0", "scarabs on the cards of each corruption pile"),
        QueryParam("set_scarabs", "str", "0,3,0", "scarabs in each player's sets"),
    ), corruption_tie),
    "corruption-penalty": Query("corruption-penalty", "Where does the corruption penalty put a marker?", (
        QueryParam("score", "int", 48, "space the marker ended the round's scoring on"),
        QueryParam("points", "int", 23, "points earned through sets this round"),
    ), corruption_penalty),
    "guild-move": Query("guild-move", "Where do a Guild event's two moves go?", (
        QueryParam("score", "int", 99, "space of the marker"),
        QueryParam("symbol", "str", "snake", "snake, reed, ankh or scorpion"),
    ), guild_move),
    "early-end": Query("early-end", "Does the end of this round end the game early (params.early_end_points)?", (
        QueryParam("scores", "str", "90,60", "scores before the round's scoring"),
        QueryParam("set_points", "str", "14,10", "points each player scores through sets this round"),
        QueryParam("penalised", "str", "0", "seats that are most corrupt"),
    ), early_end),
    "reading-impact": Query("reading-impact", "Does an ambiguity change random games (Monte Carlo)?", (
        QueryParam("ambiguity", "str", "corruption_scarabs", "ambiguity id from specs/sobek.toml"),
        QueryParam("games", "int", 20, "greedy games per reading"),
        QueryParam("players", "int", 3, "players"),
    ), reading_impact),
}

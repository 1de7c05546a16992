"""Named queries a rulebook editor can ask about Nefertiti (``nilerules query nefertiti NAME``)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

from nilerules.checks.model import Query, QueryParam, QueryResult
from nilerules.core.readings import one_of
from nilerules.core.verdicts import Proof, Witness
from nilerules.errors import QueryError
from nilerules.games.nefertiti.cards import FOREIGN
from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import CARD_NAMES, CHAR_NAMES, N_CODES, N_TYPES, TYPE_NAMES
from nilerules.games.nefertiti.params import AMON_PRIEST_TIES, NEUTRAL_THREE_COLORS
from nilerules.games.nefertiti.scoring import amon_priest_bonus, amon_priest_rank, gift_score


def _int(params: Mapping[str, Any], name: str, default: int, lo: int, hi: int) -> int:
    raw = params.get(name, default)
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise QueryError(f"parameter {name!r} must be an integer, got {raw!r}") from None
    if not lo <= value <= hi:
        raise QueryError(f"parameter {name!r} must be between {lo} and {hi}, got {value!r}")
    return value


def neutral_closure(game: NefertitiGame, params: Mapping[str, Any]) -> QueryResult:
    """Every pawn multiset on Gizeh's right stall in a 2-player game, under each reading of NEF-001."""
    from nilerules.checks.nefertiti.neutral import giza_right_stall
    from nilerules.solver.nefertiti import PAWN_KINDS, listed_equals_four_kinds, neutral_closure_table

    servants, neutrals, stall_pawns, squares, colours = giza_right_stall(game)
    pawns = _int(params, "pawns", 0, 0, squares) or stall_pawns  # 0: the stall's own condition in the spec
    rows, complete = neutral_closure_table(servants, neutrals, pawns, squares, colours=colours)
    ruled_out = {r.name: r.contradicted for r in game.spec.ambiguities["neutral_three_colors"].readings}
    allowed = [i for i, r in enumerate(NEUTRAL_THREE_COLORS) if not ruled_out.get(r)]
    differ = [r for r in rows if len({r.status[i] for i in allowed}) > 1]
    proof = listed_equals_four_kinds()
    lines = [
        f"Stall closed by {colours} colours or {pawns} pawns; readings: {' / '.join(NEUTRAL_THREE_COLORS)}.",
        f"{len(rows)} multisets can stand on the stall under some reading; {len(differ)} are classified differently"
        " by the readings the text allows" + ("" if complete else " (Z3 budget ran out: lower bound)") + ":",
    ]
    for r in differ:
        words = ", ".join(f"{n} {k}" for n, k in zip(r.counts, PAWN_KINDS, strict=True) if n)
        lines.append(f"  {words}: {' / '.join(r.status)}")
    for name, quote in ruled_out.items():
        if quote:
            lines.append(f"{name} is ruled out by the text: {quote}")
    lines.append(f"'listed' equals 'four pawn kinds count as four colours': {proof.kind} ({proof.summary})")
    data = {
        "standing": len(rows),
        "disagreeing": len(differ),
        "complete": complete,
        "rows": [{"counts": list(r.counts), "status": list(r.status)} for r in differ],
        "contradicted": {k: v for k, v in ruled_out.items() if v},
    }
    return QueryResult(
        "\n".join(lines), data, Witness(f"{len(differ)} disagreeing multisets", data) if differ else proof
    )


def foreign_bonus(game: NefertitiGame, params: Mapping[str, Any]) -> QueryResult:
    """Score of one type with foreign cards (Z3 and Python), and where the Royal Scribe readings part."""
    from nilerules.solver.nefertiti import chair_example, evaluate_type_score, scribe_divergence

    name = str(params.get("type", "chair"))
    if name not in TYPE_NAMES:
        raise QueryError(f"unknown type {name!r} (types: {', '.join(TYPE_NAMES)})")
    t = TYPE_NAMES.index(name)
    normal = _int(params, "normal", 3, 0, 8)
    owners = _int(params, "owners", 2, 1, 5)
    p = game.params(game.config(4, ("harbor",)))
    foreign = [c for c in range(N_CODES) if FOREIGN[c] and CARD_NAMES[c].startswith(name + "_")]
    codes = [c for c in range(N_CODES) if not FOREIGN[c] and CARD_NAMES[c] == name] + foreign
    hand = [0] * N_CODES
    hand[codes[0]] = normal
    for c in foreign:
        hand[c] = 1
    own = [1] * N_TYPES
    own[t] = owners
    python = gift_score(p, hand, own)
    z3_score = evaluate_type_score(
        p.values[t], [hand[c] for c in codes], [1] * len(codes), [p.bonus[c] for c in codes], owners
    )
    example = chair_example(p.values[2])
    div = scribe_divergence(p.values[t], [p.bonus[c] for c in codes]) if foreign else None
    text = (
        f"{normal} normal {name}(s) + foreign {[CARD_NAMES[c] for c in foreign]} with {owners} owner(s): "
        f"Python {python}, Z3 {z3_score}.\nThe seed's example (5 chairs incl. +1 and +2, 2 owners: 'Red gets 50 "
        f"prestige points') under the spec's chair values: {example.kind}.\n"
        + (f"Royal Scribe readings part at: {div.summary}" if div is not None else "No foreign cards of this type.")
    )
    data = {"python": python, "z3": z3_score, "example": example.kind, "scribe": getattr(div, "data", {})}
    return QueryResult(text, data, example)


def amon_priest_ranks(game: NefertitiGame, params: Mapping[str, Any]) -> QueryResult:
    """The Amon Priest's bonus under each tie reading for given final scores (seat 0 holds the card)."""
    raw = str(params.get("scores", "30,30,20,20"))
    try:
        scores = [int(x) for x in raw.split(",")]
    except ValueError:
        raise QueryError(f"scores must be comma-separated integers, got {raw!r}") from None
    if not 2 <= len(scores) <= 5:
        raise QueryError(f"give 2 to 5 scores, got {len(scores)}")
    raw_d = str(params.get("deben", ",".join("0" for _ in scores)))
    try:
        debens = [int(x) for x in raw_d.split(",")]
    except ValueError:
        raise QueryError(f"deben must be comma-separated integers, got {raw_d!r}") from None
    if len(debens) != len(scores):
        raise QueryError("give one Deben figure per score")
    seat = _int(params, "holder", 0, 0, len(scores) - 1)
    p = game.params(game.config(4))
    readings = [one_of(AMON_PRIEST_TIES, r) for r in game.spec.ambiguities["amon_priest_ties"].reading_names()]
    rows = {
        r: (amon_priest_rank(scores, debens, seat, r), amon_priest_bonus(p, scores, debens, seat, r)) for r in readings
    }
    text = "\n".join(f"{r}: rank {rank}, +{bonus}" for r, (rank, bonus) in rows.items())
    data: dict[str, Any] = {r: {"rank": rank, "bonus": bonus} for r, (rank, bonus) in rows.items()}
    return QueryResult(f"Scores {scores}, Deben {debens}, holder seat {seat}:\n{text}", data)


def deben_budget(game: NefertitiGame, params: Mapping[str, Any]) -> QueryResult:
    """Deben needed at setup (players + markets + Harbor) against the coins in the boxes (the check NEF-023)."""
    from nilerules.checks.nefertiti.end import setup_deben

    have, rows = setup_deben(game)
    lines = []
    data: dict[str, Any] = {"coins": have}
    for n, modules, need in rows:
        lines.append(
            f"{n} players{' (Harbor)' if modules else ''}: {need} Deben needed, {have} coins "
            f"({'enough' if need <= have else 'NOT enough unless coins have several values'})"
        )
        data[f"{n}{'+harbor' if modules else ''}"] = need
    short = [row for row in rows if row[2] > have]
    verdict = (
        Witness(f"{len(short)} setups need more Deben than the {have} coins", data)
        if short
        else Proof(f"the {have} coins cover every setup", ("nefertiti.contents.deben",))
    )
    return QueryResult("\n".join(lines), data, verdict)


def character_odds(game: NefertitiGame, params: Mapping[str, Any]) -> QueryResult:
    """The exact chance that a Character card is available, by player count and modules."""
    name = str(params.get("character", "priest"))
    if name not in CHAR_NAMES:
        raise QueryError(f"unknown Character {name!r} (one of {', '.join(CHAR_NAMES)})")
    c = CHAR_NAMES.index(name)
    modules = tuple(m for m in str(params.get("modules", "characters")).split(",") if m)
    lines = []
    data: dict[str, str] = {}
    for n in game.info.player_counts:
        mods = tuple(sorted(set(modules) | ({"harbor"} if n == 5 else set())))
        p = game.params(game.config(n, mods))
        if p.char_fixed[c] > 0:
            prob = Fraction(1)
        else:
            total, copies = sum(p.char_pool), p.char_pool[c]
            draw = min(p.char_draw, total)
            prob = Fraction(0) if copies == 0 else 1 - Fraction(comb(total - copies, draw), comb(total, draw))
        lines.append(f"{n} players: {prob} ({float(prob):.3f})")
        data[str(n)] = str(prob)
    return QueryResult(f"Chance that {name} is available (modules {modules}):\n" + "\n".join(lines), data)


QUERIES: dict[str, Query] = {
    "neutral-closure": Query(
        "neutral-closure",
        "2-player stall closures with neutral pawns under each colour reading (Z3)",
        (QueryParam("pawns", "int", 0, "pawns that close the stall (0: the spec's own stall)", (0, 16)),),
        neutral_closure,
    ),
    "foreign-bonus": Query(
        "foreign-bonus",
        "Gift scoring with foreign bonuses (Z3 vs Python) and the Royal Scribe readings",
        (
            QueryParam("type", "str", "chair", "gift type"),
            QueryParam("normal", "int", 3, "normal cards held"),
            QueryParam("owners", "int", 2, "players owning the type"),
        ),
        foreign_bonus,
    ),
    "amon-priest-ranks": Query(
        "amon-priest-ranks",
        "Amon Priest bonus under each tie reading",
        (
            QueryParam("scores", "str", "30,30,20,20", "final scores by seat"),
            QueryParam("deben", "str", "0,0,0,0", "Deben by seat"),
            QueryParam("holder", "int", 0, "seat of the card"),
        ),
        amon_priest_ranks,
    ),
    "deben-budget": Query("deben-budget", "Do the Deben coins cover each player count's setup?", (), deben_budget),
    "character-odds": Query(
        "character-odds",
        "Chance that a given Character is available",
        (
            QueryParam("character", "str", "priest", "Character name"),
            QueryParam("modules", "str", "characters", "comma-separated modules"),
        ),
        character_odds,
    ),
}

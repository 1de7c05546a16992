"""Nefertiti's situations: positions built by hand for the checks and the rules tests (which need nothing above the
rules for them), written with names (docs/positions.md) and checked by the game's invariants (``game.position``); the
positions several checks or tests share, and the pieces they are written with (pawns, a seat's Servants spread
over markets, a hand).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nilerules.games.nefertiti.game import NefertitiGame
from nilerules.games.nefertiti.names import CARD_NAMES, GIZEH, N_CODES, N_GIFTS
from nilerules.games.nefertiti.state import NefState


def situation(game: NefertitiGame, players: int, modules: tuple[str, ...], doc: Mapping[str, Any]) -> NefState:
    """A hand-built position under the default readings, written with names and checked by the game's invariants."""
    return game.position(game.config(players, modules), doc)


def pawns(*items: tuple[int, int, bool]) -> list[dict[str, Any]]:
    """Pawns of a position's market: (square, seat, neutral)."""
    return [{"square": sq, "seat": seat, "neutral": neutral} for sq, seat, neutral in items]


def spread(
    game: NefertitiGame, players: int, seat: int, markets: tuple[str, ...], modules: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Every Servant of ``seat`` placed, spread over ``markets`` on their lowest squares (a position's markets)."""
    left = game.params(game.config(players, modules)).servants
    share = [left // len(markets) + int(i < left % len(markets)) for i in range(len(markets))]
    return {m: {"pawns": pawns(*((sq, seat, False) for sq in range(k)))} for m, k in zip(markets, share, strict=True)}


def hand_of(*codes: int) -> tuple[int, ...]:
    """A hand (a count per card code) holding ``codes``."""
    counts = [0] * N_CODES
    for c in codes:
        counts[c] += 1
    return tuple(counts)


# ---------------------------------------------------------------------------------------------------------------
# the positions several checks or tests share


def harbor_example_doc(game: NefertitiGame) -> dict[str, Any]:
    """The seed's Harbor example as a position, at the moment the next market is prepared: the threshold's number of
    foreign cards on the Harbor (added before any pawn was there), Black's (seat 1's) Servant on it, and a refill that
    added none."""
    p = game.params(game.config(3, ("harbor",)))
    foreign = [CARD_NAMES[c] for c in range(N_GIFTS) if p.bonus[c] > 0 and p.deck[c] > 0][: p.harbor_threshold]
    return {
        "markets": {"harbor": {"cards": foreign, "pawns": pawns((1, 1, False))}},
        "refill": {"added": 0, "harbor_added_since": len(foreign)},
    }


def closed_market_doc(char: str) -> dict[str, Any]:
    """4 players: ``char`` is being used while Louqsor lies under the Market Closed tile holding a necklace."""
    extra: dict[str, dict[str, Any]] = {"beggar": {"beggar_market": "gizeh"}, "trader": {"trader_exchanges": 0}}
    scratch = extra.get(char, {})
    return {
        "phase": "character",
        "character": {"active": char, **scratch},
        "markets": {"louqsor": {"cards": ["necklace"]}, "gizeh": {"cards": ["harp", "mirror"]}},
        "seats": {"0": {"hand": {"chair": 1}}},
    }


CLOSED_MARKET_SETUP: tuple[int, tuple[str, ...]] = (4, ("characters",))
"""The players and modules of ``closed_market_doc``."""


def papyrus_seal_supply_doc(game: NefertitiGame, players: int = 4) -> dict[str, Any]:
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


def amon_priest_end_doc(
    game: NefertitiGame, players: int, scores: Sequence[int], debens: Sequence[int]
) -> dict[str, Any]:
    """The end of a game whose final scores before the Amon Priest's bonus rank like ``scores`` (raised alike so that
    no prestige is negative) with ``debens`` Deben left: seat 0 holds the Amon Priest, nobody holds a card or a seal,
    and the Deben no seat holds lie on Gizeh's tile (Deben are conserved)."""
    config = game.config(players)
    start = game.position(config, {"phase": "over"})
    per_point = start.params.deben_per_point
    lift = max(d // per_point for d in debens)
    seats = {str(i): {"prestige": s + lift - d // per_point, "deben": d}
             for i, (s, d) in enumerate(zip(scores, debens, strict=True))}
    total = sum(start.deben) + sum(m.deben for m in start.markets)
    gizeh = start.markets[GIZEH].deben + total - sum(debens) - sum(m.deben for m in start.markets)
    return {"phase": "over", "amon_priest": 0, "seats": seats, "markets": {"gizeh": {"deben": gizeh}}}


def amon_priest_neutral_doc() -> dict[str, Any]:
    """The end of a 2-player game: seat 0 holds the Amon Priest and a chair; the neutral player holds more."""
    return {
        "phase": "over",
        "amon_priest": 0,
        "seats": {"0": {"hand": {"chair": 1}}, "1": {"hand": {"harp": 2, "mirror": 1}}},
        "neutral_hand": {"goldwork": 2, "necklace": 2, "statuette": 1},
    }


def neutral_short_doc(game: NefertitiGame) -> dict[str, Any]:
    """2 players: Gizeh is resolved and seat 1's neutral pawn acts while the tile holds less than the action takes."""
    squares = game.params(game.config(2)).stalls[GIZEH][0].squares
    return {
        "phase": "resolve",
        "markets": {"gizeh": {"pawns": pawns((len(squares) - 1, 0, False), (0, 1, True))}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": squares[0], "seat": 1, "neutral": True}]},
    }


def wandering_thief_bought_doc(game: NefertitiGame) -> dict[str, Any]:
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

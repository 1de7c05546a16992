"""Position builders for the Sobek tests: each situation is written in the public position format and built by
``game.position`` (conservation and the invariants checked), with card codes spelled through the names table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nilerules.core.seeded import first_decision
from nilerules.games.sobek import rules, situations
from nilerules.games.sobek.actions import AddCard, Done, StartSet
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_CODES, CARD_NAMES, GOODS_NAMES, token_names
from nilerules.games.sobek.position import PHASES, pending_data
from nilerules.games.sobek.rules.common import ZERO
from nilerules.games.sobek.state import FIRST_CHAR, FISH, KINDS, NTYPES, SobekState

QUEEN, PRIEST, PRIESTESS, SCRIBE_FISH, SCRIBE_CATTLE, VIZIR, MERCHANT, COURTESAN, THIEF = range(FIRST_CHAR,
                                                                                              FIRST_CHAR + 9)
"""The card types of the nine characters, in the order of ``state.CHARACTERS``."""


def position(game: SobekGame, players: int, readings: Mapping[str, str], **changes: Any) -> SobekState:
    """A seeded game's first decision, with ``changes`` written over it, built through the public position format
    (so conservation and the invariants hold). ``changes`` are state fields in the rules' codes (hands, sets,
    corruption, scores, tokens, row, phase, hphase_left, pending, round, curses, last_gain), translated to the
    position document's names here: each test states its situation in the seed's terms, the format checks it."""
    data: dict[str, Any] = {}
    seats: dict[str, dict[str, Any]] = {str(p): {} for p in range(players)}
    per_seat = {"hands": "hand", "corruption": "corruption", "scores": "score", "curses": "curses",
                "last_gain": "last_gain", "sets": "sets"}
    for key, value in changes.items():
        if key in per_seat:
            for p, v in enumerate(value):
                seats[str(p)][per_seat[key]] = _seat_value(key, v)
        elif key == "row":
            data["row"] = [CARD_NAMES[t] for t in value]
        elif key == "tokens":
            data["events"] = {GAME_TOKENS(game)[k]: c for k, c in enumerate(value) if c}
        elif key == "phase":
            data["phase"] = PHASES[value]
        elif key == "hphase_left":
            data["horizontal_left"] = list(value)
        elif key == "pending":
            if value is not None:
                data["pending"] = pending_data(value, GAME_TOKENS(game))
        elif key == "round":
            data["round"] = value + 1
        else:
            data[key] = value
    base = first_decision(game, game.config(players, readings=readings), situations.SEED)
    written = game.position_data(base)
    if ("phase" in data and data["phase"] != "play") or "pending" in data:
        written.pop("pending", None)
    for p, body in written.get("seats", {}).items():
        seats[p] = {**body, **seats[p]}
    written.update(data)
    written["seats"] = seats
    config = game.config(players, readings=dict(readings))
    situations.fit_row(game, config.reading("goods_total"), written)
    return game.position(config, written)


def GAME_TOKENS(game: SobekGame) -> tuple[str, ...]:
    return token_names(game.params(game.config(2)).symbol_order)


def _seat_value(key: str, value: Any) -> Any:
    if key in ("hands", "corruption"):
        return {CARD_NAMES[t]: c for t, c in enumerate(value) if c}
    if key == "sets":
        return [{"goods": GOODS_NAMES[s.family] if s.family >= 0 else "mixed",
                 "cards": [CARD_NAMES[t] for t in s.cards],
                 **({"prosperity": s.prosperity} if s.prosperity else {}),
                 **({"horizontal": True} if s.horizontal else {})} for s in value]
    return value


def hand_of(*cards: int) -> tuple[int, ...]:
    """A pile (count vector) holding these card types."""
    counts = [0] * NTYPES
    for c in cards:
        counts[c] += 1
    return tuple(counts)


def valued(kind: int) -> int:
    """The card type of a goods kind's cards with scarabs (the position format's ``"<kind>_scarabs"``)."""
    return CARD_CODES[KINDS[kind] + "_scarabs"]


def plain(kind: int) -> int:
    """The card type of a goods kind's cards without scarabs (``"<kind>"``)."""
    return CARD_CODES[KINDS[kind]]


def green(kind: int) -> int:
    """The card type of a goods kind's green-backed cards (``"<kind>_green"``)."""
    return CARD_CODES[KINDS[kind] + "_green"]


def with_hand(game: SobekGame, hand: tuple[int, ...], **changes: object) -> SobekState:
    """A 3-player ``position`` where seat 0 holds ``hand`` and the others nothing."""
    return position(game, 3, {}, hands=(hand, ZERO, ZERO), **changes)


def fish_set_played(game: SobekGame, readings: dict[str, str] | None = None, **changes: object) -> SobekState:
    """Seat 0 of a 3-player game plays three plain Fish as a new set (an event follows)."""
    cards = (plain(FISH),) * 3
    state = position(game, 3, readings or {}, hands=(hand_of(*cards), ZERO, ZERO), **changes)
    state = rules.apply(state, StartSet(FISH, -1))
    for c in cards:
        state = rules.apply(state, AddCard(c))
    return rules.apply(state, Done())

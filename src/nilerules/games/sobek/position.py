"""Sobek's public position format (docs/positions.md, section Sobek): a state written with names, and built back.

``position_data(state)`` writes every field in which a state differs from the defaults; ``build(config, params,
data)`` reads such a document. Two defaults of the reader follow from what the document holds: ``events_used``
counts the Prosperity tokens on sets as well as the Curses held, and in the first round or under
``event_tokens_between_rounds = used_out`` the bag lacks the tokens applied. The writer still leaves a key out
only when it equals the Curses held, or the tokens not in ``events``: in every state the rules reach, such a key
equals the reader's default too (a Prosperity token lies on a set only once its event was applied; an applied
token is back in the bag only in a later round under ``all_back``), so ``build(..., position_data(s)) == s`` holds
and no written position changed. The deck and the green-backed pile are derived by conservation (every card not
written somewhere is in the deck, or, if green-backed, in the green pile); the result must pass the game's
invariants. Cards, goods types, event tokens, phases, pending choices and chance draws are names here, never the
integer codes of the rules (the tables are in ``names.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from nilerules.core.types import Config
from nilerules.errors import InvalidState, PositionError
from nilerules.games.sobek.invariants import invariants
from nilerules.games.sobek.names import BACK_NAMES, CARD_CODES, CARD_NAMES, GOODS_NAMES, MIXED, token_names
from nilerules.games.sobek.params import readings_of
from nilerules.games.sobek.rules import card_totals
from nilerules.games.sobek.rules.pending import KINDS as PENDING_KINDS
from nilerules.games.sobek.state import (
    CATEGORIES,
    CURSE,
    D_EVENT,
    D_GREEN,
    D_MARKET,
    D_QUEEN,
    D_REMOVE,
    D_STEAL,
    D_TOKEN,
    HORIZONTAL,
    K_COURT_ADD,
    K_GUILD,
    K_HSET,
    K_PRIEST_CHARS,
    K_SCRIBE,
    K_SET,
    K_THIEF_BACK,
    K_VIZIR_CARD,
    NTYPES,
    OVER,
    PLAY,
    PROSPERITY,
    TOKEN_COUNTS,
    Counts,
    Draw,
    Params,
    Pending,
    PlayedSet,
    SobekState,
    steal_arg,
    steal_of,
)

PHASES: Final = ("play", "horizontal", "over")
"""``state.phase`` by code: the round proper, the horizontal sets at its end, the game over."""
assert PHASES.index("play") == PLAY and PHASES.index("horizontal") == HORIZONTAL and PHASES.index("over") == OVER
DRAW_NAMES: Final = {D_REMOVE: "removed", D_TOKEN: "event_token", D_GREEN: "green", D_MARKET: "market",
                     D_QUEEN: "queen", D_STEAL: "steal", D_EVENT: "blind_event"}
"""Pending chance draws: a card removed (2 players), the round's event tokens, the green-backed deal, a card along
the Nile, the Queen's draw, the Thief's steal, an event token taken blind."""
DRAW_CODES: Final = {name: code for code, name in DRAW_NAMES.items()}
CHOICES: Final = {kind.code: kind.name for kind in PENDING_KINDS if kind.name}
"""Pending compound decisions by name, by code (in code order), from the kinds' table, ``rules.pending.KINDS`` (see
docs/positions.md for the keys each one takes)."""
CHOICE_CODES: Final = {name: code for code, name in CHOICES.items()}

_TOP: Final = frozenset({
    "config", "round", "phase", "to_move", "start_player", "row", "deliveries_left", "removed", "discard", "seats",
    "events", "event_bag", "events_used", "draws", "pending", "extra_turn", "horizontal_left", "early_end", "notes",
})
_SEAT: Final = frozenset({"hand", "corruption", "curses", "score", "last_gain", "sets", "breakdown"})
_SET: Final = frozenset({"goods", "cards", "prosperity", "horizontal"})
_PENDING: Final = frozenset({"choice", "seat", "goods", "onto", "cards", "symbol", "opponent", "owner", "set",
                             "scribe", "queue"})
_DRAW: Final = frozenset({"draw", "seat", "from", "back"})
_LIMIT: Final = 1 << 16
"""Upper bound on any count or score in a written position (keeps the work finite; real games stay far below)."""


# -- writing ----------------------------------------------------------------------------------------------------
def _table(counts: Counts) -> dict[str, int]:
    return {CARD_NAMES[t]: c for t, c in enumerate(counts) if c}


def _tokens(counts: tuple[int, ...], names: tuple[str, ...]) -> dict[str, int]:
    return {names[k]: c for k, c in enumerate(counts) if c}


def _set_data(s: PlayedSet) -> dict[str, Any]:
    data: dict[str, Any] = {"goods": GOODS_NAMES[s.family] if s.family >= 0 else MIXED,
                            "cards": [CARD_NAMES[t] for t in s.cards]}
    if s.prosperity:
        data["prosperity"] = s.prosperity
    if s.horizontal:
        data["horizontal"] = True
    return data


def pending_data(pend: Pending, names: tuple[str, ...]) -> dict[str, Any]:
    kind = pend.kind
    data: dict[str, Any] = {"choice": CHOICES[kind], "seat": pend.player}
    if kind in (K_SET, K_HSET):
        data["goods"] = GOODS_NAMES[pend.a] if pend.a >= 0 else MIXED
        if kind == K_SET and pend.b >= 0:
            data["onto"] = pend.b
    elif kind == K_GUILD:
        data["symbol"] = names[pend.a - 1].removeprefix("guild_")
    elif kind == K_PRIEST_CHARS:
        data["goods"] = GOODS_NAMES[pend.a]
    elif kind in (K_VIZIR_CARD, K_THIEF_BACK):
        data["opponent"] = pend.a
    elif kind == K_COURT_ADD:
        data["owner"], data["set"] = pend.a, pend.b
    elif kind == K_SCRIBE:
        data["scribe"], data["opponent"], data["queue"] = pend.a, pend.b, list(pend.cards)
        return data
    if pend.cards:
        data["cards"] = [CARD_NAMES[t] for t in pend.cards]
    return data


def _draw_data(draw: Draw) -> dict[str, Any]:
    data: dict[str, Any] = {"draw": DRAW_NAMES[draw.dest]}
    if draw.dest in (D_GREEN, D_QUEEN, D_STEAL, D_EVENT):
        data["seat"] = draw.player
    if draw.dest == D_STEAL:
        opp, back = steal_of(draw.arg)
        data["from"], data["back"] = opp, BACK_NAMES[back]
    return data


def _default_events_used(curses: tuple[int, ...]) -> list[int]:
    used = [0] * len(TOKEN_COUNTS)
    used[CURSE] = sum(curses)
    return used


def _default_bag(tokens: tuple[int, ...]) -> list[int]:
    return [m - t for m, t in zip(TOKEN_COUNTS, tokens, strict=True)]


def position_data(s: SobekState) -> dict[str, Any]:
    """The state written with names; only what differs from the defaults (docs/positions.md)."""
    names = token_names(s.params.symbol_order)
    data: dict[str, Any] = {}
    if s.round:
        data["round"] = s.round + 1
    if s.phase != PLAY:
        data["phase"] = PHASES[s.phase]
    if s.start_player:
        data["start_player"] = s.start_player
    if s.to_move != s.start_player:
        data["to_move"] = s.to_move
    if s.row:
        data["row"] = [CARD_NAMES[t] for t in s.row]
    if s.deliveries_left:
        data["deliveries_left"] = s.deliveries_left
    for key, counts in (("removed", s.removed), ("discard", s.discard)):
        if any(counts):
            data[key] = _table(counts)
    seats: dict[str, Any] = {}
    for p in range(s.config.players):
        seat: dict[str, Any] = {}
        if any(s.hands[p]):
            seat["hand"] = _table(s.hands[p])
        if any(s.corruption[p]):
            seat["corruption"] = _table(s.corruption[p])
        if s.curses[p]:
            seat["curses"] = s.curses[p]
        if s.scores[p]:
            seat["score"] = s.scores[p]
        if s.last_gain[p]:
            seat["last_gain"] = s.last_gain[p]
        if s.sets[p]:
            seat["sets"] = [_set_data(x) for x in s.sets[p]]
        if s.ledger[p] != _default_ledger(s.scores[p]):
            seat["breakdown"] = {CATEGORIES[c]: v for c, v in enumerate(s.ledger[p]) if v}
        if seat:
            seats[str(p)] = seat
    if seats:
        data["seats"] = seats
    if any(s.tokens):
        data["events"] = _tokens(s.tokens, names)
    if list(s.token_bag) != _default_bag(s.tokens):
        data["event_bag"] = _tokens(s.token_bag, names)
    if list(s.events_used) != _default_events_used(s.curses):
        data["events_used"] = _tokens(s.events_used, names)
    if s.draws:
        data["draws"] = [_draw_data(d) for d in s.draws]
    if s.pending is not None:
        data["pending"] = pending_data(s.pending, names)
    if s.extra_turn:
        data["extra_turn"] = True
    if s.hphase_left:
        data["horizontal_left"] = list(s.hphase_left)
    if s.early_end:
        data["early_end"] = True
    if s.log:
        data["notes"] = list(s.log)
    return data


def _default_ledger(score: int) -> tuple[int, ...]:
    row = [0] * len(CATEGORIES)
    row[0] = score
    return tuple(row)


def score_breakdown(s: SobekState) -> tuple[dict[str, int], ...]:
    """Per seat, points by category (every category named, zeros included); each seat's values sum to its score."""
    return tuple({CATEGORIES[c]: v for c, v in enumerate(row)} for row in s.ledger)


# -- reading ----------------------------------------------------------------------------------------------------
def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _Reader:
    """Typed reads of a position document; each failure is a PositionError naming the key."""

    def __init__(self, players: int, tokens: tuple[str, ...]) -> None:
        self.players = players
        self.tokens = tokens

    def table(self, value: Any, key: str, allowed: frozenset[str] | None = None) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise PositionError(key, f"expected a table, found {_short(value)}")
        if allowed is not None:
            unknown = sorted(str(k) for k in value if k not in allowed)
            if unknown:
                raise PositionError(key, f"unknown key(s) {unknown!r} (known: {', '.join(sorted(allowed))})")
        return value

    def number(self, value: Any, key: str, low: int = 0, high: int = _LIMIT) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise PositionError(key, f"expected an integer from {low} to {high}, found {_short(value)}")
        return value

    def seat(self, value: Any, key: str) -> int:
        return self.number(value, key, 0, self.players - 1)

    def flag(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise PositionError(key, f"expected true or false, found {_short(value)}")
        return value

    def items(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > _LIMIT:
            raise PositionError(key, f"expected a list, found {_short(value)}")
        return value

    def name(self, value: Any, key: str, names: tuple[str, ...] | Mapping[str, int], what: str) -> int:
        table = names if isinstance(names, Mapping) else {n: i for i, n in enumerate(names)}
        if not isinstance(value, str) or value not in table:
            raise PositionError(key, f"{_short(value)} is not a {what} (one of: {', '.join(table)})")
        return table[value]

    def card(self, value: Any, key: str) -> int:
        return self.name(value, key, CARD_CODES, "card")

    def goods(self, value: Any, key: str, mixed: bool = False) -> int:
        if mixed and value == MIXED:
            return -1
        return self.name(value, key, GOODS_NAMES, "goods type" + (" or 'mixed'" if mixed else ""))

    def cards(self, value: Any, key: str) -> tuple[int, ...]:
        return tuple(self.card(c, f"{key}[{i}]") for i, c in enumerate(self.items(value, key)))

    def counts(self, value: Any, key: str) -> Counts:
        out = [0] * NTYPES
        for name, count in self.table(value, key).items():
            out[self.card(name, f"{key} key")] = self.number(count, f"{key}.{name}")
        return tuple(out)

    def token_counts(self, value: Any, key: str) -> tuple[int, ...]:
        out = [0] * len(TOKEN_COUNTS)
        for name, count in self.table(value, key).items():
            out[self.name(name, f"{key} key", self.tokens, "event token")] = self.number(count, f"{key}.{name}")
        return tuple(out)


def _read_set(r: _Reader, value: Any, key: str) -> PlayedSet:
    body = r.table(value, key, _SET)
    if "goods" not in body or "cards" not in body:
        raise PositionError(key, "a set needs 'goods' and 'cards'")
    horizontal = r.flag(body.get("horizontal", False), f"{key}.horizontal")
    family = r.goods(body["goods"], f"{key}.goods", mixed=horizontal)
    cards = tuple(sorted(r.cards(body["cards"], f"{key}.cards")))
    return PlayedSet(family, cards, r.number(body.get("prosperity", 0), f"{key}.prosperity"), horizontal)


def _read_pending(r: _Reader, value: Any, names: tuple[str, ...]) -> Pending:
    body = r.table(value, "pending", _PENDING)
    if "choice" not in body or "seat" not in body:
        raise PositionError("pending", "a pending choice needs 'choice' and 'seat'")
    kind = r.name(body["choice"], "pending.choice", CHOICE_CODES, "pending choice")
    p = r.seat(body["seat"], "pending.seat")
    a = b = 0
    cards: tuple[int, ...] = ()
    if kind in (K_SET, K_HSET):
        a = r.goods(body.get("goods"), "pending.goods", mixed=kind == K_HSET)
        b = r.number(body["onto"], "pending.onto") if "onto" in body else -1 if kind == K_SET else 0
        cards = r.cards(body.get("cards", []), "pending.cards")
    elif kind == K_GUILD:
        symbols = [n.removeprefix("guild_") for n in names[:4]]
        a = r.name(body.get("symbol"), "pending.symbol", tuple(symbols), "symbol") + 1
    elif kind == K_PRIEST_CHARS:
        a = r.goods(body.get("goods"), "pending.goods")
    elif kind in (K_VIZIR_CARD, K_THIEF_BACK):
        a = r.seat(body.get("opponent"), "pending.opponent")
    elif kind == K_COURT_ADD:
        a = r.seat(body.get("owner"), "pending.owner")
        b = r.number(body.get("set"), "pending.set")
        cards = r.cards(body.get("cards", []), "pending.cards")
    elif kind == K_SCRIBE:
        a = r.seat(body.get("scribe"), "pending.scribe")
        b = r.seat(body.get("opponent"), "pending.opponent")
        cards = tuple(r.seat(q, f"pending.queue[{i}]") for i, q in enumerate(r.items(body.get("queue", []),
                                                                                       "pending.queue")))
    return Pending(kind, p, a, b, cards)


def _read_draw(r: _Reader, value: Any, key: str) -> Draw:
    body = r.table(value, key, _DRAW)
    dest = r.name(body.get("draw"), f"{key}.draw", DRAW_CODES, "draw")
    seat = r.seat(body.get("seat", 0), f"{key}.seat")
    arg = 0
    if dest == D_STEAL:
        opp = r.seat(body.get("from"), f"{key}.from")
        arg = steal_arg(opp, r.name(body.get("back"), f"{key}.back", BACK_NAMES, "card back"))
    return Draw(dest, seat, arg)


def build(config: Config, params: Params, data: Mapping[str, Any]) -> SobekState:
    """The state a position document describes (see the module docstring)."""
    n = config.players
    names = token_names(params.symbol_order)
    r = _Reader(n, names)
    r.table(data, "", _TOP)
    round_number = r.number(data.get("round", 1), "round", 1, params.rounds)
    phase = r.name(data.get("phase", "play"), "phase", PHASES, "phase")
    start = r.seat(data.get("start_player", 0), "start_player")
    to_move = r.seat(data.get("to_move", start), "to_move")
    row = r.cards(data.get("row", []), "row")
    deliveries_left = r.number(data.get("deliveries_left", 0), "deliveries_left", 0,
                            max((*params.deliveries, *params.deliveries_two, 0)))
    removed = r.counts(data.get("removed", {}), "removed")
    discard = r.counts(data.get("discard", {}), "discard")
    seats_raw = r.table(data.get("seats", {}), "seats", frozenset(str(p) for p in range(n)))
    hands, corruption, sets, ledger = [], [], [], []
    curses, scores, last_gain = [], [], []
    for p in range(n):
        key = f"seats.{p}"
        seat = r.table(seats_raw.get(str(p), {}), key, _SEAT)
        hands.append(r.counts(seat.get("hand", {}), f"{key}.hand"))
        corruption.append(r.counts(seat.get("corruption", {}), f"{key}.corruption"))
        curses.append(r.number(seat.get("curses", 0), f"{key}.curses"))
        score = r.number(seat.get("score", 0), f"{key}.score")
        scores.append(score)
        last_gain.append(r.number(seat.get("last_gain", 0), f"{key}.last_gain", -_LIMIT))
        sets.append(tuple(_read_set(r, x, f"{key}.sets[{i}]")
                          for i, x in enumerate(r.items(seat.get("sets", []), f"{key}.sets"))))
        if "breakdown" in seat:
            row_points = [0] * len(CATEGORIES)
            for name, points in r.table(seat["breakdown"], f"{key}.breakdown", frozenset(CATEGORIES)).items():
                row_points[CATEGORIES.index(name)] = r.number(points, f"{key}.breakdown.{name}", -_LIMIT)
            ledger.append(tuple(row_points))
        else:
            ledger.append(_default_ledger(score))
    tokens = r.token_counts(data.get("events", {}), "events")
    if "events_used" in data:
        used = r.token_counts(data["events_used"], "events_used")
    else:  # the events whose tokens lie on the table: the Curses held, the Prosperity tokens on sets
        counted = _default_events_used(tuple(curses))
        counted[PROSPERITY] = sum(x.prosperity for seat_sets in sets for x in seat_sets)
        used = tuple(counted)
    if "event_bag" in data:
        bag = r.token_counts(data["event_bag"], "event_bag")
    elif round_number == 1 or readings_of(config).event_tokens_between_rounds == "used_out":
        # every token applied so far was drawn from this round's bag (the first round), or stays out (used_out)
        bag = tuple(b - u for b, u in zip(_default_bag(tokens), used, strict=True))
    else:
        bag = tuple(_default_bag(tokens))
    draws = tuple(_read_draw(r, d, f"draws[{i}]") for i, d in enumerate(r.items(data.get("draws", []), "draws")))
    pending = _read_pending(r, data["pending"], names) if "pending" in data else None
    horizontal_left = tuple(r.seat(q, f"horizontal_left[{i}]")
                            for i, q in enumerate(r.items(data.get("horizontal_left", []), "horizontal_left")))
    notes = tuple(str(x) for x in r.items(data.get("notes", []), "notes"))
    # conservation: every card not written somewhere is in the deck (green-backed ones: in the green pile)
    totals = card_totals(params, readings_of(config).goods_total)
    written = [0] * NTYPES
    for pile in (removed, discard, *hands, *corruption):
        for t, c in enumerate(pile):
            written[t] += c
    for t in row:
        written[t] += 1
    for seat_sets in sets:
        for x in seat_sets:
            for t in x.cards:
                written[t] += 1
    deck, green_pile = [0] * NTYPES, [0] * NTYPES
    for t in range(NTYPES):
        left = totals[t] - written[t]
        if left < 0:
            raise PositionError(CARD_NAMES[t], f"{written[t]} {CARD_NAMES[t]!r} cards written, the game has "
                                               f"{totals[t]}")
        (green_pile if params.green[t] else deck)[t] = left
    state = SobekState(
        config=config, params=params, round=round_number - 1, phase=phase, to_move=to_move, start_player=start,
        deck=tuple(deck), removed=removed, green_pile=tuple(green_pile), row=row, deliveries_left=deliveries_left,
        hands=tuple(hands), sets=tuple(sets), corruption=tuple(corruption), curses=tuple(curses),
        discard=discard, token_bag=bag, tokens=tokens, events_used=used, scores=tuple(scores),
        last_gain=tuple(last_gain), draws=draws, pending=pending,
        extra_turn=r.flag(data.get("extra_turn", False), "extra_turn"), hphase_left=horizontal_left,
        early_end=r.flag(data.get("early_end", False), "early_end"), log=notes, ledger=tuple(ledger),
    )
    broken = invariants(state)
    if broken:
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        raise InvalidState(f"sobek position breaks an invariant: {broken[0]}{more}")
    return state

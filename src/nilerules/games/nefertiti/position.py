"""Nefertiti positions with names (docs/positions.md): markets and stalls by name, cards by name, seats as "0", "1", ...

``position_data(state)`` writes every field a reading or a rule can look at; ``build(config, params, data)`` reads such
a document back, taking anything left out from the setup defaults, and derives the Gift pile, the Royal Seal supply and
the pawns in each supply by conservation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from nilerules.core.types import Config
from nilerules.errors import InvalidState, PositionError
from nilerules.games.nefertiti.cards import slot_code, slot_sealed
from nilerules.games.nefertiti.invariants import invariants
from nilerules.games.nefertiti.names import (
    AKH,
    BEGGAR,
    CARD_NAMES,
    CHAR_NAMES,
    MARKET_KEYS,
    N_CHARS,
    N_CODES,
    N_GIFTS,
    PHASE_NAMES,
    PRIEST,
    ROYAL_SCRIBE,
    SIDES,
    STATUS_NAMES,
    TRADER,
    card_of,
    code_of,
    slot_name,
    slot_of,
)
from nilerules.games.nefertiti.params import Params, readings_of
from nilerules.games.nefertiti.rules.chance import set_first_player, setup
from nilerules.games.nefertiti.rules.common import make_market
from nilerules.games.nefertiti.scoring import amon_priest_bonus, amon_priest_field, gift_score, holders
from nilerules.games.nefertiti.state import P_BOTTOM, P_CHAR, P_CHARS, P_TURN, Market, NefState

# ---------------------------------------------------------------------------------------------------------------
# reading values


def _int(value: Any, key: str, lo: int = 0, hi: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PositionError(key, f"expected an integer from {lo} to {hi}, got {value!r}")
    return value


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(key, f"expected true or false, got {value!r}")
    return value


def _table(value: Any, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise PositionError(key, f"expected a table, got {value!r}")
    return value


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise PositionError(key, f"expected a list, got {value!r}")
    return list(value)


def counts_data(counts: tuple[int, ...], names: tuple[str, ...]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}


def _counts(value: Any, key: str, names: tuple[str, ...], size: int) -> tuple[int, ...]:
    out = [0] * size
    for name, n in _table(value, key).items():
        out[code_of(names, name, f"{key}.{name}")] = _int(n, f"{key}.{name}")
    return tuple(out)


def _seat(value: Any, key: str, players: int, allow_none: bool = False) -> int:
    if allow_none and value is None:
        return -1
    return _int(value, key, 0, players - 1)


# ---------------------------------------------------------------------------------------------------------------
# writing


def _scratch_data(state: NefState) -> dict[str, Any]:
    scratch = state.scratch
    if not scratch:
        return {}
    if state.phase in (P_CHARS, P_BOTTOM) and len(scratch) == N_CHARS:
        return {"character_pool": counts_data(scratch, CHAR_NAMES)}
    if state.phase == P_CHAR and state.char_active == ROYAL_SCRIBE and len(scratch) == N_GIFTS:
        return {"scribe_chosen": counts_data(scratch, CARD_NAMES[:N_GIFTS])}
    if state.phase == P_CHAR and state.char_active == PRIEST:
        stage, given, received = scratch[:3]
        order = [CARD_NAMES[c] for c in scratch[3:]]
        return {"priest": {"stage": stage, "max_given": given, "max_received": received, "order": order}}
    if state.phase == P_CHAR and state.char_active == BEGGAR:
        return {"beggar_market": MARKET_KEYS[scratch[0]]}
    if state.phase == P_CHAR and state.char_active == TRADER:
        return {"trader_exchanges": scratch[0]}
    return {"scratch": list(scratch)}  # pragma: no cover - every phase that keeps scratch data is named above


def _market_data(m: int, market: Market) -> dict[str, Any]:
    out: dict[str, Any] = {
        "deben": market.deben,
        "status": STATUS_NAMES[market.status],
        "cards": [slot_name(s) for s in market.cards],
        "pawns": [{"square": sq, "seat": seat, "neutral": bool(neutral)} for sq, seat, neutral in market.pawns],
    }
    if m != 4:
        out["stall"] = SIDES[market.stall]
    return out


def position_data(state: NefState) -> dict[str, Any]:
    """The state with names; the config goes in the document's [config] table (``position`` takes it apart)."""
    n = state.config.players
    data: dict[str, Any] = {
        "phase": PHASE_NAMES[state.phase],
        "to_move": state.to_move,
        "first": state.first,
        "seats": {
            str(i): {
                "deben": state.deben[i],
                "seals": state.seals[i],
                "prestige": state.prestige[i],
                "hand": counts_data(state.hands[i], CARD_NAMES),
            }
            for i in range(n)
        },
        "neutral_hand": counts_data(state.neutral_hand, CARD_NAMES),
        "markets": {MARKET_KEYS[m]: _market_data(m, market) for m, market in enumerate(state.markets)},
        "bottom": [CARD_NAMES[c] for c in state.bottom],
        "bottom_ordered": state.bottom_ordered,
        "discard": counts_data(state.discard, CARD_NAMES),
        "box": counts_data(state.box, CARD_NAMES),
        "seals_removed": state.seals_removed,
        "deben_removed": state.deben_removed,
        "characters": counts_data(state.chars, CHAR_NAMES),
        "character_draws_left": state.char_draws_left,
        "akhenaton_drawn": state.akh_drawn,
        "turn": {
            "placements_left": state.placements_left,
            "placed_markets": [MARKET_KEYS[m] for m in state.placed_markets],
            "character_used": state.char_used,
            "high_priest": state.high_priest,
        },
        "refill": {
            "queue": [MARKET_KEYS[m] for m in state.refill_queue],
            "added": state.refill_added,
            "harbor_added_since": state.harbor_added_since,
        },
    }
    if state.amon_priest >= 0:
        data["amon_priest"] = state.amon_priest
    if state.refill_last >= 0:
        data["refill"]["last"] = CARD_NAMES[state.refill_last]
    if state.res_market >= 0 or state.res_queue or state.res_final:
        data["resolution"] = {
            "bidders": [
                {"bid": v, "seat": o, "neutral": bool(nt), "highest": bool(hi)} for v, o, nt, hi in state.res_queue
            ],
            "taken": state.res_taken,
            "paid": state.res_paid,
            "final": state.res_final,
        }
        if state.res_market >= 0:
            data["resolution"]["market"] = MARKET_KEYS[state.res_market]
    if state.char_active >= 0:
        data["character"] = {"active": CHAR_NAMES[state.char_active]}
    scratch = _scratch_data(state)
    if scratch:
        data.setdefault("character", {}).update(scratch)
    return data


# ---------------------------------------------------------------------------------------------------------------
# reading


def _read_market(m: int, value: Any, default: Market, players: int) -> Market:
    key = f"markets.{MARKET_KEYS[m]}"
    raw = _table(value, key)
    known = {"deben", "status", "cards", "pawns", "stall"} if m != 4 else {"deben", "status", "cards", "pawns"}
    for k in raw:
        if k not in known:
            raise PositionError(f"{key}.{k}", f"unknown key (keys: {', '.join(sorted(known))})")
    cards = default.cards
    if "cards" in raw:
        listed = enumerate(_list(raw["cards"], f"{key}.cards"))
        cards = tuple(sorted(slot_of(c, f"{key}.cards[{i}]") for i, c in listed))
    pawns = default.pawns
    if "pawns" in raw:
        out = []
        for i, p in enumerate(_list(raw["pawns"], f"{key}.pawns")):
            pk = f"{key}.pawns[{i}]"
            t = _table(p, pk)
            out.append(
                (
                    _int(t.get("square"), f"{pk}.square", 0, 63),
                    _seat(t.get("seat"), f"{pk}.seat", players),
                    int(_bool(t.get("neutral", False), f"{pk}.neutral")),
                )
            )
        pawns = tuple(sorted(out))
    deben = _int(raw["deben"], f"{key}.deben") if "deben" in raw else default.deben
    status = code_of(STATUS_NAMES, raw["status"], f"{key}.status") if "status" in raw else default.status
    stall = code_of(SIDES, raw["stall"], f"{key}.stall") if "stall" in raw else default.stall
    return make_market(cards, deben, stall, pawns, status)


def _read_scratch(c: Mapping[str, Any], phase: int, active: int) -> tuple[int, ...]:
    if "character_pool" in c:
        return _counts(c["character_pool"], "character.character_pool", CHAR_NAMES, N_CHARS)
    if "scribe_chosen" in c:
        return _counts(c["scribe_chosen"], "character.scribe_chosen", CARD_NAMES[:N_GIFTS], N_GIFTS)
    if "priest" in c:
        p = _table(c["priest"], "character.priest")
        order = tuple(
            card_of(x, f"character.priest.order[{i}]")
            for i, x in enumerate(_list(p.get("order", []), "character.priest.order"))
        )
        return (
            _int(p.get("stage", 0), "character.priest.stage", 0, 1),
            _int(p.get("max_given", 0), "character.priest.max_given"),
            _int(p.get("max_received", 0), "character.priest.max_received"),
            *order,
        )
    if "beggar_market" in c:
        return (code_of(MARKET_KEYS[:4], c["beggar_market"], "character.beggar_market"),)
    if "trader_exchanges" in c:
        return (_int(c["trader_exchanges"], "character.trader_exchanges", 0, 1),)
    if "scratch" in c:
        return tuple(_int(x, "character.scratch") for x in _list(c["scratch"], "character.scratch"))
    if phase == P_CHAR and active == ROYAL_SCRIBE:
        return (0,) * N_GIFTS
    if phase == P_CHAR and active == PRIEST:
        return (0, 0, 0)
    if phase == P_CHAR and active in (BEGGAR, TRADER):
        return (0,)
    return ()


_TOP_KEYS: Final = frozenset(
    [
        "config",
        "phase",
        "to_move",
        "first",
        "seats",
        "neutral_hand",
        "markets",
        "bottom",
        "bottom_ordered",
        "discard",
        "box",
        "seals_removed",
        "deben_removed",
        "characters",
        "character_draws_left",
        "akhenaton_drawn",
        "turn",
        "refill",
        "resolution",
        "character",
        "amon_priest",
    ]
)


def build(config: Config, params: Params, data: Mapping[str, Any]) -> NefState:
    """The state a position document describes (see docs/positions.md); what is left out keeps its setup default."""
    data = _table(data, "")
    for k in data:
        if k not in _TOP_KEYS:
            raise PositionError(k, f"unknown key (keys: {', '.join(sorted(_TOP_KEYS))})")
    n = config.players
    base = set_first_player(setup(config, params), 0)
    phase = code_of(PHASE_NAMES, data["phase"], "phase") if "phase" in data else P_TURN
    first = _seat(data.get("first", 0), "first", n)
    deben = list(base.deben)
    if first:
        deben = [params.start_deben[(i - first) % n] for i in range(n)]
    seals, prestige = [0] * n, [0] * n
    hands = [base.hands[i] for i in range(n)]
    seats = _table(data.get("seats", {}), "seats")
    for k, raw in seats.items():
        if k not in [str(i) for i in range(n)]:
            raise PositionError(f"seats.{k}", f"seats are '0' to '{n - 1}'")
        t = _table(raw, f"seats.{k}")
        i = int(k)
        deben[i] = _int(t.get("deben", deben[i]), f"seats.{k}.deben")
        seals[i] = _int(t.get("seals", 0), f"seats.{k}.seals")
        prestige[i] = _int(t.get("prestige", 0), f"seats.{k}.prestige", 0, 1_000_000)
        if "hand" in t:
            hands[i] = _counts(t["hand"], f"seats.{k}.hand", CARD_NAMES, N_CODES)
    markets = list(base.markets)
    for k, raw in _table(data.get("markets", {}), "markets").items():
        m = code_of(MARKET_KEYS, k, f"markets.{k}")
        markets[m] = _read_market(m, raw, markets[m], n)
    neutral_hand = _counts(data.get("neutral_hand", {}), "neutral_hand", CARD_NAMES, N_CODES)
    bottom = tuple(card_of(x, f"bottom[{i}]") for i, x in enumerate(_list(data.get("bottom", ["akhenaton"]), "bottom")))
    discard = _counts(data.get("discard", {}), "discard", CARD_NAMES, N_CODES)
    box = _counts(data["box"], "box", CARD_NAMES, N_CODES) if "box" in data else params.box
    chars = _counts(data["characters"], "characters", CHAR_NAMES, N_CHARS) if "characters" in data else base.chars
    turn = _table(data.get("turn", {}), "turn")
    refill = _table(data.get("refill", {}), "refill")
    res = _table(data.get("resolution", {}), "resolution")
    character = _table(data.get("character", {}), "character")
    active = code_of(CHAR_NAMES, character["active"], "character.active") if "active" in character else -1
    queue = []
    for i, b in enumerate(_list(res.get("bidders", []), "resolution.bidders")):
        bk = f"resolution.bidders[{i}]"
        t = _table(b, bk)
        queue.append(
            (
                _int(t.get("bid"), f"{bk}.bid", -100, 100),
                _seat(t.get("seat"), f"{bk}.seat", n),
                int(_bool(t.get("neutral", False), f"{bk}.neutral")),
                int(_bool(t.get("highest", False), f"{bk}.highest")),
            )
        )
    # conservation: the pile holds every Gift card not placed elsewhere; the supply every seal not placed elsewhere
    pile = list(params.deck)
    for c in range(N_CODES):
        pile[c] += params.box[c]
        pile[c] -= (
            sum(h[c] for h in hands)
            + neutral_hand[c]
            + discard[c]
            + box[c]
            + bottom.count(c)
            + sum(sum(1 for s in mk.cards if slot_code(s) == c) for mk in markets)
        )
    for c in range(N_GIFTS, N_CODES):
        pile[c] = 0
    bad = [CARD_NAMES[c] for c in range(N_GIFTS) if pile[c] < 0]
    if bad:
        raise PositionError("", f"more cards placed than the game has: {', '.join(bad)}")
    seals_removed = _int(data.get("seals_removed", 0), "seals_removed")
    supply = params.seals - sum(seals) - seals_removed - sum(1 for mk in markets for s in mk.cards if slot_sealed(s))
    if supply < 0:
        raise PositionError("", f"more Royal Seals placed than the game's {params.seals}")
    servants = [
        params.servants - sum(1 for mk in markets for p in mk.pawns if p[1] == i and not p[2]) for i in range(n)
    ]
    neutrals = [
        params.neutral_pawns - sum(1 for mk in markets for p in mk.pawns if p[1] == i and p[2]) for i in range(n)
    ]
    amon = data.get("amon_priest")
    state = NefState(
        config=config,
        params=params,
        phase=phase,
        to_move=_seat(data.get("to_move", first), "to_move", n),
        first=first,
        deben=tuple(deben),
        seals=tuple(seals),
        servants=tuple(servants),
        neutrals=tuple(neutrals),
        prestige=tuple(prestige),
        hands=tuple(hands),
        neutral_hand=neutral_hand,
        markets=tuple(markets),
        pile=tuple(pile),
        bottom=bottom,
        bottom_ordered=_bool(data.get("bottom_ordered", False), "bottom_ordered"),
        discard=discard,
        box=box,
        seal_supply=supply,
        seals_removed=seals_removed,
        deben_removed=_int(data.get("deben_removed", 0), "deben_removed"),
        chars=chars,
        char_draws_left=_int(data.get("character_draws_left", 0), "character_draws_left"),
        amon_priest=-1 if amon is None else _seat(amon, "amon_priest", n),
        akh_drawn=_bool(data.get("akhenaton_drawn", AKH not in bottom), "akhenaton_drawn"),
        placements_left=_int(turn.get("placements_left", 1), "turn.placements_left", -1, 2),
        placed_markets=tuple(
            code_of(MARKET_KEYS, x, f"turn.placed_markets[{i}]")
            for i, x in enumerate(_list(turn.get("placed_markets", []), "turn.placed_markets"))
        ),
        char_used=_bool(turn.get("character_used", False), "turn.character_used"),
        high_priest=_bool(turn.get("high_priest", False), "turn.high_priest"),
        refill_queue=tuple(
            code_of(MARKET_KEYS, x, f"refill.queue[{i}]")
            for i, x in enumerate(_list(refill.get("queue", []), "refill.queue"))
        ),
        refill_added=_int(refill.get("added", 0), "refill.added"),
        refill_last=card_of(refill["last"], "refill.last") if "last" in refill else -1,
        harbor_added_since=_int(refill.get("harbor_added_since", 0), "refill.harbor_added_since"),
        res_market=code_of(MARKET_KEYS, res["market"], "resolution.market") if "market" in res else -1,
        res_queue=tuple(queue),
        res_taken=_int(res.get("taken", 0), "resolution.taken", 0, 2),
        res_paid=_bool(res.get("paid", False), "resolution.paid"),
        res_final=_bool(res.get("final", False), "resolution.final"),
        char_active=active,
        scratch=_read_scratch(character, phase, active),
        start_total=base.start_total,
    )
    broken = invariants(state)
    if broken:
        raise InvalidState(f"nefertiti position breaks an invariant: {broken[0]}")
    return state


def score_breakdown(state: NefState) -> tuple[dict[str, int], ...]:
    """Per seat, points by category: prestige scored during play, Gift cards, Royal Seals, Deben, the Amon Priest."""
    p = state.params
    owners = holders((*state.hands, state.neutral_hand))
    rows = []
    for i in range(state.config.players):
        rows.append(
            {
                "during_play": state.prestige[i],
                "gifts": gift_score(p, state.hands[i], owners),
                "royal_seals": state.seals[i] * p.seal_points,
                "deben": state.deben[i] // p.deben_per_point,
                "amon_priest": 0,
            }
        )
    if state.amon_priest >= 0:
        scores, debens = amon_priest_field(state, [sum(r.values()) for r in rows], owners)
        rows[state.amon_priest]["amon_priest"] = amon_priest_bonus(
            p, scores, debens, state.amon_priest, readings_of(state.config).amon_priest_ties
        )
    return tuple(rows)

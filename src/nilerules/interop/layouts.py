"""The observation layout of each game (``layout(game, config)``): which numbers a seat's view becomes, field by
field, in the conventions of ``nilerules.interop.tensors`` (seats relative to the observer, names one-hot or counted
over the game's own name tables, numbers unscaled). The vocabularies are the games' name tables and every size is
read from the spec for the config at hand; docs/interop.md prints these layouts (``rows()``), and a test checks the
printed tables against them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Final

from nilerules.core import Config
from nilerules.interop.tensors import (
    INF,
    Field,
    Layout,
    Seen,
    View,
    counts,
    flag,
    number,
    onehot,
    per_seat,
    positions,
    seat,
    seats,
)

Fields = list[Field]
LeftOut = list[tuple[str, str]]
CONFIG: Final = ("config", "the config is the layout's own: one layout per config")


@lru_cache(maxsize=64)
def _cached(game: Any, config: Config) -> Layout:
    fields, left_out = _BUILDERS[game.info.id](game, config)
    names = [f.name for f in fields]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise ValueError(f"{game.info.id}: fields named twice in the layout: {duplicated!r}")
    return Layout(game.info.id, config, tuple(fields), tuple(left_out))


def layout(game: Any, config: Config) -> Layout:
    """The observation layout of ``game`` under ``config`` (built once per game and config)."""
    return _cached(game, config)


def _numbers(name: str, meaning: str, length: int, get: Callable[[Seen], Any], low: float = 0.0) -> Field:
    """A list of numbers, one slot per position (missing positions are 0)."""

    def read(seen: Seen) -> list[tuple[int, float]]:
        values = get(seen) or ()
        if len(values) > length:
            raise ValueError(f"{name}: {len(values)} numbers do not fit the {length} slots")
        return [(i, float(v)) for i, v in enumerate(values) if v]

    return Field(name, tuple(f"{name}[{i}]" for i in range(length)), meaning, low, INF, read)


def _face_down(value: Any) -> Any:
    """The count of a pile a view shows face down (``{"face_down": n}``), else None."""
    return value.get("face_down") if isinstance(value, Mapping) and "face_down" in value else None


def _face_up(value: Any) -> Any:
    """A pile the view shows face up (a table or a list), None where it shows it face down."""
    return None if _face_down(value) is not None else value


# -- Ra --------------------------------------------------------------------------------------------------------------
def _ra(game: Any, config: Config) -> tuple[Fields, LeftOut]:
    from nilerules.games.ra.names import KIND_NAMES
    from nilerules.games.ra.state import PHASE_NAMES, RESUME_NAMES

    n = config.players
    sets = game.spec.value("disk_sets")[str(n)]
    disks = sorted({game.spec.int("center_disk"), *(d for ds in sets for d in ds)})
    epochs = list(range(1, game.spec.int("epochs") + 1))
    tiles = list(KIND_NAMES)

    def seat_fields(prefix: str, entry: Callable[[Seen], View], rel: int) -> Fields:
        return [
            counts(f"{prefix}.tiles", "tiles held, by kind", tiles, lambda s: _tiles(entry(s), tiles)),
            counts(
                f"{prefix}.sun_disks", "face-up sun disks (1 per disk held)", disks, lambda s: entry(s).get("sun_disks")
            ),
            counts(
                f"{prefix}.face_down",
                "sun disks won this epoch (usable next)",
                disks,
                lambda s: entry(s).get("face_down"),
            ),
            number(f"{prefix}.score", "points", lambda s: entry(s).get("score"), low=-INF),
            number(f"{prefix}.crates", "Goods Crates on the Docks board, by value", lambda s: entry(s).get("crates")),
            number(
                f"{prefix}.traders_claimed",
                "Traders claimed this epoch (trader_claims)",
                lambda s: sum(c["traders"] for c in s.at("trader_claims") or () if s.rel(c["seat"]) == rel),
                key="trader_claims",
            ),
        ]

    fields: Fields = [
        onehot("phase", "the phase", PHASE_NAMES, lambda s: s.at("phase")),
        seat("to_move", "the seat to act", n, lambda s: s.at("to_move")),
        seat(
            "turn_of", "whose turn it is, when another seat acts (a disaster's discards)", n, lambda s: s.at("turn_of")
        ),
        onehot("epoch", "the epoch", epochs, lambda s: s.at("epoch")),
        number("ra_track", "Ra tiles on the Ra track this epoch", lambda s: s.at("ra_track")),
        onehot("center", "the sun disk in the centre", disks, lambda s: s.at("center")),
        counts("auction_track", "tiles on the auction track, by kind", tiles, lambda s: s.at("auction_track")),
        counts(
            "out_of_play",
            "tiles out of play (discarded, Gods played, past Ra tiles)",
            tiles,
            lambda s: s.at("out_of_play"),
        ),
        *per_seat(n, seat_fields),
        flag("auction", "an auction is on (or the epoch's last was held)", lambda s: s.at("auction")),
        seat(
            "auction.started_by",
            "the seat that started the auction (bids last)",
            n,
            lambda s: s.at("auction", "started_by"),
        ),
        number("auction.high_bid", "the highest bid so far (0: none)", lambda s: s.at("auction", "high_bid")),
        seat("auction.high_bidder", "the highest bidder", n, lambda s: s.at("auction", "high_bidder")),
        flag("auction.invoked", "Ra was invoked rather than drawn", lambda s: s.at("auction", "invoked")),
        flag("auction.last", "the last auction of the epoch", lambda s: s.at("auction", "last")),
        counts("discards", "tiles still to discard, by disaster", tiles, lambda s: s.at("discards")),
        onehot("after_discards", "what follows the discards", RESUME_NAMES, lambda s: s.at("after_discards")),
        seat("lot_to", "the seat taking the lot once the discards are done", n, lambda s: s.at("lot_to")),
        counts(
            "crate_supply_ran_out",
            "the epochs in which the crate supply ran out",
            epochs,
            lambda s: s.at("crate_supply_ran_out"),
        ),
        counts("bag_ran_out", "the epochs in which the bag ran out", epochs, lambda s: s.at("bag_ran_out")),
    ]
    left_out = [
        CONFIG,
        ("history", "the scoring so far, entry by entry: its sums are the seats' scores (encoded)"),
    ]
    return fields, left_out


def _tiles(entry: View, tiles: list[str]) -> dict[str, int]:
    known = set(tiles)
    return {k: v for k, v in entry.items() if k in known}


# -- Nile Artefacts ----------------------------------------------------------------------------------------------------
def _nile_artefacts(game: Any, config: Config) -> tuple[Fields, LeftOut]:
    from nilerules.games.nile_artefacts.names import PHASE_NAMES, TYPE_NAMES, monument_names, space_name

    n = config.players
    params = game.params(config)
    cards = sorted(set(_na_cards(game)))
    monuments = list(monument_names(params))
    visible = int(game.spec.value("monument_layout")[1])
    levels = len(game.spec.value("reward_points"))
    spaces = [space_name(params, s) for s in range(game.spec.int("river_spaces") + 2)]

    def seat_fields(prefix: str, entry: Callable[[Seen], View], rel: int) -> Fields:
        return [
            counts(f"{prefix}.cards", "cards in front of the player", cards, lambda s: entry(s).get("cards")),
            number(f"{prefix}.coins", "Coins", lambda s: entry(s).get("coins")),
            number(f"{prefix}.score", "the Divine Favor track", lambda s: entry(s).get("score"), low=-INF),
            onehot(f"{prefix}.boat", "where the Boat is", spaces, lambda s: entry(s).get("boat")),
            onehot(f"{prefix}.facing", "the Boat's heading", ("right", "left"), lambda s: entry(s).get("facing")),
            flag(f"{prefix}.docked", "the Boat reached a Port this stage", lambda s: entry(s).get("docked")),
            _numbers(
                f"{prefix}.levels",
                "the Worshiper's level on each visible Monument (row order)",
                visible,
                lambda s: entry(s).get("levels"),
            ),
            _numbers(
                f"{prefix}.levels_at_phase_start",
                "the levels when this offering phase began (if they differ)",
                visible,
                lambda s: entry(s).get("levels_at_phase_start"),
            ),
            _numbers(
                f"{prefix}.completed_at_level",
                "completed Monuments scored at level 0, 1, ...",
                levels,
                lambda s: entry(s).get("completed_at_level"),
            ),
        ]

    def board(s: Seen) -> list[str]:
        return [card for pile in (s.at("board") or {}).values() for card in pile]

    def offered(s: Seen, key: str) -> list[Any]:
        out: list[Any] = []
        for item in s.at("offering") or ():
            out += item.get(key, []) if key == "as" else [item[key]]
        return out

    fields: Fields = [
        onehot("phase", "the phase", PHASE_NAMES, lambda s: s.at("phase")),
        number("round", "the round (0 before the first)", lambda s: s.at("round")),
        number("last_round", "the last round, once triggered (0: not yet)", lambda s: s.at("last_round")),
        seat("first", "the seat with the First Player token", n, lambda s: s.at("first")),
        seat("to_move", "the seat to move", n, lambda s: s.at("to_move")),
        positions(
            "monuments", "the visible Monuments, in the row's order", monuments, visible, lambda s: s.at("monuments")
        ),
        counts("completed", "Monuments completed and discarded", monuments, lambda s: s.at("completed")),
        counts("board", "cards under the river's spaces (a card's name says its space)", cards, board),
        counts("discard", "the discard pile", cards, lambda s: s.at("discard")),
        counts("altar", "cards offered this offering phase", cards, lambda s: s.at("altar")),
        counts("offering.cards", "the offering in progress: its cards", cards, lambda s: offered(s, "card")),
        counts(
            "offering.as",
            "the offering in progress: the types its Artifacts count as",
            TYPE_NAMES,
            lambda s: offered(s, "as"),
        ),
        flag("turned_around", "the seat to move turned its Boat this turn", lambda s: s.at("turned_around")),
        number("picks", "cards the seat to move must still take", lambda s: s.at("picks")),
        onehot("buy_return", "the phase a purchase returns to", PHASE_NAMES, lambda s: s.at("buy_return")),
        *per_seat(n, seat_fields, container=None),
    ]
    left_out = [
        CONFIG,
        ("notes", "diagnostics the rules noticed, not part of the game"),
        ("monument_pile", "derived: the Monuments neither removed nor turned over (unseen, a count of the spec's)"),
        ("draws_due", "derived: the chance draws due (the phase says when)"),
    ]
    return fields, left_out


def _na_cards(game: Any) -> list[str]:
    from nilerules.games.nile_artefacts import actions

    out: list[str] = []
    for code in range(4096):
        try:
            out.append(game.action_to_data(actions.Take(code))["take"])
        except (LookupError, ValueError, TypeError):
            return out
    raise ValueError("more than 4096 card kinds")


# -- Sobek -----------------------------------------------------------------------------------------------------------
def _sobek(game: Any, config: Config) -> tuple[Fields, LeftOut]:
    from nilerules.games.sobek.names import BACK_NAMES, CARD_NAMES, GOODS_NAMES, MIXED, token_names
    from nilerules.games.sobek.position import CHOICES, DRAW_NAMES, PHASES

    n = config.players
    spec = game.spec
    tokens = list(token_names(tuple(spec.value("symbol_order"))))
    deliveries = max(*spec.value("deliveries"), *spec.value("deliveries_two_players"))
    row = deliveries * spec.int("delivery_size")
    goods = [*GOODS_NAMES, MIXED]
    rounds = list(range(1, spec.int("rounds") + 1))

    def seat_fields(prefix: str, entry: Callable[[Seen], View], rel: int) -> Fields:
        def played(s: Seen, horizontal: bool) -> list[dict[str, Any]]:
            return [x for x in entry(s).get("sets", ()) if bool(x.get("horizontal")) == horizontal]

        return [
            counts(
                f"{prefix}.hand",
                "the hand, by card (the observer's own; 0 for an opponent's, which shows backs)",
                CARD_NAMES,
                lambda s: entry(s).get("hand"),
            ),
            counts(
                f"{prefix}.hand_backs",
                "an opponent's hand as the backs it shows (0 for the observer)",
                BACK_NAMES,
                lambda s: entry(s).get("hand_backs"),
            ),
            counts(f"{prefix}.corruption", "the corruption pile", CARD_NAMES, lambda s: entry(s).get("corruption")),
            number(f"{prefix}.curses", "Curse tokens", lambda s: entry(s).get("curses")),
            number(f"{prefix}.score", "points", lambda s: entry(s).get("score"), low=-INF),
            number(f"{prefix}.last_gain", "points of the last round", lambda s: entry(s).get("last_gain"), low=-INF),
            counts(f"{prefix}.sets", "played sets, by goods", goods, lambda s: [x["goods"] for x in played(s, False)]),
            counts(
                f"{prefix}.set_cards",
                "the cards in played sets",
                CARD_NAMES,
                lambda s: [c for x in played(s, False) for c in x["cards"]],
            ),
            number(
                f"{prefix}.prosperity",
                "Prosperity tokens on played sets",
                lambda s: sum(x.get("prosperity", 0) for x in entry(s).get("sets", ())),
            ),
            counts(
                f"{prefix}.horizontal_sets",
                "horizontal sets on the table, by goods",
                goods,
                lambda s: [x["goods"] for x in played(s, True)],
            ),
        ]

    fields: Fields = [
        onehot("round", "the round", rounds, lambda s: s.at("round") or 1),
        onehot("phase", "the phase", PHASES, lambda s: s.at("phase") or "play"),
        seat("to_move", "the seat to move", n, lambda s: s.at("to_move")),
        seat("start_player", "the round's start player", n, lambda s: s.at("start_player") or 0),
        positions(
            "row",
            "the cards along the Nile, in order (position 0 is the free one)",
            CARD_NAMES,
            row,
            lambda s: s.at("row"),
        ),
        number("deliveries_left", "deliveries still to come this round", lambda s: s.at("deliveries_left")),
        number("removed", "cards removed face down at set-up (2 players)", lambda s: _face_down(s.at("removed"))),
        counts("discard", "the discard pile", CARD_NAMES, lambda s: s.at("discard")),
        *per_seat(n, seat_fields),
        counts(
            "events",
            "the event tokens still available this round (face up)",
            tokens,
            lambda s: _face_up(s.at("events")),
        ),
        number(
            "events.face_down",
            "the round's tokens, when they lie face down (event_choice = blind)",
            lambda s: _face_down(s.at("events")),
        ),
        counts("event_bag", "tokens not drawn this round (face up)", tokens, lambda s: _face_up(s.at("event_bag"))),
        number(
            "event_bag.face_down",
            "tokens not drawn, when the round's lie face down",
            lambda s: _face_down(s.at("event_bag")),
        ),
        counts("events_used", "tokens applied so far in the game", tokens, lambda s: s.at("events_used")),
        counts(
            "draws",
            "pending chance draws, by kind",
            list(DRAW_NAMES.values()),
            lambda s: [d["draw"] for d in s.at("draws") or ()],
        ),
        onehot("pending", "the decision in progress", list(CHOICES.values()), lambda s: s.at("pending", "choice")),
        seat("pending.seat", "the seat deciding", n, lambda s: s.at("pending", "seat")),
        onehot("pending.goods", "the goods of the set being played", goods, lambda s: s.at("pending", "goods")),
        counts("pending.cards", "the cards chosen so far", CARD_NAMES, lambda s: s.at("pending", "cards")),
        seat("pending.opponent", "the opponent targeted", n, lambda s: s.at("pending", "opponent")),
        seat("pending.owner", "the owner of the set the Courtesan adds to", n, lambda s: s.at("pending", "owner")),
        flag("extra_turn", "a Flood's extra turn is due", lambda s: s.at("extra_turn")),
        flag("early_end", "the early end was triggered", lambda s: s.at("early_end")),
        seats("horizontal_left", "seats still to play horizontal sets", n, lambda s: s.at("horizontal_left")),
    ]
    left_out = [
        CONFIG,
        ("notes", "diagnostics the rules noticed, not part of the game"),
    ]
    return fields, left_out


# -- Nefertiti -------------------------------------------------------------------------------------------------------
def _nefertiti(game: Any, config: Config) -> tuple[Fields, LeftOut]:
    from nilerules.games.nefertiti.names import CARD_NAMES, CHAR_NAMES, MARKET_KEYS, PHASE_NAMES, STATUS_NAMES
    from nilerules.interop.spaces import FLAGS

    n = config.players
    spec = game.spec
    squares = max(len(spec.value("harbor_squares")), *(len(stall["squares"]) for stall in spec.value("stalls")))
    slots = [c + f for c in CARD_NAMES for f in FLAGS]

    def seat_fields(prefix: str, entry: Callable[[Seen], View], rel: int) -> Fields:
        return [
            number(f"{prefix}.deben", "Deben", lambda s: entry(s).get("deben")),
            number(f"{prefix}.seals", "Royal Seals", lambda s: entry(s).get("seals")),
            number(f"{prefix}.prestige", "points scored during play", lambda s: entry(s).get("prestige")),
            counts(f"{prefix}.hand", "Gift cards held", CARD_NAMES, lambda s: entry(s).get("hand")),
        ]

    def market_fields(m: str) -> Fields:
        def pawns(s: Seen) -> list[tuple[int, float]]:
            out: dict[int, float] = {}
            for p in s.at("markets", m, "pawns") or ():
                rel = s.rel(p["seat"])
                if rel is not None:
                    slot = (p["square"] * n + rel) * 2 + bool(p.get("neutral"))
                    out[slot] = out.get(slot, 0.0) + 1.0
            return list(out.items())

        labels = tuple(
            f"markets.{m}.pawns[{q}]=seat+{r}{'/neutral' if k else ''}"
            for q in range(squares)
            for r in range(n)
            for k in (0, 1)
        )
        return [
            counts(
                f"markets.{m}.cards",
                "the market's cards, with their flags",
                slots,
                lambda s: s.at("markets", m, "cards"),
            ),
            number(f"markets.{m}.deben", "Deben on the market", lambda s: s.at("markets", m, "deben")),
            onehot(f"markets.{m}.stall", "the stall's side", ("left", "right"), lambda s: s.at("markets", m, "stall")),
            onehot(
                f"markets.{m}.status",
                "open, closed, or done for good",
                STATUS_NAMES,
                lambda s: s.at("markets", m, "status"),
            ),
            Field(f"markets.{m}.pawns", labels, "pawns by square, relative seat, neutral or not", 0.0, INF, pawns),
        ]

    def bottom_count(s: Seen) -> Any:
        value = s.at("bottom")
        down = _face_down(value)
        return down if down is not None else len(value or ())

    fields: Fields = [
        onehot("phase", "the phase", PHASE_NAMES, lambda s: s.at("phase")),
        seat("first", "the first player", n, lambda s: s.at("first")),
        seat("to_move", "the seat to move", n, lambda s: s.at("to_move")),
        *per_seat(n, seat_fields),
        counts("neutral_hand", "the neutral player's cards (2 players)", CARD_NAMES, lambda s: s.at("neutral_hand")),
        *(f for m in MARKET_KEYS for f in market_fields(m)),
        number("bottom", "cards under the Gift pile", bottom_count),
        counts(
            "bottom.cards",
            "the cards under the Gift pile, while the observer looks at them (Priest)",
            CARD_NAMES,
            lambda s: _face_up(s.at("bottom")),
        ),
        flag("bottom_ordered", "the cards under the pile are in a known order", lambda s: s.at("bottom_ordered")),
        counts("discard", "the discard pile", CARD_NAMES, lambda s: s.at("discard")),
        counts("box", "cards returned to the box at set-up", CARD_NAMES, lambda s: s.at("box")),
        counts("characters", "Character cards still available", CHAR_NAMES, lambda s: s.at("characters")),
        number("character_draws_left", "Character draws left", lambda s: s.at("character_draws_left")),
        number("seals_removed", "Royal Seals removed from the game (2 players)", lambda s: s.at("seals_removed")),
        number("deben_removed", "Deben removed from the game (2 players)", lambda s: s.at("deben_removed")),
        flag("akhenaton_drawn", "the Akhenaton card was drawn", lambda s: s.at("akhenaton_drawn")),
        seat("amon_priest", "the seat holding the Amon Priest", n, lambda s: s.at("amon_priest")),
        number(
            "turn.placements_left",
            "placements left this turn (-1: the neutral step done)",
            lambda s: s.at("turn", "placements_left"),
            low=-1.0,
        ),
        counts(
            "turn.placed_markets", "markets placed on this turn", MARKET_KEYS, lambda s: s.at("turn", "placed_markets")
        ),
        flag("turn.character_used", "a Character was used this turn", lambda s: s.at("turn", "character_used")),
        flag("turn.high_priest", "the High Priest's second placement", lambda s: s.at("turn", "high_priest")),
        counts("refill.queue", "markets still to fill", MARKET_KEYS, lambda s: s.at("refill", "queue")),
        number("refill.added", "foreign cards added to the Harbor in this refill", lambda s: s.at("refill", "added")),
        number(
            "refill.harbor_added_since",
            "cards added to the Harbor since it last distributed",
            lambda s: s.at("refill", "harbor_added_since"),
        ),
        onehot("refill.last", "the last card drawn", CARD_NAMES, lambda s: s.at("refill", "last")),
        onehot("resolution.market", "the market being resolved", MARKET_KEYS, lambda s: s.at("resolution", "market")),
        Field(
            "resolution.bids",
            tuple(f"resolution.bids=seat+{r}" for r in range(n)),
            "each seat's bid in the resolution (neutral pawns' bids left out)",
            0.0,
            INF,
            _bids,
        ),
        number(
            "resolution.taken", "cards taken so far in the resolution", lambda s: _length(s.at("resolution", "taken"))
        ),
        flag("resolution.final", "the Harbor's last distribution", lambda s: s.at("resolution", "final")),
        onehot("character", "the Character in use", CHAR_NAMES, lambda s: s.at("character", "active")),
    ]
    left_out = [
        CONFIG,
    ]
    return fields, left_out


def _bids(s: Seen) -> list[tuple[int, float]]:
    out: list[tuple[int, float]] = []
    for bidder in s.at("resolution", "bidders") or ():
        rel = s.rel(bidder.get("seat"))
        if rel is not None and not bidder.get("neutral"):
            out.append((rel, float(bidder.get("bid", 0))))
    return out


def _length(value: Any) -> Any:
    if isinstance(value, (list, tuple, dict)):
        return len(value)
    return value


_BUILDERS: Final[dict[str, Callable[[Any, Config], tuple[Fields, LeftOut]]]] = {
    "ra": _ra,
    "nile_artefacts": _nile_artefacts,
    "sobek": _sobek,
    "nefertiti": _nefertiti,
}


# -- the tables of docs/interop.md -------------------------------------------------------------------------------------
def _collapsed(name: str) -> str | None:
    """A seat's field named once for every seat (``seat+0.hand`` becomes ``seat+k.hand``; the other seats' None)."""
    if not name.startswith("seat+"):
        return name
    rel, _, rest = name.removeprefix("seat+").partition(".")
    return f"seat+k.{rest}" if rel == "0" else None


def markdown(game: Any) -> str:
    """The layout of ``game`` as docs/interop.md prints it: one row per field (a seat's fields once, as
    ``seat+k``), its size at each player count, its meaning; then the sizes of the whole tensors."""
    from nilerules.interop.spaces import action_space

    counts_ = game.info.player_counts
    layouts = [layout(game, game.config(n)) for n in counts_]
    sizes: dict[str, list[int]] = {}
    meanings: dict[str, str] = {}
    for lay in layouts:
        for f in lay.fields:
            name = _collapsed(f.name)
            if name is not None:
                sizes.setdefault(name, []).append(f.size)
                meanings[name] = f.meaning
    head = " / ".join(str(n) for n in counts_)
    lines = [f"| field | numbers ({head} players) | meaning |", "| --- | --- | --- |"]
    for name, found in sizes.items():
        shown = str(found[0]) if len(set(found)) == 1 else " / ".join(map(str, found))
        lines.append(f"| `{name}` | {shown} | {meanings[name]} |")
    obs = " / ".join(str(lay.size) for lay in layouts)
    info = " / ".join(
        str(2 * lay.size + len(action_space(game, lay.config).actions)) for lay in layouts
    )
    lines.append(f"| **observation tensor** | {obs} | |")
    lines.append(f"| **information state tensor** | {info} | the observation, its peak, the own-action counts |")
    return "\n".join(lines)

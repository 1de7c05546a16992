"""The public position format of Nile Artefacts (docs/positions.md): a state written with names, read back, scored.

``position_data`` writes a state with names: cards as ``eye/nile@3``, Monuments by their conditions, spaces as
``left_port``, ``space_3``, ``right_port``; keys equal to what ``position`` derives are left out. ``position`` builds
a state from such a document: the draw pile, the Coin stock and the seen Monuments are derived by conservation, and
the result must pass the invariants. ``score_breakdown`` splits each seat's score by where it came from.

The state record is ``state.NAState``; its JSON form (all fields, cards as kinds) is in ``records``; the names are in
``names``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from nilerules.core import Config
from nilerules.errors import InvalidState, PositionError
from nilerules.games.nile_artefacts.invariants import invariants
from nilerules.games.nile_artefacts.names import (
    PHASE_NAMES,
    TYPE_NAMES,
    card_code,
    monument_names,
    space_code,
    space_name,
    type_code,
)
from nilerules.games.nile_artefacts.params import Params
from nilerules.games.nile_artefacts.records import Note
from nilerules.games.nile_artefacts.state import PH_BUY, PH_DEAL, PH_OFFER, PH_OVER, PH_REVEAL, NAState, make_state

# ------------------------------------------------------------------------------------------------ the position format
SEAT_KEYS: Final = frozenset(
    {"cards", "coins", "score", "completed_at_level", "boat", "facing", "docked", "levels", "levels_at_phase_start"}
)
TOP_KEYS: Final = frozenset(
    {
        "config",
        "phase",
        "round",
        "first",
        "to_move",
        "draws_due",
        "monuments",
        "completed",
        "monument_pile",
        "board",
        "discard",
        "altar",
        "offering",
        "turned_around",
        "picks",
        "buy_return",
        "last_round",
        "notes",
    }
)
FACING_NAMES: Final = {1: "right", -1: "left"}


def _offering_phase(phase: int, buy_return: int) -> bool:
    return phase == PH_OFFER or (phase == PH_BUY and buy_return == PH_OFFER)


def _default_pending(params: Params, phase: int, round_: int, visible: int, pile: int) -> int:
    """The chance draws a phase implies when a position does not say: the Monuments missing from the row (at most
    the pile, after setup), a whole round's cards in round setup, none otherwise."""
    if phase == PH_REVEAL:
        missing = params.monuments_visible - visible
        return missing if round_ == 0 else min(missing, pile)
    if phase == PH_DEAL:
        return params.cards_per_round
    return 0


def _default_pile(params: Params, round_: int, seen: int) -> int:
    """Monuments left in the pile: those not removed and not yet turned (the first row does not come from it)."""
    if round_ == 0:
        return params.monuments_in_pile
    return max(0, len(params.monuments) - params.monuments_removed - seen)


def position_data(state: NAState) -> dict[str, Any]:
    """The position with names (docs/positions.md); keys equal to what ``position`` derives are left out."""
    p = state.params
    names = monument_names(p)
    n = state.config.players
    out: dict[str, Any] = {
        "phase": PHASE_NAMES[state.phase],
        "round": state.round,
        "first": state.first,
        "to_move": state.to_move,
    }
    if state.visible:
        out["monuments"] = [names[m] for m in state.visible]
    completed = sorted(state.seen - set(state.visible))
    if completed:
        out["completed"] = [names[m] for m in completed]
    if state.pile != _default_pile(p, state.round, len(state.seen)):
        out["monument_pile"] = state.pile
    if state.pending != _default_pending(p, state.phase, state.round, len(state.visible), state.pile):
        out["draws_due"] = state.pending
    board = {space_name(p, d): [p.cards[k] for k in cards] for d, cards in enumerate(state.board) if cards}
    if board:
        out["board"] = board
    discard = [p.cards[k] for k, count in enumerate(state.discard) for _ in range(count)]
    if discard:
        out["discard"] = discard
    if state.altar:
        out["altar"] = [p.cards[k] for k in state.altar]
    if state.offering:
        entries = []
        for kind, types, toward in state.offering:
            entry: dict[str, Any] = {"card": p.cards[kind], "as": [TYPE_NAMES[t] for t in types]}
            if toward >= 0:
                entry["toward"] = toward
            entries.append(entry)
        out["offering"] = entries
    if state.turned:
        out["turned_around"] = True
    if state.picks:
        out["picks"] = state.picks
    if state.phase == PH_BUY or state.buy_return:
        out["buy_return"] = PHASE_NAMES[state.buy_return]
    if state.final_round:
        out["last_round"] = state.final_round
    if state.notes:
        out["notes"] = [{"kind": x.kind, "rule": x.rule_id, "detail": x.detail} for x in state.notes]
    offering_phase = _offering_phase(state.phase, state.buy_return)
    for seat in range(n):
        entry = {}
        if state.hands[seat]:
            entry["cards"] = [p.cards[k] for k in state.hands[seat]]
        if state.coins[seat] != p.starting_coins:
            entry["coins"] = state.coins[seat]
        if state.scores[seat]:
            entry["score"] = state.scores[seat]
        if any(state.completed[seat]):
            entry["completed_at_level"] = list(state.completed[seat])
        if state.boats[seat]:
            entry["boat"] = space_name(p, state.boats[seat])
        if state.facing[seat] != 1:
            entry["facing"] = FACING_NAMES[state.facing[seat]]
        if state.docked[seat]:
            entry["docked"] = True
        levels = [row[seat] for row in state.levels]
        if any(levels):
            entry["levels"] = levels
        at_start = [row[seat] for row in state.phase_levels]
        if at_start != (levels if offering_phase else []):
            entry["levels_at_phase_start"] = at_start
        if entry:
            out[str(seat)] = entry
    return out


class _Reader:
    """Reads a position document, raising PositionError with the key path at the first problem."""

    def __init__(self, params: Params, data: Mapping[str, Any]) -> None:
        self.params = params
        self.data = data
        self.monuments = monument_names(params)

    def get(self, data: Mapping[str, Any], key: str, where: str, kind: type, default: Any) -> Any:
        if key not in data:
            return default
        value = data[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise PositionError(where, f"expected {kind.__name__}, got {value!r}"[:200])
        return value

    def number(self, data: Mapping[str, Any], key: str, where: str, default: int, low: int, high: int) -> int:
        value: int = self.get(data, key, where, int, default)
        if not low <= value <= high:
            raise PositionError(where, f"expected a whole number {low}..{high}, got {value!r}")
        return value

    def card(self, name: Any, where: str) -> int:
        if not isinstance(name, str):
            raise PositionError(where, f"expected a card name such as 'eye/nile@1', got {name!r}"[:200])
        try:
            return card_code(self.params, name)
        except ValueError as exc:
            raise PositionError(where, str(exc)[:200]) from None

    def cards(self, data: Mapping[str, Any], key: str, where: str, ordered: bool = False) -> list[int]:
        """Card names as kinds: sorted (a hand, a space, a pile), or as written (``ordered``: the altar)."""
        items: list[Any] = self.get(data, key, where, list, [])
        kinds = [self.card(name, f"{where}[{i}]") for i, name in enumerate(items)]
        return kinds if ordered else sorted(kinds)

    def monument(self, name: Any, where: str) -> int:
        if not isinstance(name, str) or name not in self.monuments:
            raise PositionError(where, f"not a Monument of this game's data: {name!r} (see params.monuments)"[:200])
        return self.monuments.index(name)

    def phase(self, name: Any, where: str) -> int:
        if name not in PHASE_NAMES:
            raise PositionError(where, f"expected one of {list(PHASE_NAMES)!r}, got {name!r}"[:200])
        return PHASE_NAMES.index(name)

    def space(self, name: Any, where: str) -> int:
        if not isinstance(name, str):
            raise PositionError(where, f"expected a space name, got {name!r}"[:200])
        try:
            return space_code(self.params, name)
        except ValueError as exc:
            raise PositionError(where, str(exc)[:200]) from None

    def levels(self, data: Mapping[str, Any], key: str, where: str, size: int, default: list[int]) -> list[int]:
        row: list[Any] = self.get(data, key, where, list, default)
        if len(row) != size or any(type(x) is not int or not 0 <= x <= self.params.top for x in row):
            raise PositionError(
                where, f"expected {size} levels 0..{self.params.top} (one per visible Monument), got {row!r}"[:200]
            )
        return list(row)


def position(config: Config, params: Params, data: Mapping[str, Any]) -> NAState:
    """A state from a position document (docs/positions.md): what is not written takes setup's value or is derived
    (the draw pile and the Coin stock by conservation, the Monuments seen from the row and the completed ones).
    A bad key or name raises PositionError naming it; a state that breaks an invariant raises InvalidState."""
    if not isinstance(data, Mapping):
        raise PositionError("", f"expected a table of position keys, got {type(data).__name__}")
    r = _Reader(params, data)
    n = config.players
    seats = {str(s) for s in range(n)}
    unknown = sorted(str(k) for k in set(data) - TOP_KEYS - seats)
    if unknown:
        raise PositionError(unknown[0], f"unknown key (keys: {sorted(TOP_KEYS)} and seats 0..{n - 1})")
    phase = r.phase(data.get("phase", PHASE_NAMES[PH_REVEAL]), "phase")
    round_ = r.number(data, "round", "round", 0, 0, params.max_rounds)
    first = r.number(data, "first", "first", 0, 0, n - 1)
    to_move = r.number(data, "to_move", "to_move", 0, 0, n - 1)
    visible = [r.monument(m, f"monuments[{i}]") for i, m in enumerate(r.get(data, "monuments", "monuments", list, []))]
    completed = [
        r.monument(m, f"completed[{i}]") for i, m in enumerate(r.get(data, "completed", "completed", list, []))
    ]
    seen = frozenset(visible) | frozenset(completed)
    if len(seen) != len(visible) + len(completed):
        raise PositionError("monuments", "a Monument is listed twice (in the row or among the completed ones)")
    if len(visible) > params.monuments_visible:
        raise PositionError("monuments", f"at most {params.monuments_visible} Monuments are visible")
    pile = r.number(data, "monument_pile", "monument_pile", _default_pile(params, round_, len(seen)), 0, 10**6)
    pending = r.number(
        data, "draws_due", "draws_due", _default_pending(params, phase, round_, len(visible), pile), 0, 10**6
    )
    board: list[list[int]] = [[] for _ in range(params.right_port + 1)]
    raw_board: Mapping[str, Any] = r.get(data, "board", "board", dict, {})
    for name in raw_board:
        space = r.space(name, f"board.{name}")
        board[space] = r.cards(raw_board, name, f"board.{name}")
        for i, k in enumerate(board[space]):
            if params.card_space[k] != space:
                raise PositionError(f"board.{name}[{i}]", f"{params.cards[k]!r} goes under another space")
    discard = r.cards(data, "discard", "discard")
    altar = r.cards(data, "altar", "altar", ordered=True)
    offering: list[tuple[int, tuple[int, ...], int]] = []
    for i, entry in enumerate(r.get(data, "offering", "offering", list, [])):
        where = f"offering[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"card", "as", "toward"} or "card" not in entry:
            raise PositionError(where, f"expected {{card = ..., as = [types], toward = n}}, got {entry!r}"[:200])
        kind = r.card(entry["card"], f"{where}.card")
        chosen: list[Any] = r.get(entry, "as", f"{where}.as", list, [])
        try:
            types = tuple(type_code(t) for t in chosen)
        except (ValueError, AttributeError):
            raise PositionError(
                f"{where}.as", f"expected Artifact types {list(TYPE_NAMES)!r}, got {chosen!r}"
            ) from None
        toward = r.number(entry, "toward", f"{where}.toward", -1, -1, max(0, len(visible) - 1))
        offering.append((kind, types, toward))
    buy_return = r.phase(data.get("buy_return", PHASE_NAMES[PH_REVEAL]), "buy_return")
    notes = []
    for i, note in enumerate(r.get(data, "notes", "notes", list, [])):
        if not isinstance(note, dict) or set(note) != {"kind", "rule", "detail"}:
            raise PositionError(f"notes[{i}]", f"expected {{kind, rule, detail}}, got {note!r}"[:200])
        if not all(isinstance(v, str) for v in note.values()):
            raise PositionError(f"notes[{i}]", "kind, rule and detail are strings")
        notes.append(Note(note["kind"], note["rule"], note["detail"]))
    offering_phase = _offering_phase(phase, buy_return)
    hands, coins, scores, boats, facing, docked, levels, at_start = [], [], [], [], [], [], [], []
    ledger: list[tuple[int, ...]] = []
    for seat in range(n):
        key = str(seat)
        entry = r.get(data, key, key, dict, {})
        extra = sorted(str(k) for k in set(entry) - SEAT_KEYS)
        if extra:
            raise PositionError(f"{key}.{extra[0]}", f"unknown key (seat keys: {sorted(SEAT_KEYS)})")
        hands.append(tuple(r.cards(entry, "cards", f"{key}.cards")))
        coins.append(r.number(entry, "coins", f"{key}.coins", params.starting_coins, 0, 10**6))
        scores.append(r.number(entry, "score", f"{key}.score", 0, -(10**9), 10**9))
        where = f"{key}.completed_at_level"
        done: list[Any] = r.get(entry, "completed_at_level", where, list, [0] * (params.top + 1))
        if len(done) != params.top + 1 or any(type(x) is not int or not 0 <= x <= len(params.monuments) for x in done):
            what = f"expected {params.top + 1} counts (Monuments completed at level 0..{params.top}), got {done!r}"
            raise PositionError(where, what[:200])
        ledger.append(tuple(done))
        boats.append(r.space(entry.get("boat", "left_port"), f"{key}.boat"))
        face = entry.get("facing", "right")
        if face not in ("right", "left"):
            raise PositionError(f"{key}.facing", f"expected 'right' or 'left', got {face!r}"[:200])
        facing.append(1 if face == "right" else -1)
        docked.append(r.get(entry, "docked", f"{key}.docked", bool, False))
        mine = r.levels(entry, "levels", f"{key}.levels", len(visible), [0] * len(visible))
        levels.append(mine)
        start_default = list(mine) if offering_phase else []
        size = len(visible) if offering_phase or "levels_at_phase_start" in entry else 0
        at_start.append(r.levels(entry, "levels_at_phase_start", f"{key}.levels_at_phase_start", size, start_default))
    held = [0] * len(params.card_count)
    for k in [*(k for h in hands for k in h), *(k for b in board for k in b), *discard, *altar]:
        held[k] += 1
    for k, _, _ in offering:
        held[k] += 1
    deck = []
    for k, total in enumerate(params.card_count):
        if held[k] > total:
            raise PositionError("cards", f"{held[k]} cards {params.cards[k]!r} written, the game has {total}")
        deck.append(total - held[k])
    rows = tuple(tuple(levels[s][i] for s in range(n)) for i in range(len(visible)))
    start_rows = tuple(tuple(at_start[s][i] for s in range(n)) for i in range(len(at_start[0]) if n else 0))
    state = make_state(
        config=config,
        params=params,
        phase=phase,
        round=round_,
        first=first,
        to_move=to_move,
        pending=pending,
        deck=tuple(deck),
        discard=tuple(discard.count(k) for k in range(len(params.card_count))),
        board=tuple(tuple(b) for b in board),
        hands=tuple(hands),
        coins=tuple(coins),
        stock=params.coin_supply - sum(coins),
        boats=tuple(boats),
        facing=tuple(facing),
        docked=tuple(docked),
        turned=r.get(data, "turned_around", "turned_around", bool, False),
        picks=r.number(data, "picks", "picks", 0, 0, 2),
        buy_return=buy_return,
        offering=tuple(offering),
        altar=tuple(altar),
        visible=tuple(visible),
        levels=rows,
        phase_levels=start_rows,
        seen=seen,
        pile=pile,
        scores=tuple(scores),
        final_round=r.number(data, "last_round", "last_round", 0, 0, params.max_rounds + 1),
        notes=tuple(notes),
        completed=tuple(ledger),
    )
    broken = invariants(state)
    if broken:
        raise InvalidState(f"position breaks an invariant: {broken[0]}")
    return state


def incomplete_counted(state: NAState) -> bool:
    """Whether the final count of incomplete Monuments has been added to the scores (the game is over after its last
    round, or stopped at the model's cap under ``endless_game=score_at_cap``)."""
    if state.phase != PH_OVER:
        return False
    if state.final_round and state.round >= state.final_round:
        return True
    return state.ctx.endless_game_score_at_cap  # NA-012 (endless_game)


def score_breakdown(state: NAState) -> tuple[dict[str, int], ...]:
    """Per seat: points from completed Monuments by the level the player stood on (the Rewards stage:
    ``completed_level_<l>``, for each level that pays), from incomplete Monuments (the End of the Game's count,
    once made: ``incomplete_monuments``), and ``earlier`` for points a written position's score holds beyond those
    (a hand-written score without its completed Monuments; 0 in play, left out when 0 for every seat)."""
    p = state.params
    paying = [level for level, points in enumerate(p.reward_points) if points]
    end_points = p.incomplete_points
    counted = incomplete_counted(state)
    out = []
    for seat, total in enumerate(state.scores):
        entry = {f"completed_level_{level}": state.completed[seat][level] * p.reward_points[level] for level in paying}
        end = sum(end_points[min(row[seat], len(end_points) - 1)] for row in state.levels) if counted else 0
        entry["incomplete_monuments"] = end
        entry["earlier"] = total - sum(entry.values())
        out.append(entry)
    if not any(entry["earlier"] for entry in out):
        for entry in out:
            del entry["earlier"]
    return tuple(out)

"""Sobek's situations: positions built by hand or by seeded play for the checks and the rules tests (which need
nothing above the rules for them), and the small moves the checks make in them.

A situation is a seeded game's first decision (``core.seeded.first_decision``, seed ``SEED``) written out with
``position_data``, edited to the case in point and built back with ``game.position``
(``core.situations.edit_position``: it passes the game's invariants; a check's witness built so is labelled
constructed). Cards are written by name (``names.py``); every count is read from the params of the game at hand.
"""

from __future__ import annotations

from typing import Any

from nilerules.core import CHANCE
from nilerules.core.seeded import first_decision
from nilerules.core.situations import edit_position
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import Done, StartSet
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_CODES
from nilerules.games.sobek.params import GoodsTotal, Params, readings_of
from nilerules.games.sobek.state import D_EVENT, K_EVENT, K_START, SobekState

SEED = 20261129
"""The first seed of the checks' seeded games (and the one seed of their situations)."""
SEATS = "seats"


def in_round_two(state: SobekState) -> bool:
    """Round 2 has begun: under SOB-018's ``lowest_chooses`` (the default) the lowest scorer's choice of who starts
    it comes first, a decision of round 2 before its deal; the first decision after that deal is round 2's own."""
    pend = state.pending
    return state.round == 1 and not (pend is not None and pend.kind == K_START)


def params_of(game: SobekGame, players: int = 2) -> Params:
    """The numbers the rules read in a ``players``-player game (Sobek's params are the same for every config:
    ``params.make_params``)."""
    return game.params(game.config(players))


def code(name: str) -> int:
    return CARD_CODES[name]


def cards(game: SobekGame, kind: str, count: int, with_scarabs: int = 0) -> list[str]:
    """``count`` cards of a goods kind by name: ``with_scarabs`` with scarabs, the rest without as far as the game
    has them, then more with scarabs, then green-backed ones."""
    left = {name: params_of(game).totals[code(name)] for name in (f"{kind}_scarabs", kind, f"{kind}_green")}
    out: list[str] = []
    for name, wanted in ((f"{kind}_scarabs", with_scarabs), (kind, count), (f"{kind}_scarabs", count),
                         (f"{kind}_green", count)):
        take = max(min(wanted, left[name], count - len(out)), 0)
        out += [name] * take
        left[name] -= take
    return out


def situation(game: SobekGame, players: int, readings: dict[str, str], **changes: Any) -> SobekState:
    """A seeded game's first decision in the position format, with ``changes`` written over it (per seat for
    ``seats``; None removes a key), built back by ``game.position``."""
    config = game.config(players, readings=readings)
    seat_changes = changes.pop(SEATS, {})

    def edit(data: dict[str, Any]) -> None:
        seats = dict(data.get(SEATS, {}))
        for seat, body in seat_changes.items():
            seats[str(seat)] = body
        for key, value in changes.items():  # None: back to the default (the key is not written)
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
        data[SEATS] = seats
        fit_row(game, readings_of(config).goods_total, data)

    state: SobekState = edit_position(game, config, first_decision(game, config, SEED), edit)
    return state


def fit_row(game: SobekGame, goods_total: GoodsTotal, data: dict[str, Any]) -> None:
    """Drop from the written row and the removed cards (2 players) those that the edits put elsewhere (each card
    exists once per copy; dropped ones go back to the deck)."""
    left = list(rules.card_totals(params_of(game), goods_total))
    piles = [data.get("discard", {})]
    for body in data[SEATS].values():
        piles += [body.get("hand", {}), body.get("corruption", {})]
        piles += [{name: 1} for x in body.get("sets", []) for name in x["cards"]]
    for pile in piles:
        for name, count in pile.items():
            left[code(name)] -= count
    row = []
    for name in data.get("row", []):
        if left[code(name)] > 0:
            left[code(name)] -= 1
            row.append(name)
    data["row"] = row
    removed: dict[str, int] = {}
    for name, count in data.get("removed", {}).items():
        kept = max(min(count, left[code(name)]), 0)
        left[code(name)] -= kept
        if kept:
            removed[name] = kept
    data["removed"] = removed


def written(game: SobekGame, state: SobekState, actions: tuple[Any, ...] = ()) -> dict[str, Any]:
    """A hand-built witness written out (docs/positions.md): its players and modules, the position (as built under
    the default readings; the readings are the config's, not the position's) and the moves the check plays from it,
    so that ``nilerules score`` and ``query legal --position`` reproduce it."""
    return {"players": state.config.players, "modules": list(state.config.modules),
            "position": game.position_data(state), "actions": [game.action_to_data(a) for a in actions]}


def default_of(game: SobekGame, amb: str) -> str:
    return game.spec.ambiguities[amb].default


def end_of_round(game: SobekGame, players: int, readings: dict[str, str], **changes: Any) -> SobekState:
    """The end of round 1 with the row empty: the last seat is choosing its horizontal sets (then the round is
    scored); hands and corruption piles empty unless ``changes`` write them."""
    last = players - 1
    seats: dict[Any, Any] = {p: {} for p in range(players)}
    seats.update(changes.pop(SEATS, {}))
    base: dict[str, Any] = {"row": [], "deliveries_left": 0, "phase": "horizontal", "horizontal_left": [last],
                            "pending": {"choice": "horizontal_sets", "seat": last}, SEATS: seats}
    base.update(changes)
    return situation(game, players, readings, **base)


def score_round(game: SobekGame, state: SobekState) -> SobekState:
    """The last seat is done with horizontal sets: the round is scored."""
    return game.apply(state, Done())


def rich_set(game: SobekGame, kind: str) -> dict[str, Any]:
    """A played set of the minimum size of ``kind``, with as many scarab cards as the game has."""
    params = params_of(game)
    valued = params.totals[code(f"{kind}_scarabs")]
    return {"goods": kind, "cards": cards(game, kind, params.set_min, min(valued, params.set_min))}


def counts_of(names: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name in names:
        out[name] = out.get(name, 0) + 1
    return out


PLAIN_KINDS = ("fish", "wheat", "cattle", "ebony", "marble", "ivory")


def plain_cards(game: SobekGame, count: int, kinds: tuple[str, ...] = PLAIN_KINDS) -> dict[str, int]:
    """``count`` cards without scarabs, spread over ``kinds`` as the game's counts allow (a table by name)."""
    out: dict[str, int] = {}
    for kind in kinds * count:
        if sum(out.values()) == count:
            break
        if out.get(kind, 0) < params_of(game).totals[code(kind)]:
            out[kind] = out.get(kind, 0) + 1
    return out


def step(game: SobekGame, state: SobekState, action: Any, moves: list[Any]) -> SobekState:
    """``game.apply``, the action recorded in ``moves``."""
    moves.append(action)
    after: SobekState = game.apply(state, action)
    return after


def play_set(game: SobekGame, state: SobekState, start: StartSet, moves: list[Any]) -> SobekState:
    """Play a set: ``start``, then the first card offered until the set can be finished, then done."""
    state = step(game, state, start, moves)
    for _ in range(len(CARD_CODES)):
        legal = game.legal_actions(state)
        if Done() in legal:
            return step(game, state, Done(), moves)
        state = step(game, state, legal[0], moves)
    raise AssertionError("a set that could be started could not be finished")  # pragma: no cover


def set_event(game: SobekGame, state: SobekState, new: bool, moves: list[Any]) -> str:
    """Play the first new set (``new``) or addition to a played set the player may start; what event follows."""
    start = next(a for a in game.legal_actions(state) if isinstance(a, StartSet) and (a.target < 0) == new)
    after = play_set(game, state, start, moves)
    if after.pending is not None and after.pending.kind == K_EVENT:
        return "the player chooses a token"
    if game.current_player(after) is CHANCE and after.draws and after.draws[0].dest == D_EVENT:
        return f"chance draws the token ({len(game.chance_outcomes(after))} kinds possible)"
    return "no event"


def can_start_set(game: SobekGame, state: SobekState, new: bool) -> bool:
    """Whether event tokens remain and the player may start a new set (``new``) or an addition to a played one."""
    return sum(state.tokens) > 0 and any(isinstance(a, StartSet) and (a.target < 0) == new
                                         for a in game.legal_actions(state))

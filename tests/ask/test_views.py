"""The view a question reads: the same top-level and seat names in every game, exactly the declared shape at every
position checked, defaults that are the game's own, and the derived fields counted by hand.

A default is the game's own when writing it explicitly into the position format builds the same state: the game's
reader (``game.position``), not this view, decides what a key left out means.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from nilerules.analysis.ask.view import SEAT_FIELDS, TOP_FIELDS, GameView, ViewError, places
from nilerules.core.playout import playout
from nilerules.core.types import Ranking
from nilerules.games import GAME_IDS, load_game
from tests.ask import broken_view, tally_view
from tests.ask.tally_view import module
from tests.toys.tally import TallyState

UNIFORM_TOP = {"seats", "round", "phase", "config", *TOP_FIELDS}
UNIFORM_SEAT = {*SEAT_FIELDS, "breakdown"}


def positions(game: Any, config: Any, seed: int) -> list[tuple[int, Any]]:
    """The setup, a position a third of the way, and the end of one seeded random game."""
    result = playout(game, config, seed)
    state = game.setup(config)
    out = [(0, state)]
    for k, action in enumerate(result.actions, start=1):
        state = game.apply(state, action)
        if k == len(result.actions) // 3:
            out.append((k, state))
    out.append((len(result.actions), result.final))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_the_uniform_names_and_its_declared_shape(game_id: str) -> None:
    """Every count of players: the uniform names are there, and every position checked has exactly the shape the
    view declares (every field present, each of its type)."""
    game = load_game(game_id)
    for players in game.info.player_counts:
        config = game.config(players, game.info.modules[:1] if game_id == "ra" else ())
        view = GameView(game, config)
        assert set(view.top_sketch) >= UNIFORM_TOP
        assert set(view.seat_sketch) >= UNIFORM_SEAT
        for moves, state in positions(game, config, players):
            data = view.data(state, moves)
            view.check_shape(data)
            assert players == len(data["seats"])
            assert [s["score"] for s in data["seats"]] == list(game.scores(state))
            assert [sum(s["breakdown"].values()) for s in data["seats"]] == list(game.scores(state))


def rebuilt(game: Any, state: Any, edit: Any) -> Any:
    data = copy.deepcopy(game.position_data(state))
    edit(data)
    return game.position(game.state_config(state), data)


def explicit_defaults(game_id: str, data: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, Any]]:
    """Edits writing every key the format leaves out with the value the view gives it (one edit per key)."""
    edits: list[tuple[str, Any]] = []

    def put(where: list[str], key: str, value: Any) -> None:
        def edit(d: dict[str, Any]) -> None:
            for w in where:
                d = d.setdefault(w, {})
            d[key] = value

        edits.append(("/".join([*where, key]), edit))

    for i, seat in enumerate(view["seats"]):
        if game_id == "nile_artefacts":
            raw = data.get(str(i), {})
            for key in ("cards", "coins", "completed_at_level", "boat", "facing", "docked", "levels"):
                if key not in raw:
                    put([str(i)], key, seat[key])
        elif game_id == "sobek":
            raw = data.get("seats", {}).get(str(i), {})
            for key in ("hand", "corruption", "curses", "last_gain"):
                if key not in raw:
                    put(["seats", str(i)], key, seat[key])
        elif game_id == "ra":
            for name, count in seat.items():
                if name not in data["seats"][str(i)] and name not in UNIFORM_SEAT:
                    put(["seats", str(i)], name, count)
        else:
            put(["seats", str(i)], "hand", seat["hand"])
    shared = {
        "nile_artefacts": ("round", "phase", "first", "monuments", "completed", "discard", "altar", "last_round",
                           "turned_around", "picks"),
        "sobek": ("round", "phase", "start_player", "row", "deliveries_left", "removed", "discard", "events",
                  "event_bag", "events_used", "extra_turn", "early_end", "horizontal_left"),
        "ra": (),
        "nefertiti": ("discard", "box", "characters"),
    }[game_id]
    for key in shared:
        if key not in data:
            put([], key, view[key])
    if game_id == "nile_artefacts" and "board" not in data:
        put([], "board", {s: cards for s, cards in view["board"].items() if cards})
    if game_id == "nefertiti":
        put([], "neutral_hand", view["neutral"]["hand"])
    return edits


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_views_defaults_are_the_games_own(game_id: str) -> None:
    """Writing each left-out key with the view's value rebuilds the very same state."""
    game = load_game(game_id)
    config = game.config(2)
    view = GameView(game, config)
    checked = 0
    for moves, state in positions(game, config, 5):
        data = game.position_data(state)
        for key, edit in explicit_defaults(game_id, data, view.data(state, moves)):
            assert state == rebuilt(game, state, edit), key
            checked += 1
    assert checked > 0


def test_nefertiti_neutral_score_by_hand() -> None:
    """Seat 0 holds 3 chairs, seat 1 one chair, the neutral player a chair and 2 mirrors: chairs have 3 owners and
    mirrors 1, so the neutral player's cards score 1 x chair[3 owners] + 2 x mirror[1 owner] from the spec's
    gift_values (the value of a card by its number of owners, 1 to 5)."""
    game = load_game("nefertiti")
    config = game.config(2)
    values = game.spec.value("gift_values")
    state = game.position(config, {
        "seats": {"0": {"hand": {"chair": 3}}, "1": {"hand": {"chair": 1}}},
        "neutral_hand": {"chair": 1, "mirror": 2},
    })
    neutral = GameView(game, config).data(state, 0)["neutral"]
    assert (True, 1 * values["chair"][2] + 2 * values["mirror"][0]) == (neutral["present"], neutral["score"])
    assert GameView(game, game.config(3)).data(game.setup(game.config(3)), 0)["neutral"]["present"] is False


def test_nile_artefacts_coin_stock_by_hand() -> None:
    """Seats holding 3 and 5 Coins leave the spec's coin_supply less 8 in the stock."""
    game = load_game("nile_artefacts")
    config = game.config(2)
    state = game.position(config, {"0": {"coins": 3}, "1": {"coins": 5}})
    assert game.spec.int("coin_supply") - 8 == GameView(game, config).data(state, 0)["coin_stock"]


def test_places_share_ties_and_skip_after_them() -> None:
    """Competition ranking: seats 1 and 2 tied first, seat 0 after them is third."""
    assert places(Ranking(((1, 2), (0,)), ("score",)), 3) == [3, 1, 1]


def test_place_and_ahead_by_hand() -> None:
    """Tallies 3, 5, 5: seats 1 and 2 share first place, seat 0 is third; ahead is 3 - 5, 5 - 5, 5 - 5."""
    game = module().game
    config = game.config(3)
    data = GameView(game, config, tally_view).data(TallyState(config, (3, 5, 5), 0), 0)
    assert [(s["place"], s["ahead"]) for s in data["seats"]] == [(3, -2), (1, 0), (1, 0)]


def test_a_view_that_breaks_its_declared_shape_is_caught() -> None:
    """A view declaring a seat's 'tally' and giving 'roll' instead (tests/ask/broken_view.py)."""
    game = module().game
    config = game.config(2)
    view = GameView(game, config, broken_view)
    with pytest.raises(ViewError, match="no 'tally'"):
        view.check_shape(view.data(TallyState(config, (3, 4), 0), 0))

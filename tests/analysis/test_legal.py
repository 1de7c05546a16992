"""The generic query `legal` (issue 13, "Positions in questions"): the legal moves of a written position under its
own readings and under each other reading of each ambiguity, one at a time, and the readings that disagree."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from nilerules.analysis.legal import legal_moves
from nilerules.analysis.positions import Situation, situation
from nilerules.analysis.queries import queries_of, query_for, run_query
from nilerules.checks import GameModule, load
from nilerules.checks.model import POSITION_PARAM, Query, QueryResult
from nilerules.core.types import Config
from nilerules.errors import PositionError, QueryError
from nilerules.games import GAME_IDS
from nilerules.specs import load_spec
from tests.toys.nim import SPEC_PATH, NimGame, NimState


@pytest.fixture(scope="module")
def ra() -> GameModule:
    return load("ra")


def _situation(module: GameModule, data: dict[str, Any]) -> Situation:
    return situation(module.game, data, "", "the test's position")


def test_ra_009_invoke_over_an_empty_track_is_a_move_under_allowed_only(ra: GameModule) -> None:
    """RA-009 'May Ra be invoked over an empty auction track?': the reference's turn is 'Draw a tile from the bag',
    'Invoke Ra: start an auction voluntarily' or play God tiles; at the first turn of a 3-player game (nothing
    written: an empty auction track, no God tile held) seat 0 may draw or invoke Ra under `allowed` (the position's
    default), and only draw under `forbidden` ('at least one tile must be on the auction track'). No other
    ambiguity bears on the first turn's choice (the others concern auctions, disasters, epochs and scoring)."""
    result = legal_moves(ra.game, _situation(ra, {"config": {"players": 3}}))
    assert (result.baseline.mover, sorted(result.baseline.moves)) == ("seat 0", ['"draw"', '"invoke_ra"'])
    assert [(d.code, d.baseline, d.reading) for d in result.disagreements] == [("RA-009", "allowed", "forbidden")]
    (found,) = result.disagreements
    assert (found.only_baseline, found.only_reading, found.mover) == (('"invoke_ra"',), (), None)


def test_ra_009_from_the_forbidden_side_the_allowed_reading_adds_the_invoke(ra: GameModule) -> None:
    """The same empty track with `forbidden` written in the position's [config]: the baseline is the position's own
    reading (draw only), and `allowed` adds `invoke_ra` (RA-009's readings, as in the test above)."""
    data = {"config": {"players": 3, "readings": {"invoke_empty_track": "forbidden"}}}
    result = legal_moves(ra.game, _situation(ra, data))
    assert (result.baseline.mover, result.baseline.moves) == ("seat 0", ('"draw"',))
    found = [d for d in result.disagreements if d.code == "RA-009"]
    assert [
        (d.baseline, d.reading, d.only_reading, d.only_baseline) for d in found
    ] == [("forbidden", "allowed", ('"invoke_ra"',), ())]


def test_ra_006_a_position_that_cannot_be_built_under_a_reading_is_reported_for_that_reading(ra: GameModule) -> None:
    """RA-006: 'all OTHER players place 1 Small Goods Crate ... for each Trader tile in their own collection'. Seat 0
    holds one Trader and seat 1 claimed two in one claim (the documented Ra example's holding), so per Trader tile
    claimed seat 0 receives 2 x 1 = 2 crates, once per claim only 1 (hand count). Written with `crates = 2`, the
    position builds under `per_tile` (the default) and cannot be built under `per_claim`: that reading is reported
    with the invariant it breaks, and the query does not fail."""
    data = {
        "config": {"players": 3, "modules": ["traders"]},
        "seats": {"0": {"trader": 1, "crates": 2}, "1": {"trader": 2}},
    }
    result = legal_moves(ra.game, _situation(ra, data))
    broken = [d for d in result.disagreements if d.error]
    assert [(d.code, d.baseline, d.reading) for d in broken] == [("RA-006", "per_tile", "per_claim")]
    assert "crates" in broken[0].error
    assert "cannot be built" in result.text()


def test_chance_to_move_lists_each_outcome_with_its_probability(ra: GameModule) -> None:
    """A tile being drawn at the start (phase 'draw', nothing else written): chance is to move, each kind left in
    the bag with probability count/total; Ra's is params.tiles['ra'] over all the tiles (the spec's counts)."""
    tiles = ra.game.spec.params["tiles"].value
    result = legal_moves(ra.game, _situation(ra, {"phase": "draw", "config": {"players": 3}}))
    assert result.baseline.mover == "chance"
    outcomes = result.to_data()["position"]["moves"]
    probabilities = {action["draw"]: Fraction(p) for action, p in outcomes}
    assert Fraction(tiles["ra"], sum(tiles.values())) == probabilities["ra"]
    assert Fraction(1) == sum(probabilities.values())


def test_a_bad_position_is_a_position_error_naming_the_key(ra: GameModule) -> None:
    """A tile name the game does not have is refused with the key that holds it."""
    with pytest.raises(PositionError, match=r"auction_track\[0\]"):
        _situation(ra, {"auction_track": ["no_such_tile"]})


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_legal_and_it_requires_a_position(game: str) -> None:
    """`legal` is registered for every game like `impact`; without a position it is refused (a QueryError)."""
    module = load(game)
    assert queries_of(module)["legal"].position == "required"
    with pytest.raises(QueryError, match="needs --position"):
        run_query(module, "legal")


def test_a_query_not_about_a_situation_refuses_a_position(ra: GameModule) -> None:
    """`impact` is about play, not a situation: given a position it is refused."""
    with pytest.raises(QueryError, match="takes no --position"):
        query_for(ra, "impact", with_position=True)


def test_a_query_that_takes_a_position_receives_it_under_the_position_key(ra: GameModule) -> None:
    """run_query hands the situation to a query that takes one, in its params under POSITION_PARAM, beside its
    own parameters."""
    seen: list[Any] = []

    def run(game: Any, params: Mapping[str, Any]) -> QueryResult:
        seen.append(params[POSITION_PARAM])
        return QueryResult("", {})

    probe = Query("probe", "a probe", (), run, position="optional")
    module = GameModule(ra.game, ra.checks, {"probe": probe})
    found = _situation(ra, {"config": {"players": 3}})
    run_query(module, "probe", (), found)
    run_query(module, "probe")
    assert [found, None] == seen


def test_a_play_log_is_a_situation_too_its_end_under_each_reading(ra: GameModule) -> None:
    """A log that stops after the deal of a 3-player game (a first turn with an empty auction track) gives the same
    RA-009 disagreement as the written position (the readings of 'Invoke Ra: start an auction voluntarily.'); the
    other readings are built from the log's end written as a position."""
    from nilerules.core.log import log_to_json, make_log

    game = ra.game
    config = game.config(3)
    state = game.setup(config)
    deal = game.chance_outcomes(state)[0][0]
    state = game.apply(state, deal)
    text = log_to_json(make_log(game, config, [deal], state))
    found = situation(game, json.loads(text), text, "the test's log")
    result = legal_moves(game, found)
    assert found.kind == "log"
    assert sorted(result.baseline.moves) == ['"draw"', '"invoke_ra"']
    assert [(d.code, d.reading, d.only_baseline) for d in result.disagreements] == [
        ("RA-009", "forbidden", ('"invoke_ra"',))
    ]


class _NimWithPositions(NimGame):
    """Dice Nim with a position format made up for this test: `pile` stones rolled, and the reading of
    `last_stone` choosing who moves first (seat 0 under `wins`, seat 1 under `loses`)."""

    def position(self, config: Config, data: Mapping[str, Any]) -> NimState:
        first = 0 if config.reading("last_stone") == "wins" else 1
        start = self.setup(config)
        return replace(start, rolled=True, pile=int(data.get("pile", 3)), to_move=first)


def test_a_reading_that_changes_the_player_to_move_is_named() -> None:
    """By the toy's construction the same moves (take 1 or 2 of 3 stones) are legal under both readings, but the
    player to move differs: the disagreement names it, and no move is added or lost."""
    game = _NimWithPositions(load_spec(SPEC_PATH))
    result = legal_moves(game, situation(game, {"pile": 3}, "", "the toy's position"))
    (found,) = result.disagreements
    assert (found.mover, found.only_baseline, found.only_reading) == (("seat 0", "seat 1"), (), ())
    assert "seat 1 to move instead of seat 0" in result.text()

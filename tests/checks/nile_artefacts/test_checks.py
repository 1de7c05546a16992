"""The divergence checks and named queries of Nile Artefacts run, are deterministic, and say what they found."""

from __future__ import annotations

from functools import cache

import pytest

from nilerules.analysis.queries import run_query
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget
from nilerules.checks.nile_artefacts.offerings import best_words
from nilerules.errors import QueryError
from nilerules.games.nile_artefacts.situations import kind_of, monuments_for, offering_position
from tests.games.nile_artefacts.positions import BIRD, CAT, DESERT, EYE, FIELDS, FIGURE, NILE


@cache
def module() -> GameModule:
    return load("nile_artefacts")


CHEAP = (
    "coin_space",
    "port_start",
    "deck_exhausted",
    "coin_stock",
    "final_tie",
    "tie_count",
    "last_round",
    "endless_game",
    "empty_offering",
    "pair_mix",
    "type_choice",
    "card_sharing",
)


@pytest.mark.parametrize("ambiguity", CHEAP)
def test_each_check_finds_a_witness_with_an_outcome_per_reading(ambiguity: str) -> None:
    """Each ambiguity's readings really differ in a situation the check builds (quick budget)."""
    result = module().checks[ambiguity](module().game, Budget.quick())
    assert result.verdict.kind == "witness"
    readings = module().game.spec.ambiguities[ambiguity].reading_names()
    assert [name for name, _ in result.outcomes] == list(readings)
    assert len({text for _, text in result.outcomes}) > 1


@pytest.mark.parametrize(
    ("ambiguity", "cards", "conditions", "expected"),
    [
        # one eye+figure card (green) alone against diff:2, same:2, type:eye, one typing for the offering (the
        # default): two Artifacts of one type meet same:2 and type:eye (2); two freely typed Artifacts as one typing
        # meet at best those two as well (eye+eye), or diff:2 alone (2); one Artifact meets none, each condition
        # needing 2 (0)
        ("double_card", [((EYE, FIGURE), FIELDS)], ["diff:2", "same:2", "type:eye"],
         {"two_same": 2, "two_each": 2, "one": 0}),
        # eye/nile, cat/nile, bird/nile, any type, against same:3 and diff:3: one typing serves one of them (1);
        # a typing per Monument serves both (2)
        ("type_scope", [((EYE,), NILE), ((CAT,), NILE), ((BIRD,), NILE)], ["same:3", "diff:3"],
         {"per_offering": 1, "per_monument": 2}),
        # eye/nile, eye/desert against same:2 and type:statue: with any type both cards count as statues (2); as
        # printed, two eyes meet same:2 only (1)
        ("type_choice", [((EYE,), NILE), ((EYE,), DESERT)], ["same:2", "type:statue"],
         {"any_type": 2, "shown_type": 1}),
        # eye/nile, eye/desert against same:2 and each:nile+desert: the whole offering (two eyes, one card of each
        # region) meets both (2); split, each card counts toward one Monument, and each condition needs both
        # cards, so one Monument at most (1)
        ("card_sharing", [((EYE,), NILE), ((EYE,), DESERT)], ["same:2", "each:nile+desert"],
         {"shared": 2, "split": 1}),
    ],
)  # fmt: skip
def test_the_best_offering_words_match_a_hand_calculation(
    ambiguity: str, cards: list[tuple[tuple[int, ...], int]], conditions: list[str], expected: dict[str, int]
) -> None:
    """The words NA-001, NA-002, NA-003 and NA-013 give each reading's outcome in (the best offering of the seat to
    move, which their witnesses state at the position their log reaches), on written positions whose per-reading
    counts are worked out by hand from the seed's condition table."""
    game = module().game
    p = game.params(game.config(2))
    hand = [kind_of(p, types, region) for types, region in cards]
    counts = {}
    for reading in game.spec.ambiguities[ambiguity].reading_names():
        state = offering_position(game, {ambiguity: reading}, [hand, []], monuments_for(p, conditions))
        counts[reading] = best_words(state, Budget.quick().rlimit)[1]
    assert counts == expected


@pytest.mark.parametrize("ambiguity", sorted(module().game.spec.ambiguities))
def test_a_check_of_one_situation_says_so(ambiguity: str) -> None:
    """Brief: a check that built one situation is labelled 'situation' (never 'exhaustive') and is never a proof;
    a Z3 optimisation over the typings of one hand-built offering may say 'z3'."""
    result = module().checks[ambiguity](module().game, Budget.quick())
    if result.searched.startswith(("one hand-built", "one situation")) and result.method != "z3":
        assert result.method == "situation", (result.method, result.searched)
    if result.method in ("situation", "playout"):
        assert result.verdict.kind != "proof"
    if result.method == "exhaustive":
        assert not result.searched.startswith("one "), result.searched


def test_check_is_deterministic() -> None:
    """The same budget gives the same result."""
    a = module().checks["pair_mix"](module().game, Budget.quick())
    b = module().checks["pair_mix"](module().game, Budget.quick())
    assert a == b


def test_best_offering_query_reports_the_hand_calculated_optimum() -> None:
    """Hand calculation: eye/nile, eye/desert against type:eye and each:nile+desert -> both, with both cards."""
    r = run_query(
        module(),
        "best-offering",
        [
            "hand=eye/nile,eye/desert,cat/fields",
            "monuments=type:eye;each:nile+desert",
            "readings=type_choice=shown_type",
        ],
    )
    assert r.data["count"] == 2
    assert r.data["kept"] == ["cat/fields"]


def test_best_offering_query_rejects_bad_text() -> None:
    """Malformed hands and readings are QueryErrors naming the bad value."""
    with pytest.raises(QueryError, match="lizard"):
        run_query(module(), "best-offering", ["hand=lizard/nile"])
    with pytest.raises(QueryError):
        run_query(module(), "best-offering", ["readings=type_choice=sometimes"])


def test_condition_odds_are_exact_for_one_card() -> None:
    """Hand calculation: 1 card can never meet type:eye (needs 2 Artifacts) unless it is a double card giving two
    eyes; with shown_type/two_same only the eye+figure and figure+eye cards can (2 of 54 = 1/27)."""
    r = run_query(module(), "condition-odds", ["condition=type:eye", "cards=1"])
    assert r.data["odds"]["shown_type/two_same"] == "1/27"
    assert r.data["odds"]["shown_type/one"] == "0"
    assert r.data["odds"]["any_type/two_same"] == "1/9"


def test_offering_divergence_and_random_games_queries_run() -> None:
    """Both queries answer with data for every reading combination / every game."""
    r = run_query(module(), "offering-divergence", ["hand=eye/nile,cat/nile,bird/nile", "monuments=same:3;diff:3"])
    assert len(r.data["rows"]) == 48
    assert {row["count"] for row in r.data["rows"]} == {1, 2}
    g = run_query(module(), "random-games", ["players=2", "games=3"])
    assert g.data["games"] == 3


def test_monuments_may_be_named_by_number_and_level() -> None:
    """'#4@1' is Monument 4's level-2 condition in the spec data (diff:3); a bad number is a QueryError."""
    r = run_query(module(), "best-offering", ["hand=eye/nile,cat/nile,bird/nile", "monuments=#4@1"])
    assert r.data["advanced"] == ["diff:3"]
    with pytest.raises(QueryError, match="#99"):
        run_query(module(), "best-offering", ["monuments=#99"])


def _end_under(log, ambiguity: str, reading: str) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    """Replay a witness log's moves with one reading changed: the end position (in the position format), its legal
    moves and its ranking, or the step at which a move became illegal."""
    from nilerules.errors import IllegalAction

    game = module().game
    config = game.config(log.config.players, log.config.modules, {**dict(log.config.readings), ambiguity: reading})
    state = game.setup(config)
    for index, raw in enumerate(log.actions):
        try:
            state = game.apply(state, game.action_from_data(raw))
        except IllegalAction:
            return ("illegal at step", index)
    return (game.position_data(state), game.legal_actions(state), game.ranking(state).places)


@pytest.mark.parametrize("ambiguity", sorted(module().game.spec.ambiguities))
def test_a_witness_found_in_play_is_a_log_from_setup_where_the_readings_part(ambiguity: str) -> None:
    """Issue 11: a check's witness log replays from setup (digest and invariants checked), names every reading in its
    config, and replaying its moves under each reading ends in positions that differ; a witness without a log is
    labelled constructed."""
    from nilerules.core.log import replay

    result = module().checks[ambiguity](module().game, Budget.quick())
    if result.verdict.kind != "witness":
        return
    log = result.witness_log
    if log is None:
        assert result.constructed
        return
    final = replay(module().game, log)
    assert module().game.invariants(final) == ()
    assert {name for name, _ in log.config.readings} == set(module().game.spec.ambiguities)
    readings = module().game.spec.ambiguities[ambiguity].reading_names()
    ends = {repr(_end_under(log, ambiguity, reading)) for reading in readings}
    assert len(ends) > 1

"""Every Sobek ambiguity has a deterministic check; each witness shows readings that differ; queries answer."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from nilerules.checks import load
from nilerules.checks.model import Budget
from nilerules.core import Witness
from nilerules.errors import QueryError
from nilerules.games.sobek.game import SobekGame
from tests.helpers import edited_game

if TYPE_CHECKING:
    from nilerules.analysis.witness import EndPosition

MODULE = load("sobek")


AGREE_UNDER_THE_DATA = {"two_player_rounds"}
"""Ambiguities whose readings the spec's assumed data makes agree (each proved, and parted by other data, below)."""


@pytest.mark.parametrize("amb", sorted(set(MODULE.game.spec.ambiguities) - AGREE_UNDER_THE_DATA))
def test_check_finds_a_witness_where_readings_differ(amb: str) -> None:
    """Each finding comes with a situation where the readings give different outcomes (all readings listed)."""
    game = MODULE.game
    first = MODULE.checks[amb](game, Budget.quick())
    again = MODULE.checks[amb](game, Budget.quick())
    assert first == again
    assert first.verdict.kind == "witness"
    assert {r for r, _ in first.outcomes} == set(game.spec.ambiguities[amb].reading_names())
    assert len({o for _, o in first.outcomes}) > 1


@pytest.mark.parametrize("amb", sorted(MODULE.game.spec.ambiguities))
def test_a_check_of_one_situation_says_so(amb: str) -> None:
    """Brief: a check that built one situation is labelled 'situation' (never 'exhaustive' or a proof)."""
    result = MODULE.checks[amb](MODULE.game, Budget.quick())
    if result.searched.startswith(("one situation", "one hand-built")):
        assert result.method == "situation", (result.method, result.searched)
        assert result.verdict.kind != "proof"
    if result.method == "exhaustive":
        assert not result.searched.startswith("one "), result.searched


@pytest.mark.rules("sobek.end.penalty_move")
def test_penalty_check_proves_readings_agree_on_symbol_spaces() -> None:
    """Z3: on symbol spaces the numbered-space readings agree: unsat over the whole stated domain (scores and points
    0..200), hence a proof for that domain; the witness is the hand count from 25 with 23 points (15 / 25 / 19)."""
    result = MODULE.checks["penalty_on_number"](MODULE.game, Budget.quick())
    assert isinstance(result.verdict, Witness)
    assert result.verdict.data["symbol_spaces"].startswith("proof")
    # hand count: the document's example sets score 23 (Ivory 3 x 3, Ebony 2 x 3, Marble 2 x 4); the marker ends on
    # the numbered space 35 (25 above the 23 points, rounded up to a multiple of 5, plus one block per lot of 10): two
    # lots back 35 -> 30 -> 25; no move; the symbol just behind, 34, then 29
    assert dict(result.outcomes) == {"numbered_type": "35 -> 25", "no_move": "35 -> 35",
                                     "previous_symbol": "35 -> 29"}
    assert result.verdict.data["position"]["seats"]["0"]["score"] == 35 - 23


def test_named_queries_answer_with_defaults() -> None:
    """The editor's queries run; the seed's example (48, ankh, 23 points) agrees under every reading."""
    game: SobekGame = MODULE.game
    assert {"corruption-tie", "corruption-penalty", "guild-move", "early-end", "reading-impact"} <= set(
        MODULE.queries)
    penalty = MODULE.queries["corruption-penalty"].run(game, {})
    assert set(penalty.data["after"].values()) == {38} and penalty.verdict is None
    numbered = MODULE.queries["corruption-penalty"].run(game, {"score": 25})
    assert numbered.verdict is not None and numbered.verdict.kind == "witness"
    # hand count, 23 points from the numbered space 25: two lots of 5 -> 15; no move -> 25; 24 then 19
    assert set(numbered.data["after"].values()) == {15, 25, 19}
    guild = MODULE.queries["guild-move"].run(game, {})
    assert guild.data["moves"]["track_end=lap, track_low_end=stay"]["forward"] == 101
    assert guild.data["moves"]["track_end=stop, track_low_end=stay"]["forward"] == 99
    tie = MODULE.queries["corruption-tie"].run(game, {})
    assert tie.verdict is not None and tie.verdict.kind == "witness"
    # hand count on the defaults (cards 4,4,2; pile scarabs 1,1,0; set scarabs 0,3,0): by pile scarabs seats 0 and 1
    # stay tied (both, or literally everyone); by set scarabs seat 1 (3) is the most corrupt alone
    assert tie.data["penalised"] == {
        "corruption_scarabs=pile, corrupt_all_tied=tied": [0, 1],
        "corruption_scarabs=pile, corrupt_all_tied=everyone": [0, 1, 2],
        "corruption_scarabs=sets, corrupt_all_tied=tied": [1],
        "corruption_scarabs=sets, corrupt_all_tied=everyone": [1],
    }
    early = MODULE.queries["early-end"].run(game, {})
    assert early.data["rows"]["after_penalty"]["ends"] is False
    assert early.data["rows"]["after_scoring"]["ends"] is True
    impact = MODULE.queries["reading-impact"].run(game, {"games": 2, "players": 2})
    assert set(impact.data["rows"]) == {"pile", "sets"}


def test_queries_reject_bad_parameters() -> None:
    """Bad parameters are a QueryError naming the value."""
    game = MODULE.game
    with pytest.raises(QueryError):
        MODULE.queries["guild-move"].run(game, {"symbol": "crocodile"})
    with pytest.raises(QueryError):
        MODULE.queries["corruption-tie"].run(game, {"cards": "1,x"})
    with pytest.raises(QueryError):
        MODULE.queries["reading-impact"].run(game, {"ambiguity": "nope"})


@pytest.mark.parametrize("amb", sorted(MODULE.game.spec.ambiguities))
def test_recommendation_is_wording_that_adopts_the_default_reading(amb: str) -> None:
    """Issue 11: a recommendation is pasteable wording, not a question ('Say whether...'), and names the reading it
    adopts (the default, which the report shows as recommended), followed by the reason."""
    entry = MODULE.game.spec.ambiguities[amb]
    assert not entry.wording.startswith(("Say ", "State ", "Define ", "Give "))
    assert entry.reason[0].startswith(f"Reading `{entry.default}`:")
    assert not any(r.contradicted for r in entry.readings if r.name == entry.default)


@pytest.mark.parametrize("amb", sorted(MODULE.game.spec.ambiguities))
def test_witness_is_a_replayable_log_or_labelled_constructed(amb: str) -> None:
    """Issue 11: a witness found in seeded play is a log that replays from setup, under each reading up to its last
    move at least (the move where the readings part may be one a reading refuses); a hand-built position (built and
    checked through the position format) is labelled constructed."""
    from nilerules.analysis.witness import replay_under
    from nilerules.core import replay

    result = MODULE.checks[amb](MODULE.game, Budget.quick())
    if result.witness_log is not None:
        assert not result.constructed
        final = replay(MODULE.game, result.witness_log)
        assert MODULE.game.invariants(final) == ()
        # a log runs to where its readings part, no further: a reading may refuse only its last move (SOB-026's and
        # SOB-030's logs ran on into round 2, and `keep` could not play their steps 184 and 195)
        last = len(result.witness_log.actions) - 1
        for reading, _ in result.outcomes:
            end = replay_under(MODULE.game, result.witness_log, {amb: reading})
            assert end.steps >= last, (reading, end.steps, last, end.stopped)
    elif result.verdict.kind == "witness":
        assert result.constructed
    assert result.depends_on == ()


def test_reading_impact_query_bounds_its_work() -> None:
    """Issue 10: a Monte Carlo query takes at most a stated number of games per reading; more is a QueryError."""
    from nilerules.checks.sobek.queries import MAX_GAMES

    query = MODULE.queries["reading-impact"]
    with pytest.raises(QueryError, match="at most"):
        query.run(MODULE.game, {"games": MAX_GAMES + 1})
    with pytest.raises(QueryError, match="players"):
        query.run(MODULE.game, {"players": 5, "games": 1})


def _ends(amb: str) -> dict[str, EndPosition]:
    """The check's witness log replayed under each reading of ``amb``."""
    from nilerules.analysis.witness import replay_under

    result = MODULE.checks[amb](MODULE.game, Budget.quick())
    assert result.witness_log is not None
    return {r: replay_under(MODULE.game, result.witness_log, {amb: r}) for r, _ in result.outcomes}


def _draws(end: EndPosition) -> list[tuple[str, Fraction]]:
    """A chance end position's outcomes: (card or token name, probability)."""
    assert end.mover == "chance", end
    return [(str(a["draw"]), Fraction(p)) for a, p in (json.loads(m) for m in end.moves)]


@pytest.mark.rules("sobek.goods.starting_hand")
def test_the_green_deal_witness_runs_to_round_twos_deal_where_the_readings_part() -> None:
    """SOB-016 (its log stopped before round 2, so both readings replayed to one position): the log now runs through
    the scoring of round 1 to round 2's deal. Reference (sobek.md: 'At the start of every round those 9 are shuffled
    and each player is dealt 2'): under ``every_round`` the next draw is a green-backed card and 2 are due per seat;
    under ``once`` none is due and the next draw is not from the green-backed cards."""
    ends = _ends("green_deal")
    assert all(name.endswith("_green") for name, _ in _draws(ends["every_round"]))
    assert not any(name.endswith("_green") for name, _ in _draws(ends["once"]))
    result = MODULE.checks["green_deal"](MODULE.game, Budget.quick())
    assert dict(result.outcomes) == {"every_round": "green-backed cards to deal for round 2: [2, 2]",
                                     "once": "green-backed cards to deal for round 2: [0, 0]"}


@pytest.mark.rules("sobek.events.selection")
def test_the_event_token_witness_runs_to_round_twos_token_draw_where_the_readings_part() -> None:
    """SOB-029 (its log stopped in round 1): the log now runs to round 2's first token draw. Seed 002: 'There are 12
    event tokens'; under ``all_back`` round 2 draws from all 12 (each probability a count over 12), under
    ``used_out`` from the 12 less those applied in round 1 (over 12 - used), and the outcomes say those bag sizes."""
    from nilerules.core import replay

    result = MODULE.checks["event_tokens_between_rounds"](MODULE.game, Budget.quick())
    assert result.witness_log is not None
    used = sum(replay(MODULE.game, result.witness_log).events_used)
    assert 0 < used < 12
    ends = _ends("event_tokens_between_rounds")
    for reading, bag in (("all_back", 12), ("used_out", 12 - used)):
        draws = _draws(ends[reading])
        assert all(bag % p.denominator == 0 for _, p in draws), (reading, draws)
        assert sum(p for _, p in draws) == 1
        assert dict(result.outcomes)[reading].startswith(f"tokens in the bag when round 2 began: {bag} ")
    assert ends["all_back"].moves != ends["used_out"].moves


def _kept_and_returned(amb: str) -> tuple[list[int], list[int], Any]:
    """The check's witness replayed under ``discard`` and ``keep`` (sobek.checks.search.log_state): per card type, the
    cards back in play at the log's end (the deck and the pile of green-backed cards to deal) under each reading, and
    the end position under ``keep``; every reading replays the whole log."""
    from nilerules.checks.sobek.search import log_state

    result = MODULE.checks[amb](MODULE.game, Budget.quick())
    assert result.witness_log is not None
    (discard, failed_d), (keep, failed_k) = (log_state(MODULE.game, result.witness_log, amb, r) for r in ("discard",
                                                                                                          "keep"))
    assert (failed_d, failed_k) == (None, None)
    back = [[d + g for d, g in zip(s.deck, s.green_pile, strict=True)] for s in (discard, keep)]
    return back[0], back[1], keep


@pytest.mark.rules("sobek.end.sets_cleared")
def test_the_kept_sets_witness_ends_where_the_readings_part_and_every_reading_replays_it() -> None:
    """SOB-026: the witness log ran past where the readings part, so under ``keep`` its step 184 (the default game's
    green-backed deal of marble_green, a card ``keep`` leaves on the table in a set) could not be played and the
    reading's outcome was only "step 184 ... is not possible". It now stops where they part (round 2's first deal),
    every reading replays all of it, and each outcome is the sets on the table there. By the readings: under
    ``discard`` no set stays; under ``keep`` the sets of round 1 do, and their cards are exactly the cards missing
    from what is back in play (the deck and the green-backed pile: spec params.deck_reformed, every card discarded
    is shuffled back, the green-backed ones dealt anew)."""
    from collections import Counter

    returned, kept_back, keep = _kept_and_returned("sets_between_rounds")
    on_table = Counter(c for seat in keep.sets for played in seat for c in played.cards)
    assert [a - b for a, b in zip(returned, kept_back, strict=True)] == [on_table[t] for t in range(len(returned))]
    assert sum(on_table.values()) > 0
    result = MODULE.checks["sets_between_rounds"](MODULE.game, Budget.quick())
    assert dict(result.outcomes) == {"discard": "sets on the table: [0, 0]",
                                     "keep": f"sets on the table: {[len(seat) for seat in keep.sets]}"}
    ends = _ends("sets_between_rounds")
    assert all(e.steps == len(result.witness_log.actions) and not e.stopped for e in ends.values())
    assert ends["discard"].moves != ends["keep"].moves


@pytest.mark.rules("sobek.end.hand_to_corruption")
def test_the_kept_corruption_witness_ends_where_the_readings_part_and_every_reading_replays_it() -> None:
    """SOB-030: as SOB-026, its log ran 7 steps past where the readings part (step 195's draw of ivory_scarabs, a
    card ``keep`` leaves in a corruption pile, was "not possible"). It now stops at round 2's first draw from the
    deck, every reading replays all of it; under ``discard`` the piles are empty, under ``keep`` they hold what is
    missing from the cards back in play, card for card."""
    returned, kept_back, keep = _kept_and_returned("corruption_between_rounds")
    piles = [sum(pile[t] for pile in keep.corruption) for t in range(len(returned))]
    assert [a - b for a, b in zip(returned, kept_back, strict=True)] == piles
    assert sum(piles) > 0 and keep.curses == (0, 0)
    result = MODULE.checks["corruption_between_rounds"](MODULE.game, Budget.quick())
    words = "corruption (Curses counted as cards)"
    piled = [sum(pile) for pile in keep.corruption]
    assert dict(result.outcomes) == {"discard": f"{words}: [0, 0]", "keep": f"{words}: {piled}"}
    ends = _ends("corruption_between_rounds")
    assert all(e.steps == len(result.witness_log.actions) and not e.stopped for e in ends.values())
    assert ends["discard"].moves != ends["keep"].moves


@pytest.mark.rules("sobek.goods.two_players")
def test_two_player_rounds_agree_when_every_round_has_the_same_deliveries(tmp_path: Path) -> None:
    """SOB-024 asks which round is short; with the deck formed again every round (params.deck_reformed) each 2-player
    round has the same deliveries (the bundled [5, 5, 5]: a palindrome, so reversing it under 'first_short' changes
    nothing, by hand) and the check proves the readings agree; with the deck lasting the game and one short round
    ([2, 2, 1], the data before issue 20) the readings part at the first round."""
    assert MODULE.checks["two_player_rounds"](MODULE.game, Budget.quick()).verdict.kind == "proof"
    old = edited_game(tmp_path, "sobek", deck_reformed='"once"', deliveries=[2, 2, 2], deliveries_two_players=[2, 2, 1])
    found = old.checks["two_player_rounds"](old.game, Budget.quick())
    assert found.verdict.kind == "witness"
    assert dict(found.outcomes) == {"last_short": "round 1 has 2 deliveries", "first_short": "round 1 has 1 deliveries"}

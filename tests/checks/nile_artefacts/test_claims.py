"""Issue 19 for Nile Artefacts: what the findings say about their results is rendered from the checks' figures (an
edited spec copy changes the sentences or leaves them out), and the offering witnesses show their question in play.

Expected values are worked out by hand from the edit (the round cap, a bound on the Coins a game can hand out, the
cards a single round can move out of the pile) or from the seed's rules (any three cards give two Artifacts).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from nilerules.analysis.findings import rendered
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget, CheckResult
from tests.helpers import edited_game, spec_with_line_edited

SMALL = Budget(playouts=8, examples=16, rlimit=5_000_000)


@cache
def bundled() -> GameModule:
    return load("nile_artefacts")


def sentences(module: GameModule, ambiguity: str, result: CheckResult | None = None) -> tuple[str, ...]:
    """The wording, placement and reason of a finding as the report renders them from its check's figures."""
    amb = module.game.spec.ambiguities[ambiguity]
    result = result or module.checks[ambiguity](module.game, SMALL)
    return rendered(module.game.spec, (amb.wording, amb.placement, *amb.reason), result.data)


def test_no_finding_says_what_a_check_found_in_typed_words() -> None:
    """'the check shows / finds / plays ...' is a result typed beside the check (the old NA-001, 007, 008, 012 and 014
    reasons): every sentence that reports one carries its figures as placeholders."""
    for amb in bundled().game.spec.ambiguities.values():
        for text in (amb.wording, amb.placement, *amb.reason):
            assert not re.search(r"\bthe check (shows|finds|plays)\b", text, re.I), (amb.code, text)


def test_na001_says_that_any_type_makes_a_single_type_condition_automatic() -> None:
    """Hand: under any_type every card counts as the type asked for, so any three cards give three Artifacts of it
    and meet a single-type condition (two needed): a chance of 1; the first single-type condition of the data is
    type:eye (Monument 0's first level)."""
    text = " ".join(sentences(bundled(), "type_choice"))
    assert "The chance that 3 cards drawn at random can meet type:eye is 1.0000 under `any_type`" in text


def test_na001_names_the_single_type_condition_of_an_edited_data(tmp_path: Path) -> None:
    """Monument 0's first level edited from type:eye to type:bird in a spec copy: the data's first single-type
    condition is then type:bird, and the sentence names it."""
    path = spec_with_line_edited(
        tmp_path, "nile_artefacts", r'^  \["type:eye", "pair:3:ankh\+eye", "pair:4:ankh\+eye"\],$',
        '  ["type:bird", "pair:3:ankh+eye", "pair:4:ankh+eye"],',
    )
    module = load("nile_artefacts", path)
    text = " ".join(sentences(module, "type_choice"))
    assert "can meet type:bird is 1.0000 under `any_type`" in text


def test_the_cap_and_the_coin_stock_sentences_follow_an_edited_spec(tmp_path: Path) -> None:
    """coin_supply 30 -> 1000 and max_rounds 40 -> 10. Hand: a navigation stage hands out at most one Coin per seat
    per cycle of turns, and a Boat reaches a Port within river_spaces + 1 = 10 moves, so at most 4 x 10 = 40 Coins a
    round and 400 in 10 rounds: the stock of 1000 never runs out, and NA-008's sentence that it does is left out.
    The round cap is the new one in NA-012's wording and reason and in NA-006's reason."""
    module = edited_game(tmp_path, "nile_artefacts", coin_supply=1000, max_rounds=10)
    assert any("the stock does run out in play" in s for s in sentences(bundled(), "coin_stock"))
    assert not any("the stock does run out" in s for s in sentences(module, "coin_stock"))
    endless = sentences(module, "endless_game")
    assert endless[0].startswith("If the game has not ended by the end of round 10, it ends then")
    assert any("the model stops it after 10 rounds" in s for s in endless)
    assert any("the model's cap of 10 rounds" in s for s in sentences(module, "port_start"))


def test_na007s_sentences_follow_a_game_whose_pile_cannot_run_out(tmp_path: Path) -> None:
    """max_rounds 40 -> 1. Hand: in one round the pile loses the 12 cards dealt to 4 players and at most 13 bought
    (40 Coins at most, 3 a card, as above): 25 of 54, so it never runs out. The witness sentence is left out and the
    random games say so (0 of them)."""
    module = edited_game(tmp_path, "nile_artefacts", max_rounds=1)
    text = sentences(module, "deck_exhausted")
    assert not any("the discard holds" in s for s in text)
    assert any("the pile ran out in 0 under `reshuffle`" in s for s in text)
    assert any("the draw pile is empty and the discard holds" in s for s in sentences(bundled(), "deck_exhausted"))


@pytest.mark.parametrize("ambiguity", ["empty_offering", "type_choice", "type_scope", "card_sharing"])
def test_a_sentence_about_the_witness_states_what_its_position_holds(ambiguity: str) -> None:
    """The seat, the round and the cards the sentence names are those of the witness's own position (read from the
    position written with names, not from the check's figures)."""
    result = bundled().checks[ambiguity](bundled().game, SMALL)
    position: dict[str, Any] = result.data["position"]
    seat = position.get("to_move", 0)
    text = " ".join(sentences(bundled(), ambiguity, result))
    assert f"at round {position['round']}'s offerings, " in text
    if ambiguity == "empty_offering":
        assert f"seat {seat} holds {len(position[str(seat)]['cards'])} cards at its turn to offer" in text
    else:
        assert f"seat {seat}'s best offering advances" in text


@pytest.mark.parametrize("ambiguity", ["type_choice", "type_scope", "double_card", "card_sharing"])
def test_the_offering_witnesses_show_their_question_in_play(ambiguity: str) -> None:
    """NA-001, NA-002, NA-003 and NA-013: a game from setup (not a hand-built position) at whose end the best
    offerings of the seat to move advance different numbers of Monuments under the readings, each stated outcome
    recomputed from the log."""
    result = bundled().checks[ambiguity](bundled().game, Budget.quick())  # NA-003's is met in the 14th game
    assert result.witness_log is not None and not result.constructed and result.figures is not None
    readings = bundled().game.spec.ambiguities[ambiguity].reading_names()
    assert len({result.data[f"advanced_{r}"] for r in readings}) > 1
    assert [(r, result.figures(r)) for r in readings] == list(result.outcomes)


def test_na007_without_purchases_parts_at_a_round_setup_draw(tmp_path: Path) -> None:
    """costs [3, 3] -> [3, 100]: a card costs more than the 30 Coins of the game, so nobody ever buys, and the readings
    first part at the round setup whose draw empties the pile (then the discard is a new pile, or the round goes on
    with fewer cards). The sentence about a purchase from the empty pile is left out."""
    module = edited_game(tmp_path, "nile_artefacts", costs=[3, 100])
    result = module.checks["deck_exhausted"](module.game, SMALL)
    assert result.verdict.kind == "witness"
    outcomes = dict(result.outcomes)
    assert all(o.startswith("the draw empties the pile") for o in outcomes.values()), outcomes
    assert "the game is in navigation" in outcomes["stop"]
    assert not any("could buy" in s for s in sentences(module, "deck_exhausted", result))
